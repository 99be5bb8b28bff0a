package core_test

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/bundler"
	"github.com/pigo-dev/pigo/jsapi/core"
	"github.com/pigo-dev/pigo/jsapi/modules"
	"github.com/pigo-dev/pigo/jsapi/modules/modulestest"
	"github.com/pigo-dev/pigo/jsapi/node"
	"github.com/pigo-dev/pigo/jsapi/webapi"
)

// The reference for the Go walk is the JavaScript fallback it replaced
// (testdata/jsfallback.ts), run through pigo's fs shim in a modulestest
// runtime: the differential tests and the benchmarks call both.

var jsFallbackSource = sync.OnceValues(func() (string, error) {
	b, err := os.ReadFile("testdata/jsfallback.ts")
	if err != nil {
		return "", err
	}
	return bundler.TransformModule("jsfallback.ts", string(b), true)
})

// jsFallback is a runtime with the old fallback loaded as the global
// `fallback` ({grepFallback, findFallback}) and pigo:core as `core`; cwd
// is its process.cwd().
type jsFallback struct {
	rt *modulestest.Runtime
}

func newJSFallback(t testing.TB, cwd string) *jsFallback {
	t.Helper()
	code, err := jsFallbackSource()
	if err != nil {
		t.Fatal(err)
	}
	mods := node.Modules()
	mods["pigo:core"] = core.Module(core.NewFileLocks())
	mods["jsfallback"] = func(rt modules.Runtime, module *goja.Object) error {
		return runCommonJS(rt, module, code)
	}
	mods["webapi"] = func(rt modules.Runtime, _ *goja.Object) error {
		return webapi.Install(rt.VM(), webapi.Options{}) // TextDecoder, AbortController, as in a plugin runtime
	}
	rt := modulestest.New(t, modulestest.Options{Modules: mods, Cwd: cwd})
	rt.MustRun(`require("webapi"); globalThis.fallback = require("jsfallback"); globalThis.core = require("pigo:core"); undefined`)
	return &jsFallback{rt: rt}
}

// grep runs the old grepFallback (on a directory) and returns its matches
// as GrepMatch values, stopping at limit (<= 0: no limit).
func (j *jsFallback) grep(t testing.TB, dir string, o core.GrepOptions) []core.GrepMatch {
	t.Helper()
	opts, _ := json.Marshal(map[string]any{"ignoreCase": o.IgnoreCase, "literal": o.Literal, "glob": o.Glob})
	pat, _ := json.Marshal(o.Pattern)
	d, _ := json.Marshal(dir)
	v, err := j.rt.Run(fmt.Sprintf(`(() => {
  const out = [];
  fallback.grepFallback(%s, %s, require("fs").statSync(%[2]s).isDirectory(), %[3]s, (m) => { out.push({Path: m.filePath, Line: m.lineNumber, Text: m.lineText}); return %d <= 0 || out.length < %d; });
  return JSON.stringify(out);
})()`, pat, d, opts, o.Limit, o.Limit))
	if err != nil {
		t.Fatalf("js grep %q: %v", o.Pattern, err)
	}
	var out []core.GrepMatch
	if err := json.Unmarshal([]byte(v.(string)), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// grepErr runs the old grepFallback and returns what it threw ("" for
// none).
func (j *jsFallback) grepErr(t testing.TB, dir string, o core.GrepOptions) string {
	t.Helper()
	opts, _ := json.Marshal(map[string]any{"ignoreCase": o.IgnoreCase, "literal": o.Literal})
	pat, _ := json.Marshal(o.Pattern)
	d, _ := json.Marshal(dir)
	v, err := j.rt.Run(fmt.Sprintf(`(() => { try { fallback.grepFallback(%s, %s, true, %s, () => true); return ""; } catch (e) { return e.message; } })()`, pat, d, opts))
	if err != nil {
		t.Fatal(err)
	}
	return v.(string)
}

// find runs the old findFallback.
func (j *jsFallback) find(t testing.TB, dir, pattern string, limit int) []string {
	t.Helper()
	pat, _ := json.Marshal(pattern)
	d, _ := json.Marshal(dir)
	lim := "Infinity"
	if limit > 0 {
		lim = fmt.Sprint(limit)
	}
	v, err := j.rt.Run(fmt.Sprintf(`JSON.stringify(fallback.findFallback(%s, %s, %s, () => false))`, pat, d, lim))
	if err != nil {
		t.Fatalf("js find %q: %v", pattern, err)
	}
	var out []string
	if err := json.Unmarshal([]byte(v.(string)), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// runCommonJS evaluates CommonJS code as module's body. Loop only.
func runCommonJS(rt modules.Runtime, module *goja.Object, code string) error {
	vm := rt.VM()
	fnv, err := vm.RunString("(function(exports, require, module){" + code + "\n})")
	if err != nil {
		return err
	}
	fn, _ := goja.AssertFunction(fnv)
	req := vm.ToValue(func(c goja.FunctionCall) goja.Value {
		v, err := rt.Require(c.Argument(0).String())
		if err != nil {
			rt.Throw(err)
		}
		return v
	})
	_, err = fn(goja.Undefined(), module.Get("exports"), req, module)
	return err
}
