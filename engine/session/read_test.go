package session_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

func TestReadNeverWrites(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	unchanged := func(p, content string) {
		t.Helper()
		if got, _ := os.ReadFile(p); string(got) != content {
			t.Errorf("%s changed to %q", filepath.Base(p), got)
		}
		if m, _ := filepath.Glob(p + ".*"); len(m) > 0 {
			t.Errorf("%s: files set aside: %v", filepath.Base(p), m)
		}
	}

	// A v2 file is migrated in memory only; corrupt lines are skipped.
	v2 := v2Fixture + "not json\n" + `{"type":"message","id":"cc`
	p := write("v2.jsonl", v2)
	tr, warnings, err := session.Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 3 { // migration, corrupt line, torn last line
		t.Errorf("warnings = %v", warnings)
	}
	if tr.Header().Version != session.CurrentVersion || tr.LeafID() != "bbbbbbbb" || len(tr.Entries()) != 2 || tr.Path() != "" {
		t.Errorf("header %+v leaf %q entries %d path %q", tr.Header(), tr.LeafID(), len(tr.Entries()), tr.Path())
	}
	if e, _ := tr.Entry("aaaaaaaa"); e["message"].(map[string]any)["role"] != "custom" {
		t.Errorf("v2 hookMessage not migrated: %v", e)
	}
	tr.Append(session.Entry{"type": "message", "message": map[string]any{"role": "assistant", "content": []any{}, "timestamp": 3.0}})
	unchanged(p, v2)

	// A file without a valid header is an error, and stays as it is.
	for name, content := range map[string]string{"empty.jsonl": "", "noheader.jsonl": `{"type":"message","id":"x"}` + "\n"} {
		p := write(name, content)
		if _, _, err := session.Read(p); !errors.Is(err, session.ErrInvalidSession) {
			t.Errorf("%s: err = %v", name, err)
		}
		unchanged(p, content)
	}
	if _, _, err := session.Read(filepath.Join(dir, "missing.jsonl")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: err = %v", err)
	}
}
