package node

import (
	"crypto/rand"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/dop251/goja"
)

// The fs path operations. Each op reads its arguments on the loop and
// returns work that only touches Go data, so it can run on any goroutine;
// errors carry the syscall Node reports and the path as the caller gave
// it.

// ops lists the path operations and their variants. Loop only.
func (m *fsMod) ops() []fsOpDef {
	all := func(name string, op func(fsOpContext) fsOp) fsOpDef {
		return fsOpDef{name: name, op: op, sync: true, cb: true, promise: true}
	}
	return []fsOpDef{
		all("readFile", m.readFileOp),
		all("writeFile", func(fsOpContext) fsOp { return m.writeFileOp("w") }),
		all("appendFile", func(fsOpContext) fsOp { return m.writeFileOp("a") }),
		all("stat", func(c fsOpContext) fsOp { return m.statOp(c, "stat", os.Stat) }),
		all("lstat", func(c fsOpContext) fsOp { return m.statOp(c, "lstat", os.Lstat) }),
		all("readdir", m.readdirOp),
		all("mkdir", m.mkdirOp),
		all("rm", m.rmOp),
		all("rmdir", m.rmdirOp),
		all("unlink", m.unlinkOp),
		all("rename", m.renameOp),
		all("copyFile", m.copyFileOp),
		all("realpath", func(c fsOpContext) fsOp {
			if c.promise {
				return m.realpathOp("realpath")
			}
			return m.realpathOp("lstat")
		}),
		all("access", m.accessOp),
		all("mkdtemp", m.mkdtempOp),
		all("chmod", m.chmodOp),
		all("readlink", m.readlinkOp),
		all("symlink", m.symlinkOp),
		all("link", m.linkOp),
		all("truncate", m.truncateOp),
		all("utimes", m.utimesOp),
	}
}

// path reads the path argument i: the caller's form (for errors) and the
// resolved one. Loop only.
func (m *fsMod) path(args []goja.Value, i int, name string) (orig, abs string) {
	orig = sysPathArg(m.vm, fsArg(args, i), name)
	return orig, sysResolve(m.rt, orig)
}

// fsArg returns args[i] or undefined.
func fsArg(args []goja.Value, i int) goja.Value {
	if i < len(args) {
		return args[i]
	}
	return goja.Undefined()
}

// undefined is the builder of operations that return nothing.
func undefined() goja.Value { return goja.Undefined() }

// readFileOp is readFile(path|fd, options).
func (m *fsMod) readFileOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		opts, enc := m.fsOptions(fsArg(args, 1))
		if fd, ok := m.fdArg(fsArg(args, 0)); ok {
			return func() (func() goja.Value, error) {
				f, err := m.files.get(fd)
				if err != nil {
					return nil, sysErrorf(err, "read", "", "")
				}
				data, err := io.ReadAll(f)
				if err != nil {
					return nil, sysErrorf(err, "read", "", "")
				}
				return m.bytesOrString(data, enc), nil
			}
		}
		orig, abs := m.path(args, 0, "path")
		flags := fsFlags(m.vm, sysOpt(opts, "flag"), "r")
		return func() (func() goja.Value, error) {
			f, err := os.OpenFile(abs, flags, 0o666)
			if err != nil {
				return nil, sysErrorf(err, "open", orig, "")
			}
			defer f.Close()
			data, err := io.ReadAll(f)
			if err != nil {
				return nil, sysErrorf(err, "read", "", "")
			}
			return m.bytesOrString(data, enc), nil
		}
	}
}

// bytesOrString returns a builder for data as a Buffer (enc "") or a
// string in enc.
func (m *fsMod) bytesOrString(data []byte, enc string) func() goja.Value {
	return func() goja.Value {
		if enc == "" {
			return m.bufs.make(data)
		}
		return m.vm.ToValue(sysDecode(data, enc))
	}
}

// writeFileOp is writeFile/appendFile(path|fd, data, options); defFlag is
// "w" or "a".
func (m *fsMod) writeFileOp(defFlag string) fsOp {
	return func(args []goja.Value) fsWork {
		opts, enc := m.fsOptions(fsArg(args, 2))
		data := sysDataArg(m.vm, fsArg(args, 1), enc, "data")
		if fd, ok := m.fdArg(fsArg(args, 0)); ok {
			return func() (func() goja.Value, error) {
				if err := m.files.write(m.rt, fd, data); err != nil {
					return nil, sysErrorf(err, "write", "", "")
				}
				return undefined, nil
			}
		}
		orig, abs := m.path(args, 0, "path")
		flags := fsFlags(m.vm, sysOpt(opts, "flag"), defFlag)
		mode := fsMode(m.vm, sysOpt(opts, "mode"), "mode", 0o666)
		return func() (func() goja.Value, error) {
			f, err := os.OpenFile(abs, flags, mode)
			if err != nil {
				return nil, sysErrorf(err, "open", orig, "")
			}
			if _, err := f.Write(data); err != nil {
				_ = f.Close()
				return nil, sysErrorf(err, "write", "", "")
			}
			if err := f.Close(); err != nil {
				return nil, sysErrorf(err, "close", "", "")
			}
			return undefined, nil
		}
	}
}

// statOp is stat/lstat(path, {throwIfNoEntry}).
func (m *fsMod) statOp(c fsOpContext, name string, stat func(string) (os.FileInfo, error)) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		lenient := c.sync && sysOpt(fsArg(args, 1), "throwIfNoEntry") != nil && !fsBool(fsArg(args, 1), "throwIfNoEntry")
		return func() (func() goja.Value, error) {
			fi, err := stat(abs)
			if err != nil {
				if lenient && (errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ENOTDIR)) {
					return undefined, nil
				}
				return nil, sysErrorf(err, name, orig, "")
			}
			st := fsStatOf(fi)
			return func() goja.Value { return m.classes.newStats(st) }, nil
		}
	}
}

// readdirOp is readdir(path, {withFileTypes, encoding, recursive}).
func (m *fsMod) readdirOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		opts, enc := m.fsOptions(fsArg(args, 1))
		withTypes := fsBool(opts, "withFileTypes")
		recursive := fsBool(opts, "recursive")
		asBuffer := enc == "" && fsWantsBuffer(fsArg(args, 1))
		return func() (func() goja.Value, error) {
			entries, err := fsReadDir(abs, orig, recursive)
			if err != nil {
				return nil, sysErrorf(err, "scandir", orig, "")
			}
			return func() goja.Value {
				out := make([]any, len(entries))
				for i, e := range entries {
					var name goja.Value = m.vm.ToValue(e.name)
					if asBuffer {
						name = m.bufs.make([]byte(e.name))
					}
					if withTypes {
						base := m.vm.ToValue(e.base)
						if asBuffer {
							base = m.bufs.make([]byte(e.base))
						}
						out[i] = m.classes.newDirent(base, e.parent, e.typ)
					} else {
						out[i] = name
					}
				}
				return m.vm.NewArray(out...)
			}, nil
		}
	}
}

// fsEntry is a directory entry: name relative to the listed directory
// (base itself unless recursive), the directory holding it as the caller
// would write it, and its type bits (fsIFREG...).
type fsEntry struct {
	name, base, parent string
	typ                uint32
}

// fsWantsBuffer reports whether an options argument asks for Buffers
// ("buffer" or {encoding: "buffer"}). Loop only.
func fsWantsBuffer(v goja.Value) bool {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return false
	}
	if sysIsObject(v) {
		v = sysOpt(v, "encoding")
		if v == nil {
			return false
		}
	}
	return v.String() == "buffer"
}

// fsReadDir lists abs (sorted, like libuv's scandir); recursive lists
// subdirectories too, breadth first like Node's readdir recursive
// (unreadable subdirectories are skipped).
func fsReadDir(abs, orig string, recursive bool) ([]fsEntry, error) {
	list, err := os.ReadDir(abs)
	if err != nil {
		return nil, err
	}
	var out []fsEntry
	type dir struct{ abs, orig, rel string }
	queue := []dir{}
	add := func(d dir, list []os.DirEntry) {
		for _, e := range list {
			name := e.Name()
			if d.rel != "" {
				name = d.rel + "/" + name
			}
			out = append(out, fsEntry{name: name, base: e.Name(), parent: d.orig, typ: fsTypeBits(e.Type())})
			if recursive && e.IsDir() {
				queue = append(queue, dir{abs: filepath.Join(d.abs, e.Name()), orig: pathJoin(d.orig, e.Name()), rel: name})
			}
		}
	}
	add(dir{abs: abs, orig: orig}, list)
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		sub, err := os.ReadDir(d.abs)
		if err != nil {
			continue
		}
		add(d, sub)
	}
	return out, nil
}

// mkdirOp is mkdir(path, {recursive, mode} | mode).
func (m *fsMod) mkdirOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		opt := fsArg(args, 1)
		recursive := fsBool(opt, "recursive")
		modeArg := opt
		if sysIsObject(opt) {
			modeArg = sysOpt(opt, "mode")
		}
		mode := fsMode(m.vm, modeArg, "mode", 0o777)
		return func() (func() goja.Value, error) {
			if !recursive {
				if err := os.Mkdir(abs, mode); err != nil {
					return nil, sysErrorf(err, "mkdir", orig, "")
				}
				return undefined, nil
			}
			if fi, err := os.Stat(abs); err == nil {
				if !fi.IsDir() {
					return nil, sysErrno(syscall.EEXIST, "mkdir", orig)
				}
				return undefined, nil
			}
			first := orig
			for p := pathDirname(orig); p != first && p != "." && p != "/"; p = pathDirname(p) {
				if _, err := os.Stat(sysResolve(m.rt, p)); err == nil {
					break
				}
				first = p
			}
			if err := os.MkdirAll(abs, mode); err != nil {
				var errno syscall.Errno
				if errors.As(err, &errno) {
					return nil, sysErrno(errno, "mkdir", orig)
				}
				return nil, sysErrorf(err, "mkdir", orig, "")
			}
			return func() goja.Value { return m.vm.ToValue(first) }, nil
		}
	}
}

// rmOp is rm(path, {recursive, force}).
func (m *fsMod) rmOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		recursive, force := fsBool(fsArg(args, 1), "recursive"), fsBool(fsArg(args, 1), "force")
		return func() (func() goja.Value, error) {
			fi, err := os.Lstat(abs)
			if err != nil {
				if force && errors.Is(err, fs.ErrNotExist) {
					return undefined, nil
				}
				return nil, sysErrorf(err, "lstat", orig, "")
			}
			if fi.IsDir() {
				if !recursive {
					return nil, &sysError{
						code: "ERR_FS_EISDIR", errno: int(syscall.EISDIR), desc: "is a directory", syscall: "rm", path: orig,
						system: "Path is a directory: rm returned EISDIR (is a directory) " + orig,
					}
				}
				if err := os.RemoveAll(abs); err != nil {
					return nil, sysErrorf(err, "rm", orig, "")
				}
				return undefined, nil
			}
			if err := os.Remove(abs); err != nil {
				return nil, sysErrorf(err, "rm", orig, "")
			}
			return undefined, nil
		}
	}
}

// rmdirOp is rmdir(path, {recursive}).
func (m *fsMod) rmdirOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		recursive := fsBool(fsArg(args, 1), "recursive")
		return func() (func() goja.Value, error) {
			if recursive {
				if err := os.RemoveAll(abs); err != nil {
					return nil, sysErrorf(err, "rmdir", orig, "")
				}
				return undefined, nil
			}
			if err := syscall.Rmdir(abs); err != nil {
				return nil, sysErrorf(err, "rmdir", orig, "")
			}
			return undefined, nil
		}
	}
}

// unlinkOp is unlink(path).
func (m *fsMod) unlinkOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		return func() (func() goja.Value, error) {
			if err := syscall.Unlink(abs); err != nil {
				return nil, sysErrorf(err, "unlink", orig, "")
			}
			return undefined, nil
		}
	}
}

// renameOp is rename(oldPath, newPath).
func (m *fsMod) renameOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		from, fromAbs := m.path(args, 0, "oldPath")
		to, toAbs := m.path(args, 1, "newPath")
		return func() (func() goja.Value, error) {
			if err := os.Rename(fromAbs, toAbs); err != nil {
				return nil, sysErrorf(err, "rename", from, to)
			}
			return undefined, nil
		}
	}
}

// copyFileOp is copyFile(src, dest, mode); COPYFILE_EXCL (1) fails when
// dest exists. The copy keeps src's permission bits, like libuv.
func (m *fsMod) copyFileOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		src, srcAbs := m.path(args, 0, "src")
		dst, dstAbs := m.path(args, 1, "dest")
		excl := false
		if v := fsArg(args, 2); sysTypeof(v) == "number" {
			excl = v.ToInteger()&1 != 0
		}
		return func() (func() goja.Value, error) {
			fail := func(err error) (func() goja.Value, error) { return nil, sysErrorf(err, "copyfile", src, dst) }
			in, err := os.Open(srcAbs)
			if err != nil {
				return fail(err)
			}
			defer in.Close()
			fi, err := in.Stat()
			if err != nil {
				return fail(err)
			}
			if fi.IsDir() {
				return fail(syscall.EISDIR)
			}
			flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
			if excl {
				flags |= os.O_EXCL
			}
			out, err := os.OpenFile(dstAbs, flags, fi.Mode().Perm())
			if err != nil {
				return fail(err)
			}
			if _, err := io.Copy(out, in); err != nil {
				_ = out.Close()
				return fail(err)
			}
			if err := out.Close(); err != nil {
				return fail(err)
			}
			_ = os.Chmod(dstAbs, fi.Mode().Perm())
			return undefined, nil
		}
	}
}

// realpathOp is realpath(path, options); syscallName is what errors name
// ("lstat" for Node's JS implementation, "realpath" for the native one).
func (m *fsMod) realpathOp(syscallName string) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		_, enc := m.fsOptions(fsArg(args, 1))
		return func() (func() goja.Value, error) {
			real, err := filepath.EvalSymlinks(abs)
			if err != nil {
				return nil, sysErrorf(err, syscallName, orig, "")
			}
			real, err = filepath.Abs(real)
			if err != nil {
				return nil, sysErrorf(err, syscallName, orig, "")
			}
			return func() goja.Value {
				if enc == "" && fsWantsBuffer(fsArg(args, 1)) {
					return m.bufs.make([]byte(real))
				}
				return m.vm.ToValue(real)
			}, nil
		}
	}
}

// accessOp is access(path, mode = F_OK).
func (m *fsMod) accessOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		mode := uint32(0)
		if v := fsArg(args, 1); !goja.IsUndefined(v) && !goja.IsNull(v) {
			if sysTypeof(v) != "number" {
				sysThrowArgType(m.vm, "mode", "of type number", v)
			}
			mode = uint32(v.ToInteger())
		}
		return func() (func() goja.Value, error) {
			if err := fsAccess(abs, mode); err != nil {
				return nil, sysErrorf(err, "access", orig, "")
			}
			return undefined, nil
		}
	}
}

// mkdtempOp is mkdtemp(prefix, options): prefix plus six random
// characters, returned in the caller's form.
func (m *fsMod) mkdtempOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		prefix := sysPathArg(m.vm, fsArg(args, 0), "prefix")
		_, enc := m.fsOptions(fsArg(args, 1))
		return func() (func() goja.Value, error) {
			const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			for range 100 {
				var rnd [6]byte
				if _, err := rand.Read(rnd[:]); err != nil {
					return nil, sysErrorf(err, "mkdtemp", prefix+"XXXXXX", "")
				}
				suffix := make([]byte, 6)
				for i, b := range rnd {
					suffix[i] = letters[int(b)%len(letters)]
				}
				name := prefix + string(suffix)
				err := os.Mkdir(sysResolve(m.rt, name), 0o700)
				if errors.Is(err, fs.ErrExist) {
					continue
				}
				if err != nil {
					return nil, sysErrorf(err, "mkdtemp", prefix+"XXXXXX", "")
				}
				return func() goja.Value {
					if enc == "" && fsWantsBuffer(fsArg(args, 1)) {
						return m.bufs.make([]byte(name))
					}
					return m.vm.ToValue(name)
				}, nil
			}
			return nil, sysErrno(syscall.EEXIST, "mkdtemp", prefix+"XXXXXX")
		}
	}
}

// chmodOp is chmod(path, mode).
func (m *fsMod) chmodOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		if v := fsArg(args, 1); goja.IsUndefined(v) {
			sysThrowArgType(m.vm, "mode", "of type number", v)
		}
		mode := fsMode(m.vm, fsArg(args, 1), "mode", 0)
		return func() (func() goja.Value, error) {
			if err := os.Chmod(abs, mode); err != nil {
				return nil, sysErrorf(err, "chmod", orig, "")
			}
			return undefined, nil
		}
	}
}

// readlinkOp is readlink(path).
func (m *fsMod) readlinkOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		return func() (func() goja.Value, error) {
			target, err := os.Readlink(abs)
			if err != nil {
				return nil, sysErrorf(err, "readlink", orig, "")
			}
			return func() goja.Value { return m.vm.ToValue(target) }, nil
		}
	}
}

// symlinkOp is symlink(target, path): target is stored as given.
func (m *fsMod) symlinkOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		target := sysPathArg(m.vm, fsArg(args, 0), "target")
		orig, abs := m.path(args, 1, "path")
		return func() (func() goja.Value, error) {
			if err := os.Symlink(target, abs); err != nil {
				return nil, sysErrorf(err, "symlink", target, orig)
			}
			return undefined, nil
		}
	}
}

// linkOp is link(existingPath, newPath).
func (m *fsMod) linkOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		from, fromAbs := m.path(args, 0, "existingPath")
		to, toAbs := m.path(args, 1, "newPath")
		return func() (func() goja.Value, error) {
			if err := os.Link(fromAbs, toAbs); err != nil {
				return nil, sysErrorf(err, "link", from, to)
			}
			return undefined, nil
		}
	}
}

// truncateOp is truncate(path, len = 0).
func (m *fsMod) truncateOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		size := int64(0)
		if v := fsArg(args, 1); sysTypeof(v) == "number" {
			size = max(0, v.ToInteger())
		}
		return func() (func() goja.Value, error) {
			if err := os.Truncate(abs, size); err != nil {
				return nil, sysErrorf(err, "open", orig, "")
			}
			return undefined, nil
		}
	}
}

// utimesOp is utimes(path, atime, mtime); times are seconds, numeric
// strings or Dates.
func (m *fsMod) utimesOp(fsOpContext) fsOp {
	return func(args []goja.Value) fsWork {
		orig, abs := m.path(args, 0, "path")
		atime, mtime := m.timeArg(fsArg(args, 1), "atime"), m.timeArg(fsArg(args, 2), "mtime")
		return func() (func() goja.Value, error) {
			if err := os.Chtimes(abs, atime, mtime); err != nil {
				return nil, sysErrorf(err, "utime", orig, "")
			}
			return undefined, nil
		}
	}
}

// timeArg converts a utimes time argument. Loop only.
func (m *fsMod) timeArg(v goja.Value, name string) time.Time {
	if obj, ok := v.(*goja.Object); ok {
		if t, ok := obj.Export().(time.Time); ok {
			return t
		}
	}
	switch sysTypeof(v) {
	case "number", "string":
		secs := v.ToFloat()
		return time.Unix(0, int64(secs*1e9))
	}
	sysThrowArgType(m.vm, name, "of type number or an instance of Date", v)
	return time.Time{}
}
