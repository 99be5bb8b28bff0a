package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// vfooterExt registers router/auto, a virtual model that sends odd user
// turns to mock-1 and even ones to mock-2 at the selected level.
const vfooterExt = `export default function (pi) {
  pi.registerVirtualModel({
    provider: "router", id: "auto", name: "Auto", thinkingLevels: ["low", "high"], contextWindow: 50000,
    route(request, ctx) {
      const turns = request.messages.filter((m) => m.role === "user").length;
      return { model: ctx.modelRegistry.find("mock", turns % 2 ? "mock-1" : "mock-2"), thinkingLevel: request.thinkingLevel };
    },
  });
}
`

// vfooterModels gives the mock provider two priced models with their own
// context windows; mock-2 reasons.
func vfooterModels(t *testing.T, agentDir string) {
	path := filepath.Join(agentDir, "models.json")
	data, err := os.ReadFile(path)
	must(t, err)
	var cfg map[string]map[string]map[string]any
	must(t, json.Unmarshal(data, &cfg))
	cfg["providers"]["mock"]["models"] = []any{
		map[string]any{"id": "mock-1", "name": "Mock One", "contextWindow": 64000,
			"cost": map[string]any{"input": 1000, "output": 2000, "cacheRead": 0, "cacheWrite": 0}},
		map[string]any{"id": "mock-2", "name": "Mock Two", "reasoning": true, "contextWindow": 32000,
			"cost": map[string]any{"input": 3000, "output": 4000, "cacheRead": 0, "cacheWrite": 0}},
	}
	data, err = json.Marshal(cfg)
	must(t, err)
	must(t, os.WriteFile(path, data, 0o644))
}

// TestTUIDifferentialVirtualModel16: under a virtual selection pi 1.6
// and pigo show the same footer (the selection, → the physical model and
// level of the latest response, context use against that model's window)
// after replies from each of two models, and the same /session (the cost
// of each physical model); the session id is masked.
func TestTUIDifferentialVirtualModel16(t *testing.T) {
	node, cli := pi16Command(t)
	steps := func() []mockStep { return []mockStep{{Text: "first reply"}, {Text: "second reply", Model: "mock-2"}} }
	tail := func(s string, n int) string {
		lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
		return strings.Join(lines[max(0, len(lines)-n):], "\n")
	}
	from := func(s, marker string) string {
		if i := strings.LastIndex(s, marker); i >= 0 {
			return s[i:]
		}
		return "(no " + marker + ")\n" + s
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		setup := func(work, agentDir string) {
			vfooterModels(t, agentDir)
			must(t, os.WriteFile(filepath.Join(work, "vr.ts"), []byte(vfooterExt), 0o644))
		}
		tt := startPTYSetup(t, setup, side, steps(), "--model", "router/auto", "--thinking", "high", "-e", "vr.ts", "--no-session")
		tt.waitFor("auto • high")
		time.Sleep(500 * time.Millisecond) // pi takes keys once its startup finished
		add(tail(tt.screen(), 2))
		tt.keys("one", "\r")
		tt.waitFor("first reply", "→ mock-1")
		time.Sleep(300 * time.Millisecond)
		add(tail(tt.screen(), 2))
		tt.keys("two", "\r")
		tt.waitFor("second reply", "→ mock-2")
		time.Sleep(300 * time.Millisecond)
		add(tail(tt.screen(), 2))
		tt.keys("/session", "\r")
		tt.waitFor("Session Info", "Cost")
		time.Sleep(300 * time.Millisecond)
		s := from(tt.screen(), " Session Info")
		add(s[:strings.Index(s, "────")])
		tt.keys("\x04")
		tt.exit()
	})
	id := regexp.MustCompile(`ID: [0-9a-f-]+`)
	compareScreens(t, screens, func(s string) string { return id.ReplaceAllString(s, "ID: <id>") })
	if len(screens["pigo"]) < 4 || !strings.Contains(screens["pigo"][3], "mock/mock-2:") {
		t.Errorf("no per-model costs in pigo's /session: %q", screens["pigo"])
	}
}
