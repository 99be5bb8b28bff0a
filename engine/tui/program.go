package tui

import (
	"context"
	"io"
	"os"
	"os/signal"

	tea "charm.land/bubbletea/v2"
	"golang.org/x/term"
)

// runProgram runs m as a bubbletea program on o's terminal (out is where
// it draws: o.Output or a wrapper of it) until it quits; started, when not
// nil, gets the program before it runs (to feed it messages).
func runProgram(ctx context.Context, m tea.Model, o Options, out io.Writer, started func(*tea.Program)) (tea.Model, error) {
	popts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(o.Input), tea.WithOutput(out)}
	if o.Env != nil {
		popts = append(popts, tea.WithEnvironment(o.Env))
	}
	if o.Width > 0 && o.Height > 0 {
		popts = append(popts, tea.WithWindowSize(o.Width, o.Height))
	}
	size := watchTerminalSize(out)
	if size != nil {
		defer size.stop()
		popts = append(popts, tea.WithFilter(size.filter))
	}
	p := tea.NewProgram(m, popts...)
	if size != nil {
		go size.forward(p.Send)
	}
	if started != nil {
		started(p)
	}
	return p.Run()
}

// terminalSize keeps a program drawing for its terminal's current size.
// bubbletea alone can end up at an older one: it sends its first size
// from a goroutine (which may arrive after a later resize's), and it
// starts listening for SIGWINCH only after that first size is read (a
// resize in between is never reported). So every size message is
// replaced by the size the terminal has when the message is handled, and
// SIGWINCH is watched from before the program starts.
type terminalSize struct {
	fd       uintptr
	signals  chan os.Signal
	done     chan struct{}
	lastSent tea.WindowSizeMsg // the last size the program handled; only the event loop touches it
}

// watchTerminalSize starts watching out's size; nil when out is not a
// terminal (nothing to read a size from).
func watchTerminalSize(out io.Writer) *terminalSize {
	f, ok := out.(interface{ Fd() uintptr })
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	ts := &terminalSize{fd: f.Fd(), signals: make(chan os.Signal, 1), done: make(chan struct{})}
	notifyResize(ts.signals)
	return ts
}

// filter is the program's message filter: a size message carries the
// terminal's size now, and one repeating the size the program already
// has is dropped (each resize is reported by bubbletea and by forward).
func (ts *terminalSize) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	size, ok := msg.(tea.WindowSizeMsg)
	if !ok {
		return msg
	}
	if w, h, err := term.GetSize(int(ts.fd)); err == nil && w > 0 && h > 0 {
		size = tea.WindowSizeMsg{Width: w, Height: h}
	}
	if size == ts.lastSent {
		return nil
	}
	ts.lastSent = size
	return size
}

// forward reports each SIGWINCH to the program by send (its Send, which
// returns once the program has ended).
func (ts *terminalSize) forward(send func(tea.Msg)) {
	for {
		select {
		case <-ts.done:
			return
		case <-ts.signals:
			if w, h, err := term.GetSize(int(ts.fd)); err == nil && w > 0 && h > 0 {
				send(tea.WindowSizeMsg{Width: w, Height: h})
			}
		}
	}
}

func (ts *terminalSize) stop() {
	signal.Stop(ts.signals)
	close(ts.done)
}
