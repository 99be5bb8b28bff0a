package compat

import (
	"regexp"
	"strings"
	"sync"
)

// Gap is a pi API member pigo does not implement yet (or implements only
// as a recorded no-op), with the pattern that finds its use in a bundle.
type Gap struct {
	Member  string
	Why     string
	pattern *regexp.Regexp
	// hints are literals one of which every match contains: a bundle with
	// none of them skips the regexp, which for a pattern without a literal
	// prefix steps through the whole bundle (every load and reload checks
	// every gap).
	hints []string
}

// Uses reports whether code uses the member.
func (g Gap) Uses(code string) bool {
	for _, h := range g.hints {
		if strings.Contains(code, h) {
			return g.pattern.MatchString(code)
		}
	}
	return false
}

// Gaps lists what `pigo check` reports per extension, so missing pieces
// are visible instead of silent. Keep it in step with the adapter
// (modules/_pi-api.ts) and the modules. The list is compiled once per
// process (every plugin load checks its bundle against it); callers must
// not modify it.
func Gaps() []Gap { return gaps() }

var gaps = sync.OnceValue(func() []Gap {
	gap := func(member, why, re string, hints ...string) Gap {
		return Gap{member, why, regexp.MustCompile(re), hints}
	}
	return []Gap{
		gap("ctx.ui.custom", "drawn only by a client that renders components (a pi.component view); with none it resolves undefined, as in pi's RPC mode", `\.custom\(`, "custom("),
		gap("ctx.ui.setFooter/setHeader/setEditorComponent", "drawn only by a client that renders components (pi.component views); with none they are recorded", `\.set(Footer|Header|EditorComponent)\(`, "setFooter(", "setHeader(", "setEditorComponent("),
		// pi 1.6's registrations: the renderers are drawn on request
		// (engine Host.RenderEntry, RenderTool) and virtual models route
		// requests (engine/agent); pigo itself applies no markdown
		// transformer.
		gap("pi.registerMarkdownTransformer", "recorded for clients; pigo's own output does not apply it",
			`\.registerMarkdownTransformer\(`, "registerMarkdownTransformer("),
		gap("pi-ai complete/stream", "served by the agent's providers (models.json, keys); `pigo check` and `pigo tool` run no agent, so there a call rejects, and function options such as onPayload are not passed on",
			`\b(complete|completeSimple|streamSimple|stream)(Anthropic|OpenAI\w*|Google\w*)?\(`, "complete", "stream"),
	}
})
