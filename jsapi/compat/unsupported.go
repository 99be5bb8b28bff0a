package compat

import (
	"regexp"
	"regexp/syntax"
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
	// lineLocal: no match of pattern spans a line break (nor depends on
	// where the text begins or ends), so only the lines holding a hint
	// need the regexp. "complete" and "stream" are common words: one
	// occurrence used to send the whole bundle through the regexp.
	lineLocal bool
}

// Uses reports whether code uses the member.
func (g Gap) Uses(code string) bool {
	if !g.lineLocal {
		for _, h := range g.hints {
			if strings.Contains(code, h) {
				return g.pattern.MatchString(code)
			}
		}
		return false
	}
	// Each line holding a hint, in order, once: next[i] is where hint i
	// occurs next (-1: nowhere after pos, -2: not looked up yet), looked
	// up again once pos passed it.
	var scratch [4]int
	next := scratch[:0]
	for range g.hints {
		next = append(next, -2)
	}
	for pos := 0; pos < len(code); {
		at := -1
		for i, h := range g.hints {
			if next[i] == -2 || next[i] >= 0 && next[i] < pos {
				next[i] = -1
				if j := strings.Index(code[pos:], h); j >= 0 {
					next[i] = pos + j
				}
			}
			if next[i] >= 0 && (at < 0 || next[i] < at) {
				at = next[i]
			}
		}
		if at < 0 {
			return false
		}
		start := strings.LastIndexByte(code[:at], '\n') + 1
		end := len(code)
		if k := strings.IndexByte(code[at:], '\n'); k >= 0 {
			end = at + k
		}
		if g.pattern.MatchString(code[start:end]) {
			return true
		}
		pos = end + 1
	}
	return false
}

// lineLocal reports whether no match of re can contain a line feed or
// see the beginning or end of the text (\A, \z, ^ and $ without (?m)):
// matching such a pattern line by line finds what matching the whole text
// finds. Word boundaries agree, as a line feed is not a word character.
func lineLocal(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpAnyChar, syntax.OpBeginText, syntax.OpEndText:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r == '\n' {
				return false
			}
		}
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= '\n' && '\n' <= re.Rune[i+1] {
				return false
			}
		}
	}
	for _, sub := range re.Sub {
		if !lineLocal(sub) {
			return false
		}
	}
	return true
}

// Gaps lists what `pigo check` reports per extension, so missing pieces
// are visible instead of silent. Keep it in step with the adapter
// (modules/_pi-api.ts) and the modules. The list is compiled once per
// process (every plugin load checks its bundle against it); callers must
// not modify it.
func Gaps() []Gap { return gaps() }

var gaps = sync.OnceValue(func() []Gap {
	gap := func(member, why, re string, hints ...string) Gap {
		parsed, err := syntax.Parse(re, syntax.Perl)
		if err != nil {
			panic(err)
		}
		local := lineLocal(parsed)
		for _, h := range hints {
			local = local && !strings.Contains(h, "\n")
		}
		return Gap{member, why, regexp.MustCompile(re), hints, local}
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
