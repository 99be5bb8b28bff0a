package node

import (
	"io"
	"os"
	"strings"
	"sync"
	"syscall"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// File descriptors: openSync and friends. Each runtime has its own table
// of the files it opened, keyed by their real descriptor numbers, and the
// files still open are closed when the generation retires. Descriptors 1
// and 2 are process.stdout and process.stderr: writing to them goes to
// Runtime.Log, never to pigo's own output; 0 reads as empty.

// fsFiles is a runtime's open files. Safe for concurrent use.
type fsFiles struct {
	mu    sync.Mutex
	files map[int]*os.File
}

// add registers f and returns its descriptor.
func (t *fsFiles) add(f *os.File) int {
	fd := int(f.Fd())
	t.mu.Lock()
	defer t.mu.Unlock()
	t.files[fd] = f
	return fd
}

// get returns the file of fd, or EBADF.
func (t *fsFiles) get(fd int) (*os.File, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f, ok := t.files[fd]
	if !ok {
		return nil, syscall.EBADF
	}
	return f, nil
}

// close closes fd.
func (t *fsFiles) close(fd int) error {
	t.mu.Lock()
	f, ok := t.files[fd]
	delete(t.files, fd)
	t.mu.Unlock()
	if !ok {
		return syscall.EBADF
	}
	return f.Close()
}

// closeAll closes every file (on retire).
func (t *fsFiles) closeAll() {
	t.mu.Lock()
	files := t.files
	t.files = map[int]*os.File{}
	t.mu.Unlock()
	for _, f := range files {
		_ = f.Close()
	}
}

// write writes data to fd; 1 and 2 go to the plugin's log.
func (t *fsFiles) write(rt modules.Runtime, fd int, data []byte) error {
	switch fd {
	case 1:
		rt.Log("info", strings.TrimSuffix(string(data), "\n"))
		return nil
	case 2:
		rt.Log("error", strings.TrimSuffix(string(data), "\n"))
		return nil
	}
	f, err := t.get(fd)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return err
}

// fdArg reads an argument that is a descriptor when it is a uint32
// number (readFile(fd), writeFile(fd)); ok is false otherwise. Loop only.
func (m *fsMod) fdArg(v goja.Value) (int, bool) {
	if sysTypeof(v) != "number" {
		return 0, false
	}
	f := v.ToFloat()
	if f != float64(int64(f)) || f < 0 || f > 2147483647 {
		return 0, false
	}
	return int(f), true
}

// fd reads a required descriptor argument. Loop only.
func (m *fsMod) fd(v goja.Value) int {
	if sysTypeof(v) != "number" {
		sysThrowArgType(m.vm, "fd", "of type number", v)
	}
	fd, ok := m.fdArg(v)
	if !ok {
		panic(sysNewError(m.vm, "RangeError", "ERR_OUT_OF_RANGE",
			`The value of "fd" is out of range. It must be >= 0 && <= 2147483647. Received `+sysInspect(v)))
	}
	return fd
}

// defineFD installs the descriptor functions. Loop only.
func (m *fsMod) defineFD(exports *goja.Object) {
	vm := m.vm
	ops := []fsOpDef{
		{name: "open", op: func(fsOpContext) fsOp { return m.openOp }, sync: true, cb: true},
		{name: "close", op: func(fsOpContext) fsOp { return m.closeOp }, sync: true, cb: true},
		{name: "fstat", op: func(fsOpContext) fsOp { return m.fstatOp }, sync: true, cb: true},
		{name: "fsync", op: func(fsOpContext) fsOp { return m.fsyncOp }, sync: true, cb: true},
		{name: "ftruncate", op: func(fsOpContext) fsOp { return m.ftruncateOp }, sync: true, cb: true},
		{name: "fchmod", op: func(fsOpContext) fsOp { return m.fchmodOp }, sync: true, cb: true},
		{name: "fchown", op: func(fsOpContext) fsOp { return m.fchownOp }, sync: true, cb: true},
		{name: "futimes", op: func(fsOpContext) fsOp { return m.futimesOp }, sync: true, cb: true},
	}
	for _, d := range ops {
		m.define(exports, nil, d)
	}
	sysMethod(vm, exports, "readSync", m.readSync)
	sysMethod(vm, exports, "writeSync", m.writeSync)
}

// openOp is open(path, flags = "r", mode = 0o666).
func (m *fsMod) openOp(args []goja.Value) fsWork {
	orig, abs := m.path(args, 0, "path")
	flags := fsFlags(m.vm, fsArg(args, 1), "r")
	mode := fsMode(m.vm, fsArg(args, 2), "mode", 0o666)
	return func() (func() goja.Value, error) {
		f, err := os.OpenFile(abs, flags, mode)
		if err != nil {
			return nil, sysErrorf(err, "open", orig, "")
		}
		fd := m.files.add(f)
		return func() goja.Value { return m.vm.ToValue(fd) }, nil
	}
}

// closeOp is close(fd).
func (m *fsMod) closeOp(args []goja.Value) fsWork {
	fd := m.fd(fsArg(args, 0))
	return func() (func() goja.Value, error) {
		if err := m.files.close(fd); err != nil {
			return nil, sysErrorf(err, "close", "", "")
		}
		return undefined, nil
	}
}

// fstatOp is fstat(fd).
func (m *fsMod) fstatOp(args []goja.Value) fsWork {
	fd := m.fd(fsArg(args, 0))
	return func() (func() goja.Value, error) {
		f, err := m.files.get(fd)
		if err != nil {
			return nil, sysErrorf(err, "fstat", "", "")
		}
		fi, err := f.Stat()
		if err != nil {
			return nil, sysErrorf(err, "fstat", "", "")
		}
		st := fsStatOf(fi)
		return func() goja.Value { return m.classes.newStats(st) }, nil
	}
}

// fsyncOp is fsync(fd).
func (m *fsMod) fsyncOp(args []goja.Value) fsWork {
	fd := m.fd(fsArg(args, 0))
	return m.fdWork(fd, "fsync", (*os.File).Sync)
}

// ftruncateOp is ftruncate(fd, len = 0).
func (m *fsMod) ftruncateOp(args []goja.Value) fsWork {
	fd := m.fd(fsArg(args, 0))
	size := int64(0)
	if v := fsArg(args, 1); sysTypeof(v) == "number" {
		size = max(0, v.ToInteger())
	}
	return m.fdWork(fd, "ftruncate", func(f *os.File) error { return f.Truncate(size) })
}

// fchmodOp is fchmod(fd, mode).
func (m *fsMod) fchmodOp(args []goja.Value) fsWork {
	fd := m.fd(fsArg(args, 0))
	if v := fsArg(args, 1); goja.IsUndefined(v) {
		sysThrowArgType(m.vm, "mode", "of type number", v)
	}
	mode := fsMode(m.vm, fsArg(args, 1), "mode", 0)
	return m.fdWork(fd, "fchmod", func(f *os.File) error { return f.Chmod(mode) })
}

// fchownOp is fchown(fd, uid, gid).
func (m *fsMod) fchownOp(args []goja.Value) fsWork {
	fd := m.fd(fsArg(args, 0))
	id := func(i int, name string) int {
		v := fsArg(args, i)
		if sysTypeof(v) != "number" {
			sysThrowArgType(m.vm, name, "of type number", v)
		}
		return int(v.ToInteger())
	}
	uid, gid := id(1, "uid"), id(2, "gid")
	return m.fdWork(fd, "fchown", func(f *os.File) error { return f.Chown(uid, gid) })
}

// futimesOp is futimes(fd, atime, mtime).
func (m *fsMod) futimesOp(args []goja.Value) fsWork {
	fd := m.fd(fsArg(args, 0))
	atime, mtime := m.timeArg(fsArg(args, 1), "atime"), m.timeArg(fsArg(args, 2), "mtime")
	return m.fdWork(fd, "futime", func(f *os.File) error { return fsFutimes(f, atime, mtime) })
}

// fdWork is the blocking work of a descriptor op that returns nothing:
// op on fd's file, its error named after syscall.
func (m *fsMod) fdWork(fd int, syscall string, op func(*os.File) error) fsWork {
	return func() (func() goja.Value, error) {
		f, err := m.files.get(fd)
		if err == nil {
			err = op(f)
		}
		if err != nil {
			return nil, sysErrorf(err, syscall, "", "")
		}
		return undefined, nil
	}
}

// fsRange reads offset/length/position, positionally from args[i:] or
// from an options object at args[i]; length defaults to the rest of the
// buffer and position to -1 (the current file position). Loop only.
func (m *fsMod) fsRange(args []goja.Value, i, size int) (offset, length int, position int64) {
	offV, lenV, posV := fsArg(args, i), fsArg(args, i+1), fsArg(args, i+2)
	if sysIsObject(offV) {
		o := offV
		offV, lenV, posV = goja.Undefined(), goja.Undefined(), goja.Undefined()
		if v := sysOpt(o, "offset"); v != nil {
			offV = v
		}
		if v := sysOpt(o, "length"); v != nil {
			lenV = v
		}
		if v := sysOpt(o, "position"); v != nil {
			posV = v
		}
	}
	if sysTypeof(offV) == "number" {
		offset = int(offV.ToInteger())
	}
	length = size - offset
	if sysTypeof(lenV) == "number" {
		length = int(lenV.ToInteger())
	}
	if offset < 0 || offset > size {
		panic(sysNewError(m.vm, "RangeError", "ERR_OUT_OF_RANGE", `The value of "offset" is out of range.`))
	}
	if length < 0 || offset+length > size {
		panic(sysNewError(m.vm, "RangeError", "ERR_OUT_OF_RANGE", `The value of "length" is out of range.`))
	}
	position = -1
	if sysTypeof(posV) == "number" && posV.ToInteger() >= 0 {
		position = posV.ToInteger()
	}
	return offset, length, position
}

// readSync is fs.readSync(fd, buffer, offset?, length?, position?) (or an
// options object): the number of bytes read into buffer. Loop only.
func (m *fsMod) readSync(call goja.FunctionCall) goja.Value {
	fd := m.fd(call.Argument(0))
	obj, _ := call.Argument(1).(*goja.Object)
	buf, ok := sysViewBytes(obj)
	if !ok {
		sysThrowArgType(m.vm, "buffer", "an instance of Buffer, TypedArray, or DataView", call.Argument(1))
	}
	offset, length, position := m.fsRange(call.Arguments, 2, len(buf))
	if fd == 0 {
		return m.vm.ToValue(0)
	}
	f, err := m.files.get(fd)
	if err != nil {
		sysThrow(m.vm, sysErrorf(err, "read", "", ""))
	}
	var n int
	if position >= 0 {
		n, err = f.ReadAt(buf[offset:offset+length], position)
	} else {
		n, err = f.Read(buf[offset : offset+length])
	}
	if err != nil && err != io.EOF {
		sysThrow(m.vm, sysErrorf(err, "read", "", ""))
	}
	return m.vm.ToValue(n)
}

// writeSync is fs.writeSync(fd, buffer, offset?, length?, position?) or
// fs.writeSync(fd, string, position?, encoding?): the number of bytes
// written. Loop only.
func (m *fsMod) writeSync(call goja.FunctionCall) goja.Value {
	fd := m.fd(call.Argument(0))
	var data []byte
	position := int64(-1)
	if obj, ok := call.Argument(1).(*goja.Object); ok {
		buf, isBuf := sysViewBytes(obj)
		if !isBuf {
			sysThrowArgType(m.vm, "buffer", "of type string or an instance of Buffer, TypedArray, or DataView", obj)
		}
		var offset, length int
		offset, length, position = m.fsRange(call.Arguments, 2, len(buf))
		data = buf[offset : offset+length]
	} else {
		enc := sysEncoding(m.vm, call.Argument(3))
		data = sysDataArg(m.vm, call.Argument(1), enc, "buffer")
		if p := call.Argument(2); sysTypeof(p) == "number" && p.ToInteger() >= 0 {
			position = p.ToInteger()
		}
	}
	var err error
	if position >= 0 && fd > 2 {
		var f *os.File
		if f, err = m.files.get(fd); err == nil {
			_, err = f.WriteAt(data, position)
		}
	} else {
		err = m.files.write(m.rt, fd, data)
	}
	if err != nil {
		sysThrow(m.vm, sysErrorf(err, "write", "", ""))
	}
	return m.vm.ToValue(len(data))
}
