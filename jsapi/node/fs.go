package node

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// fs is Node's file system module. Every path operation is written once
// as an fsOp (fs_ops.go) and exposed three ways, like Node:
//
//   - fooSync(...)        runs the work on the loop and returns or throws;
//   - foo(..., cb)        runs it on a goroutine and posts cb(err, result);
//   - promises.foo(...)   runs it on a goroutine and settles a Promise.
//
// Arguments are always read on the loop (bad ones throw synchronously,
// or reject for promises, as Node's async functions do); errors are
// Node-shaped (errors_system.go). Relative paths resolve against
// Runtime.Cwd(). fs/promises is the same object as fs.promises.
//
// fs.promises.open's FileHandle is fs_filehandle.js.
//
// Not implemented: fs.watchFile, streams
// beyond the basics (fs_stream.go), BigInt stats, chown/lchown/utimes on
// links, cp/cpSync, Windows semantics. fs.Dir and opendir (fs_dir.js) list
// the directory when opened.

// fsOp reads an operation's JS arguments (loop only; throws on bad ones)
// and returns its blocking work. The work runs on the loop for the Sync
// variant and on a goroutine otherwise; it returns a builder that makes
// the JS result back on the loop, or an error.
type fsOp func(args []goja.Value) fsWork

// fsWork is the blocking half of an fsOp.
type fsWork func() (build func() goja.Value, err error)

// fsMod is the fs module of one runtime. Loop only, except files.
type fsMod struct {
	rt      modules.Runtime
	vm      *goja.Runtime
	bufs    *sysBuffers
	ee      *sysEmitters
	files   *fsFiles
	classes *fsClasses
}

// fsOpContext tells an op which variant it runs as; only a few options
// (statSync's throwIfNoEntry, realpath's syscall name) depend on it.
type fsOpContext struct {
	sync, promise bool
}

// fsModule instantiates fs. Loop only.
func fsModule(rt modules.Runtime, module *goja.Object) error {
	vm := rt.VM()
	m := &fsMod{
		rt:    rt,
		vm:    vm,
		bufs:  &sysBuffers{rt: rt},
		ee:    &sysEmitters{rt: rt},
		files: &fsFiles{files: map[int]*os.File{}},
	}
	m.classes = newFSClasses(vm)
	rt.Track(m.files.closeAll)

	exports := vm.NewObject()
	promises := vm.NewObject()
	for _, d := range m.ops() {
		m.define(exports, promises, d)
	}
	sysMethod(vm, exports, "existsSync", m.existsSync)
	sysMethod(vm, exports, "exists", m.exists)
	m.defineFD(exports)
	m.defineStreams(exports)
	sysMethod(vm, exports, "watch", m.watch)
	// realpath.native uses the system call directly (and its name in errors).
	native := func(name string, obj *goja.Object, sync, promise bool) {
		if fn, ok := obj.Get(name).(*goja.Object); ok {
			op := m.realpathOp("realpath")
			sysMethod(vm, fn, "native", m.variant(op, sync, promise))
		}
	}
	native("realpathSync", exports, true, false)
	native("realpath", exports, false, false)

	constants := m.constants()
	_ = exports.Set("constants", constants)
	_ = promises.Set("constants", constants)
	for _, name := range []string{"F_OK", "R_OK", "W_OK", "X_OK"} {
		_ = exports.Set(name, constants.Get(name))
	}
	_ = exports.Set("Stats", m.classes.stats)
	_ = exports.Set("Dirent", m.classes.dirent)
	_ = exports.Set("promises", promises)
	errs, err := libEval(rt, errorsLibProgram)
	if err != nil {
		return fmt.Errorf("load errors helpers: %w", err)
	}
	if _, err := libEval(rt, fsDirProgram, exports, errs.ToObject(vm).Get("codeError")); err != nil {
		return fmt.Errorf("fs.opendir: %w", err)
	}
	if _, err := libEval(rt, fsFileHandleProgram, exports, errs.ToObject(vm).Get("codeError"), vm.ToValue(libRequire(rt))); err != nil {
		return fmt.Errorf("fs.promises.open: %w", err)
	}
	return module.Set("exports", exports)
}

// fsPromisesModule instantiates fs/promises as fs.promises. Loop only.
func fsPromisesModule(rt modules.Runtime, module *goja.Object) error {
	fs, err := rt.Require("fs")
	if err != nil {
		return fmt.Errorf("load fs: %w", err)
	}
	return module.Set("exports", fs.ToObject(rt.VM()).Get("promises"))
}

// fsOpDef names an op and the variants it has.
type fsOpDef struct {
	name              string // "readFile": readFileSync, readFile, promises.readFile
	op                func(ctx fsOpContext) fsOp
	sync, cb, promise bool
}

// define installs the variants of d. Loop only.
func (m *fsMod) define(exports, promises *goja.Object, d fsOpDef) {
	if d.sync {
		sysMethod(m.vm, exports, d.name+"Sync", m.variant(d.op(fsOpContext{sync: true}), true, false))
	}
	if d.cb {
		sysMethod(m.vm, exports, d.name, m.variant(d.op(fsOpContext{}), false, false))
	}
	if d.promise {
		sysMethod(m.vm, promises, d.name, m.variant(d.op(fsOpContext{promise: true}), false, true))
	}
}

// variant returns the JS function running op synchronously, with a
// trailing callback, or as a promise. Loop only.
func (m *fsMod) variant(op fsOp, sync, promise bool) func(goja.FunctionCall) goja.Value {
	vm := m.vm
	switch {
	case sync:
		return func(call goja.FunctionCall) goja.Value {
			build, err := op(call.Arguments)()
			if err != nil {
				sysThrow(vm, err)
			}
			return build()
		}
	case promise:
		return func(call goja.FunctionCall) goja.Value {
			var work fsWork
			if ex := vm.Try(func() { work = op(call.Arguments) }); ex != nil {
				return sysRejected(vm, ex.Value())
			}
			return sysAsync(m.rt, work)
		}
	}
	return func(call goja.FunctionCall) goja.Value {
		args := call.Arguments
		var cb goja.Callable
		if n := len(args); n > 0 {
			cb = sysFunc(args[n-1])
			args = args[:n-1]
		}
		if cb == nil {
			sysThrowArgType(vm, "cb", "of type function", goja.Undefined())
		}
		work := op(args)
		go func() {
			build, err := work()
			m.rt.Post(func() {
				if err != nil {
					sysCall(m.rt, "fs callback", cb, goja.Undefined(), sysErrorValue(vm, err))
					return
				}
				v := build()
				if goja.IsUndefined(v) {
					sysCall(m.rt, "fs callback", cb, goja.Undefined(), goja.Null())
					return
				}
				sysCall(m.rt, "fs callback", cb, goja.Undefined(), goja.Null(), v)
			})
		}()
		return goja.Undefined()
	}
}

// existsSync is fs.existsSync: false for any error or bad argument. Loop only.
func (m *fsMod) existsSync(call goja.FunctionCall) goja.Value {
	var p string
	if ex := m.vm.Try(func() { p = sysPathArg(m.vm, call.Argument(0), "path") }); ex != nil {
		return m.vm.ToValue(false)
	}
	_, err := os.Stat(sysResolve(m.rt, p))
	return m.vm.ToValue(err == nil)
}

// exists is the deprecated fs.exists(path, cb(bool)). Loop only.
func (m *fsMod) exists(call goja.FunctionCall) goja.Value {
	cb := sysFunc(call.Argument(1))
	if cb == nil {
		sysThrowArgType(m.vm, "cb", "of type function", call.Argument(1))
	}
	var p string
	ok := m.vm.Try(func() { p = sysPathArg(m.vm, call.Argument(0), "path") }) == nil
	go func() {
		found := false
		if ok {
			_, err := os.Stat(sysResolve(m.rt, p))
			found = err == nil
		}
		m.rt.Post(func() { sysCall(m.rt, "fs.exists callback", cb, goja.Undefined(), m.vm.ToValue(found)) })
	}()
	return goja.Undefined()
}

// Option helpers.

// fsOptions splits an options argument that may be an encoding string or
// an object: it returns the object (nil for a string) and the encoding.
// Loop only.
func (m *fsMod) fsOptions(v goja.Value) (obj goja.Value, enc string) {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return nil, ""
	}
	if sysIsObject(v) {
		return v, sysEncoding(m.vm, sysOpt(v, "encoding"))
	}
	if sysFunc(v) != nil {
		return nil, ""
	}
	return nil, sysEncoding(m.vm, v)
}

// fsFlags parses Node's open flags ("r", "w+", "ax"...) or a number.
// Loop only.
func fsFlags(vm *goja.Runtime, v goja.Value, def string) int {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		v = vm.ToValue(def)
	}
	if t := sysTypeof(v); t == "number" {
		return int(v.ToInteger())
	}
	switch v.String() {
	case "r":
		return os.O_RDONLY
	case "rs", "sr":
		return os.O_RDONLY | os.O_SYNC
	case "r+":
		return os.O_RDWR
	case "rs+", "sr+":
		return os.O_RDWR | os.O_SYNC
	case "w":
		return os.O_TRUNC | os.O_CREATE | os.O_WRONLY
	case "wx", "xw":
		return os.O_TRUNC | os.O_CREATE | os.O_WRONLY | os.O_EXCL
	case "w+":
		return os.O_TRUNC | os.O_CREATE | os.O_RDWR
	case "wx+", "xw+":
		return os.O_TRUNC | os.O_CREATE | os.O_RDWR | os.O_EXCL
	case "a":
		return os.O_APPEND | os.O_CREATE | os.O_WRONLY
	case "ax", "xa":
		return os.O_APPEND | os.O_CREATE | os.O_WRONLY | os.O_EXCL
	case "as", "sa":
		return os.O_APPEND | os.O_CREATE | os.O_WRONLY | os.O_SYNC
	case "a+":
		return os.O_APPEND | os.O_CREATE | os.O_RDWR
	case "ax+", "xa+":
		return os.O_APPEND | os.O_CREATE | os.O_RDWR | os.O_EXCL
	case "as+", "sa+":
		return os.O_APPEND | os.O_CREATE | os.O_RDWR | os.O_SYNC
	}
	sysThrowArgValue(vm, "flags", "is invalid", v)
	return 0
}

// fsMode parses a file mode: a number or an octal string ("755"); def
// when absent. Loop only.
func fsMode(vm *goja.Runtime, v goja.Value, name string, def os.FileMode) os.FileMode {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return def
	}
	if sysTypeof(v) == "string" {
		n, err := strconv.ParseUint(strings.TrimPrefix(v.String(), "0o"), 8, 32)
		if err != nil {
			sysThrowArgValue(vm, name, "must be a 32-bit unsigned integer or an octal string", v)
		}
		return fsGoMode(uint32(n))
	}
	if sysTypeof(v) != "number" {
		sysThrowArgType(vm, name, "of type number", v)
	}
	return fsGoMode(uint32(v.ToInteger()))
}

// fsGoMode converts POSIX permission bits (with setuid, setgid, sticky)
// to an os.FileMode.
func fsGoMode(n uint32) os.FileMode {
	mode := os.FileMode(n & 0o777)
	if n&0o4000 != 0 {
		mode |= os.ModeSetuid
	}
	if n&0o2000 != 0 {
		mode |= os.ModeSetgid
	}
	if n&0o1000 != 0 {
		mode |= os.ModeSticky
	}
	return mode
}

// fsBool reads an optional boolean option. Loop only.
func fsBool(options goja.Value, name string) bool {
	v := sysOpt(options, name)
	return v != nil && v.ToBoolean()
}

// constants returns fs.constants. Loop only.
func (m *fsMod) constants() *goja.Object {
	c := m.vm.NewObject()
	set := func(name string, v int) { _ = c.Set(name, v) }
	set("F_OK", 0)
	set("R_OK", 4)
	set("W_OK", 2)
	set("X_OK", 1)
	set("O_RDONLY", os.O_RDONLY)
	set("O_WRONLY", os.O_WRONLY)
	set("O_RDWR", os.O_RDWR)
	set("O_CREAT", os.O_CREATE)
	set("O_EXCL", os.O_EXCL)
	set("O_TRUNC", os.O_TRUNC)
	set("O_APPEND", os.O_APPEND)
	set("O_SYNC", os.O_SYNC)
	set("S_IFMT", fsIFMT)
	set("S_IFREG", fsIFREG)
	set("S_IFDIR", fsIFDIR)
	set("S_IFCHR", fsIFCHR)
	set("S_IFBLK", fsIFBLK)
	set("S_IFIFO", fsIFIFO)
	set("S_IFLNK", fsIFLNK)
	set("S_IFSOCK", fsIFSOCK)
	set("COPYFILE_EXCL", 1)
	set("COPYFILE_FICLONE", 2)
	set("COPYFILE_FICLONE_FORCE", 4)
	return c
}
