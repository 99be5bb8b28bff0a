package agentsession

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"testing"

	"golang.org/x/image/bmp"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/images"
)

func encodedImage(t *testing.T, w, h int, enc func(*bytes.Buffer, image.Image) error) string {
	t.Helper()
	var b bytes.Buffer
	if err := enc(&b, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// TestToolResultImages: pi 1.6 converts a tool's BMP to PNG with a note,
// resizes a large image only with images.autoResize, and leaves other
// results alone.
func TestToolResultImages(t *testing.T) {
	text := engine.Content{Type: "text", Text: "shot"}
	bmpData := encodedImage(t, 4, 4, func(b *bytes.Buffer, i image.Image) error { return bmp.Encode(b, i) })
	got := toolResultImages([]engine.Content{text, {Type: "image", Data: bmpData, MimeType: "image/bmp"}}, true, images.ResizeOptions{})
	if len(got) != 3 || got[0] != text || got[1].MimeType != "image/png" || got[2].Text != "[Image converted from image/bmp to image/png.]" {
		t.Fatalf("bmp: %+v", got)
	}
	big := engine.Content{Type: "image", Data: encodedImage(t, 2500, 10, func(b *bytes.Buffer, i image.Image) error { return png.Encode(b, i) }), MimeType: "image/png"}
	if got := toolResultImages([]engine.Content{big}, false, images.ResizeOptions{}); len(got) != 1 || got[0] != big {
		t.Fatal("autoResize off changed a large image")
	}
	got = toolResultImages([]engine.Content{big}, true, images.ResizeOptions{})
	if len(got) != 2 || got[0].Data == big.Data || got[1].Text != "[Image: original 2500x10, displayed at 2000x8. Multiply coordinates by 1.25 to map to original image.]" {
		t.Fatalf("large image: %+v", got[len(got)-1])
	}
	// A model's inputLimits.images.resize is the box (pi's limitsModel).
	limits := resizeLimits(map[string]any{"inputLimits": map[string]any{"images": map[string]any{"resize": map[string]any{"maxWidth": 1000.0}}}})
	if limits != (images.ResizeOptions{MaxWidth: 1000}) {
		t.Fatalf("limits %+v", limits)
	}
	got = toolResultImages([]engine.Content{big}, true, limits)
	if len(got) != 2 || got[1].Text != "[Image: original 2500x10, displayed at 1000x4. Multiply coordinates by 2.50 to map to original image.]" {
		t.Fatalf("large image for a model fitting 1000 wide: %+v", got[len(got)-1])
	}
	if resizeLimits(map[string]any{"id": "m"}) != (images.ResizeOptions{}) {
		t.Error("a model without inputLimits gets pi's defaults")
	}
	plain := []engine.Content{text}
	if got := toolResultImages(plain, true, images.ResizeOptions{}); &got[0] != &plain[0] {
		t.Fatal("a text result was copied")
	}
}
