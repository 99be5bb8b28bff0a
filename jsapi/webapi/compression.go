package webapi

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"

	"github.com/andybalholm/brotli"
	"github.com/dop251/goja"
)

// CompressionStream and DecompressionStream (streams.js) do their byte work
// here with compress/gzip, compress/zlib ("deflate"), compress/flate
// ("deflate-raw") and andybalholm/brotli ("brotli", at Node's default
// quality, 11).

// newCompressor is internal.newCompressor(format) → {write(u8), finish()},
// each returning the compressed bytes produced so far as an ArrayBuffer.
func (h *host) newCompressor(call goja.FunctionCall) goja.Value {
	format := call.Argument(0).String()
	var buf bytes.Buffer
	var w io.WriteCloser
	switch format {
	case "gzip":
		w = gzip.NewWriter(&buf)
	case "deflate":
		w = zlib.NewWriter(&buf)
	case "deflate-raw":
		w, _ = flate.NewWriter(&buf, flate.DefaultCompression)
	case "brotli":
		w = brotli.NewWriterLevel(&buf, brotli.BestCompression)
	default:
		panic(h.rt.NewTypeError(fmt.Sprintf("The provided value '%s' is not a valid enum value of type CompressionFormat.", format)))
	}
	take := func() goja.Value {
		out := h.rt.NewArrayBuffer(bytes.Clone(buf.Bytes()))
		buf.Reset()
		return h.rt.ToValue(out)
	}
	obj := h.rt.NewObject()
	must(obj.Set("write", func(c goja.FunctionCall) goja.Value {
		if _, err := w.Write(h.bytesArg(c.Argument(0))); err != nil {
			panic(h.rt.NewTypeError(err.Error()))
		}
		return take()
	}))
	must(obj.Set("finish", func(goja.FunctionCall) goja.Value {
		if err := w.Close(); err != nil {
			panic(h.rt.NewTypeError(err.Error()))
		}
		return take()
	}))
	return obj
}

// newDecompressor is internal.newDecompressor(format) → {write(u8),
// finish()}, returning the bytes decompressed so far. Go's readers cannot
// resume after running out of input, so the input is kept and decoded
// again from the start whenever it has doubled since the last decode (and
// at the end): linear overall, with output arriving progressively.
func (h *host) newDecompressor(call goja.FunctionCall) goja.Value {
	format := call.Argument(0).String()
	var open func(io.Reader) (io.Reader, error)
	switch format {
	case "gzip":
		open = func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }
	case "deflate":
		open = func(r io.Reader) (io.Reader, error) { return zlib.NewReader(r) }
	case "deflate-raw":
		open = func(r io.Reader) (io.Reader, error) { return flate.NewReader(r), nil }
	case "brotli":
		open = func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil }
	default:
		panic(h.rt.NewTypeError(fmt.Sprintf("The provided value '%s' is not a valid enum value of type CompressionFormat.", format)))
	}
	var in []byte
	decodedAt := 0 // len(in) at the last decode
	emitted := 0   // output bytes already handed out
	decode := func(final bool) goja.Value {
		var out bytes.Buffer
		var err error
		r, err := open(bytes.NewReader(in))
		if err == nil {
			_, err = io.Copy(&out, r)
			if c, ok := r.(io.Closer); ok && err == nil {
				err = c.Close()
			}
		}
		decodedAt = len(in)
		if err != nil && (final || !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF)) {
			panic(h.rt.NewTypeError("Decompression failed: " + err.Error()))
		}
		fresh := out.Bytes()
		if len(fresh) < emitted {
			fresh = nil
		} else {
			fresh = fresh[emitted:]
		}
		emitted += len(fresh)
		return h.rt.ToValue(h.rt.NewArrayBuffer(bytes.Clone(fresh)))
	}
	obj := h.rt.NewObject()
	must(obj.Set("write", func(c goja.FunctionCall) goja.Value {
		in = append(in, h.bytesArg(c.Argument(0))...)
		if len(in) >= 2*decodedAt || decodedAt == 0 {
			return decode(false)
		}
		return h.rt.ToValue(h.rt.NewArrayBuffer(nil))
	}))
	must(obj.Set("finish", func(goja.FunctionCall) goja.Value { return decode(true) }))
	return obj
}

// bytesArg reads a Uint8Array argument's bytes (a view, not a copy).
func (h *host) bytesArg(v goja.Value) []byte {
	obj, ok := v.(*goja.Object)
	if !ok {
		panic(h.rt.NewTypeError("expected a Uint8Array"))
	}
	buf, ok := obj.Get("buffer").Export().(goja.ArrayBuffer)
	if !ok {
		panic(h.rt.NewTypeError("expected a Uint8Array"))
	}
	off := obj.Get("byteOffset").ToInteger()
	n := obj.Get("byteLength").ToInteger()
	return buf.Bytes()[off : off+n]
}
