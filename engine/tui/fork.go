package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// forkPicker is pi's /fork selector (UserMessageSelectorComponent): the
// user messages of the current branch, oldest first, the last one
// selected; each with "Message i of n" under it.
type forkPicker struct {
	ids, texts []string
	index      int
}

const forkVisible = 10

func (f *forkPicker) key(m *model, ks string, _ tea.KeyPressMsg) tea.Cmd {
	n := len(f.ids)
	switch {
	case m.keys.is("tui.select.up", ks):
		f.index = (f.index - 1 + n) % n
	case m.keys.is("tui.select.down", ks):
		f.index = (f.index + 1) % n
	case ks == "pgup":
		f.index = max(0, f.index-forkVisible)
	case ks == "pgdown":
		f.index = min(n-1, f.index+forkVisible)
	case m.keys.is("tui.select.confirm", ks):
		m.sel = nil
		m.fork(f.ids[f.index])
	case m.keys.is("tui.select.cancel", ks):
		m.sel = nil
	}
	return nil
}

func (f *forkPicker) render(m *model, w int) []string {
	th := m.th
	rule := th.Fg("border", strings.Repeat("─", w))
	out := []string{"", " " + Bold("Fork from Message")}
	for _, l := range wrapText("Select a user message to copy the active path up to that point into a new session", w-2) {
		out = append(out, " "+th.Fg("muted", l))
	}
	out = append(out, "", rule, "")
	n := len(f.ids)
	start := max(0, min(f.index-forkVisible/2, n-forkVisible))
	end := min(start+forkVisible, n)
	for i := start; i < end; i++ {
		text := ansi.Truncate(strings.TrimSpace(strings.ReplaceAll(f.texts[i], "\n", " ")), w-2, "…")
		cursor := "  "
		if i == f.index {
			cursor, text = th.Fg("accent", "› "), Bold(text)
		}
		out = append(out, cursor+text, th.Fg("muted", fmt.Sprintf("  Message %d of %d", i+1, n)), "")
	}
	if start > 0 || end < n {
		out = append(out, th.Fg("muted", fmt.Sprintf("  (%d/%d)", f.index+1, n)))
	}
	return append(out, "", rule)
}

// openFork is pi's showUserMessageSelector on get_fork_messages.
func (m *model) openFork() {
	m.c.request(cmd("get_fork_messages"), func(m *model, r response) {
		msgs, _ := r.data["messages"].([]any)
		f := &forkPicker{}
		for _, x := range msgs {
			o, _ := x.(map[string]any)
			id, _ := o["entryId"].(string)
			text, _ := o["text"].(string)
			f.ids, f.texts = append(f.ids, id), append(f.texts, text)
		}
		if len(f.ids) == 0 {
			m.notice("No messages to fork from", "muted")
			return
		}
		f.index = len(f.ids) - 1
		m.sel = f
	})
}

// fork is pi's fork from a user message: a new session with the branch
// up to it; the message's text goes into the editor.
func (m *model) fork(entryID string) {
	m.c.request(cmd("fork", "entryId", entryID), func(m *model, r response) {
		switch {
		case !r.ok:
			m.notice(r.err, "error")
		case r.data["cancelled"] == true:
		default:
			m.reloadChat()
			m.extensionsReplaced()
			text, _ := r.data["text"].(string)
			m.ed.SetText(text)
			m.notice("Forked to new session", "muted")
		}
	})
}

// clone is pi's /clone: a new session with the whole current branch; the
// editor is emptied.
func (m *model) clone() {
	m.c.request(cmd("clone"), func(m *model, r response) {
		switch {
		case !r.ok:
			m.notice(r.err, "error")
		case r.data["cancelled"] == true:
		default:
			m.reloadChat()
			m.extensionsReplaced()
			m.ed.SetText("")
			m.notice("Cloned to new session", "muted")
		}
	})
}
