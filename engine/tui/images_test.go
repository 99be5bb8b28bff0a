package tui

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"strings"
	"testing"
)

func pngBase64(t *testing.T, w, h int) string {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

func TestImageProtocol(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		setting any
		env     func(string) string
		want    string
	}{
		{nil, env("TERM", "xterm-256color"), ""},
		{nil, env("KITTY_WINDOW_ID", "1"), "kitty"},
		{nil, env("TERM_PROGRAM", "ghostty"), "kitty"},
		{nil, env("TERM_PROGRAM", "WezTerm"), "kitty"},
		{nil, env("TERM_PROGRAM", "iTerm.app"), "iterm2"},
		{nil, env("KITTY_WINDOW_ID", "1", "TMUX", "/tmp/t"), ""},
		{nil, env("PI_IMAGE_PROTOCOL", "kitty"), "kitty"},
		{nil, env("PI_IMAGE_PROTOCOL", "none", "KITTY_WINDOW_ID", "1"), ""},
		{"auto", env("TERM_PROGRAM", "kitty"), "kitty"},
		{false, env("TERM_PROGRAM", "kitty"), ""},
		{"iterm2", env("TERM_PROGRAM", "kitty"), "iterm2"},
	} {
		if got := imageProtocol(c.setting, c.env); got != c.want {
			t.Errorf("setting %v: %q, want %q", c.setting, got, c.want)
		}
	}
}

func TestImageCellsAndKitty(t *testing.T) {
	for _, c := range []struct{ w, h, maxW, maxH, cols, rows int }{
		{64, 32, 60, 30, 60, 15},
		{100, 1000, 60, 30, 6, 30},
		{10, 10, 60, 30, 60, 30},
	} {
		if cols, rows := imageCells(c.w, c.h, c.maxW, c.maxH); cols != c.cols || rows != c.rows {
			t.Errorf("%dx%d in %dx%d: %dx%d cells, want %dx%d", c.w, c.h, c.maxW, c.maxH, cols, rows, c.cols, c.rows)
		}
	}
	if s := kittySequence("QUJD", 4, 2, 7); s != "\x1b_Ga=T,f=100,q=2,C=1,c=4,r=2,i=7;QUJD\x1b\\" {
		t.Errorf("one chunk: %q", s)
	}
	long := strings.Repeat("A", 4096*2+10)
	s := kittySequence(long, 4, 2, 7)
	if strings.Count(s, "\x1b_G") != 3 || !strings.HasPrefix(s, "\x1b_Ga=T,f=100,q=2,C=1,c=4,r=2,i=7,m=1;") ||
		!strings.Contains(s, "\x1b\\\x1b_Gm=1;") || !strings.Contains(s, "\x1b\\\x1b_Gm=0;AAAAAAAAAA\x1b\\") {
		t.Errorf("chunks: %q...", s[:80])
	}
}

// A tool result's image: under the box on a kitty terminal (its rows
// reserved), as text in the output elsewhere or with showImages off.
func TestToolResultImages(t *testing.T) {
	result := map[string]any{"content": []any{map[string]any{"type": "text", "text": "made a picture"},
		map[string]any{"type": "image", "data": pngBase64(t, 64, 32), "mimeType": "image/png"}}}
	run := func(opts Options) *harness {
		h := newHarness(t, opts)
		h.event(ev("tool_execution_start", "toolCallId", "t1", "toolName", "paint", "args", map[string]any{}),
			ev("tool_execution_end", "toolCallId", "t1", "toolName", "paint", "result", result, "isError", false))
		return h
	}
	h := run(Options{Env: []string{"TERM_PROGRAM=kitty"}})
	frame := h.m.render()
	if !strings.Contains(frame, "\x1b_Ga=T,f=100,q=2,C=1,c=60,r=15,i=") {
		t.Errorf("no kitty image in the frame")
	}
	h.lacks("[Image:")
	h = run(Options{Env: []string{"TERM_PROGRAM=kitty"}, HideImages: true})
	h.contains("made a picture", "[Image: [image/png] 64x32]")
	if strings.Contains(h.m.render(), "\x1b_G") {
		t.Errorf("an image with terminal.showImages off")
	}
	h = run(Options{})
	h.contains("[Image: [image/png] 64x32]")
}

// An extension component's image: the render message names the
// protocol the terminal shows, and its kitty sequence reaches the frame.
func TestComponentImagesReachTheFrame(t *testing.T) {
	h := newHarness(t, Options{Env: []string{"TERM_PROGRAM=kitty"}})
	seq := kittySequence("QUJD", 2, 2, 9)
	h.event(ev("view_state", "viewId", "pic", "component", "pi.component",
		"state", map[string]any{"kind": "widget", "placement": "aboveEditor", "lines": []any{seq, ""}}))
	if msg := h.viewMsg("pic"); msg["type"] != "render" || msg["images"] != "kitty" {
		t.Errorf("render message %v", msg)
	}
	if !strings.Contains(h.m.render(), seq) {
		t.Errorf("the sequence did not reach the frame")
	}
	h = newHarness(t, Options{Env: []string{"TERM_PROGRAM=kitty"}, HideImages: true})
	h.event(ev("view_state", "viewId", "pic", "component", "pi.component",
		"state", map[string]any{"kind": "widget", "placement": "aboveEditor", "lines": []any{"x"}}))
	if msg := h.viewMsg("pic"); msg["images"] != "" {
		t.Errorf("with terminal.showImages off: %v", msg)
	}
}
