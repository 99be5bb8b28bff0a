package node

import (
	"context"
	"os"
	"sync"

	"github.com/dop251/goja"
)

// fs.watch: an FSWatcher (an EventEmitter with close, ref and unref) that
// emits 'change' (eventType "rename" or "change", filename) from the loop.
// The platform watcher (inotify on Linux, polling elsewhere) runs on its
// own goroutine and stops when the watcher is closed, when
// Runtime.Context ends, or when the generation retires; after stop
// returns, no further events are posted.

// fsEvent is one change seen by a platform watcher: typ is "rename" or
// "change", name the file relative to the watched directory (or the
// watched file's base name); err reports a watcher failure instead.
type fsEvent struct {
	typ, name string
	err       error
}

// watch is fs.watch(filename, options?, listener?). Loop only.
func (m *fsMod) watch(call goja.FunctionCall) goja.Value {
	vm := m.vm
	orig, abs := m.path(call.Arguments, 0, "filename")
	opts, listener := call.Argument(1), call.Argument(2)
	if sysFunc(opts) != nil {
		opts, listener = goja.Undefined(), opts
	}
	_, enc := m.fsOptions(opts)
	recursive := fsBool(opts, "recursive")
	fi, err := os.Stat(abs)
	if err != nil {
		sysThrow(vm, sysErrorf(err, "watch", orig, ""))
	}
	w := m.ee.make()
	if sysFunc(listener) != nil {
		if on := sysFunc(w.Get("on")); on != nil {
			_, _ = on(w, vm.ToValue("change"), listener)
		}
	}
	closed := false // loop only
	emit := func(ev fsEvent) {
		m.rt.Post(func() {
			if closed {
				return
			}
			if ev.err != nil {
				m.ee.emit(w, "error", sysErrorValue(vm, sysErrorf(ev.err, "watch", orig, "")))
				return
			}
			var name goja.Value = vm.ToValue(ev.name)
			if enc == "" && fsWantsBuffer(opts) {
				name = m.bufs.make([]byte(ev.name))
			}
			m.ee.emit(w, "change", vm.ToValue(ev.typ), name)
		})
	}
	stopWatch, err := fsStartWatch(abs, fi.IsDir(), recursive, emit)
	if err != nil {
		sysThrow(vm, sysErrorf(err, "watch", orig, ""))
	}
	var once sync.Once
	stop := func() { once.Do(stopWatch) }
	untrack := m.rt.Track(stop)
	stopCtx := context.AfterFunc(m.rt.Context(), stop)
	sysMethod(vm, w, "close", func(goja.FunctionCall) goja.Value {
		if closed {
			return goja.Undefined()
		}
		closed = true
		stopCtx()
		untrack()
		stop()
		m.rt.Post(func() { m.ee.emit(w, "close") })
		return goja.Undefined()
	})
	sysMethod(vm, w, "ref", func(goja.FunctionCall) goja.Value { return w })
	sysMethod(vm, w, "unref", func(goja.FunctionCall) goja.Value { return w })
	return w
}
