package jsapi

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// TestEditedExtensionKeepsOneProgram: reloading an edited extension
// replaces its compiled program in the cache instead of accumulating one
// per edit; another extension's program stays.
func TestEditedExtensionKeepsOneProgram(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, v int) string {
		p := filepath.Join(dir, name)
		src := fmt.Sprintf("export default function (pi) { pi.diagnostics.info(%q); }\n", fmt.Sprint(name, v))
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b := write("a.ts", 0), write("b.ts", 0)
	env := New(Options{})
	host := engine.New(engine.Options{})
	t.Cleanup(func() { _ = host.Close(context.Background()) })
	for _, r := range host.Boot(context.Background(), []engine.PluginSpec{env.Plugin("a", a, nil), env.Plugin("b", b, nil)}) {
		if !r.OK {
			t.Fatal(r.Err)
		}
	}
	for v := 1; v <= 5; v++ {
		write("a.ts", v)
		if r := host.Reload(context.Background(), "a", nil); !r.OK {
			t.Fatal(r.Err)
		}
	}
	env.programs.mu.Lock()
	n := env.programs.ll.Len()
	env.programs.mu.Unlock()
	if n != 2 {
		t.Fatalf("program cache holds %d programs, want 2 (a's latest and b's)", n)
	}
}
