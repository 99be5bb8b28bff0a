package jsapi

import (
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/jsapi/bundler"
	"github.com/pigo-dev/pigo/jsapi/compat"
	"github.com/pigo-dev/pigo/jsapi/modules"
)

// Options configure an Env. The zero value is usable.
type Options struct {
	// CacheDir holds bundles on disk so an unchanged extension costs no
	// esbuild at start; "" keeps bundles in memory only.
	CacheDir string
	// RetireGrace bounds how long retiring a generation waits for its loop
	// to finish the job it is running before interrupting it; default 1s.
	RetireGrace time.Duration
	// ProgramCacheBytes bounds the compiled-program cache (by source size);
	// default 64 MiB.
	ProgramCacheBytes int
	// Environ is the environment plugins see (process.env); nil means empty.
	// The host decides what to expose; nothing is copied implicitly.
	Environ map[string]string
	// OnExit is called when a plugin asks the process to exit
	// (process.exit); nil ignores the request.
	OnExit func(plugin string, code int)
	// Modules adds Go host modules (specifier → module) to the built-in
	// table; an entry replaces a built-in one of the same name.
	Modules map[string]modules.Module
	// Builtins are built-in plugins given as TypeScript sources (id →
	// source, e.g. package bundled's "@pi/tool-bash"); BuiltinPlugin loads
	// them. They are served like host modules: stripped and compiled once
	// per process.
	Builtins map[string]string
	// Declared lists, for built-in plugins whose factories only register
	// tools from snapshots, the snapshot modules (id → specifiers, e.g.
	// "@pi/codemode" → "pigo:codemode-tool"): BuiltinPlugin, and
	// BuiltinGroup when every member is declared, register their tools
	// from them and start the runtime on first use (declared.go).
	Declared map[string][]string
}

func (o Options) retireGrace() time.Duration {
	if o.RetireGrace <= 0 {
		return time.Second
	}
	return o.RetireGrace
}

// Env is the JS world of one process: the bundler, the compiled-program
// cache shared by every runtime, and the host modules. Safe for concurrent
// use.
type Env struct {
	opts     Options
	bundler  *bundler.Bundler
	modules  *hostModules
	programs *programCache

	mu     sync.Mutex
	inputs map[string][]string // extension path → files its last bundle read
	loaded map[string]string   // extension path → hash of the bundle it last compiled (reload_programs.go)
	// signalled lists the plugins a generation of which made an
	// AbortSignal (a tool call, an event with a signal): their next
	// generations build AbortController while their runtime is set up
	// (warmSignals).
	signalled sync.Map // plugin id → struct{}
}

// New creates an Env.
func New(opts Options) *Env {
	mods := newHostModules(opts.CacheDir, opts.Modules)
	for id, src := range opts.Builtins {
		mods.sources[id] = compat.Source{File: strings.TrimPrefix(id, "@pi/") + ".ts", Code: src, TS: true}
	}
	if opts.ProgramCacheBytes <= 0 {
		opts.ProgramCacheBytes = 64 << 20
	}
	return &Env{
		opts: opts,
		bundler: bundler.New(bundler.Options{CacheDir: opts.CacheDir, External: mods.externals(),
			// A dependency built on TypeBox 0.34 gets its own copy; pigo's
			// is 1.x (the extension itself always gets pigo's).
			OwnCopies: map[string]string{"@sinclair/typebox": compat.TypeBoxVersion, "typebox": compat.TypeBoxVersion}}),
		modules:  mods,
		programs: newProgramCache(opts.ProgramCacheBytes),
		inputs:   map[string][]string{},
		loaded:   map[string]string{},
	}
}

// Inputs returns the files the last bundle of the extension at path read
// (entry, local imports, package.json files), for a file watcher; nil
// before the first load or when the entry could not be resolved.
func (e *Env) Inputs(path string) []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.inputs[path]...)
}

// PluginID derives a plugin id from an extension path: the file name
// without extension, or the directory name for dir/index.ts.
func PluginID(path string) string {
	base := filepath.Base(path)
	ext := filepath.Ext(base)
	name := strings.TrimSuffix(base, ext)
	if name == "index" {
		name = filepath.Base(filepath.Dir(path))
	}
	if ext == "" && name != "" {
		return name
	}
	return name
}

// Plugin returns the manifest entry of a JS/TS extension at path (a file,
// or a directory with index.ts/index.js/package.json).
func (e *Env) Plugin(id, path string, config map[string]any) engine.PluginSpec {
	return engine.PluginSpec{ID: id, Source: path, Config: config, Loader: &loader{env: e, path: path}}
}

// BuiltinPlugin returns the manifest entry of a built-in plugin given in
// Options.Builtins.
func (e *Env) BuiltinPlugin(id string) engine.PluginSpec {
	return engine.PluginSpec{ID: id, Source: id, Loader: e.builtinLoader([]string{id})}
}

// builtinLoader returns the loader of built-in plugins run in one runtime:
// declared (Options.Declared) when every one of them is.
func (e *Env) builtinLoader(ids []string) engine.Loader {
	b := &builtinLoader{env: e, ids: ids}
	l := &declaredLoader{builtin: b}
	for _, id := range ids {
		specs, ok := e.opts.Declared[id]
		if !ok {
			return b
		}
		for _, spec := range specs {
			if l.err != nil {
				break
			}
			var d declaredTool
			src, ok := e.modules.sources[spec]
			text, err := src.Text()
			if !ok {
				err = fmt.Errorf("no module %s", spec)
			}
			if err == nil {
				d, err = parseDeclaration(spec, text)
			}
			if err != nil {
				l.err = fmt.Errorf("%s: declaration: %w", id, err)
			}
			l.tools = append(l.tools, d)
		}
	}
	return l
}

// BuiltinGroup returns one manifest entry, id, that runs several built-in
// plugins (members, ids given in Options.Builtins) in one runtime: their
// factories run in order with a pi object each, so what they register
// keeps the order and precedence the members would have had as
// consecutive plugins. Why: each runtime costs its globals and pi's
// ExtensionAPI, and the built-in tools, once they run, import the same
// compat modules (pi-coding-agent's tools, pi-tui, typebox): one runtime
// for the seven is most of what a process with no extensions saves on
// start-up time and memory.
func (e *Env) BuiltinGroup(id string, members []string) engine.PluginSpec {
	return engine.PluginSpec{ID: id, Source: id, Loader: e.builtinLoader(slices.Clone(members))}
}

// builtinLoader runs built-in plugins in one runtime: each module's
// default export is a factory.
type builtinLoader struct {
	env *Env
	ids []string
}

// Load instantiates the built-ins' modules in a fresh runtime and awaits
// their factories, one after the other.
func (l *builtinLoader) Load(ctx context.Context, eg *engine.Generation) error {
	g, err := newJSGen(l.env, eg)
	if err != nil {
		return err
	}
	eg.OnRetire(g.terminate)
	eg.SetBatcher(g.batch)
	eg.SetActivity(g.activity.Load)
	return l.run(ctx, g)
}

// run runs the members' factories in g, one after the other.
func (l *builtinLoader) run(ctx context.Context, g *jsGen) error {
	eg := g.eg
	var err error
	// The members share one pi object: they are one plugin, and installing
	// pi's ExtensionAPI costs a runtime more than most tools' factories.
	var api goja.Value
	for _, id := range l.ids {
		_, err = g.call(ctx, func() (goja.Value, error) {
			g.loading = true
			exports, err := g.require(id)
			if err != nil {
				return nil, err
			}
			module := g.rt.NewObject()
			_ = module.Set("exports", exports)
			if api == nil {
				api = g.extensionAPI()
			}
			return g.callFactory(module, id, api)
		}, nil)
		if err != nil {
			if len(l.ids) > 1 {
				err = fmt.Errorf("%s: %w", id, err)
			}
			break
		}
	}
	g.post(func() { g.loading = false })
	if err != nil {
		return &engine.PluginError{Plugin: eg.PluginID(), Err: err,
			Diagnostics: []engine.Diagnostic{engine.Diagnose(eg.PluginID(), "factory", engine.SeverityError, err)}}
	}
	return nil
}

// loader loads JS generations of one extension.
type loader struct {
	env  *Env
	path string
}

// Load bundles the extension (cached), compiles it (shared per content
// hash), runs it in a fresh runtime and awaits its factory.
func (l *loader) Load(ctx context.Context, eg *engine.Generation) error {
	id := eg.PluginID()
	entry, err := ResolveEntry(l.path)
	if err != nil {
		return &engine.PluginError{Plugin: id, Err: err,
			Diagnostics: []engine.Diagnostic{engine.Diagnose(id, "resolve", engine.SeverityError, err)}}
	}
	// The runtime does not depend on the code: it is set up on its own loop
	// while esbuild and the compiler work, which shortens every reload.
	rt := l.env.startJSGen(eg)
	b, err := l.env.bundler.Bundle(ctx, entry)
	if err != nil {
		rt.discard()
		var be *bundler.Error
		if errors.As(err, &be) {
			// Keep watching what a broken bundle touched: fixing it must
			// trigger a reload.
			l.env.setInputs(l.path, append(l.env.Inputs(l.path), messageFiles(be)...))
		}
		return bundleError(id, err)
	}
	l.env.setInputs(l.path, b.Inputs)
	noteGaps(eg, b)
	if err := checkTierState(id, b.Entry, b.Inputs); err != nil {
		rt.discard()
		return err
	}
	prog, err := l.env.program(b)
	if err != nil {
		rt.discard()
		return compileError(id, err)
	}
	l.env.supersede(l.path, b.Hash)
	return l.env.runBundle(ctx, eg, rt, prog, b)
}

// pendingGen is a runtime being set up for a generation.
type pendingGen struct {
	done chan struct{}
	g    *jsGen
	err  error
}

func (e *Env) startJSGen(eg *engine.Generation) *pendingGen {
	p := &pendingGen{done: make(chan struct{})}
	go func() {
		defer close(p.done)
		p.g, p.err = newJSGen(e, eg)
	}()
	return p
}

func (p *pendingGen) wait() (*jsGen, error) {
	<-p.done
	return p.g, p.err
}

// discard stops the runtime of a load that failed before running code.
func (p *pendingGen) discard() {
	if g, _ := p.wait(); g != nil {
		g.terminate()
	}
}

// noteGaps records the compat gaps a bundle's code uses.
func noteGaps(eg *engine.Generation, b *bundler.Bundle) {
	for _, gap := range compat.Gaps() {
		if gap.Uses(b.Code) {
			piapi.Of(eg.Host()).NoteUnsupported(eg.PluginID(), gap.Member+" ("+gap.Why+")")
		}
	}
}

func compileError(id string, err error) error {
	return &engine.PluginError{Plugin: id, Err: err,
		Diagnostics: []engine.Diagnostic{engine.Diagnose(id, "compile", engine.SeverityError, err)}}
}

// runBundle runs a compiled bundle in a fresh runtime and awaits its
// factory.
func (e *Env) runBundle(ctx context.Context, eg *engine.Generation, rt *pendingGen, prog *goja.Program, b *bundler.Bundle) error {
	id := eg.PluginID()
	g, err := rt.wait()
	if err != nil {
		return err
	}
	eg.OnRetire(g.terminate)
	eg.SetBatcher(g.batch)
	eg.SetActivity(g.activity.Load)
	_, err = g.call(ctx, func() (goja.Value, error) { return g.runEntry(prog, b) }, nil)
	g.post(func() { g.loading = false })
	if err != nil {
		if errors.Is(err, engine.ErrBudget) {
			err = fmt.Errorf("factory did not finish within its budget: %w", err)
		}
		return &engine.PluginError{Plugin: id, Err: err,
			Diagnostics: []engine.Diagnostic{engine.Diagnose(id, "factory", engine.SeverityError, err)}}
	}
	return nil
}

// ResolveEntry finds the entry file of an extension path: the file itself,
// or for a directory its package.json "main" or index.{ts,js,mts,mjs}.
func ResolveEntry(path string) (string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("extension %s: %w", path, err)
	}
	if !st.IsDir() {
		return path, nil
	}
	if b, err := os.ReadFile(filepath.Join(path, "package.json")); err == nil {
		var pkg struct {
			Main string `json:"main"`
		}
		if err := json.Unmarshal(b, &pkg); err != nil {
			return "", fmt.Errorf("extension %s: package.json: %w", path, err)
		}
		if pkg.Main != "" {
			return filepath.Join(path, pkg.Main), nil
		}
	}
	for _, name := range []string{"index.ts", "index.js", "index.mts", "index.mjs", "index.tsx"} {
		p := filepath.Join(path, name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("extension directory %s has no index.ts, index.js or package.json main", path)
}

func (e *Env) setInputs(path string, files []string) {
	seen := map[string]bool{}
	var out []string
	for _, f := range files {
		if f != "" && !seen[f] && filepath.IsAbs(f) {
			seen[f] = true
			out = append(out, f)
		}
	}
	e.mu.Lock()
	e.inputs[path] = out
	e.mu.Unlock()
}

func messageFiles(be *bundler.Error) []string {
	var out []string
	if be.Entry != "" {
		out = append(out, be.Entry)
	}
	for _, m := range be.Messages {
		out = append(out, m.File)
	}
	return out
}

// bundleError converts bundler messages into diagnostics.
func bundleError(id string, err error) error {
	var be *bundler.Error
	if !errors.As(err, &be) {
		return &engine.PluginError{Plugin: id, Err: err,
			Diagnostics: []engine.Diagnostic{engine.Diagnose(id, "bundle", engine.SeverityError, err)}}
	}
	pe := &engine.PluginError{Plugin: id, Err: err}
	for _, m := range be.Messages {
		d := engine.Diagnostic{Plugin: id, Severity: engine.SeverityError, Where: "bundle", Text: m.Text}
		if m.File != "" {
			d.Location = &engine.Location{File: m.File, Line: m.Line, Column: m.Column, LineText: m.LineText}
			if f := codeFrame(d.Location); f != "" {
				d.Notes = append(d.Notes, f)
			}
		}
		pe.Diagnostics = append(pe.Diagnostics, d)
	}
	return pe
}

// runEntry evaluates the bundle and calls its factory with a fresh pi
// object; the result may be a Promise (async factory, top-level await).
// Loop only.
func (g *jsGen) runEntry(prog *goja.Program, b *bundler.Bundle) (goja.Value, error) {
	rt := g.rt
	g.loading = true
	if err := g.checkImports(b); err != nil {
		return nil, err
	}
	fnv, err := rt.RunProgram(prog)
	if err != nil {
		return nil, err
	}
	wrapper, ok := goja.AssertFunction(fnv)
	if !ok {
		return nil, errors.New("bundle did not evaluate to a module function")
	}
	module := rt.NewObject()
	exports := rt.NewObject()
	_ = module.Set("exports", exports)
	res, err := wrapper(goja.Undefined(), exports, rt.ToValue(g.requireFunc()), module,
		rt.ToValue(b.Entry), rt.ToValue(filepath.Dir(b.Entry)))
	if err != nil {
		return nil, err
	}
	start := func() (goja.Value, error) { return g.startFactory(module, b.Entry) }
	if !b.Async {
		return start()
	}
	// Top-level await: the module body is a Promise; the factory starts
	// once it settled.
	p, resolve, reject := rt.NewPromise()
	g.await(res, func(goja.Value) {
		v, err := start()
		if err != nil {
			_ = reject(g.errorValueKeep(err))
			return
		}
		_ = resolve(v)
	}, func(err error) { _ = reject(g.errorValueKeep(err)) })
	return rt.ToValue(p), nil
}

// errorValueKeep rejects with the original exception value when there is
// one, so its stack survives. Loop only.
func (g *jsGen) errorValueKeep(err error) goja.Value {
	var ex *goja.Exception
	if errors.As(err, &ex) {
		return ex.Value()
	}
	return g.errorValue(err)
}

// startFactory finds the default export and calls it with a new pi
// object. Loop only.
func (g *jsGen) startFactory(module *goja.Object, entry string) (goja.Value, error) {
	return g.callFactory(module, entry, nil)
}

// callFactory finds the default export and calls it with api (nil: a new
// pi object, made after the export was found). Loop only.
func (g *jsGen) callFactory(module *goja.Object, entry string, api goja.Value) (goja.Value, error) {
	exp := module.Get("exports")
	var factory goja.Callable
	if obj, ok := exp.(*goja.Object); ok {
		if f, ok := goja.AssertFunction(obj.Get("default")); ok {
			factory = f
		} else if f, ok := goja.AssertFunction(obj); ok {
			factory = f
		}
	}
	if factory == nil {
		return nil, &engine.ScriptError{
			Text:     "no default export: an extension must `export default function (pi) { ... }`",
			Location: g.location(entry, 1, 0),
		}
	}
	if api == nil {
		api = g.extensionAPI()
	}
	return factory(goja.Undefined(), api)
}

// extensionAPI is the object a factory receives: the v2 pi object with pi's
// ExtensionAPI installed on it by the compat adapter. Loop only.
func (g *jsGen) extensionAPI() goja.Value {
	pi := g.newPi()
	adapter, err := g.require("pigo:pi-api")
	if err != nil {
		g.eg.Log(engine.SeverityError, "pi ExtensionAPI adapter unavailable: "+err.Error())
		return pi
	}
	host, err := g.require("pigo:host")
	if err != nil {
		g.eg.Log(engine.SeverityError, "pi host bridge unavailable: "+err.Error())
		return pi
	}
	install, ok := goja.AssertFunction(adapter.(*goja.Object).Get("install"))
	if !ok {
		return pi
	}
	v, err := install(goja.Undefined(), pi, host)
	if err != nil {
		g.rethrow(err)
	}
	return v
}

// program compiles a bundle once per content hash. Safe for concurrent use.
func (e *Env) program(b *bundler.Bundle) (*goja.Program, error) {
	if p := e.programs.get(b.Hash); p != nil {
		return p, nil
	}
	// The loader answers RuntimeScript's own URL with its map and refuses
	// any other, so bundle text can never make goja read a file. goja
	// calls it when it first reports a position in the bundle.
	src, sourceMap := b.RuntimeScript()
	ast, err := goja.Parse(b.Entry, src, parser.WithSourceMapLoader(func(url string) ([]byte, error) {
		if sourceMap == nil || url != bundler.RuntimeSourceMapURL {
			return nil, errors.New("external source maps are not loaded")
		}
		return sourceMap(), nil
	}))
	if err != nil {
		return nil, fmt.Errorf("parse bundle of %s: %w", b.Entry, err)
	}
	prog, err := goja.CompileAST(ast, false)
	if err != nil {
		return nil, fmt.Errorf("compile bundle of %s: %w", b.Entry, err)
	}
	e.programs.put(b.Hash, prog, len(src))
	return prog, nil
}

// programCache is an LRU of compiled programs bounded by source bytes.
type programCache struct {
	mu    sync.Mutex
	limit int
	size  int
	ll    *list.List
	items map[string]*list.Element
}

type programEntry struct {
	key  string
	prog *goja.Program
	size int
}

func newProgramCache(limit int) *programCache {
	return &programCache{limit: limit, ll: list.New(), items: map[string]*list.Element{}}
}

func (c *programCache) get(key string) *goja.Program {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.ll.MoveToFront(el)
		return el.Value.(*programEntry).prog
	}
	return nil
}

func (c *programCache) put(key string, p *goja.Program, size int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.ll.MoveToFront(el)
		return
	}
	c.items[key] = c.ll.PushFront(&programEntry{key: key, prog: p, size: size})
	c.size += size
	for c.size > c.limit && c.ll.Len() > 1 {
		el := c.ll.Back()
		ent := el.Value.(*programEntry)
		c.ll.Remove(el)
		delete(c.items, ent.key)
		c.size -= ent.size
	}
}
