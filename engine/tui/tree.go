package tui

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// treeNav is pi's /tree (TreeSelectorComponent): the session's entries as
// a tree, the branch holding the current leaf first, markers on the path
// to it; filters, search, labels. Its rows, markers and key bindings
// follow pi 1.6's tree-selector.js so a user sees the same navigator.
type treeNav struct {
	byID      map[string]*treeEntry
	flat      []*treeRow // every entry, pre-order, active branch first
	rows      []*treeRow // what the filter and search leave
	leaf      string
	active    map[string]bool // on the path from a root to the leaf
	index     int
	selected  string // the selected entry, kept across filter changes
	mode      string // default, no-tools, user-only, labeled-only, all
	search    string
	maxLines  int
	labelTime bool
	folded    map[string]bool
	// the visible tree (after filter and folds): parent and children
	visParent   map[string]string
	visChildren map[string][]string
	toolCalls   map[string]treeToolCall
	multiRoot   bool
	// labeling is the label input (pi's LabelInput) when open.
	labeling *editor
	labelFor string
	home     string
}

type treeEntry struct {
	e                map[string]any
	id, parent, typ  string
	children         []*treeEntry
	label, labelTime string
	hasLabel         bool
}

type treeToolCall struct {
	name string
	args map[string]any
}

// treeRow is an entry's place in the drawn tree (pi's FlatNode).
type treeRow struct {
	n                *treeEntry
	indent           int
	connector, last  bool
	virtualRootChild bool
	gutters          []treeGutter
}

type treeGutter struct {
	position int
	show     bool
}

var treeFilterModes = []string{"default", "no-tools", "user-only", "labeled-only", "all"}

// newTreeNav builds the navigator from get_tree's data, the selection on
// selectID (the leaf when ""), with filter mode (pi's treeFilterMode; ""
// or an unknown one is "default").
func newTreeNav(data map[string]any, selectID, mode string, termHeight int, home string) *treeNav {
	if !slices.Contains(treeFilterModes, mode) {
		mode = "default"
	}
	t := &treeNav{byID: map[string]*treeEntry{}, active: map[string]bool{}, toolCalls: map[string]treeToolCall{},
		mode: mode, maxLines: max(5, termHeight/2), home: home, folded: map[string]bool{}}
	t.leaf, _ = data["leafId"].(string)
	var build func(v any) *treeEntry
	build = func(v any) *treeEntry {
		o, _ := v.(map[string]any)
		n := &treeEntry{}
		n.e, _ = o["entry"].(map[string]any)
		n.id, _ = n.e["id"].(string)
		n.parent, _ = n.e["parentId"].(string)
		n.typ, _ = n.e["type"].(string)
		n.label, n.hasLabel = o["label"].(string)
		n.labelTime, _ = o["labelTimestamp"].(string)
		t.byID[n.id] = n
		kids, _ := o["children"].([]any)
		for _, k := range kids {
			n.children = append(n.children, build(k))
		}
		return n
	}
	rootList, _ := data["tree"].([]any)
	var roots []*treeEntry
	for _, r := range rootList {
		roots = append(roots, build(r))
	}
	for id := t.leaf; id != ""; {
		t.active[id] = true
		n := t.byID[id]
		if n == nil {
			break
		}
		id = n.parent
	}
	t.flatten(roots)
	if selectID == "" {
		selectID = t.leaf
	}
	t.selected = selectID
	t.applyFilter()
	return t
}

// flatten orders the entries as pi does: pre-order, children holding the
// leaf before their siblings.
func (t *treeNav) flatten(roots []*treeEntry) {
	activeFirst := func(ns []*treeEntry) []*treeEntry {
		var first, rest []*treeEntry
		for _, n := range ns {
			if t.active[n.id] {
				first = append(first, n)
			} else {
				rest = append(rest, n)
			}
		}
		return append(first, rest...)
	}
	stack := activeFirst(roots)
	for i, j := 0, len(stack)-1; i < j; i, j = i+1, j-1 {
		stack[i], stack[j] = stack[j], stack[i]
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if msg, _ := n.e["message"].(map[string]any); n.typ == "message" && msg["role"] == "assistant" {
			blocks, _ := msg["content"].([]any)
			for _, b := range blocks {
				if o, _ := b.(map[string]any); o["type"] == "toolCall" {
					id, _ := o["id"].(string)
					name, _ := o["name"].(string)
					args, _ := o["arguments"].(map[string]any)
					t.toolCalls[id] = treeToolCall{name, args}
				}
			}
		}
		t.flat = append(t.flat, &treeRow{n: n})
		kids := activeFirst(n.children)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
}

// shown is pi's applyFilter test for one entry.
func (t *treeNav) shown(n *treeEntry, tokens []string) bool {
	if n.typ == "usage" {
		return false
	}
	msg, _ := n.e["message"].(map[string]any)
	role, _ := msg["role"].(string)
	if n.typ == "message" && role == "assistant" && n.id != t.leaf {
		stop, _ := msg["stopReason"].(string)
		if strings.TrimSpace(contentText(msg["content"])) == "" && (stop == "" || stop == "stop" || stop == "toolUse") {
			return false // tool calls only
		}
	}
	settings := false
	switch n.typ {
	case "label", "context_edit", "custom", "model_change", "thinking_level_change", "session_info":
		settings = true
	}
	pass := !settings
	switch t.mode {
	case "user-only":
		pass = n.typ == "message" && role == "user"
	case "no-tools":
		pass = !settings && !(n.typ == "message" && role == "toolResult")
	case "labeled-only":
		pass = n.hasLabel
	case "all":
		pass = true
	}
	if !pass {
		return false
	}
	if len(tokens) > 0 {
		text := strings.ToLower(t.searchText(n))
		for _, tok := range tokens {
			if !strings.Contains(text, tok) {
				return false
			}
		}
	}
	return true
}

// applyFilter is pi's: the visible rows, their tree drawing recomputed
// over the visible entries (a hidden entry's children hang off its
// nearest visible ancestor), the selection kept on the same entry or its
// nearest visible ancestor.
func (t *treeNav) applyFilter() {
	if len(t.rows) > 0 {
		t.selected = t.rows[t.index].n.id
	}
	tokens := strings.Fields(strings.ToLower(t.search))
	t.rows = t.rows[:0]
	hidden := map[string]bool{} // below a folded entry
	for _, r := range t.flat {
		if p := r.n.parent; p != "" && (t.folded[p] || hidden[p]) {
			hidden[r.n.id] = true
		}
	}
	for _, r := range t.flat {
		if t.shown(r.n, tokens) && !hidden[r.n.id] {
			t.rows = append(t.rows, r)
		}
	}
	t.layout()
	t.index = t.nearestVisible(t.selected)
	if len(t.rows) > 0 {
		t.selected = t.rows[t.index].n.id
	}
}

func (t *treeNav) nearestVisible(id string) int {
	if len(t.rows) == 0 {
		return 0
	}
	at := map[string]int{}
	for i, r := range t.rows {
		at[r.n.id] = i
	}
	for id != "" {
		if i, ok := at[id]; ok {
			return i
		}
		n := t.byID[id]
		if n == nil {
			break
		}
		id = n.parent
	}
	return len(t.rows) - 1
}

// layout is pi's recalculateVisualStructure: indents, connectors and
// gutters of the visible rows.
func (t *treeNav) layout() {
	visible := map[string]bool{}
	for _, r := range t.rows {
		visible[r.n.id] = true
	}
	children := map[string][]*treeRow{}
	var roots []*treeRow
	t.visParent, t.visChildren = map[string]string{}, map[string][]string{}
	for _, r := range t.rows {
		p := r.n.parent
		for p != "" && !visible[p] {
			if n := t.byID[p]; n != nil {
				p = n.parent
			} else {
				p = ""
			}
		}
		t.visParent[r.n.id] = p
		t.visChildren[p] = append(t.visChildren[p], r.n.id)
		if p == "" {
			roots = append(roots, r)
		} else {
			children[p] = append(children[p], r)
		}
	}
	t.multiRoot = len(roots) > 1
	type frame struct {
		r                         *treeRow
		indent                    int
		branched, connector, last bool
		gutters                   []treeGutter
		virtual                   bool
	}
	var stack []frame
	for i := len(roots) - 1; i >= 0; i-- {
		stack = append(stack, frame{roots[i], b2i(t.multiRoot), t.multiRoot, t.multiRoot, i == len(roots)-1, nil, t.multiRoot})
	}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r := f.r
		r.indent, r.connector, r.last, r.gutters, r.virtualRootChild = f.indent, f.connector, f.last, f.gutters, f.virtual
		kids := children[r.n.id]
		multi := len(kids) > 1
		childIndent := f.indent
		if multi || (f.branched && f.indent > 0) {
			childIndent++
		}
		childGutters := f.gutters
		if f.connector && !f.virtual {
			display := f.indent
			if t.multiRoot {
				display = max(0, f.indent-1)
			}
			childGutters = append(append([]treeGutter(nil), f.gutters...), treeGutter{max(0, display-1), !f.last})
		}
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, frame{kids[i], childIndent, multi, multi, i == len(kids)-1, childGutters, false})
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (t *treeNav) key(m *model, ks string, k tea.KeyPressMsg) tea.Cmd {
	if t.labeling != nil {
		switch {
		case m.keys.is("tui.select.confirm", ks):
			label := strings.TrimSpace(t.labeling.Text())
			id := t.labelFor
			t.labeling = nil
			if n := t.byID[id]; n != nil {
				n.label, n.hasLabel, n.labelTime = label, label != "", ""
				if label != "" {
					n.labelTime = time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
				}
			}
			m.c.request(cmd("set_entry_label", "entryId", id, "label", label), func(m *model, r response) {
				if !r.ok {
					m.notice(r.err, "error")
				}
			})
		case m.keys.is("tui.select.cancel", ks):
			t.labeling = nil
		default:
			m.editKeyOn(t.labeling, ks, k)
		}
		return nil
	}
	n := len(t.rows)
	setMode := func(mode string) {
		if t.mode == mode {
			mode = "default"
		}
		t.mode = mode
		t.refilter()
	}
	switch {
	case m.keys.is("tui.select.up", ks) && n > 0:
		t.index = (t.index - 1 + n) % n
	case m.keys.is("tui.select.down", ks) && n > 0:
		t.index = (t.index + 1) % n
	case (ks == "ctrl+left" || ks == "alt+left") && n > 0:
		if id := t.rows[t.index].n.id; t.foldable(id) && !t.folded[id] {
			t.folded[id] = true
			t.applyFilter()
		} else {
			t.index = t.segmentStart(false)
		}
	case (ks == "ctrl+right" || ks == "alt+right") && n > 0:
		if id := t.rows[t.index].n.id; t.folded[id] {
			delete(t.folded, id)
			t.applyFilter()
		} else {
			t.index = t.segmentStart(true)
		}
	case ks == "ctrl+x":
		if n > 0 {
			if text := copyText(t.rows[t.index].n); text != "" {
				m.pendingCmd = tea.SetClipboard(text)
				m.notice("Copied selected message to clipboard", "muted")
			} else {
				m.notice("Selected entry has no text to copy", "error")
			}
		}
	case ks == "left" || ks == "pgup":
		t.index = max(0, t.index-t.maxLines)
	case ks == "right" || ks == "pgdown":
		t.index = max(0, min(n-1, t.index+t.maxLines))
	case m.keys.is("tui.select.confirm", ks):
		if n > 0 {
			m.treeChosen(t.rows[t.index].n.id)
		}
	case m.keys.is("tui.select.cancel", ks):
		if t.search != "" {
			t.search = ""
			t.refilter()
		} else {
			m.sel = nil
		}
	case ks == "ctrl+d":
		t.mode = "default"
		t.refilter()
	case ks == "ctrl+t":
		setMode("no-tools")
	case ks == "ctrl+u":
		setMode("user-only")
	case ks == "ctrl+l":
		setMode("labeled-only")
	case ks == "ctrl+a":
		setMode("all")
	case ks == "ctrl+o" || ks == "ctrl+shift+o":
		step := 1
		if ks == "ctrl+shift+o" {
			step = len(treeFilterModes) - 1
		}
		for i, mode := range treeFilterModes {
			if mode == t.mode {
				t.mode = treeFilterModes[(i+step)%len(treeFilterModes)]
				break
			}
		}
		t.refilter()
	case ks == "backspace":
		if t.search != "" {
			r := []rune(t.search)
			t.search = string(r[:len(r)-1])
			t.refilter()
		}
	case ks == "L" || ks == "shift+l":
		if n > 0 {
			sel := t.rows[t.index].n
			t.labeling, t.labelFor = newEditor(), sel.id
			t.labeling.SetText(sel.label)
		}
	case ks == "T" || ks == "shift+t":
		t.labelTime = !t.labelTime
	default:
		if k.Text != "" && !strings.ContainsFunc(k.Text, unicode.IsControl) {
			t.search += k.Text
			t.refilter()
		}
	}
	return nil
}

// refilter applies a changed filter or search; folds are dropped, as in
// pi.
func (t *treeNav) refilter() {
	clear(t.folded)
	t.applyFilter()
}

// foldable is pi's isFoldable: a visible entry with visible children
// that is a root or starts a branch.
func (t *treeNav) foldable(id string) bool {
	if len(t.visChildren[id]) == 0 {
		return false
	}
	p := t.visParent[id]
	return p == "" || len(t.visChildren[p]) > 1
}

// segmentStart is pi's findBranchSegmentStart: down follows first
// children to the next branch point's first child (or the end); up goes
// to the start of the branch segment holding the selection.
func (t *treeNav) segmentStart(down bool) int {
	at := map[string]int{}
	for i, r := range t.rows {
		at[r.n.id] = i
	}
	id := t.rows[t.index].n.id
	if down {
		for {
			kids := t.visChildren[id]
			switch {
			case len(kids) == 0:
				return at[id]
			case len(kids) > 1:
				return at[kids[0]]
			}
			id = kids[0]
		}
	}
	for {
		p := t.visParent[id]
		if p == "" {
			return at[id]
		}
		if len(t.visChildren[p]) > 1 && at[id] < t.index {
			return at[id]
		}
		id = p
	}
}

// copyText is pi's getEntryCopyText.
func copyText(n *treeEntry) string {
	var text string
	switch n.typ {
	case "message":
		msg, _ := n.e["message"].(map[string]any)
		if msg["role"] == "bashExecution" {
			text, _ = msg["command"].(string)
		} else {
			text = contentText(msg["content"])
			if text == "" && msg["role"] == "assistant" {
				text, _ = msg["errorMessage"].(string)
			}
		}
	case "custom_message":
		text = contentText(n.e["content"])
	case "compaction", "branch_summary":
		text, _ = n.e["summary"].(string)
	}
	if strings.TrimSpace(text) == "" {
		return ""
	}
	return text
}

// render draws pi's tree selector: title, key help, search line, the
// rows around the selection, the position and filter.
func (t *treeNav) render(m *model, w int) []string {
	th := m.th
	rule := th.Fg("border", strings.Repeat("─", w))
	out := []string{"", rule, " " + Bold("  Session Tree")} // pi's Text("  Session Tree", 1, 0)
	for _, l := range treeHelp(w) {
		out = append(out, th.Fg("muted", l))
	}
	search := "  " + th.Fg("muted", "Type to search:") + " "
	if t.search != "" {
		search += th.Fg("accent", t.search)
	}
	out = append(out, ansi.Truncate(search, w-1, "")+"\x1b[7m \x1b[27m", rule, "")
	if t.labeling != nil {
		out = append(out, ansi.Truncate("  "+th.Fg("muted", "Label (empty to remove):"), w, ""))
		for _, l := range t.labeling.Render(w-2, true) {
			out = append(out, "  "+l)
		}
		out = append(out, ansi.Truncate("  "+m.hint("tui.select.confirm", "save")+"  "+m.hint("tui.select.cancel", "cancel"), w, ""))
	} else {
		out = append(out, t.list(m, w)...)
	}
	return append(out, "", rule)
}

// treeHelpItems are pi's tree key help items with pi's default keys (the
// navigator's keys are not configurable here).
var treeHelpItems = []string{"↑/↓ move", "←/→ page", "ctrl+←/→ branch", "ctrl+x copy", "shift+l label",
	"shift+t label time", "filters ctrl+d/t/u/l/a", "cycle ctrl+o/shift+ctrl+o"}

// treeHelp wraps the help as pi's TreeHelp: items joined by " · ", a
// new line where the next item does not fit.
func treeHelp(w int) []string {
	var lines []string
	cur := ""
	for _, it := range treeHelpItems {
		cand := "  " + it
		if cur != "" {
			cand = cur + " · " + it
		}
		if cur == "" || ansi.StringWidth(cand) <= w {
			cur = cand
			continue
		}
		lines = append(lines, cur)
		cur = "  " + it
	}
	return append(lines, cur)
}

func (t *treeNav) list(m *model, w int) []string {
	th := m.th
	if len(t.rows) == 0 {
		return []string{ansi.Truncate(th.Fg("muted", "  No entries found"), w, ""),
			ansi.Truncate(th.Fg("muted", "  (0/0)"+t.statusLabels()), w, "")}
	}
	start := max(0, min(t.index-t.maxLines/2, len(t.rows)-t.maxLines))
	end := min(start+t.maxLines, len(t.rows))
	var out []string
	for i := start; i < end; i++ {
		r := t.rows[i]
		selected := i == t.index
		cursor := "  "
		if selected {
			cursor = th.Fg("accent", "› ")
		}
		display := r.indent
		if t.multiRoot {
			display = max(0, r.indent-1)
		}
		connector := r.connector && !r.virtualRootChild
		var prefix strings.Builder
		for c := 0; c < display*3; c++ {
			level, pos := c/3, c%3
			g, hasGutter := gutterAt(r.gutters, level)
			switch {
			case hasGutter && pos == 0 && g.show:
				prefix.WriteString("│")
			case hasGutter:
				prefix.WriteString(" ")
			case connector && level == display-1 && pos == 0:
				prefix.WriteString(map[bool]string{true: "└", false: "├"}[r.last])
			case connector && level == display-1 && pos == 1:
				switch {
				case t.folded[r.n.id]:
					prefix.WriteString("⊞")
				case t.foldable(r.n.id):
					prefix.WriteString("⊟")
				default:
					prefix.WriteString("─")
				}
			default:
				prefix.WriteString(" ")
			}
		}
		body := th.Fg("dim", prefix.String())
		if t.folded[r.n.id] && !connector {
			body += th.Fg("accent", "⊞ ")
		}
		if t.active[r.n.id] {
			body += th.Fg("accent", "• ")
		}
		if r.n.hasLabel {
			body += th.Fg("warning", "["+r.n.label+"] ")
			if t.labelTime && r.n.labelTime != "" {
				body += th.Fg("muted", labelStamp(r.n.labelTime, time.Now())+" ")
			}
		}
		content := t.display(th, r.n)
		if selected {
			content = Bold(content)
		}
		body += content
		if selected {
			cursor, body = th.Bg("selectedBg", cursor), th.Bg("selectedBg", body)
		}
		out = append(out, ansi.Truncate(cursor+body, w, ""))
	}
	return append(out, ansi.Truncate(th.Fg("muted", fmt.Sprintf("  (%d/%d)%s", t.index+1, len(t.rows), t.statusLabels())), w, ""))
}

func gutterAt(gs []treeGutter, level int) (treeGutter, bool) {
	for _, g := range gs {
		if g.position == level {
			return g, true
		}
	}
	return treeGutter{}, false
}

// statusLabels is pi's getStatusLabels: the filter when not the default,
// the search.
func (t *treeNav) statusLabels() string {
	s := ""
	switch t.mode {
	case "no-tools":
		s += " [no-tools]"
	case "user-only":
		s += " [user]"
	case "labeled-only":
		s += " [labeled]"
	case "all":
		s += " [all]"
	}
	if t.labelTime {
		s += " [+label time]"
	}
	return s
}

// labelStamp is pi's formatLabelTimestamp, in local time: HH:MM today,
// M/D HH:MM this year, YY/M/D HH:MM before.
func labelStamp(ts string, now time.Time) string {
	at, err := time.Parse(time.RFC3339Nano, ts)
	if err != nil {
		return ts
	}
	at = at.In(now.Location())
	hm := at.Format("15:04")
	switch {
	case at.YearDay() == now.YearDay() && at.Year() == now.Year():
		return hm
	case at.Year() == now.Year():
		return fmt.Sprintf("%d/%d %s", at.Month(), at.Day(), hm)
	}
	return fmt.Sprintf("%02d/%d/%d %s", at.Year()%100, at.Month(), at.Day(), hm)
}

// contentText is the text blocks of a message's content (or the string).
func contentText(c any) string {
	switch v := c.(type) {
	case string:
		return v
	case []any:
		var b strings.Builder
		for _, p := range v {
			if o, _ := p.(map[string]any); o["type"] == "text" {
				s, _ := o["text"].(string)
				b.WriteString(s)
			}
		}
		return b.String()
	}
	return ""
}

func oneLine(s string) string {
	return strings.TrimSpace(strings.NewReplacer("\n", " ", "\t", " ").Replace(s))
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// display is pi's getEntryDisplayText.
func (t *treeNav) display(th *Theme, n *treeEntry) string {
	e := n.e
	str := func(k string) string { s, _ := e[k].(string); return s }
	switch n.typ {
	case "message":
		msg, _ := e["message"].(map[string]any)
		role, _ := msg["role"].(string)
		switch role {
		case "user":
			return th.Fg("accent", "user: ") + oneLine(clip(contentText(msg["content"]), 200))
		case "assistant":
			text := oneLine(clip(contentText(msg["content"]), 200))
			errMsg, _ := msg["errorMessage"].(string)
			switch {
			case text != "":
				return th.Fg("success", "assistant: ") + text
			case msg["stopReason"] == "aborted":
				return th.Fg("success", "assistant: ") + th.Fg("muted", "(aborted)")
			case errMsg != "":
				return th.Fg("success", "assistant: ") + th.Fg("error", clip(oneLine(errMsg), 80))
			}
			return th.Fg("success", "assistant: ") + th.Fg("muted", "(no content)")
		case "toolResult":
			id, _ := msg["toolCallId"].(string)
			if tc, ok := t.toolCalls[id]; ok && id != "" {
				return th.Fg("muted", t.toolCallText(tc))
			}
			name, _ := msg["toolName"].(string)
			if name == "" {
				name = "tool"
			}
			return th.Fg("muted", "["+name+"]")
		case "bashExecution":
			c, _ := msg["command"].(string)
			return th.Fg("dim", "[bash]: "+oneLine(c))
		}
		return th.Fg("dim", "["+role+"]")
	case "custom_message":
		return th.Fg("customMessageLabel", "["+str("customType")+"]: ") + oneLine(contentText(e["content"]))
	case "compaction":
		tokens, _ := e["tokensBefore"].(float64)
		return th.Fg("borderAccent", fmt.Sprintf("[compaction: %.0fk tokens]", tokens/1000))
	case "branch_summary":
		return th.Fg("warning", "[branch summary]: ") + oneLine(str("summary"))
	case "model_change":
		return th.Fg("dim", "[model: "+str("modelId")+"]")
	case "thinking_level_change":
		return th.Fg("dim", "[thinking: "+str("thinkingLevel")+"]")
	case "custom":
		return th.Fg("dim", "[custom: "+str("customType")+"]")
	case "context_edit":
		what := "replace"
		if v, ok := e["replacement"]; ok && v == nil {
			what = "omit"
		}
		return th.Fg("dim", "[context "+what+": "+str("targetId")+"]")
	case "label":
		l := str("label")
		if l == "" {
			l = "(cleared)"
		}
		return th.Fg("dim", "[label: "+l+"]")
	case "session_info":
		if name := str("name"); name != "" {
			return th.Fg("dim", "[title: ") + th.Fg("dim", name) + th.Fg("dim", "]")
		}
		return th.Fg("dim", "[title: ") + Italic(th.Fg("dim", "empty")) + th.Fg("dim", "]")
	}
	return ""
}

// toolCallText is pi's formatToolCall.
func (t *treeNav) toolCallText(tc treeToolCall) string {
	a := tc.args
	arg := func(keys ...string) string {
		for _, k := range keys {
			if s, ok := a[k].(string); ok && s != "" {
				return s
			}
		}
		return ""
	}
	short := func(p string) string {
		if t.home != "" && filepath.IsAbs(p) {
			if rel, err := filepath.Rel(t.home, p); err == nil && !strings.HasPrefix(rel, "..") {
				if rel == "." {
					return "~"
				}
				return "~/" + rel
			}
		}
		return p
	}
	orDot := func(s string) string {
		if s == "" {
			return "."
		}
		return s
	}
	switch tc.name {
	case "read":
		return "[read: " + short(arg("path", "file_path")) + readRange(a) + "]"
	case "write", "edit":
		return "[" + tc.name + ": " + short(arg("path", "file_path")) + "]"
	case "bash":
		raw := arg("command")
		c := clip(oneLine(raw), 50)
		if len([]rune(raw)) > 50 {
			c += "..."
		}
		return "[bash: " + c + "]"
	case "grep":
		return "[grep: /" + arg("pattern") + "/ in " + short(orDot(arg("path"))) + "]"
	case "find":
		return "[find: " + arg("pattern") + " in " + short(orDot(arg("path"))) + "]"
	case "ls":
		return "[ls: " + short(orDot(arg("path"))) + "]"
	}
	js, _ := json.Marshal(a)
	s := clip(string(js), 40)
	if len([]rune(string(js))) > 40 {
		s += "..."
	}
	return "[" + tc.name + ": " + s + "]"
}

// searchText is what the search matches in an entry (pi's
// getSearchableText): its label, role or type and text.
func (t *treeNav) searchText(n *treeEntry) string {
	parts := []string{}
	if n.hasLabel {
		parts = append(parts, n.label)
	}
	e := n.e
	str := func(k string) string { s, _ := e[k].(string); return s }
	switch n.typ {
	case "message":
		msg, _ := e["message"].(map[string]any)
		role, _ := msg["role"].(string)
		parts = append(parts, role)
		switch role {
		case "bashExecution":
			c, _ := msg["command"].(string)
			parts = append(parts, c)
		case "toolResult":
			name, _ := msg["toolName"].(string)
			parts = append(parts, name)
		default:
			parts = append(parts, contentText(msg["content"]))
		}
	case "custom_message":
		parts = append(parts, str("customType"), contentText(e["content"]))
	case "compaction":
		parts = append(parts, "compaction")
	case "branch_summary":
		parts = append(parts, "branch summary", str("summary"))
	case "model_change":
		parts = append(parts, "model", str("modelId"))
	case "thinking_level_change":
		parts = append(parts, "thinking", str("thinkingLevel"))
	case "custom":
		parts = append(parts, "custom", str("customType"))
	case "label":
		parts = append(parts, "label", str("label"))
	case "session_info":
		parts = append(parts, "title", str("name"))
	}
	return strings.Join(parts, " ")
}

// openTree is pi's showTreeSelector on get_tree's answer, the selection
// on selectID ("" for the leaf).
func (m *model) openTree(selectID string) {
	m.c.request(cmd("get_tree"), func(m *model, r response) {
		if !r.ok {
			m.notice(r.err, "error")
			return
		}
		if roots, _ := r.data["tree"].([]any); len(roots) == 0 {
			m.notice("No entries in session", "muted")
			return
		}
		m.sel = newTreeNav(r.data, selectID, m.opts.TreeFilterMode, m.height, m.opts.Home)
	})
}

// treeChosen is pi's tree selection: the leaf is a no-op; otherwise
// pi's "Summarize branch?" choice, then navigate_tree.
func (m *model) treeChosen(id string) {
	t, _ := m.sel.(*treeNav)
	m.sel = nil
	switch {
	case t != nil && id == t.leaf:
		m.notice("Already at this point", "muted")
	case m.opts.BranchSummarySkipPrompt:
		m.navigateTree(id, false, nil)
	default:
		m.askSummary(id)
	}
}

// askSummary is pi's summary question: escape goes back to the tree on
// the same entry; a custom prompt asks for the instructions, and
// cancelling those asks the question again.
func (m *model) askSummary(id string) {
	m.ask("select", "Summarize branch?", []string{"No summary", "Summarize", "Summarize with custom prompt"}, func(m *model, a map[string]any) {
		switch choice, _ := a["value"].(string); choice {
		case "":
			m.openTree(id)
		case "Summarize with custom prompt":
			m.ask("editor", "Custom summarization instructions", nil, func(m *model, a map[string]any) {
				if text, ok := a["value"].(string); ok {
					m.navigateTree(id, true, &text)
				} else {
					m.askSummary(id)
				}
			})
		default:
			m.navigateTree(id, choice == "Summarize", nil)
		}
	})
}

// navigateTree sends navigate_tree and redraws the chat from the new
// branch; a selected user message comes back into an empty editor.
func (m *model) navigateTree(id string, summarize bool, instructions *string) {
	c := cmd("navigate_tree", "entryId", id, "summarize", summarize)
	if instructions != nil {
		c["customInstructions"] = *instructions
	}
	if m.streaming {
		m.restoreQueue(false)
	}
	if summarize {
		m.summarizing = true
	}
	m.c.request(c, func(m *model, r response) {
		m.summarizing = false
		switch {
		case !r.ok:
			m.notice(r.err, "error")
		case r.data["aborted"] == true:
			m.notice("Branch summarization cancelled", "muted")
			m.openTree(id)
		case r.data["cancelled"] == true:
			m.notice("Navigation cancelled", "muted")
		default:
			m.reloadChat()
			if text, _ := r.data["editorText"].(string); text != "" && strings.TrimSpace(m.ed.Text()) == "" {
				m.ed.SetText(text)
			}
			m.notice("Navigated to selected point", "muted")
		}
	})
}
