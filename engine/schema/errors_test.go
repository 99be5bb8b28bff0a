package schema

import (
	"errors"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// lines renders errors as pi-ai's validateToolArguments lists them.
func lines(errs []Error) string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = "  - " + FormatPath(e) + ": " + e.Message
	}
	return strings.Join(out, "\n")
}

// TestErrorsCommon pins the lines of the common tool-argument failures
// (texts taken from typebox 1.4.3).
func TestErrorsCommon(t *testing.T) {
	t.Parallel()
	greet := obj(M{"name": str(M{"minLength": 2}), "count": M{"type": "integer", "minimum": 1},
		"mode": M{"enum": A{"loud", "quiet"}}}, "name")
	for _, tc := range []struct {
		name          string
		schema, value any
		want          string
	}{
		{"missing", greet, M{}, "  - name: must have required properties name"},
		{"missing nested", obj(M{"o": obj(M{}, "a", "b")}), M{"o": M{}}, "  - o.a: must have required properties a, b"},
		{"wrong types", greet, M{"name": 1, "count": 1.5, "mode": "x"},
			"  - count: must be integer\n  - mode: must be equal to one of the allowed values\n  - name: must be string"},
		{"limits", greet, M{"name": "a", "count": 0.0},
			"  - count: must be >= 1\n  - name: must not have fewer than 2 characters"},
		{"root type", greet, "x", "  - root: must be object"},
		{"additional", with(obj(M{"a": str(nil)}), M{"additionalProperties": false}), M{"a": "x", "b": 1},
			"  - b: schema is false\n  - root: must not have additional properties"},
		{"array items", M{"type": "array", "items": obj(M{"p": str(nil)}, "p")}, A{M{}, M{"p": 1}},
			"  - 0.p: must have required properties p\n  - 1.p: must be string"},
		{"anyOf", M{"anyOf": A{str(nil), num(nil)}}, true,
			"  - root: must be string\n  - root: must be number\n  - root: must match a schema in anyOf"},
		{"union type", M{"type": A{"string", "null"}}, 1.0, "  - root: must be either string or null"},
		{"pattern", str(M{"pattern": "^a"}), "b", `  - root: must match pattern "^a"`},
		{"ref", M{"$defs": M{"n": num(M{"maximum": 2.5})}, "$ref": "#/$defs/n"}, 3.0, "  - root: must be <= 2.5"},
	} {
		errs, err := Errors(tc.schema, tc.value)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := lines(errs); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

func TestErrorsCap(t *testing.T) {
	t.Parallel()
	props, value := M{}, M{}
	for _, k := range strings.Split("a b c d e f g h i j", " ") {
		props[k], value[k] = num(nil), "x"
	}
	errs, err := Errors(obj(props), value)
	if err != nil || len(errs) != maxErrors || errs[7].InstancePath != "/h" {
		t.Fatalf("Errors = %v, %v; want the first 8", errs, err)
	}
}

func TestErrorsUnsupported(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ schema, value any }{
		{M{"unevaluatedProperties": false}, M{}},
		{str(M{"format": "hostname"}), "x"},
		{str(M{"pattern": "(?=x)"}), "x"},
		{M{"$id": "urn:x", "$ref": "#"}, 1},
		{M{"$ref": "other.json"}, 1},
		{obj(M{}, "valueOf"), M{}},
		{M{"properties": M{"f": M{"type": func() {}}}}, M{}},
	} {
		if errs, err := Errors(tc.schema, tc.value); !errors.Is(err, ErrUnsupported) {
			t.Errorf("Errors(%v, %v) = %v, %v; want ErrUnsupported", tc.schema, tc.value, errs, err)
		}
	}
	// A value that never reaches the unsupported check is fine.
	if errs, err := Errors(obj(M{"h": str(M{"format": "hostname"})}, "x"), M{}); err != nil || len(errs) != 1 {
		t.Errorf("absent property: %v, %v", errs, err)
	}
}

func TestFormatPath(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		e    Error
		want string
	}{
		{Error{Keyword: "type"}, "root"},
		{Error{Keyword: "type", InstancePath: "/a/0/b"}, "a.0.b"},
		{Error{Keyword: "required", Params: M{"requiredProperties": []string{"x", "y"}}}, "x"},
		{Error{Keyword: "required", InstancePath: "/a", Params: M{"requiredProperties": []string{"x"}}}, "a.x"},
		{Error{Keyword: "required", InstancePath: "/a", Params: M{"requiredProperties": []string{""}}}, "a"},
		{Error{Keyword: "type", InstancePath: "/a~1b"}, "a~1b"},
	} {
		if got := FormatPath(tc.e); got != tc.want {
			t.Errorf("FormatPath(%+v) = %q, want %q", tc.e, got, tc.want)
		}
	}
}

func TestTranslateJS(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pattern string
		match   []string
		reject  []string
	}{
		{`^a\sb$`, []string{"a b", "a\u00a0b", "a\u3000b"}, []string{"ab"}},
		{`^.$`, []string{"x", "😀"}, []string{"\n", "\r", "\u2028", "xy"}},
		{`^[^]$`, []string{"\n"}, []string{""}},
		{`^[[:a]+$`, []string{"[:a"}, []string{"b"}},
		{`^\u{1F600}\u0041\uD83D\uDE00$`, []string{"😀A😀"}, nil},
		{`^[\b]$`, []string{"\b"}, []string{"b"}},
		{`^\p{Lu}\p{Letter}*$`, []string{"Ωmega"}, []string{"omega"}},
		{`^\p{Script=Greek}+$`, []string{"αβ"}, []string{"ab"}},
		{`^a$`, []string{"a"}, []string{"a\n"}},
		{`(?<y>\d{4})-\d\d`, []string{"x2020-01"}, []string{"20-01"}},
	} {
		re, ok := compileJS(tc.pattern)
		if !ok {
			t.Errorf("compileJS(%q) failed", tc.pattern)
			continue
		}
		for _, s := range tc.match {
			if !re.MatchString(s) {
				t.Errorf("%q should match %q", tc.pattern, s)
			}
		}
		for _, s := range tc.reject {
			if re.MatchString(s) {
				t.Errorf("%q should not match %q", tc.pattern, s)
			}
		}
	}
	for _, p := range []string{`(?=a)`, `(?<!a)b`, `(a)\1`, `\k<n>`, `[]`, `\p{ASCII_Hex_Digit}`, `(?i)a`, `\q`, `[`} {
		if _, ok := compileJS(p); ok {
			t.Errorf("compileJS(%q) should fail", p)
		}
	}
}

func TestFormats(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		format, s string
		valid     bool
	}{
		{"date", "2020-02-29", true}, {"date", "2021-02-29", false},
		{"date-time", "2020-12-12T20:20:40Z", true}, {"date-time", "2020-12-12T20:20:40", false},
		{"time", "23:59:60Z", true}, {"time", "22:59:60-01:00", true}, {"time", "12:00:60Z", false},
		{"email", "A@B.co", true}, {"email", "nope", false},
		{"uuid", "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11", true},
		{"ipv4", "256.0.0.1", false}, {"ipv6", "::1", true},
		{"uri", "HTTP://x.y/z", true}, {"uri", "x y", false},
		{"color", "anything", true},
	} {
		valid, known := testFormat(tc.format, tc.s)
		if !known || valid != tc.valid {
			t.Errorf("testFormat(%q, %q) = %v, %v; want %v", tc.format, tc.s, valid, known, tc.valid)
		}
	}
}

// TestErrorsOrderedObjects: objects given as *jsjson.Object are visited in
// their key order (the schema's properties and the value's members), as
// TypeBox visits a JavaScript object; JSON.parse's Infinity is no number
// and skips the numeric keywords; RawPaths joins keys as TypeBox 1.3 did.
func TestErrorsOrderedObjects(t *testing.T) {
	t.Parallel()
	parse := func(s string) any {
		v, err := jsjson.Parse([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	sch := parse(`{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"string"}},
		"additionalProperties":{"type":"number","minimum":0}}`)
	value := parse(`{"a":1,"z":2,"y/~":"x","w":1e400}`)
	for _, tc := range []struct {
		opts Options
		want string
	}{
		{Options{}, "  - y~1~0: must be number\n  - w: must be number\n  - root: must not have additional properties\n  - z: must be string\n  - a: must be string"},
		{Options{RawPaths: true}, "  - y.~: must be number\n  - w: must be number\n  - root: must not have additional properties\n  - z: must be string\n  - a: must be string"},
	} {
		errs, err := ErrorsWith(sch, value, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := lines(errs); got != tc.want {
			t.Errorf("%+v:\n got %q\nwant %q", tc.opts, got, tc.want)
		}
	}
}
