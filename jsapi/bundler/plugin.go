package bundler

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/Masterminds/semver/v3"
	"github.com/evanw/esbuild/pkg/api"
)

// The loader plugin is where pigo's module rules meet esbuild. It
//
//   - keeps host modules (Options.External, Node built-ins, "node:*")
//     external: as plain require() calls in the CommonJS build, and as tiny
//     CommonJS shim modules (`module.exports = require("x")`) in the ESM
//     build used for top-level await, so that build's output has no import
//     statements left;
//   - serves Options.Virtual sources;
//   - turns a dynamic import() that does not resolve into a module that
//     throws when it is evaluated, so the import() promise rejects at run
//     time instead of the bundle failing;
//   - loads every source file itself, recording a content stamp of exactly
//     the bytes esbuild compiled (for the cache and Bundle.Inputs);
//   - gives each module that uses import.meta its own import.meta object.
//
// import.meta works through the "import.meta" define, which rewrites every
// use to the identifier metaIdent. A file that really uses import.meta gets
// one line appended: `import __pigo_import_meta from "pigo:import-meta"`.
// Imports are hoisted, so the binding is live before the first statement,
// and appending (rather than prepending) leaves every line and column of the
// original file where it was, so the source map stays exact. esbuild scopes
// the binding to that file and renames it apart from the others, which
// makes import.meta.url per file. Whether a file really uses import.meta is
// decided by parsing it with the same define (usesImportMeta), never by a
// text search alone: appending an import to a CommonJS file that merely
// mentions "import.meta" in a comment would turn it into an ES module.

const (
	pluginName = "pigo"

	nsEntry    = "pigo-entry"    // the ESM build's synthetic entry
	nsExternal = "pigo-external" // CommonJS shims for host modules (ESM build)
	nsVirtual  = "pigo-virtual"  // Options.Virtual sources
	nsMissing  = "pigo-missing"  // unresolvable dynamic import() targets
	nsMeta     = "pigo-meta"     // one import.meta object per module

	entrySpecifier = "pigo:entry"
	metaSpecifier  = "pigo:import-meta"
	metaIdent      = "__pigo_import_meta"
	metaProbeIdent = "__pigo_import_meta_probe"

	// doneIdent is what the ESM build's entry calls with the entry's
	// namespace once every top-level await has settled.
	doneIdent = "__pigo_done"
)

// skipResolve marks the plugin's own nested Resolve calls, so its resolve
// callback steps aside and lets esbuild's resolver answer.
type skipResolve struct{}

// buildState is one esbuild run's view of the plugin. esbuild calls the
// plugin from many goroutines; mu guards what they record.
type buildState struct {
	entry   string
	esm     bool // the top-level-await build: externals become shim modules
	matcher *externalMatcher
	virtual map[string]string
	// ownCopies: Options.OwnCopies, parsed
	ownCopies map[string]*semver.Version

	mu        sync.Mutex
	stamps    []fileStamp
	originals map[string]string // path -> file text before the plugin changed it
}

func newBuildState(entry string, esm bool, matcher *externalMatcher, virtual map[string]string) *buildState {
	return &buildState{entry: entry, esm: esm, matcher: matcher, virtual: virtual, originals: make(map[string]string)}
}

func (s *buildState) plugin() api.Plugin {
	return api.Plugin{Name: pluginName, Setup: func(pb api.PluginBuild) {
		pb.OnResolve(api.OnResolveOptions{Filter: `.*`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return s.resolve(pb, a), nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "file"}, s.loadFile)
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: nsEntry}, s.loadEntry)
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: nsExternal}, loadExternalShim)
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: nsVirtual}, s.loadVirtual)
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: nsMissing}, loadMissing)
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: nsMeta}, loadMeta)
	}}
}

// resolve applies pigo's module rules; an empty result hands the import to
// esbuild's own resolver (node_modules next to the extension, tsconfig
// paths, package.json exports, ...).
func (s *buildState) resolve(pb api.PluginBuild, a api.OnResolveArgs) api.OnResolveResult {
	if _, ok := a.PluginData.(skipResolve); ok {
		return api.OnResolveResult{}
	}
	switch {
	case a.Kind == api.ResolveEntryPoint:
		if a.Path == entrySpecifier {
			return api.OnResolveResult{Path: s.entry, Namespace: nsEntry}
		}
		return api.OnResolveResult{}
	case a.Namespace == nsExternal:
		// The shim's own require() is the real runtime call.
		return api.OnResolveResult{Path: a.Path, External: true}
	case a.Path == metaSpecifier && a.Namespace == "file":
		return api.OnResolveResult{Path: a.Importer, Namespace: nsMeta}
	case a.Path == metaSpecifier && a.Namespace == nsVirtual:
		// Virtual modules have no file of their own; they share the entry's.
		return api.OnResolveResult{Path: s.entry, Namespace: nsMeta}
	}
	if _, ok := s.virtual[a.Path]; ok {
		return api.OnResolveResult{Path: a.Path, Namespace: nsVirtual}
	}
	if r, ok := s.ownCopy(pb, a); ok {
		return r
	}
	if s.matcher.match(a.Path) {
		return s.external(a.Path)
	}
	if a.Kind != api.ResolveJSDynamicImport {
		return api.OnResolveResult{}
	}
	r := pb.Resolve(a.Path, api.ResolveOptions{
		PluginName: pluginName,
		Importer:   a.Importer,
		Namespace:  a.Namespace,
		ResolveDir: a.ResolveDir,
		Kind:       a.Kind,
		PluginData: skipResolve{},
		With:       a.With,
	})
	if len(r.Errors) > 0 {
		return api.OnResolveResult{Path: a.Path, Namespace: nsMissing}
	}
	if r.External {
		return s.external(r.Path)
	}
	out := api.OnResolveResult{Path: r.Path, Namespace: r.Namespace, Suffix: r.Suffix, PluginData: r.PluginData}
	if !r.SideEffects {
		out.SideEffects = api.SideEffectsFalse
	}
	return out
}

func (s *buildState) external(spec string) api.OnResolveResult {
	if s.esm {
		return api.OnResolveResult{Path: spec, Namespace: nsExternal}
	}
	return api.OnResolveResult{Path: spec, External: true}
}

// loadFile reads and stamps every file esbuild loads. Files of other types
// than pigo's source types are stamped and then left to esbuild's default
// loading (usually an error: there is no loader for them). Source files are
// prepared for goja by prepareScript.
func (s *buildState) loadFile(a api.OnLoadArgs) (api.OnLoadResult, error) {
	data, st, err := readStamped(a.Path)
	if err != nil {
		return api.OnLoadResult{}, err // names the path; esbuild adds the importing location
	}
	s.mu.Lock()
	s.stamps = append(s.stamps, st)
	s.mu.Unlock()

	loader, ok := loaderFor(a.Path)
	if !ok {
		return api.OnLoadResult{}, nil
	}
	text := string(data)
	if !isScript(loader) {
		return api.OnLoadResult{Contents: &text, Loader: loader}, nil
	}
	lowered, loader := lowerPropertyEscapes(text, loader, a.Path)
	changed := prepareScript(lowered, loader)
	if changed != text {
		s.mu.Lock()
		s.originals[a.Path] = text
		s.mu.Unlock()
	}
	return api.OnLoadResult{Contents: &changed, Loader: loader}, nil
}

// lowerPropertyEscapes turns the /u and /y regexp literals of a source
// file that mentions \p{ or \P{ into new RegExp calls. esbuild lowers a
// literal with a Unicode property escape (the "regexp-unicode-property-
// escapes" feature) only when the escape is outside a character class, so
// /[\p{L}_]/u would reach goja, which reads \p as "p". As new RegExp, the
// pattern reaches the webapi RegExp, which expands it. Only such files pay
// for this (every u/y literal in them is built at run time), and an inline
// source map keeps their positions. A TypeScript file comes out as
// JavaScript, its types stripped under the nearest tsconfig.json's
// compiler options (without following "extends").
func lowerPropertyEscapes(text string, loader api.Loader, path string) (string, api.Loader) {
	if !isScript(loader) || (!strings.Contains(text, `\p{`) && !strings.Contains(text, `\P{`)) {
		return text, loader
	}
	opts := api.TransformOptions{
		Loader:     loader,
		Target:     api.ESNext,
		Supported:  map[string]bool{"regexp-sticky-and-unicode-flags": false},
		Sourcemap:  api.SourceMapInline,
		Sourcefile: path,
		LogLevel:   api.LogLevelSilent,
		// Keep JSX as written; the build decides how to compile it.
		JSX: api.JSXPreserve,
	}
	out := loader
	switch loader {
	case api.LoaderTS:
		out = api.LoaderJS
		opts.TsconfigRaw = nearestTsconfig(path)
	case api.LoaderTSX:
		out = api.LoaderJSX
		opts.TsconfigRaw = nearestTsconfig(path)
	}
	r := api.Transform(text, opts)
	if len(r.Errors) > 0 {
		return text, loader // the build reports the error against the original text
	}
	return string(r.Code), out
}

// nearestTsconfig returns the text of the tsconfig.json closest above path,
// or "".
func nearestTsconfig(path string) string {
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		if b, err := os.ReadFile(filepath.Join(dir, "tsconfig.json")); err == nil {
			return string(b)
		}
		if parent := filepath.Dir(dir); parent == dir {
			return ""
		}
	}
}

// prepareScript makes a module's source ready for goja: a leading hashbang
// becomes a comment of the same length (a function body cannot start with
// "#!"), and a module that uses import.meta gets its binding appended.
func prepareScript(text string, loader api.Loader) string {
	if strings.HasPrefix(text, "#!") {
		text = "//" + text[2:]
	}
	text = unshadowUMDRequire(text)
	if usesImportMeta(text, loader) {
		text += "\nimport " + metaIdent + " from " + jsString(metaSpecifier) + ";\n"
	}
	return text
}

// umdFactory is how TypeScript's UMD output (jsonc-parser, the vscode-*
// packages) starts its module body: the body's require is the factory's
// parameter, so esbuild cannot see, and bundle, what it requires.
const umdFactory = "})(function (require, exports) {"

// unshadowUMDRequire renames that parameter, so the body's require calls
// reach esbuild like any CommonJS require. Node calls the factory with its
// own require, which is the same function.
func unshadowUMDRequire(text string) string {
	if !strings.Contains(text, "define.amd") || !strings.Contains(text, "factory(require, exports)") {
		return text
	}
	return strings.Replace(text, umdFactory, "})(function (__pigo_umd_require, exports) {", 1)
}

// loadEntry is the ESM build's entry: it imports the real entry and hands
// its namespace to doneIdent, which Code defines. Importing instead of
// re-exporting leaves the output with no export statement to convert.
func (s *buildState) loadEntry(a api.OnLoadArgs) (api.OnLoadResult, error) {
	src := "import * as ns from " + jsString(a.Path) + ";\n" + doneIdent + "(ns);\n"
	return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: filepath.Dir(a.Path)}, nil
}

func loadExternalShim(a api.OnLoadArgs) (api.OnLoadResult, error) {
	src := "module.exports = require(" + jsString(a.Path) + ");\n"
	return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
}

func (s *buildState) loadVirtual(a api.OnLoadArgs) (api.OnLoadResult, error) {
	src := prepareScript(s.virtual[a.Path], api.LoaderTS)
	return api.OnLoadResult{Contents: &src, Loader: api.LoaderTS, ResolveDir: filepath.Dir(s.entry)}, nil
}

// loadMissing is the stand-in for a dynamic import() target that does not
// resolve. It has no import/export syntax, so esbuild evaluates it lazily,
// inside the promise chain the lowered import() creates: the throw becomes
// that promise's rejection, with Node's message and code.
func loadMissing(a api.OnLoadArgs) (api.OnLoadResult, error) {
	src := "var e = new Error(\"Cannot find module '\" + " + jsString(a.Path) + " + \"'\");\n" +
		"e.code = \"ERR_MODULE_NOT_FOUND\";\nthrow e;\n"
	return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
}

// loadMeta is the import.meta object of the module at a.Path.
func loadMeta(a api.OnLoadArgs) (api.OnLoadResult, error) {
	src := fmt.Sprintf("export default { url: %s, filename: %s, dirname: %s };\n",
		jsString(FileURL(a.Path)), jsString(a.Path), jsString(filepath.Dir(a.Path)))
	return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, nil
}

// usesImportMeta reports whether a module really uses import.meta, by
// parsing it with the define the bundle uses and looking for the result.
// A module that fails to parse here is left alone; the bundle reports the
// syntax error.
func usesImportMeta(text string, loader api.Loader) bool {
	if !strings.Contains(text, "import.meta") {
		return false
	}
	r := api.Transform(text, api.TransformOptions{
		Loader:   loader,
		Target:   api.ESNext,
		Define:   map[string]string{"import.meta": metaProbeIdent},
		LogLevel: api.LogLevelSilent,
	})
	return len(r.Errors) == 0 && strings.Contains(string(r.Code), metaProbeIdent)
}

// loaderFor maps the source extensions pigo bundles to esbuild loaders.
func loaderFor(path string) (api.Loader, bool) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".ts", ".mts", ".cts":
		return api.LoaderTS, true
	case ".tsx":
		return api.LoaderTSX, true
	case ".js", ".mjs", ".cjs":
		return api.LoaderJS, true
	case ".jsx":
		return api.LoaderJSX, true
	case ".json":
		return api.LoaderJSON, true
	case ".txt":
		return api.LoaderText, true
	}
	return api.LoaderNone, false
}

func isScript(l api.Loader) bool {
	return l == api.LoaderTS || l == api.LoaderTSX || l == api.LoaderJS || l == api.LoaderJSX
}

// FileURL is Node's url.pathToFileURL for an absolute path.
func FileURL(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows: C:/x -> /C:/x
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s) // a string always marshals
	return string(b)
}
