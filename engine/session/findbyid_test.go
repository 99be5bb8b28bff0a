package session_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

// TestFindByID: the file whose header has the id, found from headers
// alone (a body that does not parse does not matter); keep filters by
// header; files without a session header are passed over.
func TestFindByID(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	want := write("a.jsonl", `{"type":"session","version":3,"id":"s-1","timestamp":"t","cwd":"/work"}`+"\n{not json\n")
	write("b.jsonl", `{"type":"message","id":"s-2"}`+"\n")
	write("c.txt", `{"type":"session","id":"s-1"}`+"\n")
	write("d.jsonl", `{"type":"session","version":3,"id":"s-3","timestamp":"t","cwd":"/other"}`)
	if p, ok := session.FindByID(dir, "s-1", nil); !ok || p != want {
		t.Errorf("s-1: %q %v", p, ok)
	}
	if _, ok := session.FindByID(dir, "s-2", nil); ok {
		t.Error("a file without a session header matched")
	}
	if _, ok := session.FindByID(dir, "s-3", func(h session.Header) bool { return h.Cwd == "/work" }); ok {
		t.Error("keep did not filter")
	}
	if _, ok := session.FindByID(dir, "s-3", nil); !ok {
		t.Error("a header without a newline was not read")
	}
	if _, ok := session.FindByID(filepath.Join(dir, "missing"), "s-1", nil); ok {
		t.Error("a missing directory matched")
	}
}
