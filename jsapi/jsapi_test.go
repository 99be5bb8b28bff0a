package jsapi_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/jsapi"
)

// fixture is a set of extension files written into a temp dir.
type fixture struct {
	t    testing.TB
	dir  string
	host *engine.Host
	env  *jsapi.Env
}

func newFixture(t testing.TB, opts engine.Options) *fixture {
	t.Helper()
	f := &fixture{t: t, dir: t.TempDir()}
	if opts.Cwd == "" {
		opts.Cwd = f.dir
	}
	f.host = engine.New(opts)
	f.env = jsapi.New(jsapi.Options{RetireGrace: 200 * time.Millisecond})
	t.Cleanup(func() { _ = f.host.Close(context.Background()) })
	return f
}

func (f *fixture) write(name, src string) string {
	f.t.Helper()
	p := filepath.Join(f.dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		f.t.Fatal(err)
	}
	return p
}

func (f *fixture) spec(name string) engine.PluginSpec {
	p := filepath.Join(f.dir, name)
	return f.env.Plugin(jsapi.PluginID(p), p, nil)
}

// boot loads the named files in order and returns results by plugin id.
func (f *fixture) boot(names ...string) map[string]engine.LoadResult {
	f.t.Helper()
	var specs []engine.PluginSpec
	for _, n := range names {
		specs = append(specs, f.spec(n))
	}
	out := map[string]engine.LoadResult{}
	for _, r := range f.host.Boot(context.Background(), specs) {
		out[r.Plugin] = r
	}
	return out
}

func (f *fixture) mustBoot(names ...string) {
	f.t.Helper()
	for id, r := range f.boot(names...) {
		if !r.OK {
			f.t.Fatalf("plugin %s failed: %v", id, r.Err)
		}
	}
}

func (f *fixture) runTool(name string, params any) (engine.ToolResult, error) {
	return f.host.RunTool(context.Background(), name, engine.ToolCall{ID: "call_1", Params: params, Context: map[string]any{"cwd": f.dir}})
}

// wantFailure asserts a plugin failed with a message containing frag at
// file:line.
func wantFailure(t *testing.T, r engine.LoadResult, frag, file string, line int) {
	t.Helper()
	if r.OK || r.Err == nil {
		t.Fatalf("plugin %s loaded, want failure %q", r.Plugin, frag)
	}
	d := r.Err.Diagnostics[0]
	if d.Plugin != r.Plugin {
		t.Errorf("diagnostic plugin = %q, want %q", d.Plugin, r.Plugin)
	}
	if !strings.Contains(d.Text, frag) {
		t.Errorf("error %q does not mention %q", d.Text, frag)
	}
	if d.Location == nil {
		t.Fatalf("error %q has no location", d.String())
	}
	if filepath.Base(d.Location.File) != file || (line > 0 && d.Location.Line != line) {
		t.Errorf("location = %s, want %s:%d", d.Location, file, line)
	}
}

const helloTool = `
import type { Pi } from "@pigo/api";
export default function (pi: Pi) {
  pi.tools.add((d) => d.set("greet", {
    description: "Greets",
    parameters: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    async execute(id: string, params: { name: string }) {
      return { content: [{ type: "text", text: "Hello, " + params.name + "!" }], details: { id } };
    },
  }));
}
`

func TestLoadAndRunTool(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("hello.ts", helloTool)
	f.mustBoot("hello.ts")
	r, err := f.runTool("greet", map[string]any{"name": "Ada"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Text() != "Hello, Ada!" {
		t.Fatalf("got %q", r.Text())
	}
	if d, _ := jsjson.AsMap(r.Details); d["id"] != "call_1" {
		t.Fatalf("details = %v", r.Details)
	}
}

func TestToolArgsFailValidation(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("hello.ts", helloTool)
	f.mustBoot("hello.ts")
	r, err := f.runTool("greet", map[string]any{"name": map[string]any{"x": 1.0}})
	if err == nil || !r.IsError {
		t.Fatalf("want validation error, got %v %+v", err, r)
	}
	if !strings.Contains(err.Error(), "Validation failed for tool \"greet\":\n  - name: expected string, got object\n") {
		t.Fatalf("error = %v", err)
	}
}
