package core

import (
	"context"
	"io/fs"
	"math"
	"path/filepath"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// Module returns the pigo:core host module; every runtime instantiated
// from it shares locks. Its exports (declared in types/core.d.ts):
//
//	grep({pattern, path, ignoreCase?, literal?, glob?, cwd?, limit?, signal?})
//	    → Promise<{matches: {path, line, text}[], limitReached}>   (Grep)
//	find({pattern, path, limit?, signal?})
//	    → Promise<{paths: string[], limitReached}>                  (Find)
//	walk({path, ignoreFile?, requireGit?, limit?, signal?})
//	    → Promise<{entries: {path, type}[], limitReached}>          (Walk)
//	lockFile(path) → Promise<release: () => void>                  (FileLocks)
//
// Paths are resolved against the host's working directory. The searches
// run on their own goroutine and end early when signal (an AbortSignal)
// aborts or the generation retires; they then reject with an Error whose
// code is "ABORT_ERR". A lock is released by calling release (once the
// protected work settled) or when the generation holding or awaiting it
// retires, so a reload never leaves a file locked.
func Module(locks *FileLocks) modules.Module {
	return func(rt modules.Runtime, module *goja.Object) error {
		b := &binding{rt: rt, vm: rt.VM(), locks: locks}
		exports := module.Get("exports").ToObject(b.vm)
		for name, fn := range map[string]func(goja.FunctionCall) goja.Value{
			"grep":     b.grep,
			"find":     b.find,
			"walk":     b.walk,
			"lockFile": b.lockFile,
		} {
			if err := exports.Set(name, fn); err != nil {
				return err
			}
		}
		return nil
	}
}

type binding struct {
	rt    modules.Runtime
	vm    *goja.Runtime
	locks *FileLocks
}

// abortError rejects a search stopped by its signal or a retire.
type abortError struct{}

func (abortError) Error() string { return "The operation was aborted" }
func (abortError) Code() string  { return "ABORT_ERR" }

// grep is grep(options). Loop only.
func (b *binding) grep(c goja.FunctionCall) goja.Value {
	o := b.options(c)
	opts := GrepOptions{
		Pattern:    b.str(o, "pattern"),
		IgnoreCase: b.flag(o, "ignoreCase"),
		Literal:    b.flag(o, "literal"),
		Glob:       b.str(o, "glob"),
		Cwd:        b.str(o, "cwd"),
		Limit:      b.limit(o),
	}
	if opts.Cwd == "" {
		opts.Cwd = b.rt.Cwd()
	}
	path := b.path(o)
	return b.run(o, func(ctx context.Context) (func() goja.Value, error) {
		res, err := Grep(ctx, path, opts)
		if err != nil {
			return nil, err
		}
		return func() goja.Value {
			ms := make([]any, len(res.Matches))
			for i, m := range res.Matches {
				obj := b.vm.NewObject()
				_ = obj.Set("path", m.Path)
				_ = obj.Set("line", m.Line)
				_ = obj.Set("text", m.Text)
				ms[i] = obj
			}
			return b.result("matches", b.vm.NewArray(ms...), res.LimitReached)
		}, nil
	})
}

// find is find(options). Loop only.
func (b *binding) find(c goja.FunctionCall) goja.Value {
	o := b.options(c)
	opts := FindOptions{Pattern: b.str(o, "pattern"), Limit: b.limit(o)}
	path := b.path(o)
	return b.run(o, func(ctx context.Context) (func() goja.Value, error) {
		res, err := Find(ctx, path, opts)
		if err != nil {
			return nil, err
		}
		return func() goja.Value {
			ps := make([]any, len(res.Paths))
			for i, p := range res.Paths {
				ps[i] = p
			}
			return b.result("paths", b.vm.NewArray(ps...), res.LimitReached)
		}, nil
	})
}

// walk is walk(options). Loop only.
func (b *binding) walk(c goja.FunctionCall) goja.Value {
	o := b.options(c)
	opts := WalkOptions{IgnoreFile: b.str(o, "ignoreFile"), RequireGit: b.flag(o, "requireGit")}
	limit := b.limit(o)
	path := b.path(o)
	return b.run(o, func(ctx context.Context) (func() goja.Value, error) {
		var ents []Entry
		full := false
		err := Walk(ctx, path, opts, func(e Entry) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			ents = append(ents, e)
			if limit > 0 && len(ents) >= limit {
				full = true
				return fs.SkipAll
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		return func() goja.Value {
			out := make([]any, len(ents))
			for i, e := range ents {
				obj := b.vm.NewObject()
				_ = obj.Set("path", e.Path)
				_ = obj.Set("type", entryType(e))
				out[i] = obj
			}
			return b.result("entries", b.vm.NewArray(out...), full)
		}, nil
	})
}

func entryType(e Entry) string {
	switch {
	case e.IsDir():
		return "directory"
	case e.IsSymlink():
		return "symlink"
	case e.Type.IsRegular():
		return "file"
	}
	return "other"
}

// lockFile is lockFile(path). Loop only.
func (b *binding) lockFile(c goja.FunctionCall) goja.Value {
	p := c.Argument(0)
	if goja.IsUndefined(p) || goja.IsNull(p) {
		b.rt.Throw(typeError("lockFile: path must be a string"))
	}
	key := LockKey(b.abs(p.String()))
	promise, resolve, _ := b.rt.NewPromise()
	var untrack func()
	cancel := b.locks.Acquire(key, func(release func()) {
		// Runs here or on the releasing goroutine; the function is built
		// on the loop, after untrack is set.
		resolve(func() goja.Value {
			return b.vm.ToValue(func(goja.FunctionCall) goja.Value {
				untrack()
				release()
				return goja.Undefined()
			})
		})
	})
	untrack = b.rt.Track(cancel)
	if b.rt.Context().Err() != nil {
		cancel() // retired already: the cleanup that would release it has run
	}
	return b.vm.ToValue(promise)
}

// run starts work on its own goroutine under a context that ends with the
// generation or options.signal, and returns the Promise of its result.
// work returns a builder the loop calls to make the JS value. Loop only.
func (b *binding) run(o *goja.Object, work func(ctx context.Context) (func() goja.Value, error)) goja.Value {
	promise, resolve, reject := b.rt.NewPromise()
	ctx, cancel := context.WithCancel(b.rt.Context())
	stop, aborted := b.watchSignal(o, cancel)
	if aborted {
		cancel()
		reject(abortError{})
		return b.vm.ToValue(promise)
	}
	go func() {
		defer cancel()
		build, err := work(ctx)
		b.rt.Post(stop)
		if err != nil {
			if ctx.Err() != nil {
				err = abortError{}
			}
			reject(err)
			return
		}
		resolve(build)
	}()
	return b.vm.ToValue(promise)
}

// watchSignal listens to options.signal's "abort" event; stop removes the
// listener. aborted reports a signal that is already aborted. Loop only.
func (b *binding) watchSignal(o *goja.Object, onAbort func()) (stop func(), aborted bool) {
	stop = func() {}
	if o == nil {
		return stop, false
	}
	sv := o.Get("signal")
	if sv == nil || goja.IsUndefined(sv) || goja.IsNull(sv) {
		return stop, false
	}
	sig := sv.ToObject(b.vm)
	if sig.Get("aborted").ToBoolean() {
		return stop, true
	}
	add, ok1 := goja.AssertFunction(sig.Get("addEventListener"))
	remove, ok2 := goja.AssertFunction(sig.Get("removeEventListener"))
	if !ok1 || !ok2 {
		return stop, false
	}
	listener := b.vm.ToValue(func(goja.FunctionCall) goja.Value { onAbort(); return goja.Undefined() })
	if _, err := add(sig, b.vm.ToValue("abort"), listener); err != nil {
		return stop, false
	}
	return func() { _, _ = remove(sig, b.vm.ToValue("abort"), listener) }, false
}

func (b *binding) result(key string, list goja.Value, limitReached bool) goja.Value {
	obj := b.vm.NewObject()
	_ = obj.Set(key, list)
	_ = obj.Set("limitReached", limitReached)
	return obj
}

// options returns the first argument as an object; it throws a TypeError
// for anything else.
func (b *binding) options(c goja.FunctionCall) *goja.Object {
	v := c.Argument(0)
	obj, ok := v.(*goja.Object)
	if !ok {
		b.rt.Throw(typeError("options must be an object"))
	}
	return obj
}

func (b *binding) str(o *goja.Object, key string) string {
	v := o.Get(key)
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return ""
	}
	return v.String()
}

func (b *binding) flag(o *goja.Object, key string) bool {
	v := o.Get(key)
	return v != nil && v.ToBoolean()
}

// path returns options.path resolved against the host's working
// directory (required).
func (b *binding) path(o *goja.Object) string {
	p := b.str(o, "path")
	if p == "" {
		b.rt.Throw(typeError("options.path must be a non-empty string"))
	}
	return b.abs(p)
}

func (b *binding) abs(p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(b.rt.Cwd(), p)
	}
	return filepath.Clean(p)
}

// limit reads options.limit as JavaScript's `count >= limit` check would
// stop: undefined, NaN and huge values mean no limit (0), fractions round
// up, anything below 1 stops after the first result.
func (b *binding) limit(o *goja.Object) int {
	v := o.Get("limit")
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return 0
	}
	f := v.ToFloat()
	switch {
	case math.IsNaN(f), f > math.MaxInt32:
		return 0
	case f < 1:
		return 1
	}
	return int(math.Ceil(f))
}

// typeError is a TypeError-coded argument error.
type typeError string

func (e typeError) Error() string { return "pigo:core: " + string(e) }
func (typeError) Code() string    { return "ERR_INVALID_ARG_TYPE" }
