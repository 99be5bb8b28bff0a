package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

func TestRenderMarkdownAsPi(t *testing.T) {
	th, _ := LoadTheme("dark")
	src := "Let me **check** that.\n\n- one\n* two\n\n```go\nfmt.Println(1)\n```\n\n> quoted\n\n### Third\n\nUse `x*y` and *em* [docs](https://pi.dev)."
	got := renderMarkdown(th, src, 60)
	plain := make([]string, len(got))
	for i, l := range got {
		plain[i] = ansi.Strip(l)
	}
	want := []string{"Let me check that.", "", "- one", "- two", "", "```go", "  fmt.Println(1)", "```", "",
		"│ quoted", "", "### Third", "", "Use x*y and em docs (https://pi.dev)."}
	if strings.Join(plain, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(plain, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(got[0], "\x1b[1m") {
		t.Errorf("bold is not styled: %q", got[0])
	}
}

func TestRenderMarkdownWraps(t *testing.T) {
	th, _ := LoadTheme("dark")
	got := renderMarkdown(th, "- "+strings.Repeat("word ", 10), 20)
	if len(got) < 3 || !strings.HasPrefix(ansi.Strip(got[1]), "  word") {
		t.Errorf("list item wraps under its text: %q", got)
	}
	for _, l := range got {
		if ansi.StringWidth(l) > 20 {
			t.Errorf("line wider than 20: %q", l)
		}
	}
}

func TestFormatToolDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		4200 * time.Millisecond: "4.2s", 185 * time.Second: "3m 5s", 3723 * time.Second: "1h 2m 3s",
	} {
		if got := formatToolDuration(d); got != want {
			t.Errorf("%v: %q, want %q", d, got, want)
		}
	}
}

func TestRenderMarkdownTablesAndNestedLists(t *testing.T) {
	th, _ := LoadTheme("dark")
	got := renderMarkdown(th, "| a | bb |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n1. first\n2. second\n   - nested\n     - deeper\n3. third", 60)
	var plain []string
	for _, l := range got {
		plain = append(plain, ansi.Strip(l))
	}
	want := []string{"┌───┬────┐", "│ a │ bb │", "├───┼────┤", "│ 1 │ 2  │", "├───┼────┤", "│ 3 │ 4  │", "└───┴────┘", "",
		"1. first", "2. second", "    - nested", "        - deeper", "3. third"}
	if strings.Join(plain, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(plain, "\n"), strings.Join(want, "\n"))
	}
}
