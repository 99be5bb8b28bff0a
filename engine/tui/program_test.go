//go:build unix

package tui

import (
	"bytes"
	"os"
	"syscall"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/creack/pty"
)

func openPTY(t *testing.T, cols, rows int) (ptmx, tty *os.File) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	t.Cleanup(func() { _ = ptmx.Close(); _ = tty.Close() })
	if err := pty.Setsize(ptmx, &pty.Winsize{Cols: uint16(cols), Rows: uint16(rows)}); err != nil {
		t.Fatal(err)
	}
	return ptmx, tty
}

// A size message that arrives late (bubbletea's first one, sent from a
// goroutine) carries the terminal's current size, and one repeating the
// size the program has is dropped.
func TestTerminalSizeFilterUsesTheLiveSize(t *testing.T) {
	if watchTerminalSize(&bytes.Buffer{}) != nil {
		t.Fatal("a buffer has no terminal size to watch")
	}
	ptmx, tty := openPTY(t, 80, 24)
	ts := watchTerminalSize(tty)
	if ts == nil {
		t.Fatal("a pty's size is not watched")
	}
	defer ts.stop()
	if got := ts.filter(nil, tea.WindowSizeMsg{Width: 100, Height: 30}); got != (tea.WindowSizeMsg{Width: 80, Height: 24}) {
		t.Errorf("first size %v", got)
	}
	if got := ts.filter(nil, tea.WindowSizeMsg{Width: 80, Height: 24}); got != nil {
		t.Errorf("a repeated size went through: %v", got)
	}
	if err := pty.Setsize(ptmx, &pty.Winsize{Cols: 120, Rows: 40}); err != nil {
		t.Fatal(err)
	}
	if got := ts.filter(nil, tea.WindowSizeMsg{Width: 80, Height: 24}); got != (tea.WindowSizeMsg{Width: 120, Height: 40}) {
		t.Errorf("a stale size after a resize gave %v", got)
	}
	if got := ts.filter(nil, tea.KeyPressMsg{Code: 'a'}); got != (tea.KeyPressMsg{Code: 'a'}) {
		t.Errorf("a key became %v", got)
	}
}

// A resize once the size is watched, before the program listens for it
// itself, is reported with the new size.
func TestTerminalSizeReportsAResizeBeforeTheProgramRuns(t *testing.T) {
	ptmx, tty := openPTY(t, 80, 24)
	ts := watchTerminalSize(tty)
	defer ts.stop()
	if err := pty.Setsize(ptmx, &pty.Winsize{Cols: 90, Rows: 33}); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGWINCH); err != nil {
		t.Fatal(err)
	}
	sent := make(chan tea.Msg, 1)
	go ts.forward(func(m tea.Msg) { sent <- m })
	if got := <-sent; got != (tea.WindowSizeMsg{Width: 90, Height: 33}) {
		t.Errorf("reported %v", got)
	}
}
