package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
)

// pi 1.6's TUI example extensions in the interactive mode, on a pty: the
// screens they draw and how they answer keys, against real pi 1.6 where
// the screens can be compared (the same mock model, keys and size).

// piExampleArgs are pigo's (and pi's) arguments for pi 1.6's example
// extensions (files or directories of examples/extensions), with the
// mock model and no session file.
func piExampleArgs(t *testing.T, names ...string) []string {
	t.Helper()
	dir, _ := filepath.Abs("../../node_modules/@earendil-works/pi-coding-agent/examples/extensions")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("pi 1.6 not installed (make deps)")
	}
	args := []string{"--model", "mock/mock-1", "--no-session"}
	for _, n := range names {
		args = append(args, "-e", filepath.Join(dir, n))
	}
	return args
}

// command types a slash command, lets the autocomplete list settle, and
// presses Enter.
func (tt *tuiTerm) command(line string) {
	tt.keys(line)
	time.Sleep(300 * time.Millisecond)
	tt.keys("\r")
}

// screenFrom is the screen from the last line holding marker down, or
// the whole screen under a note when marker is not on it.
func screenFrom(s, marker string) string {
	lines := strings.Split(s, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], marker) {
			return strings.Join(lines[i:], "\n")
		}
	}
	return "(no " + marker + ")\n" + s
}

// screenUntil cuts s before the first line holding marker.
func screenUntil(s, marker string) string {
	if i := strings.Index(s, marker); i >= 0 {
		if j := strings.LastIndex(s[:i], "\n"); j >= 0 {
			return s[:j]
		}
		return ""
	}
	return s
}

// sideBySide runs script on real pi 1.6 and on pigo at once, each on a
// pty with its own mock model answering steps(), started with args once
// the footer shows; the script returns its screens, which must be equal.
func sideBySide(t *testing.T, steps func() []mockStep, args []string, script func(tt *tuiTerm) []string) {
	t.Helper()
	node, cli := pi16Command(t)
	screens := map[string][]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for name, side := range map[string][]string{"pi": {node, cli}, "pigo": {selfPath()}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s []mockStep
			if steps != nil {
				s = steps()
			}
			tt := startPTY(t, side, s, args...)
			tt.waitFor("mock-1")
			time.Sleep(500 * time.Millisecond) // pi takes keys once its startup finished
			shots := script(tt)
			mu.Lock()
			screens[name] = shots
			mu.Unlock()
		}()
	}
	wg.Wait()
	compareScreens(t, screens, squeezeBlankRows)
}

// squeezeBlankRows makes the empty rows above the editor's (or a
// dialog's) top border one: that padding depends on how tall the header
// is, and pi's has lines pigo's does not.
func squeezeBlankRows(s string) string {
	return blankRows.ReplaceAllString(s, "\n\n─")
}

var blankRows = regexp.MustCompile(`\n\n+─`)

// extensionList is the header's list of extensions, without pigo's own
// built-in ones.
func extensionList(s string) string {
	_, after, _ := strings.Cut(s, "[Extensions]\n")
	line, _, _ := strings.Cut(after, "\n")
	return strings.Replace(line, "builtin:mcp, ", "", 1)
}

// settle gives both sides time to draw what the last key did.
func settle() { time.Sleep(400 * time.Millisecond) }

// questionnaire (a tool whose custom component asks two questions in
// tabs, with an Editor for "Type something") and todo (a tool, and /todos
// in a custom component closed by Escape).
func TestTUIExampleQuestionnaireAndTodoMatchPi16(t *testing.T) {
	steps := func() []mockStep {
		return []mockStep{
			{ToolCalls: []mockToolCall{{ID: "c1", Name: "questionnaire", Arguments: map[string]any{"questions": []any{
				map[string]any{"id": "color", "label": "Color", "prompt": "Pick a color", "options": []any{
					map[string]any{"value": "red", "label": "Red"}, map[string]any{"value": "blue", "label": "Blue", "description": "the sky"}}},
				map[string]any{"id": "size", "prompt": "Pick a size", "options": []any{
					map[string]any{"value": "s", "label": "Small"}, map[string]any{"value": "l", "label": "Large"}}},
			}}}}},
			{Text: "Thanks."},
			{ToolCalls: []mockToolCall{{ID: "c2", Name: "todo", Arguments: map[string]any{"action": "add", "text": "write tests"}}}},
			{Text: "Added."},
		}
	}
	sideBySide(t, steps, piExampleArgs(t, "questionnaire.ts", "todo.ts"), func(tt *tuiTerm) []string {
		var shots []string
		shot := func(marker string) { settle(); shots = append(shots, screenFrom(tt.screen(), marker)) }
		tt.keys("ask me", "\r")
		tt.waitFor("Pick a color", "3. Type something.")
		shot(" ask me")
		tt.keys("\x1b[B", "\r")
		tt.waitFor("Pick a size")
		shot(" ask me")
		tt.keys("\r")
		tt.waitFor("Ready to submit")
		shot(" ask me")
		tt.keys("\r")
		tt.waitFor("Thanks.")
		shot(" ask me")
		tt.keys("add todo", "\r")
		tt.waitFor("Added.")
		shot(" add todo")
		tt.command("/todos")
		tt.waitFor("Press Escape to close")
		shot(" add todo")
		tt.keys("\x1b")
		tt.waitGone("Press Escape to close")
		shot(" add todo")
		return shots
	})
}

// qna: /qna asks the model (complete()) under a BorderedLoader and puts
// the questions it extracted into the editor.
func TestTUIExampleQnaMatchesPi16(t *testing.T) {
	steps := func() []mockStep {
		return []mockStep{{Text: "Which language? And which framework?"}, {Text: "Q: Which language?\nA: \n\nQ: Which framework?\nA: "}}
	}
	sideBySide(t, steps, piExampleArgs(t, "qna.ts"), func(tt *tuiTerm) []string {
		tt.keys("help", "\r")
		tt.waitFor("And which framework?")
		settle()
		tt.command("/qna")
		tt.waitFor("Questions loaded.", "Q: Which framework?")
		settle()
		return []string{screenFrom(tt.screen(), " help")}
	})
}

// plan-mode (a directory extension): /plan and its ctrl+alt+p shortcut
// toggle it; the notifications and the footer status follow.
func TestTUIExamplePlanModeMatchesPi16(t *testing.T) {
	sideBySide(t, nil, piExampleArgs(t, "plan-mode"), func(tt *tuiTerm) []string {
		shots := []string{extensionList(tt.screen())}
		tt.command("/plan")
		tt.waitFor("Plan mode enabled.", "⏸ plan")
		settle()
		shots = append(shots, screenFrom(tt.screen(), "Plan mode"))
		tt.keys("\x1b\x10") // ctrl+alt+p
		tt.waitFor("Plan mode disabled.")
		settle()
		shots = append(shots, screenFrom(tt.screen(), "Plan mode"))
		return shots
	})
}

// custom-header draws its own header at startup; the rows around it and
// the extension list stay pi's. /builtin-header gives pi's back.
func TestTUIExampleCustomHeaderMatchesPi16(t *testing.T) {
	sideBySide(t, nil, piExampleArgs(t, "custom-header.ts"), func(tt *tuiTerm) []string {
		tt.waitFor("shitty coding agent")
		settle()
		top := screenUntil(tt.screen(), "custom-header.ts")
		if !strings.HasSuffix(top, "[Extensions]") {
			top += "\n(no extension list after the header)"
		}
		tt.command("/builtin-header")
		tt.waitFor("Built-in header restored", "▀▀█")
		tt.waitGone("shitty coding agent")
		return []string{top}
	})
}

// modal-editor replaces the editor (setEditorComponent): insert mode
// types, Escape is normal mode, where h moves and x deletes.
func TestTUIExampleModalEditorMatchesPi16(t *testing.T) {
	sideBySide(t, nil, piExampleArgs(t, "modal-editor.ts"), func(tt *tuiTerm) []string {
		var shots []string
		bottom := func() string { s := tt.screen(); return s[strings.LastIndex(s, "\n\n")+2:] }
		tt.waitFor("INSERT")
		tt.keys("hello")
		tt.waitFor("hello")
		settle()
		shots = append(shots, bottom())
		tt.keys("\x1b")
		tt.waitFor("NORMAL")
		tt.keys("h", "h", "x")
		tt.waitFor("helo")
		settle()
		shots = append(shots, bottom())
		tt.keys("i", "!")
		tt.waitFor("INSERT", "hel!o")
		settle()
		shots = append(shots, bottom())
		return shots
	})
}

// modal-editor's editor has pi's autocomplete (pi hands a custom editor
// its provider): "/" lists the commands, Tab takes one, and Tab on an
// empty word lists the working directory.
func TestTUIExampleModalEditorAutocompleteMatchesPi16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, _ string) {
		for _, f := range []string{"notes.md", "src/main.go"} {
			must(t, os.MkdirAll(filepath.Dir(filepath.Join(work, f)), 0o755))
			must(t, os.WriteFile(filepath.Join(work, f), nil, 0o644))
		}
	}
	args := piExampleArgs(t, "modal-editor.ts")
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, args...)
		tt.waitFor("mock-1", "INSERT")
		time.Sleep(500 * time.Millisecond) // pi takes keys once its startup finished
		bottom := func() string { s := tt.screen(); return s[strings.LastIndex(s, "\n\n")+2:] }
		tt.keys("/", "r", "e", "s", "u")
		tt.waitFor("Resume another session")
		settle()
		add(bottom())
		tt.keys("\t")
		tt.waitGone("Resume another session")
		settle()
		add(bottom())
		tt.keys("x", " ", "\t")
		tt.waitFor("notes.md", "src/")
		settle()
		add(bottom())
	})
	compareScreens(t, screens, squeezeBlankRows)
}

// acExt is an extension with a command whose arguments complete and an
// autocomplete provider for "#" tags.
const acExt = `export default function (pi) {
  pi.registerCommand("greet", { description: "greet someone",
    getArgumentCompletions: (prefix) => ["alice", "albert", "bob"].filter((n) => n.startsWith(prefix)).map((n) => ({ value: n, label: n, description: "a friend" })),
    handler: async () => {} });
  pi.on("session_start", (_e, ctx) => {
    ctx.ui.addAutocompleteProvider((current) => ({
      getSuggestions: async (lines, line, col, options) => {
        const before = lines[line].slice(0, col);
        const m = before.match(/#(\w*)$/);
        if (!m) return current.getSuggestions(lines, line, col, options);
        return { prefix: "#" + m[1], items: ["#bug", "#build", "#docs"].filter((t) => t.startsWith("#" + m[1])).map((t) => ({ value: t, label: t })) };
      },
      applyCompletion: (lines, line, col, item, prefix) => current.applyCompletion(lines, line, col, item, prefix),
    }));
  });
}
`

// modal-editor's editor completes a command's arguments (the command's
// getArgumentCompletions) and takes the items of the extensions'
// addAutocompleteProvider providers, which pi stacks on a custom editor
// as on its own.
func TestTUIExampleModalEditorArgumentsAndProvidersMatchPi16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, _ string) { must(t, os.WriteFile(filepath.Join(work, "ac.ts"), []byte(acExt), 0o644)) }
	args := append(piExampleArgs(t, "modal-editor.ts"), "-e", "ac.ts")
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, args...)
		tt.waitFor("mock-1", "INSERT")
		time.Sleep(500 * time.Millisecond) // pi takes keys once its startup finished
		bottom := func() string { s := tt.screen(); return s[strings.LastIndex(s, "\n\n")+2:] }
		tt.keys("/", "g", "r", "e", "e", "t", " ", "a")
		tt.waitFor("alice", "albert")
		settle()
		add(bottom())
		tt.keys("l", "b")
		tt.waitGone("alice")
		settle()
		add(bottom())
		tt.keys("\t")
		tt.waitFor("/greet albert")
		settle()
		add(bottom())
		tt.keys("\x15", "n", "o", "t", "e", " ", "#", "b")
		tt.waitFor("#bug", "#build")
		settle()
		add(bottom())
		tt.keys("\x1b[B", "\t")
		tt.waitFor("note #build")
		settle()
		add(bottom())
	})
	compareScreens(t, screens, squeezeBlankRows)
	if got := screens["pigo"]; len(got) != 5 || !strings.Contains(got[0], "a friend") {
		t.Errorf("pigo's screens:\n%s", strings.Join(got, "\n=====\n"))
	}
}

// "/model " completes the models as pi's built-in provider does, in
// pi's editor and in an extension's (modal-editor), "/thinking " the
// thinking levels.
func TestTUIBuiltinArgumentCompletionMatchesPi16(t *testing.T) {
	node, cli := pi16Command(t)
	for _, args := range [][]string{{"--model", "mock/mock-1", "--no-session"}, piExampleArgs(t, "modal-editor.ts")} {
		screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
			tt := startPTY(t, side, nil, args...)
			tt.waitFor("mock-1")
			time.Sleep(500 * time.Millisecond) // pi takes keys once its startup finished
			bottom := func() string { s := tt.screen(); return s[strings.LastIndex(s, "\n\n")+2:] }
			tt.keys("/", "m", "o", "d", "e", "l", " ", "m")
			tt.waitFor("→ mock-1", "/model m")
			settle()
			add(bottom())
			tt.keys("\t")
			tt.waitFor("/model mock/mock-1")
			settle()
			add(bottom())
		})
		compareScreens(t, screens, squeezeBlankRows)
		if got := screens["pigo"]; len(got) != 2 || !strings.Contains(got[0], "mock-1") {
			t.Errorf("pigo's screens:\n%s", strings.Join(got, "\n=====\n"))
		}
	}
}

// tic-tac-toe: a board in a custom component (the session named after
// the game in the footer); Enter plays the centre and hands the turn to
// the agent (a prompt to the model).
func TestTUIExampleTicTacToeMatchesPi16(t *testing.T) {
	steps := func() []mockStep { return []mockStep{{Text: "My move comes later."}} }
	sideBySide(t, steps, piExampleArgs(t, "tic-tac-toe.ts"), func(tt *tuiTerm) []string {
		var shots []string
		board := func() string { return screenFrom(tt.screen(), "Tic-Tac-Toe ─") } // down to the footer, with the session name
		tt.command("/tic-tac-toe")
		tt.waitFor("Turn: X (You)", "ENTER play")
		settle()
		shots = append(shots, board())
		tt.keys("\r")
		tt.waitFor("Player X played", "╳")
		settle()
		shots = append(shots, board())
		return shots
	})
}

// space-invaders: a game on a timer that wants key releases; arrows move
// the ship, Escape pauses and saves the game in the session
// (appendEntry), and /invaders again resumes it paused; q quits.
func TestTUIExampleSpaceInvaders(t *testing.T) {
	tt := startPigoPTY(t, nil, piExampleArgs(t, "space-invaders.ts")...)
	tt.waitFor("mock-1")
	tt.command("/invaders")
	// The game is taller than the terminal: its top is above the screen.
	tt.waitFor("◄☆►", "═▲═", "ESC pause")
	ship := func() int {
		for _, l := range strings.Split(tt.screen(), "\n") {
			if i := strings.Index(l, "═▲═"); i >= 0 {
				return len([]rune(l[:i]))
			}
		}
		return -1
	}
	start := ship()
	tt.keys("\x1b[D") // left, held: no release comes from this terminal
	deadline := time.Now().Add(20 * time.Second)
	for ship() >= start && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if ship() >= start {
		t.Fatalf("the ship did not move left from column %d:\n%s", start, tt.screen())
	}
	tt.keys("\x1b")
	tt.waitGone("◄☆►")
	tt.command("/invaders")
	tt.waitFor("◄☆►", "PAUSED", "Press any key to continue")
	tt.keys("q")
	tt.waitGone("◄☆►")
	tt.keys("\x04")
	if code := tt.exit(); code != 0 {
		t.Errorf("exit %d", code)
	}
}

// rainbow-editor: a CustomEditor that colours "ultrathink" letter by
// letter (and animates a shine over it).
func TestTUIExampleRainbowEditor(t *testing.T) {
	tt := startPigoPTY(t, nil, piExampleArgs(t, "rainbow-editor.ts")...)
	tt.waitFor("mock-1")
	tt.keys("so ultrathink now")
	tt.waitFor("so ultrathink now")
	colors := map[string]bool{}
	plain := ""
	tt.mu.Lock()
	for y := range tuiH {
		line := ""
		for x := range tuiW {
			if c := tt.emu.CellAt(x, y); c != nil {
				line += c.Content
			}
		}
		if i := strings.Index(line, "so ultrathink now"); i >= 0 {
			for x := i + 3; x < i+3+len("ultrathink"); x++ {
				if c := tt.emu.CellAt(x, y); c != nil && c.Style.Fg != nil {
					r, g, b, _ := c.Style.Fg.RGBA()
					colors[fmt.Sprintf("%02x%02x%02x", r>>8, g>>8, b>>8)] = true
				}
			}
			if c := tt.emu.CellAt(i, y); c != nil && c.Style.Fg != nil {
				plain = "coloured"
			}
		}
	}
	tt.mu.Unlock()
	if len(colors) < 5 {
		t.Errorf("ultrathink has %d colours, want its letters in the rainbow: %v\n%s", len(colors), colors, tt.screen())
	}
	if plain != "" {
		t.Errorf("the text around ultrathink is coloured")
	}
}

// titlebar-spinner: setTitle from a timer while the agent runs (a braille
// frame before "π - work"), the plain title once it settled.
func TestTUIExampleTitlebarSpinner(t *testing.T) {
	tt := startPigoPTY(t, []mockStep{{Chunks: []string{"one", " two", " three", " four"}, DelayMs: 400}},
		piExampleArgs(t, "titlebar-spinner.ts")...)
	var mu sync.Mutex
	var titles []string
	tt.mu.Lock()
	tt.emu.SetCallbacks(vt.Callbacks{Title: func(s string) { mu.Lock(); titles = append(titles, s); mu.Unlock() }})
	tt.mu.Unlock()
	tt.waitFor("mock-1")
	tt.keys("go", "\r")
	tt.waitFor("one two three four", "↑")
	time.Sleep(500 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	spinning := 0
	for _, s := range titles {
		if strings.HasSuffix(s, " π - work") && strings.ContainsAny(s[:3], "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏") {
			spinning++
		}
	}
	if spinning < 2 || len(titles) == 0 || titles[len(titles)-1] != "π - work" {
		t.Errorf("titles %q", titles)
	}
}

// overlay-qa-tests: stacked overlays (each over the last, closed in
// order by Escape) and an overlay hidden by its handle for a second.
func TestTUIExampleOverlayQA(t *testing.T) {
	tt := startPigoPTY(t, nil, piExampleArgs(t, "overlay-qa-tests.ts")...)
	tt.waitFor("mock-1")
	tt.command("/overlay-stack")
	tt.waitFor("Overlay #1", "Overlay #2", "Layer: front (blue border)")
	s := tt.screen()
	if !strings.Contains(s, "│ ░░░░░░│ ░░░░░░╭───") {
		t.Errorf("the overlays are not stacked as pi places them:\n%s", s)
	}
	tt.keys("\x1b")
	tt.waitGone("Overlay #3")
	tt.keys("\x1b")
	tt.waitGone("Overlay #2")
	tt.keys("\x1b")
	tt.waitFor("Closed in order: Overlay 1, Overlay 2, Overlay 3")
	tt.command("/overlay-toggle")
	tt.waitFor("Toggle count: 0")
	tt.keys("t")
	tt.waitGone("Toggle Demo")
	tt.waitFor("Toggle count: 1")
	tt.keys("\x1b")
	tt.waitGone("Toggle Demo")
}

// commands.ts completes its argument (getArgumentCompletions): "/commands "
// then a letter lists the sources that start with it; Tab takes one.
func TestTUICommandArgumentCompletionMatchesPi16(t *testing.T) {
	sideBySide(t, nil, piExampleArgs(t, "commands.ts"), func(tt *tuiTerm) []string {
		var shots []string
		bottom := func() string { s := tt.screen(); return s[strings.LastIndex(s, "\n\n")+2:] }
		tt.keys("/commands")
		tt.waitFor("→ commands")
		tt.keys(" ")
		tt.waitFor("→ extension", "  prompt", "  skill")
		settle()
		shots = append(shots, bottom())
		tt.keys("p")
		tt.waitGone("extension")
		settle()
		shots = append(shots, bottom())
		tt.keys("\t")
		tt.waitFor("/commands prompt")
		tt.waitGone("→ prompt")
		settle()
		shots = append(shots, bottom())
		return shots
	})
}

// entry-renderer: /status-card appends a custom entry (pi.appendEntry)
// that its registerEntryRenderer draws in the chat, as a box.
func TestTUIExampleEntryRendererMatchesPi16(t *testing.T) {
	sideBySide(t, nil, piExampleArgs(t, "entry-renderer.ts"), func(tt *tuiTerm) []string {
		tt.command("/status-card all systems go")
		tt.waitFor("[status] all systems go")
		settle()
		// The blank row, the box's padding rows and its text.
		lines := strings.Split(tt.screen(), "\n")
		i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "[status]") })
		return []string{strings.Join(lines[max(0, i-2):min(len(lines), i+2)], "\n")}
	})
}

// ctx.ui.getToolsExpanded follows ctrl+o in the interactive mode, as in
// pi; ctx.ui.setToolsExpanded sets it, with the status line ctrl+o shows.
func TestTUIToolsExpandedReachesExtensions(t *testing.T) {
	ext := filepath.Join(t.TempDir(), "exp.ts")
	must(t, os.WriteFile(ext, []byte(`export default function (pi) {
  pi.registerCommand("xpand", { description: "expansion", handler: async (_a, ctx) => ctx.ui.notify("expanded=" + ctx.ui.getToolsExpanded(), "warning") });
  pi.registerCommand("collapse", { description: "collapse", handler: async (_a, ctx) => ctx.ui.setToolsExpanded(false) });
}`), 0o644))
	tt := startPigoPTY(t, nil, "--model", "mock/mock-1", "--no-session", "-e", ext)
	tt.waitFor("mock-1")
	tt.command("/xpand")
	tt.waitFor("Warning: expanded=false")
	tt.keys("\x0f") // ctrl+o
	tt.command("/xpand")
	tt.waitFor("Warning: expanded=true")
	tt.command("/collapse")
	tt.waitFor("Tool output: collapsed") // pi's status line for either way of expanding
	tt.command("/xpand")
	deadline := time.Now().Add(20 * time.Second)
	for strings.Count(tt.screen(), "expanded=false") < 2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := strings.Count(tt.screen(), "expanded=false"); n != 2 {
		t.Errorf("after setToolsExpanded(false):\n%s", tt.screen())
	}
}
