package bundler_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

// writeFiles creates files (slash-separated paths relative to dir) and
// returns dir.
func writeFiles(t *testing.T, dir string, files map[string]string) string {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// editFile rewrites a file and moves its modification time forward, as an
// editor save does, so the test does not depend on mtime granularity.
func editFile(t *testing.T, path, content string) {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	next := st.ModTime().Add(2 * time.Second)
	if err := os.Chtimes(path, next, next); err != nil {
		t.Fatal(err)
	}
}

func mustBundle(t *testing.T, b *bundler.Bundler, entry string) *bundler.Bundle {
	t.Helper()
	bun, err := b.Bundle(context.Background(), entry)
	if err != nil {
		t.Fatalf("Bundle(%s): %v", entry, err)
	}
	return bun
}

// module is a bundle evaluated in a fresh goja runtime.
type module struct {
	vm       *goja.Runtime
	exports  *goja.Object
	required []string // specifiers the bundle asked the host require for, in order
}

// evalBundle runs bun per the Code contract in a fresh goja runtime. hostMods
// maps the specifiers the fake host require serves to JS expressions; any
// other specifier throws "Cannot find module". Async bundles are awaited.
func evalBundle(t *testing.T, bun *bundler.Bundle, hostMods map[string]string) *module {
	t.Helper()
	vm := goja.New()
	m := &module{vm: vm}
	console := vm.NewObject()
	_ = console.Set("log", func(args ...any) { t.Log(args...) })
	_ = vm.Set("console", console)

	prg, err := goja.Compile(bun.Entry, bun.Script(), false)
	if err != nil {
		t.Fatalf("compile bundle: %v\n%s", err, numbered(bun.Code))
	}
	fnv, err := vm.RunProgram(prg)
	if err != nil {
		t.Fatalf("evaluate wrapper: %v", err)
	}
	fn, ok := goja.AssertFunction(fnv)
	if !ok {
		t.Fatalf("wrapper is %v, not a function", fnv)
	}
	require := func(spec string) goja.Value {
		m.required = append(m.required, spec)
		src, ok := hostMods[spec]
		if !ok {
			panic(vm.NewGoError(fmt.Errorf("Cannot find module '%s'", spec)))
		}
		v, err := vm.RunString("(" + src + ")")
		if err != nil {
			panic(err)
		}
		return v
	}
	exports := vm.NewObject()
	mod := vm.NewObject()
	_ = mod.Set("exports", exports)
	ret, err := fn(exports, exports, vm.ToValue(require), mod, vm.ToValue(bun.Entry), vm.ToValue(filepath.Dir(bun.Entry)))
	if err != nil {
		t.Fatalf("run bundle: %v", err)
	}
	if bun.Async {
		settled(t, ret)
	} else if p, ok := ret.Export().(*goja.Promise); ok {
		t.Fatalf("sync bundle returned a promise (%v)", p.State())
	}
	m.exports = mod.Get("exports").ToObject(vm)
	return m
}

// settled returns the value of an already fulfilled promise (goja runs the
// job queue when the outermost call returns), or v itself if it is not one.
func settled(t *testing.T, v goja.Value) goja.Value {
	t.Helper()
	p, ok := v.Export().(*goja.Promise)
	if !ok {
		return v
	}
	switch p.State() {
	case goja.PromiseStateFulfilled:
		return p.Result()
	case goja.PromiseStateRejected:
		t.Fatalf("promise rejected: %v", p.Result())
	default:
		t.Fatalf("promise still pending")
	}
	return nil
}

// call calls exports[name] (or module.exports itself for "") with args and
// returns the settled result.
func (m *module) call(t *testing.T, name string, args ...any) goja.Value {
	t.Helper()
	var fv goja.Value = m.exports
	if name != "" {
		fv = m.exports.Get(name)
	}
	fn, ok := goja.AssertFunction(fv)
	if !ok {
		t.Fatalf("export %q is %v, not a function", name, fv)
	}
	vals := make([]goja.Value, len(args))
	for i, a := range args {
		vals[i] = m.vm.ToValue(a)
	}
	ret, err := fn(goja.Undefined(), vals...)
	if err != nil {
		t.Fatalf("call %q: %v", name, err)
	}
	return settled(t, ret)
}

func numbered(code string) string {
	lines := strings.Split(code, "\n")
	for i := range lines {
		lines[i] = fmt.Sprintf("%4d %s", i+1, lines[i])
	}
	return strings.Join(lines, "\n")
}

func writeBenchFile(path, content string) error {
	return os.WriteFile(path, []byte(content), 0o644)
}
