package node_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/jsapi/modules"
	"github.com/pigo-dev/pigo/jsapi/modules/modulestest"
	"github.com/pigo-dev/pigo/jsapi/node"
)

// Helpers shared by the system module tests (fs, path, os,
// child_process, process). Scripts run as real JS in a modulestest
// runtime and throw on failure; the helpers below turn a throw into a
// test failure.

// sysRuntime starts a runtime serving every node module, with cwd as its
// working directory (a temp dir when "") and env as the environment it
// exposes.
func sysRuntime(t testing.TB, cwd string, env map[string]string) *modulestest.Runtime {
	t.Helper()
	if env == nil {
		env = map[string]string{"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/home/tester"}
	}
	return modulestest.New(t, modulestest.Options{Modules: node.Modules(), Env: env, Cwd: cwd})
}

// sysModulesWithout returns every node module except names.
func sysModulesWithout(names ...string) map[string]modules.Module {
	mods := node.Modules()
	for _, n := range names {
		delete(mods, n)
	}
	return mods
}

// sysRuntimeWith starts a runtime serving mods.
func sysRuntimeWith(t testing.TB, mods map[string]modules.Module) *modulestest.Runtime {
	t.Helper()
	env := map[string]string{"PATH": "/usr/local/bin:/usr/bin:/bin"}
	return modulestest.New(t, modulestest.Options{Modules: mods, Env: env})
}

// sysAssertJS is prepended to test scripts: assert(cond, msg) and
// eq(got, want, msg) throw with a useful message.
const sysAssertJS = `
function assert(c, m) { if (!c) throw new Error("assertion failed: " + m); }
function eq(got, want, m) {
  const g = JSON.stringify(got), w = JSON.stringify(want);
  if (g !== w) throw new Error((m || "value") + ": got " + g + ", want " + w);
}
`

// sysRun runs src (with the assert helpers) and fails the test on a throw
// or rejection.
func sysRun(t *testing.T, rt *modulestest.Runtime, src string) any {
	t.Helper()
	v, err := rt.Run(sysAssertJS + src)
	if err != nil {
		t.Fatalf("script failed: %v", err)
	}
	return v
}

// sysWaitFor polls cond until it holds or the deadline passes.
func sysWaitFor(t *testing.T, what string, d time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", d, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// sysGoroutinesSettle waits until the goroutine count is back to at most
// base, reporting the stacks if it is not.
func sysGoroutinesSettle(t *testing.T, base int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > base {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			n := runtime.Stack(buf, true)
			t.Fatalf("goroutines: %d, want <= %d\n%s", runtime.NumGoroutine(), base, buf[:n])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// sysLogs returns rt's log lines joined, for error messages.
func sysLogs(rt *modulestest.Runtime) string {
	return strings.Join(rt.Logs(), "\n")
}

// sysJSString quotes s as a JS string literal.
func sysJSString(s string) string {
	return fmt.Sprintf("%q", s)
}
