package jsapi_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// TestFunctionLengthAndNameMatchNode: pigo's goja puts a function's
// "length" and "name" into its property map on first use, not when the
// function is made (third_party/goja/PIGO-PATCH.md). What scripts see is
// unchanged: values, attributes, key order among integer and other keys,
// redefinition, deletion, freezing, binding and enumeration log what
// Node logs.
func TestFunctionLengthAndNameMatchNode(t *testing.T) {
	assertRunMatchesNode(t, "fnprops_semantics.mjs")
}

// TestClosuresAreSmall: with the patched goja a closure whose length and
// name nobody reads allocates no property map for them (upstream: about
// 900 bytes and 13 allocations each; patched: about 500 and 8). Counted
// in bytes allocated, which does not depend on the machine's speed.
func TestClosuresAreSmall(t *testing.T) {
	const n = 20000
	vm := goja.New()
	prg := goja.MustCompile("closures.js", `var a = []; for (var i = 0; i < 20000; i++) a.push(function (x, y) { return x + y; }); a.length`, false)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	v, err := vm.RunProgram(prg)
	runtime.ReadMemStats(&after)
	if err != nil || v.ToInteger() != n {
		t.Fatalf("ran to %v, %v", v, err)
	}
	perClosure := float64(after.TotalAlloc-before.TotalAlloc) / n
	allocs := float64(after.Mallocs-before.Mallocs) / n
	if perClosure > 650 || allocs > 10 {
		t.Errorf("a closure allocates %.0f bytes in %.1f allocations; want at most 650 in 10 (is go.mod's goja replace in place?)", perClosure, allocs)
	}
	// Reading them still works, and then they are there for good.
	if v, _ := vm.RunString(`JSON.stringify([a[7].name, a[7].length, Object.getOwnPropertyNames(a[8]).filter(k => k !== "prototype")])`); v.String() != `["",2,["length","name"]]` {
		t.Errorf("name, length, keys = %s", v)
	}
}

// TestSourceMapIsLoadedOnFirstPosition: pigo's goja loads and parses a
// program's source map when it first reports a position from it, not when
// it parses the program. A program that never fails never loads its map;
// one that does maps positions as before, loading the map once.
func TestSourceMapIsLoadedOnFirstPosition(t *testing.T) {
	// gen.js line 2 maps to orig.ts line 7 (mappings "AAAA;AAMA": line 1
	// -> line 1, line 2 -> line 1+6).
	src := "var ok = 1;\nfunction boom() { throw new Error('x'); }\n//# sourceMappingURL=pigo:map"
	sourceMap := `{"version":3,"sources":["orig.ts"],"names":[],"mappings":"AAAA;AAMA"}`
	loads := 0
	ast, err := goja.Parse("gen.js", src, parser.WithSourceMapLoader(func(url string) ([]byte, error) {
		loads++
		if url != "pigo:map" {
			return nil, errors.New("unexpected url " + url)
		}
		return []byte(sourceMap), nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	prg, err := goja.CompileAST(ast, false)
	if err != nil {
		t.Fatal(err)
	}
	vm := goja.New()
	if _, err := vm.RunProgram(prg); err != nil {
		t.Fatal(err)
	}
	if loads != 0 {
		t.Fatalf("the map was loaded %d times before any position was asked for", loads)
	}
	for range 2 {
		_, err = vm.RunString("boom()")
		var ex *goja.Exception
		if !errors.As(err, &ex) || !strings.Contains(ex.String(), "orig.ts:7:") {
			t.Fatalf("err = %v, want a stack through orig.ts:7", err)
		}
	}
	if loads != 1 {
		t.Errorf("the map was loaded %d times, want once", loads)
	}
}

// TestTypeErrorsMatchV8: the patched goja words the common TypeErrors as
// V8 does (property reads and writes on undefined or null, calls and
// constructions of what cannot be called, with V8's printing of the
// callee), compared with Node running the same module.
func TestTypeErrorsMatchV8(t *testing.T) {
	assertRunMatchesNode(t, "typeerrors_semantics.mjs")
}

// TestIterationErrorsMatchV8: iterating what is not iterable fails with
// V8's texts: the iterable's source where the syntax names it (for-of,
// array spread, a declaration's array pattern, a call's spread), the
// value's type elsewhere (built-ins, yield*, assignment and parameter
// patterns), compared with Node running the same module.
func TestIterationErrorsMatchV8(t *testing.T) {
	assertRunMatchesNode(t, "iteration_errors_semantics.mjs")
}
