package tui

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Argument completion is pi's editor after "/name ": the command's
// getArgumentCompletions (an extension's registerCommand option) runs in
// its plugin, asked through the host (get_argument_completions) with the
// text after the space. The list opens as pi's does: when a letter,
// digit or one of ".-_" is typed, or on any edit while a list shows; Tab
// or Enter puts the item's value in place of that text.

// argContext splits a single-line "/name args" into the command name and
// the argument text.
func argContext(text string) (name, arg string, ok bool) {
	if !strings.HasPrefix(text, "/") || strings.Contains(text, "\n") {
		return "", "", false
	}
	name, arg, ok = strings.Cut(text[1:], " ")
	return name, arg, ok && name != ""
}

// triggersCompletion is pi's auto-trigger set for a typed character.
func triggersCompletion(r rune) bool {
	return r == '.' || r == '-' || r == '_' || r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// argumentComplete asks for the completions of the editor's "/name args"
// when pi would: a list is showing, or the last character typed triggers
// it. The answer applies only if the text is still the same.
func (m *model) argumentComplete(text string) {
	name, arg, _ := argContext(text)
	last, _ := utf8.DecodeLastRuneInString(text)
	if m.auto == nil && !triggersCompletion(last) {
		return
	}
	m.auto = nil
	m.c.request(cmd("get_argument_completions", "name", name, "prefix", arg), func(m *model, r response) {
		if m.ed.Text() != text {
			return // typed on: the next edit asked again
		}
		if !r.ok {
			if r.err != m.lastArgErr { // once, not on every key
				m.notice(r.err, "error")
			}
			m.lastArgErr = r.err
			return
		}
		m.lastArgErr = ""
		list, _ := r.data["items"].([]any)
		var items []command
		for _, x := range list {
			o, _ := x.(map[string]any)
			c := command{}
			c.value, _ = o["value"].(string)
			c.name, _ = o["label"].(string)
			c.description, _ = o["description"].(string)
			items = append(items, c)
		}
		if len(items) > 0 {
			m.auto = &autocomplete{items: items, args: true}
		}
	})
}

// acceptArgument puts the selected item's value after "/name ".
func (m *model) acceptArgument() {
	name, _, _ := argContext(m.ed.Text())
	m.ed.SetText("/" + name + " " + m.auto.selected().value)
	m.auto = nil
}
