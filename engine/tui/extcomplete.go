package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"unicode"
	"unicode/utf16"

	"github.com/pigo-dev/pigo/engine/protocol"
)

// Extension autocomplete is pi's editor with ctx.ui.addAutocompleteProvider
// providers stacked on its built-in one. The providers run in their
// plugins; while any exist (the host says how many, and their trigger
// characters: get_autocomplete_providers, then the
// "addAutocompleteProvider" UI call), an edit that leaves a trigger token
// before the cursor ("@", "#" or a provider's trigger character at a
// token start, then no space) or a slash command being typed on the
// first line (its name or arguments) asks the host (get_completions).
// Items open the list; no answer with items leaves the text to the
// built-in completion ("@" files, commands, arguments). Tab with no list
// open asks with force (pi's forced file completion): one item is
// applied at once, a provider's shouldTriggerFileCompletion may refuse
// (the host answers {suppressed: true} and nothing completes). Tab or
// Enter on an item asks the provider to apply it (apply_completion);
// Enter on a command name then submits it. Answers for text that
// changed meanwhile are dropped, so the editor never waits on a plugin.

// defaultTriggers are pi's editor's built-in trigger characters.
var defaultTriggers = []string{"@", "#"}

func (m *model) onAutocompleteProviders(r response) { m.setAutocompleteInfo(r.data) }

// setAutocompleteInfo takes the host's {count, triggers}.
func (m *model) setAutocompleteInfo(info map[string]any) {
	n, _ := info["count"].(float64)
	m.acProviders = int(n)
	m.acTriggers = nil
	list, _ := info["triggers"].([]any)
	for _, t := range list {
		if s, ok := t.(string); ok && len([]rune(s)) == 1 && s != "/" && strings.TrimSpace(s) != "" {
			m.acTriggers = append(m.acTriggers, s)
		}
	}
}

// extensionTrigger reports whether the text before the cursor ends in a
// trigger token (pi's trigger pattern: a token start, optional opening
// brackets or a backtick, a trigger character, then no whitespace).
func (m *model) extensionTrigger() bool {
	if slash, _ := m.slashContext(); slash {
		return true
	}
	line := m.ed.lines[m.ed.row][:m.ed.col]
	i := len(line)
	for i > 0 && !unicode.IsSpace(line[i-1]) {
		i--
	}
	tok := strings.TrimLeft(string(line[i:]), "([{<`")
	if tok == "" {
		return false
	}
	first := string([]rune(tok)[0])
	for _, t := range defaultTriggers {
		if first == t {
			return true
		}
	}
	for _, t := range m.acTriggers {
		if first == t {
			return true
		}
	}
	return false
}

// slashContext is pi's slash-command context: on the first line, the
// text before the cursor starts (after blanks) with "/"; name is true
// while no space follows (the command name is being typed).
func (m *model) slashContext() (slash, name bool) {
	if m.ed.row != 0 {
		return false, false
	}
	before := strings.TrimLeftFunc(string(m.ed.lines[0][:m.ed.col]), unicode.IsSpace)
	if !strings.HasPrefix(before, "/") {
		return false, false
	}
	return true, !strings.Contains(before, " ")
}

// editorState is the editor as pi's providers see it: lines and the
// cursor, its column in UTF-16 code units.
func (m *model) editorState() (lines []any, row, col int) {
	for _, l := range m.ed.lines {
		lines = append(lines, string(l))
	}
	return lines, m.ed.row, len(utf16.Encode(m.ed.lines[m.ed.row][:m.ed.col]))
}

// extensionComplete asks the providers for completions at the cursor.
func (m *model) extensionComplete() { m.askCompletions(false, nil) }

// extensionTab is Tab with no list open and providers: outside a
// command name it forces completion (pi's forced file completion), and
// a single item is applied at once; a null answer is the built-in Tab
// (fallback).
func (m *model) extensionTab(fallback func(m *model)) {
	_, name := m.slashContext()
	m.askCompletions(!name, fallback)
}

// completionCommands are the slash commands as pi's built-in
// autocomplete provider gets them: {name, description}.
func (m *model) completionCommands() []any {
	cmds := []any{}
	for _, c := range m.allCommands() {
		o := map[string]any{"name": c.name}
		desc := c.description
		if strings.HasPrefix(c.hint, "[") { // pi's "[t]" of a temporary extension's command
			desc = strings.TrimSpace(c.hint + " " + desc)
		}
		if desc != "" {
			o["description"] = desc
		}
		cmds = append(cmds, o)
	}
	return cmds
}

// sendEditorCommands gives an extension's editor the slash commands for
// the autocomplete pi sets on a custom editor (every editor view when v
// is nil).
func (m *model) sendEditorCommands(v *compView) {
	views := m.viewsOf("editor")
	if v != nil {
		views = []*compView{v}
	}
	if len(views) == 0 {
		return
	}
	cmds := m.completionCommands()
	for _, v := range views {
		m.c.send(protocol.ViewMessage(v.id, map[string]any{"type": "commands", "commands": cmds}))
	}
}

// askCompletions sends get_completions; fallback, when set, replaces
// the built-in completion for a null answer.
func (m *model) askCompletions(force bool, fallback func(m *model)) {
	lines, row, col := m.editorState()
	text, erow, ecol := m.ed.Text(), m.ed.row, m.ed.col
	req := cmd("get_completions", "lines", lines, "cursorLine", row, "cursorCol", col)
	if force {
		req["force"] = true
	}
	if _, name := m.slashContext(); name {
		// the providers' current lists them as pi's built-in provider does
		req["commands"] = m.completionCommands()
	}
	m.c.request(req, func(m *model, r response) {
		if m.ed.Text() != text || m.ed.row != erow || m.ed.col != ecol {
			return // edited on: that edit asked again
		}
		if !r.ok {
			m.completionError(r.err)
			return
		}
		if r.data["suppressed"] == true { // shouldTriggerFileCompletion said no
			return
		}
		list, _ := r.data["items"].([]any)
		if len(list) == 0 {
			if m.auto != nil && m.auto.ext {
				m.auto = nil
			}
			if fallback != nil {
				fallback(m)
				return
			}
			m.builtinAutocomplete()
			return
		}
		a := &autocomplete{ext: true}
		a.prefix, _ = r.data["prefix"].(string)
		a.provider, _ = r.data["provider"].(float64)
		a.index = -1
		for i, x := range list {
			o, _ := x.(map[string]any)
			c := command{}
			c.value, _ = o["value"].(string)
			c.name, _ = o["label"].(string)
			c.description, _ = o["description"].(string)
			a.items = append(a.items, c)
			// pi selects the exact match, else the first the prefix starts.
			if c.value == a.prefix || a.index < 0 && strings.HasPrefix(c.value, a.prefix) && a.prefix != "" {
				a.index = i
			}
		}
		a.index = max(a.index, 0)
		m.auto = a
		if force && fallback != nil && len(a.items) == 1 {
			m.acceptExtension(false)
		}
	})
}

// completionError shows a provider's error once, not on every key.
func (m *model) completionError(err string) {
	if err != m.lastCompleteErr {
		m.notice(err, "error")
	}
	m.lastCompleteErr = err
}

// acceptExtension asks the provider of the selected item to apply it and
// puts its lines and cursor in the editor; submit (Enter on a command
// name) then submits the editor.
func (m *model) acceptExtension(submit bool) {
	a := m.auto
	m.auto = nil
	it := a.selected()
	item := map[string]any{"value": it.value, "label": it.name}
	if it.description != "" {
		item["description"] = it.description
	}
	lines, row, col := m.editorState()
	text, erow, ecol := m.ed.Text(), m.ed.row, m.ed.col
	m.c.request(cmd("apply_completion", "provider", a.provider, "lines", lines, "cursorLine", row, "cursorCol", col,
		"item", item, "prefix", a.prefix), func(m *model, r response) {
		if m.ed.Text() != text || m.ed.row != erow || m.ed.col != ecol {
			return
		}
		if !r.ok {
			m.completionError(r.err)
			return
		}
		got, _ := r.data["lines"].([]any)
		if len(got) == 0 {
			return
		}
		m.ed.lines = m.ed.lines[:0]
		for _, l := range got {
			s, _ := l.(string)
			m.ed.lines = append(m.ed.lines, []rune(s))
		}
		cl, _ := r.data["cursorLine"].(float64)
		cc, _ := r.data["cursorCol"].(float64)
		m.ed.row = min(max(int(cl), 0), len(m.ed.lines)-1)
		m.ed.col = runeCol(m.ed.lines[m.ed.row], int(cc))
		if submit {
			m.pendingCmd = tea.Batch(m.pendingCmd, m.submit(false))
		}
	})
}

// runeCol is the rune index of a UTF-16 column in line, clamped to it.
func runeCol(line []rune, col16 int) int {
	n := 0
	for i, r := range line {
		if n >= col16 {
			return i
		}
		n += utf16.RuneLen(r)
	}
	return len(line)
}
