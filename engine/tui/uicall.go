package tui

import (
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pigo-dev/pigo/engine/protocol"
)

// uiCall applies an extension's fire-and-forget UI call (ctx.ui.notify,
// setStatus, setWidget, setTitle, setEditorText, ...).
func (m *model) uiCall(rec map[string]any) tea.Cmd {
	call, ok := protocol.ParseUICall(rec)
	if !ok {
		return nil
	}
	str, _ := call.Value.(string)
	obj, _ := call.Value.(map[string]any)
	switch call.Op {
	case "notify":
		msg, _ := obj["message"].(string)
		token := "muted"
		switch obj["type"] {
		case "error":
			token = "error"
			msg = "Error: " + msg
		case "warning":
			token = "warning"
			msg = "Warning: " + msg
		}
		m.notice(msg, token)
	case "setStatus":
		if call.Value == nil {
			delete(m.statuses, call.Sub)
		} else {
			m.statuses[call.Sub] = str
		}
	case "setWidget":
		lines, ok := obj["lines"].([]any)
		if !ok { // cleared, or a component widget drawn from its pi.component view
			delete(m.widgets, call.Sub)
			m.widgetKeys = slices.DeleteFunc(m.widgetKeys, func(k string) bool { return k == call.Sub })
			break
		}
		if _, seen := m.widgets[call.Sub]; !seen {
			m.widgetKeys = append(m.widgetKeys, call.Sub) // pi's Map keeps the first position
		}
		placement, _ := obj["placement"].(string)
		m.widgets[call.Sub] = widget{lines: stringList(lines), placement: placement}
	case "setTitle":
		m.title = str
	case "setEditorText":
		m.ed.SetText(str)
		m.updateAutocomplete()
	case "pasteToEditor":
		m.ed.Insert(str)
		m.updateAutocomplete()
	case "setWorkingMessage":
		m.working.message = str
	case "setWorkingVisible":
		visible, ok := call.Value.(bool)
		m.working.hidden = ok && !visible
	case "setWorkingIndicator":
		m.working.hasFrames, m.working.interval = false, 0
		if frames, ok := obj["frames"].([]any); ok {
			m.working.frames, m.working.hasFrames = stringList(frames), true
		}
		if ms, ok := obj["intervalMs"].(float64); ok {
			m.working.interval = time.Duration(ms) * time.Millisecond
		}
	case "setHiddenThinkingLabel":
		m.vc.thinkingLabel = str
		if str == "" {
			m.vc.thinkingLabel = "Thinking..."
		}
		m.vc.gen++
	case "setToolsExpanded":
		m.vc.toolsExpanded, _ = call.Value.(bool)
		m.vc.gen++
	case "setTheme":
		m.setTheme(str)
	}
	return nil
}
