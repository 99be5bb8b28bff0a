package jsjson_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// TestUnmarshalDeep: Unmarshal gives what json.Unmarshal into an any
// gives, and parses nesting deeper than encoding/json's 10,000 levels.
func TestUnmarshalDeep(t *testing.T) {
	for _, in := range []string{`{"a":[1,"x",true,null,{"b":-2.5e3}],"c":{}}`, `[]`, `"s"`, `7`} {
		var want any
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatal(err)
		}
		got, err := jsjson.Unmarshal([]byte(in))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Unmarshal(%s) = %#v, %v; want %#v", in, got, err, want)
		}
	}
	deep := `{"pad":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`
	var v any
	if err := json.Unmarshal([]byte(deep), &v); err == nil {
		t.Fatal("encoding/json now parses 100k levels: Unmarshal may be unneeded")
	}
	got, err := jsjson.Unmarshal([]byte(deep))
	if err != nil {
		t.Fatal(err)
	}
	depth := 0
	for x := got.(map[string]any)["pad"]; ; depth++ {
		a, _ := x.([]any)
		if len(a) == 0 {
			break
		}
		x = a[0]
	}
	if depth != 99999 {
		t.Errorf("depth %d", depth)
	}
	for _, bad := range []string{`[1,`, `{"a" 1}`, `[1] 2`} {
		if _, err := jsjson.Unmarshal([]byte(bad)); err == nil {
			t.Errorf("Unmarshal(%s): no error", bad)
		}
	}
}
