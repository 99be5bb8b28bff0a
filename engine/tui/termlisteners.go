package tui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
)

// Terminal input listeners are extensions' ctx.ui.onTerminalInput
// handlers. In pi they see every input first, before the editor, dialogs
// and components, and may consume it ({consume: true}) or rewrite it
// ({data}). Here they run in their plugins, so while any exist (the host
// says how many: get_input_listeners, then the "onTerminalInput" UI
// call) each key or paste is held and sent to the host (terminal_input);
// it is acted on when the answer says so, in typing order.
//
// The UI never waits on a plugin for long: input without an answer after
// heldInputTimeout is acted on as if passed on, and so is everything
// typed until that late answer comes (it is dropped, and shown when it
// is an error). A listener that hangs thus costs one timeout, not one
// per key; the host interrupts it after its own budget.

// heldInputTimeout is how long input waits for the listeners' answer.
const heldInputTimeout = 250 * time.Millisecond

// heldInput is a key or a paste waiting for the listeners.
type heldInput struct {
	seq int
	msg tea.Msg // tea.KeyPressMsg or tea.PasteMsg
}

// heldInputTimeoutMsg fires when the input with seq waited too long.
type heldInputTimeoutMsg struct{ seq int }

func (m *model) onInputListeners(r response) {
	n, _ := r.data["count"].(float64)
	m.inputListeners = int(n)
}

// holdsInput reports whether input goes to the listeners first: while
// any listen and none is overdue, and after input already held.
func (m *model) holdsInput() bool {
	return len(m.held) > 0 || m.inputListeners > 0 && !m.inputStalled
}

// inputBytes is input as the terminal sent it, which is what pi's
// listeners get.
func inputBytes(msg tea.Msg) string {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return keyBytes(msg)
	case tea.PasteMsg:
		return "\x1b[200~" + msg.Content + "\x1b[201~"
	}
	return ""
}

// holdInput queues input for the listeners; the first in the queue is
// the one asked about.
func (m *model) holdInput(msg tea.Msg) tea.Cmd {
	m.heldSeq++
	m.held = append(m.held, heldInput{seq: m.heldSeq, msg: msg})
	if len(m.held) > 1 {
		return nil // asked when the input before it is done
	}
	return m.askHeld()
}

// askHeld sends the first held input to the listeners.
func (m *model) askHeld() tea.Cmd {
	h := m.held[0]
	sent := inputBytes(h.msg)
	m.c.request(cmd("terminal_input", "data", sent), func(m *model, r response) {
		if !r.ok {
			if r.err != m.lastInputErr { // once, not on every key
				m.notice(r.err, "error")
			}
			m.lastInputErr = r.err
		}
		if len(m.held) == 0 || m.held[0].seq != h.seq {
			m.inputStalled = false // the overdue answer came: hold input again
			return
		}
		consumed, _ := r.data["consume"].(bool)
		data, _ := r.data["data"].(string)
		rewritten := r.ok && !consumed && data != sent
		m.pendingCmd = tea.Batch(m.pendingCmd, m.releaseHeld(consumed, rewritten, data))
	})
	return tea.Tick(heldInputTimeout, func(time.Time) tea.Msg { return heldInputTimeoutMsg{h.seq} })
}

// heldTimeout acts on input whose answer did not come in time, and on
// the input held behind it.
func (m *model) heldTimeout(seq int) tea.Cmd {
	if len(m.held) == 0 || m.held[0].seq != seq {
		return nil
	}
	m.inputStalled = true
	return m.releaseHeld(false, false, "")
}

// releaseHeld finishes the first held input: dropped when consumed,
// acted on as the listeners' data when they rewrote it, else as it came;
// then the next held input is asked about (or, while an answer is
// overdue, acted on at once).
func (m *model) releaseHeld(consumed, rewritten bool, data string) tea.Cmd {
	h := m.held[0]
	m.held = m.held[1:]
	var cmds []tea.Cmd
	switch {
	case consumed:
	case rewritten:
		for _, msg := range decodeInput(data) {
			cmds = append(cmds, m.act(msg))
		}
	default:
		cmds = append(cmds, m.act(h.msg))
	}
	if m.inputStalled {
		for _, h := range m.held {
			cmds = append(cmds, m.act(h.msg))
		}
		m.held = nil
	} else if len(m.held) > 0 {
		cmds = append(cmds, m.askHeld())
	}
	return tea.Batch(cmds...)
}

// act is what a key or a paste does once the listeners passed it on.
func (m *model) act(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		m.paste(msg.Content)
	}
	return nil
}

// decodeInput parses a listener's rewritten input back into keys (and a
// bracketed paste into a paste), as pi's TUI parses the data its
// listeners pass on; sequences that are not keys are dropped.
func decodeInput(data string) []tea.Msg {
	if content, ok := strings.CutPrefix(data, "\x1b[200~"); ok {
		if content, ok := strings.CutSuffix(content, "\x1b[201~"); ok {
			return []tea.Msg{tea.PasteMsg{Content: content}}
		}
	}
	var dec uv.EventDecoder
	var out []tea.Msg
	buf := []byte(data)
	for len(buf) > 0 {
		n, ev := dec.Decode(buf)
		if n <= 0 {
			break
		}
		buf = buf[n:]
		if k, ok := ev.(uv.KeyPressEvent); ok {
			out = append(out, tea.KeyPressMsg(k))
		}
	}
	return out
}
