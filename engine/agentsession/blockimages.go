package agentsession

import (
	"context"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/provider"
)

// imagesDisabledText replaces an image the model may not see (pi's
// images.blockImages).
const imagesDisabledText = "Image reading is disabled."

// imageBlockingProvider is pi's images.blockImages (sdk.js's
// convertToLlmWithBlockImages): while the setting is on (it is read at
// each request, so a change mid-session counts), the images of user and
// tool result messages reach the model as imagesDisabledText, repeated
// placeholders once.
type imageBlockingProvider struct {
	agent.Provider
	blocked func() bool
}

func (p imageBlockingProvider) Stream(ctx context.Context, req agent.Request) (agent.Message, error) {
	if p.blocked() {
		req.Messages = withoutImages(req.Messages)
	}
	return p.Provider.Stream(ctx, req)
}

// withoutImages returns msgs with the images of user and tool result
// messages replaced; msgs is not modified.
func withoutImages(msgs []agent.Message) []agent.Message {
	out := make([]agent.Message, len(msgs))
	for i, m := range msgs {
		out[i] = m
		if m["role"] != "user" && m["role"] != "toolResult" {
			continue
		}
		content, ok := m["content"].([]any)
		if !ok || !hasImage(content) {
			continue
		}
		// pi maps images to the text, then drops a placeholder that
		// follows another one (of the mapped list).
		var kept []any
		prevPlaceholder := false
		for _, c := range content {
			block, _ := c.(map[string]any)
			if block["type"] == "image" {
				block = map[string]any{"type": "text", "text": imagesDisabledText}
				c = block
			}
			placeholder := block["type"] == "text" && block["text"] == imagesDisabledText
			if !(placeholder && prevPlaceholder) {
				kept = append(kept, c)
			}
			prevPlaceholder = placeholder
		}
		copied := make(agent.Message, len(m))
		for k, v := range m {
			copied[k] = v
		}
		copied["content"] = kept
		out[i] = copied
	}
	return out
}

func hasImage(content []any) bool {
	for _, c := range content {
		if b, ok := c.(map[string]any); ok && b["type"] == "image" {
			return true
		}
	}
	return false
}

// WarmModel passes the wrapped provider's answer on, so that the session's
// requests still start cache warming (an embedded interface does not
// promote it).
func (p imageBlockingProvider) WarmModel(req agent.Request) (*provider.Model, string, string, bool) {
	if wm, ok := p.Provider.(agent.WarmModeler); ok {
		return wm.WarmModel(req)
	}
	return nil, "", "", false
}
