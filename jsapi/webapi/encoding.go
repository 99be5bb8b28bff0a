package webapi

import (
	"reflect"
	"unicode/utf8"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/errors"
)

// utf8Encode is internal.utf8Encode(string) → ArrayBuffer. goja's String()
// already turns lone surrogates into U+FFFD, which is what TextEncoder wants.
func (h *host) utf8Encode(call goja.FunctionCall) goja.Value {
	return h.rt.ToValue(h.rt.NewArrayBuffer([]byte(call.Argument(0).String())))
}

// utf8EncodeInto is internal.utf8EncodeInto(string, Uint8Array) → {read,
// written}: it writes whole characters while they fit. read counts UTF-16
// code units of the source, written counts bytes.
func (h *host) utf8EncodeInto(call goja.FunctionCall) goja.Value {
	src := call.Argument(0).String()
	dst := h.bytesOf(call.Argument(1))
	read, written := 0, 0
	for _, r := range src {
		n := utf8.RuneLen(r)
		if written+n > len(dst) {
			break
		}
		utf8.EncodeRune(dst[written:], r)
		written += n
		read++
		if r > 0xFFFF {
			read++ // a surrogate pair in the JS string
		}
	}
	res := h.rt.NewObject()
	res.Set("read", read)
	res.Set("written", written)
	return res
}

// newUTF8Decoder is internal.newUTF8Decoder(fatal, ignoreBOM): the opaque
// state a JS TextDecoder keeps between streaming decode calls.
func (h *host) newUTF8Decoder(call goja.FunctionCall) goja.Value {
	d := &utf8Decoder{fatal: call.Argument(0).ToBoolean(), ignoreBOM: call.Argument(1).ToBoolean()}
	d.reset()
	return h.rt.ToValue(d)
}

// utf8Decode is internal.utf8Decode(decoder, input, stream) → string. input
// is undefined or an ArrayBuffer or view; encoding.js checked which.
func (h *host) utf8Decode(call goja.FunctionCall) goja.Value {
	d, ok := call.Argument(0).Export().(*utf8Decoder)
	if !ok {
		panic(h.rt.NewTypeError("utf8Decode: not a decoder"))
	}
	stream := call.Argument(2).ToBoolean()
	if !d.streaming {
		d.reset()
	}
	d.streaming = stream
	s, ok := d.decode(h.bytesOf(call.Argument(1)), stream)
	if !ok {
		d.reset()
		d.streaming = false
		panic(errors.NewTypeError(h.rt, "ERR_ENCODING_INVALID_ENCODED_DATA", "The encoded data was not valid for encoding utf-8"))
	}
	return h.rt.ToValue(s)
}

// bytesOf returns the bytes an ArrayBuffer or ArrayBufferView shows, without
// copying; nil for undefined.
func (h *host) bytesOf(v goja.Value) []byte {
	if v == nil || goja.IsUndefined(v) {
		return nil
	}
	if obj, ok := v.(*goja.Object); ok && obj.ExportType() == reflect.TypeFor[goja.ArrayBuffer]() {
		if ab, ok := obj.Export().(goja.ArrayBuffer); ok {
			return ab.Bytes()
		}
	}
	var b []byte
	if err := h.rt.ExportTo(v, &b); err != nil {
		panic(h.rt.NewTypeError("not an ArrayBuffer or ArrayBufferView: %v", err))
	}
	return b
}

// utf8Decoder is the WHATWG utf-8 decoder. Its state survives between calls
// so a character split across streamed chunks decodes whole, and invalid
// input becomes one U+FFFD per maximal invalid subpart, as browsers do
// (Go's own decoding emits one per byte).
type utf8Decoder struct {
	fatal, ignoreBOM bool
	streaming        bool // the previous call passed stream: true
	bomSeen          bool // a first character was output (or dropped as BOM)

	cp           rune
	needed, seen int
	lower, upper byte
}

func (d *utf8Decoder) reset() {
	d.resetSequence()
	d.bomSeen = false
}

func (d *utf8Decoder) resetSequence() {
	d.cp, d.needed, d.seen = 0, 0, 0
	d.lower, d.upper = 0x80, 0xBF
}

// decode decodes b; ok is false when the decoder is fatal and b is invalid.
// Unless stream is set, an unfinished sequence at the end is an error.
func (d *utf8Decoder) decode(b []byte, stream bool) (s string, ok bool) {
	if d.needed == 0 {
		if !d.ignoreBOM && !d.bomSeen && len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
			b = b[3:]
			d.bomSeen = true
		}
		if utf8.Valid(b) { // the common case: nothing to repair
			if len(b) > 0 {
				d.bomSeen = true
			}
			return string(b), true
		}
	}
	out := make([]byte, 0, len(b)+8)
	emit := func(r rune) {
		if !d.bomSeen {
			d.bomSeen = true
			if r == 0xFEFF && !d.ignoreBOM {
				return
			}
		}
		out = utf8.AppendRune(out, r)
	}
	for i := 0; i < len(b); {
		c := b[i]
		if d.needed == 0 {
			i++
			switch {
			case c < 0x80:
				emit(rune(c))
			case c >= 0xC2 && c <= 0xDF:
				d.needed, d.cp = 1, rune(c&0x1F)
			case c >= 0xE0 && c <= 0xEF:
				if c == 0xE0 {
					d.lower = 0xA0 // no overlong forms
				} else if c == 0xED {
					d.upper = 0x9F // no surrogates
				}
				d.needed, d.cp = 2, rune(c&0x0F)
			case c >= 0xF0 && c <= 0xF4:
				if c == 0xF0 {
					d.lower = 0x90
				} else if c == 0xF4 {
					d.upper = 0x8F // nothing above U+10FFFF
				}
				d.needed, d.cp = 3, rune(c&0x07)
			default:
				if d.fatal {
					return "", false
				}
				emit(utf8.RuneError)
			}
			continue
		}
		if c < d.lower || c > d.upper {
			// The sequence ends here; c is not consumed and starts over.
			d.resetSequence()
			if d.fatal {
				return "", false
			}
			emit(utf8.RuneError)
			continue
		}
		i++
		d.lower, d.upper = 0x80, 0xBF
		d.cp = d.cp<<6 | rune(c&0x3F)
		d.seen++
		if d.seen == d.needed {
			emit(d.cp)
			d.resetSequence()
		}
	}
	if d.needed != 0 && !stream {
		d.resetSequence()
		if d.fatal {
			return "", false
		}
		emit(utf8.RuneError)
	}
	return string(out), true
}
