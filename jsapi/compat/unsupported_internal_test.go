package compat

import (
	"os"
	"path/filepath"
	"regexp/syntax"
	"strings"
	"testing"
)

func TestLineLocal(t *testing.T) {
	for re, want := range map[string]bool{
		`\.custom\(`: true,
		`\b(complete|stream)(Anthropic|OpenAI\w*)?\(`: true,
		`(?m)^x$`:  true,
		`a.b`:      true,
		`(?s)a.b`:  false,
		`^x`:       false,
		`x$`:       false,
		`\Ax`:      false,
		`a\nb`:     false,
		`a[^b]c`:   false,
		`a\sb`:     false,
		`a\Wb`:     false,
		`a[\n]b`:   false,
		`(x|y\n)z`: false,
	} {
		parsed, err := syntax.Parse(re, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if got := lineLocal(parsed); got != want {
			t.Errorf("lineLocal(%s) = %v, want %v", re, got, want)
		}
	}
	for _, g := range Gaps() {
		if !g.lineLocal {
			t.Errorf("gap %s is checked over the whole bundle: its pattern can span lines", g.Member)
		}
	}
}

// usesWhole is Uses as it was before lines: the regexp over the whole
// code once a hint occurs anywhere.
func usesWhole(g Gap, code string) bool {
	for _, h := range g.hints {
		if strings.Contains(code, h) {
			return g.pattern.MatchString(code)
		}
	}
	return false
}

// Line by line finds what the whole code finds: on pi's example
// extensions and on cases at line starts and ends, across lines, with
// several hints on one line and on many lines.
func TestGapsUsesLineByLine(t *testing.T) {
	codes := []string{
		"", "\n", "complete", "complete(", "x\ncomplete(", "complete(\n", "completeTask(x)\nstream(y)",
		"a.\ncustom(", "a\n.custom(", "ui.custom(", "xcomplete(m)\n", "completeTask(); streamFoo(); complete(m)",
		"stream\n(m)", "completeAnthropic\n(", "ui.setFooter(f)", "ui.set\nFooter(f)", "streamSimple(m)\r\n",
		strings.Repeat("completeTask(x);\n", 500) + "streamGoogleVertex(m)", strings.Repeat("stream ", 300),
	}
	for _, root := range []string{"../../node_modules/@earendil-works/pi-coding-agent/examples/extensions",
		"../../node_modules/@mariozechner/pi-coding-agent/examples/extensions"} {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".ts") || strings.HasSuffix(p, ".js")) {
				if b, err := os.ReadFile(p); err == nil {
					codes = append(codes, string(b))
				}
			}
			return nil
		})
	}
	used := 0
	for _, code := range codes {
		for _, g := range Gaps() {
			got, want := g.Uses(code), usesWhole(g, code)
			if got != want {
				t.Errorf("%s: Uses = %v, whole code: %v, in %.200q", g.Member, got, want, code)
			}
			if got {
				used++
			}
		}
	}
	if used < 10 {
		t.Errorf("only %d (code, gap) pairs used a gap: the comparison tests too little", used)
	}
}

// BenchmarkGapsUsesCommonWord is the gap check over 60 KB of code in
// which a hint occurs ("completeTask(" holds "complete") but no gap is
// used: line by line, and over the whole code as before.
func BenchmarkGapsUsesCommonWord(b *testing.B) {
	code := strings.Repeat("function helper(s) { return s.split(\"\").reverse().join(\"\") + pi.registerTool({ name }); }\n", 300) +
		"const t = completeTask(id);\n" +
		strings.Repeat("function helper(s) { return s.split(\"\").reverse().join(\"\") + pi.registerTool({ name }); }\n", 300)
	for name, uses := range map[string]func(Gap, string) bool{"lines": Gap.Uses, "whole": usesWhole} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(code)))
			for range b.N {
				for _, g := range Gaps() {
					if uses(g, code) {
						b.Fatal(g.Member)
					}
				}
			}
		})
	}
}
