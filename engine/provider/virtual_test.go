package provider

import (
	"encoding/json"
	"testing"
)

// A virtual model's catalog entry is pi's createVirtualModel; it hides a
// physical model of its provider with the same id (one a later catalog
// change added) until it is removed, and keeps its place across provider
// registrations.
func TestVirtualModelsInRegistry(t *testing.T) {
	v := NewVirtualModel(VirtualDefinition{Provider: "mock", ID: "m", Name: "Auto", ThinkingLevels: []ThinkingLevel{"low", "high"}, ContextWindow: 100})
	b, _ := json.Marshal(v)
	want := `{"id":"m","name":"Auto","api":"pi-virtual","provider":"mock","baseUrl":"","reasoning":true,` +
		`"thinkingLevelMap":{"high":"high","low":"low","max":null,"medium":null,"minimal":null,"off":null,"xhigh":null},` +
		`"input":["text","image"],"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0},"contextWindow":100,"maxTokens":0}`
	if string(b) != want {
		t.Errorf("virtual model\n got %s\nwant %s", b, want)
	}
	if off := NewVirtualModel(VirtualDefinition{Provider: "p", ID: "x"}); off.Reasoning || *off.ThinkingLevelMap[ThinkingOff] != "off" {
		t.Errorf("default levels: %+v", off)
	}

	reg := NewRegistry(RegistryOptions{Catalog: []*Model{{Provider: "mock", ID: "m", API: APIOpenAICompletions}, {Provider: "mock", ID: "n", API: APIOpenAICompletions}}})
	reg.SetVirtualModels([]*Model{v})
	count := func() (virtual, physical int) {
		for _, m := range reg.All() {
			if m.Provider == "mock" && m.ID == "m" {
				if m.IsVirtual() {
					virtual++
				} else {
					physical++
				}
			}
		}
		return
	}
	if vn, pn := count(); vn != 1 || pn != 0 {
		t.Fatalf("mock/m: %d virtual, %d physical; want the virtual one only", vn, pn)
	}
	if reg.HasAuth("mock") {
		t.Error("a virtual model gave its physical provider credentials")
	}
	if err := reg.RegisterProvider("mock", ProviderConfig{BaseURL: "http://other"}); err != nil {
		t.Fatal(err)
	}
	if vn, pn := count(); vn != 1 || pn != 0 {
		t.Fatalf("after registerProvider mock/m: %d virtual, %d physical", vn, pn)
	}
	reg.SetVirtualModels(nil)
	if vn, pn := count(); vn != 0 || pn != 1 {
		t.Fatalf("after removal mock/m: %d virtual, %d physical; want the physical one back", vn, pn)
	}
}
