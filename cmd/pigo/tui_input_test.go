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

// TestTUIAutocompleteProviderSlashAndTabMatchesPi16: a provider
// completes a slash command's argument, Tab with no list forces
// completion (a single item applied at once), and a provider's
// shouldTriggerFileCompletion refusing leaves Tab doing nothing, as in
// pi 1.6.
func TestTUIAutocompleteProviderSlashAndTabMatchesPi16(t *testing.T) {
	ext := filepath.Join(t.TempDir(), "envs.ts")
	must(t, os.WriteFile(ext, []byte(`export default function (pi) {
  pi.on("session_start", (_event, ctx) => {
    ctx.ui.addAutocompleteProvider((current) => ({
      async getSuggestions(lines, cursorLine, cursorCol, options) {
        const before = (lines[cursorLine] ?? "").slice(0, cursorCol);
        const arg = before.match(/^\/env (\w*)$/);
        if (arg) {
          const items = ["prod", "preview", "staging"].filter((v) => v.startsWith(arg[1])).map((v) => ({ value: v, label: v, description: "the " + v + " env" }));
          return items.length ? { prefix: arg[1], items } : null;
        }
        if (options.force && before.endsWith(" ma")) return { prefix: "ma", items: [{ value: "main.go", label: "main.go" }] };
        return current.getSuggestions(lines, cursorLine, cursorCol, options);
      },
      applyCompletion(lines, cursorLine, cursorCol, item, prefix) {
        return current.applyCompletion(lines, cursorLine, cursorCol, item, prefix);
      },
      shouldTriggerFileCompletion(lines, cursorLine, cursorCol) {
        return !(lines[cursorLine] ?? "").includes("nope") && (current.shouldTriggerFileCompletion?.(lines, cursorLine, cursorCol) ?? true);
      },
    }));
  });
}`), 0o644))
	sideBySide(t, nil, []string{"--model", "mock/mock-1", "--no-session", "-e", ext}, func(tt *tuiTerm) []string {
		var shots []string
		bottom := func() string { s := tt.screen(); return screenFrom(screenUntil(s, "mock-1"), "/env") }
		tt.keys("/", "e", "n", "v", " ", "p")
		tt.waitFor("the preview env")
		settle()
		shots = append(shots, bottom())
		tt.keys("r", "e", "\t")
		tt.waitGone("the preview env")
		tt.waitFor("/env preview")
		settle()
		shots = append(shots, bottom())
		tt.keys(" ", "m", "a", "\t")
		tt.waitFor("/env preview main.go")
		settle()
		shots = append(shots, bottom())
		tt.keys(" ", "n", "o", "p", "e", " ", "m", "a")
		tt.waitFor("main.go nope ma")
		tt.keys("\t")
		settle()
		shots = append(shots, bottom())
		return shots
	})
}

// TestTUITabListsFolderMatchesPi16: Tab after a space lists the working
// directory (pi's forced file completion: folders first, hidden entries
// too, the entries' names as labels); Tab again takes the selected one,
// and Tab on a folder's path lists what is in it.
func TestTUITabListsFolderMatchesPi16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, _ string) {
		for _, f := range []string{"notes.md", "Zeta.txt", ".hidden", "src/main.go", "src/util.go", "docs/a.md"} {
			must(t, os.MkdirAll(filepath.Dir(filepath.Join(work, f)), 0o755))
			must(t, os.WriteFile(filepath.Join(work, f), nil, 0o644))
		}
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, "--model", "mock/mock-1", "--no-session")
		tt.waitFor("mock-1")
		settle()
		bottom := func() string { // the editor and the list under it
			lines := strings.Split(screenUntil(tt.screen(), "mock-1"), "\n")
			for i := len(lines) - 1; i >= 0; i-- {
				if strings.HasPrefix(lines[i], "─") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "see") {
					return strings.Join(lines[i:], "\n")
				}
			}
			return "(no editor)\n" + tt.screen()
		}
		tt.keys("s", "e", "e", " ", "\t")
		tt.waitFor("notes.md")
		settle()
		add(bottom())
		tt.keys("\x1b[B", "\t")
		tt.waitFor("see src/")
		settle()
		add(bottom())
		tt.keys("\t")
		tt.waitFor("util.go")
		settle()
		add(bottom())
	})
	compareScreens(t, screens, func(s string) string { return resumePaths.ReplaceAllString(s, "<tmp>") })
}

// TestTUIAutocompleteProviderCurrentCommandsMatchPi16: a provider that
// changes what current answers for a command's name gets pi's slash
// command list from it (filtered as pi's built-in provider does), and
// Tab takes its item.
func TestTUIAutocompleteProviderCurrentCommandsMatchPi16(t *testing.T) {
	ext := filepath.Join(t.TempDir(), "star.ts")
	must(t, os.WriteFile(ext, []byte(`export default function (pi) {
  pi.registerCommand("deploy", { description: "Ship it", handler: async () => {} });
  pi.on("session_start", (_event, ctx) => {
    ctx.ui.addAutocompleteProvider((current) => ({
      async getSuggestions(lines, cursorLine, cursorCol, options) {
        const r = await current.getSuggestions(lines, cursorLine, cursorCol, options);
        const before = (lines[cursorLine] ?? "").slice(0, cursorCol);
        if (!r || !before.startsWith("/") || before.includes(" ")) return r;
        // (pigo has no /scoped-models nor /share)
        const items = r.items.filter((i) => i.value !== "scoped-models" && i.value !== "share");
        return { prefix: r.prefix, items: items.map((i) => ({ ...i, label: "★ " + i.label })) };
      },
      applyCompletion(lines, cursorLine, cursorCol, item, prefix) {
        return current.applyCompletion(lines, cursorLine, cursorCol, item, prefix);
      },
    }));
  });
}`), 0o644))
	sideBySide(t, nil, []string{"--model", "mock/mock-1", "--no-session", "-e", ext}, func(tt *tuiTerm) []string {
		var shots []string
		bottom := func(marker string) string { s := tt.screen(); return screenFrom(screenUntil(s, "mock-1"), marker) }
		tt.keys("/", "s", "e")
		tt.waitFor("★ settings")
		settle()
		shots = append(shots, bottom("/se"))
		tt.keys("\x7f", "\x7f", "d", "e", "p")
		tt.waitFor("★ deploy")
		settle()
		shots = append(shots, bottom("/dep"))
		tt.keys("\t")
		tt.waitGone("★ deploy")
		settle()
		shots = append(shots, bottom("/dep"))
		return shots
	})
}
