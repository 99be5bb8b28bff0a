package agentsession

import "testing"

// cacheWarming is read from the global settings only; unknown modes mean
// pi's default, "idle".
func TestCacheWarmingSettingGlobalOnly(t *testing.T) {
	for _, c := range []struct {
		global, project map[string]any
		want            string
	}{
		{map[string]any{}, map[string]any{}, "idle"},
		{map[string]any{"cacheWarming": "streaming"}, map[string]any{}, "streaming"},
		{map[string]any{"cacheWarming": "off"}, map[string]any{"cacheWarming": "idle"}, "off"},
		{map[string]any{}, map[string]any{"cacheWarming": "off"}, "idle"},
		{map[string]any{"cacheWarming": "always"}, map[string]any{}, "idle"},
		{map[string]any{"cacheWarming": false}, map[string]any{}, "idle"},
	} {
		s := &piSettings{global: c.global, project: c.project}
		if got := s.agentSettings().CacheWarming; got != c.want {
			t.Errorf("global %v, project %v: %q, want %q", c.global, c.project, got, c.want)
		}
	}
}
