package agentsession

import (
	"encoding/json"
	"maps"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestHTTPIdleTimeoutSetting: httpIdleTimeoutMs as pi 1.6's
// getHttpIdleTimeoutMs reads it, project over global, and what the model
// requests get from it.
func TestHTTPIdleTimeoutSetting(t *testing.T) {
	t.Parallel()
	cases := []struct {
		json    string
		want    time.Duration
		wantErr string
	}{
		{`null`, 0, ""},
		{`1500.7`, 1500 * time.Millisecond, ""},
		{`" 2000 "`, 2 * time.Second, ""},
		{`""`, 0, ""},
		{`0`, -1, ""},
		{`"Disabled"`, -1, ""},
		{`-1`, 0, "Invalid httpIdleTimeoutMs setting: -1"},
		{`"soon"`, 0, "Invalid httpIdleTimeoutMs setting: soon"},
		{`true`, 0, "Invalid httpIdleTimeoutMs setting: true"},
	}
	for _, c := range cases {
		var v any
		if err := json.Unmarshal([]byte(c.json), &v); err != nil {
			t.Fatal(err)
		}
		s := &piSettings{global: map[string]any{"httpIdleTimeoutMs": float64(1)}, project: map[string]any{}}
		if v != nil {
			s.project["httpIdleTimeoutMs"] = v
		} else {
			delete(s.global, "httpIdleTimeoutMs")
		}
		got, err := s.httpIdleTimeout()
		if errText := func() string {
			if err == nil {
				return ""
			}
			return err.Error()
		}(); got != c.want || errText != c.wantErr {
			t.Errorf("%s: %v %q, want %v %q", c.json, got, errText, c.want, c.wantErr)
		}
		if c.wantErr == "" {
			if p := s.providerRetry(); p.IdleTimeout != c.want {
				t.Errorf("%s: request idle timeout %v", c.json, p.IdleTimeout)
			}
		}
	}
}

// TestHTTPProxySetting: httpProxy counts from the agent dir's settings
// only, trimmed, and fills HTTP_PROXY and HTTPS_PROXY only where the
// environment leaves them unset (set to "" counts as set), as pi's
// applyHttpProxySettings.
func TestHTTPProxySetting(t *testing.T) {
	t.Parallel()
	apply := func(s *piSettings, environ ...string) map[string]string {
		io := &IO{Environ: environ}
		s.applyHTTPProxy(io)
		return io.EnvMap()
	}
	global := &piSettings{global: map[string]any{"httpProxy": " http://proxy.local:3128 "}, project: map[string]any{}}
	project := &piSettings{global: map[string]any{}, project: map[string]any{"httpProxy": "http://proxy.local:3128"}}
	if got := apply(global, "PATH=/bin"); !maps.Equal(got, map[string]string{"PATH": "/bin", "HTTP_PROXY": "http://proxy.local:3128", "HTTPS_PROXY": "http://proxy.local:3128"}) {
		t.Errorf("global setting: env %v", got)
	}
	if got := apply(project); len(got) != 0 {
		t.Errorf("project setting: env %v, want none", got)
	}
	if got := apply(global, "HTTPS_PROXY=http://env:1", "HTTP_PROXY="); !maps.Equal(got, map[string]string{"HTTP_PROXY": "", "HTTPS_PROXY": "http://env:1"}) {
		t.Errorf("environment: env %v", got)
	}
	if got := apply(global, "http_proxy=http://low:2"); got["HTTP_PROXY"] != "http://proxy.local:3128" || got["http_proxy"] != "http://low:2" {
		t.Errorf("lower-case environment: env %v", got) // pi fills only the upper-case names
	}
}

// TestThinkingBudgetsSetting: thinkingBudgets merges the project's levels
// over the agent dir's; what is not a non-negative number is left to the
// provider's default.
func TestThinkingBudgetsSetting(t *testing.T) {
	t.Parallel()
	s := &piSettings{
		global:  map[string]any{"thinkingBudgets": map[string]any{"minimal": float64(500), "low": float64(1000)}},
		project: map[string]any{"thinkingBudgets": map[string]any{"low": float64(3000), "medium": "lots", "high": float64(-5)}},
	}
	want := provider.ThinkingBudgets{Minimal: 500, Low: 3000}
	if got := s.thinkingBudgets(); got != want {
		t.Errorf("budgets %+v, want %+v", got, want)
	}
}

// TestCompactionModelOverridesMerge: the project's and the agent dir's
// compaction objects merge deeply before the model's override is looked
// up, as pi's deepMergeSettings does, so a project's override of one field
// keeps the agent dir's override of the other.
func TestCompactionModelOverridesMerge(t *testing.T) {
	t.Parallel()
	s := &piSettings{
		global: map[string]any{"compaction": map[string]any{"reserveTokens": float64(1000),
			"modelOverrides": map[string]any{"p/m": map[string]any{"reserveTokens": float64(2000), "keepRecentTokens": float64(30)}}}},
		project: map[string]any{"compaction": map[string]any{
			"modelOverrides": map[string]any{"p/m": map[string]any{"keepRecentTokens": float64(40)}}}},
	}
	if c := s.compaction("p/m"); c.ReserveTokens != 2000 || c.KeepRecentTokens != 40 {
		t.Errorf("p/m: %+v", c)
	}
	if c := s.compaction("p/other"); c.ReserveTokens != 1000 || c.KeepRecentTokens != 20000 {
		t.Errorf("p/other: %+v", c)
	}
}

// TestTransportSetting: pi's getTransport, project over global, "auto"
// when unset, and the migration of the old boolean websockets in each
// file (a transport beside it wins and the boolean stays).
func TestTransportSetting(t *testing.T) {
	t.Parallel()
	migrated := func(m map[string]any) map[string]any {
		migrateSettings(m)
		return m
	}
	cases := []struct {
		global, project map[string]any
		want            string
	}{
		{map[string]any{}, map[string]any{}, "auto"},
		{migrated(map[string]any{"websockets": true}), map[string]any{}, "websocket"},
		{migrated(map[string]any{"websockets": false}), map[string]any{}, "sse"},
		{migrated(map[string]any{"websockets": true}), migrated(map[string]any{"websockets": false}), "sse"},
		{map[string]any{"transport": "sse"}, map[string]any{"transport": "websocket-cached"}, "websocket-cached"},
		{migrated(map[string]any{"transport": "auto", "websockets": false}), map[string]any{}, "auto"},
	}
	for i, c := range cases {
		s := &piSettings{global: c.global, project: c.project}
		if got := s.transport(); got != c.want {
			t.Errorf("case %d: transport %q, want %q", i, got, c.want)
		}
	}
	m := migrated(map[string]any{"websockets": true})
	if _, left := m["websockets"]; left {
		t.Errorf("websockets kept after migration: %v", m)
	}
	if m := migrated(map[string]any{"transport": "sse", "websockets": true}); m["websockets"] != true {
		t.Errorf("websockets dropped beside a transport: %v", m)
	}
}
