package jsapi

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Declared built-in plugins (Options.Declared). A built-in plugin whose
// factory only registers tools from snapshots (pi's codemode and
// tool-search extensions) need not run at start: its tools are registered
// from the snapshots by Go, and its runtime starts, and its factory runs,
// on the first call of one of their functions (execute, prepareLoadout,
// reachesTools, ...). A runtime costs ~1 MB and a few ms, and most starts
// never call these tools. What the registry holds is what the factory's
// registerTool would have put there (TestDeclaredToolsMatchTheFactory);
// the functions forward to the factory's.
//
// At that start the factory may register the declared tools only: a tool
// it registers is handed to the stubs instead of the registry (jsGen.adopt),
// anything else (another registry, hooks, listeners) is an error, as those
// would have missed what happened before.

// declaredTool is one tool a declared plugin registers.
type declaredTool struct {
	name string
	tool engine.Tool // data only; Load adds the stubs
	// functions are the definition's function fields.
	functions []string
}

// parseDeclaration reads a tool snapshot module ("module.exports =
// {data, functions};", written by TestBuiltinToolSnapshots).
func parseDeclaration(spec, text string) (declaredTool, error) {
	_, body, ok := strings.Cut(text, "module.exports = ")
	if !ok {
		return declaredTool{}, fmt.Errorf("%s: no module.exports = {data, functions}", spec)
	}
	v, err := jsjson.Parse([]byte(strings.TrimSuffix(strings.TrimSpace(body), ";")))
	if err != nil {
		return declaredTool{}, fmt.Errorf("%s: %w", spec, err)
	}
	top, _ := jsjson.AsMap(v)
	data, _ := top["data"].(*jsjson.Object)
	fns, _ := top["functions"].([]any)
	if data == nil || fns == nil {
		return declaredTool{}, fmt.Errorf("%s: want {data: {...}, functions: [...]}", spec)
	}
	m, _ := jsjson.AsMap(data)
	d := declaredTool{tool: engine.Tool{Extra: map[string]any{}}}
	d.name, _ = m["name"].(string)
	if d.name == "" {
		return declaredTool{}, fmt.Errorf("%s: the tool has no name", spec)
	}
	// As toolFromJS converts a definition.
	for k, val := range m {
		switch k {
		case "name":
		case "label":
			d.tool.Label, _ = val.(string)
		case "description":
			d.tool.Description, _ = val.(string)
		case "parameters":
			o, ok := val.(*jsjson.Object)
			if !ok {
				return declaredTool{}, fmt.Errorf("%s: tool %q: parameters must be a JSON Schema object", spec, d.name)
			}
			d.tool.Parameters, _ = jsjson.AsMap(o)
			d.tool.ParameterKeys = jsjson.ObjectKeys(*o)
		default:
			d.tool.Extra[k] = jsjson.Plain(val)
		}
	}
	for _, f := range fns {
		name, ok := f.(string)
		if !ok || name == "" {
			return declaredTool{}, fmt.Errorf("%s: functions must be names", spec)
		}
		d.functions = append(d.functions, name)
		// pi's adapter renders through renderLines when the tool has a
		// renderer (registerTool in _pi-api.ts).
		if name == "renderCall" || name == "renderResult" {
			d.functions = appendNew(d.functions, "renderLines")
		}
	}
	return d, nil
}

func appendNew(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

// sourceInfo is the sourceInfo pi's adapter gives what a plugin from
// source registers (the sourcePath and sourceDir host functions).
func sourceInfo(source string) map[string]any {
	return map[string]any{"path": source, "source": "local", "scope": "temporary", "origin": "top-level", "baseDir": sourceDir(source)}
}

// declaredLoader loads a declared built-in plugin: Load registers its
// tools; the builtin loader runs its factory on first use.
type declaredLoader struct {
	builtin *builtinLoader
	tools   []declaredTool
	err     error // the declaration could not be read
}

// Load registers the declared tools, with no runtime.
func (l *declaredLoader) Load(ctx context.Context, eg *engine.Generation) error {
	id := eg.PluginID()
	if l.err != nil {
		return &engine.PluginError{Plugin: id, Err: l.err,
			Diagnostics: []engine.Diagnostic{engine.Diagnose(id, "declaration", engine.SeverityError, l.err)}}
	}
	s := &declaredStart{loader: l, eg: eg, ready: make(chan struct{})}
	for _, dt := range l.tools {
		t := s.stubbed(dt)
		name := dt.name
		_, err := eg.Host().Tools().Add(eg, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			// pi's adapter's rule (registerTool): across plugins the first
			// registration wins, but a built-in one may be replaced.
			if owner := d.OwnerOf(name); d.Has(name) && owner != id && !strings.HasPrefix(owner, "@pi/") {
				return nil
			}
			d.Set(name, t)
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// declaredStart is one generation's deferred runtime.
type declaredStart struct {
	loader *declaredLoader
	eg     *engine.Generation
	once   sync.Once
	ready  chan struct{} // closed when tools or err is set
	tools  map[string]engine.Tool
	err    error
}

// stubbed returns dt's tool with functions that start the runtime and
// forward to the factory's tool.
func (s *declaredStart) stubbed(dt declaredTool) engine.Tool {
	t := engine.CloneTool(dt.tool)
	t.Extra["sourceInfo"] = sourceInfo(s.eg.Source())
	fp := s.eg.PluginID() + ":declared:" + dt.name
	for _, fn := range dt.functions {
		if fn == "execute" {
			t.Execute, t.ExecuteID = func(ctx context.Context, call engine.ToolCall) (engine.ToolResult, error) {
				real, err := s.tool(ctx, dt.name)
				if err != nil {
					return engine.ToolResult{}, err
				}
				if real.Execute == nil {
					return engine.ToolResult{}, fmt.Errorf("tool %q of %s has no execute", dt.name, s.eg.PluginID())
				}
				return real.Execute(ctx, call)
			}, fp+":execute"
			continue
		}
		t.Extra[fn] = &declaredFunc{s: s, tool: dt.name, name: fn, fp: fp + ":" + fn}
	}
	return t
}

// tool returns the factory's tool name, starting the runtime on the
// first call. ctx bounds the wait, not the start.
func (s *declaredStart) tool(ctx context.Context, name string) (engine.Tool, error) {
	if s.eg.Retired() {
		return engine.Tool{}, s.eg.StaleError()
	}
	s.once.Do(func() {
		go func() {
			defer close(s.ready)
			s.tools, s.err = s.start(s.eg.Context())
			if s.err != nil {
				s.eg.Host().RecordDiagnostic(engine.Diagnose(s.eg.PluginID(), "deferred start", engine.SeverityError, s.err))
			}
		}()
	})
	select {
	case <-s.ready:
	case <-ctx.Done():
		return engine.Tool{}, context.Cause(ctx)
	}
	if s.err != nil {
		return engine.Tool{}, s.err
	}
	return s.tools[name], nil
}

// start runs the factory in a new runtime of the generation and returns
// the declared tools it registered.
func (s *declaredStart) start(ctx context.Context) (map[string]engine.Tool, error) {
	g, err := newJSGen(s.loader.builtin.env, s.eg)
	if err != nil {
		return nil, err
	}
	s.eg.OnRetire(g.terminate)
	if s.eg.Retired() { // retired meanwhile: OnRetire may have run already
		g.terminate()
		return nil, s.eg.StaleError()
	}
	var adopted []engine.Contribution[*engine.Draft[engine.Tool]]
	g.adopt = func(registry string, c any) error {
		tc, ok := c.(engine.Contribution[*engine.Draft[engine.Tool]])
		if !ok {
			return fmt.Errorf("%s declares its tools, so it cannot add to %s when it starts", s.eg.PluginID(), registry)
		}
		adopted = append(adopted, tc)
		return nil
	}
	if err := s.loader.builtin.run(ctx, g); err != nil {
		return nil, err
	}
	d := engine.NewDraft(engine.CloneTool)
	for _, c := range adopted {
		if err := c(ctx, d); err != nil {
			return nil, err
		}
	}
	out := map[string]engine.Tool{}
	for _, dt := range s.loader.tools {
		t, ok := d.Get(dt.name)
		if !ok {
			return nil, fmt.Errorf("%s declares tool %q, but its factory did not register it", s.eg.PluginID(), dt.name)
		}
		out[dt.name] = t
	}
	return out, nil
}

// declaredFunc is a declared tool's function field: it starts the runtime
// and calls the factory's function.
type declaredFunc struct {
	s          *declaredStart
	tool, name string
	fp         string
}

// Call forwards to the factory's function.
func (f *declaredFunc) Call(ctx context.Context, args ...any) (any, error) {
	real, err := f.s.tool(ctx, f.tool)
	if err != nil {
		return nil, err
	}
	fn, ok := real.Extra[f.name].(engine.Callable)
	if !ok {
		return nil, fmt.Errorf("tool %q of %s has no function %s", f.tool, f.s.eg.PluginID(), f.name)
	}
	return fn.Call(ctx, args...)
}

// Fingerprint identifies the declared function (for registry diffs).
func (f *declaredFunc) Fingerprint() string { return f.fp }

// Interface guards.
var (
	_ engine.Callable      = (*declaredFunc)(nil)
	_ engine.Fingerprinter = (*declaredFunc)(nil)
	_ engine.Loader        = (*declaredLoader)(nil)
)
