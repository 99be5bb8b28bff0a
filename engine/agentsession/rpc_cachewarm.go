package agentsession

import "github.com/pigo-dev/pigo/engine/cachewarm"

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
