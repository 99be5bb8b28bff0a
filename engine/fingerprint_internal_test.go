package engine

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Two registry values fingerprint alike exactly when a rebuild should call
// the entry unchanged.
func TestFingerprintTellsValuesApart(t *testing.T) {
	f1, f2 := func() {}, func() {}
	obj := func(keys ...string) *jsjson.Object {
		o := jsjson.Object{}
		for _, k := range keys {
			o = append(o, jsjson.Member{Key: k, Value: k})
		}
		return &o
	}
	distinct := []any{
		nil, "", "1", 1.0, true, false,
		map[string]any{"a": "b"}, map[string]any{"ab": ""}, map[string]any{"a": nil},
		[]any{"a", "b"}, []any{"ab"}, []any{[]any{"a"}, "b"},
		obj("a", "b"), obj("b", "a"),
		Tool{Description: "x"}, Tool{Description: "y"}, Tool{Label: "x"},
		Command{Description: "x"},
		f1, f2,
	}
	seen := map[string]int{}
	for i, v := range distinct {
		fp := fingerprint(v)
		if j, dup := seen[fp]; dup {
			t.Errorf("values %d (%#v) and %d (%#v) share a fingerprint", j, distinct[j], i, v)
		}
		seen[fp] = i
	}
	same := [][2]any{
		{map[string]any{"a": 1.0, "b": []any{"x"}}, map[string]any{"b": []any{"x"}, "a": 1.0}},
		{Tool{Description: "d", Parameters: map[string]any{"type": "object"}}, Tool{Description: "d", Parameters: map[string]any{"type": "object"}}},
		{obj("a", "b"), obj("a", "b")},
		{f1, f1},
	}
	for _, p := range same {
		if fingerprint(p[0]) != fingerprint(p[1]) {
			t.Errorf("%#v and %#v fingerprint differently", p[0], p[1])
		}
	}
}
