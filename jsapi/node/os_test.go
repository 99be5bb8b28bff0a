package node_test

import (
	"os"
	"runtime"
	"strconv"
	"testing"
)

func TestOSValues(t *testing.T) {
	t.Parallel()
	rt := sysRuntime(t, "", map[string]string{"HOME": "/home/plugin-user", "TMPDIR": "/var/tmp/x/"})
	sysRun(t, rt, `
const os = require("node:os");
eq(os.homedir(), "/home/plugin-user", "homedir from the runtime's env");
eq(os.tmpdir(), "/var/tmp/x", "tmpdir from TMPDIR without trailing slash");
eq(os.platform(), `+sysJSString(runtime.GOOS)+`);
assert(["x64", "arm64", "ia32", "arm"].includes(os.arch()) || os.arch().length > 0, "arch");
assert(typeof os.type() === "string" && os.type().length > 0, "type");
assert(typeof os.release() === "string", "release");
assert(typeof os.hostname() === "string" && os.hostname().length > 0, "hostname");
const cpus = os.cpus();
eq(cpus.length, `+strconv.Itoa(runtime.NumCPU())+`, "one entry per CPU");
assert(typeof cpus[0].model === "string" && typeof cpus[0].speed === "number" && typeof cpus[0].times.idle === "number", "cpu shape");
eq(os.EOL, "\n");
assert(os.endianness() === "LE" || os.endianness() === "BE", "endianness");
eq(os.networkInterfaces(), {});
const ui = os.userInfo();
assert(typeof ui.username === "string" && typeof ui.uid === "number", "userInfo");
assert(Array.isArray(os.loadavg()) && os.loadavg().length === 3, "loadavg");
assert(typeof os.uptime() === "number", "uptime");
eq(os.constants.signals.SIGTERM, 15); eq(os.constants.signals.SIGKILL, 9);
eq(os.constants.errno.ENOENT, 2);
if (os.platform() === "linux") {
  assert(os.totalmem() > 0 && os.freemem() > 0 && os.freemem() <= os.totalmem(), "memory");
  assert(os.uptime() > 0, "uptime > 0");
}
`)

	// Without HOME or TMPDIR in the runtime's env, fall back to the OS.
	rt2 := sysRuntime(t, "", map[string]string{})
	home := sysRun(t, rt2, `require("os").homedir()`).(string)
	if home == "" || home == "/home/plugin-user" {
		t.Fatalf("homedir fallback: %q", home)
	}
	if got := sysRun(t, rt2, `require("os").tmpdir()`); got != "/tmp" {
		t.Fatalf("tmpdir fallback: %v (process TMPDIR %q must not leak)", got, os.Getenv("TMPDIR"))
	}
}
