package node_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/jsapi/node"
)

func TestProcessEnvIsolated(t *testing.T) {
	t.Parallel()
	if os.Getenv("PATH") == "" {
		t.Skip("needs PATH in the test process's environment")
	}
	rt := sysRuntime(t, "/some/cwd", map[string]string{"PIGO_TEST_VAR": "from-runtime"})
	sysRun(t, rt, `
const p = require("process");
eq(p.env.PIGO_TEST_VAR, "from-runtime", "runtime env visible");
eq(p.env.PATH, undefined, "process env not leaked");
eq(Object.keys(p.env), ["PIGO_TEST_VAR"]);
p.env.EXTRA = "1";
eq(require("process").env.EXTRA, "1", "writable, one object per runtime");
eq(p.cwd(), "/some/cwd", "cwd is Runtime.Cwd");
let e; try { p.chdir("/"); } catch (x) { e = x; }
assert(e && /not supported/.test(e.message), "chdir refused");
`)
	if os.Getenv("EXTRA") == "1" {
		t.Fatal("process.env write reached the real environment")
	}
}

func TestProcessBasics(t *testing.T) {
	t.Parallel()
	rt := sysRuntime(t, "", nil)
	sysRun(t, rt, `
const p = require("process");
eq(p.platform, require("os").platform());
assert(typeof p.pid === "number" && typeof p.ppid === "number", "pids");
eq(p.argv, ["pigo", "test-plugin"]);
eq([p.argv0, p.execPath], ["pigo", "pigo"]);
assert(/^v20\./.test(p.version) && p.versions.node === p.version.slice(1), "version");
assert(/^3\.\d+\.\d+$/.test(p.versions.sqlite) && p.versions.sqlite === new (require("node:sqlite").DatabaseSync)(":memory:").prepare("select sqlite_version() v").get().v, "sqlite version");
eq(p.release.name, "node");
eq(Object.prototype.toString.call(p), "[object process]");
const t0 = p.hrtime();
const d = p.hrtime(t0);
assert(d[0] >= 0 && d[1] >= 0 && d[1] < 1e9, "hrtime diff");
eq(typeof p.hrtime.bigint(), "bigint");
assert(p.hrtime.bigint() > 0n, "bigint positive");
const mu = p.memoryUsage();
assert(mu.rss > 0 && mu.heapUsed > 0 && "external" in mu && "arrayBuffers" in mu, "memoryUsage");
assert(p.uptime() >= 0, "uptime");
assert(typeof p.umask() === "number", "umask");
assert(typeof p.getuid() === "number", "getuid");
eq([p.stdout.isTTY, p.stdout.columns, p.stdout.rows], [false, 80, 24]);
assert(typeof p.on === "function" && p.on("exit", () => {}) === p, "EventEmitter");
let e; try { p.kill(0); } catch (x) { e = x; } assert(e, "kill(0) refused");
e = undefined; try { p.kill(p.pid); } catch (x) { e = x; } assert(e, "kill(self) refused");
e = undefined; try { p.kill(-1); } catch (x) { e = x; } assert(e && e.code === "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "kill(-1) refused");
e = undefined; try { p.kill(99999999); } catch (x) { e = x; }
eq([e.code, e.syscall, e.message, e.errno], ["ESRCH", "kill", "kill ESRCH", -3]);
e = undefined; try { p.kill(99999999, "SIGNOPE"); } catch (x) { e = x; }
eq([e.code, e.message], ["ERR_UNKNOWN_SIGNAL", "Unknown signal: SIGNOPE"]);
eq(p.kill(p.ppid, 0), true, "signal 0 probes");
eq(p.kill(p.pid, 0), true, "signal 0 on pigo itself is a liveness check");
(async () => {
  const order = [];
  p.nextTick((a, b) => order.push(a + b), 1, 2);
  order.push("sync");
  await null; await null;
  eq(order, ["sync", 3], "nextTick is a microtask with args");
  return "ok";
})();
`)
}

func TestProcessStdoutAndExit(t *testing.T) {
	t.Parallel()
	rt := sysRuntime(t, "", nil)
	v, err := rt.Run(`
const p = require("process");
p.stdout.write("hello out\n");
p.stderr.write(new Uint8Array([104, 105]));
p.emitWarning("careful");
p.exitCode = 3;
let after = false;
try { p.exit(); after = true; } catch (e) { globalThis.exitErr = e.message + "|" + e.code; }
after;
`)
	if err != nil || v != false {
		t.Fatalf("run: %v %v", v, err)
	}
	logs := rt.Logs()
	for _, want := range []string{"info: hello out", "error: hi"} {
		if !slices.Contains(logs, want) {
			t.Fatalf("logs %q lack %q", logs, want)
		}
	}
	if !slices.ContainsFunc(logs, func(l string) bool {
		return strings.HasPrefix(l, "warn: (node:") && strings.HasSuffix(l, "Warning: careful")
	}) {
		t.Fatalf("warning not logged: %q", logs)
	}
	if got := rt.Exits(); !slices.Equal(got, []int{3}) {
		t.Fatalf("exits: %v", got)
	}
	if got := sysRun(t, rt, `exitErr`); got != "process.exit called|PIGO_PROCESS_EXIT" {
		t.Fatalf("exit error: %v", got)
	}
	sysRun(t, rt, `try { require("process").exit(7) } catch {}`)
	if got := rt.Exits(); !slices.Equal(got, []int{3, 7}) {
		t.Fatalf("exits: %v", got)
	}
}

func TestSystemGlobals(t *testing.T) {
	t.Parallel()
	found := false
	for _, g := range node.Globals() {
		if g.Name == "process" {
			found = g.Module == "process" && g.Export == ""
		}
	}
	if !found {
		t.Fatalf("process global missing or wrong: %+v", node.Globals())
	}
	mods := node.Modules()
	for _, name := range []string{"fs", "fs/promises", "path", "path/posix", "os", "child_process", "process"} {
		if mods[name] == nil {
			t.Errorf("module %q not served", name)
		}
	}
}
