package jsapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"time"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
)

// The codec turns JS values into engine data and back:
// JSON-compatible values plus function handles. A JS function seen outside
// its runtime is a *jsFunc whose Call posts to the owning loop; handed back
// to the same runtime it is the original function again. Payload values a
// caller marks lazy cross as Go-backed views instead (lazy.go).

const maxDepth = 200

// errNotData is returned for values that cannot cross as data.
var errNotData = errors.New("value cannot cross between plugins as data")

// Export types checked before calling Export, which copies a plain
// object's whole subtree: byte containers (they cross as strings) and
// native Promises.
var (
	bytesType       = reflect.TypeOf([]byte(nil))
	arrayBufferType = reflect.TypeOf(goja.ArrayBuffer{})
	promiseType     = reflect.TypeOf((*goja.Promise)(nil))
)

// toGo converts a JS value to engine data. Loop only.
func (g *jsGen) toGo(v goja.Value) (any, error) { return g.convert(v, 0, nil, false) }

// toGoOrdered is toGo with plain objects as *jsjson.Object in their
// property order, for data that is written out as JavaScript writes it
// (message details, entry data, tool result details) and that Go code
// does not take apart. Loop only.
func (g *jsGen) toGoOrdered(v goja.Value) (any, error) { return g.convert(v, 0, nil, true) }

// convert is toGo and toGoOrdered (ordered).
func (g *jsGen) convert(v goja.Value, depth int, seen map[*goja.Object]bool, ordered bool) (any, error) {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return nil, nil
	}
	if depth > maxDepth {
		return nil, fmt.Errorf("%w: nested deeper than %d levels", errNotData, maxDepth)
	}
	obj, isObj := v.(*goja.Object)
	if !isObj {
		switch x := v.Export().(type) {
		case int64:
			return float64(x), nil
		case float64:
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, nil // JSON semantics
			}
			return x, nil
		case bool, string:
			return x, nil
		default:
			if _, ok := v.(*goja.Symbol); ok {
				return nil, nil
			}
			return v.String(), nil
		}
	}
	if fn, ok := goja.AssertFunction(obj); ok {
		return g.handle(obj, fn), nil
	}
	if seen == nil {
		seen = map[*goja.Object]bool{}
	}
	if seen[obj] {
		return nil, fmt.Errorf("%w: it contains a cycle", errNotData)
	}
	seen[obj] = true
	defer delete(seen, obj)
	if lv := lazyOf(obj); lv != nil {
		x, _, err := lv.toGo(depth, seen)
		return x, err
	}
	switch obj.ClassName() {
	case "Array":
		n := int(obj.Get("length").ToInteger())
		out := make([]any, n)
		for i := range n {
			e, err := g.convert(obj.Get(strconv.Itoa(i)), depth+1, seen, ordered)
			if err != nil {
				return nil, err
			}
			out[i] = e
		}
		return out, nil
	case "Date":
		if t, ok := obj.Export().(time.Time); ok {
			return t.UTC().Format("2006-01-02T15:04:05.000Z"), nil
		}
	case "Promise":
		return nil, fmt.Errorf("%w: a Promise (await it first)", errNotData)
	case "Map", "Set", "WeakMap", "WeakSet":
		return nil, fmt.Errorf("%w: a %s (convert it to an array or object)", errNotData, obj.ClassName())
	}
	// A plain object's toJSON is ignored: don't look it up (a miss walks
	// the prototype chain).
	if obj.ClassName() != "Object" {
		if toJSON, ok := goja.AssertFunction(obj.Get("toJSON")); ok {
			r, err := toJSON(obj)
			if err != nil {
				return nil, err
			}
			return g.convert(r, depth+1, seen, ordered)
		}
	}
	// Export only byte containers: exporting a plain object builds its
	// whole subtree, which would happen again at every nesting level.
	if et := obj.ExportType(); et == bytesType || et == arrayBufferType {
		switch x := obj.Export().(type) {
		case []byte:
			return string(x), nil
		case goja.ArrayBuffer:
			return string(x.Bytes()), nil
		}
	}
	keys := obj.Keys()
	if ordered {
		out := make(jsjson.Object, 0, len(keys))
		for _, k := range keys {
			pv := obj.Get(k)
			if pv == nil || goja.IsUndefined(pv) {
				continue
			}
			e, err := g.convert(pv, depth+1, seen, true)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", k, err)
			}
			out = append(out, jsjson.Member{Key: k, Value: e})
		}
		return &out, nil
	}
	out := make(map[string]any, len(keys))
	for _, k := range keys {
		pv := obj.Get(k)
		if pv == nil || goja.IsUndefined(pv) {
			continue
		}
		e, err := g.convert(pv, depth+1, seen, false)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		out[k] = e
	}
	return out, nil
}

// toGoMemberOrdered is toGo of a plain object whose member key converts as
// toGoOrdered would convert it: one pass, where toGo and then toGoOrdered
// of the member converted that subtree twice. plain is false, and nothing
// is converted, for any other object (a function, an array, a lazy view, a
// class with toJSON, ...). Loop only.
func (g *jsGen) toGoMemberOrdered(obj *goja.Object, key string) (m map[string]any, plain bool, err error) {
	if obj.ClassName() != "Object" || lazyOf(obj) != nil {
		return nil, false, nil
	}
	// As convert's plain-object case, at depth 0.
	seen := map[*goja.Object]bool{obj: true}
	keys := obj.Keys()
	m = make(map[string]any, len(keys))
	for _, k := range keys {
		pv := obj.Get(k)
		if pv == nil || goja.IsUndefined(pv) {
			continue
		}
		e, err := g.convert(pv, 1, seen, k == key)
		if err != nil {
			return nil, true, fmt.Errorf("%s: %w", k, err)
		}
		m[k] = e
	}
	return m, true, nil
}

// toJS converts engine data to a JS value. Loop only.
func (g *jsGen) toJS(v any) goja.Value {
	rt := g.rt
	switch x := v.(type) {
	case nil:
		return goja.Null()
	case goja.Value:
		return x
	case func() goja.Value: // built lazily on the loop (promise settlements)
		return x()
	case map[string]any:
		// Sorted keys: Go maps have no order, and JS code observes key
		// order (JSON.stringify, Object.keys), so make it deterministic.
		obj := rt.NewObject()
		var scratch [16]string // most objects have fewer keys: no allocation
		keys := scratch[:0]
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			_ = obj.Set(k, g.toJS(x[k]))
		}
		return obj
	case orderedObject:
		obj := rt.NewObject()
		for _, f := range x {
			_ = obj.Set(f.key, g.toJS(f.value))
		}
		return obj
	case *jsjson.Object: // parsed JSON in JavaScript's property order
		obj := rt.NewObject()
		for _, m := range *x {
			_ = obj.Set(m.Key, g.toJS(m.Value))
		}
		return obj
	case []any:
		arr := make([]any, len(x))
		for i, e := range x {
			arr[i] = g.toJS(e)
		}
		return rt.NewArray(arr...)
	case []string:
		arr := make([]any, len(x))
		for i, e := range x {
			arr[i] = e
		}
		return rt.NewArray(arr...)
	case *jsFunc:
		if x.g == g {
			return x.obj
		}
		return g.callableFunc(x)
	case engine.SyncFunc:
		return g.rt.ToValue(func(call goja.FunctionCall) goja.Value { return g.toJS(x(g.argsToGo(call)...)) })
	case engine.Callable:
		return g.callableFunc(x)
	case engine.ToolResult:
		return g.toJS(x.Data())
	case lazyRoot:
		return g.lazyJS(x.v, nil)
	}
	return rt.ToValue(v)
}

// toJSIn converts engine data as toJS does, but with the keys of its
// maps, at every depth, in order (nil: sorted, as toJS). Loop only.
func (g *jsGen) toJSIn(v any, order jsjson.KeyOrder) goja.Value {
	if order == nil {
		return g.toJS(v)
	}
	switch x := v.(type) {
	case map[string]any:
		// The keys go on g.keyStack (reused: no allocation per object);
		// the values converted meanwhile push theirs above them.
		obj := g.rt.NewObject()
		start := len(g.keyStack)
		g.keyStack = order.Keys(g.keyStack, x)
		end := len(g.keyStack)
		for i := start; i < end; i++ {
			k := g.keyStack[i]
			_ = obj.Set(k, g.toJSIn(x[k], order.Member(x, k)))
		}
		clear(g.keyStack[start:end])
		g.keyStack = g.keyStack[:start]
		return obj
	case []any:
		el := order.Element()
		arr := make([]any, len(x))
		for i, e := range x {
			arr[i] = g.toJSIn(e, el)
		}
		return g.rt.NewArray(arr...)
	case []map[string]any:
		el := order.Element()
		arr := make([]any, len(x))
		for i, e := range x {
			arr[i] = g.toJSIn(e, el)
		}
		return g.rt.NewArray(arr...)
	case engine.ToolResult:
		return g.toJSIn(x.Data(), order)
	case lazyRoot:
		return g.lazyJS(x.v, order)
	}
	return g.toJS(v)
}

// orderedObject is a JS object whose key order matters (pi's result shapes).
type orderedObject []field

type field struct {
	key   string
	value any
}

// argsToGo converts a JS call's arguments to engine data, throwing on a
// value that cannot cross. Loop only.
func (g *jsGen) argsToGo(call goja.FunctionCall) []any {
	args := make([]any, len(call.Arguments))
	for i, a := range call.Arguments {
		v, err := g.toGo(a)
		if err != nil {
			g.throw(fmt.Errorf("argument %d: %w", i, err))
		}
		args[i] = v
	}
	return args
}

// callableFunc exposes a Go Callable (maybe another plugin's function) as a
// JS function returning a Promise. Loop only.
func (g *jsGen) callableFunc(c engine.Callable) goja.Value {
	return g.rt.ToValue(func(call goja.FunctionCall) goja.Value {
		args := g.argsToGo(call)
		p, resolve, reject := g.newPromise()
		ctx := g.callCtx()
		go func() {
			r, err := c.Call(ctx, args...)
			if err != nil {
				reject(err)
				return
			}
			resolve(r)
		}()
		return g.rt.ToValue(p)
	})
}

// callCtx is the context for calls JS code starts: the generation's
// lifetime, or, while a retired generation drains, one not cancelled
// (the ctx a replacement's withSession gets acts on the new session).
// Loop only.
func (g *jsGen) callCtx() context.Context {
	if g.draining() {
		return context.WithoutCancel(g.eg.Context())
	}
	return g.eg.Context()
}

// jsFunc is a JS function seen from Go: a handle bound to its generation.
type jsFunc struct {
	g   *jsGen
	obj *goja.Object
	fn  goja.Callable
	fp  string
}

// handle returns a handle for a JS function. Loop only.
func (g *jsGen) handle(obj *goja.Object, fn goja.Callable) *jsFunc {
	src := obj
	if o, ok := obj.Get(standsForProp).(*goja.Object); ok {
		if _, isFn := goja.AssertFunction(o); isFn {
			src = o
		}
	}
	sum := sha256.Sum256([]byte(src.String()))
	return &jsFunc{g: g, obj: obj, fn: fn, fp: g.eg.PluginID() + ":" + hex.EncodeToString(sum[:8])}
}

// standsForProp names, on an adapter's wrapper function, the function it
// stands for (the pi adapter's registerTool wraps execute): the handle's
// fingerprint is that function's code.
const standsForProp = "__pigoStandsFor"

// Call posts the call to the owner's loop and waits for the result (a
// returned Promise is awaited). Safe from any goroutine except the owner's
// loop.
func (f *jsFunc) Call(ctx context.Context, args ...any) (any, error) {
	if f.g.eg.Retired() {
		return nil, f.g.eg.StaleError()
	}
	var releases []func()
	return f.g.call(ctx, func() (goja.Value, error) {
		jsArgs := make([]goja.Value, len(args))
		for i, a := range args {
			jsArgs[i] = f.g.toJS(a)
			// An object argument's "signal" key holding engine.AbortSignal
			// becomes a live AbortSignal of this call, as for hooks.
			if m, ok := a.(map[string]any); ok {
				if _, ok := m["signal"].(engine.AbortSignal); ok {
					signal, release := f.g.signalFor(ctx)
					_ = jsArgs[i].ToObject(f.g.rt).Set("signal", signal)
					releases = append(releases, release)
				}
			}
		}
		return f.fn(goja.Undefined(), jsArgs...)
	}, func(v goja.Value) (any, error) {
		for _, release := range releases {
			release()
		}
		return f.g.toGo(v)
	})
}

// Fingerprint identifies the function's code (for registry diffs).
func (f *jsFunc) Fingerprint() string { return f.fp }

// Interface guards.
var (
	_ engine.Callable      = (*jsFunc)(nil)
	_ engine.Fingerprinter = (*jsFunc)(nil)
)
