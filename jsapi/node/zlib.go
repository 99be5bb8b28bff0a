package node

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"hash/crc32"
	"io"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// zlibModule is the "zlib" module: zlib.js gives the API shape (sync,
// callback and stream forms, constants, errors) and the Go helpers here do
// the work with compress/* and andybalholm/brotli. One-shot sync calls run
// on the loop; callback calls and streams run on goroutines and post their
// results back. The formats are the standard ones, so output decompresses
// in Node and Node's output decompresses here, but the compressed bytes
// differ from zlib's (another deflate implementation).
func zlibModule(rt modules.Runtime, module *goja.Object) error {
	z := &zlibHelpers{rt: rt, vm: rt.VM()}
	return libRunJS(rt, module, zlibProgram, map[string]any{
		"oneShot":      z.oneShot,
		"oneShotAsync": z.oneShotAsync,
		"open":         z.open,
		"crc32":        z.crc32,
	})
}

type zlibHelpers struct {
	rt modules.Runtime
	vm *goja.Runtime
}

// zlibOptions are the normalised options zlib.js passes: level, strategy
// and dictionary for the zlib formats, quality and lgwin for brotli.
type zlibOptions struct {
	level, strategy int
	dict            []byte
	quality, lgwin  int
}

func (z *zlibHelpers) options(v goja.Value) zlibOptions {
	o := zlibOptions{level: -1, quality: 11}
	obj, ok := v.(*goja.Object)
	if !ok {
		return o
	}
	if x := obj.Get("level"); x != nil && !goja.IsUndefined(x) {
		o.level = int(x.ToInteger())
	}
	if x := obj.Get("strategy"); x != nil && !goja.IsUndefined(x) {
		o.strategy = int(x.ToInteger())
	}
	if x := obj.Get("quality"); x != nil && !goja.IsUndefined(x) {
		o.quality = int(x.ToInteger())
	}
	if x := obj.Get("lgwin"); x != nil && !goja.IsUndefined(x) {
		o.lgwin = int(x.ToInteger())
	}
	if x := obj.Get("dictionary"); x != nil && !goja.IsUndefined(x) {
		if b, ok := libViewBytes(x); ok {
			o.dict = bytes.Clone(b)
		}
	}
	return o
}

// zlibFlusher is a compressor: every Go writer used has Flush.
type zlibFlusher interface {
	io.WriteCloser
	Flush() error
}

// newCompressor returns the compressor for kind writing to w, or nil when
// kind is a decompressor.
func newCompressor(kind string, o zlibOptions, w io.Writer) (zlibFlusher, error) {
	level := o.level
	if o.strategy == 2 { // Z_HUFFMAN_ONLY
		level = flate.HuffmanOnly
	}
	switch kind {
	case "gzip":
		zw, err := gzip.NewWriterLevel(w, level)
		if err != nil {
			return nil, err
		}
		zw.OS = 3 // Unix, as Node's zlib writes it
		return zw, nil
	case "deflate":
		if o.dict != nil {
			return zlib.NewWriterLevelDict(w, level, o.dict)
		}
		return zlib.NewWriterLevel(w, level)
	case "deflateRaw":
		if o.dict != nil {
			return flate.NewWriterDict(w, level, o.dict)
		}
		return flate.NewWriter(w, level)
	case "brotliCompress":
		return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: o.quality, LGWin: o.lgwin}), nil
	}
	return nil, nil
}

// newDecompressor returns the decompressor for kind reading r. It may read
// (the gzip and zlib headers), so it runs where blocking is fine.
func newDecompressor(kind string, o zlibOptions, r io.Reader) (io.Reader, error) {
	switch kind {
	case "gunzip":
		return gzip.NewReader(r)
	case "inflate":
		if o.dict != nil {
			return zlib.NewReaderDict(r, o.dict)
		}
		return zlib.NewReader(r)
	case "inflateRaw":
		if o.dict != nil {
			return flate.NewReaderDict(r, o.dict), nil
		}
		return flate.NewReader(r), nil
	case "unzip":
		// Node's unzip detects gzip by its magic bytes, else zlib.
		br := bufio.NewReader(r)
		head, err := br.Peek(2)
		if err != nil && len(head) < 2 {
			return nil, io.ErrUnexpectedEOF
		}
		if head[0] == 0x1f && head[1] == 0x8b {
			return gzip.NewReader(br)
		}
		return newDecompressor("inflate", o, br)
	case "brotliDecompress":
		return brotli.NewReader(r), nil
	}
	return nil, errors.New("unknown zlib mode " + kind)
}

// zlibRun compresses or decompresses data in one go.
func zlibRun(kind string, o zlibOptions, data []byte) ([]byte, error) {
	var out bytes.Buffer
	w, err := newCompressor(kind, o, &out)
	if err != nil {
		return nil, err
	}
	if w != nil {
		if _, err := w.Write(data); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
		return out.Bytes(), nil
	}
	r, err := newDecompressor(kind, o, bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(&out, r); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// errorInfo describes a failure for zlib.js, which builds Node's error
// (message, code, errno) from it.
func (z *zlibHelpers) errorInfo(err error) goja.Value {
	msg, code, errno := err.Error(), "Z_DATA_ERROR", -3
	var corrupt flate.CorruptInputError
	switch {
	case errors.Is(err, gzip.ErrHeader), errors.Is(err, zlib.ErrHeader):
		msg = "incorrect header check"
	case errors.Is(err, gzip.ErrChecksum), errors.Is(err, zlib.ErrChecksum):
		msg = "incorrect data check"
	case errors.Is(err, zlib.ErrDictionary):
		msg, code, errno = "Missing dictionary", "Z_NEED_DICT", 2
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		msg, code, errno = "unexpected end of file", "Z_BUF_ERROR", -5
	case errors.As(err, &corrupt):
		msg = "invalid compressed data"
	case strings.HasPrefix(msg, "brotli: "):
		// zlib.js maps the decoder's error name to Node's code and errno.
		return z.vm.ToValue(map[string]any{"brotli": strings.TrimPrefix(msg, "brotli: ")})
	}
	return z.vm.ToValue(map[string]any{"message": msg, "code": code, "errno": errno})
}

// oneShot is oneShot(kind, bytes, options) → ArrayBuffer, or an error
// description object. Loop only.
func (z *zlibHelpers) oneShot(kind string, data, opts goja.Value) goja.Value {
	b := libBytesArg(z.vm, data, "buffer")
	out, err := zlibRun(kind, z.options(opts), b)
	if err != nil {
		return z.errorInfo(err)
	}
	return z.vm.ToValue(z.vm.NewArrayBuffer(out))
}

// oneShotAsync is oneShotAsync(kind, bytes, options, cb): the work runs on
// a goroutine and cb(errorInfo | null, ArrayBuffer) on the loop.
func (z *zlibHelpers) oneShotAsync(kind string, data, opts goja.Value, cb goja.Callable) {
	b := bytes.Clone(libBytesArg(z.vm, data, "buffer"))
	o := z.options(opts)
	go func() {
		out, err := zlibRun(kind, o, b)
		z.rt.Post(func() {
			if err != nil {
				sysCall(z.rt, "zlib callback", cb, goja.Undefined(), z.errorInfo(err))
				return
			}
			sysCall(z.rt, "zlib callback", cb, goja.Undefined(), goja.Null(), z.vm.ToValue(z.vm.NewArrayBuffer(out)))
		})
	}()
}

// crc32 is crc32(bytes, initial) → number, Node 22's zlib.crc32.
func (z *zlibHelpers) crc32(data goja.Value, initial int64) uint32 {
	b := libBytesArg(z.vm, data, "data")
	return crc32.Update(uint32(initial), crc32.IEEETable, b)
}

// zlibJob is one request to a stream's worker: data to process, then a
// flush (Z_SYNC_FLUSH) or the end, then done on the loop.
type zlibJob struct {
	data  []byte
	flush bool
	end   bool
	done  goja.Callable
}

// open is open(kind, options, onData(ArrayBuffer), onError(info)) → a
// handle {write(bytes, flush, cb), end(cb), close()} for the Transform
// streams. A worker goroutine does the work in order; a decompressor has a
// second goroutine reading its output, fed through a pipe. onData, onError
// and the callbacks run on the loop, output before the callback of the
// write or end that produced it. The goroutines end at close (destroy),
// at the end, or when the plugin's runtime retires; a stream abandoned
// half-way without destroy keeps its goroutines until then, as Go cannot
// see the JS object being collected.
func (z *zlibHelpers) open(kind string, opts goja.Value, onData, onError goja.Callable) goja.Value {
	o := z.options(opts)
	jobs := make(chan zlibJob, 64)
	stop := make(chan struct{})
	var stopOnce sync.Once
	closeAll := func() { stopOnce.Do(func() { close(stop) }) }
	untrack := z.rt.Track(closeAll)
	ctx := z.rt.Context()

	post := func(fn func()) { z.rt.Post(fn) }
	emit := func(b []byte) {
		if len(b) == 0 {
			return
		}
		post(func() {
			sysCall(z.rt, "zlib data", onData, goja.Undefined(), z.vm.ToValue(z.vm.NewArrayBuffer(b)))
		})
	}
	failed := false
	fail := func(err error) {
		post(func() {
			if failed {
				return
			}
			failed = true
			sysCall(z.rt, "zlib error", onError, goja.Undefined(), z.errorInfo(err))
		})
	}
	finish := func(cb goja.Callable) {
		post(func() {
			if cb != nil {
				sysCall(z.rt, "zlib callback", cb, goja.Undefined())
			}
		})
	}

	var out bytes.Buffer
	comp, err := newCompressor(kind, o, &out)
	if err != nil {
		untrack()
		z.rt.Throw(err)
	}
	if comp != nil {
		go func() {
			defer untrack()
			for {
				var j zlibJob
				select {
				case j = <-jobs:
				case <-stop:
					return
				case <-ctx.Done():
					return
				}
				var err error
				if len(j.data) > 0 {
					_, err = comp.Write(j.data)
				}
				if err == nil && j.flush {
					err = comp.Flush()
				}
				if err == nil && j.end {
					err = comp.Close()
				}
				emit(bytes.Clone(out.Bytes()))
				out.Reset()
				if err != nil {
					fail(err)
					return
				}
				finish(j.done)
				if j.end {
					return
				}
			}
		}()
	} else {
		pr, pw := io.Pipe()
		readDone := make(chan struct{})
		go func() {
			// The reader: decompress whatever the pipe delivers.
			defer close(readDone)
			r, err := newDecompressor(kind, o, pr)
			if err == nil {
				buf := make([]byte, 32*1024)
				for {
					n, rerr := r.Read(buf)
					if n > 0 {
						emit(bytes.Clone(buf[:n]))
					}
					if rerr == io.EOF {
						break
					}
					if rerr != nil {
						err = rerr
						break
					}
				}
			}
			if err != nil {
				fail(err)
				_ = pr.CloseWithError(err)
				return
			}
			// Data after the end of the compressed stream is ignored.
			_, _ = io.Copy(io.Discard, pr)
		}()
		go func() {
			// The writer: feed the pipe in order.
			defer untrack()
			for {
				var j zlibJob
				select {
				case j = <-jobs:
				case <-stop:
					_ = pw.CloseWithError(io.ErrClosedPipe)
					return
				case <-ctx.Done():
					_ = pw.CloseWithError(io.ErrClosedPipe)
					return
				}
				if len(j.data) > 0 {
					if _, err := pw.Write(j.data); err != nil {
						// The reader failed and reported it.
						return
					}
				}
				if j.end {
					_ = pw.Close()
					select {
					case <-readDone:
					case <-stop:
						return
					}
					finish(j.done)
					return
				}
				finish(j.done)
			}
		}()
	}

	send := func(j zlibJob) {
		select {
		case jobs <- j:
		case <-stop:
		}
	}
	h := z.vm.NewObject()
	_ = h.Set("write", func(call goja.FunctionCall) goja.Value {
		var data []byte
		if b, ok := libViewBytes(call.Argument(0)); ok {
			data = bytes.Clone(b)
		}
		cb, _ := goja.AssertFunction(call.Argument(2))
		j := zlibJob{data: data, flush: call.Argument(1).ToBoolean(), done: cb}
		// The channel has room for the in-flight writes Transform allows
		// (one at a time); a full channel would block the loop, so queue
		// from a goroutine instead.
		select {
		case jobs <- j:
		default:
			go send(j)
		}
		return goja.Undefined()
	})
	_ = h.Set("end", func(call goja.FunctionCall) goja.Value {
		cb, _ := goja.AssertFunction(call.Argument(0))
		j := zlibJob{end: true, done: cb}
		select {
		case jobs <- j:
		default:
			go send(j)
		}
		return goja.Undefined()
	})
	_ = h.Set("close", func(goja.FunctionCall) goja.Value {
		closeAll()
		return goja.Undefined()
	})
	return h
}
