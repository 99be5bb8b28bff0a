package provider_test

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/provider"
)

// TestCopilotCatalogMatchesPiAI: pigo's github-copilot models are pi-ai
// 1.6's chat models (providers/data/github-copilot.json), in its order and
// field for field: prices with their tiers, thinking-level maps (max
// included), compat flags, headers, input limits.
func TestCopilotCatalogMatchesPiAI(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../node_modules/@earendil-works/pi-ai/dist/providers/data/github-copilot.json")
	if err != nil {
		t.Skip("pi-ai 1.6 absent:", err)
	}
	parsed, err := jsjson.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var want []any
	for _, group := range *parsed.(*jsjson.Object) {
		for _, entry := range *group.Value.(*jsjson.Object) {
			m := jsjson.Plain(entry.Value).(map[string]any)
			if m["type"] != "chat" {
				continue
			}
			delete(m, "type")
			want = append(want, m)
		}
	}
	var got []any
	for _, m := range provider.BuiltinModels() {
		if m.Provider == "github-copilot" {
			got = append(got, m)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d Copilot models, pi-ai 1.6 has %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		g := asData(t, got[i])
		if !reflect.DeepEqual(g, asData(t, want[i])) {
			gb, _ := json.Marshal(g)
			wb, _ := json.Marshal(want[i])
			t.Errorf("model %d:\n got %s\nwant %s", i, gb, wb)
		}
	}
}
