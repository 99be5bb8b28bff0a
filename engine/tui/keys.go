package tui

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
)

// keymap is pi's app keybindings: action id → keys, in bubbletea's key
// names. keybindings.json in the agent dir replaces an action's keys.
type keymap map[string][]string

// defaultKeys are pi 1.6's defaults (docs/keybindings.md) for the actions
// this UI has; windows selects pi's Windows and WSL defaults.
func defaultKeys(windows bool) keymap {
	km := keymap{
		"app.interrupt":            {"esc"},
		"app.clear":                {"ctrl+c"},
		"app.exit":                 {"ctrl+d"},
		"app.suspend":              {"ctrl+z"},
		"app.editor.external":      {"ctrl+g"},
		"app.model.select":         {"ctrl+l"},
		"app.model.cycleForward":   {"ctrl+p"},
		"app.model.cycleBackward":  {"ctrl+shift+p"},
		"app.thinking.cycle":       {"shift+tab"},
		"app.thinking.toggle":      {"ctrl+t"},
		"app.tools.expand":         {"ctrl+o"},
		"app.message.copy":         {"ctrl+x"},
		"app.message.followUp":     {"alt+enter"},
		"app.message.dequeue":      {"alt+up"},
		"app.clipboard.pasteImage": {"ctrl+v"},
		"app.session.new":          nil,
		"app.session.tree":         nil,
		"app.session.fork":         nil,
		"app.session.resume":       nil,
		// the session selector's keys
		"app.session.toggleNamedFilter": {"ctrl+n"},
		"app.session.togglePath":        {"ctrl+p"},
		"app.session.toggleSort":        {"ctrl+s"},
		"app.session.rename":            {"ctrl+r"},
		"app.session.delete":            {"ctrl+d"},
		"app.session.deleteNoninvasive": {"ctrl+backspace"},
		// the scoped models selector's keys
		"app.models.save":               {"ctrl+s"},
		"app.models.enableAll":          {"ctrl+a"},
		"app.models.clearAll":           {"ctrl+x"},
		"app.models.toggleProvider":     {"ctrl+p"},
		"app.models.reorderUp":          {"alt+up"},
		"app.models.reorderDown":        {"alt+down"},
		"tui.select.pageUp":             {"pgup"},
		"tui.select.pageDown":           {"pgdown"},
		"tui.editor.pageUp":             {"pgup", "ctrl+pgup"},
		"tui.editor.pageDown":           {"pgdown", "ctrl+pgdown"},
		"tui.editor.cursorUp":           {"up"},
		"tui.editor.cursorDown":         {"down"},
		"tui.editor.historyPrevious":    nil,
		"tui.editor.historyNext":        nil,
		"tui.editor.cursorLeft":         {"left", "ctrl+b"},
		"tui.editor.cursorRight":        {"right", "ctrl+f"},
		"tui.editor.cursorWordLeft":     {"alt+left", "ctrl+left", "alt+b"},
		"tui.editor.cursorWordRight":    {"alt+right", "ctrl+right", "alt+f"},
		"tui.editor.cursorLineStart":    {"home", "ctrl+a"},
		"tui.editor.cursorLineEnd":      {"end", "ctrl+e"},
		"tui.editor.jumpForward":        {"ctrl+]"},
		"tui.editor.jumpBackward":       {"ctrl+alt+]"},
		"tui.editor.deleteCharBackward": {"backspace"},
		"tui.editor.deleteCharForward":  {"delete", "ctrl+d"},
		"tui.editor.deleteWordBackward": {"ctrl+w", "alt+backspace"},
		"tui.editor.deleteWordForward":  {"alt+d", "alt+delete"},
		"tui.editor.deleteToLineStart":  {"ctrl+u"},
		"tui.editor.deleteToLineEnd":    {"ctrl+k"},
		"tui.editor.yank":               {"ctrl+y"},
		"tui.editor.yankPop":            {"alt+y"},
		"tui.editor.undo":               {"ctrl+-"},
		"tui.input.newLine":             {"shift+enter", "ctrl+j"},
		"tui.input.submit":              {"enter"},
		"tui.input.tab":                 {"tab"},
		"tui.select.up":                 {"up"},
		"tui.select.down":               {"down"},
		"tui.select.confirm":            {"enter"},
		"tui.select.cancel":             {"esc", "ctrl+c"},
		"tui.altScreen.pageUp":          {"pgup"},
		"tui.altScreen.pageDown":        {"pgdown"},
		"tui.altScreen.top":             {"ctrl+home"},
		"tui.altScreen.bottom":          {"ctrl+end"},
		"tui.altScreen.search":          {"ctrl+shift+f"},
		"tui.altScreen.searchNext":      {"enter", "ctrl+g"},
		"tui.altScreen.searchPrevious":  {"shift+enter", "ctrl+shift+g"},
		"tui.altScreen.searchClose":     {"esc"},
	}
	if windows {
		// The keys Windows terminals take for themselves or do not send
		// (pi's useWindowsKeybindings).
		km["app.model.cycleBackward"] = []string{"alt+p"}
		km["app.message.followUp"] = []string{"ctrl+q"}
		km["app.message.dequeue"] = []string{"alt+q"}
		km["tui.altScreen.search"] = []string{"ctrl+f"}
		km["tui.editor.undo"] = []string{"alt+z"}
		km["app.clipboard.pasteImage"] = []string{"alt+v", "ctrl+v"}
	}
	if runtime.GOOS == "windows" {
		km["app.suspend"] = nil
		km["tui.editor.undo"] = []string{"ctrl+z"}
	}
	return km
}

// keyString is a key press as the keymap names it: pi names the byte
// ctrl+- sends in legacy terminals (0x1f) "ctrl+-", bubbletea "ctrl+_".
func keyString(k tea.KeyPressMsg) string {
	ks := k.String()
	if strings.HasSuffix(ks, "ctrl+_") {
		ks = strings.TrimSuffix(ks, "_") + "-"
	}
	return ks
}

// windowsKeybindings is pi's useWindowsKeybindings: Windows, or Linux
// under WSL.
func windowsKeybindings(goos string, getenv func(string) string) bool {
	return goos == "windows" || goos == "linux" && (getenv("WSL_DISTRO_NAME") != "" || getenv("WSL_INTEROP") != "")
}

// legacyKeyNames are pi's KEYBINDING_NAME_MIGRATIONS: the action names of
// keybindings.json files written before pi 1.x.
var legacyKeyNames = map[string]string{
	"cursorUp": "tui.editor.cursorUp", "cursorDown": "tui.editor.cursorDown", "cursorLeft": "tui.editor.cursorLeft",
	"cursorRight": "tui.editor.cursorRight", "cursorWordLeft": "tui.editor.cursorWordLeft",
	"cursorWordRight": "tui.editor.cursorWordRight", "cursorLineStart": "tui.editor.cursorLineStart",
	"cursorLineEnd": "tui.editor.cursorLineEnd", "jumpForward": "tui.editor.jumpForward",
	"jumpBackward": "tui.editor.jumpBackward", "pageUp": "tui.editor.pageUp", "pageDown": "tui.editor.pageDown",
	"deleteCharBackward": "tui.editor.deleteCharBackward", "deleteCharForward": "tui.editor.deleteCharForward",
	"deleteWordBackward": "tui.editor.deleteWordBackward", "deleteWordForward": "tui.editor.deleteWordForward",
	"deleteToLineStart": "tui.editor.deleteToLineStart", "deleteToLineEnd": "tui.editor.deleteToLineEnd",
	"yank": "tui.editor.yank", "yankPop": "tui.editor.yankPop", "undo": "tui.editor.undo", "copy": "tui.input.copy",
	"newLine": "tui.input.newLine", "submit": "tui.input.submit", "tab": "tui.input.tab",
	"selectUp": "tui.select.up", "selectDown": "tui.select.down", "selectPageUp": "tui.select.pageUp",
	"selectPageDown": "tui.select.pageDown", "selectConfirm": "tui.select.confirm", "selectCancel": "tui.select.cancel",
	"interrupt": "app.interrupt", "clear": "app.clear", "exit": "app.exit", "suspend": "app.suspend",
	"cycleThinkingLevel": "app.thinking.cycle", "cycleModelForward": "app.model.cycleForward",
	"cycleModelBackward": "app.model.cycleBackward", "selectModel": "app.model.select", "expandTools": "app.tools.expand",
	"toggleThinking": "app.thinking.toggle", "toggleSessionNamedFilter": "app.session.toggleNamedFilter",
	"externalEditor": "app.editor.external", "followUp": "app.message.followUp", "dequeue": "app.message.dequeue",
	"pasteImage": "app.clipboard.pasteImage",
	"newSession": "app.session.new", "tree": "app.session.tree", "fork": "app.session.fork", "resume": "app.session.resume",
	"toggleSessionPath": "app.session.togglePath", "toggleSessionSort": "app.session.toggleSort",
	"renameSession": "app.session.rename", "deleteSession": "app.session.delete",
	"deleteSessionNoninvasive": "app.session.deleteNoninvasive",
}

// loadKeys reads <agentDir>/keybindings.json over the defaults for this
// platform (getenv tells WSL apart); a missing or broken file leaves the
// defaults. Legacy action names count as their pi 1.x names unless the
// file also has the new name (pi's migrateKeybindingsConfig).
func loadKeys(agentDir string, getenv func(string) string) keymap {
	km := defaultKeys(windowsKeybindings(runtime.GOOS, getenv))
	if agentDir == "" {
		return km
	}
	data, err := os.ReadFile(agentDir + "/keybindings.json")
	if err != nil {
		return km
	}
	var raw map[string]any
	if json.Unmarshal(data, &raw) != nil {
		return km
	}
	for action, v := range raw {
		if strings.HasPrefix(action, "$") {
			continue
		}
		if current, ok := legacyKeyNames[action]; ok {
			if _, both := raw[current]; both {
				continue
			}
			action = current
		}
		var keys []string
		switch x := v.(type) {
		case string:
			keys = []string{normalizeKey(x)}
		case []any:
			keys = []string{}
			for _, k := range x {
				if s, ok := k.(string); ok {
					keys = append(keys, normalizeKey(s))
				}
			}
		default:
			continue
		}
		km[action] = keys
	}
	return km
}

// normalizeKey turns pi's key syntax into bubbletea's key string:
// modifiers in ctrl, alt, shift, super order, pi's key names mapped.
func normalizeKey(k string) string {
	parts := strings.Split(strings.ToLower(k), "+")
	if strings.HasSuffix(k, "++") { // "ctrl++"
		parts = append(parts[:len(parts)-2], "+")
	}
	key := parts[len(parts)-1]
	switch key {
	case "escape":
		key = "esc"
	case "return":
		key = "enter"
	case "pageup":
		key = "pgup"
	case "pagedown":
		key = "pgdown"
	}
	rank := map[string]int{"ctrl": 0, "alt": 1, "shift": 2, "super": 3}
	mods := parts[:len(parts)-1]
	sort.Slice(mods, func(i, j int) bool { return rank[mods[i]] < rank[mods[j]] })
	return strings.Join(append(mods, key), "+")
}

// actionOf is the first action, by name, key is bound to ("" when none).
func (km keymap) actionOf(key string) string {
	var found []string
	for action, keys := range km {
		if slices.Contains(keys, key) && !inSelectorOnly(action) {
			found = append(found, action)
		}
	}
	if len(found) == 0 {
		return ""
	}
	slices.Sort(found)
	return found[0]
}

// reservedActions are the actions an extension's shortcut cannot take a
// key from (pi's RESERVED_KEYBINDINGS_FOR_EXTENSION_CONFLICTS).
var reservedActions = []string{"app.interrupt", "app.clear", "app.exit", "app.suspend", "app.thinking.cycle",
	"app.model.cycleForward", "app.model.cycleBackward", "app.model.select", "app.tools.expand", "app.thinking.toggle",
	"app.editor.external", "app.message.copy", "app.message.followUp", "tui.input.submit", "tui.select.confirm",
	"tui.select.cancel", "tui.input.copy", "tui.editor.deleteToLineEnd"}

// reservedActionOf is the reserved action key is bound to ("" when none).
func (km keymap) reservedActionOf(key string) string {
	for _, a := range reservedActions {
		if km.is(a, key) {
			return a
		}
	}
	return ""
}

// inSelectorOnly: the session selector's actions, bound only while it is
// open (they do not take keys from the editor or extensions).
func inSelectorOnly(action string) bool {
	return strings.HasPrefix(action, "tui.select.page") || strings.HasPrefix(action, "app.models.") ||
		strings.HasPrefix(action, "tui.altScreen.search") && action != "tui.altScreen.search" || (strings.HasPrefix(action, "app.session.") &&
		!slices.Contains([]string{"app.session.new", "app.session.tree", "app.session.fork", "app.session.resume"}, action))
}

// is reports whether key is bound to action.
func (km keymap) is(action, key string) bool {
	for _, k := range km[action] {
		if k == key {
			return true
		}
	}
	return false
}

// text is pi's keyText: an action's keys as pi writes them, joined by
// "/" ("escape/ctrl+c"); capitalized is pi's keyDisplayText ("Alt+Up").
func (km keymap) text(action string, capitalized bool) string {
	var keys []string
	for _, k := range km[action] {
		keys = append(keys, keyName(k, capitalized))
	}
	return strings.Join(keys, "/")
}

// display is one key as pi's keyDisplayText writes it ("Shift+Enter").
func (km keymap) display(key string) string { return keyName(key, true) }

// piSpelling is how pi writes the default keys whose modifiers it puts
// in another order than the keymap's normalized one.
var piSpelling = map[string]string{"ctrl+shift+p": "shift+ctrl+p", "ctrl+shift+o": "shift+ctrl+o"}

func keyName(k string, capitalized bool) string {
	names := map[string]string{"esc": "escape", "pgup": "pageUp", "pgdown": "pageDown"}
	if s, ok := piSpelling[k]; ok {
		k = s
	}
	parts := strings.Split(k, "+")
	for i, p := range parts {
		if n, ok := names[p]; ok {
			p = n
		}
		if capitalized && p != "" {
			p = strings.ToUpper(p[:1]) + p[1:]
		}
		parts[i] = p
	}
	return strings.Join(parts, "+")
}

// label is text(action, false).
func (km keymap) label(action string) string { return km.text(action, false) }
