package jsapi_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/bundled"
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/jsapi"
)

// The built-in tools load as plugins from embedded TypeScript and an
// extension may override one by name, as in pi.
func TestBuiltinToolsAndOverride(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := engine.New(engine.Options{Cwd: dir})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	env := jsapi.New(jsapi.Options{Builtins: bundled.Sources(), Environ: map[string]string{"PATH": os.Getenv("PATH"), "HOME": dir}})
	var specs []engine.PluginSpec
	var app struct{ Plugins []string }
	if err := json.Unmarshal(bundled.DefaultApp(), &app); err != nil {
		t.Fatal(err)
	}
	for _, id := range app.Plugins { // the default app's order
		specs = append(specs, env.BuiltinPlugin(id))
	}
	over := filepath.Join(dir, "over.ts")
	if err := os.WriteFile(over, []byte(`export default function (pi) {
  pi.registerTool({ name: "ls", label: "ls", description: "mine", parameters: { type: "object" },
    async execute() { return { content: [{ type: "text", text: "overridden" }], details: {} }; } });
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	specs = append(specs, env.Plugin("over", over, nil))
	for _, r := range h.Boot(context.Background(), specs) {
		if !r.OK {
			t.Fatalf("%s: %v", r.Plugin, r.Err)
		}
	}
	for _, name := range []string{"read", "bash", "edit", "write", "grep", "find", "ls"} {
		if !h.Tools().Current().Has(name) {
			t.Fatalf("missing built-in tool %s: %v", name, h.Tools().Current().IDs())
		}
	}
	r, err := h.RunTool(context.Background(), "read", engine.ToolCall{ID: "1", Params: map[string]any{"path": "f.txt"}})
	if err != nil || !strings.Contains(r.Text(), "two") {
		t.Fatalf("read: %q %v", r.Text(), err)
	}
	r, err = h.RunTool(context.Background(), "bash", engine.ToolCall{ID: "2", Params: map[string]any{"command": "echo hi"}})
	if err != nil || !strings.Contains(r.Text(), "hi") {
		t.Fatalf("bash: %q %v", r.Text(), err)
	}
	if r, _ := h.RunTool(context.Background(), "ls", engine.ToolCall{ID: "3", Params: map[string]any{}}); r.Text() != "overridden" {
		t.Fatalf("extension should override the built-in ls, got %q", r.Text())
	}
	if got := strings.Join(piapi.Of(h).ActiveTools(), ","); got != "read,bash,edit,write,ls" {
		t.Fatalf("default active tools = %s", got)
	}
}
