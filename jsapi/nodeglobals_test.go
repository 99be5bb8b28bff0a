package jsapi_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// Node's globals (Buffer, process, fetch, ...) are accessors that load
// their module on first read and then become data properties like Node's;
// assigning one before any read keeps the assignment.
func TestNodeGlobalsLazy(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("g.ts", `
export default function (pi: any) {
  const d = (n: string) => Object.getOwnPropertyDescriptor(globalThis, n)!;
  const before = [typeof d("Buffer").get, typeof d("fetch").get];
  (globalThis as any).Headers = 7;
  const len = Buffer.from("hé").length;
  const after = d("Buffer");
  const out = JSON.stringify([before, len, typeof after.value, after.writable, after.enumerable, after.configurable,
    Buffer === globalThis.Buffer, (globalThis as any).Headers, d("Headers").writable, typeof fetch, typeof d("fetch").value]);
  pi.tools.add((t: any) => t.set("g", {
    description: "g", parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: out }], details: {} }; },
  }));
}
`)
	f.mustBoot("g.ts")
	r, err := f.runTool("g", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	want := `[["function","function"],3,"function",true,false,true,true,7,true,"function","function"]`
	if r.Text() != want {
		t.Fatalf("got  %s\nwant %s", r.Text(), want)
	}
}
