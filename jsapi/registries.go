package jsapi

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
)

// valueConv converts one registry's values between JS and engine data. T is
// what drafts hold, U what the built state holds (the same for all but
// settings).
type valueConv[T, U any] struct {
	fromJS func(id string, v goja.Value) (T, error)
	toJS   func(v T) goja.Value // for update callbacks
	state  func(v U) goja.Value // for current()
	// wrap applies a JS wrapper to a value: for tools it wraps execute,
	// for commands the handler, otherwise the whole value.
	wrap func(v T, fn goja.Callable) (T, error)
}

// bindRegistry builds the JS object of one registry: add/rebuild/current.
// Loop only.
//
// The methods are made on first read (newMethodObject); extra lists more
// methods after them (settings' get).
func bindRegistry[T, U any](g *jsGen, reg *engine.Registry[*engine.Draft[T], engine.State[U]], conv valueConv[T, U], extra ...method) *goja.Object {
	rt := g.rt
	add := func(call goja.FunctionCall) goja.Value {
		g.checkLive()
		fn, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			g.throw(fmt.Errorf("%s.add: contribution must be a function", reg.Name()))
		}
		// add(fn, {pure: true}): fn's effect follows from the draft and
		// this plugin's state alone (engine.Registry.AddPure).
		pure := false
		if opts, ok := call.Argument(1).(*goja.Object); ok {
			pure = opts.Get("pure").ToBoolean()
		}
		c := contributionOf(g, reg, fn, conv, pure)
		if g.adopt != nil {
			if err := g.adopt(reg.Name(), c); err != nil {
				g.throw(err)
			}
			return rt.ToValue(func(goja.FunctionCall) goja.Value { return goja.Undefined() })
		}
		addTo := reg.Add
		if pure {
			addTo = reg.AddPure
		}
		remove, err := addTo(g.eg, c)
		if err != nil {
			g.throw(fmt.Errorf("%s.add: %w", reg.Name(), err))
		}
		return rt.ToValue(func(goja.FunctionCall) goja.Value { remove(); return goja.Undefined() })
	}
	rebuild := func(goja.FunctionCall) goja.Value {
		g.checkLive()
		if err := reg.CheckReentrant(g.eg); err != nil {
			g.throw(fmt.Errorf("%s.rebuild: %w", reg.Name(), err))
		}
		p, resolve, reject := g.newPromise()
		ctx := g.eg.Context()
		go func() {
			res, err := reg.Rebuild(ctx)
			if err != nil {
				reject(err)
				return
			}
			resolve(func() goja.Value { return g.rebuiltJS(res.Diff, res.Errors, stateJS(g, res.State, conv)) })
		}()
		return rt.ToValue(p)
	}
	current := func(goja.FunctionCall) goja.Value {
		g.checkLive()
		return stateJS(g, reg.Current(), conv)
	}
	return newMethodObject(rt, append([]method{{"add", add}, {"rebuild", rebuild}, {"current", current}}, extra...))
}

func stateJS[T, U any](g *jsGen, st engine.State[U], conv valueConv[T, U]) goja.Value {
	obj := g.rt.NewObject()
	for _, e := range st.Entries() {
		_ = obj.Set(e.ID, conv.state(e.Value))
	}
	return obj
}

// rebuiltJS renders a Rebuilt for JS. Loop only.
func (g *jsGen) rebuiltJS(d engine.Diff, errs []engine.Diagnostic, state goja.Value) goja.Value {
	obj := g.rt.NewObject()
	_ = obj.Set("state", state)
	_ = obj.Set("added", g.toJS(nonNil(d.Added)))
	_ = obj.Set("removed", g.toJS(nonNil(d.Removed)))
	_ = obj.Set("changed", g.toJS(nonNil(d.Changed)))
	list := make([]any, 0, len(errs))
	for _, e := range errs {
		list = append(list, map[string]any{"owner": e.Plugin, "message": e.String()})
	}
	_ = obj.Set("errors", g.toJS(list))
	return obj
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// contributionOf adapts a JS contribution to the engine: it runs on the
// owner's loop with a draft object valid only for the call. A returned
// Promise is an error (contributions are synchronous). One that is not
// pure, or failed, counts as activity: it may have changed what the
// plugin's pure contributions read.
func contributionOf[T, U any](g *jsGen, reg any, fn goja.Callable, conv valueConv[T, U], pure bool) engine.Contribution[*engine.Draft[T]] {
	return func(ctx context.Context, d *engine.Draft[T]) (err error) {
		defer func() {
			if !pure || err != nil {
				g.activity.Add(1)
			}
		}()
		_, err = g.call(ctx, func() (goja.Value, error) {
			obj, done := draftJS(g, reg, d, conv)
			defer done()
			r, err := fn(goja.Undefined(), obj)
			if err != nil {
				return nil, err
			}
			if isThenable(r) {
				return nil, engine.ErrAsyncContribution
			}
			return nil, nil
		}, nil)
		return err
	}
}

// errDraftExpired is thrown when a draft is used after its contribution
// returned (it was captured and called later).
var errDraftExpired = errors.New("draft used after its contribution returned: drafts are valid only during the synchronous contribution")

// jsDraft is the JS object drafts are seen through. One per registry and
// generation is reused across contributions and rebuilds (building it costs
// more than most contributions); it points at the draft being replayed and
// throws when used outside a contribution.
type jsDraft[T any] struct {
	obj *goja.Object
	cur *engine.Draft[T] // nil outside a contribution
}

// draftJS points the registry's draft object at d for one contribution and
// returns it with the function that detaches it. Loop only.
func draftJS[T, U any](g *jsGen, reg any, d *engine.Draft[T], conv valueConv[T, U]) (*goja.Object, func()) {
	jd, ok := g.drafts[reg].(*jsDraft[T])
	if !ok {
		jd = newJSDraft(g, conv)
		g.drafts[reg] = jd
	}
	jd.cur = d
	return jd.obj, func() { jd.cur = nil }
}

func newJSDraft[T, U any](g *jsGen, conv valueConv[T, U]) *jsDraft[T] {
	rt := g.rt
	jd := &jsDraft[T]{}
	draft := func() *engine.Draft[T] {
		if jd.cur == nil {
			g.throw(errDraftExpired)
		}
		return jd.cur
	}
	idArg := func(call goja.FunctionCall, method string) string {
		v := call.Argument(0)
		if goja.IsUndefined(v) || goja.IsNull(v) {
			g.throw(fmt.Errorf("draft.%s: id is required", method))
		}
		return v.String()
	}
	fnArg := func(call goja.FunctionCall, method string) goja.Callable {
		fn, ok := goja.AssertFunction(call.Argument(1))
		if !ok {
			g.throw(fmt.Errorf("draft.%s: second argument must be a function", method))
		}
		return fn
	}
	// A contribution calls one or two of these: they are made on first read.
	jd.obj = newMethodObject(rt, []method{
		{"set", func(call goja.FunctionCall) goja.Value {
			d := draft()
			id := idArg(call, "set")
			v, err := conv.fromJS(id, call.Argument(1))
			if err != nil {
				g.throw(err)
			}
			d.Set(id, v)
			return goja.Undefined()
		}},
		{"update", func(call goja.FunctionCall) goja.Value {
			d := draft()
			id, fn := idArg(call, "update"), fnArg(call, "update")
			d.Update(id, func(cur T) T {
				jv := conv.toJS(cur)
				r, err := fn(goja.Undefined(), jv)
				if err != nil {
					g.rethrow(err)
				}
				if goja.IsUndefined(r) {
					r = jv // mutated in place
				}
				next, err := conv.fromJS(id, r)
				if err != nil {
					g.throw(err)
				}
				return next
			})
			return goja.Undefined()
		}},
		{"wrap", func(call goja.FunctionCall) goja.Value {
			d := draft()
			id, fn := idArg(call, "wrap"), fnArg(call, "wrap")
			d.Wrap(id, func(cur T) T {
				next, err := conv.wrap(cur, fn)
				if err != nil {
					g.rethrow(err)
				}
				return next
			})
			return goja.Undefined()
		}},
		{"delete", func(call goja.FunctionCall) goja.Value {
			draft().Delete(idArg(call, "delete"))
			return goja.Undefined()
		}},
		{"has", func(call goja.FunctionCall) goja.Value {
			return rt.ToValue(draft().Has(idArg(call, "has")))
		}},
		{"get", func(call goja.FunctionCall) goja.Value {
			v, ok := draft().Get(idArg(call, "get"))
			if !ok {
				return goja.Undefined()
			}
			return conv.toJS(v)
		}},
		{"ids", func(goja.FunctionCall) goja.Value {
			return g.toJS(draft().IDs())
		}},
		{"ownerOf", func(call goja.FunctionCall) goja.Value {
			if o := draft().OwnerOf(idArg(call, "ownerOf")); o != "" {
				return rt.ToValue(o)
			}
			return goja.Undefined()
		}},
		// Built-in plugins have "@pi/" ids; pi lets extensions override their tools.
		{"isBuiltin", func(call goja.FunctionCall) goja.Value {
			return rt.ToValue(strings.HasPrefix(draft().OwnerOf(idArg(call, "isBuiltin")), "@pi/"))
		}},
	})
	return jd
}
