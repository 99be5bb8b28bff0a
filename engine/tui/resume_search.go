package tui

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf16"

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

// fuzzyScore is pi-tui's fuzzyMatch (lower is better): the query's
// characters in order, rewarding runs and word starts, penalising gaps;
// a letters+digits query also tries its halves swapped. Ported as pi
// writes it (UTF-16 indices) so the ranking is pi's.
func fuzzyScore(query, text string) (float64, bool) {
	q := utf16.Encode([]rune(strings.ToLower(query)))
	t := utf16.Encode([]rune(strings.ToLower(text)))
	if sc, ok := fuzzyAlign(q, t); ok {
		return sc, true
	}
	lower := strings.ToLower(query)
	var swapped string
	if m := lettersDigits.FindStringSubmatch(lower); m != nil {
		swapped = m[2] + m[1]
	} else if m := digitsLetters.FindStringSubmatch(lower); m != nil {
		swapped = m[2] + m[1]
	}
	if swapped == "" {
		return 0, false
	}
	if sc, ok := fuzzyAlign(utf16.Encode([]rune(swapped)), t); ok {
		return sc + 5, true
	}
	return 0, false
}

var (
	lettersDigits = regexp.MustCompile(`^([a-z]+)([0-9]+)$`)
	digitsLetters = regexp.MustCompile(`^([0-9]+)([a-z]+)$`)
)

func fuzzyAlign(q, t []uint16) (float64, bool) {
	if len(q) == 0 {
		return 0, true
	}
	if len(q) > len(t) {
		return 0, false
	}
	positions := make([]int, len(q))
	last := -1
	for k, c := range q {
		i := indexUnit(t, c, last+1)
		if i < 0 {
			return 0, false
		}
		positions[k], last = i, i
	}
	score := scorePositions(t, positions)
	// Every contiguous occurrence too: keep the best alignment.
	for start := indexUnits(t, q, 0); start >= 0; start = indexUnits(t, q, start+1) {
		for k := range positions {
			positions[k] = start + k
		}
		score = min(score, scorePositions(t, positions))
	}
	if slices.Equal(q, t) {
		score -= 100
	}
	return score, true
}

func scorePositions(t []uint16, positions []int) float64 {
	score, last, run := 0.0, -1, 0
	for _, i := range positions {
		if last == i-1 {
			run++
			score -= float64(run * 5)
		} else {
			run = 0
			if last >= 0 {
				score += float64((i - last - 1) * 2)
			}
		}
		if i == 0 || strings.ContainsRune(" \t\n\r\f\v-_./:", rune(t[i-1])) {
			score -= 10
		}
		score += float64(i) * 0.1
		last = i
	}
	return score
}

func indexUnit(t []uint16, c uint16, from int) int {
	for i := from; i < len(t); i++ {
		if t[i] == c {
			return i
		}
	}
	return -1
}

func indexUnits(t, q []uint16, from int) int {
	for i := from; i+len(q) <= len(t); i++ {
		if slices.Equal(t[i:i+len(q)], q) {
			return i
		}
	}
	return -1
}
