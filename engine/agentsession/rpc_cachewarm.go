package agentsession

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/cachewarm"
)

// getCacheWarming is pigo's command for /session's Cache Warming section:
// the mode, the status line and, when the economics are known, the
// decision's cache-miss penalty and refresh cost.
func (s *rpcServer) getCacheWarming(*rpcCommand) (any, bool, error) {
	w := s.rt.agent.CacheWarmer()
	st := w.Status()
	out := ordered{{"mode", s.rt.settings.cacheWarming()}, {"status", cachewarm.FormatStatus(st, w.Now())}}
	if d := st.Decision; d != nil && d.EconomicsAvailable {
		out = append(out, member{"missCost", d.MissCost}, member{"warmCost", d.WarmCost})
	}
	return out, true, nil
}

// setCacheWarming is pigo's command for the settings selector's "Cache
// warming" entry (pi 1.6's setCacheWarmingMode): the mode is saved in the
// global settings and an active warming run follows it at once.
func (s *rpcServer) setCacheWarming(c *rpcCommand) (any, bool, error) {
	mode, _ := c.raw["mode"].(string)
	if !slices.Contains(cachewarm.Modes, mode) {
		return nil, false, fmt.Errorf("set_cache_warming: mode %q is not one of %s", jsString(orUndefined(c.raw, "mode")), strings.Join(cachewarm.Modes, ", "))
	}
	if err := s.rt.settings.set("cacheWarming", mode); err != nil {
		return nil, false, err
	}
	s.rt.agent.CacheWarmer().ModeChanged()
	return nil, false, nil
}
