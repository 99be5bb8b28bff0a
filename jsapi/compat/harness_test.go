package compat_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
)

// evalTS runs body (the inside of an async function, TypeScript) in a real
// plugin runtime after the given import lines, and returns
// JSON.stringify(<returned value>). A throw fails with the error.
//
//	got := evalTS(t, `import { Type } from "typebox";`, `return Type.String();`)
func evalTS(t *testing.T, imports, body string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	src := imports + `
export default function (pi: any) {
  pi.tools.add((d: any) => d.set("t", {
    description: "test", parameters: { type: "object" },
    async execute() {
      const r = await (async () => {
` + body + `
      })();
      return { content: [{ type: "text", text: JSON.stringify(r) ?? "undefined" }] };
    },
  }));
}
`
	p := filepath.Join(dir, "ext.ts")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	h := engine.New(engine.Options{Cwd: dir})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	env := jsapi.New(jsapi.Options{})
	for _, r := range h.Boot(context.Background(), []engine.PluginSpec{env.Plugin("ext", p, nil)}) {
		if !r.OK {
			t.Fatalf("load: %v", r.Err)
		}
	}
	res, err := h.RunTool(context.Background(), "t", engine.ToolCall{ID: "1", Params: map[string]any{}})
	if err != nil {
		return "", err
	}
	return res.Text(), nil
}

// mustEvalTS is evalTS that fails the test on error.
func mustEvalTS(t *testing.T, imports, body string) string {
	t.Helper()
	s, err := evalTS(t, imports, body)
	if err != nil {
		t.Fatalf("eval: %v", err)
	}
	return s
}
