package protocol

import (
	"errors"
	"strings"
	"testing"
)

func TestTypeOf(t *testing.T) {
	cases := map[string]string{
		`{"type":"prompt","message":"hi"}`:              "prompt",
		`{"id":"1","type":"get_state"}`:                 "get_state",
		` { "id" : {"type":"no"} , "type" : "abort" } `: "abort",
		`{"a":[{"type":"x"}],"b":"}\"{","type":"ok"}`:   "ok",
		`{"t\u0079pe":"escaped"}`:                       "escaped",
		`{"type":"a\u00e9\"b"}`:                         "aé\"b",
		`{"type":1}`:                                    "",
		`{"types":"x"}`:                                 "",
		`[{"type":"x"}]`:                                "",
		`"type"`:                                        "",
		`{}`:                                            "",
		`{"n":-1.5e3,"t":true,"z":null,"type":"after-scalars"}`: "after-scalars",
	}
	for in, want := range cases {
		m, err := Parse([]byte(in))
		if err != nil {
			t.Errorf("Parse(%s): %v", in, err)
			continue
		}
		if m.Type != want {
			t.Errorf("Parse(%s).Type = %q, want %q", in, m.Type, want)
		}
		if r := Raw([]byte(in)); r.Type != want {
			t.Errorf("Raw(%s).Type = %q, want %q", in, r.Type, want)
		}
	}
}

func TestParseErrorsAreV8s(t *testing.T) {
	for in, want := range map[string]string{
		`not json`:          `Unexpected token 'o', "not json" is not valid JSON`,
		``:                  `Unexpected end of JSON input`,
		`{"type":"x" bad}`:  `Expected ',' or '}' after property value in JSON at position 12 (line 1 column 13)`,
		`{"type":"prompt"`:  `Expected ',' or '}' after property value in JSON at position 16 (line 1 column 17)`,
		`{"type":"x"} tail`: `Unexpected non-whitespace character after JSON at position 13 (line 1 column 14)`,
	} {
		_, err := Parse([]byte(in))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Msg != want {
			t.Errorf("Parse(%q) = %v, want SyntaxError %q", in, err, want)
		}
		if _, err := Raw([]byte(in)).Value(); err == nil || err.Error() != want {
			t.Errorf("Raw(%q).Value() = %v, want %q", in, err, want)
		}
	}
}

// JSON nested deeper than encoding/json's limit is valid for V8, and so
// for pigo.
func TestParseDeepNesting(t *testing.T) {
	deep := `{"type":"x","v":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`
	m, err := Parse([]byte(deep))
	if err != nil || m.Type != "x" {
		t.Fatalf("Parse(deep) = %q, %v", m.Type, err)
	}
	o, err := m.Object()
	if err != nil || o["type"] != "x" {
		t.Fatalf("Object(deep) = %v, %v", o["type"], err)
	}
}

func TestEncoderOwnsItsBytes(t *testing.T) {
	e := NewEncoder(nil)
	a, err := e.Encode(map[string]any{"type": "a", "text": strings.Repeat("x", 100)})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := e.Encode(map[string]any{"type": "b"})
	if a.Type != "a" || b.Type != "b" || !strings.Contains(a.String(), "xxxx") || b.String() != `{"type":"b"}` {
		t.Fatalf("records share a buffer: %s / %s", a, b)
	}
	if _, err := e.Encode(func() {}); err == nil {
		t.Fatal("a function encoded")
	}
	if m, _ := e.Encode(map[string]any{"html": "<&>", "type": "t"}); m.String() != `{"html":"<&>","type":"t"}` {
		t.Fatalf("HTML escaped: %s", m)
	}
}
