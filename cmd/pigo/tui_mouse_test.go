package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/session"
)

// TestTUIWheelScrollMatchesPi16: in fullscreen mode the mouse wheel
// scrolls the transcript as pi 1.6's does: fullscreenWheelScrollLines
// lines per notch, alt+wheel five times as far, down back to the end;
// scrolled up, the last row says "↓ Jump to latest message · Ctrl+End";
// the scrollbar shows in the last column after a scroll.
func TestTUIWheelScrollMatchesPi16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, agentDir string) {
		must(t, os.WriteFile(filepath.Join(agentDir, "settings.json"), []byte(`{"fullscreenWheelScrollLines": 2}`), 0o644))
		writeUserSession(t, agentDir, work, "eeeeeeee-0000-4000-8000-000000000005", 30, "message %02d")
	}
	wheel := func(button, n int) []string {
		var out []string
		for range n {
			out = append(out, fmt.Sprintf("\x1b[<%d;20;5M", button))
		}
		return out
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, "-c", "--model", "mock/mock-1")
		tt.waitFor("mock-1", "message 29")
		settle()
		shot := func(want string) {
			tt.waitFor(want)
			settle()
			add(chatMessages(tt.screen()) + "\n" + scrollbarShown(tt.screen()))
		}
		shot("message 29")
		tt.keys(wheel(64, 3)...) // up 3 notches of 2 lines
		shot("message 22")
		tt.keys(wheel(64|8, 2)...) // alt: 10 lines a notch
		shot("message 17")
		tt.keys(wheel(65, 40)...) // down past the end
		tt.waitGone("Jump to latest")
		// the "auto" scrollbar hides a second after the last scroll; on a
		// loaded machine one side may be drawn within that second
		for deadline := time.Now().Add(5 * time.Second); scrollbarShown(tt.screen()) != "no scrollbar" && time.Now().Before(deadline); {
			time.Sleep(50 * time.Millisecond)
		}
		shot("message 29")
	})
	compareScreens(t, screens, nil)
}

// writeUserSession writes a session of work (an hour old) holding n user
// messages, the i-th's text format with i, to -c it.
func writeUserSession(t *testing.T, agentDir, work, id string, n int, format string) {
	dir := session.DefaultDir(agentDir, work)
	must(t, os.MkdirAll(dir, 0o755))
	ts := time.Now().Add(-time.Hour)
	iso := ts.UTC().Format("2006-01-02T15:04:05.000Z")
	lines := []string{fmt.Sprintf(`{"type":"session","version":3,"id":%q,"timestamp":%q,"cwd":%q}`, id, iso, work)}
	prev := "null"
	for i := range n {
		mid := fmt.Sprintf("m%02d", i)
		lines = append(lines, fmt.Sprintf(`{"type":"message","id":%q,"parentId":%s,"timestamp":%q,"message":{"role":"user","content":%q,"timestamp":%d}}`,
			mid, prev, iso, fmt.Sprintf(format, i), ts.UnixMilli()))
		prev = fmt.Sprintf("%q", mid)
	}
	must(t, os.WriteFile(filepath.Join(dir, "s.jsonl"), []byte(strings.Join(lines, "\n")+"\n"), 0o644))
}

// chatMessages lists the "message NN" lines a screen shows, top to
// bottom, with their rows.
func chatMessages(s string) string {
	var out []string
	for i, l := range strings.Split(s, "\n") {
		if j := strings.Index(l, "message "); j >= 0 && len(l) >= j+10 {
			out = append(out, fmt.Sprintf("%d:%s", i, l[j:j+10]))
		}
	}
	return strings.Join(out, " ")
}

// scrollbarShown says whether the screen's last column holds the
// transcript's scrollbar (its geometry depends on the header, whose
// startup notices differ between the sides).
func scrollbarShown(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if r := []rune(l); len(r) == tuiW && (r[tuiW-1] == '│' || r[tuiW-1] == '┃') {
			return "scrollbar"
		}
	}
	return "no scrollbar"
}

// TestTUIMouseClicksMatchPi16: a click in the editor moves its cursor,
// and a click on an autocomplete item takes it, as in pi 1.6.
func TestTUIMouseClicksMatchPi16(t *testing.T) {
	sideBySide(t, nil, []string{"--model", "mock/mock-1", "--no-session"}, func(tt *tuiTerm) []string {
		var shots []string
		rowOf := func(text string) int {
			for i, l := range strings.Split(tt.screen(), "\n") {
				if strings.Contains(l, text) {
					return i
				}
			}
			return -1
		}
		click := func(x, y int) { // 0-based cell; SGR reports are 1-based
			tt.keys(fmt.Sprintf("\x1b[<0;%d;%dM", x+1, y+1), fmt.Sprintf("\x1b[<0;%d;%dm", x+1, y+1))
		}
		tt.keys("hello world")
		tt.waitFor("hello world")
		settle()
		click(6, rowOf("hello world"))
		settle()
		tt.keys("X")
		tt.waitFor("hello Xworld")
		settle()
		shots = append(shots, editorRows(tt.screen()))
		tt.keys("\x05", "\x15") // ctrl+e, ctrl+u: clear the line
		tt.keys("/", "t", "h")
		tt.waitFor("thinking")
		settle()
		click(4, rowOf("thinking    <level>"))
		tt.waitGone("<level>")
		tt.waitFor("/thinking")
		tt.keys("x") // after the space the completion put in
		tt.waitFor("/thinking x")
		settle()
		shots = append(shots, editorRows(tt.screen()))
		return shots
	})
}

// TestTUITranscriptSelectionMatchesPi16: in fullscreen mode a drag over
// the transcript selects its text and, on release, copies it with pi
// 1.6's "Copied!" flash (fullscreenCopyOnSelect is on by default).
func TestTUITranscriptSelectionMatchesPi16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, agentDir string) {
		writeUserSession(t, agentDir, work, "eeeeeeee-0000-4000-8000-000000000006", 3, "message %02d words")
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, "-c", "--model", "mock/mock-1")
		tt.waitFor("mock-1", "message 02 words")
		settle()
		row, col := -1, -1
		for i, l := range strings.Split(tt.screen(), "\n") {
			if j := strings.Index(l, "message 01 words"); j >= 0 {
				row, col = i, len([]rune(l[:j]))
			}
		}
		if row < 0 {
			t.Fatalf("%s: no message 01 on screen:\n%s", name, tt.screen())
		}
		// SGR reports are 1-based; 32 marks motion with the button held
		tt.keys(fmt.Sprintf("\x1b[<0;%d;%dM", col+1, row+1), fmt.Sprintf("\x1b[<32;%d;%dM", col+8, row+1),
			fmt.Sprintf("\x1b[<32;%d;%dM", col+11, row+1), fmt.Sprintf("\x1b[<0;%d;%dm", col+11, row+1))
		tt.waitFor("Copied!")
		add("Copied!")
		tt.waitGone("Copied!") // the flash goes after a second; the header differs between the sides
		add(regexp.MustCompile(`\d+:`).ReplaceAllString(chatMessages(tt.screen()), ""))
	})
	compareScreens(t, screens, nil)
}
