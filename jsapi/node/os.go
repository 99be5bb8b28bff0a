package node

import (
	"encoding/binary"
	"os"
	"os/user"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// os is Node's os module. homedir and tmpdir read the environment pigo
// exposes to the plugin (Runtime.Getenv), not the process's; the machine
// facts come from the system (os_linux.go; other platforms give portable
// approximations, see os_other.go). networkInterfaces() is always empty:
// no pi extension needs it and pigo does not expose the host's network.

// osModule instantiates os. Loop only.
func osModule(rt modules.Runtime, module *goja.Object) error {
	vm := rt.VM()
	o := vm.NewObject()
	value := func(name string, fn func() any) {
		sysMethod(vm, o, name, func(goja.FunctionCall) goja.Value { return vm.ToValue(fn()) })
	}
	value("homedir", func() any { return osHomedir(rt) })
	value("tmpdir", func() any { return osTmpdir(rt) })
	value("platform", func() any { return osPlatform() })
	value("type", func() any { return osInfo().sysname })
	value("release", func() any { return osInfo().release })
	value("version", func() any { return osInfo().version })
	value("machine", func() any { return osInfo().machine })
	value("arch", func() any { return osArch() })
	value("hostname", func() any {
		h, err := os.Hostname()
		if err != nil {
			return "localhost"
		}
		return h
	})
	value("endianness", func() any {
		if binary.NativeEndian.Uint16([]byte{1, 0}) == 1 {
			return "LE"
		}
		return "BE"
	})
	value("totalmem", func() any { return float64(osTotalMem()) })
	value("freemem", func() any { return float64(osFreeMem()) })
	value("availableParallelism", func() any { return runtime.NumCPU() })
	value("uptime", func() any { return osUptime() })
	value("loadavg", func() any {
		l := osLoadavg()
		return vm.NewArray(l[0], l[1], l[2])
	})
	value("networkInterfaces", func() any { return vm.NewObject() })
	value("cpus", func() any {
		cpus := osCPUs()
		out := make([]any, len(cpus))
		for i, c := range cpus {
			cpu := vm.NewObject()
			_ = cpu.Set("model", c.model)
			_ = cpu.Set("speed", c.speed)
			times := vm.NewObject()
			for _, k := range []string{"user", "nice", "sys", "idle", "irq"} {
				_ = times.Set(k, c.times[k])
			}
			_ = cpu.Set("times", times)
			out[i] = cpu
		}
		return vm.NewArray(out...)
	})
	sysMethod(vm, o, "userInfo", func(goja.FunctionCall) goja.Value { return osUserInfo(rt) })
	sysMethod(vm, o, "getPriority", func(goja.FunctionCall) goja.Value { return vm.ToValue(0) })
	sysMethod(vm, o, "setPriority", func(goja.FunctionCall) goja.Value {
		panic(sysNewError(vm, "Error", "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "os.setPriority() is not supported in pigo"))
	})
	_ = o.Set("EOL", "\n")
	_ = o.Set("devNull", "/dev/null")
	constants := vm.NewObject()
	signals := vm.NewObject()
	for _, s := range sysSignalTable() {
		_ = signals.Set(s.name, int(s.sig))
	}
	_ = constants.Set("signals", signals)
	errno := vm.NewObject()
	for _, e := range osErrnoNames() {
		_ = errno.Set(e.code, e.n)
	}
	_ = constants.Set("errno", errno)
	priority := vm.NewObject()
	for k, v := range map[string]int{"PRIORITY_LOW": 19, "PRIORITY_BELOW_NORMAL": 10, "PRIORITY_NORMAL": 0,
		"PRIORITY_ABOVE_NORMAL": -7, "PRIORITY_HIGH": -14, "PRIORITY_HIGHEST": -20} {
		_ = priority.Set(k, v)
	}
	_ = constants.Set("priority", priority)
	_ = o.Set("constants", constants)
	return module.Set("exports", o)
}

// osHomedir is $HOME as the plugin sees it, else the user database's.
func osHomedir(rt modules.Runtime) string {
	if h, ok := rt.Getenv("HOME"); ok && h != "" {
		return h
	}
	if u, err := user.Current(); err == nil && u.HomeDir != "" {
		return u.HomeDir
	}
	return "/"
}

// osTmpdir is Node's os.tmpdir: TMPDIR, TMP or TEMP as the plugin sees
// them, else /tmp, without a trailing slash.
func osTmpdir(rt modules.Runtime) string {
	for _, k := range []string{"TMPDIR", "TMP", "TEMP"} {
		if v, ok := rt.Getenv(k); ok && v != "" {
			if len(v) > 1 {
				v = strings.TrimSuffix(v, "/")
			}
			return v
		}
	}
	return "/tmp"
}

// osPlatform is process.platform: Go's GOOS, with Node's names.
func osPlatform() string {
	if runtime.GOOS == "windows" {
		return "win32"
	}
	return runtime.GOOS
}

// osArch is process.arch: Go's GOARCH, with Node's names.
func osArch() string {
	switch runtime.GOARCH {
	case "amd64":
		return "x64"
	case "386":
		return "ia32"
	case "ppc64le":
		return "ppc64"
	}
	return runtime.GOARCH
}

// osUserInfo is os.userInfo(): the user pigo runs as. Loop only.
func osUserInfo(rt modules.Runtime) goja.Value {
	vm := rt.VM()
	o := vm.NewObject()
	uid, gid := -1, -1
	name, home := "", osHomedir(rt)
	if u, err := user.Current(); err == nil {
		uid, _ = strconv.Atoi(u.Uid)
		gid, _ = strconv.Atoi(u.Gid)
		name = u.Username
		if u.HomeDir != "" {
			home = u.HomeDir
		}
	}
	_ = o.Set("uid", uid)
	_ = o.Set("gid", gid)
	_ = o.Set("username", name)
	_ = o.Set("homedir", home)
	if sh, ok := rt.Getenv("SHELL"); ok {
		_ = o.Set("shell", sh)
	} else {
		_ = o.Set("shell", goja.Null())
	}
	return o
}

// osUname is what uname(2) reports, with Node's names for the fields.
type osUname struct {
	sysname, release, version, machine string
}

// osCPU is one entry of os.cpus(); times are in milliseconds.
type osCPU struct {
	model string
	speed int
	times map[string]float64
}

// osErrno is one os.constants.errno entry.
type osErrno struct {
	code string
	n    int
}

// osErrnoNames lists os.constants.errno: the codes pigo names, with their
// (positive) numbers on this platform.
func osErrnoNames() []osErrno {
	var out []osErrno
	for _, e := range []syscall.Errno{
		syscall.E2BIG, syscall.EACCES, syscall.EAGAIN, syscall.EBADF, syscall.EBUSY, syscall.ECHILD,
		syscall.EEXIST, syscall.EFBIG, syscall.EINTR, syscall.EINVAL, syscall.EIO, syscall.EISDIR,
		syscall.ELOOP, syscall.EMFILE, syscall.EMLINK, syscall.ENAMETOOLONG, syscall.ENFILE, syscall.ENODEV,
		syscall.ENOENT, syscall.ENOMEM, syscall.ENOSPC, syscall.ENOSYS, syscall.ENOTDIR, syscall.ENOTEMPTY,
		syscall.ENOTSUP, syscall.ENXIO, syscall.EPERM, syscall.EPIPE, syscall.EROFS, syscall.ESRCH,
		syscall.ETIMEDOUT, syscall.ETXTBSY, syscall.EXDEV,
	} {
		code, _ := sysErrnoName(e)
		out = append(out, osErrno{code: code, n: int(e)})
	}
	return out
}

// sysSignalByName looks a signal up by name ("SIGTERM").
func sysSignalByName(name string) (syscall.Signal, bool) {
	for _, s := range sysSignalTable() {
		if s.name == name {
			return s.sig, true
		}
	}
	return 0, false
}

// sysSignalName names sig ("SIGTERM"), or "" when it has no name here.
func sysSignalName(sig syscall.Signal) string {
	for _, s := range sysSignalTable() {
		if s.sig == sig && s.name != "SIGIOT" {
			return s.name
		}
	}
	return ""
}

// sysSignalArg reads a signal argument: a name or a number; def when
// absent. Unknown names throw Node's ERR_UNKNOWN_SIGNAL. Loop only.
func sysSignalArg(vm *goja.Runtime, v goja.Value, def string) syscall.Signal {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		v = vm.ToValue(def)
	}
	if sysTypeof(v) == "number" {
		return syscall.Signal(v.ToInteger())
	}
	if sig, ok := sysSignalByName(v.String()); ok {
		return sig
	}
	panic(sysNewError(vm, "TypeError", "ERR_UNKNOWN_SIGNAL", "Unknown signal: "+v.String()))
}
