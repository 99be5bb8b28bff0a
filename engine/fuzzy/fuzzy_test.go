package fuzzy

import (
	"slices"
	"testing"
)

// TestFilterKeeps: which items Filter keeps (its ranking aside), as
// pi-tui 1.6's fuzzyFilter keeps them for pi's --list-models search.
func TestFilterKeeps(t *testing.T) {
	t.Parallel()
	items := []string{"openai gpt-4o", "openai gpt-4.1-nano", "anthropic claude-haiku-4-5", "openai o4-mini", "mock mock-1"}
	for query, want := range map[string][]string{
		"gpt-4o":       {"openai gpt-4o", "openai gpt-4.1-nano"}, // a subsequence, as in pi
		"GPT 4O":       {"openai gpt-4o", "openai gpt-4.1-nano"},
		"mck1":         {"mock mock-1"},
		"4o":           {"openai gpt-4o", "openai gpt-4.1-nano", "anthropic claude-haiku-4-5", "openai o4-mini"}, // or "o4"
		"o4-m":         {"openai o4-mini"},
		"haiku anthro": {"anthropic claude-haiku-4-5"},
		// pi-tui 1.6 splits tokens at slashes too.
		"anthropic/haiku": {"anthropic claude-haiku-4-5"},
		"openai/":         {"openai gpt-4o", "openai gpt-4.1-nano", "openai o4-mini"},
		"/":               items,
		"   ":             items,
		"zzz":             nil,
	} {
		got := Filter(items, query, func(s string) string { return s })
		slices.Sort(got)
		want = slices.Sorted(slices.Values(want))
		if !slices.Equal(got, want) {
			t.Errorf("Filter(%q) kept %q, want %q", query, got, want)
		}
	}
}
