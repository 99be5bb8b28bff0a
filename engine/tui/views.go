package tui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/protocol"
)

// Views come from the host: "pi.dialog" (ctx.ui select, confirm, input,
// editor) and "pi.component" (an extension's pi-tui component rendered
// in its plugin's runtime: custom, widget, footer, header, editor).
func (m *model) viewRecord(rec map[string]any) tea.Cmd {
	msg, ok := protocol.ParseView(rec)
	if !ok {
		return nil
	}
	switch msg.Type {
	case "snapshot":
		var cmds []tea.Cmd
		for _, v := range msg.Views {
			cmds = append(cmds, m.openView(v.ViewID, v.Component, v.State))
		}
		return tea.Batch(cmds...)
	case protocol.TypeViewState:
		comp := msg.Component
		if comp == "" { // later states of a view do not repeat its component
			if _, ok := m.views[msg.ViewID]; ok {
				comp = "pi.component"
			}
		}
		return m.openView(msg.ViewID, comp, msg.State)
	case protocol.TypeViewClosed:
		m.closeView(msg.ViewID)
	}
	return nil
}

func (m *model) openView(id, component string, state any) tea.Cmd {
	st, _ := state.(map[string]any)
	switch component {
	case "pi.dialog":
		for _, d := range m.dialogs {
			if d.id == id {
				return nil
			}
		}
		m.dialogs = append(m.dialogs, newDialog(id, st))
	case "pi.component":
		v := m.views[id]
		isNew := v == nil
		if isNew {
			v = &compView{id: id}
			m.views[id] = v
			m.viewKeys = append(m.viewKeys, id)
			defer m.requestRender(v)
		}
		submit, action := v.update(st)
		if isNew && v.kind == "editor" {
			m.sendEditorCommands(v)
		}
		// A new custom component takes the keyboard (pi's ctx.ui.custom);
		// a hidden overlay gives it back.
		switch {
		case v.kind == "custom" && !v.hidden && (isNew || m.focus == ""):
			m.focus = id
		case m.focus == id && v.hidden:
			m.refocus()
		}
		var cmds []tea.Cmd
		if submit != nil {
			m.ed.Remember(strings.TrimSpace(*submit))
			cmds = append(cmds, m.sendText(*submit, false))
		}
		if action != "" {
			cmds = append(cmds, m.action(action))
		}
		return tea.Batch(cmds...)
	}
	return nil
}

func (m *model) closeView(id string) {
	for i, d := range m.dialogs {
		if d.id == id {
			m.dialogs = append(m.dialogs[:i], m.dialogs[i+1:]...)
			return
		}
	}
	if _, ok := m.views[id]; ok {
		delete(m.views, id)
		for i, k := range m.viewKeys {
			if k == id {
				m.viewKeys = append(m.viewKeys[:i], m.viewKeys[i+1:]...)
				break
			}
		}
		if m.focus == id {
			m.refocus()
		}
	}
}

// refocus gives the keyboard to the newest visible custom component, else
// to the editor.
func (m *model) refocus() {
	m.focus = ""
	for i := len(m.viewKeys) - 1; i >= 0; i-- {
		if v := m.views[m.viewKeys[i]]; v.kind == "custom" && !v.hidden {
			m.focus = v.id
			return
		}
	}
}

func (m *model) topDialog() *dialog {
	if len(m.dialogs) == 0 {
		return nil
	}
	return m.dialogs[0]
}

// dialog is an extension's ctx.ui dialog, answered with a view message.
// pi draws confirm as a select of Yes and No under "title\nmessage".
type dialog struct {
	id, method, title string
	options           []string
	index             int
	input             *editor
	deadline          time.Time // a timeout's end, shown as a countdown
	// local, for the UI's own dialogs (pi's built-in prompts), gets the
	// answer instead of the host.
	local func(m *model, answer map[string]any)
}

func newDialog(id string, st map[string]any) *dialog {
	d := &dialog{id: id, input: newEditor()}
	d.method, _ = st["method"].(string)
	d.title, _ = st["title"].(string)
	d.options = engine.Strings(st["options"])
	if d.method == "confirm" {
		if msg, _ := st["message"].(string); msg != "" {
			d.title += "\n" + msg
		}
		d.options = []string{"Yes", "No"}
	}
	if p, _ := st["prefill"].(string); p != "" {
		d.input.SetText(p)
	}
	if ms, _ := st["timeout"].(float64); ms > 0 {
		d.deadline = time.Now().Add(time.Duration(ms) * time.Millisecond)
	}
	return d
}

func (d *dialog) answer(m *model, v map[string]any) {
	if d.local != nil {
		m.closeView(d.id)
		d.local(m, v)
		return
	}
	m.c.send(protocol.ViewMessage(d.id, v))
	m.closeView(d.id) // the host closes it too; do not wait to redraw
}

// ask opens one of the UI's own dialogs (method "select", "confirm",
// "input" or "editor", drawn as an extension's), answered to done:
// {"value"}, {"confirmed"} or {"cancelled": true}.
func (m *model) ask(method, title string, options []string, done func(m *model, answer map[string]any)) {
	m.localDialogs++
	d := newDialog(fmt.Sprintf("local-%d", m.localDialogs), map[string]any{"method": method, "title": title, "options": anyList(options)})
	d.local = done
	m.dialogs = append(m.dialogs, d)
}

func anyList(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

func (d *dialog) paste(s string) {
	if d.method == "input" || d.method == "editor" {
		d.input.Insert(s)
	}
}

func (d *dialog) key(m *model, ks string, k tea.KeyPressMsg) {
	if m.keys.is("tui.select.cancel", ks) {
		d.answer(m, map[string]any{"cancelled": true})
		return
	}
	switch d.method {
	case "select", "confirm":
		n := len(d.options)
		switch {
		case m.keys.is("tui.select.up", ks) && n > 0:
			d.index = (d.index - 1 + n) % n
		case m.keys.is("tui.select.down", ks) && n > 0:
			d.index = (d.index + 1) % n
		case m.keys.is("tui.select.confirm", ks) && n > 0:
			if d.method == "confirm" {
				d.answer(m, map[string]any{"confirmed": d.index == 0})
			} else {
				d.answer(m, map[string]any{"value": d.options[d.index]})
			}
		}
	case "input", "editor":
		switch {
		case d.method == "editor" && m.keys.is("tui.input.newLine", ks):
			d.input.Newline()
		case m.keys.is("tui.select.confirm", ks):
			d.answer(m, map[string]any{"value": d.input.Text()})
		default:
			m.editKeyOn(d.input, ks, k)
		}
	}
}

// render draws the dialog where the editor is, as pi's extension
// selector, input and editor components do.
func (d *dialog) render(m *model, w int) []string {
	th := m.th
	rule := th.Fg("border", strings.Repeat("─", w))
	title := d.title
	if !d.deadline.IsZero() {
		title += fmt.Sprintf(" (%ds)", max(0, int(time.Until(d.deadline).Seconds()+0.999)))
	}
	out := []string{rule, ""}
	for _, l := range wrapText(title, w-2) {
		out = append(out, " "+th.Fg("accent", Bold(l)))
	}
	out = append(out, "")
	var hint string
	switch d.method {
	case "select", "confirm":
		const visible = 10
		start := max(0, min(d.index-visible/2, len(d.options)-visible))
		for i := start; i < min(start+visible, len(d.options)); i++ {
			text := "  " + th.Fg("text", d.options[i])
			if i == d.index {
				text = th.Fg("accent", "→ ") + th.Fg("accent", d.options[i])
			}
			for _, l := range wrapText(text, w-2) { // pi's Text(text, 1, 0): wrapped, one cell in
				out = append(out, " "+l)
			}
		}
		hint = th.Fg("dim", "↑↓") + th.Fg("muted", " navigate") + "  " + m.hint("tui.select.confirm", "select") + "  " + m.hint("tui.select.cancel", "cancel")
	default:
		for _, l := range d.input.Render(w-2, true) { // pi shows no placeholder
			out = append(out, " "+l)
		}
		hint = m.hint("tui.select.confirm", "submit") + "  " + m.hint("tui.select.cancel", "cancel")
		if d.method == "editor" {
			hint = m.hint("tui.select.confirm", "submit") + "  " + m.hint("tui.input.newLine", "newline") + "  " + m.hint("tui.select.cancel", "cancel")
		}
	}
	return append(out, "", " "+hint, "", rule)
}

// hint is pi's keyHint: an action's keys, dim, and what it does, muted.
func (m *model) hint(action, desc string) string {
	return m.th.Fg("dim", m.keys.label(action)) + m.th.Fg("muted", " "+desc)
}

// editKeyOn applies editor bindings to another editor (a dialog's).
func (m *model) editKeyOn(e *editor, ks string, k tea.KeyPressMsg) {
	saved := m.ed
	m.ed = e
	m.editKey(ks, k)
	m.ed = saved
}

// compView is a "pi.component" view: lines the plugin rendered.
type compView struct {
	id, kind, placement, errText string
	overlay, hidden              bool
	mouse                        bool // the component handles the mouse (handleMouse)
	overlayOpts                  map[string]any
	lines                        []string
	width                        int // the width last asked for
	// An editor component's last Enter and the last app action it left
	// to the app, by their counters.
	submitted, actions float64
}

// update applies a new state; an editor component's new submission or
// action is returned for the app to run.
func (v *compView) update(st map[string]any) (submit *string, action string) {
	v.kind, _ = st["kind"].(string)
	v.placement, _ = st["placement"].(string)
	v.overlay, _ = st["overlay"].(bool)
	v.hidden, _ = st["hidden"].(bool)
	v.mouse, _ = st["mouse"].(bool)
	if sub, _ := st["submitted"].(map[string]any); sub != nil {
		if n, _ := sub["count"].(float64); n > v.submitted {
			v.submitted = n
			text, _ := sub["text"].(string)
			submit = &text
		}
	}
	if act, _ := st["action"].(map[string]any); act != nil {
		if n, _ := act["count"].(float64); n > v.actions {
			v.actions = n
			action, _ = act["name"].(string)
		}
	}
	v.overlayOpts, _ = st["overlayOptions"].(map[string]any)
	v.errText, _ = st["error"].(string)
	if lines, ok := st["lines"].([]any); ok {
		v.lines = engine.Strings(lines)
	}
	return submit, action
}

// input sends raw terminal bytes to the component.
func (v *compView) input(m *model, data string) {
	if data == "" {
		return
	}
	m.c.send(protocol.ViewMessage(v.id, map[string]any{"type": "input", "data": data}))
}

// requestRender asks the plugin for a frame at the width the view gets.
func (m *model) requestRender(v *compView) {
	w := m.viewWidth(v)
	if w == v.width {
		return
	}
	v.width = w
	images := "" // the protocol an Image component may draw with (images.go)
	if m.vc.showsImages() {
		images = m.vc.imageProto
	}
	m.c.send(protocol.ViewMessage(v.id, map[string]any{"type": "render", "width": w, "rows": m.height, "columns": max(m.width, 10), "images": images}))
}

func (m *model) renderViews() {
	for _, k := range m.viewKeys {
		m.requestRender(m.views[k])
	}
}

func (m *model) viewWidth(v *compView) int {
	w := max(m.width, 10)
	if v.overlay {
		if ow := overlayWidth(v.overlayOpts, w); ow > 0 {
			return ow
		}
	}
	return w
}

// overlayWidth reads pi-tui's OverlayOptions width (cells or "N%").
func overlayWidth(o map[string]any, w int) int {
	switch x := o["width"].(type) {
	case float64:
		return min(int(x), w)
	case string:
		var pct float64
		if _, err := fmt.Sscanf(x, "%f%%", &pct); err == nil {
			return max(1, int(float64(w)*pct/100))
		}
	}
	if x, ok := o["minWidth"].(float64); ok {
		return min(int(x), w)
	}
	return min(80, w)
}

func (m *model) focusedView() *compView {
	if m.focus == "" {
		return nil
	}
	return m.views[m.focus]
}

// cursorMarkers are pi-tui's cursor markers (APC sequences where the
// hardware cursor goes and around a drawn cursor): the terminal shows
// the drawn cursor, so the markers themselves go.
var cursorMarkers = strings.NewReplacer("\x1b_pi:c\x07", "", "\x1b_pi:fc\x07", "", "\x1b_pi:/fc\x07", "")

// viewLines is a component's last frame, with its error under it. A
// plugin that has not answered yet shows nothing: drawing never waits.
func (m *model) viewLines(v *compView, w int) []string {
	out := make([]string, 0, len(v.lines)+1)
	for _, l := range v.lines {
		out = append(out, ansi.Truncate(cursorMarkers.Replace(l), w, ""))
	}
	if v.errText != "" {
		out = append(out, ansi.Truncate(m.th.Fg("error", v.errText), w, ""))
	}
	return out
}

func (m *model) viewsOf(kind string) []*compView {
	var out []*compView
	for _, k := range m.viewKeys {
		if v := m.views[k]; v.kind == kind {
			out = append(out, v)
		}
	}
	return out
}

// viewWidgets are component widgets at a placement.
// at is the row of the bottom area the first lands on.
func (m *model) viewWidgets(placement string, w, at int) []string {
	var out []string
	for _, v := range m.viewsOf("widget") {
		if v.placement == placement || (placement == "aboveEditor" && v.placement == "") {
			lines := m.viewLines(v, w)
			m.box(v.id, 0, at+len(out), w, len(lines))
			out = append(out, lines...)
		}
	}
	return out
}

// box records where a component is drawn, for the mouse.
func (m *model) box(id string, x, y, w, h int) {
	if h > 0 {
		m.boxes = append(m.boxes, mouseBox{id: id, x: x, y: y, w: w, h: h})
	}
}

// focusedCustom is a non-overlay custom component, drawn in place of
// the editor while it has focus (pi's ctx.ui.custom).
func (m *model) focusedCustom(w int) []string {
	v := m.focusedView()
	if v == nil || v.overlay {
		return nil
	}
	return m.viewLines(v, w)
}

// overlays draws the visible overlay components over a frame of h rows,
// placed as pi-tui's OverlayOptions say (anchor, offsets, row/col,
// margin, maxHeight), the newest on top.
func (m *model) overlays(frame []string, w, h int) []string {
	for _, k := range m.viewKeys {
		v := m.views[k]
		if v.kind != "custom" || !v.overlay || v.hidden {
			continue
		}
		o := v.overlayOpts
		ow := m.viewWidth(v)
		lines := m.viewLines(v, ow)
		mt, mr, mb, ml := overlayMargins(o["margin"])
		availW, availH := max(1, w-ml-mr), max(1, h-mt-mb)
		if mh := sizeValue(o["maxHeight"], h); mh > 0 && len(lines) > mh {
			lines = lines[:mh]
		}
		oh := len(lines)
		anchor, _ := o["anchor"].(string)
		row, col := mt+(availH-oh)/2, ml+(availW-ow)/2
		if strings.HasPrefix(anchor, "top") {
			row = mt
		} else if strings.HasPrefix(anchor, "bottom") {
			row = mt + availH - oh
		}
		if strings.HasSuffix(anchor, "left") || anchor == "left-center" {
			col = ml
		} else if strings.HasSuffix(anchor, "right") || anchor == "right-center" {
			col = ml + availW - ow
		}
		if r, ok := o["row"]; ok {
			row = sizeValue(r, max(0, h-oh))
		}
		if c, ok := o["col"]; ok {
			col = sizeValue(c, max(0, w-ow))
		}
		off := func(k string) int { f, _ := o[k].(float64); return int(f) }
		row, col = max(0, row+off("offsetY")), max(0, col+off("offsetX"))
		m.box(v.id, col, row, ow, min(oh, max(0, h-row)))
		for len(frame) < min(h, row+oh) {
			frame = append(frame, "")
		}
		frame = composite(frame, lines, row, col)
	}
	return frame
}

// composite draws lines over the frame's rows from row on, at column
// col (rows past the frame's end are left out).
func composite(frame, lines []string, row, col int) []string {
	for j, l := range lines {
		if row+j >= len(frame) {
			break
		}
		base := frame[row+j]
		left := ansi.Truncate(base, col, "")
		if pad := col - ansi.StringWidth(left); pad > 0 {
			left += strings.Repeat(" ", pad)
		}
		right := ansi.TruncateLeft(base, col+ansi.StringWidth(l), "")
		frame[row+j] = left + "\x1b[0m" + l + "\x1b[0m" + right
	}
	return frame
}

// sizeValue reads pi-tui's SizeValue: cells, or "N%" of total.
func sizeValue(v any, total int) int {
	switch x := v.(type) {
	case float64:
		return int(x)
	case string:
		var pct float64
		if _, err := fmt.Sscanf(x, "%f%%", &pct); err == nil {
			return int(float64(total) * pct / 100)
		}
	}
	return 0
}

// overlayMargins reads OverlayOptions.margin: one number for all sides,
// or {top, right, bottom, left}.
func overlayMargins(v any) (top, right, bottom, left int) {
	if n, ok := v.(float64); ok {
		return int(n), int(n), int(n), int(n)
	}
	o, _ := v.(map[string]any)
	get := func(k string) int { f, _ := o[k].(float64); return int(f) }
	return get("top"), get("right"), get("bottom"), get("left")
}

func (m *model) headerView(w int) []string {
	if vs := m.viewsOf("header"); len(vs) > 0 {
		return m.viewLines(vs[len(vs)-1], w)
	}
	return nil
}

func (m *model) footerView(w int) []string {
	if vs := m.viewsOf("footer"); len(vs) > 0 {
		return m.viewLines(vs[len(vs)-1], w)
	}
	return nil
}

// editorView is an extension's editor component (setEditorComponent).
func (m *model) editorView(w int) []string {
	if vs := m.viewsOf("editor"); len(vs) > 0 {
		return m.viewLines(vs[len(vs)-1], w)
	}
	return nil
}
