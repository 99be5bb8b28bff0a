package agentsession

import "sort"

// entryUsage is the usage an entry adds to the session's totals and the
// key pi 1.6's getUsageCostBreakdown files it under: provider/model for
// replies (the model the provider reported, if any) and usage entries,
// "Tools/summaries" for tool results and summaries. u is nil for an
// entry that carries none.
func entryUsage(e map[string]any) (key string, u map[string]any) {
	switch e["type"] {
	case "usage":
		u, _ = e["usage"].(map[string]any)
		return field(e, "provider") + "/" + field(e, "model"), u
	case "branch_summary", "compaction":
		u, _ = e["usage"].(map[string]any)
		return "Tools/summaries", u
	case "message":
		m, _ := e["message"].(map[string]any)
		u, _ = m["usage"].(map[string]any)
		switch m["role"] {
		case "assistant":
			model := "responseModel"
			if m[model] == nil {
				model = "model"
			}
			return field(m, "provider") + "/" + field(m, model), u
		case "toolResult":
			return "Tools/summaries", u
		}
	}
	return "", nil
}

// field is m[k] in a JS template literal ("undefined" when absent).
func field(m map[string]any, k string) string {
	v, ok := m[k]
	if !ok {
		return jsString(omitted)
	}
	return jsString(v)
}

// usageTokens is a usage's input, output and cache tokens together.
func usageTokens(u map[string]any) float64 {
	return num(u["input"]) + num(u["output"]) + num(u["cacheRead"]) + num(u["cacheWrite"])
}

// usageCost is a usage's total cost.
func usageCost(u map[string]any) float64 {
	c, _ := u["cost"].(map[string]any)
	return num(c["total"])
}

// getUsageBreakdown is pigo's command for /session's per-model costs,
// pi 1.6's getUsageCostBreakdown over every entry: cost and tokens per
// key, empty keys dropped, the most expensive first (ties keep the order
// the keys first appeared in), and the selected model's key.
func (s *rpcServer) getUsageBreakdown(*rpcCommand) (any, bool, error) {
	type total struct {
		key          string
		cost, tokens float64
	}
	var totals []*total
	byKey := map[string]*total{}
	for _, e := range s.rt.tree().Entries() {
		key, u := entryUsage(e)
		if key == "" || u == nil {
			continue
		}
		t := byKey[key]
		if t == nil {
			t = &total{key: key}
			byKey[key] = t
			totals = append(totals, t)
		}
		t.cost += usageCost(u)
		t.tokens += usageTokens(u)
	}
	sort.SliceStable(totals, func(i, j int) bool { return totals[i].cost > totals[j].cost })
	out := []any{}
	for _, t := range totals {
		if t.cost > 0 || t.tokens > 0 {
			out = append(out, ordered{{"key", t.key}, {"cost", t.cost}, {"tokens", t.tokens}})
		}
	}
	selected := "undefined/undefined" // pi's template over a missing model
	if m := s.rt.agent.Model(); m != nil {
		selected = field(m, "provider") + "/" + field(m, "id")
	}
	waste := computeCacheWaste(s.rt.tree().Entries(), s.cacheReadPrice)
	return ordered{{"models", out}, {"selected", selected},
		{"cacheWaste", ordered{{"missedTokens", waste.missedTokens}, {"missedCost", waste.missedCost}, {"missCount", waste.missCount}}}}, true, nil
}

// cacheReadPrice is a catalog model's cache-read price, 0 for one the
// registry does not list.
func (s *rpcServer) cacheReadPrice(provider, model string) float64 {
	if m, ok := s.rt.reg.Find(provider, model); ok {
		return m.Cost.CacheRead
	}
	return 0
}

// getCacheMiss is pigo's command for the transcript's cache-miss notices:
// the latest reply's cache miss as pi 1.6's detectCacheMiss measures it,
// no data when it missed nothing worth counting.
func (s *rpcServer) getCacheMiss(*rpcCommand) (any, bool, error) {
	_, miss := scanCacheMisses(s.rt.tree().Entries(), s.cacheReadPrice)
	if miss == nil {
		return nil, true, nil
	}
	return ordered{{"missedTokens", miss.missedTokens}, {"missedCost", miss.missedCost}, {"idleMs", miss.idleMs},
		{"modelChanged", miss.modelChanged}}, true, nil
}

// getFooterUsage is pigo's command for the footer's cache and billing
// marks (pi 1.6's footer): the latest reply's cache-hit rate (absent
// without one) and whether the selected model's provider is used through
// a subscription.
func (s *rpcServer) getFooterUsage(*rpcCommand) (any, bool, error) {
	out := ordered{}
	if rate, ok := latestCacheHitRate(s.rt.tree().Entries()); ok {
		out = append(out, member{"cacheHitRate", rate})
	}
	sub := false
	if m := s.rt.agent.Model(); m != nil {
		p, _ := m["provider"].(string)
		// pi 1.6: Kimi Coding is subscription-backed despite its API keys.
		sub = p == "kimi-coding" || s.rt.reg.IsUsingSubscription(p)
	}
	return append(out, member{"subscription", sub}), true, nil
}

// getRoutedModel is pigo's command for the footer's routed model: pi
// 1.6's routedModel, the physical model and thinking level of the latest
// response under a virtual selection; no data otherwise.
func (s *rpcServer) getRoutedModel(*rpcCommand) (any, bool, error) {
	r := s.rt.agent.RoutedModel()
	if r == nil {
		return nil, true, nil
	}
	out := ordered{{"model", r.Model}}
	if r.Thinking != "" {
		out = append(out, member{"thinkingLevel", r.Thinking})
	}
	return out, true, nil
}
