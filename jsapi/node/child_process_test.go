//go:build unix

package node_test

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestChildSpawnEvents(t *testing.T) {
	t.Parallel()
	rt := sysRuntime(t, "", nil)
	v := sysRun(t, rt, `
const { spawn } = require("child_process");
(async () => {
  const c = spawn("sh", ["-c", "echo out; echo err >&2; exit 3"]);
  assert(typeof c.pid === "number" && c.pid > 0, "pid");
  const ev = [];
  let out = "", err = "";
  c.on("spawn", () => ev.push("spawn"));
  c.stdout.on("data", (d) => { assert(d instanceof Uint8Array, "Buffer chunks"); out += String.fromCharCode(...d); });
  c.stderr.setEncoding("utf8");
  c.stderr.on("data", (d) => { assert(typeof d === "string", "string chunks after setEncoding"); err += d; });
  c.stdout.on("end", () => ev.push("stdout end"));
  c.on("exit", (code, sig) => ev.push("exit " + code + " " + sig));
  const [code, sig] = await new Promise((res) => c.on("close", (...a) => res(a)));
  eq([code, sig], [3, null], "close args");
  eq([out, err], ["out\n", "err\n"]);
  eq([c.exitCode, c.signalCode], [3, null]);
  assert(ev[0] === "spawn" && ev.includes("exit 3 null") && ev.includes("stdout end"), "events " + ev);
  return "ok";
})();
`)
	if v != "ok" {
		t.Fatalf("got %v", v)
	}
}

func TestChildStdinKillAndOptions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	rt := sysRuntime(t, dir, map[string]string{"PATH": "/usr/local/bin:/usr/bin:/bin", "ONLY_IN_RUNTIME": "yes"})
	sysRun(t, rt, `
const { spawn } = require("child_process");
const process = require("process");
function run(c) {
  let out = "";
  if (c.stdout) { c.stdout.setEncoding("utf8"); c.stdout.on("data", (d) => { out += d; }); }
  return new Promise((res) => c.on("close", (code, sig) => res({ out, code, sig })));
}
(async () => {
  const cat = spawn("cat");
  cat.stdin.write("line1\n");
  cat.stdin.write(new Uint8Array([65, 10]));
  cat.stdin.end("last");
  eq(await run(cat), { out: "line1\nA\nlast", code: 0, sig: null }, "stdin round trip");

  const sl = spawn("sleep", ["30"]);
  const done = run(sl);
  await new Promise((res) => sl.on("spawn", res));
  eq(sl.kill(), true, "kill returns true");
  const r = await done;
  eq([r.code, r.sig, sl.killed, sl.signalCode], [null, "SIGTERM", true, "SIGTERM"], "killed by SIGTERM");
  eq(sl.kill(), false, "kill after exit");

  eq((await run(spawn("pwd", [], { cwd: "sub" }))).out.trim().endsWith("/sub"), true, "relative cwd against Runtime.Cwd");
  eq((await run(spawn("sh", ["-c", "echo $ONLY_IN_RUNTIME-$HOME"]))).out, "yes-\n", "env is the runtime's");
  eq((await run(spawn("sh", ["-c", "echo $A"], { env: { A: "x", PATH: "/usr/bin:/bin" } }))).out, "x\n", "env option");
  eq((await run(spawn("echo $((1+2))", { shell: true }))).out, "3\n", "shell: true");
  eq((await run(spawn("sh", ["-c", "echo hidden"], { stdio: "inherit" }))).code, 0, "inherit runs");
  const ign = spawn("sh", ["-c", "echo x"], { stdio: ["ignore", "pipe", "ignore"] });
  assert(ign.stdin === null && ign.stderr === null && ign.stdout !== null, "stdio array");
  await run(ign);
  const to = spawn("sleep", ["30"], { timeout: 50 });
  eq((await run(to)).sig, "SIGTERM", "timeout kills");
  const ks = spawn("sleep", ["30"], { timeout: 50, killSignal: "SIGKILL" });
  eq((await run(ks)).sig, "SIGKILL", "killSignal");

  // The sandbox example kills a detached child's whole group.
  const det = spawn("sh", ["-c", "sleep 30 & wait"], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const detDone = run(det);
  await new Promise((res) => det.on("spawn", res));
  process.kill(-det.pid, "SIGKILL");
  eq((await detDone).sig, "SIGKILL", "process.kill(-pgid)");

  // An AbortSignal-like object (the test runtime has no AbortController).
  const listeners = [];
  const signal = { aborted: false, addEventListener: (t, f) => listeners.push(f), removeEventListener() {} };
  const ab = spawn("sleep", ["30"], { signal });
  const abErr = new Promise((res) => ab.on("error", res));
  const abDone = run(ab);
  signal.aborted = true; listeners.forEach((f) => f());
  const e = await abErr;
  eq([e.name, e.code, e.message], ["AbortError", "ABORT_ERR", "The operation was aborted"]);
  eq((await abDone).sig, "SIGTERM");

  // Output that arrives before anyone listens is buffered (the child
  // stays alive until its stdin ends, so its output is not flushed away).
  const late = spawn("sh", ["-c", "echo early; cat >/dev/null"]);
  await run(spawn("sleep", ["0.1"]));
  const lateDone = run(late);
  late.stdin.end();
  eq((await lateDone).out, "early\n", "late listener still gets data");
  return "ok";
})();
`)
	// Nothing the child printed reached the runtime's log through 'inherit'.
	if strings.Contains(sysLogs(rt), "hidden") {
		t.Fatalf("inherit output leaked: %s", sysLogs(rt))
	}
}

func TestChildMissingBinary(t *testing.T) {
	t.Parallel()
	rt := sysRuntime(t, "", nil)
	sysRun(t, rt, `
const cp = require("child_process");
(async () => {
  const c = cp.spawn("definitely-not-a-binary", ["a"]);
  const events = [];
  const e = await new Promise((res) => c.on("error", res));
  c.on("close", (code, sig) => events.push([code, sig]));
  eq([e.message, e.code, e.errno, e.syscall, e.path, e.spawnargs],
     ["spawn definitely-not-a-binary ENOENT", "ENOENT", -2, "spawn definitely-not-a-binary", "definitely-not-a-binary", ["a"]]);
  eq(Object.keys(e), ["errno", "code", "syscall", "path", "spawnargs"], "keys like Node");
  eq(c.pid, undefined);
  await new Promise((res) => require("fs").stat(".", res));
  eq(events, [[-2, null]], "close(-2, null) after error");

  const [err, out] = await new Promise((res) => cp.execFile("definitely-not-a-binary", ["x"], (e, o) => res([e, o])));
  eq([err.code, err.cmd, out], ["ENOENT", "definitely-not-a-binary x", ""], "execFile ENOENT");

  const r = cp.spawnSync("definitely-not-a-binary", ["x"]);
  eq([r.error.code, r.error.message, r.status, r.pid, r.stdout], ["ENOENT", "spawnSync definitely-not-a-binary ENOENT", null, 0, null]);
  let thrown; try { cp.execFileSync("definitely-not-a-binary"); } catch (x) { thrown = x; }
  eq(thrown.code, "ENOENT", "execFileSync throws the spawn error");
  return "ok";
})();
`)
}

// A child that cannot start ends and closes its stdio streams, as Node
// does: execa waits for them before it reports the error.
func TestChildMissingBinaryEndsStdio(t *testing.T) {
	t.Parallel()
	rt := sysRuntime(t, "", nil)
	v := sysRun(t, rt, `
const cp = require("child_process");
(async () => {
  const c = cp.spawn("definitely-not-a-binary");
  const ev = [];
  c.on("error", (e) => ev.push("error " + e.code));
  for (const name of ["stdin", "stdout", "stderr"]) for (const e of ["end", "close"]) c[name].on(e, () => ev.push(name + " " + e));
  c.stdout.resume();
  await new Promise((res) => c.on("close", res));
  eq(ev, ["error ENOENT", "stdout end", "stdout close", "stderr close", "stdin close"]);
  eq([c.stdin.destroyed, c.stdout.destroyed, c.stdout.readableEnded, c.stderr.destroyed], [true, true, true, true]);
  return "ok";
})();
`)
	if v != "ok" {
		t.Fatalf("got %v", v)
	}
}

// Child stdio report Node's socket stream properties (merge-streams sizes
// its stream from them).
func TestChildStdioStreamProps(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	rt := sysRuntime(t, "", nil)
	v := sysRun(t, rt, `const file = `+strconv.Quote(file)+`;
const c = require("child_process").spawn("true");
const props = (s) => [s.readableObjectMode, s.readableHighWaterMark, s.writableObjectMode, s.writableHighWaterMark];
eq([props(c.stdin), props(c.stdout), props(c.stderr)], [[false, 65536, false, 65536], [false, 65536, false, 65536], [false, 65536, false, 65536]]);
const fs = require("fs");
const r = fs.createReadStream(file);
eq([r.readableObjectMode, r.readableHighWaterMark, r.writableHighWaterMark], [false, 65536, undefined]);
r.destroy();
"ok";
`)
	if v != "ok" {
		t.Fatalf("got %v", v)
	}
}

func TestChildExec(t *testing.T) {
	t.Parallel()
	rt := sysRuntime(t, "", nil)
	sysRun(t, rt, `
const cp = require("child_process");
(async () => {
  const [e1, o1, s1] = await new Promise((res) => cp.exec("echo out; echo err >&2", (...a) => res(a)));
  eq([e1, o1, s1], [null, "out\n", "err\n"], "exec success");
  const [e2, o2, s2] = await new Promise((res) => cp.exec("echo out; echo err >&2; exit 3", (...a) => res(a)));
  eq([e2.message, e2.code, e2.killed, e2.signal, e2.cmd, o2, s2],
     ["Command failed: echo out; echo err >&2; exit 3\nerr\n", 3, false, null, "echo out; echo err >&2; exit 3", "out\n", "err\n"]);
  eq(Object.keys(e2), ["code", "killed", "signal", "cmd"], "error keys like Node");
  const [e3] = await new Promise((res) => cp.exec("sleep 5", { timeout: 50 }, (...a) => res(a)));
  eq([e3.code, e3.killed, e3.signal], [null, true, "SIGTERM"], "exec timeout");
  const [e4, o4] = await new Promise((res) => cp.exec("yes | head -c 5000", { maxBuffer: 100 }, (...a) => res(a)));
  eq([e4.code, e4.message, o4.length], ["ERR_CHILD_PROCESS_STDIO_MAXBUFFER", "stdout maxBuffer length exceeded", 100]);
  const [e5, o5] = await new Promise((res) => cp.execFile("sh", ["-c", "printf hi"], { encoding: "buffer" }, (...a) => res(a)));
  assert(e5 === null && o5 instanceof Uint8Array && o5.length === 2, "execFile buffer encoding");

  // util.promisify(exec) uses this symbol.
  const pexec = cp.exec[Symbol.for("nodejs.util.promisify.custom")];
  assert(typeof pexec === "function", "custom promisify symbol");
  const p = pexec("echo hi");
  assert(p.child && typeof p.child.pid === "number", "promise.child");
  eq(await p, { stdout: "hi\n", stderr: "" }, "promisified exec resolves");
  let rej;
  try { await pexec("echo o; echo e >&2; exit 2"); } catch (x) { rej = x; }
  eq([rej.code, rej.stdout, rej.stderr], [2, "o\n", "e\n"], "rejection carries stdout/stderr");
  const pfile = cp.execFile[Symbol.for("nodejs.util.promisify.custom")];
  eq(await pfile("sh", ["-c", "echo f"]), { stdout: "f\n", stderr: "" }, "promisified execFile");
  let util; try { util = require("util"); } catch {}
  if (util && util.promisify) eq((await util.promisify(cp.exec)("echo via-util")).stdout, "via-util\n", "util.promisify");
  return "ok";
})();
`)
}

func TestChildSync(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rt := sysRuntime(t, dir, nil)
	sysRun(t, rt, `
const cp = require("child_process");
const str = (b) => (typeof b === "string" ? b : String.fromCharCode(...b));
eq(cp.execSync("echo hi", { encoding: "utf8" }), "hi\n", "execSync string");
const b = cp.execSync("printf ab");
assert(b instanceof Uint8Array && b.length === 2, "execSync Buffer");
eq(cp.execSync("pwd", { encoding: "utf8" }).trim(), `+sysJSString(dir)+`.replace(/^\/private/, ""), "cwd is Runtime.Cwd");
eq(cp.execSync("cat", { input: "fed", encoding: "utf8" }), "fed", "input");
let e; try { cp.execSync("echo o; echo e >&2; exit 4"); } catch (x) { e = x; }
eq([e.message, e.status, e.signal, str(e.stdout), str(e.stderr), e.output.length, typeof e.pid],
   ["Command failed: echo o; echo e >&2; exit 4\ne\n", 4, null, "o\n", "e\n", 3, "number"]);
eq(Object.keys(e), ["status", "signal", "output", "pid", "stdout", "stderr"], "keys like Node");
e = undefined; try { cp.execSync("sleep 5", { timeout: 50 }); } catch (x) { e = x; }
eq([e.code, e.signal, e.status], ["ETIMEDOUT", "SIGTERM", null], "execSync timeout");
e = undefined; try { cp.execSync("yes | head -c 5000", { maxBuffer: 10 }); } catch (x) { e = x; }
eq(e.code, "ENOBUFS", "execSync maxBuffer");
eq(cp.execFileSync("sh", ["-c", "echo $0"], { encoding: "utf8" }), "sh\n", "execFileSync");
const r = cp.spawnSync("sh", ["-c", "echo a; echo b >&2; exit 2"]);
eq([r.status, r.signal, str(r.stdout), str(r.stderr), r.output[0]], [2, null, "a\n", "b\n", null]);
eq(Object.keys(r), ["status", "signal", "output", "pid", "stdout", "stderr"]);
const ri = cp.spawnSync("sh", ["-c", "echo hidden"], { stdio: "inherit" });
eq([ri.status, ri.stdout, ri.output], [0, null, [null, null, null]], "spawnSync inherit");
eq(cp.spawnSync("sh", ["-c", "echo $X"], { env: { X: "y" }, encoding: "utf8" }).stdout, "y\n", "spawnSync env + encoding");
`)
}

// TestChildKilledOnCancel checks that retiring (Context ending) kills a
// running child and that nothing of it stays behind, goroutines included.
// Not parallel: it counts goroutines.
func TestChildKilledOnCancel(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("uses POSIX signals")
	}
	rt := sysRuntime(t, "", nil)
	sysRun(t, rt, `require("child_process"); require("fs"); 0`)
	base := runtime.NumGoroutine()

	// Children that exit on their own leave no goroutines behind.
	sysRun(t, rt, `
const cp = require("child_process");
Promise.all([1, 2, 3].map(() => new Promise((res) => {
  const c = cp.spawn("sh", ["-c", "cat; echo done"]);
  c.stdout.on("data", () => {});
  c.stdin.write("x");
  c.stdin.end();
  c.on("close", res);
})).concat([new Promise((res) => cp.exec("echo hi", res))]));
`)
	sysGoroutinesSettle(t, base)

	pid := int(sysRun(t, rt, `
globalThis.closed = null;
globalThis.grandchild = 0;
const c = require("child_process").spawn("sh", ["-c", "sleep 30 & echo $!; wait; echo never"]);
c.stdout.setEncoding("utf8");
c.stdout.on("data", (d) => { grandchild = grandchild || parseInt(d, 10); });
c.on("close", (code, sig) => { closed = [code, sig]; });
c.pid;
`).(int64))
	if err := syscall.Kill(pid, 0); err != nil {
		t.Fatalf("child %d not running: %v", pid, err)
	}
	var grandchild int
	sysWaitFor(t, "grandchild pid", 5*time.Second, func() bool {
		v, _ := rt.Run(`grandchild`)
		n, _ := v.(int64)
		grandchild = int(n)
		return grandchild > 0
	})
	rt.Cancel()
	for _, p := range []int{pid, grandchild} {
		sysWaitFor(t, "process "+strconv.Itoa(p)+" to be gone", 5*time.Second, func() bool {
			return sysProcessGone(p)
		})
	}
	sysWaitFor(t, "close event", 5*time.Second, func() bool {
		v, _ := rt.Run(`JSON.stringify(closed)`)
		return v == `[null,"SIGKILL"]`
	})
	sysGoroutinesSettle(t, base)
}

// TestChildNoBufferModule checks the Uint8Array fallback when the runtime
// has no buffer module.
func TestChildNoBufferModule(t *testing.T) {
	t.Parallel()
	mods := sysModulesWithout("buffer", "events")
	rt := sysRuntimeWith(t, mods)
	sysRun(t, rt, `
const b = require("child_process").execSync("printf ab");
eq(Object.getPrototypeOf(b), Uint8Array.prototype, "plain Uint8Array");
const f = require("fs"); f.writeFileSync("x", "12");
eq(Object.getPrototypeOf(f.readFileSync("x")), Uint8Array.prototype);
(async () => {
  const c = require("child_process").spawn("sh", ["-c", "echo hi"]);
  let got = "";
  c.stdout.setEncoding("utf8");
  c.stdout.on("data", (d) => { got += d; });
  await new Promise((res) => c.on("close", res));
  eq(got, "hi\n", "fallback EventEmitter works");
  return "ok";
})();
`)
}

// sysProcessGone reports whether pid no longer runs: it does not exist,
// or (Linux) it is a zombie waiting for a reaper outside our control.
func sysProcessGone(pid int) bool {
	if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
		return true
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	_, rest, ok := strings.Cut(string(b), ") ")
	return ok && strings.HasPrefix(rest, "Z")
}

// process.kill reaches a child by signal name or number; once the child is
// gone, signal 0 reports ESRCH.
func TestProcessKillChild(t *testing.T) {
	rt := sysRuntime(t, t.TempDir(), nil)
	v, err := rt.Run(sysAssertJS + `(async () => {
  const { spawn } = require('child_process');
  const p = require('process');
  const a = spawn('sleep', ['30']);
  await new Promise((r) => a.on('spawn', r));
  eq(p.kill(a.pid, 0), true, 'alive');
  const closedA = new Promise((r) => a.on('close', (code, sig) => r([code, sig])));
  eq(p.kill(a.pid, 'SIGTERM'), true, 'by name');
  eq(await closedA, [null, 'SIGTERM'], 'terminated');
  let e; try { p.kill(a.pid, 0); } catch (x) { e = x; }
  eq(e && e.code, 'ESRCH', 'gone');
  const b = spawn('sleep', ['30']);
  await new Promise((r) => b.on('spawn', r));
  const closedB = new Promise((r) => b.on('close', (code, sig) => r([code, sig])));
  p.kill(b.pid, 9);
  eq(await closedB, [null, 'SIGKILL'], 'by number');
  return 'ok';
})()`)
	if err != nil || v != "ok" {
		t.Fatal(v, err)
	}
}
