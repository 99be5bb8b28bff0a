package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

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

// fingerprint returns a stable string for a data value, used to decide
// whether a registry entry changed between two rebuilds.
func fingerprint(v any) string {
	b, err := json.Marshal(fingerprintable(v))
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return string(b)
}

// fingerprintable replaces functions by their fingerprints so json.Marshal
// can encode any registry value.
func fingerprintable(v any) any {
	switch x := v.(type) {
	case nil, bool, string, float64, float32, int, int64, int32, uint64, json.Number:
		return x
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = fingerprintable(e)
		}
		return m
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = fingerprintable(e)
		}
		return s
	case Fingerprinter:
		return "fn:" + x.Fingerprint()
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Func:
		if rv.IsNil() {
			return nil
		}
		return fmt.Sprintf("gofn:%x", rv.Pointer())
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return nil
		}
		return fingerprintable(rv.Elem().Interface())
	case reflect.Struct:
		m := make(map[string]any, rv.NumField())
		t := rv.Type()
		for i := range rv.NumField() {
			if t.Field(i).IsExported() {
				m[t.Field(i).Name] = fingerprintable(rv.Field(i).Interface())
			}
		}
		return m
	case reflect.Slice:
		s := make([]any, rv.Len())
		for i := range rv.Len() {
			s[i] = fingerprintable(rv.Index(i).Interface())
		}
		return s
	case reflect.Map:
		m := make(map[string]any, rv.Len())
		iter := rv.MapRange()
		for iter.Next() {
			m[fmt.Sprint(iter.Key().Interface())] = fingerprintable(iter.Value().Interface())
		}
		return m
	}
	return fmt.Sprintf("%v", v)
}
