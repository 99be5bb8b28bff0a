package node

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"unicode/utf8"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// The buffer module: Node's Buffer as a subclass of Uint8Array, written in
// buffer.js. The Go helpers here do the encodings that are slow or fiddly in
// JS (utf-8 encoding, hex, base64) and the byte searches; latin1, ascii and
// utf-16 are per-code-unit loops in JS, and utf-8 decoding uses the
// TextDecoder global, whose WHATWG decoder replaces invalid sequences the
// way V8 does.
//
// goja_nodejs has a buffer module too, but it lacks most of what extensions
// use (byteLength, isBuffer, compare, copy, indexOf, latin1/base64url, a
// Buffer that constructs from a length, so TypedArray methods that use the
// species constructor fail), and its encodings are a package-level table
// that cannot be extended.

// bufferModule is the "buffer" module. Loop only.
func bufferModule(rt modules.Runtime, module *goja.Object) error {
	vm := rt.VM()
	h := bufferHelpers{vm: vm}
	return libRunJS(rt, module, bufferProgram, map[string]any{
		"utf8Encode":   h.utf8Encode,
		"utf8Length":   h.utf8Length,
		"utf8Decode":   h.utf8Decode,
		"hexEncode":    h.hexEncode,
		"hexDecode":    h.hexDecode,
		"base64Encode": h.base64Encode,
		"base64Decode": h.base64Decode,
		"indexOf":      h.indexOf,
		"compare":      h.compare,
		"isUtf8":       h.isUtf8,
		"isAscii":      h.isASCII,
	})
}

// bufferHelpers are the Go functions buffer.js calls. Loop only. Byte
// arguments are Uint8Arrays (buffer.js converts) and byte results are
// ArrayBuffers that buffer.js wraps without copying.
type bufferHelpers struct {
	vm *goja.Runtime
}

func (h bufferHelpers) bytes(v goja.Value) []byte {
	return libBytesArg(h.vm, v, "buffer")
}

func (h bufferHelpers) arrayBuffer(b []byte) goja.Value {
	return h.vm.ToValue(h.vm.NewArrayBuffer(b))
}

// utf8Encode is utf8Encode(string) → ArrayBuffer; lone surrogates become
// U+FFFD, as in Node.
func (h bufferHelpers) utf8Encode(s string) goja.Value {
	return h.arrayBuffer([]byte(s))
}

// utf8Length is utf8Length(string) → the byte length of its utf-8 encoding.
func (h bufferHelpers) utf8Length(s string) int {
	return len(s)
}

// utf8Decode is utf8Decode(u8) → string, used only when the runtime has no
// TextDecoder global: Go replaces each invalid byte with U+FFFD.
func (h bufferHelpers) utf8Decode(v goja.Value) string {
	return string(h.bytes(v))
}

// hexEncode is hexEncode(u8) → lowercase hex.
func (h bufferHelpers) hexEncode(v goja.Value) string {
	return hex.EncodeToString(h.bytes(v))
}

// hexDecode is hexDecode(string) → ArrayBuffer. Like Node it decodes pairs
// up to the first one that is not hex and ignores an odd last digit.
func (h bufferHelpers) hexDecode(s string) goja.Value {
	out := make([]byte, 0, len(s)/2)
	for i := 0; i+1 < len(s); i += 2 {
		hi, ok1 := bufferHexDigit(s[i])
		lo, ok2 := bufferHexDigit(s[i+1])
		if !ok1 || !ok2 {
			break
		}
		out = append(out, hi<<4|lo)
	}
	return h.arrayBuffer(out)
}

func bufferHexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// base64Encode is base64Encode(u8, url) → base64, or unpadded base64url
// when url is true.
func (h bufferHelpers) base64Encode(v goja.Value, url bool) string {
	if url {
		return base64.RawURLEncoding.EncodeToString(h.bytes(v))
	}
	return base64.StdEncoding.EncodeToString(h.bytes(v))
}

// base64Decode is base64Decode(string) → ArrayBuffer. Like Node it accepts
// both alphabets, skips characters outside them, stops at the first '='
// and drops a lone trailing character.
func (h bufferHelpers) base64Decode(s string) goja.Value {
	return h.arrayBuffer(libBase64Decode(s))
}

// libBase64Decode is Node's forgiving base64/base64url decoder.
func libBase64Decode(s string) []byte {
	out := make([]byte, 0, len(s)*3/4)
	var acc uint32
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		var d byte
		switch {
		case c >= 'A' && c <= 'Z':
			d = c - 'A'
		case c >= 'a' && c <= 'z':
			d = c - 'a' + 26
		case c >= '0' && c <= '9':
			d = c - '0' + 52
		case c == '+' || c == '-':
			d = 62
		case c == '/' || c == '_':
			d = 63
		case c == '=':
			i = len(s)
			continue
		default:
			continue
		}
		acc = acc<<6 | uint32(d)
		n++
		if n == 4 {
			out = append(out, byte(acc>>16), byte(acc>>8), byte(acc))
			acc, n = 0, 0
		}
	}
	switch n {
	case 2:
		out = append(out, byte(acc>>4))
	case 3:
		out = append(out, byte(acc>>10), byte(acc>>2))
	}
	return out
}

// indexOf is indexOf(haystack, needle, offset, forward) → index or -1,
// with Node's offset rules (src/node_buffer.cc IndexOfOffset): a negative
// offset counts from the end; an empty needle matches at the clamped offset.
func (h bufferHelpers) indexOf(hv, nv goja.Value, offset int64, forward bool) int64 {
	hay, needle := h.bytes(hv), h.bytes(nv)
	length, nlen := int64(len(hay)), int64(len(needle))
	var opt int64
	switch {
	case offset < 0 && offset+length >= 0:
		opt = length + offset
	case offset < 0 && (forward || nlen == 0):
		opt = 0
	case offset < 0:
		opt = -1
	case offset+nlen <= length:
		opt = offset
	case nlen == 0:
		opt = length
	case forward:
		opt = -1
	default:
		opt = length - 1
	}
	if nlen == 0 {
		return opt
	}
	if length == 0 || opt < 0 || nlen > length || (forward && opt+nlen > length) {
		return -1
	}
	if forward {
		i := bytes.Index(hay[opt:], needle)
		if i < 0 {
			return -1
		}
		return opt + int64(i)
	}
	end := min(opt+nlen, length)
	return int64(bytes.LastIndex(hay[:end], needle))
}

// compare is compare(a, b) → -1, 0 or 1.
func (h bufferHelpers) compare(a, b goja.Value) int {
	return bytes.Compare(h.bytes(a), h.bytes(b))
}

// isUtf8 is buffer.isUtf8(view).
func (h bufferHelpers) isUtf8(v goja.Value) bool {
	return utf8.Valid(h.bytes(v))
}

// isASCII is buffer.isAscii(view).
func (h bufferHelpers) isASCII(v goja.Value) bool {
	for _, c := range h.bytes(v) {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
