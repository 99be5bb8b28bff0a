package node

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dop251/goja"
)

// Spawn options, read on the loop into Go data the process-starting code
// (async or sync) can use from any goroutine.

// cpOptions are normalized spawn arguments and options.
type cpOptions struct {
	file       string   // the command as given (spawnfile, error messages)
	args       []string // arguments after argv[0]
	argv0      string
	cmdline    string // what exec reports as err.cmd
	cwd        string // absolute
	env        []string
	envPath    string    // the child's PATH, for finding file
	stdio      [3]string // "pipe", "ignore" or "inherit" (see cpStdio)
	detached   bool
	timeout    time.Duration // 0: none
	killSignal syscall.Signal
	signal     *goja.Object // AbortSignal, loop only
	input      []byte       // sync variants: fed to stdin
	hasInput   bool
	maxBuffer  float64 // bytes; +Inf for no limit
	encoding   string  // "" for Buffers
}

// cpDefaultPath is where commands are looked up when the child's
// environment has no PATH (libuv's _PATH_DEFPATH).
const cpDefaultPath = "/usr/local/bin:/usr/bin:/bin"

// options reads file, args and options as spawn does: shell wraps the
// command line in `/bin/sh -c` (or the given shell). defStdio is the
// default stdio ("pipe" everywhere). Loop only.
func (m *cpMod) options(fileV goja.Value, argsV goja.Value, optsV goja.Value) *cpOptions {
	vm := m.vm
	if fileV == nil || sysIsObject(fileV) || sysTypeof(fileV) != "string" {
		sysThrowArgType(vm, "file", "of type string", fileV)
	}
	o := &cpOptions{file: fileV.String(), killSignal: syscall.SIGTERM, maxBuffer: 1024 * 1024}
	if o.file == "" {
		sysThrowArgValue(vm, "file", "cannot be empty", fileV)
	}
	if argsV != nil && !goja.IsUndefined(argsV) && !goja.IsNull(argsV) {
		arr, ok := argsV.(*goja.Object)
		if !ok || arr.ClassName() != "Array" {
			sysThrowArgType(vm, "args", "an instance of Array", argsV)
		}
		n := int(arr.Get("length").ToInteger())
		for i := range n {
			o.args = append(o.args, arr.Get(strconv.Itoa(i)).String())
		}
	}
	if optsV != nil && !goja.IsUndefined(optsV) && !goja.IsNull(optsV) && !sysIsObject(optsV) {
		sysThrowArgType(vm, "options", "of type object", optsV)
	}
	o.cmdline = strings.Join(append([]string{o.file}, o.args...), " ")
	if sh := sysOpt(optsV, "shell"); sh != nil && sh.ToBoolean() {
		shell := "/bin/sh"
		if sysTypeof(sh) == "string" {
			shell = sh.String()
		}
		o.args = []string{"-c", o.cmdline}
		o.file = shell
	}
	o.argv0 = o.file
	if v := sysOpt(optsV, "argv0"); v != nil {
		o.argv0 = v.String()
	}
	o.cwd = m.rt.Cwd()
	if v := sysOpt(optsV, "cwd"); v != nil {
		o.cwd = sysResolve(m.rt, sysPathArg(vm, v, "options.cwd"))
	}
	o.env = m.environ(sysOpt(optsV, "env"))
	o.envPath = cpDefaultPath
	for _, kv := range o.env {
		if p, ok := strings.CutPrefix(kv, "PATH="); ok {
			o.envPath = p
		}
	}
	o.stdio = m.stdio(sysOpt(optsV, "stdio"))
	o.detached = fsBool(optsV, "detached")
	if v := sysOpt(optsV, "timeout"); v != nil {
		if ms := v.ToFloat(); ms > 0 && !math.IsInf(ms, 1) {
			o.timeout = time.Duration(ms * float64(time.Millisecond))
		}
	}
	if v := sysOpt(optsV, "killSignal"); v != nil {
		o.killSignal = sysSignalArg(vm, v, "SIGTERM")
	}
	if v := sysOpt(optsV, "signal"); v != nil {
		sig, ok := v.(*goja.Object)
		if !ok || sig.Get("aborted") == nil {
			sysThrowArgType(vm, "options.signal", "an instance of AbortSignal", v)
		}
		o.signal = sig
	}
	if v := sysOpt(optsV, "maxBuffer"); v != nil {
		o.maxBuffer = v.ToFloat()
	}
	if v := sysOpt(optsV, "input"); v != nil {
		o.input, o.hasInput = sysDataArg(vm, v, "", "options.input"), true
	}
	return o
}

// environ builds the child's environment: the env option's own and
// inherited enumerable properties (undefined values skipped), else
// process.env (a copy of Runtime.Environ() the plugin may have changed),
// else Runtime.Environ(). Never pigo's os.Environ. Loop only.
func (m *cpMod) environ(envV goja.Value) []string {
	var env []string
	obj, ok := envV.(*goja.Object)
	if !ok {
		if p := sysRequire(m.rt, "process"); p != nil {
			obj, ok = p.Get("env").(*goja.Object)
		}
	}
	if !ok {
		for k, v := range m.rt.Environ() {
			env = append(env, k+"="+v)
		}
		sort.Strings(env)
		return env
	}
	for _, k := range cpEnumerableKeys(m.vm, obj) {
		v := obj.Get(k)
		if v == nil || goja.IsUndefined(v) {
			continue
		}
		env = append(env, k+"="+v.String())
	}
	return env
}

// cpEnumerableKeys lists `for (k in obj)`. Loop only.
func cpEnumerableKeys(vm *goja.Runtime, obj *goja.Object) []string {
	var keys []string
	seen := map[string]bool{}
	for o := obj; o != nil; o = o.Prototype() {
		for _, k := range o.Keys() {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// stdio reads the stdio option for fds 0-2. 'pipe' (also null, undefined,
// 'overlapped') makes a pipe; 'ignore' connects /dev/null; 'inherit', a
// number or a stream are treated as 'inherit'. pigo never hands its own
// terminal to a child: 'inherit' connects /dev/null too, so the child's
// output is discarded (and its input is empty) rather than drawn over
// pigo's TUI. 'ipc' is not supported. Loop only.
func (m *cpMod) stdio(v goja.Value) [3]string {
	out := [3]string{"pipe", "pipe", "pipe"}
	one := func(e goja.Value) string {
		if e == nil || goja.IsUndefined(e) || goja.IsNull(e) {
			return "pipe"
		}
		if sysTypeof(e) == "string" && !sysIsObject(e) {
			switch s := e.String(); s {
			case "pipe", "overlapped":
				return "pipe"
			case "ignore", "inherit":
				return s
			case "ipc":
				panic(sysNewError(m.vm, "Error", "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "stdio 'ipc' is not supported in pigo"))
			default:
				sysThrowArgValue(m.vm, "stdio", "is invalid", e)
			}
		}
		return "inherit"
	}
	if v == nil {
		return out
	}
	if arr, ok := v.(*goja.Object); ok && arr.ClassName() == "Array" {
		for i := range 3 {
			out[i] = one(arr.Get(strconv.Itoa(i)))
		}
		return out
	}
	s := one(v)
	return [3]string{s, s, s}
}

// cpLookPath finds file the way libuv's execvp does for the child: a
// name with a slash is relative to the child's cwd; a bare name is
// searched in the child's PATH (relative entries against cwd). A missing
// file is ENOENT, a found but unusable one EACCES.
func cpLookPath(file, envPath, cwd string) (string, error) {
	check := func(p string) error {
		fi, err := os.Stat(p)
		if err != nil {
			return syscall.ENOENT
		}
		if fi.IsDir() || fi.Mode().Perm()&0o111 == 0 {
			return syscall.EACCES
		}
		return nil
	}
	if strings.Contains(file, "/") {
		p := file
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		return p, check(p)
	}
	denied := false
	for _, dir := range filepath.SplitList(envPath) {
		if dir == "" {
			dir = "."
		}
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(cwd, dir)
		}
		p := filepath.Join(dir, file)
		switch err := check(p); err {
		case nil:
			return p, nil
		case syscall.EACCES:
			denied = true
		}
	}
	if denied {
		return "", syscall.EACCES
	}
	return "", syscall.ENOENT
}
