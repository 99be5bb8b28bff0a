package main

import (
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// resize gives the terminal a new size, as a terminal window does: the
// kernel signals the program (SIGWINCH), which draws again.
func (tt *tuiTerm) resize(cols, rows int) {
	tt.mu.Lock()
	tt.emu.Resize(cols, rows)
	tt.mu.Unlock()
	must(tt.t, pty.Setsize(tt.pty, &pty.Winsize{Rows: uint16(rows), Cols: uint16(cols)}))
}

// drawnSize is the size the fullscreen UI drew for: the length of the
// editor's bottom rule (full width) and the row of the footer's model
// line (the last row).
func drawnSize(screen string) (cols, rows int) {
	lines := strings.Split(screen, "\n")
	for y, l := range lines {
		if strings.HasPrefix(l, "──────────") {
			cols = len([]rune(l))
		}
		if strings.Contains(l, "mock-1") {
			rows = y + 1
		}
	}
	return cols, rows
}

// TestTUIResizeBurstEndsAtTheFinalSize: a terminal resized several times
// right after startup (the program's own first size report may still be
// on its way) ends up drawn for its final size.
func TestTUIResizeBurstEndsAtTheFinalSize(t *testing.T) {
	tt := startPTYEnv(t, []string{selfPath()}, []string{"GOMAXPROCS=1"}, nil, "--model", "mock/mock-1", "-e", "ext.ts", "--no-session")
	for !strings.Contains(tt.screen(), "mock-1") {
		time.Sleep(time.Millisecond)
	}
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {90, 50}, {110, 45}} {
		tt.resize(sz[0], sz[1])
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		s := tt.screen()
		if cols, rows := drawnSize(s); cols == 110 && rows == 45 {
			return
		}
		if time.Now().After(deadline) {
			cols, rows := drawnSize(s)
			t.Fatalf("drawn for %dx%d, not 110x45:\n%s", cols, rows, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
