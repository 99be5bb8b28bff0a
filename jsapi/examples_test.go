package jsapi_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
)

// The examples/ extensions load and behave as their READMEs say.

func exampleSpec(env *jsapi.Env, name string, config map[string]any) engine.PluginSpec {
	p, _ := filepath.Abs(filepath.Join("..", "examples", name))
	return env.Plugin(name, p, config)
}

func bootExamples(t *testing.T, specs func(env *jsapi.Env) []engine.PluginSpec) *engine.Host {
	t.Helper()
	h := engine.New(engine.Options{Cwd: t.TempDir()})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	env := jsapi.New(jsapi.Options{})
	for _, r := range h.Boot(context.Background(), specs(env)) {
		if !r.OK {
			t.Fatalf("%s: %v", r.Plugin, r.Err)
		}
	}
	return h
}

func TestExampleHelloTool(t *testing.T) {
	t.Parallel()
	h := bootExamples(t, func(env *jsapi.Env) []engine.PluginSpec {
		return []engine.PluginSpec{exampleSpec(env, "hello-tool", nil)}
	})
	r, err := h.RunTool(context.Background(), "greet", engine.ToolCall{Params: map[string]any{"name": "Ada", "excited": true}})
	if err != nil || r.Text() != "Hello, Ada!!!" {
		t.Fatalf("%q %v", r.Text(), err)
	}
	if err := h.RunCommand(context.Background(), "/hello world"); err != nil {
		t.Fatal(err)
	}
	logged := false
	for _, p := range h.Plugins() {
		for _, d := range p.Log {
			if d.Text == "hello world" {
				logged = true
			}
		}
	}
	if !logged {
		t.Fatal("command did not log its args")
	}
}

func TestExamplePermissionWrapsAndBlocks(t *testing.T) {
	t.Parallel()
	h := bootExamples(t, func(env *jsapi.Env) []engine.PluginSpec {
		return []engine.PluginSpec{
			exampleSpec(env, "hello-tool", nil),
			exampleSpec(env, "settings-tool", nil),
			exampleSpec(env, "permission", map[string]any{"deny": []any{"shout"}}),
		}
	})
	r, err := h.RunTool(context.Background(), "shout", engine.ToolCall{Params: map[string]any{"text": "hi"}})
	if err == nil && !r.IsError {
		t.Fatalf("shout should be blocked: %+v", r)
	}
	r, err = h.RunTool(context.Background(), "greet", engine.ToolCall{Params: map[string]any{"name": "Bo"}})
	if err != nil || r.IsError || !strings.Contains(r.Text(), "Hello, Bo") {
		t.Fatalf("greet: %+v %v", r, err)
	}
	var stacks []string
	for _, reg := range h.Report().Registries {
		if reg.Name == "tools" {
			stacks = reg.WrapStacks
		}
	}
	joined := strings.Join(stacks, "\n")
	if !strings.Contains(joined, "greet: hello-tool -> permission") || !strings.Contains(joined, "shout: settings-tool -> permission") {
		t.Fatalf("wrap stacks = %v", stacks)
	}
}

func TestExampleSettingsRebuildNotReload(t *testing.T) {
	t.Parallel()
	h := bootExamples(t, func(env *jsapi.Env) []engine.PluginSpec {
		return []engine.PluginSpec{exampleSpec(env, "settings-tool", nil)}
	})
	run := func() string {
		r, err := h.RunTool(context.Background(), "shout", engine.ToolCall{Params: map[string]any{"text": "hi"}})
		if err != nil {
			t.Fatal(err)
		}
		return r.Text()
	}
	before := run()
	gen := h.Generation("settings-tool").Number()
	if _, err := h.Settings().SetLayer(context.Background(), engine.LayerUser, map[string]any{"shout.upper": true, "shout.suffix": "!?"}); err != nil {
		t.Fatal(err)
	}
	after := run()
	if before == after || !strings.Contains(after, "HI") {
		t.Fatalf("setting had no effect: %q -> %q", before, after)
	}
	waitFor(t, "description rebuilt from setting", func() bool {
		e, ok := h.Tools().Current().Get("suffix")
		return ok && strings.Contains(e.Value.Description, "!?")
	})
	if h.Generation("settings-tool").Number() != gen {
		t.Fatal("a settings change must not reload the plugin")
	}
	// A value failing the schema is ignored with a warning.
	if _, err := h.Settings().SetLayer(context.Background(), engine.LayerProject, map[string]any{"shout.upper": "yes"}); err != nil {
		t.Fatal(err)
	}
	if v, _ := h.Settings().Get("shout.upper"); v != true {
		t.Fatalf("invalid project value should fall back to user layer, got %v", v)
	}
}

func TestExampleTodoViewLateJoinAndMessages(t *testing.T) {
	t.Parallel()
	h := bootExamples(t, func(env *jsapi.Env) []engine.PluginSpec {
		return []engine.PluginSpec{exampleSpec(env, "todo-view", nil)}
	})
	waitFor(t, "view opened", func() bool { return len(h.Views().Open()) == 1 })
	if _, err := h.RunTool(context.Background(), "todo", engine.ToolCall{Params: map[string]any{"action": "add", "text": "write tests"}}); err != nil {
		t.Fatal(err)
	}
	// A client attaching late gets the current state in its snapshot.
	c := engine.NewLocalClient(h.Views(), "tui-1", 16)
	if err := h.Views().Attach(c); err != nil {
		t.Fatal(err)
	}
	snap := c.Messages()[0]
	b, _ := json.Marshal(snap)
	if snap.Type != "snapshot" || !strings.Contains(string(b), "write tests") {
		t.Fatalf("snapshot = %s", b)
	}
	viewID := snap.Views[0].ViewID
	if err := c.SendUp(viewID, map[string]any{"type": "toggle", "index": 0}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "toggle delta", func() bool {
		for _, m := range c.Messages() {
			b, _ := json.Marshal(m.State)
			if m.Type == "view_state" && strings.Contains(string(b), `"done":true`) {
				return true
			}
		}
		return false
	})
}
