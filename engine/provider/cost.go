package provider

import (
	"math"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// CalculateCost fills u.Cost from the model's prices (USD per million tokens)
// and returns it, as pi-ai's calculateCost does.
func CalculateCost(m *Model, u *Usage) UsageCost {
	rates := costRates(m.Cost, u.Input+u.CacheRead+u.CacheWrite)
	u.Cost.Input = rates.Input / 1e6 * float64(u.Input)
	u.Cost.Output = rates.Output / 1e6 * float64(u.Output)
	u.Cost.CacheRead = rates.CacheRead / 1e6 * float64(u.CacheRead)
	// pi-ai 1.6 prices cache writes that live an hour at twice the input
	// price (Anthropic's); its order of operations decides the last bit of
	// the float.
	longWrite := 0
	if u.CacheWrite1h != nil {
		longWrite = *u.CacheWrite1h
	}
	u.Cost.CacheWrite = (rates.CacheWrite*float64(u.CacheWrite-longWrite) + rates.Input*2*float64(longWrite)) / 1e6
	u.Cost.Total = u.Cost.Input + u.Cost.Output + u.Cost.CacheRead + u.Cost.CacheWrite
	fromProvider := false
	u.Cost.TotalFromProvider = &fromProvider
	return u.Cost
}

// costRates is the price of a request with inputTokens input tokens: the
// tier with the highest threshold below it, else the base price (pi-ai
// 1.6's calculateCost).
func costRates(c Cost, inputTokens int) CostTier {
	rates := CostTier{InputTokensAbove: -1, Input: c.Input, Output: c.Output, CacheRead: c.CacheRead, CacheWrite: c.CacheWrite}
	for _, t := range c.Tiers {
		if inputTokens > t.InputTokensAbove && t.InputTokensAbove > rates.InputTokensAbove {
			rates = t
		}
	}
	return rates
}

// applyOpenRouterReportedCost is pi-ai 1.6's: an OpenRouter reply's
// billed cost (usage.cost, with is_byok and cost_details as OpenRouter
// reports them) replaces the total calculated from the catalog prices,
// when the accounting is complete and valid. A key of one's own (BYOK)
// is billed the upstream cost on top of OpenRouter's fee.
func applyOpenRouterReportedCost(u *Usage, cost, isBYOK any, costDetails any) {
	reported, ok := validCost(cost)
	if !ok {
		return
	}
	fromProvider := true
	switch isBYOK {
	case false:
		u.Cost.Total = reported
		u.Cost.TotalFromProvider = &fromProvider
	case true:
		details, ok := costDetails.(map[string]any)
		if !ok {
			return
		}
		upstream, ok := validCost(details["upstream_inference_cost"])
		if v, present := details["upstream_inference_cost"]; present && v == nil {
			prompt, ok1 := validCost(details["upstream_inference_prompt_cost"])
			completion, ok2 := validCost(details["upstream_inference_completions_cost"])
			if !ok1 || !ok2 {
				return
			}
			upstream, ok = prompt+completion, true
		}
		if !ok {
			return
		}
		u.Cost.Total = reported + upstream
		u.Cost.TotalFromProvider = &fromProvider
	}
}

// validCost is a finite, non-negative JSON number.
func validCost(v any) (float64, bool) {
	f, ok := jsjson.Float64(v)
	return f, ok && !math.IsInf(f, 0) && !math.IsNaN(f) && f >= 0
}

// isOpenRouterModel is pi-ai's: the openrouter provider, or any model
// served from openrouter.ai.
func isOpenRouterModel(m *Model) bool {
	return m.Provider == "openrouter" || strings.Contains(m.BaseURL, "openrouter.ai")
}
