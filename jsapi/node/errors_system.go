package node

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"syscall"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// Errors of the system modules (fs, child_process, os, process) look like
// Node's: a failed system call is an Error whose message reads
// "ENOENT: no such file or directory, open '/x'" and whose own properties
// are errno (negative, as libuv reports it), code, syscall, path and dest,
// in that order; bad arguments are TypeErrors with Node's ERR_* codes and
// "Received ..." descriptions.

// sysError is a failed system call in Node's shape. It is Go data, so
// blocking work can return it from any goroutine; sysErrorValue turns it
// into the JS Error on the loop.
type sysError struct {
	code    string // "ENOENT"
	errno   int    // negative, like libuv's (-2 for ENOENT on Linux)
	desc    string // libuv's description: "no such file or directory"
	syscall string // "open", "scandir", "spawn ls"
	path    string // as the caller passed it; "" when absent
	dest    string // second path of rename, copyfile, symlink; "" when absent
	cause   error
	// short selects Node's ErrnoException message, "syscall CODE" (used
	// by spawn and kill), instead of the uvException one.
	short bool
	// system, when set, makes this one of Node's SystemErrors instead
	// (ERR_FS_EISDIR...): name "SystemError", this message, a positive
	// errno and an info object describing the system error.
	system string
}

// Error returns Node's message: "CODE: description, syscall 'path' -> 'dest'".
func (e *sysError) Error() string {
	if e.system != "" {
		return e.system
	}
	if e.short {
		return e.syscall + " " + e.code
	}
	var b strings.Builder
	b.WriteString(e.code + ": " + e.desc + ", " + e.syscall)
	if e.path != "" {
		b.WriteString(" '" + e.path + "'")
	}
	if e.dest != "" {
		b.WriteString(" -> '" + e.dest + "'")
	}
	return b.String()
}

// Code returns the Node error code (ENOENT...).
func (e *sysError) Code() string { return e.code }

// Unwrap returns the Go error the call failed with.
func (e *sysError) Unwrap() error { return e.cause }

// sysErrorf wraps err, the failure of syscall on path (and dest), as a
// sysError. An error that already is a sysError is returned unchanged.
// Safe from any goroutine.
func sysErrorf(err error, syscallName, path, dest string) error {
	if err == nil {
		return nil
	}
	var se *sysError
	if errors.As(err, &se) {
		return err
	}
	e := &sysError{syscall: syscallName, path: path, dest: dest, cause: err}
	var errno syscall.Errno
	switch {
	case errors.As(err, &errno):
		e.code, e.desc = sysErrnoName(errno)
		e.errno = -int(errno)
	case errors.Is(err, exec.ErrNotFound):
		e.code, e.desc, e.errno = "ENOENT", "no such file or directory", -int(syscall.ENOENT)
	default:
		e.code, e.desc, e.errno = "UNKNOWN", "unknown error: "+err.Error(), -4094
	}
	return e
}

// sysErrno builds a sysError from a bare errno (for checks pigo makes
// itself, like a missing executable). Safe from any goroutine.
func sysErrno(errno syscall.Errno, syscallName, path string) *sysError {
	code, desc := sysErrnoName(errno)
	return &sysError{code: code, errno: -int(errno), desc: desc, syscall: syscallName, path: path, cause: errno}
}

// sysErrorValue converts err to the JS value to throw, reject with or pass
// to a callback: a sysError becomes a Node-shaped Error, a JS exception
// its original value, a modules.CodeError an Error with .code, anything
// else a plain Error. Loop only.
func sysErrorValue(vm *goja.Runtime, err error) *goja.Object {
	var se *sysError
	if errors.As(err, &se) && se.system != "" {
		obj := sysNewError(vm, "Error", "", se.system)
		_ = obj.DefineDataProperty("name", vm.ToValue("SystemError"), goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		_ = obj.Set("code", se.code)
		info := vm.NewObject()
		_ = info.Set("code", strings.TrimPrefix(se.code, "ERR_FS_"))
		_ = info.Set("message", se.desc)
		_ = info.Set("path", se.path)
		_ = info.Set("syscall", se.syscall)
		_ = info.Set("errno", se.errno)
		_ = obj.Set("info", info)
		_ = obj.Set("errno", se.errno)
		_ = obj.Set("syscall", se.syscall)
		_ = obj.Set("path", se.path)
		return obj
	}
	if se != nil {
		obj := sysNewError(vm, "Error", "", se.Error())
		_ = obj.Set("errno", se.errno)
		_ = obj.Set("code", se.code)
		_ = obj.Set("syscall", se.syscall)
		if se.path != "" {
			_ = obj.Set("path", se.path)
		}
		if se.dest != "" {
			_ = obj.Set("dest", se.dest)
		}
		return obj
	}
	var ex *goja.Exception
	if errors.As(err, &ex) {
		if obj, ok := ex.Value().(*goja.Object); ok {
			return obj
		}
		return sysNewError(vm, "Error", "", ex.Value().String())
	}
	var ce modules.CodeError
	if errors.As(err, &ce) {
		return sysNewError(vm, "Error", ce.Code(), err.Error())
	}
	return sysNewError(vm, "Error", "", err.Error())
}

// sysNewError creates a JS error of the global class ctor ("Error",
// "TypeError", "RangeError") with message msg and, unless code is empty, a
// code property. Loop only.
func sysNewError(vm *goja.Runtime, ctor, code, msg string) *goja.Object {
	obj, err := vm.New(vm.Get(ctor), vm.ToValue(msg))
	if err != nil {
		panic(err)
	}
	if code != "" {
		_ = obj.Set("code", code)
	}
	return obj
}

// sysThrow throws err as sysErrorValue converts it. Loop only.
func sysThrow(vm *goja.Runtime, err error) {
	panic(sysErrorValue(vm, err))
}

// sysThrowType throws a TypeError with code. Loop only.
func sysThrowType(vm *goja.Runtime, code, msg string) {
	panic(sysNewError(vm, "TypeError", code, msg))
}

// sysThrowArgType throws Node's ERR_INVALID_ARG_TYPE: `The "name" argument
// must be <want>. Received <description of v>`. Loop only.
func sysThrowArgType(vm *goja.Runtime, name, want string, v goja.Value) {
	sysThrowType(vm, "ERR_INVALID_ARG_TYPE", fmt.Sprintf("The %q argument must be %s. %s", name, want, sysReceived(v)))
}

// sysThrowArgValue throws Node's ERR_INVALID_ARG_VALUE: "The argument
// 'name' <reason>. Received <value>". Loop only.
func sysThrowArgValue(vm *goja.Runtime, name, reason string, v goja.Value) {
	sysThrowType(vm, "ERR_INVALID_ARG_VALUE", fmt.Sprintf("The argument '%s' %s. Received %s", name, reason, sysInspect(v)))
}

// sysReceived describes v the way Node's ERR_INVALID_ARG_TYPE does:
// "Received type number (5)", "Received an instance of Object",
// "Received undefined". Loop only.
func sysReceived(v goja.Value) string {
	switch {
	case v == nil || goja.IsUndefined(v):
		return "Received undefined"
	case goja.IsNull(v):
		return "Received null"
	}
	if obj, ok := v.(*goja.Object); ok {
		if _, isFn := goja.AssertFunction(obj); isFn {
			if n := obj.Get("name"); n != nil && n.String() != "" {
				return "Received function " + n.String()
			}
			return "Received function "
		}
		if c, ok := obj.Get("constructor").(*goja.Object); ok {
			if n := c.Get("name"); n != nil && n.String() != "" {
				return "Received an instance of " + n.String()
			}
		}
		return "Received " + sysInspect(v)
	}
	return "Received type " + sysTypeof(v) + " (" + sysInspect(v) + ")"
}

// sysTypeof is JS typeof.
func sysTypeof(v goja.Value) string {
	if v == nil || goja.IsUndefined(v) {
		return "undefined"
	}
	if goja.IsNull(v) {
		return "object"
	}
	switch x := v.(type) {
	case *goja.Object:
		if _, isFn := goja.AssertFunction(x); isFn {
			return "function"
		}
		return "object"
	case *goja.Symbol:
		return "symbol"
	}
	t := v.ExportType()
	if t == nil {
		return "undefined"
	}
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int64, reflect.Float64, reflect.Int, reflect.Int32:
		return "number"
	}
	if _, ok := v.Export().(*big.Int); ok {
		return "bigint"
	}
	return "object"
}

// sysInspect renders a primitive roughly as util.inspect does, truncating
// long strings like Node's error messages. Loop only.
func sysInspect(v goja.Value) string {
	if v == nil || goja.IsUndefined(v) {
		return "undefined"
	}
	if goja.IsNull(v) {
		return "null"
	}
	if _, ok := v.(*goja.Object); ok {
		return "[object]"
	}
	if sysTypeof(v) == "string" {
		s := v.String()
		if len(s) > 28 {
			s = s[:25] + "..."
		}
		return "'" + s + "'"
	}
	if f, ok := v.Export().(float64); ok && f == math.Trunc(f) && !math.IsInf(f, 0) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return v.String()
}

// sysErrnoName returns the libuv code and description of errno; unknown
// numbers get "UNKNOWN" and the C library's text.
func sysErrnoName(errno syscall.Errno) (code, desc string) {
	switch errno {
	case syscall.ENOENT:
		return "ENOENT", "no such file or directory"
	case syscall.EEXIST:
		return "EEXIST", "file already exists"
	case syscall.ENOTDIR:
		return "ENOTDIR", "not a directory"
	case syscall.EISDIR:
		return "EISDIR", "illegal operation on a directory"
	case syscall.EACCES:
		return "EACCES", "permission denied"
	case syscall.EPERM:
		return "EPERM", "operation not permitted"
	case syscall.ENOTEMPTY:
		return "ENOTEMPTY", "directory not empty"
	case syscall.EBADF:
		return "EBADF", "bad file descriptor"
	case syscall.EINVAL:
		return "EINVAL", "invalid argument"
	case syscall.EXDEV:
		return "EXDEV", "cross-device link not permitted"
	case syscall.ELOOP:
		return "ELOOP", "too many symbolic links encountered"
	case syscall.ENAMETOOLONG:
		return "ENAMETOOLONG", "name too long"
	case syscall.EMFILE:
		return "EMFILE", "too many open files"
	case syscall.ENFILE:
		return "ENFILE", "file table overflow"
	case syscall.ESRCH:
		return "ESRCH", "no such process"
	case syscall.ENOSPC:
		return "ENOSPC", "no space left on device"
	case syscall.EROFS:
		return "EROFS", "read-only file system"
	case syscall.EBUSY:
		return "EBUSY", "resource busy or locked"
	case syscall.EPIPE:
		return "EPIPE", "broken pipe"
	case syscall.EAGAIN:
		return "EAGAIN", "resource temporarily unavailable"
	case syscall.ETIMEDOUT:
		return "ETIMEDOUT", "connection timed out"
	case syscall.ENOSYS:
		return "ENOSYS", "function not implemented"
	case syscall.ENOTSUP:
		return "ENOTSUP", "operation not supported on socket"
	case syscall.ETXTBSY:
		return "ETXTBSY", "text file is busy"
	case syscall.EIO:
		return "EIO", "i/o error"
	case syscall.ENXIO:
		return "ENXIO", "no such device or address"
	case syscall.ENODEV:
		return "ENODEV", "no such device"
	case syscall.ENOMEM:
		return "ENOMEM", "not enough memory"
	case syscall.E2BIG:
		return "E2BIG", "argument list too long"
	case syscall.EFBIG:
		return "EFBIG", "file too large"
	case syscall.EMLINK:
		return "EMLINK", "too many links"
	case syscall.ECHILD:
		return "ECHILD", "no child processes"
	case syscall.EINTR:
		return "EINTR", "interrupted system call"
	}
	return "UNKNOWN", errno.Error()
}

// Interface guards.
var _ modules.CodeError = (*sysError)(nil)
