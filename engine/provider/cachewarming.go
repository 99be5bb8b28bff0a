package provider

import (
	"math"
	"time"
)

// Prompt cache warming policy (pi-ai 1.6's cache-warming module): when a
// refresh is due, whether a request can be replayed, and whether a refresh
// pays for itself. Hosts own the scheduling; these functions own the numbers.

const (
	// CacheWarmingMaxAge bounds streaming warming after the real request
	// that started it.
	CacheWarmingMaxAge = 60 * time.Minute
	// CacheWarmingMaxIdleAge bounds warming while the agent sits idle.
	CacheWarmingMaxIdleAge = 30 * time.Minute
	// CacheWarmingMinimumExpectedSavings is the dollars a refresh must be
	// expected to save.
	CacheWarmingMinimumExpectedSavings = 0.05
	// CacheWarmingIdleContinuationProbability is the chance a real request
	// arrives before an idle cache entry expires.
	CacheWarmingIdleContinuationProbability = 0.15
)

// CacheWarmingDelay is when to refresh an entry that lives ttl: at 90% of it,
// keeping at least ten seconds of margin. ok is false for lifetimes of ten
// seconds or less.
func CacheWarmingDelay(ttl time.Duration) (delay time.Duration, ok bool) {
	ms := float64(ttl.Milliseconds())
	if ms <= 10_000 {
		return 0, false
	}
	d := math.Max(1, math.Floor(math.Min(ms*0.9, ms-10_000)))
	return time.Duration(d) * time.Millisecond, true
}

// PromptCacheTTL is the lifetime of the cache entry a request with retention
// ("short", "long", "none"; empty means PI_CACHE_RETENTION's choice, as
// envRetention gives it) writes. ok is false when the model has no lifetime
// for that tier or caching is off.
func PromptCacheTTL(m *Model, retention, envRetention string) (ttl time.Duration, ok bool) {
	if retention == "" {
		retention = "short"
		if envRetention == "long" {
			retention = "long"
		}
	}
	if retention == "none" || m.PromptCache == nil {
		return 0, false
	}
	var secs *float64
	switch retention {
	case "short":
		secs = m.PromptCache.Short
	case "long":
		secs = m.PromptCache.Long
	}
	if secs == nil {
		return 0, false
	}
	return time.Duration(*secs * 1000 * float64(time.Millisecond)), true
}

// CacheWarmingReplayable reports whether replaying a request with a
// one-token output cap leaves its cache entry untouched: Anthropic's
// budget-based thinking derives its budget from max_tokens, which keys the
// cache, unless the model thinks adaptively.
func CacheWarmingReplayable(m *Model, reasoning bool) bool {
	if !reasoning || m.API != APIAnthropicMessages {
		return true
	}
	return m.thinksAdaptively()
}

// CacheWarmingDecision is the economics of one refresh, as extensions see
// them in cache_warming_decision.
type CacheWarmingDecision struct {
	Phase                   string // "streaming" or "idle"
	WarmCost                float64
	MissCost                float64
	ContinuationProbability float64
	ExpectedSavings         float64
	EconomicsAvailable      bool
	Action                  string // "warm" or "stop"
}

// EvaluateCacheWarming decides whether refreshing the cache entry of a
// promptTokens-token request pays for itself in phase ("streaming" or
// "idle").
func EvaluateCacheWarming(m *Model, promptTokens int, phase string) CacheWarmingDecision {
	hit := priceOf(m, Usage{CacheRead: promptTokens})
	miss := Usage{Input: promptTokens}
	if m.Cost.CacheWrite > 0 {
		miss = Usage{CacheWrite: promptTokens}
	}
	missTotal := priceOf(m, miss)
	warm := priceOf(m, Usage{CacheRead: promptTokens, Output: 1})
	d := CacheWarmingDecision{
		Phase:                   phase,
		WarmCost:                warm,
		MissCost:                math.Max(0, missTotal-hit),
		ContinuationProbability: 1,
		EconomicsAvailable:      promptTokens > 0 && (hit > 0 || missTotal > 0),
		Action:                  "stop",
	}
	if phase == "idle" {
		d.ContinuationProbability = CacheWarmingIdleContinuationProbability
	}
	d.ExpectedSavings = d.ContinuationProbability*d.MissCost - d.WarmCost
	if d.ExpectedSavings >= CacheWarmingMinimumExpectedSavings {
		d.Action = "warm"
	}
	return d
}

func priceOf(m *Model, u Usage) float64 { return CalculateCost(m, &u).Total }
