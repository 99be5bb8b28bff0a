package session_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/session"
)

func TestDefaultDir(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ cwd, want string }{
		{"/tmp/pi-run/test/work", "--tmp-pi-run-test-work--"},
		{"/", "----"},
		{`C:\Users\me\proj`, "--C--Users-me-proj--"},
		{`\\server\share`, "---server-share--"},
		{"relative/dir", "--relative-dir--"},
	} {
		got := session.DefaultDir("/agent", c.cwd)
		if want := filepath.Join("/agent", "sessions", c.want); got != want {
			t.Errorf("DefaultDir(%q) = %q, want %q", c.cwd, got, want)
		}
	}
}

func TestResolveDirPrecedence(t *testing.T) {
	t.Parallel()
	base := session.DirConfig{AgentDir: "/agent", Cwd: "/w", Home: "/home/me"}
	c := base
	if got := session.ResolveDir(c); got != session.DefaultDir("/agent", "/w") {
		t.Fatalf("default: %s", got)
	}
	c.Settings = "~/from-settings"
	if got := session.ResolveDir(c); got != "/home/me/from-settings" {
		t.Fatalf("settings: %s", got)
	}
	c.Env = "~"
	if got := session.ResolveDir(c); got != "/home/me" {
		t.Fatalf("env: %s", got)
	}
	c.Flag = "/flag"
	if got := session.ResolveDir(c); got != "/flag" {
		t.Fatalf("flag: %s", got)
	}
}

func TestLooksLikePath(t *testing.T) {
	t.Parallel()
	for arg, want := range map[string]bool{"01a2": false, "a/b": true, `a\b`: true, "x.jsonl": true, "019": false} {
		if session.LooksLikePath(arg) != want {
			t.Errorf("LooksLikePath(%q) != %v", arg, want)
		}
	}
}

// writeSession creates a persisted session in dir with one exchange and
// sets its mtime.
func writeSession(t *testing.T, dir, id, text string, mtime time.Time) string {
	t.Helper()
	tr, err := session.Create(dir, "/w", session.Options{ID: id})
	if err != nil {
		t.Fatal(err)
	}
	u := userMsg(text)
	u["timestamp"] = float64(mtime.UnixMilli())
	mustCommit(t, tr, msgEntry(u))
	a := assistantMsg("ok")
	a["timestamp"] = float64(mtime.UnixMilli())
	mustCommit(t, tr, msgEntry(a))
	tr.Close()
	if err := os.Chtimes(tr.Path(), mtime, mtime); err != nil {
		t.Fatal(err)
	}
	return tr.Path()
}

func TestContinueRecentPicksNewestValid(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	now := time.Now()
	old := writeSession(t, dir, "0190aaaa-0000-7000-8000-000000000001", "old", now.Add(-2*time.Hour))
	newer := writeSession(t, dir, "0190bbbb-0000-7000-8000-000000000002", "newer", now.Add(-time.Hour))
	// Newer but invalid: no header / not .jsonl.
	bad := filepath.Join(dir, "zzz.jsonl")
	os.WriteFile(bad, []byte(`{"type":"message","id":"x"}`+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "other.txt"), []byte(`{"type":"session","id":"x"}`+"\n"), 0o644)
	_ = old

	got, err := session.MostRecent(dir)
	if err != nil || got != newer {
		t.Fatalf("MostRecent = %q, %v; want %q", got, err, newer)
	}
	tr, warns, err := session.ContinueRecent(dir, "/cwd-now", session.Options{})
	if err != nil || len(warns) != 0 {
		t.Fatal(err, warns)
	}
	defer tr.Close()
	if tr.Path() != newer || len(tr.Entries()) != 2 {
		t.Fatalf("continued %s with %d entries", tr.Path(), len(tr.Entries()))
	}
	if tr.Cwd() != "/cwd-now" || tr.Header().Cwd != "/w" {
		t.Fatalf("cwd %q header cwd %q: -c works in the current cwd", tr.Cwd(), tr.Header().Cwd)
	}

	// An empty (or missing) directory starts a new session there.
	empty := filepath.Join(t.TempDir(), "none")
	nt, _, err := session.ContinueRecent(empty, "/w", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer nt.Close()
	if filepath.Dir(nt.Path()) != empty || len(nt.Entries()) != 0 {
		t.Fatalf("new session %s", nt.Path())
	}
}

func TestFindByIDPrefix(t *testing.T) {
	t.Parallel()
	agent := t.TempDir()
	local := session.DefaultDir(agent, "/proj/a")
	other := session.DefaultDir(agent, "/proj/b")
	now := time.Now()
	pa := writeSession(t, local, "0190aaaa-0000-7000-8000-000000000001", "in a", now.Add(-time.Hour))
	pb := writeSession(t, other, "0190bbbb-0000-7000-8000-000000000002", "in b", now)
	pb2 := writeSession(t, other, "0190bbbb-1111-7000-8000-000000000003", "in b, older", now.Add(-3*time.Hour))
	_ = pb2

	in, err := session.Find([]string{local}, "0190a")
	if err != nil || in.Path != pa || in.FirstMessage != "in a" || in.MessageCount != 2 || in.Cwd != "/w" {
		t.Fatalf("local find: %+v %v", in, err)
	}
	if _, err := session.Find([]string{local}, "0190b"); !errors.Is(err, session.ErrNotFound) {
		t.Fatalf("local miss: %v", err)
	}
	dirs, err := session.ProjectDirs(agent)
	if err != nil || len(dirs) != 2 {
		t.Fatalf("project dirs %v %v", dirs, err)
	}
	in, err = session.Find(dirs, "0190bbbb")
	if err != nil || in.Path != pb {
		t.Fatalf("global find picks the most recently active match: %+v %v", in, err)
	}
	list, err := session.List(other)
	if err != nil || len(list) != 2 || list[0].Path != pb || !list[0].Modified.After(list[1].Modified) {
		t.Fatalf("list %+v %v", list, err)
	}
}
