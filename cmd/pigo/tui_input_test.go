package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// editorRows is the screen between the editor's two borders (the last
// two rows that start with a rule).
func editorRows(s string) string {
	lines := strings.Split(s, "\n")
	var rules []int
	for i, l := range lines {
		if strings.HasPrefix(l, "─") {
			rules = append(rules, i)
		}
	}
	if len(rules) < 2 {
		return "(no editor)\n" + s
	}
	return strings.Join(lines[rules[len(rules)-2]+1:rules[len(rules)-1]], "\n")
}

// ctx.ui.onTerminalInput sees each key before the editor: "q" is
// consumed, "a" becomes "b" and ctrl+b a left arrow; once unsubscribed
// keys reach the editor as typed.
func TestTUITerminalInputListenerMatchesPi16(t *testing.T) {
	ext := filepath.Join(t.TempDir(), "keys.ts")
	must(t, os.WriteFile(ext, []byte(`export default function (pi) {
  let off = () => {};
  pi.on("session_start", (_e, ctx) => {
    off = ctx.ui.onTerminalInput((data) => data === "q" ? { consume: true } : data === "a" ? { data: "b" } : data === "\x02" ? { data: "\x1b[D" } : undefined);
  });
  pi.registerCommand("mute", { description: "stop listening", handler: async () => off() });
}`), 0o644))
	sideBySide(t, nil, []string{"--model", "mock/mock-1", "--no-session", "-e", ext}, func(tt *tuiTerm) []string {
		var shots []string
		tt.keys("x", "a", "q", "y", "\x02", "z")
		tt.waitFor("xbzy")
		settle()
		shots = append(shots, editorRows(tt.screen()))
		tt.keys("\x03")
		tt.waitGone("xbzy")
		tt.command("/mute")
		settle()
		tt.keys("a", "q")
		tt.waitFor("aq")
		settle()
		shots = append(shots, editorRows(tt.screen()))
		return shots
	})
}

// ctx.ui.addAutocompleteProvider (pi's documented "#" issue example):
// "#" then digits lists the provider's items under the editor, the one
// the typed prefix starts selected; Tab puts it in (current's
// applyCompletion); other text gets the built-in completion.
func TestTUIAutocompleteProviderMatchesPi16(t *testing.T) {
	ext := filepath.Join(t.TempDir(), "issues.ts")
	must(t, os.WriteFile(ext, []byte(`export default function (pi) {
  pi.on("session_start", (_event, ctx) => {
    ctx.ui.addAutocompleteProvider((current) => ({
      triggerCharacters: ["#"],
      async getSuggestions(lines, cursorLine, cursorCol, options) {
        const beforeCursor = (lines[cursorLine] ?? "").slice(0, cursorCol);
        const match = beforeCursor.match(/(?:^|[ \t])#([^\s#]*)$/);
        if (!match) return current.getSuggestions(lines, cursorLine, cursorCol, options);
        return {
          prefix: "#" + (match[1] ?? ""),
          items: [
            { value: "#2983", label: "#2983", description: "Extension API for registering custom @ autocomplete providers" },
            { value: "#2753", label: "#2753", description: "Reload stale resource settings" },
          ],
        };
      },
      applyCompletion(lines, cursorLine, cursorCol, item, prefix) {
        return current.applyCompletion(lines, cursorLine, cursorCol, item, prefix);
      },
    }));
  });
}`), 0o644))
	sideBySide(t, nil, []string{"--model", "mock/mock-1", "--no-session", "-e", ext}, func(tt *tuiTerm) []string {
		var shots []string
		bottom := func() string { s := tt.screen(); return screenFrom(screenUntil(s, "mock-1"), "fix") }
		tt.keys("f", "i", "x", " ", "#", "2", "7")
		tt.waitFor("#2983", "Reload stale resource settings")
		settle()
		shots = append(shots, bottom())
		tt.keys("\t")
		tt.waitGone("Reload stale")
		tt.waitFor("fix #2753")
		settle()
		shots = append(shots, bottom())
		return shots
	})
}
