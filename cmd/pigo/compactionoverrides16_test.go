package main

import (
	"strings"
	"testing"
)

// TestDifferentialRPC16CompactionModelOverrides: compaction.modelOverrides
// against pi 1.6: the override for the selected "provider/modelId" sets
// keepRecentTokens (the ordinary setting keeps everything; the override
// keeps little, so the summary request covers more), and switching model
// switches to that model's override.
func TestDifferentialRPC16CompactionModelOverrides(t *testing.T) {
	sides := pi16Sides(t)
	long := strings.Repeat("word ", 200)
	sc := diffScenario{
		name:      "compactionoverrides16",
		twoModels: true,
		ext:       extSource(""),
		settings: `{"compaction": {"keepRecentTokens": 100000, "reserveTokens": 16384,
  "modelOverrides": {"mock/mock-1": {"keepRecentTokens": 50}, "mock/mock-2": {"keepRecentTokens": 200}}}}`,
		steps: []mockStep{{Text: "one"}, {Text: "two"}, {Text: "three"}, {Text: "SUMMARY"}, {Text: "SUMMARY2"}},
		drive: func(d *rpcDriver) {
			for _, id := range []string{"p1", "p2", "p3"} {
				mark := d.mark()
				d.call(`{"id":"` + id + `","type":"prompt","message":"` + long + id + `"}`)
				d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			}
			d.call(`{"id":"c1","type":"compact"}`)
			d.call(`{"id":"sm","type":"set_model","provider":"mock","modelId":"mock-2"}`)
			d.call(`{"id":"c2","type":"compact"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	compareTranscriptsWith(t, sc.name, project16(pi, false), project16(pg, false), false)
}
