package bundler_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

var piExternals = []string{"@mariozechner/*", "typebox"}

func TestBundleTypeScriptWithLocalImport(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": `import { greet, type Greeting } from "./helper";

interface Pi { register(name: string, value: Greeting): void }

export default function (pi: Pi): void {
  pi.register("hello", greet("pigo"));
}
`,
		"helper.ts": `export type Greeting = { text: string };
export function greet(who: string): Greeting {
  return { text: ` + "`hello ${who}`" + ` };
}
`,
	})
	entry := filepath.Join(dir, "index.ts")
	bun := mustBundle(t, bundler.New(bundler.Options{}), entry)

	if bun.Entry != entry || bun.Async || bun.FromCache {
		t.Errorf("Entry=%q Async=%v FromCache=%v", bun.Entry, bun.Async, bun.FromCache)
	}
	for _, want := range []string{entry, filepath.Join(dir, "helper.ts")} {
		if !slices.Contains(bun.Inputs, want) {
			t.Errorf("Inputs %v lack %s", bun.Inputs, want)
		}
	}
	if len(bun.Hash) != 64 {
		t.Errorf("Hash = %q, want 64 hex digits", bun.Hash)
	}
	if !strings.Contains(bun.SourceMap, `"sourcesContent"`) || !strings.Contains(bun.SourceMap, strings.ReplaceAll(entry, `\`, `\\`)) {
		t.Errorf("SourceMap lacks absolute sources or sourcesContent: %.300s", bun.SourceMap)
	}

	m := evalBundle(t, bun, nil)
	if esm := m.exports.Get("__esModule"); esm == nil || !esm.ToBoolean() {
		t.Errorf("module.exports.__esModule = %v, want true", esm)
	}
	var got []string
	pi := map[string]any{"register": func(name string, v map[string]any) { got = append(got, name+"="+v["text"].(string)) }}
	m.call(t, "default", pi)
	if want := []string{"hello=hello pigo"}; !slices.Equal(got, want) {
		t.Errorf("registered %v, want %v", got, want)
	}
}

func TestBundleCommonJSEntry(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.js": `"use strict";
const { twice } = require("./lib.cjs");
module.exports = function (pi) { return twice(pi.n); };
`,
		"lib.cjs": `// mentions import.meta in a comment only; must stay CommonJS
exports.twice = (n) => n * 2;
`,
	})
	bun := mustBundle(t, bundler.New(bundler.Options{}), filepath.Join(dir, "index.js"))
	m := evalBundle(t, bun, nil)
	if got := m.call(t, "", map[string]any{"n": 21}).ToInteger(); got != 42 {
		t.Errorf("module.exports(pi) = %d, want 42", got)
	}
}

func TestBundleErrors(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"syntax.ts": `export default function (pi: any) {
  const ok: number = 1;
  const broken: number = ;
}
`,
		"imports-broken.ts": `import { x } from "./broken-helper";
export default x;
`,
		"broken-helper.ts": `export const x = 1;
export const y = (;
`,
		"tla-unknown.ts": `const v = await Promise.resolve(1);
import pad from "left-pad-not-here";
export default pad + v;
`,
		"unknown.ts": `import * as fs from "node:fs";
import pad from "left-pad-not-here";
export default pad;
`,
	})
	b := bundler.New(bundler.Options{})
	tests := []struct {
		entry, file  string
		line, column int
		text         string
	}{
		{"syntax.ts", "syntax.ts", 3, 25, `Unexpected ";"`},
		{"imports-broken.ts", "broken-helper.ts", 2, 18, `Unexpected ";"`},
		{"unknown.ts", "unknown.ts", 2, 16, `Could not resolve "left-pad-not-here"`},
		{"tla-unknown.ts", "tla-unknown.ts", 2, 16, `Could not resolve "left-pad-not-here"`},
		{"missing.ts", "missing.ts", 0, 0, "cannot read entry"},
	}
	for _, tt := range tests {
		t.Run(tt.entry, func(t *testing.T) {
			t.Parallel()
			_, err := b.Bundle(context.Background(), filepath.Join(dir, tt.entry))
			var berr *bundler.Error
			if !errors.As(err, &berr) {
				t.Fatalf("err = %v (%T), want *bundler.Error", err, err)
			}
			if len(berr.Messages) != 1 {
				t.Errorf("messages = %v, want exactly one", berr.Messages)
			}
			m := berr.Messages[0]
			if m.File != filepath.Join(dir, tt.file) || m.Line != tt.line || m.Column != tt.column || !strings.Contains(m.Text, tt.text) {
				t.Errorf("message = %+v, want %s:%d:%d %q", m, tt.file, tt.line, tt.column, tt.text)
			}
			if tt.line > 0 && m.LineText == "" {
				t.Errorf("LineText empty")
			}
			first := strings.SplitN(err.Error(), "\n", 2)[0]
			wantPrefix := filepath.Join(dir, tt.file) + ":"
			if !strings.HasPrefix(first, wantPrefix) || !strings.Contains(first, tt.text) {
				t.Errorf("Error() first line = %q, want %s... %q", first, wantPrefix, tt.text)
			}
		})
	}
}

func TestBundleExternalsStayRequireCalls(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": `import { Type } from "typebox";
import { Compile } from "typebox/compile";
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { getAgentDir } from "@mariozechner/pi-coding-agent";
import { readFileSync } from "node:fs";
import * as path from "path";
import fs from "fs";

export default function (pi: ExtensionAPI) {
  return [Type.name, typeof Compile, getAgentDir(), readFileSync("x"), path.sep, typeof fs.existsSync].join(",");
}
`,
	})
	bun := mustBundle(t, bundler.New(bundler.Options{External: piExternals}), filepath.Join(dir, "index.ts"))
	for _, spec := range []string{"typebox", "typebox/compile", "@mariozechner/pi-coding-agent", "node:fs", "path", "fs"} {
		if !strings.Contains(bun.Code, `require("`+spec+`")`) {
			t.Errorf("Code lacks require(%q)", spec)
		}
	}
	m := evalBundle(t, bun, map[string]string{
		"typebox":                       `{ Type: { name: "T" } }`,
		"typebox/compile":               `{ Compile() {} }`,
		"@mariozechner/pi-coding-agent": `{ getAgentDir: () => "/agent" }`,
		"node:fs":                       `{ readFileSync: (p) => "read:" + p }`,
		"path":                          `{ sep: "/" }`,
		"fs":                            `{ existsSync() {} }`,
	})
	if got, want := m.call(t, "default", nil).String(), "T,function,/agent,read:x,/,function"; got != want {
		t.Errorf("default() = %q, want %q", got, want)
	}
}

func TestBundleResolvesNodeModulesNextToExtension(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"ext/index.ts":                              `import ms from "tiny-ms"; export default () => ms("2s");`,
		"ext/node_modules/tiny-ms/package.json":     `{"name": "tiny-ms", "main": "lib/index.js"}`,
		"ext/node_modules/tiny-ms/lib/index.js":     `module.exports = function (s) { return parseInt(s, 10) * require("./unit.json").second; };`,
		"ext/node_modules/tiny-ms/lib/unit.json":    `{"second": 1000}`,
		"ext/node_modules/tiny-ms/lib/unused.js":    `throw new Error("not imported");`,
		"ext/node_modules/tiny-ms/lib/README.txt":   `not imported`,
		"ext/node_modules/other/package.json":       `{"name": "other"}`,
		"ext/node_modules/other/index.js":           `module.exports = 1;`,
		"ext/node_modules/tiny-ms/lib/nested/x.txt": `unused`,
	})
	entry := filepath.Join(dir, "ext", "index.ts")
	bun := mustBundle(t, bundler.New(bundler.Options{}), entry)
	for _, want := range []string{
		"ext/node_modules/tiny-ms/lib/index.js",
		"ext/node_modules/tiny-ms/lib/unit.json",
		"ext/node_modules/tiny-ms/package.json",
	} {
		if !slices.Contains(bun.Inputs, filepath.Join(dir, filepath.FromSlash(want))) {
			t.Errorf("Inputs lack %s: %v", want, bun.Inputs)
		}
	}
	if slices.Contains(bun.Inputs, filepath.Join(dir, "ext/node_modules/other/index.js")) {
		t.Errorf("Inputs contain an unimported package")
	}
	m := evalBundle(t, bun, nil)
	if got := m.call(t, "default").ToInteger(); got != 2000 {
		t.Errorf("default() = %d, want 2000", got)
	}
}

// A TypeScript UMD module's require calls are its factory parameter's;
// the bundle still holds the files they name.
func TestBundleUMDModuleRequires(t *testing.T) {
	t.Parallel()
	umd := func(body string) string {
		return `(function (factory) {
    if (typeof module === "object" && typeof module.exports === "object") {
        var v = factory(require, exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports", "./impl"], factory);
    }
})(function (require, exports) {
` + body + "\n});\n"
	}
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"ext/index.ts":                          `import { twice } from "umd-dep"; export default () => twice(21);`,
		"ext/node_modules/umd-dep/package.json": `{"name": "umd-dep", "main": "lib/main.js"}`,
		"ext/node_modules/umd-dep/lib/main.js":  umd(`const impl = require("./impl"); exports.twice = (n) => impl.mul(n, 2);`),
		"ext/node_modules/umd-dep/lib/impl.js":  umd(`exports.mul = (a, b) => a * b;`),
	})
	bun := mustBundle(t, bundler.New(bundler.Options{}), filepath.Join(dir, "ext", "index.ts"))
	if !slices.Contains(bun.Inputs, filepath.Join(dir, "ext/node_modules/umd-dep/lib/impl.js")) {
		t.Fatalf("the UMD body's require was not bundled: %v", bun.Inputs)
	}
	m := evalBundle(t, bun, nil)
	if got := m.call(t, "default").ToInteger(); got != 42 {
		t.Errorf("default() = %d, want 42", got)
	}
}

// Two modules' functions and classes of the same name keep that name in
// the bundle, as each keeps it in Node.
func TestBundleKeepsNames(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": `import { AuthError as A1, make as m1 } from "./a"; import { AuthError as A2, make as m2 } from "./b";
export default () => [A1.name, A2.name, m1.name, m2.name, new A2().constructor.name].join(",");`,
		"a.ts": `export class AuthError extends Error {} export function make() { return 1; }`,
		"b.ts": `export class AuthError extends Error {} export function make() { return 2; }`,
	})
	m := evalBundle(t, mustBundle(t, bundler.New(bundler.Options{}), filepath.Join(dir, "index.ts")), nil)
	if got, want := m.call(t, "default").String(), "AuthError,AuthError,make,make,AuthError"; got != want {
		t.Errorf("names = %q, want %q", got, want)
	}
}

func TestBundleTopLevelAwait(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": `import { base } from "./dep";
import { sep } from "node:path";
import { name } from "@mariozechner/pi-tui";

const lazy = await import("./lazy.ts");
const fs = await import("node:fs");
const missing = await import("not-installed-anywhere").catch((e: Error) => e.message);
const cfg: number = await Promise.resolve(40);

export const info = [sep, name, fs.tag, missing].join("|");
export default function () { return cfg + base + lazy.one; }
`,
		"dep.ts":  `export const base = await Promise.resolve(1);`,
		"lazy.ts": `export const one = 1;`,
	})
	b := bundler.New(bundler.Options{External: piExternals})
	bun := mustBundle(t, b, filepath.Join(dir, "index.ts"))
	if !bun.Async {
		t.Fatalf("Async = false for an entry with top-level await")
	}
	if !slices.Contains(bun.Inputs, filepath.Join(dir, "lazy.ts")) {
		t.Errorf("Inputs lack the dynamically imported lazy.ts: %v", bun.Inputs)
	}
	m := evalBundle(t, bun, map[string]string{
		"node:path":            `{ sep: "/" }`,
		"@mariozechner/pi-tui": `{ name: "tui" }`,
		"node:fs":              `{ tag: "fs" }`,
	})
	if got := m.call(t, "default").ToInteger(); got != 42 {
		t.Errorf("default() = %d, want 42", got)
	}
	if got, want := m.exports.Get("info").String(), "/|tui|fs|Cannot find module 'not-installed-anywhere'"; got != want {
		t.Errorf("info = %q, want %q", got, want)
	}
	if esm := m.exports.Get("__esModule"); esm == nil || !esm.ToBoolean() {
		t.Errorf("module.exports.__esModule = %v, want true", esm)
	}

	// A top-level error rejects the evaluation promise.
	writeFiles(t, dir, map[string]string{"throws.ts": `await null; throw new Error("boom"); export {};`})
	thr := mustBundle(t, b, filepath.Join(dir, "throws.ts"))
	vm := goja.New()
	fn, err := vm.RunString(thr.Script())
	if err != nil {
		t.Fatal(err)
	}
	call, _ := goja.AssertFunction(fn)
	mod := vm.NewObject()
	_ = mod.Set("exports", vm.NewObject())
	ret, err := call(nil, mod.Get("exports"), goja.Undefined(), mod, vm.ToValue(thr.Entry), vm.ToValue(dir))
	if err != nil {
		t.Fatal(err)
	}
	if p := ret.Export().(*goja.Promise); p.State() != goja.PromiseStateRejected || !strings.Contains(p.Result().String(), "boom") {
		t.Errorf("promise %v %v, want rejected with boom", p.State(), p.Result())
	}
}

func TestBundleDynamicImport(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": `export async function missingPackage() {
  try { await import("left-pad-not-here"); return "resolved"; }
  catch (e: any) { return e.message + "|" + e.code; }
}
export async function missingFile() {
  return import("./nope.ts").then(() => "resolved", (e) => e.message);
}
export async function computed(name: string) {
  return import(name).then(() => "resolved", (e) => e.message);
}
export async function local() { return (await import("./lazy")).value; }
export async function host() { return (await import("@mariozechner/pi-ai")).default.kind; }
`,
		"lazy.ts": `export const value = "lazy";`,
	})
	bun := mustBundle(t, bundler.New(bundler.Options{External: piExternals}), filepath.Join(dir, "index.ts"))
	if bun.Async {
		t.Errorf("Async = true without top-level await")
	}
	m := evalBundle(t, bun, map[string]string{"@mariozechner/pi-ai": `{ kind: "ai" }`})
	for _, tt := range []struct {
		fn   string
		args []any
		want string
	}{
		{"missingPackage", nil, "Cannot find module 'left-pad-not-here'|ERR_MODULE_NOT_FOUND"},
		{"missingFile", nil, "Cannot find module './nope.ts'"},
		{"computed", []any{"not-served"}, "Cannot find module 'not-served'"},
		{"local", nil, "lazy"},
		{"host", nil, "ai"},
	} {
		if got := m.call(t, tt.fn, tt.args...).String(); got != tt.want {
			t.Errorf("%s() = %q, want %q", tt.fn, got, tt.want)
		}
	}
}

func TestBundleImportMeta(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"my ext/index.ts": `#!/usr/bin/env node
import { helperURL, helperDir } from "./sub/helper";
export const url = import.meta.url;
export const file = import.meta.filename;
export const dir = import.meta.dirname;
export { helperURL, helperDir };
export default () => url;
`,
		"my ext/sub/helper.ts": `export const helperURL: string = import.meta.url;
export const helperDir = import.meta.dirname;
`,
	})
	entry := filepath.Join(dir, "my ext", "index.ts")
	bun := mustBundle(t, bundler.New(bundler.Options{}), entry)
	m := evalBundle(t, bun, nil)
	helper := filepath.Join(dir, "my ext", "sub", "helper.ts")
	for name, want := range map[string]string{
		"url":       "file://" + filepath.ToSlash(strings.ReplaceAll(entry, " ", "%20")),
		"file":      entry,
		"dir":       filepath.Dir(entry),
		"helperURL": "file://" + filepath.ToSlash(strings.ReplaceAll(helper, " ", "%20")),
		"helperDir": filepath.Dir(helper),
	} {
		if got := m.exports.Get(name).String(); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	// The source map shows the author's text, not the plugin's additions.
	if strings.Contains(bun.SourceMap, "pigo:import-meta") || !strings.Contains(bun.SourceMap, "#!/usr/bin/env node") {
		t.Errorf("sourcesContent not restored: %.400s", bun.SourceMap)
	}
}

func TestBundleVirtualModule(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": `import { kind, helper, where } from "@pi/virtual-types";
export default () => kind + ":" + helper + ":" + (where === import.meta.url);
`,
		"local.ts": `export const helper = "local";`,
	})
	b := bundler.New(bundler.Options{
		External: []string{"@pi/*"},
		Virtual:  map[string]string{"@pi/virtual-types": `export const kind: string = "virtual"; export const where = import.meta.url; export { helper } from "./local";`},
	})
	bun := mustBundle(t, b, filepath.Join(dir, "index.ts"))
	if got := evalBundle(t, bun, nil).call(t, "default").String(); got != "virtual:local:true" {
		t.Errorf("default() = %q, want virtual:local:true", got)
	}

	broken := bundler.New(bundler.Options{Virtual: map[string]string{"@pi/virtual-types": "export const kind = ;"}})
	_, err := broken.Bundle(context.Background(), filepath.Join(dir, "index.ts"))
	var berr *bundler.Error
	if !errors.As(err, &berr) || berr.Messages[0].File != "pigo-virtual:@pi/virtual-types" || berr.Messages[0].Line != 1 {
		t.Errorf("virtual syntax error = %v, want it located in pigo-virtual:@pi/virtual-types:1", err)
	}
}

func TestBundleSourceMapLocatesRuntimeErrors(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": `import { fail } from "./fail";
export default function () {
  return fail();
}
`,
		"fail.ts": `type Unused = string;

export function fail(): never {
  throw new Error("from fail");
}
`,
	})
	bun := mustBundle(t, bundler.New(bundler.Options{}), filepath.Join(dir, "index.ts"))
	m := evalBundle(t, bun, nil)
	fn, _ := goja.AssertFunction(m.exports.Get("default"))
	_, err := fn(goja.Undefined())
	var ex *goja.Exception
	if !errors.As(err, &ex) {
		t.Fatalf("err = %v, want a JS exception", err)
	}
	if want := filepath.Join(dir, "fail.ts") + ":4:"; !strings.Contains(ex.String(), want) {
		t.Errorf("stack does not point at %s:\n%s", want, ex.String())
	}
}

func TestBundleNoSourceMap(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{"index.ts": `export default () => 1;`})
	bun := mustBundle(t, bundler.New(bundler.Options{NoSourceMap: true}), filepath.Join(dir, "index.ts"))
	if bun.SourceMap != "" || strings.Contains(bun.Script(), "sourceMappingURL") {
		t.Errorf("source map produced with NoSourceMap")
	}
	if got := evalBundle(t, bun, nil).call(t, "default").ToInteger(); got != 1 {
		t.Errorf("default() = %d", got)
	}
}

func TestBundleContextCanceled(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{"index.ts": `export default 1;`})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := bundler.New(bundler.Options{})
	if _, err := b.Bundle(ctx, filepath.Join(dir, "index.ts")); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if n := b.Stats().Builds; n != 0 {
		t.Errorf("Builds = %d after a canceled call", n)
	}
}

func TestBundleConcurrent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{"shared.ts": `export const shared = 1;`}
	for _, name := range []string{"a", "b", "c", "d"} {
		files[name+".ts"] = `import { shared } from "./shared"; export default () => "` + name + `" + shared;`
	}
	writeFiles(t, dir, files)
	b := bundler.New(bundler.Options{CacheDir: t.TempDir()})
	var wg sync.WaitGroup
	for i := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := string(rune('a' + i%4))
			bun, err := b.Bundle(context.Background(), filepath.Join(dir, name+".ts"))
			if err != nil {
				t.Error(err)
				return
			}
			if !strings.Contains(bun.Code, `"`+name+`"`) {
				t.Errorf("bundle of %s.ts has the wrong code", name)
			}
		}()
	}
	wg.Wait()
}

func TestBundleRelativeEntry(t *testing.T) {
	// Not parallel: changes the working directory.
	dir := writeFiles(t, t.TempDir(), map[string]string{"index.ts": `export default 1;`})
	t.Chdir(dir)
	bun := mustBundle(t, bundler.New(bundler.Options{}), "index.ts")
	if want := filepath.Join(dir, "index.ts"); bun.Entry != want {
		if real, err := filepath.EvalSymlinks(want); err != nil || bun.Entry != real {
			t.Errorf("Entry = %q, want %q", bun.Entry, want)
		}
	}
	if _, err := os.Stat(bun.Entry); err != nil {
		t.Error(err)
	}
}

// RuntimeScript keeps the source map out of the script text and
// sourcesContent out of the map, and a runtime error is located exactly as
// with Script's inlined map.
func TestBundleRuntimeScriptLocatesLikeScript(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": `import { fail } from "./fail";
export default function () { return fail(); }
`,
		"fail.ts": `type Unused = string;
export function fail(): never { const x: number = 1; throw new Error("from fail " + x); }
`,
	})
	bun := mustBundle(t, bundler.New(bundler.Options{}), filepath.Join(dir, "index.ts"))
	script, runtimeMap := bun.RuntimeScript()
	sourceMap := runtimeMap()
	if strings.Contains(script, "base64") || !strings.HasSuffix(script, "//# sourceMappingURL="+bundler.RuntimeSourceMapURL+bundler.WrapperSuffix) {
		t.Errorf("script does not end with the runtime map URL:\n%s", script[max(0, len(script)-200):])
	}
	if !strings.Contains(bun.SourceMap, `"sourcesContent"`) || strings.Contains(string(sourceMap), `"sourcesContent"`) || !strings.Contains(string(sourceMap), `"mappings"`) {
		t.Errorf("runtime map keeps sourcesContent or lost mappings: %s", sourceMap)
	}
	stack := func(src string, opts ...parser.Option) string {
		ast, err := goja.Parse(bun.Entry, src, opts...)
		if err != nil {
			t.Fatal(err)
		}
		prg, err := goja.CompileAST(ast, false)
		if err != nil {
			t.Fatal(err)
		}
		vm := goja.New()
		wrapper, err := vm.RunProgram(prg)
		if err != nil {
			t.Fatal(err)
		}
		fn, _ := goja.AssertFunction(wrapper)
		module := vm.NewObject()
		exports := vm.NewObject()
		_ = module.Set("exports", exports)
		if _, err := fn(goja.Undefined(), exports, goja.Undefined(), module); err != nil {
			t.Fatal(err)
		}
		def, _ := goja.AssertFunction(module.Get("exports").ToObject(vm).Get("default"))
		_, err = def(goja.Undefined())
		var ex *goja.Exception
		if !errors.As(err, &ex) {
			t.Fatalf("err = %v, want a JS exception", err)
		}
		return ex.String()
	}
	want := stack(bun.Script())
	got := stack(script, parser.WithSourceMapLoader(func(url string) ([]byte, error) {
		if url != bundler.RuntimeSourceMapURL {
			t.Errorf("loader asked for %q", url)
		}
		return sourceMap, nil
	}))
	if got != want || !strings.Contains(got, filepath.Join(dir, "fail.ts")+":2:") {
		t.Errorf("stack with the runtime map:\n%s\nwant (inlined map):\n%s", got, want)
	}
}
