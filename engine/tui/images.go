package tui

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	_ "image/gif" // decoded to PNG for kitty, as pi transcodes
	_ "image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"strings"
)

// Inline images, as pi-tui draws them: a tool result's images under its
// box (a blank row, then the image) when the terminal shows images and
// terminal.showImages is on, else "[Image: [mime] WxH]" in the tool's
// text output. The protocol is terminal.images ("kitty", "iterm2",
// false, or "auto"), else PI_IMAGE_PROTOCOL, else what the environment
// says the terminal is (pi-tui's detection).
//
// Kitty's APC sequence travels in a cell of the frame and C=1 keeps the
// cursor where the renderer left it, the image taking rows-1 blank rows
// under it. iTerm2's image is pi-tui's too: rows-1 blank rows, then on
// the last one a cursor-up to the first and the OSC 1337 image (the
// terminal leaves the cursor under it). The frame renderer drops OSC and
// CSI sequences from cells, so that tail travels as a private APC marker
// (iterm2Cells) which the terminal's writer expands (imageWriter), with
// the cursor saved and restored around it, so the renderer's cursor
// model holds.

// imageProtocol is the terminal's image protocol: "kitty", "iterm2" or
// "" (none), from terminal.images, PI_IMAGE_PROTOCOL and the environment.
func imageProtocol(setting any, getenv func(string) string) string {
	switch setting {
	case "kitty", "iterm2":
		return setting.(string)
	case false:
		return ""
	}
	switch strings.ToLower(getenv("PI_IMAGE_PROTOCOL")) {
	case "kitty":
		return "kitty"
	case "iterm2":
		return "iterm2"
	case "none", "0":
		return ""
	}
	prog := strings.ToLower(getenv("TERM_PROGRAM"))
	term := strings.ToLower(getenv("TERM"))
	switch {
	case getenv("TMUX") != "" || strings.HasPrefix(term, "tmux") || strings.HasPrefix(term, "screen"):
		return "" // unreliable through a multiplexer
	case prog == "herdr", prog == "rex", prog == "orca" && getenv("ORCA_IMAGE_PROTOCOL") == "kitty",
		getenv("KITTY_WINDOW_ID") != "", prog == "kitty",
		prog == "ghostty", strings.Contains(term, "ghostty"), getenv("GHOSTTY_RESOURCES_DIR") != "",
		getenv("WEZTERM_PANE") != "", prog == "wezterm",
		prog == "warpterminal", getenv("WARP_SESSION_ID") != "", getenv("WARP_TERMINAL_SESSION_UUID") != "":
		return "kitty"
	case getenv("ITERM_SESSION_ID") != "", prog == "iterm.app":
		return "iterm2"
	}
	return ""
}

// cellWidthPx and cellHeightPx are pi-tui's default cell size.
const cellWidthPx, cellHeightPx = 9, 18

// toolImage is an image block of a tool result.
type toolImage struct {
	data, mime string
	id         uint32 // its kitty image id, kept across frames
	png        string // data as PNG, once converted
	w, h       int    // pixels; 0 when unknown
}

// resultImages are the image blocks of a tool result, reusing the ids
// of the ones already known.
func resultImages(result any, known []*toolImage) []*toolImage {
	m, _ := result.(map[string]any)
	blocks, _ := m["content"].([]any)
	var out []*toolImage
	for _, b := range blocks {
		bm, _ := b.(map[string]any)
		if bm["type"] != "image" {
			continue
		}
		data, _ := bm["data"].(string)
		mime, _ := bm["mimeType"].(string)
		if i := len(out); i < len(known) && known[i].data == data && known[i].mime == mime {
			out = append(out, known[i])
			continue
		}
		img := &toolImage{data: data, mime: mime, id: rand.Uint32N(0xfffffffe) + 1}
		if raw, err := base64.StdEncoding.DecodeString(data); err == nil {
			if cfg, _, err := image.DecodeConfig(bytes.NewReader(raw)); err == nil {
				img.w, img.h = cfg.Width, cfg.Height
			}
		}
		out = append(out, img)
	}
	return out
}

// fallback is pi's imageFallback: "[Image: [image/png] 32x16]".
func (img *toolImage) fallback() string {
	mime := img.mime
	if mime == "" {
		mime = "image/unknown"
	}
	if img.w > 0 && img.h > 0 {
		return fmt.Sprintf("[Image: [%s] %dx%d]", mime, img.w, img.h)
	}
	return "[Image: [" + mime + "]]"
}

// shows reports whether the terminal draws images inline.
func (v *viewCtx) showsImages() bool {
	return v.showImages && (v.imageProto == "kitty" || v.imageProto == "iterm2")
}

// lines is pi-tui's Image component at width: kitty's sequence on the
// first row, then the rows the image covers; the fallback text when it
// cannot be drawn.
func (img *toolImage) lines(v *viewCtx, width int) []string {
	maxW := max(1, min(width-2, v.imageWidth))
	maxH := max(1, int(math.Ceil(float64(maxW*cellWidthPx)/cellHeightPx)))
	if v.imageProto == "iterm2" {
		if img.data == "" || img.w <= 0 || img.h <= 0 {
			return []string{v.th.Fg("toolOutput", img.fallback())}
		}
		return iterm2Lines(img.data, img.w, img.h, maxW, maxH)
	}
	data := img.pngData()
	if data == "" || img.w <= 0 || img.h <= 0 {
		return []string{v.th.Fg("toolOutput", img.fallback())}
	}
	cols, rows := imageCells(img.w, img.h, maxW, maxH)
	out := []string{kittySequence(data, cols, rows, img.id)}
	for range rows - 1 {
		out = append(out, "")
	}
	return out
}

// iterm2Lines is pi-tui's Image component on iTerm2: the image scaled
// into maxW×maxH cells (without kitty's distortion fix), rows-1 blank
// lines, then the cursor moved up to the first and the image drawn
// width cells wide, its height following.
func iterm2Lines(data string, w, h, maxW, maxH int) []string {
	cols, rows := cellSize(w, h, maxW, maxH)
	out := make([]string, rows-1, rows)
	up := ""
	if rows > 1 {
		up = fmt.Sprintf("\x1b[%dA", rows-1)
	}
	return append(out, up+iterm2Sequence(data, cols))
}

// iterm2Sequence is pi-tui's encodeITerm2 as its Image uses it: an inline
// file of the decoded size, cols cells wide, its height automatic.
func iterm2Sequence(data string, cols int) string {
	size := base64.StdEncoding.DecodedLen(len(data)) - strings.Count(data[max(0, len(data)-2):], "=")
	return fmt.Sprintf("\x1b]1337;File=inline=1;size=%d;width=%d;height=auto:%s\x07", size, cols, data)
}

// cellSize is pi-tui's calculateImageCellSize: the image scaled into
// maxW×maxH cells.
func cellSize(w, h, maxW, maxH int) (cols, rows int) {
	iw, ih := float64(max(1, w)), float64(max(1, h))
	scale := min(float64(maxW*cellWidthPx)/iw, float64(maxH*cellHeightPx)/ih)
	cols = max(1, min(maxW, int(math.Ceil(iw*scale/cellWidthPx))))
	rows = min(maxH, max(1, int(math.Ceil(ih*scale/cellHeightPx))))
	return cols, rows
}

// pngData is the image as base64 PNG: kitty's f=100 takes PNG only.
func (img *toolImage) pngData() string {
	if img.mime == "image/png" {
		return img.data
	}
	if img.png == "" {
		raw, err := base64.StdEncoding.DecodeString(img.data)
		if err != nil {
			return ""
		}
		decoded, _, err := image.Decode(bytes.NewReader(raw))
		if err != nil {
			return ""
		}
		var b bytes.Buffer
		if png.Encode(&b, decoded) != nil {
			return ""
		}
		img.png = base64.StdEncoding.EncodeToString(b.Bytes())
	}
	return img.png
}

// imageCells is pi-tui's calculateImageCellSize for kitty: the image
// scaled into maxW×maxH cells, the cell count that distorts it least.
func imageCells(w, h, maxW, maxH int) (cols, rows int) {
	iw, ih := float64(max(1, w)), float64(max(1, h))
	widthScale := float64(maxW*cellWidthPx) / iw
	heightScale := float64(maxH*cellHeightPx) / ih
	cols, rows = cellSize(w, h, maxW, maxH)
	if widthScale <= heightScale {
		rows = lessDistorted(rows, float64(cols*cellWidthPx)*ih/(iw*cellHeightPx))
	} else {
		cols = lessDistorted(cols, float64(rows*cellHeightPx)*iw/(ih*cellWidthPx))
	}
	return cols, rows
}

// lessDistorted is n or n-1, whichever is closer to ideal in ratio.
func lessDistorted(n int, ideal float64) int {
	if n <= 1 {
		return n
	}
	up := max(float64(n)/ideal, ideal/float64(n))
	down := max(float64(n-1)/ideal, ideal/float64(n-1))
	if down < up {
		return n - 1
	}
	return n
}

// kittySequence is pi-tui's encodeKitty: transmit and display (a=T) a
// PNG (f=100) quietly (q=2) without moving the cursor (C=1) over
// cols×rows cells, in 4096-byte chunks.
func kittySequence(data string, cols, rows int, id uint32) string {
	const chunk = 4096
	params := fmt.Sprintf("a=T,f=100,q=2,C=1,c=%d,r=%d,i=%d", cols, rows, id)
	if len(data) <= chunk {
		return "\x1b_G" + params + ";" + data + "\x1b\\"
	}
	var b strings.Builder
	for off := 0; off < len(data); off += chunk {
		part := data[off:min(len(data), off+chunk)]
		switch {
		case off == 0:
			b.WriteString("\x1b_G" + params + ",m=1;" + part + "\x1b\\")
		case off+chunk >= len(data):
			b.WriteString("\x1b_Gm=0;" + part + "\x1b\\")
		default:
			b.WriteString("\x1b_Gm=1;" + part + "\x1b\\")
		}
	}
	return b.String()
}
