package jsapi_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
)

// toolProps returns the property names of a tool's parameters.
func toolProps(t *testing.T, h *engine.Host, name string) []string {
	t.Helper()
	e, ok := h.Tools().Current().Get(name)
	if !ok {
		t.Fatalf("no tool %q", name)
	}
	props, _ := jsjson.AsMap(e.Value.Parameters["properties"])
	var out []string
	for k := range props {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func (f *fixture) reload(id string) {
	f.t.Helper()
	if r := f.host.Reload(context.Background(), id, nil); !r.OK {
		f.t.Fatalf("reload %s: %v", id, r.Err)
	}
}

const otherPlugin = `export default function (pi) {
  pi.registerTool({ name: "other", label: "Other", description: "o", parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: "o" }], details: {} }; } });
}
`

// A plugin that is not reloaded keeps the definition object it registered;
// what its code changes in it since shows in the next rebuild of the
// registry, whatever caused that rebuild (here another plugin's reload), as
// when every contribution was run again on each rebuild: a command
// handler's change and a timer's change alike.
func TestRebuildSeesDefinitionMutatedByAnUnchangedPlugin(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("keep.ts", `const params = { type: "object", properties: { a: { type: "string" } } };
export default function (pi) {
  pi.registerTool({ name: "keep", label: "Keep", description: "k", parameters: params,
    async execute() { return { content: [{ type: "text", text: "k" }], details: {} }; } });
  pi.registerCommand("grow", { description: "adds a parameter", handler: async () => {
    params.properties.b = { type: "number" };
  } });
  pi.registerCommand("grow-later", { description: "adds a parameter from a timer", handler: async () => {
    setTimeout(() => {
      params.properties.c = { type: "boolean" };
      console.warn("grown");
    }, 300);
  } });
}
`)
	f.write("other.ts", otherPlugin)
	f.mustBoot("keep.ts", "other.ts")
	f.reload("other")
	if got := toolProps(t, f.host, "keep"); !slices.Equal(got, []string{"a"}) {
		t.Fatalf("properties = %v", got)
	}
	if err := f.host.RunCommand(context.Background(), "/grow"); err != nil {
		t.Fatal(err)
	}
	f.reload("other")
	if got := toolProps(t, f.host, "keep"); !slices.Equal(got, []string{"a", "b"}) {
		t.Fatalf("after the command: properties = %v, want a b", got)
	}
	f.reload("other") // and it stays
	if got := toolProps(t, f.host, "keep"); !slices.Equal(got, []string{"a", "b"}) {
		t.Fatalf("after another reload: properties = %v, want a b", got)
	}
	if err := f.host.RunCommand(context.Background(), "/grow-later"); err != nil {
		t.Fatal(err)
	}
	f.reload("other") // most likely before the timer fires: only the timer's run changes it then
	waitLog(t, f.host, "keep", "grown")
	f.reload("other")
	if got := toolProps(t, f.host, "keep"); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Fatalf("after the timer: properties = %v, want a b c", got)
	}
}

// waitLog waits until plugin id logged a diagnostic containing text.
func waitLog(t *testing.T, h *engine.Host, id, text string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		for _, p := range h.Plugins() {
			if p.ID != id {
				continue
			}
			for _, d := range p.Log {
				if strings.Contains(d.Text, text) {
					return
				}
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("%s never logged %q", id, text)
}

// registry.add(fn, {pure: true}) is not called again while its plugin ran
// nothing (its recorded effect is reused); a plain contribution is called
// on every rebuild. Entries keep manifest order either way.
func TestPureContributionNotCalledWhileItsPluginIsIdle(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	counter := func(name string, opts string) string {
		return `let calls = 0;
export default function (pi) {
  pi.tools.add((d) => { calls++; d.set("` + name + `", { description: "d", parameters: { type: "object" },
    execute: () => ({ content: [{ type: "text", text: String(calls) }] }) }); }` + opts + `);
}
`
	}
	f.write("a.ts", counter("a_calls", ", { pure: true }"))
	f.write("b.ts", otherPlugin)
	f.write("c.ts", counter("c_calls", ""))
	f.mustBoot("a.ts", "b.ts", "c.ts")
	for range 3 {
		f.reload("b")
		if got := f.host.Tools().Current().IDs(); !slices.Equal(got, []string{"a_calls", "other", "c_calls"}) {
			t.Fatalf("tools = %v", got)
		}
	}
	for tool, want := range map[string]string{"a_calls": "1", "c_calls": "4"} {
		r, err := f.runTool(tool, map[string]any{})
		if err != nil || r.Text() != want {
			t.Fatalf("%s: %q %v, want %s calls", tool, r.Text(), err, want)
		}
	}
	// Running a's tool was activity: the next rebuild calls it again.
	f.reload("b")
	if r, err := f.runTool("a_calls", map[string]any{}); err != nil || r.Text() != "2" {
		t.Fatalf("a_calls after activity: %q %v, want 2", r.Text(), err)
	}
}

// pi's first-registration-wins warning for a duplicate tool name is given
// again on every rebuild of the tools, as before records were reused.
func TestDuplicateToolWarningRepeatsOnRebuild(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	dup := `export default function (pi) {
  pi.registerTool({ name: "dup", label: "Dup", description: "d", parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: "d" }], details: {} }; } });
}
`
	f.write("one.ts", dup)
	f.write("two.ts", dup)
	f.write("other.ts", otherPlugin)
	f.mustBoot("one.ts", "two.ts", "other.ts")
	warnings := func() int {
		n := 0
		for _, p := range f.host.Plugins() {
			for _, d := range p.Log {
				if p.ID == "two" && strings.Contains(d.Text, `tool "dup" is already registered by one`) {
					n++
				}
			}
		}
		return n
	}
	before := warnings()
	if before == 0 {
		t.Fatal("no duplicate warning at boot")
	}
	f.reload("other")
	f.reload("other")
	if got := warnings(); got != before+2 {
		t.Fatalf("warnings = %d after two rebuilds, want %d", got, before+2)
	}
	if e, _ := f.host.Tools().Current().Get("dup"); e.Owner != "one" {
		t.Fatalf("dup owned by %s, want one", e.Owner)
	}
}
