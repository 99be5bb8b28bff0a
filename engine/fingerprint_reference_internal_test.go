package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// The fingerprinter streams exactly the bytes it streamed before it was
// made to allocate less (referenceFingerprint is that version): digests
// are unchanged for every kind of registry value.
func TestFingerprintDigestsUnchanged(t *testing.T) {
	type named string
	params := jsjson.Object{{Key: "type", Value: "object"}, {Key: "properties", Value: &jsjson.Object{{Key: "z", Value: map[string]any{"type": "string"}}}}}
	fn := func() {}
	values := []any{
		nil, "", "x", true, false, 0.0, 1.5, -2e30, 1e21, 3.0, int64(7), 7, json.Number("12.50"), named("n"),
		[]any{"a", 1.0, nil, []any{}}, map[string]any{"b": 1.0, "a": map[string]any{"c": []any{true}}},
		&params, jsjson.Object{{Key: "k", Value: "v"}}, fn,
		Tool{Label: "L", Description: "d", Parameters: map[string]any{"type": "object"}, ParameterKeys: []string{"type"}, ExecuteID: "p:1", Extra: map[string]any{"promptSnippet": "s"}},
		Command{Description: "c", Extra: map[string]any{"sourceInfo": map[string]any{"path": "/x"}}},
		Diagnostic{Plugin: "p", Severity: SeverityError, Text: "t"},
		map[string]int{"x": 1}, []string{"a", "b"}, struct{ A, B string }{"a", "b"},
	}
	for i, v := range values {
		if got, want := fingerprint(v), referenceFingerprint(v); got != want {
			t.Errorf("value %d (%#v): digest %x, before %x", i, v, got, want)
		}
	}
}

func referenceFingerprint(v any) string {
	f := refFingerprinter{h: sha256.New()}
	f.add(v)
	return string(f.h.Sum(nil))
}

type refFingerprinter struct {
	h   hash.Hash
	buf []byte
}

// tag separates kinds and lengths so that different values never stream
// the same bytes.
func (f *refFingerprinter) tag(kind byte, n int) {
	f.buf = append(f.buf[:0], kind)
	f.buf = binary.AppendUvarint(f.buf, uint64(n))
	f.h.Write(f.buf)
}

func (f *refFingerprinter) str(kind byte, s string) {
	f.tag(kind, len(s))
	io.WriteString(f.h, s)
}

func (f *refFingerprinter) add(v any) {
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
		f.str('n', strconv.FormatFloat(x, 'g', -1, 64))
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
func (f *refFingerprinter) reflected(rv reflect.Value) {
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
			if t.Field(i).IsExported() {
				f.str('k', t.Field(i).Name)
				f.add(rv.Field(i).Interface())
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
