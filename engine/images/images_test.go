package images

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/image/bmp"
)

// picture is a w×h gradient image.
func picture(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), 90, 255})
		}
	}
	return img
}

func encoded(t *testing.T, img image.Image, enc func(*bytes.Buffer, image.Image) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := enc(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func pngOf(t *testing.T, img image.Image) []byte {
	return encoded(t, img, func(b *bytes.Buffer, i image.Image) error { return png.Encode(b, i) })
}

// dims decodes a processed image and returns its size.
func dims(t *testing.T, p Processed) (int, int) {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(p.Data)
	if err != nil {
		t.Fatal(err)
	}
	img, err := decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	return img.Bounds().Dx(), img.Bounds().Dy()
}

func TestProcessConvertsBMP(t *testing.T) {
	data := encoded(t, picture(40, 30), func(b *bytes.Buffer, i image.Image) error { return bmp.Encode(b, i) })
	for _, resize := range []bool{true, false} {
		p := Process(data, "image/bmp", resize, ResizeOptions{})
		if !p.OK || p.MimeType != "image/png" || !reflect.DeepEqual(p.Hints, []string{"[Image converted from image/bmp to image/png.]"}) {
			t.Fatalf("resize %v: %+v", resize, p)
		}
		if w, h := dims(t, p); w != 40 || h != 30 {
			t.Fatalf("converted to %dx%d", w, h)
		}
	}
	if p := Process([]byte("BM not really"), "image/bmp", true, ResizeOptions{}); p.OK || p.Message != notConverted {
		t.Fatalf("broken bmp: %+v", p)
	}
}

func TestProcessResizesLargeImages(t *testing.T) {
	data := pngOf(t, picture(3000, 1000))
	p := Process(data, "image/png", true, ResizeOptions{})
	want := "[Image: original 3000x1000, displayed at 2000x667. Multiply coordinates by 1.50 to map to original image.]"
	if !p.OK || !reflect.DeepEqual(p.Hints, []string{want}) {
		t.Fatalf("%+v", p.Hints)
	}
	if w, h := dims(t, p); w != 2000 || h != 667 {
		t.Fatalf("resized to %dx%d", w, h)
	}
	// Left alone without autoResize, or when within the limits.
	if p := Process(data, "image/png", false, ResizeOptions{}); !p.OK || p.Data != base64.StdEncoding.EncodeToString(data) || p.Hints != nil {
		t.Fatalf("autoResize off changed the image: %v", p.Hints)
	}
	small := pngOf(t, picture(20, 10))
	if p := Process(small, "image/png", true, ResizeOptions{}); !p.OK || p.Data != base64.StdEncoding.EncodeToString(small) || len(p.Hints) != 0 {
		t.Fatalf("small image changed: %v", p.Hints)
	}
	// Tall images are bounded by height.
	if p := Process(pngOf(t, picture(10, 2500)), "image/png", true, ResizeOptions{}); !p.OK {
		t.Fatal(p.Message)
	} else if w, h := dims(t, p); w != 8 || h != 2000 {
		t.Fatalf("tall image resized to %dx%d", w, h)
	}
}

// An image over the byte limit shrinks until it fits; noise compresses
// better as JPEG than as PNG.
func TestResizeFitsMaxBytes(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 300, 300))
	rng := rand.New(rand.NewSource(1))
	rng.Read(img.Pix)
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 255
	}
	r, ok := Resize(pngOf(t, img), "image/png", ResizeOptions{MaxBytes: 40000})
	if !ok || !r.WasResized || r.MimeType != "image/jpeg" || len(r.Data) >= 40000 || r.Width > 300 {
		t.Fatalf("%v %+v", ok, Resized{MimeType: r.MimeType, Width: r.Width, Height: r.Height})
	}
	if _, ok := Resize(pngOf(t, img), "image/png", ResizeOptions{MaxBytes: 10}); ok {
		t.Fatal("an image was fitted into 10 bytes")
	}
}

func TestNormalizeToolResultImages(t *testing.T) {
	text := map[string]any{"type": "text", "text": "shot"}
	small := map[string]any{"type": "image", "data": base64.StdEncoding.EncodeToString(pngOf(t, picture(4, 4))), "mimeType": "image/png"}
	content := []any{text, small}
	if out, changed := NormalizeToolResultImages(content, true, ResizeOptions{}); changed || &out[0] != &content[0] {
		t.Fatal("content within the limits was changed")
	}
	bmpData := encoded(t, picture(4, 4), func(b *bytes.Buffer, i image.Image) error { return bmp.Encode(b, i) })
	broken := map[string]any{"type": "image", "data": "!!", "mimeType": "image/bmp"}
	content = []any{text, map[string]any{"type": "image", "data": base64.StdEncoding.EncodeToString(bmpData), "mimeType": "image/bmp"}, broken}
	out, changed := NormalizeToolResultImages(content, true, ResizeOptions{})
	if !changed || len(out) != 4 || out[0].(map[string]any)["text"] != "shot" || out[1].(map[string]any)["mimeType"] != "image/png" ||
		out[2].(map[string]any)["text"] != "[Image converted from image/bmp to image/png.]" || !reflect.DeepEqual(out[3], broken) {
		t.Fatalf("%v", out)
	}
	if strings.Contains(content[1].(map[string]any)["mimeType"].(string), "png") {
		t.Fatal("the tool's content was modified in place")
	}
}

func BenchmarkResize3000x1000(b *testing.B) {
	var buf bytes.Buffer
	_ = png.Encode(&buf, picture(3000, 1000))
	for b.Loop() {
		if _, ok := Resize(buf.Bytes(), "image/png", ResizeOptions{}); !ok {
			b.Fatal("not resized")
		}
	}
}

func TestNormalizePromptImages(t *testing.T) {
	small := base64.StdEncoding.EncodeToString(pngOf(t, picture(4, 4)))
	bmpData := base64.StdEncoding.EncodeToString(encoded(t, picture(4, 4), func(b *bytes.Buffer, i image.Image) error { return bmp.Encode(b, i) }))
	kept, hints := NormalizePromptImages([]any{
		map[string]any{"type": "image", "data": small, "mimeType": "image/png"},
		map[string]any{"type": "image", "data": "bm90IGFuIGltYWdl", "mimeType": "image/tiff"},
		map[string]any{"type": "image", "data": bmpData, "mimeType": "image/bmp"},
	}, true, ResizeOptions{})
	if len(kept) != 2 || kept[0].(map[string]any)["data"] != small || kept[1].(map[string]any)["mimeType"] != "image/png" {
		t.Fatalf("kept %v", kept)
	}
	if want := []string{notConverted, "[Image converted from image/bmp to image/png.]"}; !reflect.DeepEqual(hints, want) {
		t.Fatalf("hints %q", hints)
	}
}
