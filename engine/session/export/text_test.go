package export

import (
	"reflect"
	"testing"
)

func TestToFixedRoundsLikeJavaScript(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		x      float64
		digits int
		want   string
	}{
		{1.25, 1, "1.3"},   // an exact tie rounds up, as JS does (Go's %f rounds to even)
		{0.125, 2, "0.13"}, // exact tie
		{1.15, 1, "1.1"},   // 1.15 is 1.149999...
		{1.05, 1, "1.1"},   // 1.05 is 1.050000...04
		{9.96, 1, "10.0"},
		{0, 3, "0.000"},
		{0.0017, 4, "0.0017"},
		{8.192, 1, "8.2"},
		{2, 0, "2"},
		{0.5, 0, "1"},
	} {
		if got := toFixed(c.x, c.digits); got != c.want {
			t.Errorf("toFixed(%v, %d) = %q, want %q", c.x, c.digits, got, c.want)
		}
	}
}

func TestFormatTokens(t *testing.T) {
	t.Parallel()
	for n, want := range map[float64]string{0: "0", 999: "999", 1000: "1.0k", 1250: "1.3k", 9999: "10.0k", 12345: "12k", 12500: "13k",
		999999: "1000k", 1000000: "1.0M", 2345678: "2.3M"} {
		if got := formatTokens(n); got != want {
			t.Errorf("formatTokens(%v) = %q, want %q", n, got, want)
		}
	}
}

func TestThousands(t *testing.T) {
	t.Parallel()
	for n, want := range map[float64]string{0: "0", 999: "999", 1000: "1,000", 12345: "12,345", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%v) = %q, want %q", n, got, want)
		}
	}
}

func TestSplitFences(t *testing.T) {
	t.Parallel()
	got := splitFences("intro\n```go\nfunc f() {}\n```\nmiddle\n~~~\nplain\n~~~\n````md\n```inner```\n````\n    ```not a fence\n```\nunclosed")
	want := []segment{
		{Text: "intro"},
		{Code: true, Lang: "go", Text: "func f() {}"},
		{Text: "middle"},
		{Code: true, Text: "plain"},
		{Code: true, Lang: "md", Text: "```inner```"},
		{Text: "    ```not a fence"},
		{Code: true, Text: "unclosed"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("splitFences:\n got %#v\nwant %#v", got, want)
	}
	if got := splitFences("  \n\n"); len(got) != 0 {
		t.Errorf("blank text gave %#v", got)
	}
}

func TestStripANSI(t *testing.T) {
	t.Parallel()
	in := "\x1b[1;31mred\x1b[0m \x1b]8;;https://x\x07link\x1b]8;;\x07 \x1b[2K\x1b(Bdone"
	if got := stripANSI(in); got != "red link done" {
		t.Errorf("stripANSI = %q", got)
	}
}

func TestNewOutputSplitsLongText(t *testing.T) {
	t.Parallel()
	o := newOutput("1\n2\n3\n4\n", 2)
	if o.Head != "1\n2" || o.Tail != "3\n4" || o.More != 2 {
		t.Errorf("newOutput = %+v", o)
	}
	if newOutput("\n", 3) != nil {
		t.Error("empty output should be nil")
	}
}

func TestToolSummary(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"read", map[string]any{"path": "/home/u/a.go", "offset": 5.0}, "[read: ~/a.go:5]"},
		{"read", map[string]any{"file_path": "/Users/u/b.go", "limit": 3.0}, "[read: ~/b.go:1-3]"},
		{"bash", map[string]any{"command": "echo\tone\ntwo"}, "[bash: echo one two]"},
		{"bash", map[string]any{"command": string(make([]byte, 60))}, "[bash: " + string(make([]byte, 50)) + "...]"},
		{"grep", map[string]any{"pattern": "x"}, "[grep: /x/ in .]"},
		{"ls", map[string]any{}, "[ls: .]"},
		{"custom", map[string]any{"a": "0123456789012345678901234567890123456789"}, `[custom: {"a":"0123456789012345678901234567890123...]`},
	} {
		if got := toolSummary(c.name, c.args); got != c.want {
			t.Errorf("toolSummary(%s, %v) = %q, want %q", c.name, c.args, got, c.want)
		}
	}
}
