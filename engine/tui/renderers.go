package tui

import (
	"fmt"

	"github.com/pigo-dev/pigo/engine"
)

// Extension renderers (registerMessageRenderer, a tool's renderCall and
// renderResult) run in their plugin's runtime: the UI asks the host for
// their lines at the width and expansion it draws (render_message,
// render_tool) and draws its own rendering until they arrive, or for
// good when the host says nobody renders it (null lines).

// rendered is one renderer's answer for an item.
type rendered struct {
	asked string   // the key (width, expanded) last asked for
	key   string   // the key lines are for
	lines []string // nil: none yet
	none  bool     // no extension renders it
}

func renderKey(width int, expanded bool) string { return fmt.Sprintf("%d/%t", width, expanded) }

// get returns the lines for key, if they have arrived.
func (r *rendered) get(key string) ([]string, bool) {
	if r.none || r.lines == nil || r.key != key {
		return nil, false
	}
	return r.lines, true
}

// builtinTools are drawn by this UI itself (pi's own renderers, ported).
var builtinTools = map[string]bool{"bash": true, "read": true, "write": true, "edit": true, "grep": true, "find": true, "ls": true}

// requestRenders asks for the renderings the items need at the current
// width and expansion. It runs after every update, never from View.
func (m *model) requestRenders() {
	w := max(m.width, 10)
	for _, c := range m.items[m.printed:] {
		switch it := c.item.(type) {
		case *entryItem:
			m.requestEntryRender(c, it, w)
		case *customItem:
			key := renderKey(w, m.vc.toolsExpanded)
			if it.rend.none || it.rend.asked == key || it.msg == nil {
				continue
			}
			it.rend.asked = key
			m.c.request(cmd("render_message", "customType", it.label, "message", it.msg, "expanded", m.vc.toolsExpanded, "width", w),
				func(m *model, r response) { it.rend.answer(r, key); c.dirty++ })
		case *toolItem:
			if builtinTools[it.name] || it.name == "" {
				continue
			}
			key := renderKey(w-2, m.vc.toolsExpanded) + fmt.Sprintf("/%t/%t/%d", it.done, it.isError, it.version)
			if !it.call.none && it.call.asked != key {
				it.call.asked = key
				m.c.request(cmd("render_tool", "toolName", it.name, "phase", "call", "toolCallId", it.id, "args", it.args,
					"expanded", m.vc.toolsExpanded, "isPartial", !it.done, "width", w-2),
					func(m *model, r response) { it.call.answer(r, key); c.dirty++ })
			}
			if (it.done || it.output != "") && !it.result.none && it.result.asked != key {
				it.result.asked = key
				m.c.request(cmd("render_tool", "toolName", it.name, "phase", "result", "toolCallId", it.id, "args", it.args,
					"result", it.result_, "expanded", m.vc.toolsExpanded, "isPartial", !it.done, "isError", it.isError, "width", w-2),
					func(m *model, r response) { it.result.answer(r, key); c.dirty++ })
			}
		}
	}
}

// answer records a render response: lines, none (null lines), or an
// error (the item keeps its own rendering). The host may answer requests
// out of order: an answer to an earlier request than the last is dropped.
func (r *rendered) answer(resp response, key string) {
	if !resp.ok || key != r.asked {
		return
	}
	raw, ok := resp.data["lines"].([]any)
	if !ok {
		r.none = true
		return
	}
	r.lines, r.key = engine.Strings(raw), key
	if r.lines == nil {
		r.lines = []string{}
	}
}
