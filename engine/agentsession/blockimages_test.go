package agentsession

import (
	"encoding/json"
	"testing"

	"github.com/pigo-dev/pigo/engine/agent"
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
