package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDifferentialRPC16HTTPIdleTimeout: httpIdleTimeoutMs ends a stream
// that stalls after its first chunk as pi 1.6 does (the reply's error).
func TestDifferentialRPC16HTTPIdleTimeout(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:     "httpidle16",
		ext:      extSource(""),
		settings: `{"httpIdleTimeoutMs": 300, "retry": {"enabled": false}}`,
		steps:    []mockStep{{Chunks: []string{"par"}, Text: "par", Hang: true}},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"stall"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	errs := func(lines []string) []string {
		var out []string
		for _, l := range lines {
			var ev struct {
				Type    string         `json:"type"`
				Message map[string]any `json:"message"`
			}
			if body, ok := strings.CutPrefix(l, "<< "); ok && json.Unmarshal([]byte(body), &ev) == nil && ev.Type == "message_end" {
				if e, ok := ev.Message["errorMessage"].(string); ok {
					out = append(out, ev.Message["stopReason"].(string)+": "+e)
				}
			}
		}
		return out
	}
	piE, pgE := errs(pi), errs(pg)
	t.Logf("pi %q pigo %q", piE, pgE)
	if len(piE) != 1 || strings.Join(piE, "\n") != strings.Join(pgE, "\n") {
		keepTranscripts(sc.name, pi, pg)
		t.Errorf("errors differ: pi %q, pigo %q", piE, pgE)
	}
}
