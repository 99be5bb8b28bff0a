package cachewarm

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

func dollars(v float64) string {
	if v < 0 {
		return "-$" + ToFixed(math.Abs(v), 3)
	}
	return "$" + ToFixed(v, 3)
}

func economics(d *provider.CacheWarmingDecision) string {
	if !d.EconomicsAvailable {
		return "cache economics unavailable"
	}
	p := fmt.Sprintf("%d%% continuation probability", int(math.Floor(d.ContinuationProbability*100+0.5)))
	if d.Phase == "streaming" {
		p += " while agent is running"
	}
	cmp := "<"
	if d.Action == "warm" {
		cmp = ">="
	}
	return fmt.Sprintf("%s, expected savings %s %s $%.3f", p, dollars(d.ExpectedSavings), cmp, provider.CacheWarmingMinimumExpectedSavings)
}

func decisionTime(next, now time.Time) string {
	if next.IsZero() || !next.After(now) {
		return "Decision now"
	}
	ms := next.Sub(now).Milliseconds()
	rem := (ms + 999) / 1000
	h, m, s := rem/3600, rem%3600/60, rem%60
	var parts []string
	if h > 0 {
		parts = append(parts, fmt.Sprintf("%dh", h))
	}
	if m > 0 {
		parts = append(parts, fmt.Sprintf("%dm", m))
	}
	if s > 0 || len(parts) == 0 {
		parts = append(parts, fmt.Sprintf("%ds", s))
	}
	return "Decision in " + strings.Join(parts, " ")
}

// FormatStatus is the one-line cache warming status /session shows.
func FormatStatus(s Status, now time.Time) string {
	d := s.Decision
	if d == nil || (s.State == "inactive" && !d.EconomicsAvailable && !s.ExtensionOverride) {
		reason := s.Reason
		if reason == "" {
			reason = "unknown reason"
		}
		return "Inactive (" + reason + ")"
	}
	details := economics(d) + " -> " + d.Action
	if s.ExtensionOverride {
		details = "extension override, " + economics(d)
	}
	switch s.State {
	case "inactive":
		return "Stopped (" + details + ")"
	case "refreshing":
		return "Warming cache (" + details + ")"
	}
	return decisionTime(s.NextWarmAt, now) + " (" + details + ")"
}

var trailingZeros = regexp.MustCompile(`(\.\d{3}\d*?)0+$`)

// FormatUsage is the transcript line for the total cost of one or more
// consecutive cache warms.
func FormatUsage(totalCost float64, note string) string {
	if note != "" {
		note = " (" + note + ")"
	}
	return "Cache warmed" + note + ": $" + trailingZeros.ReplaceAllString(ToFixed(totalCost, 6), "$1")
}

// Now is the warmer's clock's time.
func (w *Warmer) Now() time.Time { return w.cfg.Clock.Now() }
