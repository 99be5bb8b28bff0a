package provider_test

import (
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
