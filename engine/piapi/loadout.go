package piapi

import (
	"context"
	"slices"

	"github.com/pigo-dev/pigo/engine"
)

// ToolExposure is the tool's exposure (pi 1.6; "direct" unless set):
// "direct" tools are declared when active; the
// others are reached differently: "codemode" and "deferred" tools only
// through other tools (codemode scripts, tool_search), "model-only" tools
// never by tools, "hidden" ones not at all.
func ToolExposure(t engine.Tool) string {
	if e, _ := t.Extra["exposure"].(string); e != "" {
		return e
	}
	return "direct"
}

// CallableTools are the tools a tool may run through ctx.executeTool
// (pi 1.6's callable tools): the active "direct" tools and every
// "codemode" or "deferred" one, in registry order.
func (p *State) CallableTools() []string {
	active := p.ActiveTools()
	var out []string
	for _, e := range p.h.Tools().Current().Entries() {
		switch ToolExposure(e.Value) {
		case "codemode", "deferred":
			out = append(out, e.ID)
		case "direct":
			if slices.Contains(active, e.ID) {
				out = append(out, e.ID)
			}
		}
	}
	return out
}

// PrepareLoadout runs pi 1.6's prepareLoadout hooks of the declared
// (active) tools, which may give declared tools other descriptions and
// hide declarations from requests (the codemode tool lists the callable
// tools in its description). A hook that fails changes nothing and is
// logged against its plugin.
func (p *State) PrepareLoadout(ctx context.Context, declared []string) (descriptions map[string]string, hidden map[string]bool) {
	cur := p.h.Tools().Current()
	var hooks []engine.Entry[engine.Tool]
	for _, name := range declared {
		if e, ok := cur.Get(name); ok {
			if _, ok := e.Value.Extra["prepareLoadout"].(engine.Callable); ok {
				hooks = append(hooks, e)
			}
		}
	}
	if len(hooks) == 0 {
		return nil, nil
	}
	info := func(name string) any {
		e, ok := cur.Get(name)
		if !ok {
			return nil
		}
		t := map[string]any{"name": name, "description": e.Value.Description, "parameters": e.Value.DeclaredParameters()}
		for _, k := range []string{"outputSchema", "promptGuidelines", "namespace"} {
			if v, ok := e.Value.Extra[k]; ok && v != nil {
				t[k] = engine.Clone(v)
			}
		}
		return t
	}
	list := func(names []string) []any {
		out := make([]any, 0, len(names))
		for _, n := range names {
			if t := info(n); t != nil {
				out = append(out, t)
			}
		}
		return out
	}
	var registered []string
	for _, e := range cur.Entries() {
		registered = append(registered, e.ID)
	}
	extra := func(name, key string, def any) any {
		if e, ok := cur.Get(name); ok {
			if v, ok := e.Value.Extra[key]; ok && v != nil {
				return engine.Clone(v)
			}
		}
		return def
	}
	loadout := map[string]any{
		"declared": list(declared), "callable": list(p.CallableTools()), "registered": list(registered),
		"getExposure": engine.SyncFunc(func(a ...any) any {
			name, _ := firstArg(a).(string)
			if e, ok := cur.Get(name); ok {
				return ToolExposure(e.Value)
			}
			return "direct"
		}),
		"getNamespace":        engine.SyncFunc(func(a ...any) any { n, _ := firstArg(a).(string); return extra(n, "namespace", nil) }),
		"getPromptGuidelines": engine.SyncFunc(func(a ...any) any { n, _ := firstArg(a).(string); return extra(n, "promptGuidelines", []any{}) }),
	}
	descriptions, hidden = map[string]string{}, map[string]bool{}
	for _, hook := range hooks {
		v, err := hook.Value.Extra["prepareLoadout"].(engine.Callable).Call(ctx, loadout)
		if err != nil {
			p.h.RecordDiagnostic(engine.Diagnostic{Plugin: hook.Owner, Severity: engine.SeverityWarning, Where: "prepareLoadout of tool " + hook.ID, Text: engine.ScriptText(err)})
			continue
		}
		m, _ := v.(map[string]any)
		if d, ok := m["descriptions"].(map[string]any); ok {
			for name, s := range d {
				if s, ok := s.(string); ok {
					descriptions[name] = s
				}
			}
		}
		if hs, ok := m["hiddenDeclarations"].([]any); ok {
			for _, n := range hs {
				if n, ok := n.(string); ok {
					hidden[n] = true
				}
			}
		}
	}
	return descriptions, hidden
}

func firstArg(a []any) any {
	if len(a) == 0 {
		return nil
	}
	return a[0]
}

// ToolLoadout is the active set pi 1.6's setActiveTools(names) makes
// (AgentSession._applyToolLoadout): tools that stay active keep their
// place, newly active ones follow in the order given, duplicates and
// tools registered as "hidden" are left out. Names not registered (yet:
// a registration may still be rebuilding) are kept; requests skip them.
func (p *State) ToolLoadout(names []string) []string {
	requested := map[string]bool{}
	for _, n := range names {
		requested[n] = true
	}
	cur := p.h.Tools().Current()
	seen := map[string]bool{}
	var out []string
	add := func(n string) {
		if seen[n] {
			return
		}
		seen[n] = true
		if e, ok := cur.Get(n); ok && ToolExposure(e.Value) == "hidden" {
			return
		}
		out = append(out, n)
	}
	for _, n := range p.ActiveTools() {
		if requested[n] {
			add(n)
		}
	}
	for _, n := range names {
		add(n)
	}
	return out
}
