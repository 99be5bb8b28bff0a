package node

import (
	"errors"
	"io"
	"os"
	"sync"
	"syscall"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// Minimal Node streams fed from Go, shared by fs.createReadStream /
// createWriteStream and child process stdio.
//
// A sysReadable is an EventEmitter with setEncoding, pause/resume, pipe,
// destroy and async iteration. Like a Node Readable it starts paused:
// chunks are buffered until a 'data' listener (or resume) switches it to
// flowing, then emitted in order from the loop, followed by 'end' and
// 'close'. A sysWritable queues writes for a goroutine that performs them
// in order, then reports each callback, 'finish' and 'close' on the loop.
// There is no backpressure: write always returns true and reads are not
// throttled.

// sysStreamHighWaterMark is the high-water mark the Go-fed streams report
// (Node 22's default, 64 KiB); they do not throttle on it.
const sysStreamHighWaterMark = 64 * 1024

// sysDuplexProps gives a Go-fed stream the object mode and high-water mark
// properties of both sides, as a Node socket has.
func sysDuplexProps(obj *goja.Object) {
	for _, side := range []string{"readable", "writable"} {
		_ = obj.Set(side+"ObjectMode", false)
		_ = obj.Set(side+"HighWaterMark", sysStreamHighWaterMark)
	}
}

// sysMarkStream tags a Go-fed stream with Symbol.for("pigo.stream") so
// that node:stream's instanceof checks (Stream, Readable, Writable) accept
// it, as they accept Node's fs and child process streams.
func sysMarkStream(vm *goja.Runtime, obj *goja.Object, kind string) {
	sym, ok := vm.Get("Symbol").ToObject(vm).Get("for").Export().(func(goja.FunctionCall) goja.Value)
	if !ok {
		return
	}
	key := sym(goja.FunctionCall{Arguments: []goja.Value{vm.ToValue("pigo.stream")}})
	if s, isSym := key.(*goja.Symbol); isSym {
		_ = obj.DefineDataPropertySymbol(s, vm.ToValue(kind), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
	}
}

// sysReadable is a readable stream. Loop only: its producer (pump) runs on
// a goroutine and reaches it through Runtime.Post.
type sysReadable struct {
	rt   modules.Runtime
	ee   *sysEmitters
	bufs *sysBuffers
	obj  *goja.Object

	// Loop only.
	dec         *sysDecoder // nil: chunks are Buffers
	flowing     bool
	paused      bool // paused explicitly: a new 'data' listener does not resume
	queue       [][]byte
	ended       bool  // the producer finished
	failed      error // the producer's error, if any
	endEmitted  bool
	destroyed   bool // no more data events
	closed      bool // 'close' was emitted
	drainQueued bool
	tap         func([]byte) // sees every chunk as it arrives (exec's collectors)
	onClose     func()       // called once after 'close'
	stop        func()       // stops the producer (destroy)
}

// newSysReadable creates the stream object. Loop only.
func newSysReadable(rt modules.Runtime, ee *sysEmitters, bufs *sysBuffers) *sysReadable {
	s := &sysReadable{rt: rt, ee: ee, bufs: bufs}
	vm := rt.VM()
	obj := ee.make()
	s.obj = obj
	sysMarkStream(vm, obj, "readable")
	_ = obj.Set("readable", true)
	_ = obj.Set("readableEnded", false)
	_ = obj.Set("destroyed", false)
	_ = obj.Set("readableEncoding", goja.Null())
	// What Node 22's fs and child process streams report; libraries size
	// their own streams from them (@sindresorhus/merge-streams, execa).
	_ = obj.Set("readableObjectMode", false)
	_ = obj.Set("readableHighWaterMark", sysStreamHighWaterMark)
	// Adding a 'data' listener switches to flowing mode, as in Node.
	for _, name := range []string{"on", "addListener", "once", "prependListener"} {
		orig := sysFunc(obj.Get(name))
		if orig == nil {
			continue
		}
		sysHidden(vm, obj, name, func(call goja.FunctionCall) goja.Value {
			if _, err := orig(obj, call.Arguments...); err != nil {
				panic(err)
			}
			if call.Argument(0).String() == "data" && !s.paused {
				s.resume()
			}
			return obj
		})
	}
	sysMethod(vm, obj, "setEncoding", func(call goja.FunctionCall) goja.Value {
		enc := sysEncoding(vm, call.Argument(0))
		if enc == "" {
			enc = "utf8"
		}
		s.dec = &sysDecoder{enc: enc}
		_ = obj.Set("readableEncoding", enc)
		return obj
	})
	sysMethod(vm, obj, "pause", func(goja.FunctionCall) goja.Value {
		s.paused, s.flowing = true, false
		return obj
	})
	sysMethod(vm, obj, "resume", func(goja.FunctionCall) goja.Value {
		s.paused = false
		s.resume()
		return obj
	})
	sysMethod(vm, obj, "isPaused", func(goja.FunctionCall) goja.Value {
		return vm.ToValue(s.paused)
	})
	sysMethod(vm, obj, "read", func(goja.FunctionCall) goja.Value {
		if len(s.queue) == 0 {
			return goja.Null()
		}
		var all []byte
		for _, c := range s.queue {
			all = append(all, c...)
		}
		s.queue = nil
		defer s.queueDrain()
		return s.chunk(all)
	})
	sysMethod(vm, obj, "pipe", func(call goja.FunctionCall) goja.Value {
		dest, ok := call.Argument(0).(*goja.Object)
		if !ok {
			return call.Argument(0)
		}
		end := true
		if v := sysOpt(call.Argument(1), "end"); v != nil {
			end = v.ToBoolean()
		}
		write, endFn := sysFunc(dest.Get("write")), sysFunc(dest.Get("end"))
		on := sysFunc(obj.Get("on"))
		if write == nil || on == nil {
			return dest
		}
		_, _ = on(obj, vm.ToValue("data"), vm.ToValue(func(c goja.FunctionCall) goja.Value {
			sysCall(rt, "pipe", write, dest, c.Argument(0))
			return goja.Undefined()
		}))
		if end && endFn != nil {
			_, _ = on(obj, vm.ToValue("end"), vm.ToValue(func(goja.FunctionCall) goja.Value {
				sysCall(rt, "pipe", endFn, dest)
				return goja.Undefined()
			}))
		}
		return dest
	})
	sysMethod(vm, obj, "unpipe", func(goja.FunctionCall) goja.Value { return obj })
	sysMethod(vm, obj, "destroy", func(call goja.FunctionCall) goja.Value {
		s.destroy(call.Argument(0))
		return obj
	})
	s.defineAsyncIterator()
	return s
}

// chunk converts bytes to what 'data' carries: a string after
// setEncoding, else a Buffer. Loop only.
func (s *sysReadable) chunk(b []byte) goja.Value {
	if s.dec != nil {
		return s.rt.VM().ToValue(s.dec.write(b))
	}
	return s.bufs.make(b)
}

// resume switches to flowing mode and schedules a drain. Loop only.
func (s *sysReadable) resume() {
	if s.flowing {
		return
	}
	s.flowing = true
	s.queueDrain()
}

// queueDrain schedules drain on the loop, like Node's nextTick flow.
// Loop only.
func (s *sysReadable) queueDrain() {
	if s.drainQueued {
		return
	}
	s.drainQueued = true
	s.rt.Post(func() {
		s.drainQueued = false
		s.drain()
	})
}

// drain emits buffered chunks while flowing, then the end. Loop only.
func (s *sysReadable) drain() {
	for s.flowing && !s.destroyed && len(s.queue) > 0 {
		c := s.queue[0]
		s.queue = s.queue[1:]
		v := s.chunk(c)
		if str, isStr := v.Export().(string); isStr && str == "" {
			continue
		}
		s.ee.emit(s.obj, "data", v)
	}
	if !s.ended || s.endEmitted || s.destroyed || len(s.queue) > 0 {
		return
	}
	if s.failed != nil {
		s.endEmitted = true
		s.ee.emit(s.obj, "error", sysErrorValue(s.rt.VM(), s.failed))
		s.close()
		return
	}
	if !s.flowing {
		return
	}
	s.endEmitted = true
	if s.dec != nil {
		if rest := s.dec.end(); rest != "" {
			s.ee.emit(s.obj, "data", s.rt.VM().ToValue(rest))
		}
	}
	_ = s.obj.Set("readable", false)
	_ = s.obj.Set("readableEnded", true)
	s.ee.emit(s.obj, "end")
	s.close()
}

// close emits 'close' once. Loop only.
func (s *sysReadable) close() {
	if s.closed {
		return
	}
	s.closed, s.destroyed = true, true
	_ = s.obj.Set("destroyed", true)
	s.ee.emit(s.obj, "close")
	if s.onClose != nil {
		f := s.onClose
		s.onClose = nil
		f()
	}
}

// destroy stops the stream: the producer is stopped, buffered data is
// dropped, 'error' (when err is an Error) and 'close' are emitted. Loop
// only.
func (s *sysReadable) destroy(err goja.Value) {
	if s.destroyed || s.closed {
		return
	}
	s.destroyed = true
	s.queue = nil
	if s.stop != nil {
		s.stop()
	}
	s.rt.Post(func() {
		if err != nil && !goja.IsUndefined(err) && !goja.IsNull(err) {
			s.ee.emit(s.obj, "error", err)
		}
		s.close()
	})
}

// deliver takes a chunk on the loop. Loop only.
func (s *sysReadable) deliver(b []byte) {
	if s.destroyed {
		return
	}
	if s.tap != nil {
		s.tap(b)
	}
	s.queue = append(s.queue, b)
	if s.flowing {
		s.drain()
	}
}

// finish takes the producer's end (err nil for EOF) on the loop. Loop
// only.
func (s *sysReadable) finish(err error) {
	if s.ended {
		return
	}
	s.ended, s.failed = true, err
	s.drain()
}

// pump reads r on a new goroutine until it fails, delivering chunks and
// then the end to the loop in order; done (may be nil) runs on that
// goroutine afterwards. Loop only (the call).
func (s *sysReadable) pump(r io.Reader, done func()) {
	go func() {
		if done != nil {
			defer done()
		}
		s.pumpLoop(r)
	}()
}

// pumpLoop is pump on the calling goroutine. EOF, a closed reader
// (os.ErrClosed: stopped on purpose) and EIO (a pty's end) end the stream
// normally; other errors are delivered as 'error'. Safe from any
// goroutine.
func (s *sysReadable) pumpLoop(r io.Reader) {
	buf := make([]byte, 64*1024)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			chunk := append([]byte(nil), buf[:n]...)
			if !s.rt.Post(func() { s.deliver(chunk) }) {
				return
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, os.ErrClosed) || errors.Is(err, syscall.EIO) {
				err = nil
			} else {
				err = sysErrorf(err, "read", "", "")
			}
			s.rt.Post(func() { s.finish(err) })
			return
		}
	}
}

// defineAsyncIterator makes the stream async-iterable (for await ... of),
// keyed by Symbol.asyncIterator or, where the engine lacks it, the
// Symbol.for("Symbol.asyncIterator") esbuild's lowered code looks up.
// Loop only.
func (s *sysReadable) defineAsyncIterator() {
	vm := s.rt.VM()
	symCtor := vm.Get("Symbol").ToObject(vm)
	key, ok := symCtor.Get("asyncIterator").(*goja.Symbol)
	if !ok {
		forFn := sysFunc(symCtor.Get("for"))
		if forFn == nil {
			return
		}
		v, err := forFn(symCtor, vm.ToValue("Symbol.asyncIterator"))
		if err != nil {
			return
		}
		if key, ok = v.(*goja.Symbol); !ok {
			return
		}
	}
	_ = s.obj.SetSymbol(key, vm.ToValue(func(goja.FunctionCall) goja.Value {
		return s.asyncIterator()
	}))
}

// asyncIterator returns an iterator over the stream's chunks. Loop only.
func (s *sysReadable) asyncIterator() goja.Value {
	vm := s.rt.VM()
	var (
		values  []goja.Value
		waiting []func(any)
		done    bool
		fail    goja.Value
	)
	result := func(v goja.Value, finished bool) goja.Value {
		o := vm.NewObject()
		_ = o.Set("value", v)
		_ = o.Set("done", finished)
		return o
	}
	settle := func() {
		for len(waiting) > 0 && (len(values) > 0 || done) {
			resolve := waiting[0]
			waiting = waiting[1:]
			switch {
			case len(values) > 0:
				v := values[0]
				values = values[1:]
				resolve(func() goja.Value { return result(v, false) })
			case fail != nil:
				f := fail
				resolve(func() goja.Value { return sysRejected(vm, f) })
			default:
				resolve(func() goja.Value { return result(goja.Undefined(), true) })
			}
		}
	}
	on := sysFunc(s.obj.Get("on"))
	listen := func(name string, fn func(goja.FunctionCall) goja.Value) {
		if on != nil {
			_, _ = on(s.obj, vm.ToValue(name), vm.ToValue(fn))
		}
	}
	listen("data", func(c goja.FunctionCall) goja.Value {
		values = append(values, c.Argument(0))
		settle()
		return goja.Undefined()
	})
	listen("end", func(goja.FunctionCall) goja.Value { done = true; settle(); return goja.Undefined() })
	listen("close", func(goja.FunctionCall) goja.Value { done = true; settle(); return goja.Undefined() })
	listen("error", func(c goja.FunctionCall) goja.Value {
		done, fail = true, c.Argument(0)
		settle()
		return goja.Undefined()
	})
	it := vm.NewObject()
	sysMethod(vm, it, "next", func(goja.FunctionCall) goja.Value {
		p, resolve, _ := s.rt.NewPromise()
		waiting = append(waiting, resolve)
		settle()
		return vm.ToValue(p)
	})
	sysMethod(vm, it, "return", func(goja.FunctionCall) goja.Value {
		done = true
		s.destroy(nil)
		p, resolve, _ := s.rt.NewPromise()
		resolve(func() goja.Value { return result(goja.Undefined(), true) })
		return vm.ToValue(p)
	})
	return it
}

// sysWritable is a writable stream whose writes a goroutine performs in
// order. Loop only, except the queue (shared with the goroutine).
type sysWritable struct {
	rt  modules.Runtime
	ee  *sysEmitters
	obj *goja.Object

	// Shared with the writer goroutine.
	mu      sync.Mutex
	pending []sysWrite
	closing bool
	wake    chan struct{} // capacity 1

	// Loop only.
	ended     bool
	destroyed bool // destroy() was called: no 'finish'
	finished  bool
	isClosed  bool // 'close' was emitted
	written   int64
	onFinish  func() // called on the loop once everything was written and closed
}

// sysWrite is one queued write; end marks the close request.
type sysWrite struct {
	data []byte
	cb   goja.Callable // loop value, only touched on the loop
}

// newSysWritable creates the stream object; the caller starts run. Loop
// only.
func newSysWritable(rt modules.Runtime, ee *sysEmitters) *sysWritable {
	w := &sysWritable{rt: rt, ee: ee, wake: make(chan struct{}, 1)}
	vm := rt.VM()
	obj := ee.make()
	w.obj = obj
	sysMarkStream(vm, obj, "writable")
	_ = obj.Set("writable", true)
	_ = obj.Set("writableEnded", false)
	_ = obj.Set("writableFinished", false)
	_ = obj.Set("destroyed", false)
	_ = obj.Set("bytesWritten", 0)
	_ = obj.Set("writableObjectMode", false)
	_ = obj.Set("writableHighWaterMark", sysStreamHighWaterMark)
	sysMethod(vm, obj, "write", func(call goja.FunctionCall) goja.Value {
		enc, cb := "", sysFunc(call.Argument(2))
		if f := sysFunc(call.Argument(1)); f != nil {
			cb = f
		} else {
			enc = sysEncoding(vm, call.Argument(1))
		}
		data := sysDataArg(vm, call.Argument(0), enc, "chunk")
		if w.ended {
			err := sysNewError(vm, "Error", "ERR_STREAM_WRITE_AFTER_END", "write after end")
			rt.Post(func() {
				if cb != nil {
					sysCall(rt, "write callback", cb, goja.Undefined(), err)
				}
				w.ee.emit(obj, "error", err)
			})
			return vm.ToValue(false)
		}
		w.enqueue(data, cb)
		return vm.ToValue(true)
	})
	sysMethod(vm, obj, "end", func(call goja.FunctionCall) goja.Value {
		args := call.Arguments
		var cb goja.Value
		if n := len(args); n > 0 && sysFunc(args[n-1]) != nil {
			cb, args = args[n-1], args[:n-1]
		}
		if w.ended {
			return obj
		}
		if len(args) > 0 && !goja.IsUndefined(args[0]) && !goja.IsNull(args[0]) {
			enc := ""
			if len(args) > 1 {
				enc = sysEncoding(vm, args[1])
			}
			w.enqueue(sysDataArg(vm, args[0], enc, "chunk"), nil)
		}
		if cb != nil {
			once := sysFunc(obj.Get("once"))
			if once != nil {
				_, _ = once(obj, vm.ToValue("finish"), cb)
			}
		}
		w.ended = true
		_ = obj.Set("writableEnded", true)
		w.mu.Lock()
		w.closing = true
		w.mu.Unlock()
		w.signal()
		return obj
	})
	sysMethod(vm, obj, "destroy", func(call goja.FunctionCall) goja.Value {
		w.ended, w.destroyed = true, true
		w.mu.Lock()
		w.pending, w.closing = nil, true
		w.mu.Unlock()
		w.signal()
		return obj
	})
	sysMethod(vm, obj, "cork", func(goja.FunctionCall) goja.Value { return goja.Undefined() })
	sysMethod(vm, obj, "uncork", func(goja.FunctionCall) goja.Value { return goja.Undefined() })
	sysMethod(vm, obj, "setDefaultEncoding", func(goja.FunctionCall) goja.Value { return obj })
	return w
}

// enqueue queues data for the writer. Loop only.
func (w *sysWritable) enqueue(data []byte, cb goja.Callable) {
	w.mu.Lock()
	w.pending = append(w.pending, sysWrite{data: data, cb: cb})
	w.mu.Unlock()
	w.signal()
}

// signal wakes the writer goroutine.
func (w *sysWritable) signal() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// run performs the queued writes on the calling goroutine (start it with
// go) until end() was called and the queue is empty, or stop is closed
// (the child exited, the generation retired). open is called first and
// returns the destination; its error fails the stream. Safe from any
// goroutine; returns when the stream is closed.
func (w *sysWritable) run(open func() (io.WriteCloser, error), stop <-chan struct{}) {
	dst, err := open()
	if err != nil {
		w.rt.Post(func() {
			w.ee.emit(w.obj, "error", sysErrorValue(w.rt.VM(), err))
			w.closed()
		})
		return
	}
	var failed error
	for {
		w.mu.Lock()
		batch := w.pending
		w.pending = nil
		closing := w.closing
		w.mu.Unlock()
		for _, req := range batch {
			werr := failed
			if werr == nil {
				_, werr = dst.Write(req.data)
				if werr != nil {
					failed = werr
				}
			}
			n := int64(len(req.data))
			w.rt.Post(func() { w.afterWrite(req, n, werr) })
		}
		if closing && len(batch) == 0 {
			_ = dst.Close()
			w.rt.Post(func() {
				w.finished = true
				_ = w.obj.Set("writableFinished", true)
				if failed == nil && !w.destroyed {
					w.ee.emit(w.obj, "finish")
				}
				w.closed()
			})
			return
		}
		if len(batch) > 0 {
			continue
		}
		select {
		case <-w.wake:
		case <-stop:
			_ = dst.Close()
			w.mu.Lock()
			w.closing = true
			rest := w.pending
			w.pending = nil
			w.mu.Unlock()
			for _, req := range rest {
				w.rt.Post(func() { w.afterWrite(req, 0, syscall.EPIPE) })
			}
			w.rt.Post(w.closed)
			return
		}
	}
}

// afterWrite reports one write on the loop. Loop only.
func (w *sysWritable) afterWrite(req sysWrite, n int64, err error) {
	if err == nil {
		w.written += n
		_ = w.obj.Set("bytesWritten", w.written)
	}
	var errV goja.Value = goja.Null()
	if err != nil {
		errV = sysErrorValue(w.rt.VM(), sysErrorf(err, "write", "", ""))
	}
	if req.cb != nil {
		sysCall(w.rt, "write callback", req.cb, goja.Undefined(), errV)
	}
	if err != nil && w.ee.listeners(w.obj, "error") > 0 {
		w.ee.emit(w.obj, "error", errV)
	}
}

// closed marks the stream closed and emits 'close'. Loop only.
func (w *sysWritable) closed() {
	if w.isClosed {
		return
	}
	w.isClosed, w.ended = true, true
	_ = w.obj.Set("writable", false)
	_ = w.obj.Set("destroyed", true)
	w.ee.emit(w.obj, "close")
	if w.onFinish != nil {
		f := w.onFinish
		w.onFinish = nil
		f()
	}
}

// defineStreams installs fs.createReadStream and fs.createWriteStream,
// and fs.ReadStream and fs.WriteStream: constructors (with or without
// new) of the same Go-fed streams, which instanceof and constructor
// recognize. Loop only.
func (m *fsMod) defineStreams(exports *goja.Object) {
	vm := m.vm
	createRead := func(call goja.FunctionCall) goja.Value {
		orig, abs := m.path(call.Arguments, 0, "path")
		opts, enc := m.fsOptions(call.Argument(1))
		start, end := int64(0), int64(-1)
		if v := sysOpt(opts, "start"); v != nil {
			start = v.ToInteger()
		}
		if v := sysOpt(opts, "end"); v != nil {
			end = v.ToInteger()
		}
		s := newSysReadable(m.rt, m.ee, m.bufs)
		if enc != "" {
			s.dec = &sysDecoder{enc: enc}
			_ = s.obj.Set("readableEncoding", enc)
		}
		_ = s.obj.Set("path", orig)
		_ = s.obj.Set("bytesRead", 0)
		stop := make(chan struct{})
		var once sync.Once
		halt := func() { once.Do(func() { close(stop) }) }
		untrack := m.rt.Track(halt)
		s.stop = halt
		go func() {
			defer untrack()
			f, err := os.Open(abs)
			if err != nil {
				m.rt.Post(func() { s.finish(sysErrorf(err, "open", orig, "")) })
				return
			}
			defer f.Close()
			var r io.Reader = f
			if start > 0 {
				if _, err := f.Seek(start, io.SeekStart); err != nil {
					m.rt.Post(func() { s.finish(sysErrorf(err, "read", "", "")) })
					return
				}
			}
			if end >= 0 {
				r = io.LimitReader(f, max(0, end-start+1))
			}
			fd := int(f.Fd())
			m.rt.Post(func() {
				s.ee.emit(s.obj, "open", vm.ToValue(fd))
				s.ee.emit(s.obj, "ready")
			})
			s.pumpLoop(fsStoppable{r: r, stop: stop})
		}()
		return s.obj
	}
	createWrite := func(call goja.FunctionCall) goja.Value {
		orig, abs := m.path(call.Arguments, 0, "path")
		opts, _ := m.fsOptions(call.Argument(1))
		flags := fsFlags(vm, sysOpt(opts, "flags"), "w")
		mode := fsMode(vm, sysOpt(opts, "mode"), "mode", 0o666)
		w := newSysWritable(m.rt, m.ee)
		_ = w.obj.Set("path", orig)
		stop := make(chan struct{})
		var once sync.Once
		untrack := m.rt.Track(func() { once.Do(func() { close(stop) }) })
		go func() {
			defer untrack()
			w.run(func() (io.WriteCloser, error) {
				f, err := os.OpenFile(abs, flags, mode)
				if err != nil {
					return nil, sysErrorf(err, "open", orig, "")
				}
				fd := int(f.Fd())
				m.rt.Post(func() {
					w.ee.emit(w.obj, "open", vm.ToValue(fd))
					w.ee.emit(w.obj, "ready")
				})
				return f, nil
			}, stop)
		}()
		return w.obj
	}
	readClass := m.streamClass(exports, "ReadStream", createRead)
	writeClass := m.streamClass(exports, "WriteStream", createWrite)
	sysMethod(vm, exports, "createReadStream", func(call goja.FunctionCall) goja.Value {
		return readClass.brand(createRead(call))
	})
	sysMethod(vm, exports, "createWriteStream", func(call goja.FunctionCall) goja.Value {
		return writeClass.brand(createWrite(call))
	})
}

// fsStreamClass is fs.ReadStream or fs.WriteStream: the streams create
// makes carry its brand, which its Symbol.hasInstance checks, and name it
// as their constructor.
type fsStreamClass struct {
	ctor  *goja.Object
	brand func(goja.Value) goja.Value
}

func (m *fsMod) streamClass(exports *goja.Object, name string, create func(goja.FunctionCall) goja.Value) fsStreamClass {
	vm := m.vm
	mark := goja.NewSymbol("pigo.fs." + name)
	c := fsStreamClass{}
	c.brand = func(v goja.Value) goja.Value {
		if obj, ok := v.(*goja.Object); ok {
			_ = obj.DefineDataPropertySymbol(mark, vm.ToValue(true), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
			_ = obj.DefineDataProperty("constructor", c.ctor, goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		}
		return v
	}
	build := func(call goja.FunctionCall) goja.Value { return c.brand(create(call)) }
	// A plain function of the name that returns the stream: callable with
	// or without new, as Node's (legacy) fs stream classes are.
	wrap, err := vm.RunProgram(fsStreamWrapper())
	if err != nil {
		panic(err)
	}
	ctor, _ := goja.AssertFunction(wrap)
	v, err := ctor(goja.Undefined(), vm.ToValue(build), vm.ToValue(name))
	if err != nil {
		panic(err)
	}
	c.ctor = v.ToObject(vm)
	_ = c.ctor.DefineDataPropertySymbol(goja.SymHasInstance, vm.ToValue(func(call goja.FunctionCall) goja.Value {
		obj, ok := call.Argument(0).(*goja.Object)
		is := false
		if ok {
			if b := obj.GetSymbol(mark); b != nil {
				is = b.ToBoolean()
			}
		}
		return vm.ToValue(is)
	}), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = exports.DefineDataProperty(name, c.ctor, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	return c
}

// fsStoppable is a reader that ends early once stop is closed.
type fsStoppable struct {
	r    io.Reader
	stop <-chan struct{}
}

func (s fsStoppable) Read(p []byte) (int, error) {
	select {
	case <-s.stop:
		return 0, os.ErrClosed
	default:
	}
	return s.r.Read(p)
}

// fsStreamWrapper makes the plain function of a stream class's name;
// compiled once per process, not per class and runtime.
var fsStreamWrapper = sync.OnceValue(func() *goja.Program {
	return goja.MustCompile("node:fs", `(make, name) => ({ [name]: function (path, options) { return make(path, options); } })[name]`, false)
})
