package compaction_test

import (
	"encoding/json"
	"testing"

	"github.com/pigo-dev/pigo/engine/compaction"
)

// TestResolveSettings: each token setting resolves from the model's
// override, then the ordinary setting, then the default, as pi 1.6's
// getCompactionSettings; invalid values are skipped with pi's messages.
func TestResolveSettings(t *testing.T) {
	t.Parallel()
	cases := []struct {
		obj, key      string
		reserve, keep int
		enabled       bool
		err           string
	}{
		{`{}`, "", 16384, 20000, true, ""},
		{`{"enabled": false, "reserveTokens": 1000}`, "p/m", 1000, 20000, false, ""},
		{`{"reserveTokens": 1000, "modelOverrides": {"p/m": {"keepRecentTokens": 50}}}`, "p/m", 1000, 50, true, ""},
		{`{"reserveTokens": 1000, "modelOverrides": {"p/m": {"reserveTokens": 0}}}`, "p/m", 0, 20000, true, ""},
		{`{"modelOverrides": {"p/m": {"keepRecentTokens": 50}}}`, "p/other", 16384, 20000, true, ""},
		{`{"modelOverrides": {"p/m": {"keepRecentTokens": 50}}}`, "", 16384, 20000, true, ""},
		{`{"keepRecentTokens": 1.5}`, "", 16384, 20000, true,
			"Invalid compaction.keepRecentTokens setting: 1.5. Expected a non-negative safe integer."},
		{`{"keepRecentTokens": 300, "modelOverrides": {"p/m": {"keepRecentTokens": "many"}}}`, "p/m", 16384, 300, true,
			`Invalid compaction.modelOverrides["p/m"].keepRecentTokens setting: many. Expected a non-negative safe integer.`},
		{`{"modelOverrides": {"p/m": [1, 2]}}`, "p/m", 16384, 20000, true,
			`Invalid compaction.modelOverrides["p/m"] setting: 1,2. Expected an object.`},
	}
	for _, c := range cases {
		var obj map[string]any
		if err := json.Unmarshal([]byte(c.obj), &obj); err != nil {
			t.Fatal(err)
		}
		s, err := compaction.ResolveSettings(obj, c.key)
		errText := ""
		if err != nil {
			errText = err.Error()
		}
		if s.ReserveTokens != c.reserve || s.KeepRecentTokens != c.keep || s.Enabled != c.enabled || errText != c.err {
			t.Errorf("%s for %q: %+v %q, want reserve %d keep %d enabled %v %q", c.obj, c.key, s, errText, c.reserve, c.keep, c.enabled, c.err)
		}
	}
}
