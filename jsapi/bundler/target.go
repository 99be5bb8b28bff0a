package bundler

import (
	"fmt"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// target is the language level esbuild emits before the goja overrides in
// supportedFeatures: everything up to ES2022 is left alone unless listed.
const target = api.ES2022

// supportedFeatures tells esbuild which ES2022 features the pinned goja
// cannot run, so it lowers them. Each entry was found by compiling and
// running a snippet in goja (see target_test.go, which fails when goja
// starts supporting one of them, so the list can shrink). Features not
// listed run natively in goja: class private fields/methods/accessors and
// `#x in o`, static blocks, optional chaining, ??, logical assignment,
// object rest/spread, BigInt, numeric separators, exponent, regexp named
// groups, lookbehind, /s, /y and /u, async functions and generators.
func supportedFeatures() map[string]bool {
	return map[string]bool{
		// goja: "Async generators are not supported yet". esbuild rewrites
		// them into generators driven by the __asyncGenerator helper.
		"async-generator": false,
		// goja has no `for await`; esbuild rewrites it with __forAwait.
		// goja also has no Symbol.asyncIterator: the helpers fall back to
		// Symbol.for("Symbol.asyncIterator"), which a host polyfill must use
		// too if Go-made async iterables are to interoperate.
		"for-await": false,
		// goja scripts cannot parse import(); it becomes
		// Promise.resolve().then(() => require(...)), so dynamic imports of
		// bundled, external and missing modules all settle as promises.
		"dynamic-import": false,
		// goja rejects `super.x` directly inside a field initializer
		// ("'super' keyword unexpected here"), instance or static. Lowering
		// fields moves initializers into the constructor (and, as esbuild
		// requires, private members onto WeakMaps): slower private access,
		// but every valid class compiles.
		"class-field":        false,
		"class-static-field": false,
		// goja cannot parse `using` / `await using`; esbuild's __using and
		// __callDispose helpers cope without Symbol.dispose or SuppressedError.
		"using": false,
		// Standard decorators and `accessor` fields do not parse in goja.
		"decorators": false,
		// goja rejects the /d and /v flags at compile time, which would fail
		// the whole bundle. Unsupported regexp features make esbuild emit
		// `new RegExp(...)`, which reaches the webapi RegExp: it implements
		// them, and whatever it cannot do throws there, at run time.
		"regexp-match-indices": false,
		"regexp-set-notation":  false,
		// goja reads \p{..} under /u as the literal "p{..}"; as new RegExp
		// they reach the webapi RegExp, which expands them.
		"regexp-unicode-property-escapes": false,
	}
}

// TransformModule turns one host-module source (TypeScript or JavaScript,
// ES module or CommonJS) into a CommonJS body for the same wrapper Bundle
// uses, with the same target lowering, so pigo's own modules run on goja
// under the same rules as extensions. name appears in error messages.
// An ES module exports its namespace object itself (inPlaceExports).
func TransformModule(name, src string, ts bool) (string, error) {
	loader := api.LoaderJS
	if ts {
		loader = api.LoaderTS
	}
	res := api.Transform(src, api.TransformOptions{
		Loader:     loader,
		Format:     api.FormatCommonJS,
		Target:     target,
		Supported:  supportedFeatures(),
		Sourcefile: name,
		Platform:   api.PlatformNode,
	})
	if len(res.Errors) > 0 {
		m := res.Errors[0]
		if m.Location != nil {
			return "", fmt.Errorf("transform %s:%d:%d: %s", name, m.Location.Line, m.Location.Column+1, m.Text)
		}
		return "", fmt.Errorf("transform %s: %s", name, m.Text)
	}
	return inPlaceExports(string(res.Code)), nil
}

// inPlaceExports makes an ES-module host module export its own namespace
// object instead of esbuild's copy of it. esbuild's CommonJS form builds
// the namespace (`var x_exports = {}; __export(x_exports, {...getters})`)
// and then `module.exports = __toCommonJS(x_exports)`, which copies every
// export onto a fresh object through one more getter closure each: for
// typebox's ~300 exports that copy was a large part of what a runtime
// allocates to import it. The namespace itself, marked __esModule first
// as the copy is, has the same own keys in the same order and the same
// live bindings.
func inPlaceExports(code string) string {
	const call, end = "module.exports = __toCommonJS(", ");\n"
	i := strings.Index(code, call)
	if i < 0 {
		return code
	}
	ns, _, ok := strings.Cut(code[i+len(call):], end)
	if !ok || strings.ContainsAny(ns, " \t\n()") {
		return code
	}
	decl := "var " + ns + " = {};\n"
	d := strings.Index(code, decl)
	if d < 0 || d > i {
		return code
	}
	var b strings.Builder
	b.Grow(len(code) + 64)
	b.WriteString(code[:d])
	b.WriteString("var " + ns + " = __defProp({}, \"__esModule\", { value: true });\n")
	b.WriteString(code[d+len(decl) : i])
	b.WriteString("module.exports = " + ns + ";\n")
	b.WriteString(code[i+len(call)+len(ns)+len(end):])
	return b.String()
}

// CacheKey identifies the bundler's output format and esbuild version, for
// caches of its results kept elsewhere.
func CacheKey() string { return fmt.Sprintf("format=%d esbuild=%s", recordFormat, esbuildVersion()) }
