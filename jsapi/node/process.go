package node

import (
	"errors"
	"math/big"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// process is a safe subset of Node's process object, also installed as
// the global `process`. It never lets a plugin act on pigo itself:
//
//   - env is a plain, writable object copied from Runtime.Environ() when
//     the module is first required (per runtime), not os.Environ; changes
//     are seen by child_process (its default env is process.env) but not
//     by pigo or other plugins;
//   - cwd() is Runtime.Cwd(); chdir() throws (the working directory is
//     pigo's, shared by every plugin);
//   - stdout/stderr.write go to Runtime.Log ("info"/"error"), never to
//     pigo's terminal; isTTY is false, columns 80, rows 24; stdin never
//     emits data;
//   - exit(code) asks the host to shut down (Runtime.RequestExit), then
//     throws an Error (code PIGO_PROCESS_EXIT) so the code after it does
//     not run; a try/catch around it can still catch that error. 'exit'
//     listeners are kept but never called;
//   - kill(pid) signals that process, and kill(-pgid) that process group
//     (e.g. a detached child's); pid 0, -1, pigo's own pid and pigo's
//     own process group are refused, except with signal 0, the liveness
//     check;
//   - version is sysNodeVersion, the Node line pigo emulates; argv is
//     ["pigo", <plugin id>] and execPath "pigo" (the real binary path is
//     not exposed); uptime() counts from the module's instantiation.

// sysNodeVersion is the Node version pigo reports (process.version): the
// release line whose behaviour these shims follow.
const sysNodeVersion = "v20.0.0"

// processModule instantiates process. Loop only.
func processModule(rt modules.Runtime, module *goja.Object) error {
	vm := rt.VM()
	ee := &sysEmitters{rt: rt}
	p := ee.make()
	start := time.Now()
	// Libraries tell Node from browsers by Object.prototype.toString.call(process)
	// (axios picks its http adapter over fetch on "[object process]").
	_ = p.DefineDataPropertySymbol(goja.SymToStringTag, vm.ToValue("process"), goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_FALSE)

	env := vm.NewObject()
	environ := rt.Environ()
	keys := make([]string, 0, len(environ))
	for k := range environ {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		_ = env.Set(k, environ[k])
	}
	_ = p.Set("env", env)

	_ = p.Set("title", "pigo")
	_ = p.Set("version", sysNodeVersion)
	versions := vm.NewObject()
	_ = versions.Set("node", strings.TrimPrefix(sysNodeVersion, "v"))
	_ = versions.Set("pigo", processPigoVersion())
	_ = versions.Set("sqlite", sqliteVersion)
	_ = p.Set("versions", versions)
	release := vm.NewObject()
	_ = release.Set("name", "node")
	_ = release.Set("lts", "Iron")
	_ = p.Set("release", release)
	_ = p.Set("platform", osPlatform())
	_ = p.Set("arch", osArch())
	_ = p.Set("argv", vm.NewArray("pigo", rt.PluginID()))
	_ = p.Set("argv0", "pigo")
	_ = p.Set("execArgv", vm.NewArray())
	_ = p.Set("execPath", "pigo")
	_ = p.Set("pid", os.Getpid())
	_ = p.Set("ppid", os.Getppid())
	_ = p.Set("exitCode", goja.Undefined())
	_ = p.Set("features", vm.NewObject())
	config := vm.NewObject()
	_ = config.Set("variables", vm.NewObject())
	_ = p.Set("config", config)

	sysMethod(vm, p, "cwd", func(goja.FunctionCall) goja.Value { return vm.ToValue(rt.Cwd()) })
	sysMethod(vm, p, "chdir", func(goja.FunctionCall) goja.Value {
		panic(sysNewError(vm, "Error", "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM",
			"process.chdir() is not supported in pigo: the working directory is shared by all plugins"))
	})
	processTime(vm, p, start)
	sysMethod(vm, p, "nextTick", func(call goja.FunctionCall) goja.Value {
		processNextTick(rt, call)
		return goja.Undefined()
	})
	_ = p.Set("stdout", processOutput(rt, ee, 1))
	_ = p.Set("stderr", processOutput(rt, ee, 2))
	_ = p.Set("stdin", processInput(rt, ee))

	sysMethod(vm, p, "exit", func(call goja.FunctionCall) goja.Value {
		code := call.Argument(0)
		if goja.IsUndefined(code) || goja.IsNull(code) {
			code = p.Get("exitCode")
		}
		n := 0
		if code != nil && !goja.IsUndefined(code) && !goja.IsNull(code) {
			n = int(code.ToInteger())
		}
		_ = p.Set("exitCode", n)
		rt.RequestExit(n)
		panic(sysNewError(vm, "Error", "PIGO_PROCESS_EXIT", "process.exit called"))
	})
	sysMethod(vm, p, "abort", func(goja.FunctionCall) goja.Value {
		panic(sysNewError(vm, "Error", "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "process.abort() is not supported in pigo"))
	})
	sysMethod(vm, p, "kill", func(call goja.FunctionCall) goja.Value {
		processKill(vm, call)
		return vm.ToValue(true)
	})
	sysMethod(vm, p, "emitWarning", func(call goja.FunctionCall) goja.Value {
		processWarning(rt, ee, p, call)
		return goja.Undefined()
	})
	sysMethod(vm, p, "umask", func(call goja.FunctionCall) goja.Value {
		if !goja.IsUndefined(call.Argument(0)) {
			rt.Log("warn", "process.umask(mask) is ignored in pigo: the umask is shared by all plugins")
		}
		return vm.ToValue(processUmask())
	})
	processIDs(vm, p)
	sysMethod(vm, p, "cpuUsage", func(call goja.FunctionCall) goja.Value {
		user, system := processCPU()
		if prev, ok := call.Argument(0).(*goja.Object); ok {
			user -= prev.Get("user").ToFloat()
			system -= prev.Get("system").ToFloat()
		}
		o := vm.NewObject()
		_ = o.Set("user", user)
		_ = o.Set("system", system)
		return o
	})
	for _, name := range []string{"binding", "_linkedBinding", "dlopen"} {
		sysMethod(vm, p, name, func(goja.FunctionCall) goja.Value {
			panic(sysNewError(vm, "Error", "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "process."+name+"() is not supported in pigo"))
		})
	}
	return module.Set("exports", p)
}

// processPigoVersion is pigo's module version from the build info.
func processPigoVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "devel"
}

// processTime defines hrtime, hrtime.bigint, uptime and memoryUsage.
// Loop only.
func processTime(vm *goja.Runtime, p *goja.Object, start time.Time) {
	// hrtime counts from an arbitrary origin, like Node's: the module's
	// instantiation, offset so values never start at zero.
	now := func() int64 { return int64(time.Since(start)) + int64(time.Hour) }
	sysMethod(vm, p, "hrtime", func(call goja.FunctionCall) goja.Value {
		t := now()
		sec, nsec := t/1e9, t%1e9
		if prev, ok := call.Argument(0).(*goja.Object); ok {
			ps, pn := prev.Get("0").ToInteger(), prev.Get("1").ToInteger()
			sec, nsec = sec-ps, nsec-pn
			if nsec < 0 {
				sec--
				nsec += 1e9
			}
		}
		return vm.NewArray(sec, nsec)
	})
	if hr, ok := p.Get("hrtime").(*goja.Object); ok {
		sysMethod(vm, hr, "bigint", func(goja.FunctionCall) goja.Value {
			return vm.ToValue(big.NewInt(now()))
		})
	}
	sysMethod(vm, p, "uptime", func(goja.FunctionCall) goja.Value {
		return vm.ToValue(time.Since(start).Seconds())
	})
	sysMethod(vm, p, "memoryUsage", func(goja.FunctionCall) goja.Value {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		o := vm.NewObject()
		_ = o.Set("rss", float64(ms.Sys))
		_ = o.Set("heapTotal", float64(ms.HeapSys))
		_ = o.Set("heapUsed", float64(ms.HeapAlloc))
		_ = o.Set("external", 0)
		_ = o.Set("arrayBuffers", 0)
		return o
	})
	if mu, ok := p.Get("memoryUsage").(*goja.Object); ok {
		sysMethod(vm, mu, "rss", func(goja.FunctionCall) goja.Value {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			return vm.ToValue(float64(ms.Sys))
		})
	}
}

// processNextTick queues fn(...args) as a microtask: through the global
// queueMicrotask when the runtime has one (it reports exceptions), else
// as a reaction of a resolved promise. Loop only.
func processNextTick(rt modules.Runtime, call goja.FunctionCall) {
	vm := rt.VM()
	fn := sysFunc(call.Argument(0))
	if fn == nil {
		sysThrowArgType(vm, "callback", "of type function", call.Argument(0))
	}
	var args []goja.Value
	if len(call.Arguments) > 1 {
		args = append(args, call.Arguments[1:]...)
	}
	job := vm.ToValue(func(goja.FunctionCall) goja.Value {
		sysCall(rt, "process.nextTick callback", fn, goja.Undefined(), args...)
		return goja.Undefined()
	})
	if qm := sysFunc(vm.Get("queueMicrotask")); qm != nil {
		if _, err := qm(goja.Undefined(), job); err != nil {
			panic(err)
		}
		return
	}
	promise := vm.Get("Promise").ToObject(vm)
	resolve := sysFunc(promise.Get("resolve"))
	resolved, err := resolve(promise)
	if err != nil {
		panic(err)
	}
	then := sysFunc(resolved.ToObject(vm).Get("then"))
	if _, err := then(resolved, job); err != nil {
		panic(err)
	}
}

// processOutput builds process.stdout (fd 1) or process.stderr (fd 2):
// a writable whose writes are logged against the plugin, one log entry
// per write (without its trailing newline). Loop only.
func processOutput(rt modules.Runtime, ee *sysEmitters, fd int) *goja.Object {
	vm := rt.VM()
	level, name := "info", "stdout"
	if fd == 2 {
		level, name = "error", "stderr"
	}
	s := ee.make()
	_ = s.Set("fd", fd)
	_ = s.Set("isTTY", false)
	_ = s.Set("columns", 80)
	_ = s.Set("rows", 24)
	_ = s.Set("writable", true)
	sysMethod(vm, s, "write", func(call goja.FunctionCall) goja.Value {
		cb := sysFunc(call.Argument(1))
		enc := ""
		if cb == nil {
			enc = sysEncoding(vm, call.Argument(1))
			cb = sysFunc(call.Argument(2))
		}
		var text string
		if sysIsObject(call.Argument(0)) {
			text = sysDecode(sysDataArg(vm, call.Argument(0), "", "chunk"), "utf8")
		} else {
			if sysTypeof(call.Argument(0)) != "string" {
				sysThrowArgType(vm, "chunk", "of type string or an instance of Buffer or Uint8Array", call.Argument(0))
			}
			text = call.Argument(0).String()
			if enc != "" && enc != "utf8" {
				text = sysDecode(sysEncode(text, enc), "utf8")
			}
		}
		if text = strings.TrimSuffix(text, "\n"); text != "" {
			rt.Log(level, text)
		}
		if cb != nil {
			rt.Post(func() {
				sysCall(rt, "process."+name+".write callback", cb, goja.Undefined())
			})
		}
		return vm.ToValue(true)
	})
	sysMethod(vm, s, "end", func(goja.FunctionCall) goja.Value { return s })
	sysMethod(vm, s, "getWindowSize", func(goja.FunctionCall) goja.Value { return vm.NewArray(80, 24) })
	sysMethod(vm, s, "hasColors", func(goja.FunctionCall) goja.Value { return vm.ToValue(false) })
	sysMethod(vm, s, "getColorDepth", func(goja.FunctionCall) goja.Value { return vm.ToValue(1) })
	for _, name := range []string{"cursorTo", "moveCursor", "clearLine", "clearScreenDown"} {
		sysMethod(vm, s, name, func(call goja.FunctionCall) goja.Value {
			for _, a := range call.Arguments {
				if cb := sysFunc(a); cb != nil {
					rt.Post(func() { sysCall(rt, "tty callback", cb, goja.Undefined()) })
				}
			}
			return vm.ToValue(true)
		})
	}
	return s
}

// processInput builds process.stdin: an emitter that never emits data
// (pigo's terminal belongs to pigo). Loop only.
func processInput(rt modules.Runtime, ee *sysEmitters) *goja.Object {
	vm := rt.VM()
	s := ee.make()
	_ = s.Set("fd", 0)
	_ = s.Set("isTTY", false)
	_ = s.Set("readable", false)
	for _, name := range []string{"setRawMode", "setEncoding", "pause", "resume", "ref", "unref"} {
		sysMethod(vm, s, name, func(goja.FunctionCall) goja.Value { return s })
	}
	sysMethod(vm, s, "read", func(goja.FunctionCall) goja.Value { return goja.Null() })
	return s
}

// processKill is process.kill(pid, signal = "SIGTERM"). Loop only.
func processKill(vm *goja.Runtime, call goja.FunctionCall) {
	pidV := call.Argument(0)
	if sysTypeof(pidV) != "number" || sysIsObject(pidV) {
		sysThrowArgType(vm, "pid", "of type number", pidV)
	}
	pid := pidV.ToInteger()
	sig := sysSignalArg(vm, call.Argument(1), "SIGTERM")
	// Signal 0 only checks that the target exists (and may be signalled),
	// so it is safe for pigo's own pid and group too.
	switch {
	case sig == 0:
	case pid == 0 || pid == -1 || (pid < 0 && int(-pid) == processOwnGroup()):
		panic(sysNewError(vm, "Error", "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM",
			"process.kill(pid) would signal pigo's own process group (or every process); refused"))
	case int(pid) == os.Getpid():
		panic(sysNewError(vm, "Error", "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM",
			"process.kill(process.pid) is not supported in pigo: use process.exit()"))
	}
	if err := processSignal(int(pid), sig); err != nil {
		var errno syscall.Errno
		if !errors.As(err, &errno) {
			errno = syscall.EINVAL
		}
		e := sysErrno(errno, "kill", "")
		e.short = true
		sysThrow(vm, e)
	}
}

// processWarning is process.emitWarning(warning, type | options, code):
// logged as "(node:pid) [code] Type: message" at warn level and emitted
// as a 'warning' event. Loop only.
func processWarning(rt modules.Runtime, ee *sysEmitters, p *goja.Object, call goja.FunctionCall) {
	vm := rt.VM()
	w := call.Argument(0)
	typ, code := "Warning", ""
	if t := call.Argument(1); sysIsObject(t) {
		if v := sysOpt(t, "type"); v != nil {
			typ = v.String()
		}
		if v := sysOpt(t, "code"); v != nil {
			code = v.String()
		}
	} else if !goja.IsUndefined(t) {
		typ = t.String()
		if c := call.Argument(2); !goja.IsUndefined(c) && sysFunc(c) == nil {
			code = c.String()
		}
	}
	msg := w.String()
	if obj, ok := w.(*goja.Object); ok {
		if n := obj.Get("name"); n != nil && !goja.IsUndefined(n) {
			typ = n.String()
		}
		if m := obj.Get("message"); m != nil {
			msg = m.String()
		}
	} else {
		warning := sysNewError(vm, "Error", code, msg)
		_ = warning.Set("name", typ)
		w = warning
	}
	line := "(node:" + strconv.Itoa(os.Getpid()) + ") "
	if code != "" {
		line += "[" + code + "] "
	}
	rt.Log("warn", line+typ+": "+msg)
	ee.emit(p, "warning", w)
}
