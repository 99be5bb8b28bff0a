package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// projectExt is a project-local extension (.pi/extensions), which needs
// project trust.
const projectExt = `export default function (pi) {
  pi.registerCommand("projcmd", { description: "from the project", handler: async () => {} });
}
`

func withProjectExtension(work, _ string) {
	dir := filepath.Join(work, ".pi", "extensions")
	_ = os.MkdirAll(dir, 0o755)
	_ = os.WriteFile(filepath.Join(dir, "proj.ts"), []byte(projectExt), 0o644)
}

// TestTUIProjectTrustPrompt: a project with an extension and no saved
// decision asks before the interactive mode starts (pi's startup trust
// prompt); "Trust" loads the project's extension and saves the decision.
func TestTUIProjectTrustPrompt(t *testing.T) {
	var agent, work string
	tt := startPTYSetup(t, func(w, a string) { work, agent = w, a; withProjectExtension(w, a) }, []string{selfPath()}, nil,
		"--model", "mock/mock-1", "--no-session")
	tt.waitFor("Trust project folder?", "This allows pi to load .pi settings and resources", "→ Trust",
		"Trust parent folder (", "Trust (this session only)", "Do not trust (this session only)")
	tt.keys("\r")
	tt.waitFor("mock-1", "proj.ts")
	tt.keys("/projc")
	tt.waitFor("→ projcmd", "from the project")
	data, err := os.ReadFile(filepath.Join(agent, "trust.json"))
	must(t, err)
	if real, _ := filepath.EvalSymlinks(work); !strings.Contains(string(data), `"`+real+`": true`) {
		t.Errorf("trust.json:\n%s", data)
	}
}

// TestTUIProjectTrustDeclinedForThisSession: "Do not trust (this session
// only)" skips the project's extension, saves nothing, and the session
// warns as pi does.
func TestTUIProjectTrustDeclinedForThisSession(t *testing.T) {
	var agent string
	tt := startPTYSetup(t, func(w, a string) { agent = a; withProjectExtension(w, a) }, []string{selfPath()}, nil,
		"--model", "mock/mock-1", "--no-session")
	tt.waitFor("Trust project folder?")
	tt.keys("\x1b[B", "\x1b[B", "\x1b[B", "\x1b[B")
	tt.waitFor("→ Do not trust (this session only)")
	tt.keys("\r")
	tt.waitFor("mock-1", "This project is not trusted.")
	if strings.Contains(tt.screen(), "proj.ts") {
		t.Errorf("the untrusted project's extension loaded:\n%s", tt.screen())
	}
	if _, err := os.Stat(filepath.Join(agent, "trust.json")); !os.IsNotExist(err) {
		t.Errorf("a session-only answer saved trust.json: %v", err)
	}
	tt.keys("/trust", "\r")
	tt.waitFor("Project trust", "Saved decision: none", "Current session: untrusted")
}

// TestTUINewExtensionFileWhileRunning: an extension file dropped into the
// agent dir's extensions loads in the running session (its command
// reaches autocomplete) with the one-line reload notice; deleting it
// unloads it; a broken one shows file:line and the rest keep working.
func TestTUINewExtensionFileWhileRunning(t *testing.T) {
	var agent string
	tt := startPTYSetup(t, func(_, a string) { agent = a }, []string{selfPath()}, nil,
		"--model", "mock/mock-1", "--no-session", "-e", "ext.ts")
	tt.waitFor("mock-1", "ext.ts")
	dir := filepath.Join(agent, "extensions")
	must(t, os.MkdirAll(dir, 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "dropped.ts"), []byte(`export default function (pi) {
  pi.registerCommand("dropcmd", { description: "dropped in", handler: async () => {} });
}
`), 0o644))
	tt.waitFor("reload dropped gen 1 ok", "+command:dropcmd")
	tt.keys("/drop")
	tt.waitFor("→ dropcmd", "dropped in")
	tt.keys("\x03") // clear the editor
	must(t, os.Remove(filepath.Join(dir, "dropped.ts")))
	tt.waitFor("-command:dropcmd")
	tt.waitGone("dropped.ts") // out of the header
	must(t, os.WriteFile(filepath.Join(dir, "bad.ts"), []byte("export default function (pi) {\n  const x: number = ;\n}\n"), 0o644))
	tt.waitFor("reload bad FAILED:", "bad.ts:2:")
	tt.keys("/pi")
	tt.waitFor("→ pick") // ext.ts is still there
}

// TestTUIReloadFindsNewExtensionFile: with hot reload off, /reload is
// what finds a file added to the agent dir's extensions (its command
// reaches autocomplete) and drops a deleted one, as pi 1.6's /reload
// runs its resource loader again.
func TestTUIReloadFindsNewExtensionFile(t *testing.T) {
	var agent string
	setup := func(_, a string) {
		agent = a
		must(t, os.WriteFile(filepath.Join(a, "settings.json"), []byte(`{"hotReload": false}`), 0o644))
		must(t, os.MkdirAll(filepath.Join(a, "extensions"), 0o755))
		must(t, os.WriteFile(filepath.Join(a, "extensions", "gone.ts"), []byte(`export default function (pi) {
  pi.registerCommand("gonecmd", { description: "about to go", handler: async () => {} });
}
`), 0o644))
	}
	tt := startPTYSetup(t, setup, []string{selfPath()}, nil, "--model", "mock/mock-1", "--no-session", "-e", "ext.ts")
	tt.waitFor("mock-1", "gone.ts")
	dir := filepath.Join(agent, "extensions")
	must(t, os.WriteFile(filepath.Join(dir, "fresh.ts"), []byte(`export default function (pi) {
  pi.registerCommand("freshcmd", { description: "found on reload", handler: async () => {} });
}
`), 0o644))
	must(t, os.Remove(filepath.Join(dir, "gone.ts")))
	tt.keys("/reload")
	tt.waitFor("→ reload")
	tt.keys("\r")
	tt.waitFor("Reloaded keybindings, extensions, skills, prompts, themes, and context files")
	tt.waitGone("gone.ts") // out of the header
	tt.keys("/fresh")
	tt.waitFor("→ freshcmd", "found on reload")
	tt.keys(strings.Repeat("\x7f", len("/fresh"))) // two ctrl+c in a row would quit
	// The editor's text and its completions are drawn in one frame.
	tt.keys("/gonec")
	tt.waitFor("/gonec")
	if strings.Contains(tt.screen(), "gonecmd") {
		t.Errorf("the deleted file's command is still offered:\n%s", tt.screen())
	}
	tt.keys(strings.Repeat("\x7f", len("/gonec")), "/pi")
	tt.waitFor("→ pick") // ext.ts is still there
}

// TestTUILoginAPIKeyAndLogout: /login openai (Enter takes the completion
// first), its API key login, saves the key to auth.json as pi writes it;
// /logout removes it.
func TestTUILoginAPIKeyAndLogout(t *testing.T) {
	var agent string
	tt := startPTYSetup(t, func(_, a string) { agent = a }, []string{selfPath()}, nil, "--model", "mock/mock-1", "--no-session")
	tt.waitFor("mock-1")
	tt.keys("/login openai")
	tt.waitFor("→ openai", "OpenAI · subscription/API key")
	tt.keys("\r")
	tt.waitGone("OpenAI · subscription/API key")
	tt.keys("\r")
	// OpenAI has both logins: pi asks which.
	tt.waitFor("Select authentication method for OpenAI:", "Sign in with an API key")
	tt.keys("\x1b[B", "\r")
	tt.waitFor("Login to OpenAI", "Enter OpenAI API key")
	tt.keys("sk-test-123", "\r")
	tt.waitFor("Saved API key for OpenAI. Credentials saved to")
	data, err := os.ReadFile(filepath.Join(agent, "auth.json"))
	must(t, err)
	if string(data) != "{\n  \"openai\": {\n    \"type\": \"api_key\",\n    \"key\": \"sk-test-123\"\n  }\n}" {
		t.Errorf("auth.json:\n%s", data)
	}
	tt.keys("/logout", "\r")
	tt.waitFor("Select provider to logout:", "→ OpenAI ✓ configured")
	tt.keys("\r")
	tt.waitFor("Removed stored API key for OpenAI.")
	data, err = os.ReadFile(filepath.Join(agent, "auth.json"))
	must(t, err)
	if string(data) != "{}" {
		t.Errorf("auth.json after logout:\n%s", data)
	}
}

// TestTUIForkAndClone: /fork lists the prompts with the last selected;
// forking from the first starts a new session with the branch before it
// and puts the prompt in the editor; /clone copies the session.
func TestTUIForkAndClone(t *testing.T) {
	tt := startTUI(t, []mockStep{{Text: "reply-one"}, {Text: "reply-two"}})
	tt.waitFor("mock-1")
	tt.keys("prompt-one", "\r")
	tt.waitFor("reply-one")
	tt.keys("prompt-two", "\r")
	tt.waitFor("reply-two")
	tt.keys("/fork", "\r")
	tt.waitFor("Fork from Message", "› prompt-two", "Message 2 of 2")
	tt.keys("\x1b[A")
	tt.waitFor("› prompt-one")
	tt.keys("\r")
	tt.waitFor("Forked to new session")
	tt.waitGone("reply-one")
	tt.waitFor("prompt-one") // in the editor
	tt.keys("\x03")
	tt.waitGone("prompt-one")
	tt.keys("/clone", "\r")
	tt.waitFor("Cloned to new session")
}

// TestTUIDifferentialTrustPrompt16: pi 1.6 and pigo ask the same startup
// trust question for a project with an extension (paths masked).
func TestTUIDifferentialTrustPrompt16(t *testing.T) {
	node, cli := pi16Command(t)
	paths := regexp.MustCompile(`/tmp/[^\s)]*`)
	screens := map[string]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for name, side := range map[string][]string{"pi": {node, cli}, "pigo": {selfPath()}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tt := startPTYSetup(t, withProjectExtension, side, nil, "--model", "mock/mock-1", "--no-session")
			tt.waitFor("Trust project folder?", "Do not trust (this session only)")
			time.Sleep(300 * time.Millisecond)
			s := tt.screen()
			if i := strings.Index(s, "Trust project folder?"); i >= 0 {
				s = s[i:]
			}
			mu.Lock()
			screens[name] = paths.ReplaceAllString(strings.TrimRight(s, "\n "), "<path>")
			mu.Unlock()
			tt.keys("\x1b")
		}()
	}
	wg.Wait()
	if !strings.Contains(screens["pi"], "→ Trust\n") || !strings.Contains(screens["pi"], "Trust parent folder (<path>)") {
		t.Errorf("pi's prompt is not what this test expects:\n%s", screens["pi"])
	}
	if screens["pi"] != screens["pigo"] {
		t.Errorf("the trust prompts differ\n--- pi\n%s\n--- pigo\n%s", screens["pi"], screens["pigo"])
	}
}

// TestTUIDifferentialTree16: pi 1.6 and pigo draw the same /tree for the
// same two-turn session, before and after moving and filtering.
func TestTUIDifferentialTree16(t *testing.T) {
	node, cli := pi16Command(t)
	// Both sessions start with pi 1.6's system message: its row and the
	// position counters are compared too.
	cut := func(s string) string {
		if i := strings.Index(s, "   Session Tree"); i >= 0 {
			s = s[i:]
		}
		if i := strings.Index(s, ")\n"); i >= 0 { // through the "(i/n)" line
			s = s[:i+1]
		}
		return s
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startWithTwoReplies(t, side)
		tt.keys("/tree")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\r")
		tt.waitFor("Session Tree", "› • assistant: reply-two")
		time.Sleep(300 * time.Millisecond)
		add(cut(tt.screen()))
		tt.keys("\x1b[A", "\x1b[A")
		tt.waitFor("› • assistant: reply-one")
		time.Sleep(200 * time.Millisecond)
		add(cut(tt.screen()))
		tt.keys("\x15") // ctrl+u: user messages only
		tt.waitFor("[user]")
		time.Sleep(200 * time.Millisecond)
		add(cut(tt.screen()))
	})
	compareScreens(t, screens, nil)
}

// TestTUIDifferentialForkAndTrust16: pi 1.6 and pigo draw the same /fork
// picker and /trust selector (paths masked).
func TestTUIDifferentialForkAndTrust16(t *testing.T) {
	node, cli := pi16Command(t)
	paths := regexp.MustCompile(`/tmp/[^\s)]*`)
	between := func(s, from, to string) string {
		if i := strings.Index(s, from); i >= 0 {
			s = s[i:]
		}
		if i := strings.Index(s, to); i >= 0 {
			s = s[:i+len(to)]
		}
		return paths.ReplaceAllString(s, "<path>")
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startWithTwoReplies(t, side)
		tt.keys("/fork")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\r")
		tt.waitFor("Fork from Message", "Message 2 of 2")
		time.Sleep(300 * time.Millisecond)
		add(between(tt.screen(), " Fork from Message", "Message 2 of 2"))
		tt.keys("\x1b")
		tt.waitGone("Fork from Message")
		tt.keys("/trust")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\r")
		tt.waitFor("Project trust", "cancel")
		time.Sleep(300 * time.Millisecond)
		add(between(tt.screen(), " Project trust", "cancel"))
	})
	if pi := strings.Join(screens["pi"], "\n"); !strings.Contains(pi, "› prompt-two") || !strings.Contains(pi, "Saved decision: none") {
		t.Errorf("pi's screens are not what this test expects:\n%s", pi)
	}
	compareScreens(t, screens, nil)
}

// startWithTwoReplies starts side in a pty and has two exchanges
// (prompt-one/reply-one, prompt-two/reply-two), for screens of the session
// pickers.
func startWithTwoReplies(t *testing.T, side []string) *tuiTerm {
	t.Helper()
	tt := startPTY(t, side, []mockStep{{Text: "reply-one"}, {Text: "reply-two"}}, "--model", "mock/mock-1", "--no-session")
	tt.waitFor("mock-1")
	time.Sleep(500 * time.Millisecond)
	tt.keys("prompt-one", "\r")
	tt.waitFor("reply-one")
	tt.keys("prompt-two", "\r")
	tt.waitFor("reply-two")
	time.Sleep(300 * time.Millisecond)
	return tt
}
