package tui

import (
	"strconv"

	tea "charm.land/bubbletea/v2"
)

// keyBytes turns a key press back into the bytes a terminal sends for it
// (legacy encoding), which is what pi-tui components parse.
func keyBytes(k tea.KeyPressMsg) string {
	ctrl := k.Mod&tea.ModCtrl != 0
	alt := k.Mod&tea.ModAlt != 0
	shift := k.Mod&tea.ModShift != 0
	prefix := ""
	if alt {
		prefix = "\x1b"
	}
	switch k.Code {
	case tea.KeyEnter:
		if shift {
			return "\x1b[13;2u"
		}
		return prefix + "\r"
	case tea.KeyTab:
		if shift {
			return "\x1b[Z"
		}
		return prefix + "\t"
	case tea.KeyBackspace:
		return prefix + "\x7f"
	case tea.KeyEscape:
		return "\x1b"
	case tea.KeySpace:
		if ctrl {
			return "\x00"
		}
		return prefix + " "
	case tea.KeyUp, tea.KeyDown, tea.KeyRight, tea.KeyLeft, tea.KeyHome, tea.KeyEnd:
		final := map[rune]string{tea.KeyUp: "A", tea.KeyDown: "B", tea.KeyRight: "C", tea.KeyLeft: "D", tea.KeyHome: "H", tea.KeyEnd: "F"}[k.Code]
		if mod := modParam(k); mod > 1 {
			return "\x1b[1;" + strconv.Itoa(mod) + final
		}
		return "\x1b[" + final
	case tea.KeyDelete:
		return "\x1b[3~"
	case tea.KeyPgUp:
		return "\x1b[5~"
	case tea.KeyPgDown:
		return "\x1b[6~"
	case tea.KeyInsert:
		return "\x1b[2~"
	}
	if ctrl && k.Code >= 'a' && k.Code <= 'z' {
		return prefix + string(rune(k.Code-'a'+1))
	}
	if k.Text != "" {
		return prefix + k.Text
	}
	if k.Code > 0 && k.Code < 0x10ffff && k.Code >= ' ' {
		return prefix + string(k.Code)
	}
	return ""
}

func modParam(k tea.KeyPressMsg) int {
	n := 0
	if k.Mod&tea.ModShift != 0 {
		n |= 1
	}
	if k.Mod&tea.ModAlt != 0 {
		n |= 2
	}
	if k.Mod&tea.ModCtrl != 0 {
		n |= 4
	}
	return n + 1
}
