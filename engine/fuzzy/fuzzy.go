// Package fuzzy is pi-tui's fuzzy matching, which pi's selectors and
// autocomplete lists filter and rank with.
package fuzzy

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode/utf16"
)

// Filter is pi-tui's fuzzyFilter: the query's whitespace or "/"
// separated tokens must all match text(item); items are sorted by their
// summed score, best first (a stable sort, as JS's). A blank query keeps
// every item in its order.
func Filter[T any](items []T, query string, text func(T) string) []T {
	tokens := strings.FieldsFunc(query, func(r rune) bool { return r == '/' || jsSpace(r) })
	if len(tokens) == 0 {
		return items
	}
	type hit struct {
		item  T
		score float64
	}
	var hits []hit
	for _, it := range items {
		t, total, all := text(it), 0.0, true
		for _, tok := range tokens {
			sc, ok := Score(tok, t)
			if !ok {
				all = false
				break
			}
			total += sc
		}
		if all {
			hits = append(hits, hit{it, total})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].score < hits[j].score })
	out := make([]T, len(hits))
	for i, h := range hits {
		out[i] = h.item
	}
	return out
}

// jsSpace is JS's \s for the characters a typed query can hold.
func jsSpace(r rune) bool {
	return strings.ContainsRune(" \t\n\r\f\v\u00a0\u2028\u2029\ufeff", r) || r >= 0x2000 && r <= 0x200a || r == 0x1680 || r == 0x202f || r == 0x205f || r == 0x3000
}

// Score is pi-tui's fuzzyMatch (lower is better): the query's
// characters in order, rewarding runs and word starts, penalising gaps;
// a letters+digits query also tries its halves swapped. Ported as pi
// writes it (UTF-16 indices) so the ranking is pi's.
func Score(query, text string) (float64, bool) {
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
