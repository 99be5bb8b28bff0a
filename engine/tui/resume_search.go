package tui

import (
	"regexp"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/session"
)

// The session selector's search, as pi 1.6's session-selector-search:
// whitespace separated fuzzy tokens, "quoted phrases" matched exactly,
// re:<pattern> a case-insensitive regex. Each token scores by the best
// field it matches; a tier (name, other text, fuzzy) dominates the score.
// pigo's session list carries the first user message, so "messages"
// here is that message (pi searches every message of the session).

const (
	tierName   = 0
	tierText   = 1
	tierFuzzy  = 2
	tierWeight = 1_000_000
)

type searchToken struct {
	phrase bool
	value  string
}

type searchQuery struct {
	tokens []searchToken
	regex  *regexp.Regexp
	isRe   bool
	err    bool
}

func parseSessionQuery(q string) searchQuery {
	q = strings.TrimSpace(q)
	if rest, ok := strings.CutPrefix(q, "re:"); ok {
		pattern := strings.TrimSpace(rest)
		re, err := regexp.Compile("(?i)" + pattern)
		return searchQuery{isRe: true, regex: re, err: pattern == "" || err != nil}
	}
	var tokens []searchToken
	var buf strings.Builder
	inQuote := false
	flush := func(phrase bool) {
		if v := strings.TrimSpace(buf.String()); v != "" {
			tokens = append(tokens, searchToken{phrase: phrase, value: v})
		}
		buf.Reset()
	}
	for _, r := range q {
		switch {
		case r == '"':
			flush(inQuote)
			inQuote = !inQuote
		case !inQuote && isSpace(r):
			flush(false)
		default:
			buf.WriteRune(r)
		}
	}
	if inQuote { // unbalanced quotes: plain whitespace tokens
		tokens = nil
		for _, f := range strings.Fields(q) {
			tokens = append(tokens, searchToken{value: f})
		}
		return searchQuery{tokens: tokens}
	}
	flush(false)
	return searchQuery{tokens: tokens}
}

func isSpace(r rune) bool { return strings.ContainsRune(" \t\n\r\f\v", r) }

func normalizeSpaceLower(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// matchSessionQuery scores a session against a query (lower is better).
func matchSessionQuery(s session.Info, q searchQuery) (float64, bool) {
	if q.isRe {
		switch {
		case q.regex == nil:
			return 0, false
		case s.Name != "" && q.regex.MatchString(s.Name):
			return tierName * tierWeight, true
		case q.regex.MatchString(s.ID) || q.regex.MatchString(s.FirstMessage) || q.regex.MatchString(s.Cwd):
			return tierText * tierWeight, true
		}
		return 0, false
	}
	total := 0.0
	for _, t := range q.tokens {
		var score float64
		var ok bool
		if t.phrase {
			score, ok = matchLiteral(s, normalizeSpaceLower(t.value), normalizeSpaceLower)
		} else {
			score, ok = matchFuzzyToken(s, t.value)
		}
		if !ok {
			return 0, false
		}
		total += score
	}
	return total, true
}

// matchLiteral: the value appears in the name, else the id, message or cwd.
func matchLiteral(s session.Info, value string, norm func(string) string) (float64, bool) {
	if name := norm(s.Name); strings.Contains(name, value) {
		sc, _ := fuzzyScore(value, name)
		return tierName*tierWeight + sc, true
	}
	if strings.Contains(strings.ToLower(s.ID), value) || strings.Contains(norm(s.FirstMessage), value) || strings.Contains(norm(s.Cwd), value) {
		return tierText * tierWeight, true
	}
	return 0, false
}

func matchFuzzyToken(s session.Info, value string) (float64, bool) {
	if sc, ok := matchLiteral(s, strings.ToLower(value), strings.ToLower); ok {
		return sc, true
	}
	best, found := 0.0, false
	for _, field := range []string{s.Name, s.Cwd} {
		if sc, ok := fuzzyScore(value, field); ok && (!found || sc < best) {
			best, found = sc, true
		}
	}
	return tierFuzzy*tierWeight + best, found
}

// filterSessions is pi's filterAndSortSessions after the name filter:
// recent keeps the incoming (most recent first) order, relevance orders
// by score, then most recent.
func filterSessions(infos []session.Info, query, sortMode string) []session.Info {
	if strings.TrimSpace(query) == "" {
		return infos
	}
	q := parseSessionQuery(query)
	if q.err {
		return nil
	}
	type scored struct {
		info  session.Info
		score float64
	}
	var hits []scored
	for _, s := range infos {
		if sc, ok := matchSessionQuery(s, q); ok {
			hits = append(hits, scored{s, sc})
		}
	}
	if sortMode != "recent" {
		slices.SortStableFunc(hits, func(a, b scored) int {
			if a.score != b.score {
				if a.score < b.score {
					return -1
				}
				return 1
			}
			return b.info.Modified.Compare(a.info.Modified)
		})
	}
	out := make([]session.Info, len(hits))
	for i, h := range hits {
		out[i] = h.info
	}
	return out
}
