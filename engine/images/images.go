// Package images prepares images for the model as pi 1.6 does: formats
// models do not take (BMP) are converted to PNG, and with images.autoResize
// an image beyond 2000×2000 pixels or 4.5 MB of base64 is scaled down and
// re-encoded as the smaller of PNG and JPEG.
package images

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"strings"

	"golang.org/x/image/bmp"
	"golang.org/x/image/webp"
)

// ResizeOptions bound an image sent to the model (pi's
// ImageResizeOptions; a zero field takes the default).
type ResizeOptions struct {
	MaxWidth, MaxHeight int
	// MaxBytes bounds the base64 text.
	MaxBytes    int
	JPEGQuality int
}

// DefaultResize are pi's defaults: 2000×2000, 4.5 MB of base64 (below
// Anthropic's 5 MB), JPEG quality 80.
var DefaultResize = ResizeOptions{MaxWidth: 2000, MaxHeight: 2000, MaxBytes: 4.5 * 1024 * 1024, JPEGQuality: 80}

func (o ResizeOptions) withDefaults() ResizeOptions {
	if o.MaxWidth <= 0 {
		o.MaxWidth = DefaultResize.MaxWidth
	}
	if o.MaxHeight <= 0 {
		o.MaxHeight = DefaultResize.MaxHeight
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultResize.MaxBytes
	}
	if o.JPEGQuality <= 0 {
		o.JPEGQuality = DefaultResize.JPEGQuality
	}
	return o
}

// Processed is the outcome of [Process] (pi's processImage): the image as
// base64 with its MIME type and the notes for the model, or (OK false)
// the text saying why it was left out.
type Processed struct {
	OK       bool
	Data     string
	MimeType string
	Hints    []string
	Message  string
}

// Texts pi gives when an image cannot be sent.
const (
	notConverted = "[Image omitted: could not be converted to a supported inline image format.]"
	notResized   = "[Image omitted: could not be resized below the inline image size limit.]"
)

func baseMimeType(m string) string {
	base, _, _ := strings.Cut(m, ";")
	return strings.ToLower(strings.TrimSpace(base))
}

// supported is the MIME type models take for m, "" for others.
func supported(m string) string {
	switch baseMimeType(m) {
	case "image/png":
		return "image/png"
	case "image/jpeg", "image/jpg":
		return "image/jpeg"
	case "image/gif":
		return "image/gif"
	case "image/webp":
		return "image/webp"
	}
	return ""
}

// decode reads an image of any format this package knows.
func decode(data []byte) (image.Image, error) {
	r := bytes.NewReader(data)
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG")):
		return png.Decode(r)
	case bytes.HasPrefix(data, []byte{0xff, 0xd8, 0xff}):
		return jpeg.Decode(r)
	case bytes.HasPrefix(data, []byte("GIF8")):
		return gif.Decode(r)
	case bytes.HasPrefix(data, []byte("RIFF")) && len(data) >= 12 && string(data[8:12]) == "WEBP":
		return webp.Decode(r)
	case bytes.HasPrefix(data, []byte("BM")):
		return bmp.Decode(r)
	}
	return nil, fmt.Errorf("unknown image format")
}

func encodePNG(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}

// ToPNG is pi's convertImageBytesToPng: any image this package decodes,
// turned as its EXIF orientation says, as PNG; false when it cannot be
// decoded.
func ToPNG(data []byte) ([]byte, bool) {
	img, err := decode(data)
	if err != nil {
		return nil, false
	}
	out, err := encodePNG(orient(img, exifOrientation(data)))
	return out, err == nil
}

// Process is pi 1.6's processImage: data of type mimeType made ready for
// the model. A format models do not take is converted to PNG (with a note
// saying so); with autoResize the image is then fitted to o (see
// [Resize]).
func Process(data []byte, mimeType string, autoResize bool, o ResizeOptions) Processed {
	mt := supported(mimeType)
	var hints []string
	if mt == "" {
		converted, ok := ToPNG(data)
		if !ok {
			return Processed{Message: notConverted}
		}
		data = converted
		mt = "image/png"
		if from := baseMimeType(mimeType); from != mt {
			hints = append(hints, "[Image converted from "+from+" to "+mt+".]")
		}
	}
	if !autoResize {
		return Processed{OK: true, Data: base64.StdEncoding.EncodeToString(data), MimeType: mt, Hints: hints}
	}
	r, ok := Resize(data, mt, o)
	if !ok {
		return Processed{Message: notResized}
	}
	if note := r.DimensionNote(); note != "" {
		hints = append(hints, note)
	}
	return Processed{OK: true, Data: r.Data, MimeType: r.MimeType, Hints: hints}
}

// Resized is the outcome of [Resize] (pi's ResizedImage).
type Resized struct {
	Data, MimeType                string
	OriginalWidth, OriginalHeight int
	Width, Height                 int
	WasResized                    bool
}

// DimensionNote is pi's formatDimensionNote: for a resized image, how its
// coordinates map to the original's ("" when not resized).
func (r Resized) DimensionNote() string {
	if !r.WasResized {
		return ""
	}
	scale := float64(r.OriginalWidth) / float64(r.Width)
	return fmt.Sprintf("[Image: original %dx%d, displayed at %dx%d. Multiply coordinates by %.2f to map to original image.]",
		r.OriginalWidth, r.OriginalHeight, r.Width, r.Height, scale)
}

// Resize is pi's resizeImage: an image within o's dimensions whose base64
// stays under o.MaxBytes comes back as it is; a larger one is scaled to
// fit (aspect kept) and encoded as PNG and as JPEG, the smaller kept;
// while neither fits MaxBytes, lower JPEG qualities and then dimensions
// shrunk by a quarter are tried. ok is false for an undecodable image or
// one that cannot be made small enough.
func Resize(data []byte, mimeType string, o ResizeOptions) (Resized, bool) {
	o = o.withDefaults()
	img, err := decode(data)
	if err != nil {
		return Resized{}, false
	}
	// Measured and scaled as shown: turned as its EXIF data says.
	img = orient(img, exifOrientation(data))
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	base64Size := (len(data) + 2) / 3 * 4
	if w <= o.MaxWidth && h <= o.MaxHeight && base64Size < o.MaxBytes {
		if mimeType == "" {
			mimeType = "image/png"
		}
		return Resized{Data: base64.StdEncoding.EncodeToString(data), MimeType: mimeType,
			OriginalWidth: w, OriginalHeight: h, Width: w, Height: h}, true
	}
	tw, th := w, h
	if tw > o.MaxWidth {
		th = jsRound(float64(th) * float64(o.MaxWidth) / float64(tw))
		tw = o.MaxWidth
	}
	if th > o.MaxHeight {
		tw = jsRound(float64(tw) * float64(o.MaxHeight) / float64(th))
		th = o.MaxHeight
	}
	qualities := []int{o.JPEGQuality}
	for _, q := range []int{85, 70, 55, 40} {
		if q != o.JPEGQuality {
			qualities = append(qualities, q)
		}
	}
	for {
		scaled := resizeLanczos3(img, tw, th)
		// The smaller of PNG and JPEG at the configured quality first;
		// lower JPEG qualities (encoded only then) when neither fits.
		png, jpg := b64(encodeOrNil(scaled, 0)), b64(encodeOrNil(scaled, qualities[0]))
		first := []candidate{{png, "image/png"}, {jpg, "image/jpeg"}}
		if jpg != "" && len(jpg) < len(png) {
			first[0], first[1] = first[1], first[0]
		}
		fits := func(c candidate) bool { return c.data != "" && len(c.data) < o.MaxBytes }
		found, ok := candidate{}, false
		for _, c := range first {
			if fits(c) {
				found, ok = c, true
				break
			}
		}
		for _, q := range qualities[1:] {
			if ok {
				break
			}
			if c := (candidate{b64(encodeOrNil(scaled, q)), "image/jpeg"}); fits(c) {
				found, ok = c, true
			}
		}
		if ok {
			return Resized{Data: found.data, MimeType: found.mimeType, OriginalWidth: w, OriginalHeight: h,
				Width: tw, Height: th, WasResized: true}, true
		}
		if tw == 1 && th == 1 {
			return Resized{}, false
		}
		nw, nh := max(1, tw*3/4), max(1, th*3/4)
		if tw == 1 {
			nw = 1
		}
		if th == 1 {
			nh = 1
		}
		if nw == tw && nh == th {
			return Resized{}, false
		}
		tw, th = nw, nh
	}
}

type candidate struct{ data, mimeType string }

// encodeOrNil is img as PNG (quality 0) or as JPEG at quality, nil when
// encoding fails.
func encodeOrNil(img image.Image, quality int) []byte {
	var b bytes.Buffer
	var err error
	if quality == 0 {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: quality})
	}
	if err != nil {
		return nil
	}
	return b.Bytes()
}

func b64(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return base64.StdEncoding.EncodeToString(b)
}

// jsRound is JavaScript's Math.round for the non-negative values here.
func jsRound(x float64) int { return int(x + 0.5) }

// NormalizeToolResultImages is pi 1.6's normalizeToolResultImages: each
// image block of a tool result's content goes through [Process]; one that
// changed is replaced, followed by a text block with its notes. An image
// that cannot be processed stays as the tool gave it. changed is false
// (and content returned as it is) when nothing changed.
func NormalizeToolResultImages(content []any, autoResize bool, o ResizeOptions) (out []any, changed bool) {
	for i, c := range content {
		block, _ := c.(map[string]any)
		if block["type"] != "image" {
			if changed {
				out = append(out, c)
			}
			continue
		}
		data, _ := block["data"].(string)
		mimeType, _ := block["mimeType"].(string)
		raw, err := base64.StdEncoding.DecodeString(data)
		var p Processed
		if err == nil {
			p = Process(raw, mimeType, autoResize, o)
		}
		if !p.OK || (p.Data == data && p.MimeType == mimeType && len(p.Hints) == 0) {
			if changed {
				out = append(out, c)
			}
			continue
		}
		if !changed {
			out = append([]any{}, content[:i]...)
			changed = true
		}
		out = append(out, map[string]any{"type": "image", "data": p.Data, "mimeType": p.MimeType})
		if len(p.Hints) > 0 {
			out = append(out, map[string]any{"type": "text", "text": strings.Join(p.Hints, "\n")})
		}
	}
	if !changed {
		return content, false
	}
	return out, true
}

// NormalizePromptImages is pi 1.6's _normalizePromptImages for the images
// of a user prompt: each goes through [Process]; the ones that can be sent
// are kept (as {type, data, mimeType}), the others left out, and the notes
// of all (a left-out image's reason included) are returned to be appended
// to the prompt's text.
func NormalizePromptImages(imgs []any, autoResize bool, o ResizeOptions) (kept []any, hints []string) {
	for _, c := range imgs {
		block, _ := c.(map[string]any)
		data, _ := block["data"].(string)
		mimeType, _ := block["mimeType"].(string)
		raw, err := base64.StdEncoding.DecodeString(data)
		p := Processed{Message: notConverted}
		if err == nil {
			p = Process(raw, mimeType, autoResize, o)
		}
		if !p.OK {
			hints = append(hints, p.Message)
			continue
		}
		kept = append(kept, map[string]any{"type": "image", "data": p.Data, "mimeType": p.MimeType})
		hints = append(hints, p.Hints...)
	}
	return kept, hints
}
