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
