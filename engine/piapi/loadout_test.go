package piapi_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// prepareLoadout (pi 1.6) sees the declared, callable and registered tools
// and the exposure, namespace and guidelines lookups, and may redescribe
// and hide declared tools; a failing hook changes nothing.
func TestPrepareLoadout(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	var seen map[string]any
	hook := engine.Func(func(_ context.Context, a ...any) (any, error) {
		seen = a[0].(map[string]any)
		exposure := seen["getExposure"].(engine.Callable)
		e, _ := exposure.Call(context.Background(), "deferred-one")
		g, _ := seen["getPromptGuidelines"].(engine.Callable).Call(context.Background(), "plain")
		return map[string]any{"descriptions": map[string]any{"plain": "plain, redescribed as " + e.(string) + " " + g.([]any)[0].(string)},
			"hiddenDeclarations": []any{"hidden-one"}}, nil
	})
	tool := func(extra map[string]any) engine.Tool { t := echoTool("x"); t.Extra = extra; return t }
	bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d toolDraft) error {
			d.Set("plain", tool(map[string]any{"promptGuidelines": []any{"be nice"}}))
			d.Set("hidden-one", tool(nil))
			d.Set("inactive", tool(nil))
			d.Set("deferred-one", tool(map[string]any{"exposure": "deferred"}))
			d.Set("cm", tool(map[string]any{"prepareLoadout": hook, "exposure": "model-only"}))
			return nil
		})
		return err
	}))
	piapi.Of(h).SetActiveTools("", []string{"plain", "hidden-one", "cm"})
	if got := piapi.Of(h).CallableTools(); !slices.Equal(got, []string{"plain", "hidden-one", "deferred-one"}) {
		t.Fatalf("callable %v", got)
	}
	d, hidden := piapi.Of(h).PrepareLoadout(context.Background(), []string{"plain", "hidden-one", "cm"})
	if d["plain"] != "plain, redescribed as deferred be nice" || !hidden["hidden-one"] || len(hidden) != 1 {
		t.Fatalf("descriptions %v hidden %v", d, hidden)
	}
	if n := len(seen["declared"].([]any)); n != 3 {
		t.Fatalf("declared %d", n)
	}
	if d, h := piapi.Of(h).PrepareLoadout(context.Background(), []string{"plain"}); d != nil || h != nil {
		t.Fatalf("no hook declared: %v %v", d, h)
	}
}

func TestPrepareLoadoutFailure(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	bad := engine.Func(func(context.Context, ...any) (any, error) { return nil, errors.New("boom") })
	bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d toolDraft) error {
			t := echoTool("x")
			t.Extra = map[string]any{"prepareLoadout": bad}
			d.Set("cm", t)
			return nil
		})
		return err
	}))
	d, hidden := piapi.Of(h).PrepareLoadout(context.Background(), []string{"cm"})
	if len(d) != 0 || len(hidden) != 0 {
		t.Fatalf("%v %v", d, hidden)
	}
	found := false
	for _, p := range h.Report().Plugins {
		for _, diag := range p.Diagnostics {
			found = found || p.ID == "p" && diag.Where == "prepareLoadout of tool cm" && diag.Text == "boom"
		}
	}
	if !found {
		t.Fatalf("no diagnostic: %+v", h.Report().Plugins)
	}
}

// After setActiveTools, a direct or model-only tool registered later is
// activated on registration (pi 1.6: an MCP server's direct tools once it
// connects), after the set; tools known when it was set stay as set, and
// other exposures are not activated. ToolLoadout keeps the active tools'
// order, appends new ones and drops hidden ones.
func TestActivationOnRegistration(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	tool := func(extra map[string]any) engine.Tool { t := echoTool("x"); t.Extra = extra; return t }
	late := map[string]map[string]any{}
	bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d toolDraft) error {
			d.Set("a", tool(nil))
			d.Set("b", tool(nil))
			d.Set("off", tool(nil))
			for name, extra := range late {
				d.Set(name, tool(extra))
			}
			return nil
		})
		return err
	}))
	piapi.Of(h).SetActiveTools("", []string{"b"})
	piapi.Of(h).SetActiveTools("", piapi.Of(h).ToolLoadout([]string{"a", "b", "a"}))
	if got := piapi.Of(h).ActiveTools(); !slices.Equal(got, []string{"b", "a"}) {
		t.Fatalf("reordered set: %v", got)
	}
	late["direct"], late["deferred"], late["hidden"] = nil, map[string]any{"exposure": "deferred"}, map[string]any{"exposure": "hidden"}
	if _, err := h.Tools().Rebuild(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := piapi.Of(h).ActiveTools(); !slices.Equal(got, []string{"b", "a", "direct"}) {
		t.Fatalf("after registration: %v", got)
	}
	if got := piapi.Of(h).ToolLoadout([]string{"deferred", "hidden", "b"}); !slices.Equal(got, []string{"b", "deferred"}) {
		t.Fatalf("loadout: %v", got)
	}
}
