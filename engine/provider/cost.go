package provider

// CalculateCost fills u.Cost from the model's prices (USD per million tokens)
// and returns it, as pi-ai's calculateCost does.
func CalculateCost(m *Model, u *Usage) UsageCost {
	u.Cost.Input = m.Cost.Input / 1e6 * float64(u.Input)
	u.Cost.Output = m.Cost.Output / 1e6 * float64(u.Output)
	u.Cost.CacheRead = m.Cost.CacheRead / 1e6 * float64(u.CacheRead)
	// pi-ai 1.6 prices cache writes that live an hour at twice the input
	// price (Anthropic's); its order of operations decides the last bit of
	// the float.
	longWrite := 0
	if u.CacheWrite1h != nil {
		longWrite = *u.CacheWrite1h
	}
	u.Cost.CacheWrite = (m.Cost.CacheWrite*float64(u.CacheWrite-longWrite) + m.Cost.Input*2*float64(longWrite)) / 1e6
	u.Cost.Total = u.Cost.Input + u.Cost.Output + u.Cost.CacheRead + u.Cost.CacheWrite
	fromProvider := false
	u.Cost.TotalFromProvider = &fromProvider
	return u.Cost
}
