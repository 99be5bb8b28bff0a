package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writePNG writes a w×h PNG at path.
func writePNG(t *testing.T, path string, w, h int) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.RGBA{uint8(x * 8), uint8(y * 8), 200, 255})
		}
	}
	var b bytes.Buffer
	must(t, png.Encode(&b, img))
	must(t, os.WriteFile(path, b.Bytes(), 0o644))
}

// TestTUIImageToolResultMatchesPi16: a tool result's image on a kitty
// terminal (PI_IMAGE_PROTOCOL) takes its rows under the tool's box, as
// pi 1.6 draws it; on a terminal without images the expanded output
// says "[Image: [image/png] WxH]".
func TestTUIImageToolResultMatchesPi16(t *testing.T) {
	if testing.Short() {
		t.Skip("starts real pi")
	}
	node, cli := pi16Command(t)
	steps := []mockStep{
		{ToolCalls: []mockToolCall{{ID: "c1", Name: "read", Arguments: map[string]any{"path": "pic.png"}}}},
		{Text: "A gradient."},
	}
	setup := func(work, agentDir string) {
		writePNG(t, filepath.Join(work, "pic.png"), 64, 32)
		p := filepath.Join(agentDir, "models.json") // the mock model takes images
		data, err := os.ReadFile(p)
		must(t, err)
		must(t, os.WriteFile(p, []byte(strings.Replace(string(data), `"name": "Mock One" }`, `"name": "Mock One", "input": ["text", "image"] }`, 1)), 0o644))
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		for _, proto := range []string{"kitty", "none"} {
			tt := startPTYFull(t, setup, side, []string{"PI_IMAGE_PROTOCOL=" + proto}, steps, "--model", "mock/mock-1", "--no-session")
			tt.waitFor("mock-1")
			settle()
			tt.keys("look", "\r")
			tt.waitFor("A gradient.")
			settle()
			if proto == "none" {
				tt.keys("\x0f") // ctrl+o: the read output
				tt.waitFor("[Image:")
				settle()
			}
			add(proto + "\n" + screenFrom(screenUntil(tt.screen(), "A gradient."), " look"))
		}
	})
	compareScreens(t, screens, nil)
}
