package jsjson

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestParseFastPath: valid JSON read in one pass gives what the token
// decoder gives: key order, repeated keys (first place, last value, also
// past the size where a map tracks them), array-index keys first,
// escapes, invalid UTF-8, numbers past float64's range, nesting.
func TestParseFastPath(t *testing.T) {
	var big strings.Builder
	big.WriteString("{")
	for i := range 40 {
		fmt.Fprintf(&big, `"k%d":%d,`, i%25, i)
	}
	big.WriteString(`"2":1,"10":2,"last":[]}`)
	inputs := []string{
		`{"z":1,"a":{"y":[1,2,{"b":null}],"c":true},"m":false}`,
		` { "b" : 1 , "a" : [ ] , "c" : { } } `,
		`{"a":1,"b":2,"a":3}`,
		`{"x":1,"2":2,"1":3,"01":4,"y":5}`,
		`"tab\tquote\"slash\/u\u00e9\ud83d\ude00"`,
		"\"bad \xff utf8\"",
		`{"é":"ü","k":"plain"}`,
		`[1e400,-1e400,-0,0.5,1E3,-12.5e-3,123456789012345678901234567890]`,
		`[[[[[]]]],{"a":[{"b":[{}]}]}]`,
		`null`, `true`, `false`, `42`, `""`,
		big.String(),
	}
	for _, in := range inputs {
		want, err := parseTokens([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		got, err := Parse([]byte(in))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %s (%v)\nwant %s", in, Stringify(got), err, Stringify(want))
		}
	}
	if _, err := Parse([]byte(`{"a":}`)); err == nil {
		t.Error("invalid JSON parsed")
	}
}
