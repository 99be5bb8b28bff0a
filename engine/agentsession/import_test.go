package agentsession_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
)

// TestImportSession: import_session (pi's /import) copies the file into
// the session directory under its name (name-1.jsonl when taken), keeps
// its id and runs it in its cwd; a missing file is pi's "File not
// found", a gone cwd the missing-cwd error with no copy left behind
// until the client says to run it here (cwdOverride); a
// session_before_switch handler can cancel, with no copy made.
func TestImportSession(t *testing.T) {
	io, launch, other := twoProjects(t, `export default function (pi) {
  pi.on("session_before_switch", (e) => (e.targetSessionFile.endsWith("veto.jsonl") ? { cancel: true } : undefined));
}`)
	sessions := filepath.Join(t.TempDir(), "sessions")
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--session-dir", sessions, "-e", "ext.ts", "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	src := filepath.Join(t.TempDir(), "s.jsonl")
	writeCwdSession(t, src, other)
	state := func() map[string]any {
		d, _ := ask(map[string]any{"type": "get_state", "id": "st"})["data"].(map[string]any)
		return d
	}
	imported := func(id string, r map[string]any, file, cwd string) {
		t.Helper()
		if r["success"] != true {
			t.Fatalf("%s: %v", id, r)
		}
		if d, _ := r["data"].(map[string]any); d["cancelled"] != false || d["cwd"] != cwd {
			t.Errorf("%s answered %v, want cwd %s", id, d, cwd)
		}
		st := state()
		if st["sessionFile"] != file || st["sessionId"] != "aaaaaaaa-0000-4000-8000-000000000001" {
			t.Errorf("%s: the session is %v %v, want %s with the file's id", id, st["sessionFile"], st["sessionId"], file)
		}
		if got := s.Host().Options().Cwd; got != cwd {
			t.Errorf("%s: the run's cwd is %q, want %q", id, got, cwd)
		}
	}
	imported("1", ask(map[string]any{"type": "import_session", "id": "1", "path": src}), filepath.Join(sessions, "s.jsonl"), other)
	imported("2", ask(map[string]any{"type": "import_session", "id": "2", "path": src}), filepath.Join(sessions, "s-1.jsonl"), other)
	// the file already in the session directory is not copied again
	imported("3", ask(map[string]any{"type": "import_session", "id": "3", "path": filepath.Join(sessions, "s.jsonl")}), filepath.Join(sessions, "s.jsonl"), other)

	r := ask(map[string]any{"type": "import_session", "id": "4", "path": "nothing.jsonl"})
	if r["success"] != false || r["error"] != "File not found: "+filepath.Join(other, "nothing.jsonl") {
		t.Errorf("a missing file (relative to the session's cwd): %v", r)
	}

	gone := filepath.Join(t.TempDir(), "g.jsonl")
	writeCwdSession(t, gone, filepath.Join(other, "gone"))
	r = ask(map[string]any{"type": "import_session", "id": "5", "path": gone})
	if r["success"] != false || !strings.HasPrefix(fmt.Sprint(r["error"]), "Stored session working directory does not exist: "+filepath.Join(other, "gone")+"\n") {
		t.Fatalf("a session whose cwd is gone: %v", r)
	}
	if _, err := os.Stat(filepath.Join(sessions, "g.jsonl")); !os.IsNotExist(err) {
		t.Errorf("the copy of a session whose cwd is gone stays: %v", err)
	}
	imported("6", ask(map[string]any{"type": "import_session", "id": "6", "path": gone, "cwdOverride": launch}), filepath.Join(sessions, "g.jsonl"), launch)

	veto := filepath.Join(t.TempDir(), "veto.jsonl")
	writeCwdSession(t, veto, other)
	r = ask(map[string]any{"type": "import_session", "id": "7", "path": veto})
	if d, _ := r["data"].(map[string]any); r["success"] != true || d["cancelled"] != true {
		t.Errorf("a cancelled import: %v", r)
	}
	if _, err := os.Stat(filepath.Join(sessions, "veto.jsonl")); !os.IsNotExist(err) {
		t.Errorf("a cancelled import left a copy: %v", err)
	}
}
