package node

import (
	"reflect"

	"github.com/dop251/goja"
)

// Reading the bytes behind JS binary data, for every lib module that takes
// BufferSource arguments (buffer, crypto, fetch).

var (
	libReflectArrayBuffer = reflect.TypeFor[goja.ArrayBuffer]()
	libReflectBytes       = reflect.TypeFor[[]byte]()
)

// libViewBytes returns the bytes an ArrayBuffer or ArrayBufferView (any
// typed array, DataView, Buffer) shows, sharing its memory; ok is false for
// anything else. Loop only; unless goja exports the value directly it reads
// the view's buffer, byteOffset and byteLength properties.
func libViewBytes(v goja.Value) (b []byte, ok bool) {
	obj, isObj := v.(*goja.Object)
	if !isObj {
		return nil, false
	}
	switch obj.ExportType() {
	case libReflectArrayBuffer:
		ab, _ := obj.Export().(goja.ArrayBuffer)
		return ab.Bytes(), true
	case libReflectBytes:
		// A Uint8Array (or Buffer) exports as the slice it shows.
		b, _ := obj.Export().([]byte)
		return b, true
	}
	buf, isBuf := obj.Get("buffer").(*goja.Object)
	if !isBuf || buf.ExportType() != libReflectArrayBuffer {
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
	b, ok := libViewBytes(v)
	if !ok {
		libThrow(vm, "TypeError", "ERR_INVALID_ARG_TYPE",
			`The "`+name+`" argument must be an instance of ArrayBuffer, Buffer, TypedArray, or DataView.`)
	}
	return b
}
