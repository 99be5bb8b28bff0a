package node_test

import (
	"embed"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules/modulestest"
	"github.com/pigo-dev/pigo/jsapi/node"
	"github.com/pigo-dev/pigo/jsapi/webapi"
)

// The lib module tests run JS in a modulestest runtime prepared the way
// jsapi prepares a plugin's: web globals, the Symbol polyfills, and the
// node globals installed lazily from their modules. Scripts live in
// testdata/lib and throw on failure; the prelude gives them check and eq.

//go:embed testdata/lib/*.js
var libScripts embed.FS

// libCwd is the test runtimes' working directory; it need not exist.
const libCwd = "/home/plugin"

// libPrelude defines the helpers every test script may use.
const libPrelude = `
var CWD = '` + libCwd + `';
function check(cond, msg) { if (!cond) throw new Error('check failed: ' + msg); }
function eq(actual, expected, msg) {
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  if (a !== e) throw new Error((msg ? msg + ': ' : '') + 'got ' + a + ', want ' + e);
}
async function rejectsWith(p, pred, msg) {
  try { await p; } catch (e) { if (!pred(e)) throw new Error(msg + ': wrong error: ' + (e && e.stack || e)); return e; }
  throw new Error(msg + ': did not reject');
}
function throwsWith(fn, pred, msg) {
  try { fn(); } catch (e) { if (!pred(e)) throw new Error(msg + ': wrong error: ' + (e && e.stack || e)); return e; }
  throw new Error(msg + ': did not throw');
}
`

// libRuntime returns a test runtime with the node modules and globals.
func libRuntime(t testing.TB) *modulestest.Runtime {
	t.Helper()
	return libRuntimeEnv(t, map[string]string{"NODE_DEBUG": "sect"})
}

// libRuntimeEnv is libRuntime with env as its environment.
func libRuntimeEnv(t testing.TB, env map[string]string) *modulestest.Runtime {
	t.Helper()
	rt := modulestest.New(t, modulestest.Options{
		Modules: node.Modules(),
		Env:     env,
		Cwd:     libCwd,
	})
	done := make(chan error, 1)
	if !rt.Post(func() { done <- libSetup(t, rt) }) {
		t.Fatal("runtime stopped")
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return rt
}

func libSetup(t testing.TB, rt *modulestest.Runtime) error {
	vm := rt.VM()
	err := webapi.Install(vm, webapi.Options{Console: func(level, msg string) { t.Logf("console.%s: %s", level, msg) }})
	if err != nil {
		return err
	}
	if _, err := vm.RunString(`Symbol.asyncIterator = Symbol.asyncIterator || Symbol.for("Symbol.asyncIterator");`); err != nil {
		return err
	}
	for _, g := range node.Globals() {
		get := vm.ToValue(func(goja.FunctionCall) goja.Value {
			m, err := rt.Require(g.Module)
			if err != nil {
				panic(vm.NewGoError(err))
			}
			if g.Export == "" {
				return m
			}
			return m.ToObject(vm).Get(g.Export)
		})
		set := vm.ToValue(func(c goja.FunctionCall) goja.Value {
			_ = vm.GlobalObject().DefineDataProperty(g.Name, c.Argument(0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
			return goja.Undefined()
		})
		if err := vm.GlobalObject().DefineAccessorProperty(g.Name, get, set, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
			return err
		}
	}
	return nil
}

// libRunScript runs testdata/lib/name in a fresh runtime and fails the test
// if it throws or rejects.
func libRunScript(t *testing.T, name string) *modulestest.Runtime {
	t.Helper()
	src, err := libScripts.ReadFile("testdata/lib/" + name)
	if err != nil {
		t.Fatal(err)
	}
	rt := libRuntime(t)
	if _, err := rt.Run(libPrelude + "(async () => {\n" + string(src) + "\n})()"); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rt
}

// libEval runs a JS expression in rt and returns its value.
func libEval(t *testing.T, rt *modulestest.Runtime, src string) any {
	t.Helper()
	v, err := rt.Run(libPrelude + src)
	if err != nil {
		t.Fatalf("%s: %v", strings.TrimSpace(src), err)
	}
	return v
}
