package bundler_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/go-sourcemap/sourcemap"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

// runWithMarker evaluates bun in a fresh runtime whose async generator
// marker (the global webapi installs) records the names of the functions
// it is given, and returns the exports and that record.
func runWithMarker(t *testing.T, bun *bundler.Bundle) (*goja.Runtime, *goja.Object, *[]string) {
	t.Helper()
	vm := goja.New()
	marked := &[]string{}
	mark := func(fn *goja.Object) *goja.Object {
		*marked = append(*marked, fn.Get("name").String())
		return fn
	}
	setter, _ := vm.RunString(`(m) => { globalThis[Symbol.for("pigo.asyncGeneratorFunction")] = m; }`)
	set, _ := goja.AssertFunction(setter)
	if _, err := set(goja.Undefined(), vm.ToValue(mark)); err != nil {
		t.Fatal(err)
	}
	prg, err := goja.Compile(bun.Entry, bun.Script(), false)
	if err != nil {
		t.Fatalf("compile bundle: %v\n%s", err, bun.Code)
	}
	wrapper, err := vm.RunProgram(prg)
	if err != nil {
		t.Fatal(err)
	}
	fn, _ := goja.AssertFunction(wrapper)
	exports, mod := vm.NewObject(), vm.NewObject()
	_ = mod.Set("exports", exports)
	if _, err := fn(exports, exports, goja.Undefined(), mod, vm.ToValue(bun.Entry), vm.ToValue(filepath.Dir(bun.Entry))); err != nil {
		t.Fatalf("run bundle: %v", err)
	}
	return vm, mod.Get("exports").ToObject(vm), marked
}

func TestBundleMarksLoweredAsyncGenerators(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": `export async function* declared(n: number) { yield n; }
export const expressed = async function* named() { yield 2; };
export const proto = Object.getPrototypeOf(async function* inner() {});
export const obj = { async *method() { yield 3; } };
export class K { async *m() { yield 4; } }
export function plain() { return 1; }
export async function notGenerator() { return 1; }
export function* syncGenerator() { yield 1; }
export function nested() { async function* deep() {} return deep; }
`,
	})
	bun := mustBundle(t, bundler.New(bundler.Options{}), filepath.Join(dir, "index.ts"))
	_, exports, marked := runWithMarker(t, bun)
	// Expressions are marked where they are evaluated, declarations after
	// their statement; methods are left alone, as are other functions.
	if got, want := strings.Join(*marked, ","), "declared,named,inner"; got != want {
		t.Errorf("marked at load = %q, want %q\n%s", got, want, bun.Code)
	}
	nested, _ := goja.AssertFunction(exports.Get("nested"))
	if _, err := nested(goja.Undefined()); err != nil {
		t.Fatal(err)
	}
	if got := (*marked)[len(*marked)-1]; got != "deep" {
		t.Errorf("a declaration in a function body is not marked when it runs: last marked %q", got)
	}
}

func TestBundleAsyncGeneratorMarksKeepSourceMap(t *testing.T) {
	t.Parallel()
	// The name and parameters of the function follow, on the same generated
	// line, the text the marking inserted before it: the map must still send
	// them to their original columns.
	const line = `export const all = [async function* named(first, second) { yield locate(); }];`
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": "function locate() { return 1; }\n" + line + "\n",
	})
	bun := mustBundle(t, bundler.New(bundler.Options{}), filepath.Join(dir, "index.ts"))
	genLine, genCol := -1, -1
	for i, l := range strings.Split(bun.Code, "\n") {
		if c := strings.Index(l, "named("); c >= 0 {
			genLine, genCol = i+1, c
		}
	}
	if genLine < 0 || !strings.Contains(bun.Code, `Symbol.for("pigo.asyncGeneratorFunction")`) {
		t.Fatalf("bundle is not marked as expected:\n%s", bun.Code)
	}
	sm, err := sourcemap.Parse("", []byte(bun.SourceMap))
	if err != nil {
		t.Fatal(err)
	}
	src, _, origLine, origCol, ok := sm.Source(genLine, genCol)
	if !ok || filepath.Base(src) != "index.ts" || origLine != 2 || origCol != strings.Index(line, "named(") {
		t.Errorf("named at %d:%d maps to %s:%d:%d (ok %v), want index.ts:2:%d", genLine, genCol, src, origLine, origCol, ok, strings.Index(line, "named("))
	}
	_, exports, marked := runWithMarker(t, bun)
	if got := exports.Get("all").ToObject(nil).Get("length").ToInteger(); got != 1 || strings.Join(*marked, ",") != "named" {
		t.Errorf("all has %d items, marked %q", got, *marked)
	}
}

func TestTransformModuleMarksLoweredAsyncGenerators(t *testing.T) {
	t.Parallel()
	code, err := bundler.TransformModule("m.ts", `export const g = async function* (x: number) { yield x; };
export const o = { async *m() {} };`, true)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(code, `Symbol.for("pigo.asyncGeneratorFunction")`); n != 1 {
		t.Errorf("%d marks, want 1 (the expression, not the method):\n%s", n, code)
	}
}
