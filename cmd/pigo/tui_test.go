package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// End-to-end tests of the interactive mode: pigo (this test binary, whose
// TestMain runs pigo's main) in a pseudo-terminal, its output fed to a
// terminal emulator, against the mock OpenAI server; they assert on the
// emulated screen.

// tuiTerm is a running pigo on a pty.
type tuiTerm struct {
	t    *testing.T
	cmd  *exec.Cmd
	pty  *os.File
	tty  *os.File
	emu  *vt.Emulator // guarded by mu
	raw  []byte       // everything the program wrote; guarded by mu
	done chan struct{}
	mu   sync.Mutex
}

const tuiW, tuiH = 100, 30

// tuiExt is an extension with a command that asks with a select dialog,
// then notifies, sets a status and a widget.
const tuiExt = `export default function (pi) {
  pi.registerCommand("pick", { description: "pick one", handler: async (_a, ctx) => {
    const v = await ctx.ui.select("Pick one", ["alpha", "beta", "gamma"]);
    ctx.ui.notify("picked " + v, "info");
    ctx.ui.setStatus("st", "STATUS-" + v);
    ctx.ui.setWidget("w", ["WIDGET-LINE-1", "WIDGET-LINE-2"]);
  } });
  pi.registerCommand("light", { description: "light theme", handler: async (_a, ctx) => {
    ctx.ui.notify("theme " + JSON.stringify(ctx.ui.setTheme("light")), "info");
  } });
}
`

// startTUI runs `pigo --model mock/mock-1 -e ext.ts --no-session args...`
// in a pty with the mock model answering steps.
func startTUI(t *testing.T, steps []mockStep, args ...string) *tuiTerm {
	t.Helper()
	return startPigoPTY(t, steps, append([]string{"--model", "mock/mock-1", "-e", "ext.ts", "--no-session"}, args...)...)
}

// startPigoPTY runs `pigo argv...` in a pty, in a directory with ext.ts
// and an agent dir whose models.json points at the mock model.
func startPigoPTY(t *testing.T, steps []mockStep, argv ...string) *tuiTerm {
	t.Helper()
	return startPTY(t, []string{selfPath()}, steps, argv...)
}

// startPTY runs side (pigo, or node with pi's CLI) with argv in a pty.
func startPTY(t *testing.T, side []string, steps []mockStep, argv ...string) *tuiTerm {
	t.Helper()
	return startPTYFull(t, nil, side, nil, steps, argv...)
}

// startPTYSetup is startPTY with setup run on the working and agent
// directories (project files, trust.json) before the side starts.
func startPTYSetup(t *testing.T, setup func(work, agentDir string), side []string, steps []mockStep, argv ...string) *tuiTerm {
	t.Helper()
	return startPTYFull(t, setup, side, nil, steps, argv...)
}

// startPTYEnv is startPTY with env added to the sandbox's (later values
// win).
func startPTYEnv(t *testing.T, side, env []string, steps []mockStep, argv ...string) *tuiTerm {
	t.Helper()
	return startPTYFull(t, nil, side, env, steps, argv...)
}

// startPTYFull starts side in a pty: setup, when not nil, runs on the
// working and agent directories first, and env is added to the sandbox's.
func startPTYFull(t *testing.T, setup func(work, agentDir string), side, env []string, steps []mockStep, argv ...string) *tuiTerm {
	t.Helper()
	return startPTYRows(t, tuiH, setup, side, env, steps, argv...)
}

// startPTYRows is startPTYFull on a terminal of rows rows.
func startPTYRows(t *testing.T, rows int, setup func(work, agentDir string), side, env []string, steps []mockStep, argv ...string) *tuiTerm {
	t.Helper()
	if testing.Short() {
		t.Skip("starts pigo in a pty")
	}
	dir, work, agentDir := sideDirs(t)
	llm := newMockLLM(steps)
	t.Cleanup(llm.Close)
	must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
	must(t, os.WriteFile(filepath.Join(work, "ext.ts"), []byte(tuiExt), 0o644))
	if setup != nil {
		setup(work, agentDir)
	}
	cmd := sideCommand(side, dir, argv...)
	cmd.Env = append(append([]string{"PATH=" + os.Getenv("PATH"), "TERM=xterm-256color", "COLORTERM=truecolor"}, sandboxEnv(dir)...), env...)
	ptmx, tty, err := pty.Open()
	must(t, err)
	must(t, pty.Setsize(ptmx, &pty.Winsize{Rows: uint16(rows), Cols: tuiW}))
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &unix.SysProcAttr{Setsid: true, Setctty: true}
	must(t, cmd.Start())
	tt := &tuiTerm{t: t, cmd: cmd, pty: ptmx, tty: tty, emu: vt.NewEmulator(tuiW, rows), done: make(chan struct{})}
	go func() { _, _ = io.Copy(ptmx, tt.emu) }() // the terminal's answers to queries
	go func() {
		buf := make([]byte, 32<<10)
		for {
			n, err := ptmx.Read(buf)
			if n > 0 {
				tt.mu.Lock()
				_, _ = tt.emu.Write(buf[:n])
				tt.raw = append(tt.raw, buf[:n]...)
				tt.mu.Unlock()
			}
			if err != nil {
				return
			}
		}
	}()
	go func() { _ = cmd.Wait(); close(tt.done) }()
	t.Cleanup(func() {
		select {
		case <-tt.done:
		default:
			_ = cmd.Process.Kill()
			<-tt.done
		}
		_ = ptmx.Close()
		_ = tty.Close()
	})
	return tt
}

// output is everything the program wrote to the terminal so far.
func (tt *tuiTerm) output() string {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	return string(tt.raw)
}

func (tt *tuiTerm) altScreen() bool {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	return tt.emu.IsAltScreen()
}

// ruleColor is the colour of the editor's bottom border (the last full
// row of "─" above the footer).
func (tt *tuiTerm) ruleColor() string {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	lines := strings.Split(tt.emu.String(), "\n")
	for y := len(lines) - 1; y >= 0; y-- {
		if strings.HasPrefix(lines[y], "──────────") {
			if c := tt.emu.CellAt(0, y); c != nil && c.Style.Fg != nil {
				r, g, b, _ := c.Style.Fg.RGBA()
				return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
			}
			return "default"
		}
	}
	return ""
}

// mainScreen waits until the terminal has left the alternate screen
// (the last bytes pigo wrote may still be on their way after it exited).
func (tt *tuiTerm) mainScreen() bool {
	deadline := time.Now().Add(5 * time.Second)
	for tt.altScreen() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}

func (tt *tuiTerm) screen() string {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	var lines []string
	for _, l := range strings.Split(tt.emu.String(), "\n") {
		lines = append(lines, strings.TrimRight(l, " "))
	}
	return strings.Join(lines, "\n")
}

// waitFor waits until every text is on the screen.
func (tt *tuiTerm) waitFor(texts ...string) {
	tt.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		s := tt.screen()
		missing := ""
		for _, x := range texts {
			if !strings.Contains(s, x) {
				missing = x
				break
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			tt.t.Fatalf("screen never showed %q:\n%s", missing, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (tt *tuiTerm) waitGone(text string) {
	tt.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for strings.Contains(tt.screen(), text) {
		if time.Now().After(deadline) {
			tt.t.Fatalf("%q stayed on the screen:\n%s", text, tt.screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// keys types bytes as a terminal sends them, a little apart so each is
// one key.
func (tt *tuiTerm) keys(ks ...string) {
	for _, k := range ks {
		_, _ = tt.pty.Write([]byte(k))
		time.Sleep(30 * time.Millisecond)
	}
}

// exit waits for pigo to end and returns its status.
func (tt *tuiTerm) exit() int {
	tt.t.Helper()
	select {
	case <-tt.done:
	case <-time.After(30 * time.Second):
		tt.t.Fatalf("pigo did not exit:\n%s", tt.screen())
	}
	return tt.cmd.ProcessState.ExitCode()
}

func TestTUIStartupChromeAndCtrlCTwiceExits(t *testing.T) {
	tt := startTUI(t, nil)
	tt.waitFor("▀▀█", "escape interrupt · ctrl+c/ctrl+d clear/exit · / commands · ! bash · ctrl+o more",
		"[Extensions]", "ext.ts", "0.0%/128k (auto)", "mock-1")
	if !tt.altScreen() {
		t.Errorf("fullscreen mode is not on the alternate screen")
	}
	tt.keys("draft text")
	tt.waitFor("draft text")
	tt.keys("\x03")
	tt.waitGone("draft text")
	time.Sleep(600 * time.Millisecond) // past pi's double-press window
	tt.keys("\x03", "\x03")
	if code := tt.exit(); code != 0 {
		t.Errorf("exit %d", code)
	}
	if !tt.mainScreen() {
		t.Errorf("the alternate screen was left on")
	}
	st, err := unix.IoctlGetTermios(int(tt.tty.Fd()), unix.TCGETS)
	must(t, err)
	if st.Lflag&unix.ICANON == 0 || st.Lflag&unix.ECHO == 0 {
		t.Errorf("the terminal is still raw: lflag %#x", st.Lflag)
	}
}

func TestTUIStreamedReplyAndToolCall(t *testing.T) {
	tt := startTUI(t, []mockStep{
		{Chunks: []string{"Let me **check**", " that."}, ToolCalls: []mockToolCall{{ID: "call_1", Name: "bash", Arguments: map[string]any{"command": "echo tool-output-here"}}}},
		{Text: "All done here.", Chunks: []string{"All done", " here."}},
	})
	tt.waitFor("mock-1")
	tt.keys("hello there", "\r")
	tt.waitFor("hello there", "Let me check that.", "$ echo tool-output-here", "tool-output-here\n", "All done here.", "↑")
	tt.keys("\x04")
	if code := tt.exit(); code != 0 {
		t.Errorf("exit %d", code)
	}
	// pi's fullscreenExitOutput "transcript": the conversation is left on
	// the main screen.
	if !tt.mainScreen() {
		t.Errorf("still on the alternate screen")
	}
	tt.waitFor("All done here.")
}

func TestTUIEscapeAbortsMidStream(t *testing.T) {
	tt := startTUI(t, []mockStep{{Chunks: []string{"Streaming partial"}, Hang: true}})
	tt.waitFor("mock-1")
	tt.keys("go", "\r")
	tt.waitFor("Streaming partial", " Working ─")
	tt.keys("\x1b")
	tt.waitFor("Operation aborted")
	tt.waitGone(" Working ─")
}

func TestTUISlashAutocomplete(t *testing.T) {
	tt := startTUI(t, nil)
	tt.waitFor("mock-1")
	tt.keys("/")
	tt.waitFor("→ settings", "  model", "Select model (opens selector UI)")
	tt.keys("pi")
	tt.waitFor("→ pick", "pick one")
	tt.waitGone("  model ")
}

func TestTUISelectDialogWidgetAndStatus(t *testing.T) {
	tt := startTUI(t, nil)
	tt.waitFor("mock-1")
	tt.keys("/pick", "\r")
	tt.waitFor("Pick one", "→ alpha", "beta", "gamma")
	tt.keys("\x1b[B")
	tt.waitFor("→ beta")
	tt.keys("\r")
	tt.waitFor("picked beta", "STATUS-beta", " WIDGET-LINE-1\n WIDGET-LINE-2")
	s := tt.screen()
	if strings.Index(s, "WIDGET-LINE-2") > strings.Index(s, "STATUS-beta") {
		t.Errorf("the widget is not above the editor and footer:\n%s", s)
	}
}

// TestTUILlama: /llama in the interactive mode lists the router's models
// (loaded and sleeping ones first, with their context) in a select
// dialog; selecting a loaded one asks before unloading it, and what the
// router answers is shown.
func TestTUILlama(t *testing.T) {
	router, log := newFakeLlamaRouter(t)
	tt := startPTYEnv(t, []string{selfPath()}, []string{"LLAMA_BASE_URL=" + router.URL}, nil,
		"--model", "mock/mock-1", "--no-session")
	tt.waitFor("mock-1")
	tt.keys("/llama", "\r")
	tt.waitFor("llama.cpp models", router.URL, "→ jev-1  loaded", "qwen3-8b  loaded · 33k context", "sleepy  loaded · 8k context", "gemma-preset")
	tt.keys("\x1b[B", "\r")
	tt.waitFor("Unload model?", "qwen3-8b")
	tt.keys("\r") // Yes
	tt.waitFor("llama.cpp returned HTTP 404")
	tt.keys("\x1b")
	tt.waitGone("llama.cpp models")
	if got := log(); !slices.Contains(got, "POST /models/unload Bearer local") {
		t.Errorf("router requests: %q", got)
	}
}

func TestTUIRegularModeKeepsTheMainScreen(t *testing.T) {
	tt := startTUI(t, []mockStep{{Text: "regular reply"}}, "--tui-mode", "regular")
	tt.waitFor("mock-1", "escape interrupt")
	if tt.altScreen() {
		t.Errorf("regular mode switched to the alternate screen")
	}
	tt.keys("hi", "\r")
	tt.waitFor("regular reply", "↑")
	tt.keys("\x04")
	if code := tt.exit(); code != 0 {
		t.Errorf("ctrl+d exit %d", code)
	}
}

func TestTUIPigoAloneOnATerminal(t *testing.T) {
	tt := startPigoPTY(t, nil)
	tt.waitFor("escape interrupt", "mock-1")
	tt.keys("\x04")
	if code := tt.exit(); code != 0 {
		t.Errorf("exit %d", code)
	}
	// pigo "question" on a terminal: the interactive mode, the question
	// sent as the first prompt.
	q := startPigoPTY(t, []mockStep{{Text: "answer one"}}, "what is up", "--model", "mock/mock-1", "--no-session")
	q.waitFor("what is up", "answer one")
	q.keys("\x04")
	if code := q.exit(); code != 0 {
		t.Errorf("exit %d", code)
	}
	help := startPigoPTY(t, nil, "help")
	if code := help.exit(); code != 0 {
		t.Errorf("pigo help: exit %d", code)
	}
	help.waitFor("Usage: pigo <command>")
}

// An extension's ctx.ui.setTheme("light") redraws with pi's light theme.
func TestTUIThemeChange(t *testing.T) {
	tt := startTUI(t, nil)
	tt.waitFor("mock-1")
	dark := tt.ruleColor()
	if dark != "#768186" {
		t.Errorf("dark border %s", dark)
	}
	tt.keys("/light", "\r")
	tt.waitFor(`theme {"success":true}`)
	if light := tt.ruleColor(); light != "#9aa2a7" {
		t.Errorf("the border kept its colour %s", light)
	}
}

// The same session in real pi 1.6 and in pigo gives the same screens:
// a streamed reply with a tool call (from the reply down to the footer,
// tool timings masked), an extension's select dialog moved with the arrow
// keys, the notification, widget and status it leaves, a !cmd, and a
// markdown reply (headings, emphasis, lists, quote, rule, table, code).
func TestTUIDifferentialPi16(t *testing.T) {
	node, cli := pi16Command(t)
	steps := func() []mockStep {
		return []mockStep{
			{Chunks: []string{"Let me **check**", " that.\n\n- one\n- two"}, ToolCalls: []mockToolCall{{ID: "call_1", Name: "bash",
				Arguments: map[string]any{"command": "echo hi; seq 1 12"}}}},
			{Text: "All done `here`."},
			{Text: "# Heading\n\n## Sub heading\n\n### Third\n\nSome *text* with `code`, **bold** and a [link](https://x.dev).\n\n" +
				"1. first\n2. second\n   - nested\n\n> quote here\n> more quote\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nplain block\n```"},
		}
	}
	took := regexp.MustCompile(`Took \d+\.\ds`)
	from := func(s, marker string) string {
		if i := strings.LastIndex(s, marker); i >= 0 {
			return took.ReplaceAllString(s[i:], "Took N.Ns")
		}
		return "(no " + marker + ")\n" + s
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTY(t, side, steps(), "--model", "mock/mock-1", "-e", "ext.ts", "--no-session")
		tt.waitFor("mock-1")
		time.Sleep(500 * time.Millisecond) // pi takes keys once its startup finished
		tt.keys("hello there", "\r")
		tt.waitFor("All done here.", "↑")
		time.Sleep(300 * time.Millisecond)
		add(from(tt.screen(), " - one"))
		tt.keys("/pick")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\r")
		tt.waitFor("Pick one")
		tt.keys("\x1b[B")
		tt.waitFor("→ beta")
		add(from(tt.screen(), " Pick one"))
		tt.keys("\r")
		tt.waitFor("STATUS-beta")
		time.Sleep(300 * time.Millisecond)
		add(from(tt.screen(), " picked beta"))
		tt.keys("!echo hello; echo world", "\r")
		tt.waitFor(" world")
		time.Sleep(300 * time.Millisecond)
		bash := from(tt.screen(), " $ echo hello")
		add(bash[:strings.Index(bash, "──")])
		tt.keys("md please", "\r")
		tt.waitFor("plain block")
		time.Sleep(300 * time.Millisecond)
		add(from(tt.screen(), " Some text"))
		tt.keys("\x04")
		tt.exit()
	})
	compareScreens(t, screens, nil)
}

// pi 1.6's component examples run through the session host: snake (a
// custom component that takes keys and closes), overlay-test (an
// overlay), custom-footer (setFooter), widget-placement (widgets above
// and below the editor) and message-renderer (registerMessageRenderer).
func TestTUIExtensionComponents(t *testing.T) {
	examples, _ := filepath.Abs("../../node_modules/@earendil-works/pi-coding-agent/examples/extensions")
	if _, err := os.Stat(examples); err != nil {
		t.Skip("pi 1.6 not installed (make deps)")
	}
	var args []string
	for _, e := range []string{"snake.ts", "overlay-test.ts", "custom-footer.ts", "widget-placement.ts", "message-renderer.ts"} {
		args = append(args, "-e", filepath.Join(examples, e))
	}
	tt := startPigoPTY(t, nil, append([]string{"--model", "mock/mock-1", "--no-session"}, args...)...)
	tt.waitFor("mock-1", " Above editor widget\n───", "───\n Below editor widget")

	tt.keys("/snake")
	time.Sleep(300 * time.Millisecond)
	tt.keys("\r")
	// The game is drawn where the editor was, between the widgets.
	tt.waitFor(" Above editor widget\n ╭──", "SNAKE", "Score: 0", "──╯\n Below editor widget")
	tt.keys("q")
	tt.waitGone("SNAKE")
	tt.waitFor("Above editor widget")

	tt.keys("/overlay-test")
	time.Sleep(300 * time.Millisecond)
	tt.keys("\r")
	tt.waitFor("Overlay Test", "Esc cancel", "mock-1") // over the screen, the footer still there
	tt.keys("\x1b")
	tt.waitGone("Overlay Test")

	tt.keys("/status all good")
	time.Sleep(300 * time.Millisecond)
	tt.keys("\r")
	tt.waitFor("[INFO] all good")

	tt.keys("/footer")
	time.Sleep(300 * time.Millisecond)
	tt.keys("\r")
	tt.waitFor("$0.000")
	tt.waitGone("(auto)")
	tt.keys("\x04")
	if code := tt.exit(); code != 0 {
		t.Errorf("exit %d", code)
	}
}

// TestTUITreeNavigation: /tree lists the conversation with the current
// leaf selected; choosing the first prompt with "No summary" moves the
// session there: the later turn leaves the chat and the prompt comes back
// into the editor.
func TestTUITreeNavigation(t *testing.T) {
	tt := startTUI(t, []mockStep{{Text: "reply-one"}, {Text: "reply-two"}})
	tt.waitFor("mock-1")
	tt.keys("prompt-one", "\r")
	tt.waitFor("reply-one")
	tt.keys("prompt-two", "\r")
	tt.waitFor("reply-two")
	tt.keys("/tree", "\r")
	// the session's system message (pi 1.6) is its first entry, as in pi
	tt.waitFor("Session Tree", "• [system]", "• user: prompt-one", "› • assistant: reply-two", "(5/5)")
	tt.keys("\x1b[A", "\x1b[A", "\x1b[A")
	tt.waitFor("› • user: prompt-one")
	tt.keys("\r")
	tt.waitFor("Summarize branch?", "→ No summary")
	tt.keys("\r")
	tt.waitFor("Navigated to selected point")
	tt.waitGone("reply-two")
	tt.waitGone("reply-one")
	s := tt.screen()
	if !strings.Contains(s, "prompt-one") {
		t.Errorf("the selected prompt is not back in the editor:\n%s", s)
	}
}

// --use-theme picks the theme of this run over settings' (pi 1.6), and
// leaves settings.json alone; without a name it is pi's error.
func TestTUIUseTheme(t *testing.T) {
	var agent string
	tt := startPTYSetup(t, func(_, a string) { agent = a }, []string{selfPath()}, nil, "--model", "mock/mock-1", "--no-session", "--use-theme", "light")
	tt.waitFor("mock-1")
	if light := tt.ruleColor(); light != "#9aa2a7" {
		t.Errorf("border %s, want the light theme's", light)
	}
	if _, err := os.Stat(filepath.Join(agent, "settings.json")); err == nil {
		t.Error("--use-theme wrote settings.json")
	}
	tt.keys("\x03", "\x03")
	tt.exit()
	dir, _, _ := sideDirs(t)
	if out := runCLI([]string{selfPath()}, dir, "--use-theme", "--print", "hi"); !strings.Contains(out, "Error: --use-theme requires a theme name") {
		t.Errorf("--use-theme without a name:\n%s", out)
	}
}
