package node

import (
	"errors"
	"reflect"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// Error helpers shared by the Go halves of the lib modules. The JS halves
// use errors_lib.js.

// libError is a Go error with a Node-style code; Runtime.Throw and the
// reject of Runtime.NewPromise copy the code onto the JS error.
type libError struct {
	code, msg string
}

func (e *libError) Error() string { return e.msg }
func (e *libError) Code() string  { return e.code }

// libThrow panics with a new JS error of the global class ctor ("Error",
// "TypeError", "RangeError") whose message is msg and, unless code is
// empty, whose code property is code. Loop only.
func libThrow(vm *goja.Runtime, ctor, code, msg string) {
	panic(libNewError(vm, ctor, code, msg))
}

// libNewError makes the error libThrow throws. Loop only.
func libNewError(vm *goja.Runtime, ctor, code, msg string) *goja.Object {
	obj, err := vm.New(vm.Get(ctor), vm.ToValue(msg))
	if err != nil {
		panic(err)
	}
	if code != "" {
		_ = obj.Set("code", code)
	}
	return obj
}

// libRethrow throws err in JS: a JS exception is rethrown as its original
// value, anything else goes through Runtime.Throw. Loop only.
func libRethrow(rt modules.Runtime, err error) {
	var ex *goja.Exception
	if errors.As(err, &ex) {
		panic(ex.Value())
	}
	rt.Throw(err)
}

var (
	reflectArrayBuffer = reflect.TypeFor[goja.ArrayBuffer]()
	reflectBytes       = reflect.TypeFor[[]byte]()
)

// libViewBytes returns the bytes an ArrayBuffer or ArrayBufferView (any
// typed array, DataView, Buffer) shows, sharing its memory; ok is false for
// anything else. Loop only.
func libViewBytes(vm *goja.Runtime, v goja.Value) (b []byte, ok bool) {
	obj, isObj := v.(*goja.Object)
	if !isObj {
		return nil, false
	}
	switch obj.ExportType() {
	case reflectArrayBuffer:
		ab, _ := obj.Export().(goja.ArrayBuffer)
		return ab.Bytes(), true
	case reflectBytes:
		// A Uint8Array (or Buffer) exports as the slice it shows.
		b, _ := obj.Export().([]byte)
		return b, true
	}
	buf, isBuf := obj.Get("buffer").(*goja.Object)
	if !isBuf || buf.ExportType() != reflectArrayBuffer {
		return nil, false
	}
	ab, _ := buf.Export().(goja.ArrayBuffer)
	all := ab.Bytes()
	off, n := obj.Get("byteOffset"), obj.Get("byteLength")
	if off == nil || n == nil {
		return nil, false
	}
	start, length := off.ToInteger(), n.ToInteger()
	if start < 0 || length < 0 || start+length > int64(len(all)) {
		return nil, false
	}
	return all[start : start+length], true
}

// libBytesArg is libViewBytes for a required argument: it throws Node's
// ERR_INVALID_ARG_TYPE naming name when v is not binary data. Loop only.
func libBytesArg(vm *goja.Runtime, v goja.Value, name string) []byte {
	b, ok := libViewBytes(vm, v)
	if !ok {
		libThrow(vm, "TypeError", "ERR_INVALID_ARG_TYPE",
			`The "`+name+`" argument must be an instance of ArrayBuffer, Buffer, TypedArray, or DataView.`)
	}
	return b
}

// Interface guards.
var _ modules.CodeError = (*libError)(nil)
