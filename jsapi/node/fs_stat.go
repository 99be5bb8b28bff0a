package node

import (
	"io/fs"
	"time"

	"github.com/dop251/goja"
)

// fs.Stats and fs.Dirent. A Stats is a plain object of Node 20's fields
// (dev, mode, ..., atime, mtime, ctime, birthtime as Dates) whose
// prototype has isFile(), isDirectory()...; a Dirent has name,
// parentPath and path, with its type kept under a symbol.

// POSIX file type bits, as in st_mode and fs.constants.
const (
	fsIFMT   = 0o170000
	fsIFSOCK = 0o140000
	fsIFLNK  = 0o120000
	fsIFREG  = 0o100000
	fsIFBLK  = 0o060000
	fsIFDIR  = 0o040000
	fsIFCHR  = 0o020000
	fsIFIFO  = 0o010000
)

// fsStat is what Stats shows, gathered off the loop.
type fsStat struct {
	dev, ino, mode, nlink, uid, gid, rdev, size, blksize, blocks float64
	atime, mtime, ctime, birthtime                               time.Time
}

// fsStatOf converts a FileInfo, using the platform's stat data when there
// is one (fsStatSys) and the portable fields otherwise.
func fsStatOf(fi fs.FileInfo) fsStat {
	st := fsStat{
		mode:  float64(fsTypeBits(fi.Mode()) | fsPermBits(fi.Mode())),
		size:  float64(fi.Size()),
		nlink: 1,
		atime: fi.ModTime(), mtime: fi.ModTime(), ctime: fi.ModTime(), birthtime: fi.ModTime(),
		blksize: 4096,
	}
	st.blocks = float64((fi.Size() + 511) / 512)
	fsStatSys(fi, &st)
	return st
}

// fsTypeBits returns the S_IF* bits of a Go file mode.
func fsTypeBits(m fs.FileMode) uint32 {
	switch {
	case m&fs.ModeSymlink != 0:
		return fsIFLNK
	case m.IsDir():
		return fsIFDIR
	case m&fs.ModeNamedPipe != 0:
		return fsIFIFO
	case m&fs.ModeSocket != 0:
		return fsIFSOCK
	case m&fs.ModeCharDevice != 0:
		return fsIFCHR
	case m&fs.ModeDevice != 0:
		return fsIFBLK
	case m.IsRegular():
		return fsIFREG
	}
	return 0
}

// fsPermBits returns the permission bits (with setuid, setgid, sticky) of
// a Go file mode.
func fsPermBits(m fs.FileMode) uint32 {
	bits := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		bits |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		bits |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		bits |= 0o1000
	}
	return bits
}

// fsClasses holds one runtime's Stats and Dirent classes.
type fsClasses struct {
	vm                      *goja.Runtime
	stats, dirent           *goja.Object // constructors
	statsProto, direntProto *goja.Object
	direntType              *goja.Symbol // Dirent's hidden type bits
}

// newFSClasses defines Stats and Dirent. Loop only.
func newFSClasses(vm *goja.Runtime) *fsClasses {
	c := &fsClasses{vm: vm, direntType: goja.NewSymbol("type")}
	c.stats, c.statsProto = fsClass(vm, "Stats")
	c.dirent, c.direntProto = fsClass(vm, "Dirent")
	tests := map[string]uint32{
		"isFile": fsIFREG, "isDirectory": fsIFDIR, "isSymbolicLink": fsIFLNK,
		"isBlockDevice": fsIFBLK, "isCharacterDevice": fsIFCHR, "isFIFO": fsIFIFO, "isSocket": fsIFSOCK,
	}
	for name, want := range tests {
		sysHidden(vm, c.statsProto, name, func(call goja.FunctionCall) goja.Value {
			mode := call.This.ToObject(vm).Get("mode")
			return vm.ToValue(mode != nil && uint32(mode.ToInteger())&fsIFMT == want)
		})
		sysHidden(vm, c.direntProto, name, func(call goja.FunctionCall) goja.Value {
			t := call.This.ToObject(vm).GetSymbol(c.direntType)
			return vm.ToValue(t != nil && uint32(t.ToInteger()) == want)
		})
	}
	return c
}

// fsClass makes a named constructor whose instances pigo creates itself
// (calling it from JS just makes an empty instance). Loop only.
func fsClass(vm *goja.Runtime, name string) (ctor, proto *goja.Object) {
	ctor = vm.ToValue(func(call goja.ConstructorCall) *goja.Object { return call.This }).(*goja.Object)
	_ = ctor.DefineDataProperty("name", vm.ToValue(name), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	proto = ctor.Get("prototype").ToObject(vm)
	return ctor, proto
}

// newStats builds a Stats. Loop only.
func (c *fsClasses) newStats(st fsStat) *goja.Object {
	vm := c.vm
	obj := vm.CreateObject(c.statsProto)
	for _, f := range []struct {
		name string
		v    float64
	}{
		{"dev", st.dev}, {"mode", st.mode}, {"nlink", st.nlink}, {"uid", st.uid}, {"gid", st.gid},
		{"rdev", st.rdev}, {"blksize", st.blksize}, {"ino", st.ino}, {"size", st.size}, {"blocks", st.blocks},
		{"atimeMs", fsMillis(st.atime)}, {"mtimeMs", fsMillis(st.mtime)},
		{"ctimeMs", fsMillis(st.ctime)}, {"birthtimeMs", fsMillis(st.birthtime)},
	} {
		_ = obj.Set(f.name, f.v)
	}
	for _, f := range []struct {
		name string
		t    time.Time
	}{{"atime", st.atime}, {"mtime", st.mtime}, {"ctime", st.ctime}, {"birthtime", st.birthtime}} {
		d, err := vm.New(vm.Get("Date"), vm.ToValue(float64(f.t.UnixMilli())))
		if err != nil {
			panic(err)
		}
		_ = obj.Set(f.name, d)
	}
	return obj
}

// fsMillis is t in milliseconds with a fraction, like Node's *timeMs.
func fsMillis(t time.Time) float64 {
	return float64(t.UnixNano()) / 1e6
}

// newDirent builds a Dirent for name (a string or Buffer) in dir parent
// (as the caller wrote it). Loop only.
func (c *fsClasses) newDirent(name goja.Value, parent string, typ uint32) *goja.Object {
	obj := c.vm.CreateObject(c.direntProto)
	_ = obj.Set("name", name)
	_ = obj.Set("parentPath", parent)
	_ = obj.Set("path", parent)
	_ = obj.SetSymbol(c.direntType, typ)
	return obj
}
