package jsapi

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// Lazy views (engine.WithLazyPayload). Converting the context hook's 1 MB
// of messages into goja objects and back cost about 12 ms per handler, all
// of it per-property work inside goja, for handlers that mostly read a
// role or two. A payload value the caller marked lazy is handed to JS as
// goja dynamic objects and arrays backed by the Go data instead:
//
//   - Reading a property converts that one value (a map or slice becomes
//     another view) and caches it, so `m.content === m.content`.
//   - The Go data is never written. The first write to a view (set,
//     delete, a change of length) copies that level (a shallow copy of one
//     map or slice); values assigned from JS stay JS values in the cache.
//   - Converting back (toGo) returns a view's Go data itself when neither
//     it nor any view cached under it was written: a filter that returns a
//     new array of the original message views costs a pointer per message.
//     A written level is rebuilt from its copy and its cached values.
//
// Keys enumerate in the payload's key order (payloadJS: pi's), array-index
// keys first as in any JS object, or, without one, in the order toJS gives
// a converted map (array-index keys ascending, then the others sorted);
// new keys come after them. What a view cannot do that a plain object or array can (goja's
// DynamicObject/DynamicArray rules; TestLazyViewKnownDifferences): be
// frozen, sealed or made non-extensible (TypeError), hold accessor,
// non-enumerable, read-only or Symbol-keyed properties (TypeError; a
// defineProperty that leaves the flags out makes a plain enumerable,
// writable property), and, for arrays, hold non-index properties
// (TypeError in strict code) or holes (after `length = n` or delete an
// element reads as undefined and stays `in` the array). A view's length
// cannot exceed maxLazyLen.
//
// A view is valid as long as its Go data is not changed in place, which
// the caller of WithLazyPayload promises; a handler may keep a view and
// read it later. Converting a changed view twice gives two copies, as for
// any JS object.

// maxLazyLen bounds how far JS may grow a lazy array: a view is not
// sparse, so `a.length = 1e9` would allocate every element.
const maxLazyLen = 1 << 20

var (
	lazyObjectType = reflect.TypeOf((*lazyObject)(nil))
	lazyArrayType  = reflect.TypeOf((*lazyArray)(nil))
)

// lazyRoot marks a payload value that toJS converts to a view.
type lazyRoot struct{ v any }

// lazyView is implemented by the view handlers.
type lazyView interface {
	// toGo converts the view back, reporting whether the result differs
	// from the Go data it was made from (when not, it is that data).
	toGo(depth int, seen map[*goja.Object]bool) (v any, changed bool, err error)
}

// payloadJS converts a hook or event payload, its objects' keys in the
// order pi's handlers get them (piapi.HandlerEventOrder), handing the
// values of the top-level keys in lazy to JS as views. Loop only.
func (g *jsGen) payloadJS(payload any, lazy []string) goja.Value {
	m, ok := payload.(map[string]any)
	if !ok || len(lazy) == 0 {
		return g.toJSIn(payload, piapi.HandlerEventOrder)
	}
	marked := make(map[string]any, len(m))
	for k, v := range m {
		marked[k] = v
	}
	for _, k := range lazy {
		if v, ok := m[k]; ok {
			marked[k] = lazyRoot{v}
		}
	}
	return g.toJSIn(marked, piapi.HandlerEventOrder)
}

// orderedMembers are the objects under a payload's plain top-level
// members that are read in their key order: the custom prompt sections a
// before_agent_start handler sets render in the order it set them.
var orderedMembers = map[string]string{"systemPromptOptions": "sections"}

// payloadToGo converts a payload back after a handler had it; members
// that were ordered (*jsjson.Object: tool-call arguments, details) and
// orderedMembers keep their key order, edits included. Loop only.
func (g *jsGen) payloadToGo(p goja.Value, orig map[string]any) (any, error) {
	ev, err := g.toGo(p)
	m, ok := ev.(map[string]any)
	if err != nil || !ok {
		return ev, err
	}
	obj := p.ToObject(g.rt)
	for k, v := range orig {
		if _, ordered := v.(*jsjson.Object); !ordered {
			continue
		}
		if _, plain := m[k].(map[string]any); plain {
			if m[k], err = g.convert(obj.Get(k), 1, nil, true); err != nil {
				return nil, fmt.Errorf("%s: %w", k, err)
			}
		}
	}
	for k, sub := range orderedMembers {
		if err := g.keepOrderAt(p, m, k, sub); err != nil {
			return nil, err
		}
	}
	return ev, nil
}

// keepOrderAt replaces the object at path in m, v's plain conversion,
// with its ordered form (*jsjson.Object) read from v again: for the
// objects whose key order is read although the data around them is
// plain. A path that does not lead to an object is left alone. Loop
// only.
func (g *jsGen) keepOrderAt(v goja.Value, m map[string]any, path ...string) error {
	for _, k := range path[:len(path)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			return nil
		}
		m, v = next, v.ToObject(g.rt).Get(k)
	}
	last := path[len(path)-1]
	if _, plain := m[last].(map[string]any); !plain {
		return nil
	}
	ordered, err := g.convert(v.ToObject(g.rt).Get(last), len(path), nil, true)
	if err != nil {
		return fmt.Errorf("%s: %w", strings.Join(path, "."), err)
	}
	m[last] = ordered
	return nil
}

// lazyJS converts Go data to a view: a map or slice becomes a Go-backed
// object or array whose objects enumerate their keys in order (nil:
// sorted), anything else converts as toJSIn does. Loop only.
func (g *jsGen) lazyJS(v any, order jsjson.KeyOrder) goja.Value {
	switch x := v.(type) {
	case map[string]any:
		return g.rt.NewDynamicObject(&lazyObject{g: g, src: x, order: order})
	case []any:
		return g.rt.NewDynamicArray(&lazyArray{g: g, src: x, order: order})
	}
	return g.toJSIn(v, order)
}

// lazyOf returns obj's view handler, or nil when obj is not a view.
func lazyOf(obj *goja.Object) lazyView {
	switch obj.ExportType() {
	case lazyObjectType, lazyArrayType:
		lv, _ := obj.Export().(lazyView)
		return lv
	}
	return nil
}

// lazyChildToGo converts a value cached in a view, made from orig. A view
// (at any depth) reports whether it changed; any other value counts as
// changed, and keeps its key order when orig had one (an ordered object
// read by a handler stays ordered). Loop only.
func (g *jsGen) lazyChildToGo(v goja.Value, orig any, depth int, seen map[*goja.Object]bool) (any, bool, error) {
	if obj, ok := v.(*goja.Object); ok {
		if lv := lazyOf(obj); lv != nil {
			if depth > maxDepth {
				return nil, false, fmt.Errorf("%w: nested deeper than %d levels", errNotData, maxDepth)
			}
			if seen[obj] {
				return nil, false, fmt.Errorf("%w: it contains a cycle", errNotData)
			}
			seen[obj] = true
			defer delete(seen, obj)
			return lv.toGo(depth, seen)
		}
	}
	_, ordered := orig.(*jsjson.Object)
	x, err := g.convert(v, depth, seen, ordered)
	return x, true, err
}

// lazyObject is a goja.DynamicObject over a Go map. Loop only.
type lazyObject struct {
	g   *jsGen
	src map[string]any // the Go data: never written
	// own is src's copy from the first write on (nil before): its keys
	// are the object's keys; the values of keys in vals are stale.
	own  map[string]any
	vals lazyCache // converted values and values set from JS
	// keys is the key order, computed when first needed. A change
	// replaces the slice (Keys hands it to goja, which may still iterate
	// it), never edits it.
	keys []string
	// order is src's key order (nil: sorted), and what orders the
	// objects under it.
	order jsjson.KeyOrder
}

func (o *lazyObject) data() map[string]any {
	if o.own != nil {
		return o.own
	}
	return o.src
}

// Get implements goja.DynamicObject.
func (o *lazyObject) Get(key string) goja.Value {
	if v, ok := o.vals.get(key); ok {
		return v
	}
	x, ok := o.data()[key]
	if !ok {
		return nil
	}
	var order jsjson.KeyOrder
	if o.order != nil {
		order = o.order.Member(o.src, key)
	}
	v := o.g.lazyJS(x, order)
	o.vals.set(key, v)
	return v
}

// Set implements goja.DynamicObject.
func (o *lazyObject) Set(key string, v goja.Value) bool {
	_, exists := o.data()[key]
	if v == nil { // defineProperty without a value
		if exists {
			return true
		}
		v = goja.Undefined()
	}
	o.write()
	if !exists {
		o.own[key] = nil
		o.keys = insertKey(o.keys, key)
	}
	o.vals.set(key, v)
	return true
}

// Has implements goja.DynamicObject.
func (o *lazyObject) Has(key string) bool {
	_, ok := o.data()[key]
	return ok
}

// Delete implements goja.DynamicObject.
func (o *lazyObject) Delete(key string) bool {
	if _, ok := o.data()[key]; !ok {
		return true
	}
	o.write()
	delete(o.own, key)
	o.vals.del(key)
	if i := slices.Index(o.keys, key); i >= 0 {
		o.keys = slices.Concat(o.keys[:i:i], o.keys[i+1:])
	}
	return true
}

// Keys implements goja.DynamicObject.
func (o *lazyObject) Keys() []string {
	if o.keys == nil {
		m := o.data()
		keys := make([]string, 0, len(m))
		if o.order != nil {
			// As a JS object enumerates them: array indices first.
			keys = o.order.Keys(keys, m)
			slices.SortStableFunc(keys, compareIndexFirst)
		} else {
			for k := range m {
				keys = append(keys, k)
			}
			slices.SortFunc(keys, compareKeys)
		}
		o.keys = keys
	}
	return o.keys
}

// write copies the Go map before the view's first change.
func (o *lazyObject) write() {
	if o.own != nil {
		return
	}
	o.Keys()
	o.own = make(map[string]any, len(o.src)+1)
	for k, x := range o.src {
		o.own[k] = x
	}
}

func (o *lazyObject) toGo(depth int, seen map[*goja.Object]bool) (any, bool, error) {
	if o.own == nil {
		// Unwritten: only views cached under it can have changed (a
		// cached primitive is the Go value converted).
		var out map[string]any
		for k, v := range o.vals.all() {
			if _, ok := v.(*goja.Object); !ok {
				continue
			}
			x, changed, err := o.g.lazyChildToGo(v, o.src[k], depth+1, seen)
			if err != nil {
				return nil, false, fmt.Errorf("%s: %w", k, err)
			}
			if changed {
				if out == nil {
					out = maps.Clone(o.src)
				}
				out[k] = x
			}
		}
		if out == nil {
			return o.src, false, nil
		}
		return out, true, nil
	}
	out := make(map[string]any, len(o.own))
	for k, x := range o.own {
		v, ok := o.vals.get(k)
		if !ok {
			out[k] = x
			continue
		}
		if goja.IsUndefined(v) {
			continue // as toGo skips undefined properties
		}
		x, _, err := o.g.lazyChildToGo(v, x, depth+1, seen)
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", k, err)
		}
		out[k] = x
	}
	return out, true, nil
}

// lazyCache maps keys to values: a short list (most objects have a few
// keys, and a handler reads fewer), a map once it grows. The zero value is
// empty.
type lazyCache struct {
	list []lazyField
	big  map[string]goja.Value
}

type lazyField struct {
	key string
	v   goja.Value
}

// lazyCacheList is the most keys the list holds before the map takes over.
const lazyCacheList = 16

func (c *lazyCache) get(key string) (goja.Value, bool) {
	if c.big != nil {
		v, ok := c.big[key]
		return v, ok
	}
	for _, f := range c.list {
		if f.key == key {
			return f.v, true
		}
	}
	return nil, false
}

func (c *lazyCache) set(key string, v goja.Value) {
	if c.big != nil {
		c.big[key] = v
		return
	}
	for i := range c.list {
		if c.list[i].key == key {
			c.list[i].v = v
			return
		}
	}
	if len(c.list) < lazyCacheList {
		if c.list == nil {
			c.list = make([]lazyField, 0, 4)
		}
		c.list = append(c.list, lazyField{key, v})
		return
	}
	c.big = make(map[string]goja.Value, 2*lazyCacheList)
	for _, f := range c.list {
		c.big[f.key] = f.v
	}
	c.big[key] = v
	c.list = nil
}

func (c *lazyCache) del(key string) {
	if c.big != nil {
		delete(c.big, key)
		return
	}
	c.list = slices.DeleteFunc(c.list, func(f lazyField) bool { return f.key == key })
}

func (c *lazyCache) all() iter.Seq2[string, goja.Value] {
	return func(yield func(string, goja.Value) bool) {
		if c.big != nil {
			for k, v := range c.big {
				if !yield(k, v) {
					return
				}
			}
			return
		}
		for _, f := range c.list {
			if !yield(f.key, f.v) {
				return
			}
		}
	}
}

// lazyArray is a goja.DynamicArray over a Go slice. Loop only.
type lazyArray struct {
	g   *jsGen
	src []any // the Go data: never written
	// own is src's copy from the first write on (written): its elements
	// are the array's where vals has none.
	own     []any
	written bool
	// vals holds converted elements and elements set from JS (nil: not
	// converted yet). Once allocated it is as long as the array.
	vals []goja.Value
	// order orders the objects under it (nil: sorted).
	order jsjson.KeyOrder
}

func (a *lazyArray) data() []any {
	if a.written {
		return a.own
	}
	return a.src
}

// Len implements goja.DynamicArray.
func (a *lazyArray) Len() int { return len(a.data()) }

// Get implements goja.DynamicArray.
func (a *lazyArray) Get(i int) goja.Value {
	d := a.data()
	if i < 0 || i >= len(d) {
		return nil
	}
	if a.vals == nil {
		a.vals = make([]goja.Value, len(d))
	}
	v := a.vals[i]
	if v == nil {
		var order jsjson.KeyOrder
		if a.order != nil {
			order = a.order.Element()
		}
		v = a.g.lazyJS(d[i], order)
		a.vals[i] = v
	}
	return v
}

// Set implements goja.DynamicArray.
func (a *lazyArray) Set(i int, v goja.Value) bool {
	if i < 0 || i >= maxLazyLen {
		return false
	}
	if v == nil { // defineProperty without a value
		if i < a.Len() {
			return true
		}
		v = goja.Undefined()
	}
	a.write()
	if i >= len(a.own) {
		a.grow(i + 1)
	}
	a.vals[i] = v
	return true
}

// SetLen implements goja.DynamicArray.
func (a *lazyArray) SetLen(n int) bool {
	if n < 0 || n > maxLazyLen {
		return false
	}
	a.write()
	if n < len(a.own) {
		clear(a.own[n:])
		clear(a.vals[n:])
		a.own, a.vals = a.own[:n], a.vals[:n]
	} else {
		a.grow(n)
	}
	return true
}

// grow extends the written array to n elements of undefined.
func (a *lazyArray) grow(n int) {
	for len(a.own) < n {
		a.own = append(a.own, nil)
		a.vals = append(a.vals, goja.Undefined())
	}
}

// write copies the Go slice before the view's first change.
func (a *lazyArray) write() {
	if a.written {
		return
	}
	a.own = slices.Clone(a.src)
	if a.own == nil {
		a.own = []any{}
	}
	if a.vals == nil {
		a.vals = make([]goja.Value, len(a.src))
	}
	a.written = true
}

func (a *lazyArray) toGo(depth int, seen map[*goja.Object]bool) (any, bool, error) {
	if !a.written {
		var out []any
		for i, v := range a.vals {
			if _, ok := v.(*goja.Object); !ok {
				continue // not converted, or a primitive converted
			}
			x, changed, err := a.g.lazyChildToGo(v, a.src[i], depth+1, seen)
			if err != nil {
				return nil, false, err
			}
			if changed {
				if out == nil {
					out = slices.Clone(a.src)
				}
				out[i] = x
			}
		}
		if out == nil {
			return a.src, false, nil
		}
		return out, true, nil
	}
	out := make([]any, len(a.own))
	for i, x := range a.own {
		v := a.vals[i]
		if v == nil {
			out[i] = x
			continue
		}
		x, _, err := a.g.lazyChildToGo(v, x, depth+1, seen)
		if err != nil {
			return nil, false, err
		}
		out[i] = x
	}
	return out, true, nil
}

// compareKeys orders keys as a JS object enumerates the ones toJS sets
// in sorted order: array indices first, ascending, then the rest.
func compareKeys(a, b string) int {
	ai, aIdx := arrayIndex(a)
	bi, bIdx := arrayIndex(b)
	switch {
	case aIdx && bIdx:
		return cmp.Compare(ai, bi)
	case aIdx:
		return -1
	case bIdx:
		return 1
	}
	return strings.Compare(a, b)
}

// compareIndexFirst puts array indices first, ascending, and keeps the
// order of the other keys (with a stable sort).
func compareIndexFirst(a, b string) int {
	ai, aIdx := arrayIndex(a)
	bi, bIdx := arrayIndex(b)
	switch {
	case aIdx && bIdx:
		return cmp.Compare(ai, bi)
	case aIdx:
		return -1
	case bIdx:
		return 1
	}
	return 0
}

// insertKey returns keys with a new key added where a JS object puts it:
// an array index among the leading indices, anything else last. keys is
// not modified.
func insertKey(keys []string, key string) []string {
	i := len(keys)
	if n, ok := arrayIndex(key); ok {
		i = 0
		for i < len(keys) {
			m, ok := arrayIndex(keys[i])
			if !ok || m > n {
				break
			}
			i++
		}
	}
	return slices.Concat(keys[:i:i], []string{key}, keys[i:])
}

// arrayIndex reports whether s is a canonical array index (0 to 2³²-2).
func arrayIndex(s string) (uint32, bool) {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 10, 32)
	if err != nil || n == math.MaxUint32 {
		return 0, false
	}
	return uint32(n), true
}

// Interface guards.
var (
	_ goja.DynamicObject = (*lazyObject)(nil)
	_ goja.DynamicArray  = (*lazyArray)(nil)
	_ lazyView           = (*lazyObject)(nil)
	_ lazyView           = (*lazyArray)(nil)
)
