package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/term"

	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/provider"
)

// pi 1.6's `pi auth login <provider> [--api-key] [--no-browser]`: an
// account sign-in (the browser, or with --no-browser the provider's
// other method) or an API key read without echo, saved to auth.json,
// without starting a session.

const authLoginUsage = "pigo auth login <provider> [--api-key] [--no-browser]"

// errLoginCancelled is Ctrl+C or the end of input at a prompt.
var errLoginCancelled = errors.New("Login cancelled")

type loginRequest struct {
	ref             string
	apiKey, browser bool
}

// parseLoginRequest is pi's parseLoginRequest.
func parseLoginRequest(args []string) (loginRequest, string) {
	r := loginRequest{browser: true}
	for _, a := range args {
		switch {
		case a == "--api-key":
			r.apiKey = true
		case a == "--no-browser":
			r.browser = false
		case strings.HasPrefix(a, "-") || r.ref != "":
			return r, "Usage: " + authLoginUsage
		default:
			r.ref = a
		}
	}
	if r.ref == "" {
		return r, "Usage: " + authLoginUsage
	}
	if r.apiKey && !r.browser {
		return r, "--no-browser only applies to account sign-in; omit it with --api-key."
	}
	return r, ""
}

func runAuthLogin(ctx context.Context, args []string, io *IO) ExitCode {
	req, bad := parseLoginRequest(args)
	if bad != "" {
		fmt.Fprintln(io.Stderr, bad)
		return ExitFailure
	}
	reg := authRegistry(io)
	var logins []provider.ProviderInfo
	for _, p := range authProviders(reg) {
		if p.OAuth != "" || p.APIKey != "" {
			logins = append(logins, p)
		}
	}
	p, ok := matchProvider(logins, req.ref)
	if !ok {
		ids := make([]string, len(logins))
		for i, l := range logins {
			ids[i] = l.ID
		}
		slices.Sort(ids)
		fmt.Fprintf(io.Stderr, "Unknown provider \"%s\".\nProviders: %s\n", controlChars.ReplaceAllString(req.ref, " "), strings.Join(ids, ", "))
		return ExitFailure
	}
	t := newLoginTerminal(io)
	if t == nil {
		fmt.Fprintf(io.Stderr, "\"%s\" requires an interactive terminal\n", authLoginUsage)
		return ExitFailure
	}
	defer t.restore()
	oauth := p.OAuth != "" && slices.Contains(provider.OAuthProviders(), p.ID)
	var err error
	switch {
	case oauth && !req.apiKey:
		err = t.oauthLogin(ctx, p, req, agentsession.AgentDir(io), reg.LoginOptions(func(m string) { t.write(m) }))
	case p.APIKey != "":
		oauth = false
		err = t.apiKeyLogin(ctx, p, agentsession.AgentDir(io))
	case req.apiKey && p.OAuth != "":
		fmt.Fprintf(io.Stderr, "%s has no API key login. Omit --api-key to sign in.\n", p.Name)
		return ExitFailure
	default:
		fmt.Fprintf(io.Stderr, "%s is configured outside pigo (ambient credentials).\n", p.Name)
		return ExitFailure
	}
	switch {
	case err == nil:
	case errors.Is(err, errLoginCancelled) || ctx.Err() != nil || err.Error() == "Login cancelled":
		fmt.Fprintln(io.Stderr, "Login cancelled.")
		return ExitFailure
	default:
		fmt.Fprintf(io.Stderr, "Failed to log in to %s: %v\n", p.Name, err)
		return ExitFailure
	}
	what := "Saved API key for " + p.Name
	if oauth {
		what = "Logged in to " + p.Name
	}
	t.write(fmt.Sprintf("%s. Credentials saved to %s", what, filepath.Join(agentsession.AgentDir(io), "auth.json")))
	return ExitOK
}

// loginTerminal is the terminal a login asks its questions on (pi's
// createProcessLoginTerminal): lines on stdout, a secret read in raw
// mode without echo.
type loginTerminal struct {
	io    *IO
	in    *os.File
	lines *bufio.Reader
	state *term.State // the terminal's mode before a secret, to restore

	mu   sync.Mutex
	loud func() // undoes quietInterrupt; a question left waiting outlives its login
}

// newLoginTerminal is nil unless stdin and stdout are terminals.
func newLoginTerminal(io *IO) *loginTerminal {
	in, ok := io.Stdin.(*os.File)
	if !ok || !io.Interactive() {
		return nil
	}
	return &loginTerminal{io: io, in: in, lines: bufio.NewReader(in)}
}

func (t *loginTerminal) write(line string) { fmt.Fprintln(t.io.Stdout, line) }

// restore puts the terminal back as the login found it.
func (t *loginTerminal) restore() {
	if t.state != nil {
		_ = term.Restore(int(t.in.Fd()), t.state)
		t.state = nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.loud != nil {
		t.loud()
		t.loud = nil
	}
}

// question reads one line (pi's questionTerminal); the end of input
// cancels.
func (t *loginTerminal) question(ctx context.Context, message string) (string, error) {
	t.mu.Lock()
	if t.loud == nil {
		t.loud = quietInterrupt(t.in)
	}
	t.mu.Unlock()
	fmt.Fprint(t.io.Stdout, message)
	type read struct {
		line string
		err  error
	}
	done := make(chan read, 1)
	go func() {
		line, err := t.lines.ReadString('\n')
		done <- read{strings.TrimRight(line, "\r\n"), err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return "", errLoginCancelled
		}
		return r.line, nil
	case <-ctx.Done():
		fmt.Fprintln(t.io.Stdout) // end the question's line, as readline does
		return "", errLoginCancelled
	}
}

// secret is pi's readSecret: raw mode, no echo; escape sequences are
// ignored, backspace deletes, Ctrl+C cancels, Enter ends it.
func (t *loginTerminal) secret(ctx context.Context, message string) (string, error) {
	// Raw before the prompt shows, so nothing typed after it echoes.
	state, err := term.MakeRaw(int(t.in.Fd()))
	if err != nil {
		return "", err
	}
	t.state = state
	fmt.Fprint(t.io.Stdout, message)
	defer func() {
		t.restore()
		fmt.Fprint(t.io.Stdout, "\n")
	}()
	var value []rune
	buf := make([]byte, 256)
	for {
		if ctx.Err() != nil {
			return "", errLoginCancelled
		}
		n, err := t.lines.Read(buf)
		if err != nil {
			return "", errLoginCancelled
		}
		chunk := string(buf[:n])
		if strings.HasPrefix(chunk, "\x1b") {
			continue
		}
		for _, r := range chunk {
			switch {
			case r == '\r' || r == '\n':
				return string(value), nil
			case r == 0x03:
				return "", errLoginCancelled
			case r == 0x7f || r == '\b':
				if len(value) > 0 {
					value = value[:len(value)-1]
				}
			case r >= ' ':
				value = append(value, r)
			}
		}
	}
}

// apiKeyLogin is p's API key login (provider.APIKeyLogin) asked in the
// terminal, its credential saved.
func (t *loginTerminal) apiKeyLogin(ctx context.Context, p provider.ProviderInfo, agentDir string) error {
	c, err := provider.APIKeyLogin(ctx, p, t)
	if err != nil {
		return err
	}
	return provider.SaveAPIKeyCredential(ctx, agentDir, p.ID, c)
}

// Select is pi's selectInTerminal: the options numbered, asked again
// until a number picks one.
func (t *loginTerminal) Select(ctx context.Context, message string, options []string) (int, error) {
	t.write(message)
	for i, o := range options {
		t.write(fmt.Sprintf("  %d. %s", i+1, o))
	}
	for {
		answer, err := t.question(ctx, fmt.Sprintf("Select 1-%d: ", len(options)))
		if err != nil {
			return 0, err
		}
		if n, err := strconv.Atoi(strings.TrimSpace(answer)); err == nil && n >= 1 && n <= len(options) && !strings.ContainsAny(answer, "+-") {
			return n - 1, nil
		}
		t.write(fmt.Sprintf("Enter a number from 1 to %d.", len(options)))
	}
}

// Secret and Text are pi's secret and text prompts: "message: ".
func (t *loginTerminal) Secret(ctx context.Context, message string) (string, error) {
	return t.secret(ctx, message+": ")
}

func (t *loginTerminal) Text(ctx context.Context, message string) (string, error) {
	return t.question(ctx, message+": ")
}

// Info is pi's info notice: the message, then each link on its own line.
func (t *loginTerminal) Info(message string, links []provider.LoginLink) {
	t.write(message)
	for _, l := range links {
		label := ""
		if l.Label != "" {
			label = l.Label + ": "
		}
		t.write("  " + label + displayURL(l.URL))
	}
}

// browserLogin is a login that waits for its browser callback or a
// pasted redirect URL or code.
type browserLogin interface {
	Wait(ctx context.Context, agentDir string, pasted <-chan string) error
	Close()
}

// deviceLogin is a login that polls until the device code is entered.
type deviceLogin interface {
	Wait(ctx context.Context, agentDir string) error
}

// oauthLogin runs p's account login in the terminal as pi's
// createLoginInteraction does: the browser sign-in, or with --no-browser
// the provider's other method.
func (t *loginTerminal) oauthLogin(ctx context.Context, p provider.ProviderInfo, req loginRequest, agentDir string, opts provider.LoginOptions) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	other := func(prompt, label string) bool {
		if req.browser {
			return false
		}
		t.write(prompt + " " + label)
		return true
	}
	browser := func(l browserLogin, u, instructions, prompt, placeholder, skipped string) error {
		defer l.Close()
		t.write("Open this URL to sign in:\n  " + displayURL(u))
		if instructions != "" {
			t.write(instructions)
		}
		if req.browser {
			provider.OpenBrowser(u)
		}
		if skipped != "" {
			t.write(fmt.Sprintf("To use %q instead, run \"pigo auth login %s --no-browser\"", skipped, p.ID))
		}
		pasted := make(chan string, 1)
		go func() {
			if placeholder != "" {
				placeholder = " (" + placeholder + ")"
			}
			if line, err := t.question(ctx, prompt+placeholder+": "); err == nil {
				pasted <- line
			}
		}()
		return l.Wait(ctx, agentDir, pasted)
	}
	device := func(l deviceLogin, d provider.DeviceCode) error {
		t.write(fmt.Sprintf("Open %s and enter code: %s", displayURL(d.VerificationURI), d.UserCode))
		if req.browser {
			provider.OpenBrowser(d.VerificationURI)
		}
		t.write("Waiting for authentication...")
		return l.Wait(ctx, agentDir)
	}
	switch p.ID {
	case "anthropic":
		if other(provider.AnthropicLoginMethodPrompt, "Copy code login (headless)") {
			l, err := provider.NewAnthropicLogin()
			if err != nil {
				return err
			}
			t.write("Open this URL to sign in:\n  " + displayURL(l.URL))
			t.write(provider.AnthropicCopyCodeInstructions)
			code, err := t.question(ctx, "Paste the code Anthropic shows after you sign in: (code#state): ")
			if err != nil {
				return err
			}
			return l.Finish(ctx, agentDir, code, opts.Endpoints, opts.Client, opts.Now)
		}
		l, err := provider.StartAnthropicBrowserLogin(opts)
		if err != nil {
			return err
		}
		return browser(l, l.URL, provider.AnthropicBrowserInstructions, provider.AnthropicBrowserPrompt, l.Redirect(), "Copy code login (headless)")
	case "openai-codex":
		if other("Select OpenAI Codex login method:", "Device code login (headless)") {
			l, err := provider.StartCodexDeviceLogin(ctx, opts)
			if err != nil {
				return err
			}
			return device(l, l.Device)
		}
		l, err := provider.StartCodexLogin(opts)
		if err != nil {
			return err
		}
		return browser(l, l.URL, provider.CodexLoginInstructions, provider.CodexManualPrompt, "http://localhost:1455/auth/callback", "Device code login (headless)")
	case "github-copilot":
		domain, err := t.question(ctx, "GitHub Enterprise URL/domain (blank for github.com) (company.ghe.com): ")
		if err != nil {
			return err
		}
		l, err := provider.StartCopilotLogin(ctx, domain, opts)
		if err != nil {
			return err
		}
		return device(l, l.Device)
	case "openrouter":
		l, err := provider.StartOpenRouterLogin(opts)
		if err != nil {
			return err
		}
		return browser(l, l.URL, provider.OpenRouterInstructions, provider.OpenRouterPrompt, l.Redirect(), "")
	case "openai":
		l, err := provider.StartChatGPTLogin(opts, agentsession.DeviceID(t.io))
		if err != nil {
			return err
		}
		return browser(l, l.URL, provider.ChatGPTInstructions, provider.ChatGPTPrompt, provider.ChatGPTRedirectURI, "")
	default: // the device logins: xAI, Kimi Code, Meta
		l, err := provider.StartDeviceLogin(ctx, p.ID, opts)
		if err != nil {
			return err
		}
		return device(l, l.Device)
	}
}

// displayURL is pi's displayUrl: a web URL normalized, anything else with
// its control characters replaced.
func displayURL(s string) string {
	if u, err := url.Parse(s); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
		return u.String()
	}
	return controlChars.ReplaceAllString(s, " ")
}
