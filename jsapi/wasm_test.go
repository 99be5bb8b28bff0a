package jsapi_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

// A tool stuck in a WebAssembly loop is stopped by its budget like one
// stuck in JS (goja's interrupt does not reach wasm code), and the plugin
// keeps serving.
func TestWasmLoopInterruptedByBudget(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{Budgets: engine.Budgets{Tool: 300 * time.Millisecond}})
	f.write("spin.ts", `
// (func (export "spin") (loop (br 0)))
const bytes = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 3, 2, 1, 0,
  7, 8, 1, 4, 0x73, 0x70, 0x69, 0x6e, 0, 0, 10, 9, 1, 7, 0, 3, 0x40, 0x0c, 0, 0x0b, 0x0b]);
export default function (pi: any) {
  pi.tools.add((d: any) => d.set("spin", { description: "", parameters: { type: "object" },
    execute: () => { new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.spin(); return { content: [] }; } }));
  pi.tools.add((d: any) => d.set("alive", { description: "", parameters: { type: "object" },
    execute: () => ({ content: [{ type: "text", text: "yes" }] }) }));
}
`)
	f.mustBoot("spin.ts")
	_, err := f.runTool("spin", map[string]any{})
	if err == nil || !(errors.Is(err, engine.ErrBudget) || strings.Contains(err.Error(), "budget")) {
		t.Fatalf("spin: %v, want the budget error", err)
	}
	r, err := f.runTool("alive", map[string]any{})
	if err != nil || r.Text() != "yes" {
		t.Fatalf("plugin should keep serving: %q %v", r.Text(), err)
	}
}
