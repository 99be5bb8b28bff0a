package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Keys reach pi-tui components as the bytes a terminal sends.
func TestKeyBytes(t *testing.T) {
	for _, c := range []struct {
		key  tea.KeyPressMsg
		want string
	}{
		{tea.KeyPressMsg{Code: 'a', Text: "a"}, "a"},
		{tea.KeyPressMsg{Code: 'x', Mod: tea.ModAlt}, "\x1bx"},
		{tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}, "\x03"},
		{tea.KeyPressMsg{Code: tea.KeyEnter}, "\r"},
		{tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModShift}, "\x1b[13;2u"},
		{tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}, "\x1b[Z"},
		{tea.KeyPressMsg{Code: tea.KeyUp}, "\x1b[A"},
		{tea.KeyPressMsg{Code: tea.KeyRight, Mod: tea.ModCtrl}, "\x1b[1;5C"},
		{tea.KeyPressMsg{Code: tea.KeyDelete}, "\x1b[3~"},
		{tea.KeyPressMsg{Code: tea.KeyBackspace}, "\x7f"},
		{tea.KeyPressMsg{Code: tea.KeyEscape}, "\x1b"},
		{tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}, " "},
		{tea.KeyPressMsg{Code: 'é', Text: "é"}, "é"},
	} {
		if got := keyBytes(c.key); got != c.want {
			t.Errorf("%s: %q, want %q", c.key, got, c.want)
		}
	}
}
