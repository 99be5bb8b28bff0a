package session_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

// TestTwoWritersOnOneNewSession: two trees (two processes) start the same
// new session file. The first to write creates it; the second never
// replaces it (that cut off the first's appends, which went on into the
// replaced file unseen): its write fails loudly and it goes on in memory.
// Every entry the first one acknowledged is in the file.
func TestTwoWritersOnOneNewSession(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "s.jsonl")
	a, _, err := session.Open(path, session.Options{DefaultCwd: "/w"})
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := session.Open(path, session.Options{DefaultCwd: "/w"})
	if err != nil {
		t.Fatal(err)
	}
	mustCommit(t, a, session.Entry{"type": "model_change", "provider": "p", "modelId": "a"}) // in memory
	mustCommit(t, b, session.Entry{"type": "model_change", "provider": "p", "modelId": "b"})
	mustCommit(t, a, msgEntry(userMsg("a2"))) // a creates the file (pi 1.6: at the first user message)
	if _, err := b.Commit(msgEntry(userMsg("b2"))); err == nil || !strings.Contains(err.Error(), "created by another process") {
		t.Fatalf("b's first write: %v", err)
	}
	if b.Persisted() || b.Err() == nil {
		t.Error("b does not say it is in memory")
	}
	for i := 0; i < 20; i++ {
		mustCommit(t, a, msgEntry(userMsg("more")))
		_, _ = b.Commit(msgEntry(userMsg("lost, and said so")))
	}
	_ = a.Close()
	_ = b.Close()
	got, _, err := session.Open(path, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(got.Entries()); n != 22 {
		t.Errorf("file holds %d entries, want a's 22", n)
	}
	if hdr := got.Header(); hdr.Cwd != "/w" {
		t.Errorf("header cwd %q", hdr.Cwd)
	}
}

// TestAppendToReplacedOrRemovedFile: a file replaced under an open
// session (another process renamed a file over it) or removed stops the
// appends with an error instead of writing into the lost file.
func TestAppendToReplacedOrRemovedFile(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, want string
		change     func(path string) error
	}{
		{"replaced", "was replaced by another file", func(path string) error {
			other := path + ".other"
			if err := os.WriteFile(other, []byte(`{"type":"session","version":3,"id":"x","timestamp":"t","cwd":"/"}`+"\n"), 0o644); err != nil {
				return err
			}
			return os.Rename(other, path)
		}},
		{"removed", "was removed", os.Remove},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := session.Create(t.TempDir(), "/w", session.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			mustCommit(t, tr, msgEntry(userMsg("one")))
			mustCommit(t, tr, msgEntry(assistantMsg("two")))
			mustCommit(t, tr, msgEntry(userMsg("three"))) // the file is open for appends
			if err := tc.change(tr.Path()); err != nil {
				t.Fatal(err)
			}
			if _, err := tr.Commit(msgEntry(userMsg("four"))); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("append after the file was %s: %v", tc.name, err)
			}
			if tr.Persisted() {
				t.Error("still claims to be persisted")
			}
			if len(tr.Entries()) != 4 {
				t.Error("the session in memory lost an entry")
			}
		})
	}
}
