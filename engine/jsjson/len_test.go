package jsjson

import (
	"encoding/json"
	"testing"
)

func TestLenCountsUTF16Units(t *testing.T) {
	for s, want := range map[string]int{"": 0, "abc": 3, "é": 1, "日本": 2, "😀": 2, "a😀b": 4, "\xff": 1} {
		if got := Len(s); got != want {
			t.Errorf("Len(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestTrimIsJavaScripts(t *testing.T) {
	// U+FEFF and U+00A0 are JavaScript white space; U+0085 is not.
	if got := Trim("\ufeff\u00a0 a\u2003\u3000"); got != "a" {
		t.Errorf("Trim = %q, want a", got)
	}
	if got := Trim("\u0085a"); got != "\u0085a" {
		t.Errorf("Trim dropped U+0085: %q", got)
	}
}

func TestFloat64TakesGoNumbers(t *testing.T) {
	for _, v := range []any{2.0, float32(2), 2, int64(2), int32(2), json.Number("2")} {
		if f, ok := Float64(v); !ok || f != 2 {
			t.Errorf("Float64(%T) = %v, %v", v, f, ok)
		}
	}
	if _, ok := Float64("2"); ok {
		t.Error("a string is not a number")
	}
}
