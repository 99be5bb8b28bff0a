package tui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pigo-dev/pigo/engine"
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
		m.show(obj["type"], msg)
	case "setStatus":
		if call.Value == nil {
			delete(m.statuses, call.Sub)
		} else {
			m.statuses[call.Sub] = str
			m.uiOwner["status:"+call.Sub] = call.Plugin
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
		m.widgets[call.Sub] = widget{lines: engine.Strings(lines), placement: placement}
		m.uiOwner["widget:"+call.Sub] = call.Plugin
	case "setTitle":
		m.title = str
		m.uiOwner["title:"] = call.Plugin
	case "setEditorText":
		m.ed.SetText(str)
		m.editorSent = m.ed.Expanded() // the host has it already
		m.updateAutocomplete()
	case "pasteToEditor": // pi sends it to the editor as a bracketed paste
		m.ed.Paste(str)
		m.updateAutocomplete()
	case "setWorkingMessage":
		m.working.message = str
		m.uiOwner["working:message"] = call.Plugin
	case "setWorkingVisible":
		visible, ok := call.Value.(bool)
		m.working.hidden = ok && !visible
		m.uiOwner["working:visible"] = call.Plugin
	case "setWorkingIndicator":
		m.working.hasFrames, m.working.interval = false, 0
		m.uiOwner["working:indicator"] = call.Plugin
		if frames, ok := obj["frames"].([]any); ok {
			m.working.frames, m.working.hasFrames = engine.Strings(frames), true
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
		m.uiOwner["thinking:label"] = call.Plugin
	case "setToolsExpanded":
		expanded, _ := call.Value.(bool)
		m.setToolsExpanded(expanded)
	case "setTheme":
		m.setTheme(str)
	case "addAutocompleteProvider": // the providers' {count, triggers} now
		info, _ := call.Value.(map[string]any)
		m.setAutocompleteInfo(info)
	case "onTerminalInput": // the number of terminal input listeners now
		n, _ := call.Value.(float64)
		m.inputListeners = int(n)
	}
	return nil
}

// show is pi's showError, showWarning or showStatus by kind ("error",
// "warning", anything else).
func (m *model) show(kind any, msg string) {
	switch kind {
	case "error":
		m.notice("Error: "+msg, "error")
	case "warning":
		m.notice("Warning: "+msg, "warning")
	default:
		m.status(msg)
	}
}

// status is pi's showStatus: a dim line in the chat that the next status
// replaces while it is still the last item (and not yet printed).
func (m *model) status(text string) {
	if n := len(m.items); n > m.printed {
		if s, ok := m.items[n-1].item.(*noticeItem); ok && s.status {
			s.text = text
			m.items[n-1].dirty++
			return
		}
	}
	m.add(&noticeItem{text: text, token: "dim", status: true})
}

// dropPluginUI removes the statuses and string widgets plugin set, and
// undoes its terminal title, working message, visibility and indicator
// and hidden thinking label (its generation was replaced; the new one
// sets its own), or every plugin's when plugin is "", as pi's
// resetExtensionUI on a reload or session replacement.
func (m *model) dropPluginUI(plugin string) {
	for k, owner := range m.uiOwner {
		if plugin != "" && owner != plugin {
			continue
		}
		delete(m.uiOwner, k)
		kind, key, _ := strings.Cut(k, ":")
		switch kind {
		case "status":
			delete(m.statuses, key)
		case "widget":
			delete(m.widgets, key)
			m.widgetKeys = slices.DeleteFunc(m.widgetKeys, func(w string) bool { return w == key })
		case "title":
			m.title = ""
		case "working":
			switch key {
			case "message":
				m.working.message = ""
			case "visible":
				m.working.hidden = false
			case "indicator":
				m.working.frames, m.working.hasFrames, m.working.interval = nil, false, 0
			}
		case "thinking":
			m.vc.thinkingLabel = "Thinking..."
			m.vc.gen++
		}
	}
}

// extensionReload shows a save's reload as one line, as pigo dev prints
// it ("reload ext gen 2 ok 12ms +command:two ~tool:greet"), or the error
// with file:line and the generation kept; the autocomplete list follows.
func (m *model) extensionReload(rec map[string]any) {
	plugin, _ := rec["plugin"].(string)
	if rec["moved"] == true { // the run moved to another project (its own notices follow)
		gone, _ := rec["gone"].(string)
		if _, appeared := rec["appeared"]; !appeared {
			// Gone, or started again: it sets its UI anew at session_start.
			m.dropPluginUI(plugin)
		}
		if gone != "" {
			m.extensions = slices.DeleteFunc(m.extensions, func(p string) bool { return p == gone })
		}
		return
	}
	gen, _ := rec["generation"].(float64)
	if rec["ok"] != true {
		e, _ := rec["error"].(string)
		if gen == 0 { // a new file that does not load: nothing was serving
			m.notice(fmt.Sprintf("reload %s FAILED: %s", plugin, e), "error")
		} else {
			m.notice(fmt.Sprintf("reload %s FAILED, keeping generation %d: %s", plugin, int(gen), e), "error")
		}
		return
	}
	m.dropPluginUI(plugin)
	if gone, _ := rec["gone"].(string); gone != "" { // a deleted file: out of the header
		m.extensions = slices.DeleteFunc(m.extensions, func(p string) bool { return p == gone })
	}
	line := fmt.Sprintf("reload %s gen %d ok %vms", plugin, int(gen), rec["ms"])
	for _, k := range []struct{ key, sign string }{{"added", "+"}, {"removed", "-"}, {"changed", "~"}} {
		list, _ := rec[k.key].([]any)
		for _, x := range list {
			line += fmt.Sprintf(" %s%v", k.sign, x)
		}
	}
	m.notice(line, "muted")
	m.c.request(cmd("get_commands"), (*model).onCommands)
	m.c.request(cmd("get_extensions"), (*model).onExtensions)
	m.c.request(cmd("get_shortcuts"), (*model).onShortcuts)
}
