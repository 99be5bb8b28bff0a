package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"

	"github.com/pigo-dev/pigo/engine/session"
)

// markedScreen is the screen with the search's highlights marked: a run
// of bold reverse cells (the selected match) in [ ], of underlined cells
// in < >.
func (tt *tuiTerm) markedScreen() string {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	var rows []string
	for y := range tuiH {
		var b strings.Builder
		state := ""
		for x := 0; x < tuiW; x++ {
			c := tt.emu.CellAt(x, y)
			if c == nil || c.Width == 0 {
				continue
			}
			now := ""
			switch {
			case c.Style.Attrs&uv.AttrReverse != 0 && c.Style.Attrs&uv.AttrBold != 0:
				now = "["
			case c.Style.Underline != 0:
				now = "<"
			}
			if now != state {
				b.WriteString(map[string]string{"[": "]", "<": ">", "": ""}[state] + now)
				state = now
			}
			if c.Content == "" {
				b.WriteString(" ")
			} else {
				b.WriteString(c.Content)
			}
		}
		b.WriteString(map[string]string{"[": "]", "<": ">", "": ""}[state])
		rows = append(rows, strings.TrimRight(b.String(), " "))
	}
	return strings.Join(rows, "\n")
}

// writeMessages writes a session of n user messages "message NN" for
// the working directory.
func writeMessages(t *testing.T, work, agentDir string, n int) {
	dir := session.DefaultDir(agentDir, work)
	must(t, os.MkdirAll(dir, 0o755))
	ts := time.Now().Add(-time.Hour)
	iso := ts.UTC().Format("2006-01-02T15:04:05.000Z")
	lines := []string{fmt.Sprintf(`{"type":"session","version":3,"id":"eeeeeeee-0000-4000-8000-000000000006","timestamp":%q,"cwd":%q}`, iso, work)}
	prev := "null"
	for i := range n {
		id := fmt.Sprintf("m%02d", i)
		lines = append(lines, fmt.Sprintf(`{"type":"message","id":%q,"parentId":%s,"timestamp":%q,"message":{"role":"user","content":"message %02d","timestamp":%d}}`,
			id, prev, iso, i, ts.UnixMilli()))
		prev = fmt.Sprintf("%q", id)
	}
	must(t, os.WriteFile(filepath.Join(dir, "s.jsonl"), []byte(strings.Join(lines, "\n")+"\n"), 0o644))
}

// TestTUITranscriptSearchMatchesPi16: in fullscreen mode ctrl+shift+f
// opens pi 1.6's search box at the top right; a query finds its matches
// in the transcript (the selected one bold and reversed, the others on
// screen underlined, the count in the box), next (enter, ctrl+g) and
// previous (shift+enter, ctrl+shift+g) move the selection and scroll it
// into view, escape closes the box and the highlights.
func TestTUITranscriptSearchMatchesPi16(t *testing.T) {
	node, cli := pi16Command(t)
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		// with fd and rg in the agent dir, offline pi adds no warnings to
		// the transcript (the scrollbar's thumb follows its length)
		tt := startPTYSetup(t, func(w, a string) { writeMessages(t, w, a, 30); stubSearchTools(t, a) }, side, nil, "-c", "--model", "mock/mock-1")
		tt.waitFor("mock-1", "message 29")
		settle()
		shot := func(want string) {
			tt.waitFor(want)
			settle()
			add(chatMessages(tt.screen()) + "\n" + lastLines(screenUntil(tt.markedScreen(), "~/work"), 0) + searchBoxRows(tt.markedScreen()) + "\n" + markedMessages(tt.markedScreen()))
		}
		tt.keys("\x1b[102;6u") // ctrl+shift+f
		shot("Find in transcript")
		tt.keys("message 1")
		shot("/10")
		tt.keys("\r") // next
		shot("/10")
		tt.keys("\x1b[13;2u", "\x1b[13;2u", "\x1b[13;2u") // shift+enter: previous, three times
		shot("/10")
		tt.keys("\x07") // ctrl+g: next
		shot("/10")
		tt.keys("\x7f", "\x7f", "\x7f", "\x7f", "\x7f", "\x7f", "\x7f", "\x7f", "x")
		shot("No matches")
		tt.keys("\x1b")
		tt.waitGone("No matches")
		shot("message")
	})
	compareScreens(t, screens, nil)
}

// stubSearchTools puts fd and rg stand-ins where pi looks for its
// managed tools (agentDir/bin), so that offline pi does not warn that
// they are missing.
func stubSearchTools(t *testing.T, agentDir string) {
	must(t, os.MkdirAll(filepath.Join(agentDir, "bin"), 0o755))
	for _, tool := range []string{"fd", "rg"} {
		must(t, os.WriteFile(filepath.Join(agentDir, "bin", tool), []byte("#!/bin/sh\nexit 1\n"), 0o755))
	}
}

// searchBoxRows are the rows of the screen that hold the search box.
func searchBoxRows(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if i := strings.IndexAny(l, "┌│└"); i >= 0 && (strings.Contains(l, "┐") || strings.Contains(l, "┘") || strings.Count(l, "│") >= 2) {
			out = append(out, fmt.Sprintf("@%d %s", len([]rune(l[:i])), l[i:]))
		}
	}
	return strings.Join(out, "\n")
}

// markedMessages lists the "message NN" texts with a highlight mark.
func markedMessages(s string) string {
	var out []string
	for i, l := range strings.Split(s, "\n") {
		if strings.ContainsAny(l, "[<") && strings.Contains(l, "message") {
			out = append(out, fmt.Sprintf("%d:%s", i, strings.TrimSpace(l)))
		}
	}
	return strings.Join(out, "\n")
}
