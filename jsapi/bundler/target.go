package bundler

import (
	"errors"
	"fmt"
	"strconv"
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
	code, _ := markAsyncGenerators(string(res.Code), WrapperPrefix)
	return dropUnusedHelpers(dataExports(inPlaceExports(code))), nil
}

// esbuildHelpers are the names of esbuild's runtime helpers (its
// internal/runtime): esbuild renames any other top-level binding that
// would take one of them, so `var __name = ` at the top level of its
// output is always the helper.
var esbuildHelpers = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`__accessCheck __async __asyncGenerator __await __callDispose __commonJS
		__commonJSMin __copyProps __create __decorateClass __decorateElement __decorateParam __decoratorContext
		__decoratorMetadata __decoratorStart __decoratorStrings __defNormalProp __defProp __defProps __earlyAccess
		__esm __esmMin __expectFn __export __forAwait __freeze __getOwnPropDesc __getOwnPropDescs __getOwnPropNames
		__getOwnPropSymbols __getProtoOf __glob __hasOwnProp __knownSymbol __name __objRest __pow __privateAdd
		__privateGet __privateIn __privateMethod __privateSet __privateWrapper __propIsEnum __publicField __reExport
		__reflectGet __reflectSet __require __restKey __runInitializers __spreadProps __spreadValues __superGet
		__superSet __superWrapper __template __toBinary __toBinaryNode __toCommonJS __toESM __typeError __using
		__yieldStar`) {
		esbuildHelpers[n] = true
	}
}

// dropUnusedHelpers removes the esbuild runtime helpers nothing in code
// uses, and then those only they used. inPlaceExports and dataExports
// leave __export, __toCommonJS and __copyProps unused in most host
// modules, and each is a function object every runtime that evaluates the
// module would make. A helper's statement is its `var __name = ` line at
// column 0 and the lines after it that are indented or close it.
func dropUnusedHelpers(code string) string {
	type helper struct {
		name       string
		start, end int // code[start:end] is the statement, newline included
	}
	var helpers []helper
	for at := 0; at < len(code); {
		end := lineEnd(code, at)
		if name, _, ok := strings.Cut(strings.TrimPrefix(code[at:end], "var "), " = "); ok && strings.HasPrefix(code[at:], "var __") && esbuildHelpers[name] {
			for end < len(code) && strings.ContainsRune(" \t})", rune(code[end])) {
				end = lineEnd(code, end)
			}
			helpers = append(helpers, helper{name, at, end})
		}
		at = end
	}
	for dropped := true; dropped; {
		dropped = false
		for i, h := range helpers {
			if h.name == "" || identUses(code, h.name) > identUses(code[h.start:h.end], h.name) {
				continue
			}
			// Blank the statement (same length, so the others' offsets
			// hold); the blank lines are removed below.
			code = code[:h.start] + strings.Repeat("\n", h.end-h.start) + code[h.end:]
			helpers[i].name, dropped = "", true
		}
	}
	var b strings.Builder
	b.Grow(len(code))
	last := 0
	for _, h := range helpers {
		if h.name == "" {
			b.WriteString(code[last:h.start])
			last = h.end
		}
	}
	b.WriteString(code[last:])
	return b.String()
}

// lineEnd returns the offset after the newline ending the line at at.
func lineEnd(code string, at int) int {
	if i := strings.IndexByte(code[at:], '\n'); i >= 0 {
		return at + i + 1
	}
	return len(code)
}

// identUses counts the occurrences of ident in code as a whole word.
func identUses(code, ident string) int {
	n := 0
	for at := 0; ; {
		j := strings.Index(code[at:], ident)
		if j < 0 {
			return n
		}
		start := at + j
		at = start + len(ident)
		if (start == 0 || !isIdentByte(code[start-1])) && (at == len(code) || !isIdentByte(code[at])) {
			n++
		}
	}
}

// LowerFunctionBody lowers src, the body of a sloppy function (a script
// that may return), with the same target lowering and async generator
// marking as Bundle, for code a runtime compiles at run time (the
// AsyncGeneratorFunction constructor). The error is esbuild's first.
func LowerFunctionBody(src string) (string, error) {
	res := api.Transform(src, api.TransformOptions{
		Target:    target,
		Supported: supportedFeatures(),
		LogLevel:  api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		return "", errors.New(res.Errors[0].Text)
	}
	code, _ := markAsyncGenerators(string(res.Code), functionBodyPrefix)
	return code, nil
}

// functionBodyPrefix is what LowerFunctionBody's output is parsed after (a
// function, so it may return); WrapperSuffix closes it.
const functionBodyPrefix = "(function () {"

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

// dataExports turns the exports of a host module's immutable bindings
// into data properties. esbuild exports every binding through a getter
// closure (`__export(ns, { A: () => A, ... })`) so `let` exports stay
// live; a runtime evaluating typebox's ~300 exports spent two thirds of
// the module's cost on those closures and their descriptors. A function
// declaration (hoisted, so assigned where the getters were) and a
// top-level const or class that nothing reassigns (assigned when the body
// has run) hold the same value forever; other bindings keep their getter.
// The properties are plain (writable, configurable) ones: only pigo's own
// modules see an internal module's namespace.
func dataExports(code string) string {
	const open, close = "__export(", "\n});\n"
	i := strings.Index(code, open)
	if i < 0 || i > 0 && code[i-1] != '\n' {
		return code
	}
	ns, rest, ok := strings.Cut(code[i+len(open):], ", {\n")
	if !ok || strings.ContainsAny(ns, " \t\n()") {
		return code
	}
	body, _, ok := strings.Cut(rest, close)
	if !ok {
		return code
	}
	blockEnd := i + len(open) + len(ns) + len(", {\n") + len(body) + len(close)
	var getters, hoisted, atEnd []string
	for _, line := range strings.Split(body, "\n") {
		entry := strings.TrimSuffix(strings.TrimSpace(line), ",")
		key, ident, ok := strings.Cut(entry, ": () => ")
		if !ok {
			return code // not esbuild's form: leave the module alone
		}
		if !isIdent(ident) { // a re-export (import_x.name): stays live
			getters = append(getters, "  "+entry)
			continue
		}
		prop := "." + key
		if !isIdent(key) {
			prop = "[" + strconv.Quote(strings.Trim(key, `"`)) + "]"
		}
		switch bindingKind(code, ident) {
		case "function":
			hoisted = append(hoisted, ns+prop+" = "+ident+";\n")
		case "fixed":
			atEnd = append(atEnd, ns+prop+" = "+ident+";\n")
		default:
			getters = append(getters, "  "+entry)
		}
	}
	var b strings.Builder
	b.Grow(len(code))
	b.WriteString(code[:i])
	if len(getters) > 0 {
		b.WriteString(open + ns + ", {\n" + strings.Join(getters, ",\n") + close)
	}
	b.WriteString(strings.Join(hoisted, ""))
	tail := code[blockEnd:]
	// esbuild's closing annotation for Node's export lexer stays last.
	annot := strings.LastIndex(tail, "\n0 && (module.exports = ")
	if annot < 0 {
		annot = len(tail)
	} else {
		annot++
	}
	b.WriteString(tail[:annot])
	if annot > 0 && tail[annot-1] != '\n' {
		b.WriteString("\n")
	}
	b.WriteString(strings.Join(atEnd, ""))
	b.WriteString(tail[annot:])
	return b.String()
}

// bindingKind classifies a top-level binding of esbuild's output:
// "function" (a function declaration), "fixed" (a const or class nothing
// assigns again) or "" (anything else: keep it live).
func bindingKind(code, ident string) string {
	kind := ""
	for _, p := range []struct{ decl, kind string }{
		{"function " + ident + "(", "function"},
		{"async function " + ident + "(", "function"},
		{"function* " + ident + "(", "function"},
		{"async function* " + ident + "(", "function"},
		{"const " + ident + " = ", "fixed"},
		{"class " + ident + " ", "fixed"},
	} {
		if strings.HasPrefix(code, p.decl) || strings.Contains(code, "\n"+p.decl) {
			kind = p.kind
			break
		}
	}
	if kind == "" || reassigned(code, ident) {
		return ""
	}
	return kind
}

// reassigned reports whether code assigns ident anywhere but in its
// declaration (`ident = `, `ident += `, `ident++`, ...; not `x.ident = `).
// Another binding of the same name counts too: a false alarm only keeps a
// getter.
func reassigned(code, ident string) bool {
	for at := 0; ; {
		j := strings.Index(code[at:], ident)
		if j < 0 {
			return false
		}
		start := at + j
		at = start + len(ident)
		if start > 0 && (isIdentByte(code[start-1]) || code[start-1] == '.') || at < len(code) && isIdentByte(code[at]) {
			continue
		}
		if before := code[max(0, start-6):start]; strings.HasSuffix(before, "const ") || strings.HasSuffix(before, "class ") {
			continue // the declaration
		}
		next := strings.TrimLeft(code[at:min(len(code), at+8)], " ")
		switch {
		case strings.HasPrefix(next, "=="), strings.HasPrefix(next, "=>"):
		case strings.HasPrefix(next, "="), strings.HasPrefix(next, "++"), strings.HasPrefix(next, "--"):
			return true
		case len(next) > 1 && strings.Contains("+-*/%&|^?<>", next[:1]) && strings.Contains(next[1:min(len(next), 4)], "="):
			if !strings.HasPrefix(next, "<=") && !strings.HasPrefix(next, ">=") {
				return true
			}
		}
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdent(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return true
}

// CacheKey identifies the bundler's output format and esbuild version, for
// caches of its results kept elsewhere.
func CacheKey() string { return fmt.Sprintf("format=%d esbuild=%s", recordFormat, esbuildVersion()) }
