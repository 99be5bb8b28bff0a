package webapi

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/errors"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"
)

// TextDecoder's encodings other than utf-8 (which encoding.go decodes
// itself): the WHATWG Encoding Standard's labels and decoders, as
// golang.org/x/text/encoding/htmlindex implements them; utf-16le/be are
// decoded here so that fatal mode can tell a lone surrogate from an encoded
// U+FFFD.

// legacyDecoder is one TextDecoder's state. Loop only.
type legacyDecoder struct {
	name      string
	t         transform.Transformer // nil for utf-16
	bigEndian bool
	fatal     bool
	ignoreBOM bool
	pending   []byte // undecoded tail kept between stream calls
	started   bool   // output already produced since the last reset (BOM handling)
	streaming bool
}

// newLegacyDecoder is internal.newLegacyDecoder(label, fatal, ignoreBOM) →
// [decoder, canonical name], or null when the label names no encoding a
// TextDecoder supports (unknown, or the "replacement" encoding).
func (h *host) newLegacyDecoder(call goja.FunctionCall) goja.Value {
	label := strings.ToLower(strings.Trim(call.Argument(0).String(), "\t\n\f\r "))
	enc, err := htmlindex.Get(label)
	if err != nil || enc == encoding.Replacement {
		return goja.Null()
	}
	name, err := htmlindex.Name(enc)
	// Node's ICU-backed TextDecoder has no x-user-defined either.
	if err != nil || name == "x-user-defined" {
		return goja.Null()
	}
	d := &legacyDecoder{name: name, fatal: call.Argument(1).ToBoolean(), ignoreBOM: call.Argument(2).ToBoolean()}
	switch name {
	case "utf-16le":
	case "utf-16be":
		d.bigEndian = true
	default:
		d.t = enc.NewDecoder()
	}
	return h.rt.ToValue([]any{d, name})
}

// legacyDecode is internal.legacyDecode(decoder, input, stream) → string.
func (h *host) legacyDecode(call goja.FunctionCall) goja.Value {
	d, ok := call.Argument(0).Export().(*legacyDecoder)
	if !ok {
		panic(h.rt.NewTypeError("legacyDecode: not a decoder"))
	}
	stream := call.Argument(2).ToBoolean()
	if !d.streaming {
		d.reset()
	}
	d.streaming = stream
	src := append(d.pending, h.bytesOf(call.Argument(1))...)
	var s string
	var valid bool
	if d.t == nil {
		s, valid = d.decodeUTF16(src, stream)
	} else {
		s, valid = d.decodeX(src, stream)
	}
	if !valid {
		d.reset()
		d.streaming = false
		panic(errors.NewTypeError(h.rt, "ERR_ENCODING_INVALID_ENCODED_DATA", "The encoded data was not valid for encoding "+d.name))
	}
	if !d.ignoreBOM && !d.started && d.t == nil && strings.HasPrefix(s, "\uFEFF") {
		s = s[len("\uFEFF"):]
	}
	if s != "" {
		d.started = true
	}
	if !stream {
		d.reset()
	}
	return h.rt.ToValue(s)
}

func (d *legacyDecoder) reset() {
	d.pending = nil
	d.started = false
	if d.t != nil {
		d.t.Reset()
	}
}

// decodeX runs an x/text decoder; they substitute U+FFFD for bad input,
// which no single- or multi-byte legacy encoding can encode, so a U+FFFD in
// the output means invalid input for fatal mode.
func (d *legacyDecoder) decodeX(src []byte, stream bool) (string, bool) {
	var out []byte
	dst := make([]byte, 3*len(src)+16)
	for {
		nDst, nSrc, err := d.t.Transform(dst, src, !stream)
		out = append(out, dst[:nDst]...)
		src = src[nSrc:]
		if err == transform.ErrShortDst {
			continue
		}
		if err != nil && err != transform.ErrShortSrc {
			return "", false
		}
		break
	}
	d.pending = append([]byte(nil), src...)
	if d.fatal && strings.ContainsRune(string(out), utf8.RuneError) {
		return "", false
	}
	return string(out), true
}

// decodeUTF16 decodes whole code units, keeping an odd byte or a trailing
// high surrogate for the next call while streaming; lone surrogates become
// U+FFFD (or fail in fatal mode).
func (d *legacyDecoder) decodeUTF16(src []byte, stream bool) (string, bool) {
	n := len(src) / 2
	units := make([]uint16, n)
	for i := range n {
		a, b := uint16(src[2*i]), uint16(src[2*i+1])
		if d.bigEndian {
			units[i] = a<<8 | b
		} else {
			units[i] = b<<8 | a
		}
	}
	rest := src[2*n:]
	if stream && n > 0 && utf16.IsSurrogate(rune(units[n-1])) && units[n-1] < 0xDC00 {
		rest = src[2*(n-1):]
		units = units[:n-1]
	}
	var b strings.Builder
	for i := 0; i < len(units); i++ {
		u := rune(units[i])
		switch {
		case u >= 0xD800 && u < 0xDC00 && i+1 < len(units) && units[i+1] >= 0xDC00 && units[i+1] <= 0xDFFF:
			b.WriteRune(utf16.DecodeRune(u, rune(units[i+1])))
			i++
		case utf16.IsSurrogate(u):
			if d.fatal {
				return "", false
			}
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(u)
		}
	}
	if !stream && len(rest) > 0 {
		if d.fatal {
			return "", false
		}
		b.WriteRune(utf8.RuneError)
		rest = nil
	}
	d.pending = append([]byte(nil), rest...)
	return b.String(), true
}
