package provider

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
