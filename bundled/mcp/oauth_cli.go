package mcp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

// SignInOptions configure `mcp login` and `mcp logout`.
type SignInOptions struct {
	AgentDir       string
	World          World
	ProjectTrusted bool
	App            string // the command's name in messages ("pigo")
	// Stdin is where a pasted redirect URL is read when Interactive (a
	// terminal), after a prompt on stderr.
	Stdin       io.Reader
	Interactive bool
	// OpenURL opens the authorization page; nil opens the browser.
	OpenURL func(string)
}

const defaultLoginTimeout = 300

// Login is pi 1.6's `pi mcp login <server> [-l] [--timeout <seconds>]`:
// it connects to the server and, when the server wants a sign-in, runs
// the browser sign-in and connects again. It returns the exit code; the
// messages are pi's (cli.js) with the command's name.
func Login(ctx context.Context, args []string, o SignInOptions, stdout, stderr io.Writer) int {
	return signInCommand(ctx, "login", args, o, stdout, stderr)
}

// Logout is pi 1.6's `pi mcp logout <server> [-l]`: it deletes the
// server's stored OAuth credentials.
func Logout(args []string, o SignInOptions, stdout, stderr io.Writer) int {
	return signInCommand(context.Background(), "logout", args, o, stdout, stderr)
}

func signInCommand(ctx context.Context, command string, args []string, o SignInOptions, stdout, stderr io.Writer) int {
	fail := func(msg string) int { fmt.Fprintln(stderr, msg); return 1 }
	log := func(msg string) { fmt.Fprintln(stdout, msg) }
	eo := EditOptions{App: o.App}
	known := map[string]string{"local": "flag"}
	if command == "login" {
		known["timeout"] = "value"
	}
	p, msg := parseEditArgs(args, known, -1, eo)
	if msg != "" {
		return fail(msg)
	}
	if len(p.positional) != 1 {
		return fail(fmt.Sprintf("Usage: %s mcp %s <server> [-l]\n%s", o.App, command, eo.hint()))
	}
	name := p.positional[0]
	loaded := LoadConfig(o.AgentDir, o.World.Cwd, o.ProjectTrusted)
	var entry *Entry
	names := []string{}
	for i, e := range loaded.Servers {
		names = append(names, e.Name)
		if e.Name == name {
			entry = &loaded.Servers[i]
		}
	}
	if entry == nil {
		suggestion := ""
		for _, n := range names {
			if editDistance(n, name) <= 2 {
				suggestion = fmt.Sprintf(" Did you mean %q?", n)
				break
			}
		}
		configured := strings.Join(names, ", ")
		if configured == "" {
			configured = "none"
		}
		return fail(fmt.Sprintf("No MCP server named %q.%s Configured: %s.", name, suggestion, configured))
	}
	if p.has("local") && entry.Scope != "project" {
		return fail(fmt.Sprintf("MCP server %q is defined in %s, not in the project; omit --local.", name, entry.Source))
	}
	if a, ok := entry.Config["auth"].(map[string]any); ok {
		if provider, _ := a["provider"].(string); provider != "" {
			return fail(fmt.Sprintf("MCP server %q uses the credentials of provider %q. Run \"%s auth %s %s\".", name, provider, o.App, command, provider))
		}
	}
	if !usesOAuth(*entry) {
		return fail(fmt.Sprintf("MCP server %q does not use OAuth. Only HTTP servers without an Authorization header do.", name))
	}
	serverURL := entry.Config["url"].(string)
	credentials := newCredentialStore(o.AgentDir)
	if command == "logout" {
		removed, err := credentials.remove(name, serverURL)
		if err != nil {
			return fail(err.Error())
		}
		if removed {
			log(fmt.Sprintf("Signed out of MCP server %q.", name))
		} else {
			log(fmt.Sprintf("No stored credentials for MCP server %q.", name))
		}
		return 0
	}
	timeout := float64(defaultLoginTimeout)
	if v, ok := p.values["timeout"]; ok {
		t, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if strings.TrimSpace(v) == "" {
			t, err = 0, nil
		}
		if err != nil || math.IsInf(t, 0) || !(t > 0) {
			return fail("--timeout must be a positive number of seconds.")
		}
		timeout = t
	}
	w := o.World
	w.AgentDir = o.AgentDir
	s := newServer(*entry, w, func() {})
	defer s.close()
	// Connecting first answers whether a sign-in is needed and records
	// the server's challenge.
	<-s.connect(ctx)
	state, errText, tools := s.snapshot()
	switch state {
	case stateConnected:
		log(fmt.Sprintf("Already signed in to MCP server %q (%d tools).", name, len(tools)))
		return 0
	case stateNeedsAuth:
	default:
		if errText == "" {
			errText = "unknown error"
		}
		return fail(fmt.Sprintf("MCP server %q failed to connect: %s", name, errText))
	}
	settings, err := s.oauthSettings(ctx)
	if err != nil {
		return fail(fmt.Sprintf("Sign-in to MCP server %q failed: %s", name, err))
	}
	openURL := o.OpenURL
	if openURL == nil {
		openURL = provider.OpenBrowser
	}
	interactive := o.Interactive
	sctx, cancel := context.WithTimeout(ctx, time.Duration(timeout*float64(time.Second)))
	defer cancel()
	err = signIn(sctx, signInOptions{serverURL: serverURL, store: credentials.forServer(name, serverURL), settings: settings,
		challenge: s.auth.lastChallenge(), prompt: signInPrompt{
			showURL: func(u *url.URL) {
				log(fmt.Sprintf("Sign in to MCP server %q in your browser:\n%s", name, u.String()))
				openURL(u.String())
			},
			pasted: pastePrompt(interactive, o.Stdin, stderr),
		}})
	if errors.Is(err, errSignInCancelled) {
		return fail(fmt.Sprintf("Sign-in to MCP server %q was cancelled or not completed within %d seconds.", name, int64(math.Round(timeout))))
	}
	if err != nil {
		return fail(fmt.Sprintf("Sign-in to MCP server %q failed: %s", name, err))
	}
	s.auth.clearChallenge()
	s.disconnect()
	<-s.connect(ctx)
	state, errText, tools = s.snapshot()
	switch state {
	case stateConnected:
	case stateNeedsAuth:
		return fail("Signed in, but " + s.signInRequired().Error())
	default:
		return fail(fmt.Sprintf("Signed in, but MCP server %q failed to connect: %s", name, errText))
	}
	log(fmt.Sprintf("Signed in to MCP server %q (%d tools).", name, len(tools)))
	return 0
}

// pastePrompt reads a pasted redirect URL from a terminal; otherwise only
// the browser's callback finishes the sign-in.
func pastePrompt(interactive bool, stdin io.Reader, prompt io.Writer) func(context.Context) string {
	if !interactive || stdin == nil {
		return nil
	}
	return func(ctx context.Context) string {
		fmt.Fprint(prompt, "If the browser cannot reach this machine, paste the URL it was redirected to: ")
		line := make(chan string, 1)
		go func() {
			l, _ := bufio.NewReader(stdin).ReadString('\n')
			line <- l
		}()
		select {
		case l := <-line:
			return l
		case <-ctx.Done():
			return ""
		}
	}
}

// editDistance is the Levenshtein distance, for suggesting a configured
// server name for a mistyped one.
func editDistance(a, b string) int {
	ar, br := []rune(a), []rune(b)
	prev := make([]int, len(br)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ar); i++ {
		cur := make([]int, len(br)+1)
		cur[0] = i
		for j := 1; j <= len(br); j++ {
			cost := 1
			if ar[i-1] == br[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(br)]
}
