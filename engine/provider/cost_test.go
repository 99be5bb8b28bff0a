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
