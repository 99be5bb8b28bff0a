package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// loginAuthJSON logs the sides in to Anthropic and GitHub Copilot
// (accounts) and stores an OpenAI key.
const loginAuthJSON = `{"openai": {"type": "api_key", "key": "sk-stored"},
  "anthropic": {"type": "oauth", "access": "a", "refresh": "r", "expires": 99999999999999},
  "github-copilot": {"type": "oauth", "access": "a", "refresh": "r", "expires": 99999999999999}}`

// TestTUIDifferentialLogin16: pi 1.6 and pigo complete /login's argument
// with the providers (id, then name and login types), take a provider
// named directly (by id or by name) to its logins, search the provider
// selector for any other argument, and list providers by name with
// their login types and status; /logout lists the stored credentials the
// same way and names the provider in its message.
func TestTUIDifferentialLogin16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(_, agentDir string) {
		must(t, os.WriteFile(filepath.Join(agentDir, "auth.json"), []byte(loginAuthJSON), 0o600))
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYFull(t, setup, side, []string{"DEEPSEEK_API_KEY=d"}, nil, "--model", "mock/mock-1", "--no-session")
		tt.waitFor("mock-1")
		time.Sleep(500 * time.Millisecond) // pi takes keys once its startup finished
		bottom := func() string { s := tt.screen(); return s[strings.LastIndex(s, "\n\n")+2:] }
		from := func(marker string) string { return strings.TrimRight(screenFrom(tt.screen(), marker), "\n") }

		tt.keys("/", "l", "o", "g", "i", "n", " ", "c", "o", "p", "i", "l", "o", "t")
		tt.waitFor("→ github-copilot")
		settle()
		add(bottom())
		tt.keys("\t")
		tt.waitFor("/login github-copilot")
		settle()
		add(bottom())
		tt.keys("\r") // its two logins: the question
		tt.waitFor("Select authentication method for GitHub Copilot:")
		settle()
		add(from("Select authentication method"))
		tt.keys("\x1b")
		tt.waitGone("Select authentication method")

		tt.keys("/", "l", "o", "g", "i", "n", " ", "c", "o", "p", "i", "l", "o", "t")
		tt.waitFor("→ github-copilot")
		tt.keys("\x1b") // no completion: the text as typed searches the selector
		tt.waitGone("→ github-copilot")
		settle()
		tt.keys("\r")
		tt.waitFor("Select provider to configure:")
		settle()
		add(from("Select provider to configure:"))
		tt.keys("\x1b[B", "\x1b[B") // the selection stops at the last row
		settle()
		add(from("Select provider to configure:"))
		tt.keys("\x1b")
		tt.waitGone("Select provider to configure:")

		tt.keys("/login", "\r", "\x1b[B", "\r") // the API key logins
		tt.waitFor("Select provider to configure:")
		tt.keys("d", "e", "e", "p", "s")
		tt.waitFor("> deeps")
		settle()
		add(from("Select provider to configure:"))
		tt.keys("\x1b") // back to the method question
		tt.waitFor("Select authentication method:")
		tt.keys("\x1b")
		tt.waitGone("Select authentication method:")

		tt.keys("/logout", "\r")
		tt.waitFor("Select provider to logout:")
		tt.keys("\x1b[B")
		settle()
		add(from("Select provider to logout:"))
		tt.keys("\r")
		tt.waitFor("Logged out of")
		settle()
		add(lineWith(tt.screen(), "Logged out of"))

		tt.keys("/", "l", "o", "g", "i", "n", " ", "G", "o", "o", "g", "l", "e", " ", "V", "e", "r", "t", "e", "x", " ", "A", "I")
		tt.waitFor("→ google-vertex")
		settle()
		add(bottom())
		tt.keys("\x1b")
		tt.waitGone("→ google-vertex")
		settle()
		tt.keys("\r") // its name: straight to its only login
		tt.waitFor("Select Google Vertex AI authentication method:")
		settle()
		add(from("Select Google Vertex AI authentication method:"))
	})
	compareScreens(t, screens, nil)
	if got := screens["pigo"]; len(got) != 10 || !strings.Contains(got[3], "GitHub Copilot [API key] • subscription configured") {
		t.Errorf("pigo's screens:\n%s", strings.Join(got, "\n=====\n"))
	}
}
