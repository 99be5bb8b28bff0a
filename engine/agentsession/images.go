package agentsession

import (
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/images"
)

// imageLimits is where images are fitted before they enter the
// conversation: the inputLimits.images.resize of pi's limitsModel (the
// physical model a virtual selection last routed to, else the current
// one), pi's defaults for what it leaves unset.
func (rt *agentRuntime) imageLimits() images.ResizeOptions {
	if rt.agent == nil {
		return images.ResizeOptions{}
	}
	model := rt.agent.Model()
	if r := rt.agent.RoutedModel(); r != nil {
		model = r.Model
	}
	return resizeLimits(model)
}

// resizeLimits reads a model object's inputLimits.images.resize.
func resizeLimits(model agent.Message) images.ResizeOptions {
	limits, _ := model["inputLimits"].(map[string]any)
	imgs, _ := limits["images"].(map[string]any)
	resize, _ := imgs["resize"].(map[string]any)
	num := func(k string) int {
		f, _ := resize[k].(float64)
		return int(f)
	}
	return images.ResizeOptions{MaxWidth: num("maxWidth"), MaxHeight: num("maxHeight"), MaxBytes: num("maxBytes"), JPEGQuality: num("jpegQuality")}
}

// toolResultImages is pi 1.6's normalizeToolResultImages for a tool
// result's content: each image is converted to a format models take and,
// with autoResize (images.autoResize), fitted to 2000x2000; one that
// changed is followed by a text block with the notes. Content without
// images, or whose images need nothing, comes back as it is.
func toolResultImages(cs []engine.Content, autoResize bool, limits images.ResizeOptions) []engine.Content {
	data := make([]any, 0, len(cs))
	hasImage := false
	for _, c := range cs {
		if c.Type == "image" {
			hasImage = true
			data = append(data, map[string]any{"type": "image", "data": c.Data, "mimeType": c.MimeType})
		} else {
			data = append(data, map[string]any{"type": c.Type, "text": c.Text})
		}
	}
	if !hasImage {
		return cs
	}
	out, changed := images.NormalizeToolResultImages(data, autoResize, limits)
	if !changed {
		return cs
	}
	normalized, err := engine.ContentFromData(out)
	if err != nil {
		return cs
	}
	return normalized
}
