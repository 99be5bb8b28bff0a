package compat_test

import (
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/jsapi/compat"
)

func TestGapsUses(t *testing.T) {
	uses := func(code string) []string {
		var out []string
		for _, g := range compat.Gaps() {
			if g.Uses(code) {
				out = append(out, g.Member)
			}
		}
		return out
	}
	if got := uses(`ctx.ui.custom(x); pi.registerMarkdownTransformer({});`); len(got) != 2 || got[0] != "ctx.ui.custom" || got[1] != "pi.registerMarkdownTransformer" {
		t.Errorf("uses = %q", got)
	}
	if got := uses(`completeSimple(model, ctx)`); len(got) != 1 || got[0] != "pi-ai complete/stream" {
		t.Errorf("uses = %q", got)
	}
	if got := uses(`pi.registerTool({}); pi.registerVirtualModel({}); customize();`); len(got) != 0 {
		t.Errorf("uses = %q, want none", got)
	}
	// Each gap's quick literal check lets every form of its pattern through.
	for _, code := range []string{`ui.setFooter(f)`, `ui.setHeader(h)`, `ui.setEditorComponent(c)`, `stream(m, c)`,
		`streamSimple(m)`, `completeAnthropic(m)`, `streamOpenAIResponses(m)`, `streamGoogleVertex(m)`, `complete(m, c)`} {
		if got := uses(code); len(got) != 1 {
			t.Errorf("uses(%s) = %q, want one gap", code, got)
		}
	}
}

// BenchmarkGapsUses is the gap check every load and reload runs over its
// bundle, here over 60 KB of code that uses none.
func BenchmarkGapsUses(b *testing.B) {
	code := strings.Repeat("function helper(s) { return s.split(\"\").reverse().join(\"\") + pi.registerTool({ name }); }\n", 600)
	b.SetBytes(int64(len(code)))
	for range b.N {
		for _, g := range compat.Gaps() {
			if g.Uses(code) {
				b.Fatal(g.Member)
			}
		}
	}
}

// Every plugin load checks its bundle against the gaps: the patterns are
// compiled once per process, not per call.
func TestGapsCompiledOnce(t *testing.T) {
	compat.Gaps()
	if n := testing.AllocsPerRun(10, func() { _ = compat.Gaps() }); n != 0 {
		t.Errorf("Gaps allocates %v times per call, want 0", n)
	}
}
