package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
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

// iterm2Write is an iTerm2 image as written to the terminal (the image
// data left out): an optional cursor save, the cursor-up and the OSC
// 1337 parameters, an optional cursor restore.
var iterm2Write = regexp.MustCompile(`(\x1b7)?(\x1b\[\d+A\x1b\]1337;File=[^:]*):[A-Za-z0-9+/=]*\x07(\x1b8)?`)

// TestTUIImageToolResultMatchesPi16: a tool result's image on a kitty
// terminal (PI_IMAGE_PROTOCOL) takes its rows under the tool's box, as
// pi 1.6 draws it; on a terminal without images, and on iTerm2 in
// fullscreen mode, the expanded output says "[Image: [image/png] WxH]";
// on iTerm2 in regular mode the same image sequence is written.
func TestTUIImageToolResultMatchesPi16(t *testing.T) {
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
		for _, proto := range []string{"kitty", "none", "iterm2-fullscreen", "iterm2"} {
			args := []string{"--model", "mock/mock-1", "--no-session"}
			if proto == "iterm2" { // pi-tui draws iTerm2 images on the main screen only
				args = append(args, "--tui-mode", "regular")
			}
			env := "PI_IMAGE_PROTOCOL=" + strings.TrimSuffix(proto, "-fullscreen")
			tt := startPTYFull(t, setup, side, []string{env}, steps, args...)
			tt.waitFor("mock-1")
			settle()
			tt.keys("look", "\r")
			tt.waitFor("A gradient.")
			settle()
			if proto == "none" || proto == "iterm2-fullscreen" {
				tt.keys("\x0f") // ctrl+o: the read output
				tt.waitFor("[Image:")
				settle()
			}
			if proto != "iterm2" {
				add(proto + "\n" + screenFrom(screenUntil(tt.screen(), "A gradient."), " look"))
				continue
			}
			// iTerm2: pi-tui writes the cursor-up and the image in the
			// line, relying on iTerm2 to bring the cursor back down (a
			// plain emulator's screen is then garbled, so the screens are
			// not compared); pigo writes them between a cursor save and
			// restore (iterm2.go). The sequence is the same.
			m := iterm2Write.FindStringSubmatch(tt.output())
			if m == nil || (name == "pigo") != (m[1] == "\x1b7" && m[3] == "\x1b8") {
				t.Errorf("%s's iTerm2 image: %q", name, m)
				continue
			}
			add("iterm2 " + m[2])
		}
	})
	compareScreens(t, screens, nil)
}
