package agentsession

import (
	"math"
	"time"

	"github.com/pigo-dev/pigo/engine/session"
)

// cacheMissNoiseFloor is pi 1.6's NOISE_FLOOR_TOKENS: per-turn misses at or
// below it are cache breakpoint granularity noise.
const cacheMissNoiseFloor = 1024

// cacheWaste is pi 1.6's computeCacheWaste result: prompt tokens that
// should have been cache reads (they were in the previous request's
// prompt) but were billed again, and what that cost.
type cacheWaste struct {
	missedTokens, missedCost float64
	missCount                int
}

// cacheMissInfo is one reply's cache miss (pi 1.6's CacheMiss).
type cacheMissInfo struct {
	missedTokens, missedCost, idleMs float64
	modelChanged                     bool
}

// previousRequest is what a cache miss is measured against (pi 1.6's
// asPreviousRequest).
type previousRequest struct {
	promptTokens  float64
	modelKey      string
	timestamp     float64
	reportedCache bool
}

// promptTokens is a usage's input, cache reads and cache writes.
func promptTokens(u map[string]any) float64 {
	return num(u["input"]) + num(u["cacheRead"]) + num(u["cacheWrite"])
}

// scanCacheMisses is pi 1.6's cache-stats scan over a session's entries:
// the session's cache waste and the miss of the last reply (nil when it
// missed nothing worth counting or the entries end in no reply).
// cacheReadPrice is a model's cache-read price per million tokens, for
// replies that read nothing from the cache.
func scanCacheMisses(entries []session.Entry, cacheReadPrice func(provider, model string) float64) (w cacheWaste, last *cacheMissInfo) {
	var prev *previousRequest
	for _, e := range entries {
		switch e["type"] {
		case "compaction", "branch_summary":
			// The context changed on purpose: the next prompt is new content.
			prev = nil
		case "usage":
			if u, _ := e["usage"].(map[string]any); e["kind"] == "cache_warm" && promptTokens(u) > 0 {
				var ts float64
				if s, _ := e["timestamp"].(string); s != "" {
					if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
						ts = float64(t.UnixMilli())
					}
				}
				prev = &previousRequest{promptTokens: promptTokens(u), modelKey: field(e, "provider") + "/" + field(e, "model"),
					timestamp: ts, reportedCache: true}
			}
		case "message":
			m, _ := e["message"].(map[string]any)
			if m["role"] != "assistant" {
				continue
			}
			u, _ := m["usage"].(map[string]any)
			last = cacheMiss(prev, m, u, cacheReadPrice)
			if last != nil {
				w.missedTokens += last.missedTokens
				w.missedCost += last.missedCost
				w.missCount++
			}
			if p := promptTokens(u); p > 0 {
				reported := prev != nil && prev.reportedCache
				prev = &previousRequest{promptTokens: p, modelKey: field(m, "provider") + "/" + field(m, "model"),
					timestamp: num(m["timestamp"]), reportedCache: reported || num(u["cacheRead"])+num(u["cacheWrite"]) > 0}
			}
		}
	}
	return w, last
}

// computeCacheWaste is pi 1.6's computeCacheWaste.
func computeCacheWaste(entries []session.Entry, cacheReadPrice func(provider, model string) float64) cacheWaste {
	w, _ := scanCacheMisses(entries, cacheReadPrice)
	return w
}

// cacheMiss is pi 1.6's detectMiss: the tokens of the previous prompt a
// reply billed again and their extra cost over cache reads; nil on a
// first turn, after a reset, for providers that never reported caching
// and for misses within the noise floor.
func cacheMiss(prev *previousRequest, m, u map[string]any, cacheReadPrice func(provider, model string) float64) *cacheMissInfo {
	prompt, read, write := promptTokens(u), num(u["cacheRead"]), num(u["cacheWrite"])
	if prev == nil || prompt <= 0 || (read+write == 0 && !prev.reportedCache) {
		return nil
	}
	missed := math.Min(prev.promptTokens, prompt) - read
	if missed <= cacheMissNoiseFloor {
		return nil
	}
	c, _ := u["cost"].(map[string]any)
	paidTokens := num(u["input"]) + write
	paidPerToken := 0.0
	if paidTokens > 0 {
		paidPerToken = (num(c["input"]) + num(c["cacheWrite"])) / paidTokens
	}
	var readPerToken float64
	if read > 0 {
		readPerToken = num(c["cacheRead"]) / read
	} else {
		provider, _ := m["provider"].(string)
		model, _ := m["model"].(string)
		readPerToken = cacheReadPrice(provider, model) / 1_000_000
	}
	return &cacheMissInfo{missedTokens: missed, missedCost: missed * math.Max(0, paidPerToken-readPerToken),
		idleMs: math.Max(0, num(m["timestamp"])-prev.timestamp), modelChanged: field(m, "provider")+"/"+field(m, "model") != prev.modelKey}
}

// latestCacheHitRate is pi 1.6's footer cache-hit rate: the share of the
// last reply's prompt read from the cache, in percent; ok is false when
// there is no reply or its prompt was empty.
func latestCacheHitRate(entries []session.Entry) (rate float64, ok bool) {
	for _, e := range entries {
		m, _ := e["message"].(map[string]any)
		if e["type"] != "message" || m["role"] != "assistant" {
			continue
		}
		u, _ := m["usage"].(map[string]any)
		if p := promptTokens(u); p > 0 {
			rate, ok = num(u["cacheRead"])/p*100, true
		} else {
			rate, ok = 0, false
		}
	}
	return rate, ok
}
