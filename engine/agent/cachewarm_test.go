package agent_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/cachewarm/cachewarmtest"
	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

// A session request to a model with a cache lifetime is refreshed before
// its entry expires: cache_warming_decision sees pi's numbers, the refresh
// is the same request capped at one token, and its usage is a cache_warm
// usage entry that never enters the conversation. A handler's "stop" ends
// warming.
func TestAgentWarmsPromptCache(t *testing.T) {
	var mu sync.Mutex
	var events []map[string]any
	stop := false
	h := engine.New(engine.Options{})
	t.Cleanup(func() { h.Close(context.Background()) })
	for _, res := range h.Boot(context.Background(), []engine.PluginSpec{{ID: "warm", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		return g.Hook("cache_warming_decision", func(_ context.Context, p any) (any, error) {
			mu.Lock()
			defer mu.Unlock()
			events = append(events, engine.Clone(p).(map[string]any))
			if stop {
				return map[string]any{"action": "stop"}, nil
			}
			return nil, nil
		}, "")
	})}}) {
		if !res.OK {
			t.Fatal(res.Err)
		}
	}
	reg := provider.NewRegistry(provider.RegistryOptions{})
	cost := provider.Cost{Input: 150, Output: 750, CacheRead: 15, CacheWrite: 187.5}
	short := 300.0
	script := provider.NewScripted(provider.ScriptedOptions{Models: []provider.ModelDefinition{{ID: "cached", Cost: &cost,
		PromptCache: &provider.PromptCache{Short: &short}}}})
	if err := script.Register(reg); err != nil {
		t.Fatal(err)
	}
	script.Queue(provider.ReplyText("ok"), provider.ReplyText("w"), provider.ReplyText("w"))
	clock := cachewarmtest.NewClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	prov := &recordingProvider{RegistryProvider: agent.RegistryProvider{Registry: reg}}
	a := agent.New(agent.Options{Host: h, Provider: prov, Model: agent.ModelMap(script.Models()[0]),
		CacheWarmClock: clock})
	piapi.Of(h).SetAgent(a)
	if err := a.Prompt(context.Background(), strings.Repeat("x", 40_000), agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	st := a.CacheWarmer().Status()
	if st.State != "scheduled" || st.Decision == nil || st.Decision.Phase != "idle" || st.Decision.Action != "warm" {
		t.Fatalf("status after the run: %+v", st)
	}
	msgs := len(a.Messages())
	clock.Advance(270 * time.Second)
	tree := piapi.Of(h).Session()
	var usage []map[string]any
	for _, e := range tree.Branch("") {
		if e["type"] == "usage" {
			usage = append(usage, e)
		}
	}
	if len(events) != 1 || len(usage) != 1 {
		t.Fatalf("%d decisions, %d usage entries", len(events), len(usage))
	}
	if len(prov.reqs) != 2 {
		t.Fatalf("%d requests, want the prompt's and its refresh", len(prov.reqs))
	}
	orig, refresh := prov.reqs[0], prov.reqs[1]
	if refresh.MaxTokens != 1 || !refresh.NoRetries || refresh.OnEvent != nil || orig.NoRetries ||
		refresh.SystemPrompt != orig.SystemPrompt || len(refresh.Messages) != len(orig.Messages) {
		t.Fatalf("refresh request %+v", refresh)
	}
	last, _ := a.Messages()[msgs-1]["usage"].(map[string]any)
	prompt := int(compaction.Number(last["input"]) + compaction.Number(last["cacheRead"]) + compaction.Number(last["cacheWrite"]))
	if prompt < 10_000 {
		t.Fatalf("prompt of %d tokens", prompt)
	}
	want := provider.EvaluateCacheWarming(script.Models()[0], prompt, "idle")
	if ev := events[0]; ev["type"] != "cache_warming_decision" || ev["action"] != "warm" || ev["continuationProbability"] != 0.15 ||
		ev["warmCost"] != want.WarmCost || ev["missCost"] != want.MissCost {
		t.Fatalf("event %v, want costs %v / %v", ev, want.WarmCost, want.MissCost)
	}
	u := usage[0]
	if u["kind"] != "cache_warm" || u["provider"] != script.Models()[0].Provider || u["model"] != "cached" || u["note"] != nil {
		t.Fatalf("usage entry %v", u)
	}
	if us, _ := u["usage"].(map[string]any); us == nil || compaction.Number(us["totalTokens"]) < 10_000 {
		t.Fatalf("usage %v", u["usage"])
	}
	if len(a.Messages()) != msgs {
		t.Fatal("the refresh entered the conversation")
	}
	mu.Lock()
	stop = true
	mu.Unlock()
	clock.Advance(270 * time.Second)
	if st := a.CacheWarmer().Status(); st.Reason != "stopped by extension" || len(events) != 2 {
		t.Fatalf("after stop: %+v, %d decisions", st, len(events))
	}
	clock.Advance(time.Hour)
	if len(events) != 2 {
		t.Fatalf("warming went on after stop: %d decisions", len(events))
	}
}

// recordingProvider records the requests it streams.
type recordingProvider struct {
	agent.RegistryProvider
	mu   sync.Mutex
	reqs []agent.Request
}

func (p *recordingProvider) Stream(ctx context.Context, req agent.Request) (agent.Message, error) {
	p.mu.Lock()
	p.reqs = append(p.reqs, req)
	p.mu.Unlock()
	return p.RegistryProvider.Stream(ctx, req)
}

// TestCacheWarmRefreshProviderEvents: a refresh is the session request's
// replay with its hooks, as pi's warmer replays the request's options:
// before_provider_request, after_provider_response and each raw stream
// event (provider_stream_event) reach extensions for it too.
func TestCacheWarmRefreshProviderEvents(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("X-Reply", "warm")
		for _, d := range []string{
			`{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"ok"}}]}`,
			`{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
			`{"id":"c","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":20000,"completion_tokens":1,"total_tokens":20001}}`,
			"[DONE]",
		} {
			fmt.Fprintf(w, "data: %s\n\n", d)
		}
	}))
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	modelsJSON := `{"providers": {"warm": {"baseUrl": "` + srv.URL + `", "api": "openai-completions", "apiKey": "k",
		"models": [{"id": "cached", "cost": {"input": 150, "output": 750, "cacheRead": 15, "cacheWrite": 187.5}, "promptCache": {"short": 300}}]}}}`
	if err := os.WriteFile(filepath.Join(dir, "models.json"), []byte(modelsJSON), 0o600); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	seen := map[string]int{}
	h := engine.New(engine.Options{})
	t.Cleanup(func() { h.Close(context.Background()) })
	for _, res := range h.Boot(context.Background(), []engine.PluginSpec{{ID: "ext", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		count := func(_ context.Context, p any) (any, error) {
			mu.Lock()
			defer mu.Unlock()
			seen[p.(map[string]any)["type"].(string)]++
			return nil, nil
		}
		for _, typ := range []string{"after_provider_response", "provider_stream_event"} {
			if err := g.On(typ, func(ctx context.Context, p any) error { _, err := count(ctx, p); return err }); err != nil {
				return err
			}
		}
		return g.Hook("before_provider_request", count, "")
	})}}) {
		if !res.OK {
			t.Fatal(res.Err)
		}
	}
	reg := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	m, ok := reg.Find("warm", "cached")
	if !ok {
		t.Fatalf("model not found: %v", reg.Problems())
	}
	clock := cachewarmtest.NewClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	a := agent.New(agent.Options{Host: h, Provider: agent.RegistryProvider{Registry: reg}, Model: agent.ModelMap(m), CacheWarmClock: clock})
	piapi.Of(h).SetAgent(a)
	if err := a.Prompt(context.Background(), "hi", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	first := maps.Clone(seen)
	mu.Unlock()
	if first["before_provider_request"] != 1 || first["after_provider_response"] != 1 || first["provider_stream_event"] != 3 {
		t.Fatalf("the prompt's events: %v", first)
	}
	if st := a.CacheWarmer().Status(); st.State != "scheduled" {
		t.Fatalf("warming %+v", st)
	}
	clock.Advance(270 * time.Second)
	mu.Lock()
	defer mu.Unlock()
	for typ, n := range first {
		if seen[typ] != 2*n {
			t.Errorf("%s: %d for the prompt, %d after its refresh", typ, n, seen[typ])
		}
	}
}
