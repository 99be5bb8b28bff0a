package agentsession

import (
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/images"
)

// toolResultImages is pi 1.6's normalizeToolResultImages for a tool
// result's content: each image is converted to a format models take and,
// with autoResize (images.autoResize), fitted to 2000x2000; one that
// changed is followed by a text block with the notes. Content without
// images, or whose images need nothing, comes back as it is.
func toolResultImages(cs []engine.Content, autoResize bool) []engine.Content {
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
	out, changed := images.NormalizeToolResultImages(data, autoResize, images.ResizeOptions{})
	if !changed {
		return cs
	}
	normalized, err := engine.ContentFromData(out)
	if err != nil {
		return cs
	}
	return normalized
}
