package compat_test

import (
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
}

// Every plugin load checks its bundle against the gaps: the patterns are
// compiled once per process, not per call.
func TestGapsCompiledOnce(t *testing.T) {
	compat.Gaps()
	if n := testing.AllocsPerRun(10, func() { _ = compat.Gaps() }); n != 0 {
		t.Errorf("Gaps allocates %v times per call, want 0", n)
	}
}
