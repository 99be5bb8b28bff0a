package bundler

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// These tests pin the goja findings behind supportedFeatures. When goja is
// upgraded, TestGojaLacksLoweredFeatures tells which lowering became
// unnecessary and TestGojaRunsNativeFeatures which native feature broke.

// gojaRuns compiles and runs src in a fresh runtime and reports whether it
// evaluated to want (compared as strings).
func gojaRuns(src, want string) (bool, string) {
	vm := goja.New()
	v, err := vm.RunString(src)
	if err != nil {
		return false, err.Error()
	}
	return v.String() == want, v.String()
}

func TestGojaLacksLoweredFeatures(t *testing.T) {
	t.Parallel()
	// One snippet per feature supportedFeatures lowers, valid ES2022+ that
	// evaluates to "ok" on a conforming engine.
	snippets := map[string]string{
		"async-generator":                 `async function* g() { yield 1 } "ok"`,
		"for-await":                       `async function f() { for await (const x of []) {} } "ok"`,
		"dynamic-import":                  `typeof import("x") === "object" ? "ok" : ""`,
		"class-field":                     `class B { m() { return "ok" } } class A extends B { x = super.m() } new A().x`,
		"class-static-field":              `class B { static m() { return "ok" } } class A extends B { static x = super.m() } A.x`,
		"using":                           `{ using x = null; } "ok"`,
		"decorators":                      `function d(v) { return v } class A { @d m() {} } "ok"`,
		"regexp-match-indices":            `/a/d.exec("a").indices[0][0] === 0 ? "ok" : ""`,
		"regexp-set-notation":             `/[\p{L}--[a-z]]/v.test("A") ? "ok" : ""`,
		"regexp-unicode-property-escapes": `/\p{L}/u.test("a") && !/\p{L}/u.test("1") ? "ok" : ""`,
	}
	for feature, supported := range supportedFeatures() {
		if supported {
			continue
		}
		src, ok := snippets[feature]
		if !ok {
			t.Errorf("no goja probe for lowered feature %q", feature)
			continue
		}
		if ok, _ := gojaRuns(src, "ok"); ok {
			t.Errorf("goja now runs %q natively; drop it from supportedFeatures", feature)
		}
	}
}

func TestGojaRunsNativeFeatures(t *testing.T) {
	t.Parallel()
	// ES2022 features left to goja, each evaluating to "ok".
	snippets := map[string]string{
		"class-private-field":         `class A { #x = "ok"; get() { return this.#x } } new A().get()`,
		"class-private-method":        `class A { #m() { return "ok" } get() { return this.#m() } } new A().get()`,
		"class-private-accessor":      `class A { get #m() { return "ok" } get() { return this.#m } } new A().get()`,
		"class-private-static":        `class A { static #x = "ok"; static #m() { return A.#x } static get() { return A.#m() } } A.get()`,
		"class-private-brand-check":   `class A { #x; static is(o) { return #x in o } } A.is(new A()) && !A.is({}) ? "ok" : ""`,
		"class-static-blocks":         `class A { static { A.v = "ok" } } A.v`,
		"class-field-arrow-super":     `class B { m() { return "ok" } } class A extends B { f = () => super.m() } new A().f()`,
		"optional-chain":              `var o = null; (o?.a?.b ?? "ok")`,
		"optional-call":               `var o = {}; o.f?.() ?? "ok"`,
		"logical-assignment":          `var a = null; a ??= "o"; a &&= a + "k"; a ||= "x"; a`,
		"object-rest-spread":          `var { a, ...r } = { a: 1, b: "ok" }; ({ ...r }).b`,
		"bigint":                      `(2n ** 64n).toString() === "18446744073709551616" ? "ok" : ""`,
		"numeric-separators":          `1_000 === 1000 ? "ok" : ""`,
		"exponent-operator":           `2 ** 10 === 1024 ? "ok" : ""`,
		"optional-catch-binding":      `try { throw 1 } catch { } "ok"`,
		"regexp-named-capture-groups": `/(?<v>ok)/.exec("ok").groups.v`,
		"regexp-lookbehind":           `/(?<=o)k/.test("ok") ? "ok" : ""`,
		"regexp-dot-all-flag":         `/o.k/s.test("o\nk") ? "ok" : ""`,
		"regexp-sticky-and-unicode":   `/o/y.test("o") && /\u{1F600}/u.test("\u{1F600}") ? "ok" : ""`,
		"async-await":                 `(async () => await 1)() instanceof Promise ? "ok" : ""`,
		"generator":                   `function* g() { yield "ok" } g().next().value`,
		"nested-rest-binding":         `var [a, ...[b]] = [1, "ok"]; b`,
		"new-target":                  `function F() { this.v = new.target === F ? "ok" : "" } new F().v`,
		"template-literal":            "`o${\"k\"}`",
		"hashbang":                    "#!/usr/bin/env node\n\"ok\"",
	}
	for name, src := range snippets {
		if ok, got := gojaRuns(src, "ok"); !ok {
			t.Errorf("goja no longer runs %s: %s", name, got)
		}
	}
}

// LowerFunctionBody gives goja a function body it can run: an async
// generator returned from it is lowered and marked, and an error names
// esbuild's complaint.
func TestLowerFunctionBody(t *testing.T) {
	code, err := LowerFunctionBody("return async function* anonymous(a\n) {\nyield a;\n};")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(code, asyncGenMark) {
		t.Errorf("the lowered function is not marked:\n%s", code)
	}
	if ok, got := gojaRuns("typeof (function () {"+code+WrapperSuffix+"()", "function"); !ok {
		t.Errorf("goja: %s\n%s", got, code)
	}
	if _, err := LowerFunctionBody("return async function* () { yield + };"); err == nil || !strings.Contains(err.Error(), "Unexpected") {
		t.Errorf("bad source: %v", err)
	}
}
