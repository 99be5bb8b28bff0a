package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// sessionIDExt reports the prompt cache key of every request payload.
const sessionIDExt = `
  pi.on("before_provider_request", (e: any, ctx: any) => {
    ctx.ui.notify("cachekey " + JSON.stringify(e.payload.prompt_cache_key ?? null), "info");
  });`

// TestDifferentialRPC16SessionIDRequests: pi 1.6 passes the session id to
// every request of the agent loop, so an OpenAI Responses request has
// prompt_cache_key equal to the session id get_state reports, and the new
// one after new_session. The ids are random: each side's keys are
// compared with its own session ids. (The mock answers as
// chat-completions, so each request fails once the payload is seen.)
func TestDifferentialRPC16SessionIDRequests(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:  "sessionid16",
		ext:   extSource(sessionIDExt),
		api:   "openai-responses",
		steps: []mockStep{{Text: "one"}, {Text: "two"}},
		drive: func(d *rpcDriver) {
			d.call(`{"id":"s1","type":"get_state"}`)
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"first"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			d.call(`{"id":"nw","type":"new_session"}`)
			d.call(`{"id":"s2","type":"get_state"}`)
			mark = d.mark()
			d.call(`{"id":"p2","type":"prompt","message":"second"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	keepTranscripts(sc.name, pi, pg)
	// keys names each request's prompt_cache_key by the session it equals.
	keys := func(lines []string) []string {
		ids := map[string]string{}
		var reported []string
		for _, l := range lines {
			var ev map[string]any
			if body, ok := strings.CutPrefix(l, "<< "); !ok || json.Unmarshal([]byte(body), &ev) != nil {
				continue
			}
			if ev["type"] == "response" && ev["command"] == "get_state" {
				data, _ := ev["data"].(map[string]any)
				if id, _ := data["sessionId"].(string); id != "" {
					ids[id] = ev["id"].(string)
				}
			}
			if msg, ok := ev["message"].(string); ok && strings.HasPrefix(msg, "cachekey ") {
				reported = append(reported, strings.TrimPrefix(msg, "cachekey "))
			}
		}
		var out []string
		for _, r := range reported {
			var key any
			_ = json.Unmarshal([]byte(r), &key)
			switch k, _ := key.(string); {
			case key == nil:
				out = append(out, "absent")
			case ids[k] != "":
				out = append(out, "session of "+ids[k])
			default:
				out = append(out, "other "+r)
			}
		}
		return out
	}
	piKeys, pgKeys := keys(pi), keys(pg)
	for _, want := range []string{"session of s1", "session of s2"} {
		if !slices.Contains(piKeys, want) {
			t.Fatalf("pi's requests have no prompt_cache_key equal to the %s: %v\n%s", want, piKeys, strings.Join(pi, "\n"))
		}
	}
	if !slices.Equal(piKeys, pgKeys) {
		t.Errorf("prompt_cache_key by request:\n  pi   %v\n  pigo %v", piKeys, pgKeys)
	}
}
