package engine

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"sync"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Values cross between plugins and the host as data: nil,
// bool, float64, int64, string, []any, map[string]any and Callable. No object
// identity crosses; a JS function of one plugin is seen by everyone else as a
// Callable that posts the call to its owner's loop.

// Callable is a function value owned by some plugin generation (or by Go).
// Call is safe from any goroutine and blocks until the owner answered or ctx
// ends; a call on a retired owner returns an error wrapping ErrStale.
type Callable interface {
	Call(ctx context.Context, args ...any) (any, error)
}

// Fingerprinter is implemented by Callables that can say whether two of them
// run the same code (jsapi hashes the function source). Diffs use it.
type Fingerprinter interface {
	Fingerprint() string
}

// AbortSignal, as a value of an event payload's "signal" key, stands for
// an AbortSignal that aborts when the handler's call is cancelled: each
// handler gets a live one from its binding (pi's session_before_compact
// carries one so an extension can stop its own summarization).
type AbortSignal struct{}

// Func adapts a Go function to Callable.
type Func func(ctx context.Context, args ...any) (any, error)

// Call calls f.
func (f Func) Call(ctx context.Context, args ...any) (any, error) { return f(ctx, args...) }

// SyncFunc is a Go function that never blocks and touches no plugin loop,
// so plugin code may call it synchronously (bindings expose it as a plain
// function, not a Promise-returning handle). Use it for callbacks such as
// a stream's emit.
type SyncFunc func(args ...any) any

// Call calls f.
func (f SyncFunc) Call(_ context.Context, args ...any) (any, error) { return f(args...), nil }

// Clone deep-copies a data value: maps and slices are copied, Callables and
// scalars are shared (they are immutable).
func Clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if x == nil {
			return x
		}
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = Clone(e)
		}
		return m
	case []any:
		if x == nil {
			return x
		}
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = Clone(e)
		}
		return s
	case *jsjson.Object: // an extension's object, in its key order
		if x == nil {
			return x
		}
		o := make(jsjson.Object, len(*x))
		for i, m := range *x {
			o[i] = jsjson.Member{Key: m.Key, Value: Clone(m.Value)}
		}
		return &o
	default:
		return v
	}
}

// fingerprint returns a digest of a data value, used to decide whether a
// registry entry changed between two rebuilds. Every rebuild fingerprints
// every entry of the registry (all plugins' tools with their schemas), so
// the value is streamed into the hash: no copy of it, no reflection-driven
// json.Marshal. Map keys are sorted; an extension's *jsjson.Object keeps
// its key order, which is part of what it registered.
func fingerprint(v any) string {
	f := fingerprinters.Get().(*fingerprinter)
	f.h.Reset()
	f.add(v)
	var sum [sha256.Size]byte
	fp := string(f.h.Sum(sum[:0]))
	fingerprinters.Put(f)
	return fp
}

// fingerprinters are reused: a rebuild fingerprints every entry.
var fingerprinters = sync.Pool{New: func() any { return &fingerprinter{h: sha256.New()} }}

type fingerprinter struct {
	h   hash.Hash
	buf []byte
}

// tag separates kinds and lengths so that different values never stream
// the same bytes.
func (f *fingerprinter) tag(kind byte, n int) {
	f.buf = append(f.buf[:0], kind)
	f.buf = binary.AppendUvarint(f.buf, uint64(n))
	f.h.Write(f.buf)
}

// str streams a tag and s in one write, through buf (writing a string to
// the hash would copy it to a new []byte).
func (f *fingerprinter) str(kind byte, s string) {
	f.buf = append(f.buf[:0], kind)
	f.buf = binary.AppendUvarint(f.buf, uint64(len(s)))
	f.buf = append(f.buf, s...)
	f.h.Write(f.buf)
}

func (f *fingerprinter) add(v any) {
	switch x := v.(type) {
	case nil:
		f.tag('z', 0)
	case bool:
		if x {
			f.tag('b', 1)
		} else {
			f.tag('b', 0)
		}
	case string:
		f.str('s', x)
	case float64:
		var num [32]byte
		f.str('n', string(strconv.AppendFloat(num[:0], x, 'g', -1, 64)))
	case float32, int, int64, int32, uint64:
		f.str('n', fmt.Sprint(x))
	case json.Number:
		f.str('n', string(x))
	case map[string]any:
		f.tag('m', len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) {
			f.str('k', k)
			f.add(x[k])
		}
	case []any:
		f.tag('a', len(x))
		for _, e := range x {
			f.add(e)
		}
	case *jsjson.Object:
		if x == nil {
			f.tag('z', 0)
			return
		}
		f.tag('o', len(*x))
		for _, m := range *x {
			f.str('k', m.Key)
			f.add(m.Value)
		}
	case Fingerprinter:
		f.str('f', x.Fingerprint())
	default:
		f.reflected(reflect.ValueOf(v))
	}
}

// reflected covers registry value types (structs of data and functions).
func (f *fingerprinter) reflected(rv reflect.Value) {
	switch rv.Kind() {
	case reflect.Func:
		if rv.IsNil() {
			f.tag('z', 0)
			return
		}
		f.tag('g', int(rv.Pointer()))
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			f.tag('z', 0)
			return
		}
		f.add(rv.Elem().Interface())
	case reflect.Struct:
		t := rv.Type()
		f.str('t', t.String())
		for i := range rv.NumField() {
			field := t.Field(i)
			if !field.IsExported() {
				continue
			}
			f.str('k', field.Name)
			// A string field of a type without methods streams as add
			// would stream it, without boxing it into an interface.
			if fv := rv.Field(i); fv.Kind() == reflect.String && field.Type.NumMethod() == 0 {
				f.str('s', fv.String())
			} else {
				f.add(fv.Interface())
			}
		}
	case reflect.Slice, reflect.Array:
		f.tag('a', rv.Len())
		for i := range rv.Len() {
			f.add(rv.Index(i).Interface())
		}
	case reflect.Map:
		keys := make([]string, 0, rv.Len())
		vals := make(map[string]reflect.Value, rv.Len())
		for it := rv.MapRange(); it.Next(); {
			k := fmt.Sprint(it.Key().Interface())
			keys = append(keys, k)
			vals[k] = it.Value()
		}
		slices.Sort(keys)
		f.tag('m', len(keys))
		for _, k := range keys {
			f.str('k', k)
			f.add(vals[k].Interface())
		}
	case reflect.String:
		f.str('s', rv.String())
	case reflect.Bool:
		f.add(rv.Bool())
	default:
		f.str('v', fmt.Sprintf("%v", rv.Interface()))
	}
}

// Strings is the strings of v, a list as data carries it ([]any);
// other elements, and v that is not a list, are left out.
func Strings(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
