package jsapi_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
	"github.com/pigo-dev/pigo/jsapi/bundler"
)

// A bundle made by Bundle loads through BundlePlugin after its sources are
// gone (what `pigo build` relies on), and a throw still names the original
// file and line through the bundle's source map.
func TestPrebuiltBundleRunsWithoutSources(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ext := filepath.Join(dir, "ext")
	if err := os.MkdirAll(ext, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"index.ts": `import { greet } from "./lib";
export default function (pi) {
  pi.registerTool({ name: "greet", label: "g", description: "", parameters: { type: "object" },
    async execute(_id, p) { return { content: [{ type: "text", text: greet(p.name) }] }; } });
  pi.registerTool({ name: "boom", label: "b", description: "", parameters: { type: "object" },
    async execute() { throw new Error("kaboom"); } });
}
`,
		"lib.ts": "export const greet = (n: string): string => `Hello, ${n}!`;\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(ext, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := jsapi.New(jsapi.Options{}).Bundle(context.Background(), ext)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(ext); err != nil {
		t.Fatal(err)
	}
	h := engine.New(engine.Options{Cwd: dir})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	env := jsapi.New(jsapi.Options{})
	// Only the fields a payload carries.
	carried := &bundler.Bundle{Entry: b.Entry, Code: b.Code, SourceMap: b.SourceMap, Async: b.Async, Hash: b.Hash}
	for _, r := range h.Boot(context.Background(), []engine.PluginSpec{env.BundlePlugin("ext", carried, nil)}) {
		if !r.OK {
			t.Fatalf("%s: %v", r.Plugin, r.Err)
		}
	}
	r, err := h.RunTool(context.Background(), "greet", engine.ToolCall{ID: "1", Params: map[string]any{"name": "Ada"}})
	if err != nil || r.Text() != "Hello, Ada!" {
		t.Fatalf("greet: %q %v", r.Text(), err)
	}
	r, _ = h.RunTool(context.Background(), "boom", engine.ToolCall{ID: "2", Params: map[string]any{}})
	if !strings.Contains(r.Text(), "kaboom") {
		t.Fatalf("boom: %q", r.Text())
	}
}

// A syntax error fails Bundle with the file and line.
func TestPrebuiltBundleSyntaxError(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "bad.ts")
	if err := os.WriteFile(p, []byte("export default function (pi) {\n  let x = ;\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := jsapi.New(jsapi.Options{}).Bundle(context.Background(), p)
	if err == nil || !strings.Contains(err.Error(), p+":2:") {
		t.Fatalf("err = %v, want %s:2:...", err, p)
	}
}
