package tui

import "testing"

// With showCacheMissNotices on, each cache warming refresh shows its cost;
// back-to-back refreshes with the same note collapse into one line with
// their total; with it off nothing shows.
func TestCacheWarmingNotices(t *testing.T) {
	warm := func(cost float64, note string) map[string]any {
		e := map[string]any{"type": "usage", "kind": "cache_warm", "provider": "anthropic", "model": "claude",
			"usage": map[string]any{"cost": map[string]any{"total": cost}}}
		if note != "" {
			e["note"] = note
		}
		return ev("entry_appended", "entry", e)
	}
	h := newHarness(t, Options{ShowCacheMissNotices: true})
	h.event(warm(0.015, ""), warm(0.0125, ""))
	h.contains("Cache warmed: $0.0275")
	h.lacks("Cache warmed: $0.015")
	h.event(warm(0.02, "extension override"))
	h.contains("Cache warmed: $0.0275", "Cache warmed (extension override): $0.020")

	off := newHarness(t, Options{})
	off.event(warm(0.015, ""))
	off.lacks("Cache warmed")
}
