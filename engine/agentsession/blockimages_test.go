package agentsession

import (
	"encoding/json"
	"testing"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/provider"
)

// As pi's convertToLlmWithBlockImages: images of user and tool result
// messages become the placeholder, a placeholder right after another
// (also one the user wrote) is dropped, other roles and image-free
// messages are left alone, and the input is not modified.
func TestWithoutImages(t *testing.T) {
	img := map[string]any{"type": "image", "data": "AA==", "mimeType": "image/png"}
	text := func(s string) map[string]any { return map[string]any{"type": "text", "text": s} }
	in := []agent.Message{
		{"role": "user", "content": []any{text("a"), img, img, text("b"), img}},
		{"role": "toolResult", "content": []any{text(imagesDisabledText), img}},
		{"role": "assistant", "content": []any{img}},
		{"role": "user", "content": "plain"},
	}
	before, _ := json.Marshal(in)
	got, _ := json.Marshal(withoutImages(in))
	want := `[{"content":[{"text":"a","type":"text"},{"text":"Image reading is disabled.","type":"text"},{"text":"b","type":"text"},{"text":"Image reading is disabled.","type":"text"}],"role":"user"},` +
		`{"content":[{"text":"Image reading is disabled.","type":"text"}],"role":"toolResult"},` +
		`{"content":[{"data":"AA==","mimeType":"image/png","type":"image"}],"role":"assistant"},{"content":"plain","role":"user"}]`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if after, _ := json.Marshal(in); string(after) != string(before) {
		t.Errorf("input modified: %s", after)
	}
}

// The wrapper answers WarmModel as the provider it wraps, so session
// requests start cache warming; a provider without it warms nothing.
func TestImageBlockingProviderWarmModel(t *testing.T) {
	reg := provider.NewRegistry(provider.RegistryOptions{Catalog: []*provider.Model{
		{Provider: "anthropic", ID: "claude", API: provider.APIAnthropicMessages}}})
	p := imageBlockingProvider{Provider: agent.RegistryProvider{Registry: reg, Options: provider.Options{CacheRetention: "long"}}}
	req := agent.Request{Model: agent.Message{"provider": "anthropic", "id": "claude"}}
	if m, retention, _, ok := p.WarmModel(req); !ok || m.ID != "claude" || retention != "long" {
		t.Errorf("WarmModel = %v %q %v, want claude, long", m, retention, ok)
	}
	if _, _, _, ok := (imageBlockingProvider{Provider: nil}).WarmModel(req); ok {
		t.Error("a provider without WarmModel warms")
	}
}
