package compat

import (
	"regexp"
	"strings"
	"sync"
)

// Gap is a pi API member pigo does not implement yet (or implements only
// as a recorded no-op), with what finds its use in a bundle.
type Gap struct {
	Member string
	Why    string
	// A use starts with one of starts (after a word boundary when word is
	// set) and, when rest is set, matches rest there. Every plugin load
	// checks its bundle: finding the literal starts first keeps that a
	// substring search instead of a regexp scan of the whole bundle.
	starts []string
	word   bool
	rest   *regexp.Regexp // anchored at the start
}

// Uses reports whether code uses the member.
func (g Gap) Uses(code string) bool {
	for _, s := range g.starts {
		for at := 0; ; {
			i := strings.Index(code[at:], s)
			if i < 0 {
				break
			}
			i += at
			at = i + 1
			if g.word && i > 0 && isWordByte(code[i-1]) {
				continue
			}
			if g.rest == nil || g.rest.MatchString(code[i:]) {
				return true
			}
		}
	}
	return false
}

// isWordByte is regexp's \w.
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// Gaps lists what `pigo check` reports per extension, so missing pieces
// are visible instead of silent. Keep it in step with the adapter
// (modules/_pi-api.ts) and the modules. The list is made once per process;
// callers must not modify it.
func Gaps() []Gap { return gaps() }

var gaps = sync.OnceValue(func() []Gap {
	calls := func(member, why string, starts ...string) Gap { return Gap{Member: member, Why: why, starts: starts} }
	return []Gap{
		calls("ctx.ui.custom", "drawn only by a client that renders components (a pi.component view); with none it resolves undefined, as in pi's RPC mode", ".custom("),
		calls("ctx.ui.setFooter/setHeader/setEditorComponent", "drawn only by a client that renders components (pi.component views); with none they are recorded",
			".setFooter(", ".setHeader(", ".setEditorComponent("),
		// pi 1.6's registrations: the renderers are drawn on request
		// (engine Host.RenderEntry, RenderTool); pigo itself applies no
		// markdown transformer.
		calls("pi.registerMarkdownTransformer", "recorded for clients; pigo's own output does not apply it", ".registerMarkdownTransformer("),
		calls("pi.registerVirtualModel", "recorded and listed by ctx.modelRegistry; pigo's agent does not route requests through route() yet",
			".registerVirtualModel("),
		{Member: "pi-ai complete/stream", Why: "pi-ai's own network providers are not bundled: calls from extension code fail (the agent's providers are pigo's)",
			starts: []string{"complete", "stream"}, word: true,
			rest: regexp.MustCompile(`^(complete|completeSimple|streamSimple|stream)(Anthropic|OpenAI\w*|Google\w*)?\(`)},
	}
})
