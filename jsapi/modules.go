package jsapi

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/jsapi/bundler"
	"github.com/pigo-dev/pigo/jsapi/codemode"
	"github.com/pigo-dev/pigo/jsapi/compat"
	"github.com/pigo-dev/pigo/jsapi/core"
	"github.com/pigo-dev/pigo/jsapi/modules"
	"github.com/pigo-dev/pigo/jsapi/node"
)

// Host modules are the modules pigo serves to plugins (`@pigo/api` now; the
// pi compatibility modules and node built-in shims later). The bundler keeps
// them external, so a bundle contains `require("@pigo/api")`; each module's
// source is compiled once per Env and instantiated per runtime on first
// require (twenty plugins importing one module compile
// it once).

// hostModuleSources is the table of JS host modules: specifier → source.
// pigo's own modules come first; the pi compatibility modules (package
// compat) are stripped to CommonJS at build time.
func hostModuleSources() map[string]compat.Source {
	out := map[string]compat.Source{
		"@pigo/api": {File: "pigo-api.js", Code: `exports.defineExtension = function defineExtension(factory) { return factory; };`},
	}
	srcs, err := compat.Sources()
	if err != nil {
		panic(err) // embedded files: only a build defect gets here
	}
	for k, v := range srcs {
		out[k] = v
	}
	return out
}

// nativeModules is the table of Go host modules.
func nativeModules() map[string]modules.Module {
	out := node.Modules()
	for k, v := range compat.NativeModules() {
		out[k] = v
	}
	out["pigo:host"] = piHostModule
	// One lock table per Env (one per process): the file mutation queue
	// is shared by every plugin's runtime.
	out["pigo:core"] = core.Module(core.NewFileLocks())
	out["pigo:codemode"] = codemode.Module()
	return out
}

// installNodeGlobals defines Node's globals (process, Buffer, fetch, ...)
// as lazy accessors: the backing module is instantiated on first use, so a
// plugin that never touches process pays nothing for it. Assigning a
// global replaces the accessor with a plain value, as in Node. Loop only.
func (g *jsGen) installNodeGlobals() {
	vm := g.rt
	global := vm.GlobalObject()
	for _, gl := range node.Globals() {
		// One function is both getter (called with no arguments) and
		// setter (one): a function per global instead of two.
		acc := vm.ToValue(func(c goja.FunctionCall) goja.Value {
			if len(c.Arguments) > 0 {
				_ = global.DefineDataProperty(gl.Name, c.Argument(0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
				return goja.Undefined()
			}
			m, err := g.require(gl.Module)
			if err != nil {
				g.throw(err)
			}
			v := m
			if gl.Export != "" {
				v = m.ToObject(vm).Get(gl.Export)
			}
			_ = global.DefineDataProperty(gl.Name, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
			return v
		})
		_ = global.DefineAccessorProperty(gl.Name, acc, acc, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
}

// hostModules compiles JS host modules lazily, once each, and holds the Go
// ones. Safe for concurrent use.
type hostModules struct {
	cacheDir string // "" = no disk cache for stripped sources
	sources  map[string]compat.Source
	native   map[string]modules.Module
	mu       sync.Mutex
	progs    map[string]*goja.Program
}

func newHostModules(cacheDir string, extra map[string]modules.Module) *hostModules {
	m := &hostModules{cacheDir: cacheDir, sources: hostModuleSources(), native: nativeModules(), progs: map[string]*goja.Program{}}
	for k, v := range extra {
		m.native[k] = v
		delete(m.sources, k)
	}
	return m
}

// externals lists the specifiers the bundler must keep external (node
// built-ins are always external).
func (m *hostModules) externals() []string {
	out := make([]string, 0, len(m.sources)+len(m.native))
	for k := range m.sources {
		if !strings.HasPrefix(k, "pigo:") {
			out = append(out, k)
		}
	}
	out = append(out, compat.Specifiers()...) // served even before their file exists
	for k := range m.native {
		out = append(out, k)
	}
	return out
}

func (m *hostModules) program(name string) (*goja.Program, bool, error) {
	src, ok := m.sources[name]
	if !ok {
		return nil, false, nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if p := m.progs[name]; p != nil {
		return p, true, nil
	}
	code, err := src.Text()
	if err != nil {
		return nil, true, fmt.Errorf("host module %s: %w", name, err)
	}
	if src.TS {
		if code, err = m.transform(src.File, code); err != nil {
			return nil, true, fmt.Errorf("host module %s: %w", name, err)
		}
	}
	code = lazyImports(code, func(spec string) bool {
		_, js := m.sources[spec]
		_, native := m.native[strings.TrimPrefix(spec, "node:")]
		return js || native
	})
	ast, err := goja.Parse("pigo:"+src.File, "(function(exports, require, module){"+code+"\n})")
	if err != nil {
		return nil, true, fmt.Errorf("parse host module %s: %w", name, err)
	}
	p, err := goja.CompileAST(ast, false)
	if err != nil {
		return nil, true, fmt.Errorf("compile host module %s: %w", name, err)
	}
	m.progs[name] = p
	return p, true, nil
}

// lazyImports makes a host module's named imports of other host modules
// (isHost: JS ones, and Go ones such as node:crypto, whose JS part costs
// an evaluation too) lazy. esbuild's CommonJS form of a named import is a
// top-level `var import_x = require("x");` and uses `import_x.name`; that
// namespace becomes an object with one getter per name the module uses,
// and the first getter called requires the module. Why: pi-coding-agent's
// tools import pi-tui, the theme and the diff helpers for rendering and
// for edit, and requiring them eagerly made every runtime compile and
// evaluate them before registering a tool. A getter reads the export
// each time, so bindings stay live as with the eager namespace (`theme`
// changes with setTheme). A namespace used other than as `ns.name` stays
// eager; namespace and default imports (wrapped in __toESM) are left
// alone. Plain string scanning: a regexp over every module's text cost
// more than the compile it saves.
func lazyImports(code string, isHost func(string) bool) string {
	const head, mid, tail = "var import_", " = require(\"", "\");"
	var b strings.Builder
	done := 0
	for start := 0; start < len(code); {
		end := strings.IndexByte(code[start:], '\n')
		if end < 0 {
			end = len(code) - start
		}
		line := code[start : start+end]
		lineStart, lineEnd := start, start+end
		start = lineEnd + 1
		if !strings.HasPrefix(line, head) {
			continue
		}
		ns, rest, ok := strings.Cut(line[len("var "):], mid)
		if !ok || strings.ContainsAny(ns, " \t") {
			continue
		}
		spec, ok := strings.CutSuffix(rest, tail)
		if !ok || strings.ContainsAny(spec, "\"\\") || !isHost(spec) {
			continue
		}
		names, ok := namespaceUses(code, ns, lineStart, lineEnd)
		if !ok {
			continue
		}
		b.WriteString(code[done:lineStart])
		fmt.Fprintf(&b, "var %s = (() => { let m; const l = () => m || (m = require(%q)); return {", ns, spec)
		for k, n := range names {
			if k > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " get %s() { return l().%s; }", n, n)
		}
		b.WriteString(" }; })();")
		done = lineEnd
	}
	if done == 0 {
		return code
	}
	b.WriteString(code[done:])
	return b.String()
}

// namespaceUses lists the names read from namespace ns in code (outside
// its declaration, code[declStart:declEnd]), in order of first use; ok is
// false when ns is used other than as `ns.name`.
func namespaceUses(code, ns string, declStart, declEnd int) (names []string, ok bool) {
	names, other := memberReads(code, ns, declStart, declEnd)
	if other {
		return nil, false
	}
	return names, true
}

// memberReads lists the names read as `ns.name` in code (outside
// code[skipStart:skipEnd]), in order of first use; other reports whether
// ns also appears there some other way. Plain string scanning: a regexp
// compiled per namespace cost each plugin load more than its run.
func memberReads(code, ns string, skipStart, skipEnd int) (names []string, other bool) {
	isIdent := func(c byte) bool {
		return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	seen := map[string]bool{}
	for i := 0; ; {
		j := strings.Index(code[i:], ns)
		if j < 0 {
			return names, other
		}
		at := i + j
		i = at + len(ns)
		if at > 0 && isIdent(code[at-1]) || i < len(code) && isIdent(code[i]) {
			continue // part of a longer identifier
		}
		if at >= skipStart && at < skipEnd {
			continue
		}
		k := i + 1
		for i < len(code) && code[i] == '.' && k < len(code) && isIdent(code[k]) {
			k++
		}
		if k == i+1 {
			other = true
			continue
		}
		if n := code[i+1 : k]; !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
}

// transform strips a TypeScript host module (a built-in plugin) to
// CommonJS, through the disk cache when there is one (keyed by the
// source's hash, so an upgrade invalidates it).
// No source maps: host-module frames are pigo's, not the plugin's, and the
// maps would double what every process parses.
func (m *hostModules) transform(file, ts string) (string, error) {
	sum := sha256.Sum256([]byte(bundler.CacheKey() + "\x00" + ts))
	var path string
	if m.cacheDir != "" {
		path = filepath.Join(m.cacheDir, "host", hex.EncodeToString(sum[:16])+".js")
		if b, err := os.ReadFile(path); err == nil {
			return string(b), nil
		}
	}
	code, err := bundler.TransformModule("pigo:"+file, ts, true)
	if err != nil {
		return "", err
	}
	if path != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
			tmp := path + ".tmp"
			if os.WriteFile(tmp, []byte(code), 0o644) == nil {
				_ = os.Rename(tmp, path)
			}
		}
	}
	return code, nil
}

// requireFunc returns the runtime's require. Loop only.
func (g *jsGen) requireFunc() func(goja.FunctionCall) goja.Value {
	return func(call goja.FunctionCall) goja.Value {
		spec := call.Argument(0).String()
		v, err := g.require(spec)
		if err != nil {
			g.rethrow(err)
		}
		return v
	}
}

// require instantiates a host module in this runtime (once). Loop only.
func (g *jsGen) require(spec string) (goja.Value, error) {
	name := strings.TrimPrefix(spec, "node:")
	if m, ok := g.modules[name]; ok {
		return m.Get("exports"), nil
	}
	if mod, ok := g.env.modules.native[name]; ok {
		module := g.rt.NewObject()
		_ = module.Set("exports", g.rt.NewObject())
		g.modules[name] = module
		if err := mod(g, module); err != nil {
			delete(g.modules, name)
			return nil, err
		}
		return module.Get("exports"), nil
	}
	prog, ok, err := g.env.modules.program(name)
	if err != nil {
		return nil, err
	}
	if !ok {
		if bundler.IsNodeBuiltin(name) {
			return g.missingBuiltin(name)
		}
		return nil, moduleNotFound(spec)
	}
	fnv, err := g.rt.RunProgram(prog)
	if err != nil {
		return nil, err
	}
	fn, _ := goja.AssertFunction(fnv)
	module := g.rt.NewObject()
	exports := g.rt.NewObject()
	_ = module.Set("exports", exports)
	g.modules[name] = module
	if _, err := fn(goja.Undefined(), exports, g.rt.ToValue(g.requireFunc()), module); err != nil {
		delete(g.modules, name)
		return nil, err
	}
	return module.Get("exports"), nil
}

// moduleNotFound is the error for a specifier pigo does not serve.
type moduleNotFound string

func (m moduleNotFound) Error() string {
	return fmt.Sprintf("Cannot find module '%s': pigo does not provide it", string(m))
}

// Code is Node's error code for it.
func (moduleNotFound) Code() string { return "MODULE_NOT_FOUND" }

// missingBuiltin serves a Node built-in pigo does not implement (http, net,
// zlib, ...) as a placeholder whose members exist but throw "not supported
// yet: node:<name>.<member>" when called or constructed, so a module that
// merely imports it (a dependency's optional code path) still loads, and
// the gap is reported at the call. Loop only.
func (g *jsGen) missingBuiltin(name string) (goja.Value, error) {
	piapi.Of(g.eg.Host()).NoteUnsupported(g.eg.PluginID(), "node:"+name)
	v, err := g.rt.RunString(`(function (name) {
  const fail = (member) => { throw new Error("not supported yet: node:" + name + "." + member); };
  const cache = new Map();
  return new Proxy({}, {
    get(_, key) {
      if (typeof key === "symbol" || key === "then") return undefined;
      if (key === "__esModule") return false;
      if (!cache.has(key)) {
        const f = function () { fail(key); };
        cache.set(key, new Proxy(f, { construct() { fail(key); }, get(t, k) { return k === "prototype" ? t.prototype : undefined; } }));
      }
      return cache.get(key);
    },
  });
})`)
	if err != nil {
		return nil, err
	}
	fn, _ := goja.AssertFunction(v)
	exports, err := fn(goja.Undefined(), g.rt.ToValue(name))
	if err != nil {
		return nil, err
	}
	module := g.rt.NewObject()
	_ = module.Set("exports", exports)
	g.modules[name] = module
	return exports, nil
}
