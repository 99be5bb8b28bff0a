package jsapi_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// A JS plugin on a host nobody attached pi's state to attaches it before
// its factory runs, so its hooks keep pi's result rules: a throwing
// tool_call handler blocks the call (it would be skipped under the
// default rule).
func TestJSPluginAttachesPiStateBeforeItsHooks(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	if _, ok := piapi.Attached(f.host); ok {
		t.Fatal("a new host has no pi state")
	}
	f.write("hello.ts", helloTool)
	f.write("guard.ts", `export default function (pi) {
  pi.hook("tool_call", () => { throw new Error("no greeting today"); });
}
`)
	f.mustBoot("hello.ts", "guard.ts")
	if _, ok := piapi.Attached(f.host); !ok {
		t.Fatal("loading a JS plugin attaches pi's state")
	}
	r, err := f.runTool("greet", map[string]any{"name": "x"})
	if err == nil && r.Text() == "Hello, x!" {
		t.Fatalf("the throwing tool_call handler did not block the call: %q", r.Text())
	}
}
