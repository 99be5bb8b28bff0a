package jsjson_test

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

func TestRestringify(t *testing.T) {
	t.Parallel()
	// Expected values printed by node: JSON.stringify(JSON.parse(raw)).
	raw := `{"b":1,"a":1.0,"10":2,"2":3,"x":"<&\u2028\u0001é","big":1e21,"small":1e-7,"neg":-0.0,"n":123456789012345678901234,"b":[true,null,{"z":1,"y":{}}]}`
	want := "{\"2\":3,\"10\":2,\"b\":[true,null,{\"z\":1,\"y\":{}}],\"a\":1,\"x\":\"<&\u2028\\u0001é\",\"big\":1e+21,\"small\":1e-7,\"neg\":0,\"n\":1.2345678901234569e+23}"
	got, err := jsjson.Restringify([]byte(raw))
	if err != nil || got != want {
		t.Errorf("Restringify =\n%s (%v)\nwant\n%s", got, err, want)
	}
	for _, bad := range []string{``, `{"a":`, `{} {}`, `[1,]`} {
		if _, err := jsjson.Restringify([]byte(bad)); err == nil {
			t.Errorf("Restringify(%q) succeeded", bad)
		}
	}
}

func TestStringify(t *testing.T) {
	t.Parallel()
	got := jsjson.Stringify(map[string]any{"path": "<a> & b", "n": int64(3), "f": 0.5, "list": []any{"x", nil}, "1": true})
	if want := `{"1":true,"f":0.5,"list":["x",null],"n":3,"path":"<a> & b"}`; got != want {
		t.Errorf("Stringify = %s, want %s", got, want)
	}
	// Values JSON.stringify has no text for.
	if got := jsjson.Stringify(func() {}); got != "undefined" {
		t.Errorf("Stringify(func) = %s", got)
	}
	got = jsjson.Stringify(map[string]any{"f": func() {}, "a": []any{func() {}, math.NaN(), math.Inf(-1), math.Copysign(0, -1)}})
	if want := `{"a":[null,null,null,0]}`; got != want {
		t.Errorf("Stringify = %s, want %s", got, want)
	}
}

func TestEncoderVariants(t *testing.T) {
	t.Parallel()
	v := map[string]any{"b": []any{}, "a": map[string]any{"10": 1.0, "9": "\u2028\xff"}, "n": map[string]any(nil), "s": []any(nil), "z": math.Copysign(0, -1)}
	neg := map[string]any{"z": math.Copysign(0, -1)}
	for _, tc := range []struct {
		name string
		enc  jsjson.Encoder
		v    any
		want string
	}{
		{"JSON.stringify", jsjson.Encoder{}, v, "{\"a\":{\"9\":\"\u2028\ufffd\",\"10\":1},\"b\":[],\"n\":{},\"s\":[],\"z\":0}"},
		{"indent", jsjson.Encoder{Indent: "  "}, v,
			"{\n  \"a\": {\n    \"9\": \"\u2028\ufffd\",\n    \"10\": 1\n  },\n  \"b\": [],\n  \"n\": {},\n  \"s\": [],\n  \"z\": 0\n}"},
		{"sorted, nil as null, invalid escaped", jsjson.Encoder{Order: jsjson.SortedOrder{}, NilNull: true, EscapeInvalid: true}, v,
			"{\"a\":{\"10\":1,\"9\":\"\u2028\\ufffd\"},\"b\":[],\"n\":null,\"s\":null,\"z\":0}"},
		{"encoding/json", jsjson.Encoder{EncodingJSON: true, NilNull: true, Order: jsjson.SortedOrder{}}, neg, `{"z":-0}`},
		{"undefined", jsjson.Encoder{Undefined: func(v any) bool { _, ok := v.(struct{ fn int }); return ok }},
			[]any{struct{ fn int }{}, map[string]any{"x": struct{ fn int }{}}}, `[null,{}]`},
		{"Go value, indented", jsjson.Encoder{Indent: "  "}, []any{struct{ B, A int }{1, 2}},
			"[\n  {\n    \"B\": 1,\n    \"A\": 2\n  }\n]"},
	} {
		if got := tc.enc.Stringify(tc.v); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
	if _, err := jsjson.Marshal(math.NaN()); err == nil {
		t.Error("Marshal(NaN) succeeded")
	}
	if b, err := jsjson.Marshal(map[string]any{"s": "<\u2028>"}); err != nil || string(b) != `{"s":"<\u2028>"}` {
		t.Errorf("Marshal = %s %v", b, err)
	}
}

func TestObjectOrder(t *testing.T) {
	t.Parallel()
	var o jsjson.Object
	for _, k := range []string{"b", "10", "a", "2", "b", "01"} {
		o.Set(k, k)
	}
	var keys []string
	for _, m := range o {
		keys = append(keys, m.Key)
	}
	if want := []string{"2", "10", "b", "a", "01"}; !slices.Equal(keys, want) {
		t.Errorf("keys = %q, want %q", keys, want)
	}
	if v, ok := o.Get("b"); !ok || v != "b" {
		t.Errorf("Get(b) = %v, %v", v, ok)
	}
	if got := jsjson.Stringify(o); got != `{"2":"2","10":"10","b":"b","a":"a","01":"01"}` {
		t.Errorf("Stringify = %s", got)
	}
}

func TestString(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v    any
		want string
	}{
		{nil, "null"}, {"x", "x"}, {float64(429), "429"}, {1.5, "1.5"}, {true, "true"}, {map[string]any{}, "[object Object]"},
		{[]any{"a", nil, float64(2)}, "a,,2"}, {[]any{[]any{1.0, 2.0}, 3}, "1,2,3"}, {[]string{"x", "y"}, "x,y"},
		{math.NaN(), "NaN"}, {math.Inf(-1), "-Infinity"},
	} {
		if got := jsjson.String(tc.v); got != tc.want {
			t.Errorf("String(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

func TestNumber(t *testing.T) {
	t.Parallel()
	for f, want := range map[float64]string{
		0: "0", 3: "3", -2.5: "-2.5", 0.1: "0.1", 1e21: "1e+21", 1e20: "100000000000000000000",
		1e-7: "1e-7", 1.5e-9: "1.5e-9", 0.000001: "0.000001", 123456.789: "123456.789", -1e300: "-1e+300",
		math.Copysign(0, -1): "0", math.Inf(1): "Infinity",
	} {
		if got := jsjson.Number(f); got != want {
			t.Errorf("Number(%v) = %q, want %q", f, got, want)
		}
	}
}

func TestKeys(t *testing.T) {
	t.Parallel()
	m := map[string]any{"b": 1, "10": 1, "a": 1, "2": 1, "01": 1, "4294967295": 1, "4294967294": 1}
	if got, want := jsjson.Keys(m), []string{"2", "10", "4294967294", "01", "4294967295", "a", "b"}; !slices.Equal(got, want) {
		t.Errorf("Keys = %q, want %q", got, want)
	}
}

func TestTruthy(t *testing.T) {
	t.Parallel()
	for _, v := range []any{nil, false, 0.0, math.NaN(), "", 0, int64(0)} {
		if jsjson.Truthy(v) {
			t.Errorf("Truthy(%#v) = true", v)
		}
	}
	for _, v := range []any{true, 1.0, math.Inf(-1), "0", " ", map[string]any{}, []any{}, 2} {
		if !jsjson.Truthy(v) {
			t.Errorf("Truthy(%#v) = false", v)
		}
	}
}

func TestPlainAndAsMap(t *testing.T) {
	v, err := jsjson.Parse([]byte(`{"z":1,"a":[{"y":1,"b":2}],"m":{"q":null}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"z": 1.0, "a": []any{map[string]any{"y": 1.0, "b": 2.0}}, "m": map[string]any{"q": nil}}
	if got := jsjson.Plain(v); !reflect.DeepEqual(got, want) {
		t.Errorf("Plain = %#v", got)
	}
	m, ok := jsjson.AsMap(v)
	if !ok || len(m) != 3 || m["z"] != 1.0 {
		t.Errorf("AsMap = %v, %v", m, ok)
	}
	if _, ok := m["m"].(*jsjson.Object); !ok {
		t.Errorf("AsMap is shallow: m = %T", m["m"])
	}
	if _, ok := jsjson.AsMap("x"); ok {
		t.Error("AsMap of a string")
	}
	inMap := map[string]any{"o": v}
	if got := jsjson.Plain(inMap); !reflect.DeepEqual(got, map[string]any{"o": want}) {
		t.Errorf("Plain of a map holding an Object = %#v", got)
	}
	if m, ok := jsjson.AsMap(map[string]any{"k": 1}); !ok || m["k"] != 1 {
		t.Error("AsMap of a map")
	}
}
