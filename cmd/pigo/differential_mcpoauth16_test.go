package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/bundled/mcp/mcptest"
)

// TestDifferentialMCPOAuth16: `mcp login` through pi 1.6 and through pigo
// against the same kind of OAuth test server (mcptest.OAuth: resource
// metadata, authorization server metadata, registration, an authorization
// page that approves at once, tokens): the test is the browser, opening
// the printed authorization URL and following the redirect to the
// callback. Both sides must print the same texts, make the same requests
// (registration body and authorization parameters, random values and
// ports masked), open the same URL with xdg-open, and write the same
// mcp-auth.json (tokens, times and random values masked). Then each side
// lists the servers with the other side's mcp-auth.json, and signs out.
func TestDifferentialMCPOAuth16(t *testing.T) {
	sides := pi16Sides(t)
	for _, c := range []struct {
		name  string
		set   func(*mcptest.OAuth)
		oauth map[string]any
	}{
		{"registration", func(*mcptest.OAuth) {}, nil},
		// pi's Client ID Metadata Document; without RFC 9207's iss, the
		// one specific to the server, with its own callback path.
		{"document with iss", func(as *mcptest.OAuth) { as.CIMD, as.ISS = true, true }, nil},
		{"document without iss", func(as *mcptest.OAuth) { as.CIMD = true }, nil},
		{"client name registers", func(as *mcptest.OAuth) { as.CIMD = true }, map[string]any{"clientName": "Claude Code", "scope": "extra"}},
		{"configured client", func(as *mcptest.OAuth) {},
			map[string]any{"clientId": "my-client", "clientSecret": "s3cret", "callbackUrl": "http://localhost/callback", "callbackPort": 38211}},
		{"metadata URL", func(as *mcptest.OAuth) { as.AuthorizationServer = "http://127.0.0.1:1" },
			map[string]any{"authServerMetadataUrl": "SERVER/.well-known/oauth-authorization-server"}},
	} {
		if c.name == "registration" {
			// A server that later asks for more scope: a new sign-in
			// with the granted scopes and the new one.
			t.Run("step-up", func(t *testing.T) { oauthLoginDifferential(t, sides, c.set, c.oauth, "step-up") })
			// An expired token refreshed before use; a refused refresh
			// (invalid_grant) deletes the tokens and needs a sign-in.
			t.Run("refresh", func(t *testing.T) { oauthLoginDifferential(t, sides, c.set, c.oauth, "refresh") })
		}
		t.Run(c.name, func(t *testing.T) { oauthLoginDifferential(t, sides, c.set, c.oauth, "") })
	}
}

func oauthLoginDifferential(t *testing.T, sides map[string][]string, set func(*mcptest.OAuth), oauth map[string]any, then string) {
	type run struct {
		dir, agentDir string
		as            *mcptest.OAuth
	}
	runs := map[string]run{}
	out := map[string][]string{}
	for _, side := range []string{"pi", "pigo"} {
		argv := sides[side]
		dir, _, agentDir := sideDirs(t)
		as := mcptest.NewOAuth()
		t.Cleanup(as.Close)
		as.Scopes = []string{"mcp.read", "mcp.write"}
		as.ExpiresIn = 3600
		set(as)
		runs[side] = run{dir, agentDir, as}
		entry := map[string]any{"url": as.MCPURL()}
		if oauth != nil {
			b, _ := json.Marshal(oauth)
			var o map[string]any
			_ = json.Unmarshal([]byte(strings.ReplaceAll(string(b), "SERVER", as.URL)), &o)
			entry["oauth"] = o
		}
		cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"srv": entry}})
		must(t, os.WriteFile(filepath.Join(agentDir, "mcp.json"), cfg, 0o644))
		// xdg-open records what the side opens (pi's openBrowser runs it).
		bin := filepath.Join(dir, "bin")
		must(t, os.MkdirAll(bin, 0o755))
		opened := filepath.Join(dir, "opened")
		must(t, os.WriteFile(filepath.Join(bin, "xdg-open"), []byte("#!/bin/sh\nprintf '%s\\n' \"$1\" >> "+opened+"\n"), 0o755))

		cmd := sideCommand(argv, dir, "mcp", "login", "srv")
		cmd.Env = append([]string{"PATH=" + bin + ":" + os.Getenv("PATH")}, sandboxEnv(dir)...)
		cmd.Stdin = strings.NewReader("")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		pipe, err := cmd.StdoutPipe()
		must(t, err)
		must(t, cmd.Start())
		var stdout []string
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			line := sc.Text()
			stdout = append(stdout, line)
			if strings.HasPrefix(line, "http://") && !strings.HasPrefix(line, "http://127.0.0.1:1/") {
				resp, err := http.Get(line) // the browser: to the callback
				if err != nil {
					t.Fatalf("%s: browsing: %v", side, err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}
		err = cmd.Wait()
		mask := masker(as)
		lines := []string{"## stdout"}
		for _, l := range stdout {
			lines = append(lines, mask(l))
		}
		lines = append(lines, "## stderr", mask(stderr.String()), "## exit "+itoa(exitStatus(err)))
		b, _ := os.ReadFile(opened)
		if strings.TrimSpace(string(b)) != stdout[min(1, len(stdout)-1)] {
			t.Errorf("%s opened %q, printed %q", side, b, stdout)
		}
		for _, r := range as.Requests() {
			lines = append(lines, mask(describeRequest(r)))
		}
		if then == "refresh" {
			// The stored access token expired.
			file := filepath.Join(agentDir, "mcp-auth.json")
			b, _ := os.ReadFile(file)
			must(t, os.WriteFile(file, regexp.MustCompile(`"tokensExpireAt": \d+`).ReplaceAll(b, []byte(`"tokensExpireAt": 1`)), 0o600))
			for _, refuse := range []bool{false, true} {
				if refuse {
					as.Update(func(as *mcptest.OAuth) { as.RefreshError = "invalid_grant" })
					as.Revoke()
				}
				n := len(as.Requests())
				list := runCLI(argv, dir, "mcp", "list")
				lines = append(lines, strings.Split(mask(strings.ReplaceAll(list, "pigo", "pi")), "\n")...)
				for _, r := range as.Requests()[n:] {
					lines = append(lines, mask(describeRequest(r)))
				}
			}
		}
		if then == "step-up" {
			as.Update(func(as *mcptest.OAuth) { as.RequireScope = "mcp.admin" })
			list := runCLI(argv, dir, "mcp", "list")
			lines = append(lines, strings.Split(mask(strings.ReplaceAll(list, "pigo", "pi")), "\n")...)
			n := len(as.Requests())
			again := sideCommand(argv, dir, "mcp", "login", "srv")
			again.Env = append([]string{"PATH=" + bin + ":" + os.Getenv("PATH")}, sandboxEnv(dir)...)
			lines = append(lines, strings.Split(mask(browseLogin(t, again)), "\n")...)
			for _, r := range as.Requests()[n:] {
				lines = append(lines, mask(describeRequest(r)))
			}
		}
		auth, _ := os.ReadFile(filepath.Join(agentDir, "mcp-auth.json"))
		lines = append(lines, "## mcp-auth.json")
		lines = append(lines, strings.Split(mask(string(auth)), "\n")...)
		out[side] = lines
	}
	// Each side uses the other's mcp-auth.json.
	for side, other := range map[string]string{"pi": "pigo", "pigo": "pi"} {
		r := runs[other]
		text := runCLI(sides[side], r.dir, "mcp", "list")
		text = strings.ReplaceAll(strings.ReplaceAll(text, r.as.URL, "<server>"), "pigo", "pi")
		out[side] = append(out[side], "## list with the other's credentials")
		out[side] = append(out[side], strings.Split(text, "\n")...)
	}
	for _, side := range []string{"pi", "pigo"} {
		r := runs[side]
		for range 2 {
			text := runCLI(sides[side], r.dir, "mcp", "logout", "srv")
			out[side] = append(out[side], "## logout")
			out[side] = append(out[side], strings.Split(text, "\n")...)
		}
		auth, _ := os.ReadFile(filepath.Join(r.agentDir, "mcp-auth.json"))
		out[side] = append(out[side], "## after logout "+string(auth))
	}
	if d := lineDiff(out["pi"], out["pigo"]); d != "" {
		t.Errorf("mcp login differs (- pi, + pigo):\n%s", d)
	}
	if !slices.Contains(out["pi"], `Signed in to MCP server "srv" (12 tools).`) {
		t.Errorf("pi did not sign in:\n%s", strings.Join(out["pi"], "\n"))
	}
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		t.Logf("pi:\n%s", strings.Join(out["pi"], "\n"))
	}
}

// describeRequest is one request to the OAuth test server: the method,
// path and query (in the order sent), and the body of a registration or
// the form of a token request (sorted).
func describeRequest(r mcptest.Request) string {
	s := r.Method + " " + r.Path
	if len(r.Query) > 0 {
		s += " query " + r.Query.Encode()
	}
	switch {
	case r.Path == "/register":
		s += " body " + r.Body
	case r.Path == "/token":
		s += " form " + r.Form.Encode()
	}
	if r.Auth != "" {
		s += " auth " + r.Auth
	}
	return s
}

// masker hides what differs from run to run: the test server's URL, the
// callback port, random state, PKCE values and times.
func masker(as *mcptest.OAuth) func(string) string {
	base, _ := url.Parse(as.URL)
	// The server's callback ID (pi's: the first 9 bytes of the URL's
	// SHA-256, base64url), which depends on its port.
	sum := sha256.Sum256([]byte(as.MCPURL()))
	id := base64.RawURLEncoding.EncodeToString(sum[:9])
	rules := []struct {
		re   *regexp.Regexp
		with string
	}{
		{regexp.MustCompile(regexp.QuoteMeta(id)), "<callback-id>"},
		{regexp.MustCompile(regexp.QuoteMeta(as.URL)), "<server>"},
		{regexp.MustCompile(regexp.QuoteMeta(url.QueryEscape(as.URL))), "<server>"},
		{regexp.MustCompile(regexp.QuoteMeta(base.Host)), "<server-host>"},
		{regexp.MustCompile(`127\.0\.0\.1(:|%3A)\d+`), "127.0.0.1${1}<port>"},
		{regexp.MustCompile(`(state[=":\s]+)[0-9a-f]{64}`), "${1}<state>"},
		{regexp.MustCompile(`(code_challenge=)[A-Za-z0-9_-]{43}`), "${1}<challenge>"},
		{regexp.MustCompile(`(code_verifier[=":\s]+)[A-Za-z0-9_-]{43}`), "${1}<verifier>"},
		{regexp.MustCompile(`("codeVerifier": )"[A-Za-z0-9_-]{43}"`), `${1}"<verifier>"`},
		{regexp.MustCompile(`("oauthState": )"[0-9a-f]{64}"`), `${1}"<state>"`},
		{regexp.MustCompile(`("tokensExpireAt": )\d+`), "${1}<time>"},
	}
	return func(s string) string {
		for _, r := range rules {
			s = r.re.ReplaceAllString(s, r.with)
		}
		return s
	}
}

// TestDifferentialMCPOAuthConfig16: `mcp list` reports invalid "oauth"
// settings with pi 1.6's messages.
func TestDifferentialMCPOAuthConfig16(t *testing.T) {
	sides := pi16Sides(t)
	bad := map[string]any{
		"notobj":   "x",
		"id":       map[string]any{"clientId": 1},
		"secret":   map[string]any{"clientSecret": true},
		"port":     map[string]any{"callbackPort": 70000},
		"portfrac": map[string]any{"callbackPort": 1.5},
		"cburl":    map[string]any{"callbackUrl": "https://localhost/callback"},
		"cbquery":  map[string]any{"callbackUrl": "http://127.0.0.1/callback?x=1"},
		"cbports":  map[string]any{"callbackUrl": "http://127.0.0.1:9000/callback", "callbackPort": 9001},
		"scope":    map[string]any{"scope": []any{"a"}},
		"name":     map[string]any{"clientName": "  "},
		"reg":      map[string]any{"clientRegistration": "magic"},
		"cimdid":   map[string]any{"clientRegistration": "cimd", "clientId": "x"},
		"cimdpath": map[string]any{"clientRegistration": "cimd", "callbackUrl": "http://127.0.0.1:8000/cb"},
		"cimdv6":   map[string]any{"clientRegistration": "cimd", "callbackUrl": "http://[::1]:8000/callback"},
		"asmeta":   map[string]any{"authServerMetadataUrl": "http://example.com/.well-known/openid-configuration"},
		"asmetaok": map[string]any{"authServerMetadataUrl": "http://[::1]:1/x", "clientRegistration": "dcr", "enabled": false},
		"cimdok":   map[string]any{"clientRegistration": "cimd", "callbackUrl": "http://localhost/callback", "enabled": false},
		"portok":   map[string]any{"callbackUrl": "http://[::1]/cb", "callbackPort": 8123, "enabled": false},
	}
	out := map[string][]string{}
	for side, argv := range sides {
		dir, work, agentDir := sideDirs(t)
		servers := map[string]any{}
		for name, oauth := range bad {
			entry := map[string]any{"url": "http://127.0.0.1:1/mcp", "oauth": oauth, "enabled": false}
			if o, ok := oauth.(map[string]any); ok && o["enabled"] == false {
				delete(o, "enabled")
			}
			servers[name] = entry
		}
		cfg, _ := json.Marshal(map[string]any{"mcpServers": servers})
		must(t, os.WriteFile(filepath.Join(agentDir, "mcp.json"), cfg, 0o644))
		text := runCLI(argv, dir, "mcp", "list")
		text = strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(text, work, "<work>"), agentDir, "<agent>"), "pigo", "pi")
		out[side] = strings.Split(text, "\n")
	}
	if d := lineDiff(out["pi"], out["pigo"]); d != "" {
		t.Errorf("mcp list differs (- pi, + pigo):\n%s", d)
	}
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		t.Logf("pi:\n%s", strings.Join(out["pi"], "\n"))
	}
}

// TestDifferentialMCPOAuthSession16: in a session (RPC mode), pi 1.6 and
// pigo report the server that needs a sign-in after startup and in /mcp,
// sign in with /mcp login (the authorization URL as a notification, the
// browser opened, an input dialog for a pasted URL; the test is the
// browser), use the server, and sign out with /mcp logout.
func TestDifferentialMCPOAuthSession16(t *testing.T) {
	sides := pi16Sides(t)
	out := map[string][]string{}
	for side, argv := range sides {
		dir, _, agentDir := sideDirs(t)
		as := mcptest.NewOAuth()
		t.Cleanup(as.Close)
		mask := masker(as)
		llm := newMockLLM([]mockStep{{Text: "hi"}})
		must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
		cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"srv": map[string]any{"url": as.MCPURL()}}})
		must(t, os.WriteFile(filepath.Join(agentDir, "mcp.json"), cfg, 0o644))
		bin := filepath.Join(dir, "bin")
		must(t, os.MkdirAll(bin, 0o755))
		must(t, os.WriteFile(filepath.Join(bin, "xdg-open"), []byte("#!/bin/sh\nprintf '%s\\n' \"$1\" >> "+filepath.Join(dir, "opened")+"\n"), 0o755))
		cmd := sideCommand(argv, dir, "--mode", "rpc", "--no-session", "--no-extensions", "-e", "builtin:mcp", "--no-builtin-tools",
			"--provider", "mock", "--model", "mock-1")
		cmd.Env = append(cmd.Env, "PATH="+bin+":"+os.Getenv("PATH"))
		d := startDriver(t, cmd)
		var lines []string
		isUI := func(ev map[string]any) bool { return ev["type"] == "extension_ui_request" }
		record := func(from int, until func(ev map[string]any) bool) map[string]any {
			last := d.waitFrom(from, func(ev map[string]any) bool { return isUI(ev) && until(ev) })
			d.mu.Lock()
			for _, ev := range d.events[from:] {
				if ev != nil && isUI(ev) {
					lines = append(lines, mask(strings.Join([]string{str(ev["method"]), str(ev["notifyType"]), str(ev["message"]), str(ev["title"]), str(ev["placeholder"])}, " ")))
				}
				if ev != nil && ev["id"] == last["id"] {
					break
				}
			}
			d.mu.Unlock()
			return last
		}
		message := func(prefix string) func(map[string]any) bool {
			return func(ev map[string]any) bool { return strings.HasPrefix(str(ev["message"]), prefix) }
		}
		record(0, message("MCP servers need attention"))
		command := func(text, until string) map[string]any {
			mark := d.mark()
			d.sendRaw(fmt.Sprintf(`{"type":"prompt","message":%q}`, text))
			return record(mark, message(until))
		}
		command("/mcp", "srv: ")
		mark := d.mark()
		d.sendRaw(`{"type":"prompt","message":"/mcp login srv"}`)
		ev := d.waitFrom(mark, func(ev map[string]any) bool { return isUI(ev) && ev["method"] == "input" })
		d.mu.Lock()
		var authURL string
		for _, e := range d.events[mark:] {
			if e != nil && strings.HasPrefix(str(e["message"]), "Sign in to MCP server") {
				authURL = strings.SplitN(str(e["message"]), "\n", 2)[1]
			}
		}
		d.mu.Unlock()
		if authURL == "" {
			t.Fatalf("%s: no authorization URL before the input dialog %v", side, ev)
		}
		resp, err := http.Get(authURL)
		must(t, err)
		resp.Body.Close()
		record(mark, message("Signed in to MCP server"))
		command("/mcp", "srv: ")
		command("/mcp logout srv", "Signed out")
		command("/mcp", "srv: ")
		command("/mcp logout srv", "No stored credentials")
		// A sign-in in another process (the agent running `mcp login`)
		// is picked up on the next turn.
		login := sideCommand(argv, dir, "mcp", "login", "srv")
		login.Env = append(login.Env, "PATH="+bin+":"+os.Getenv("PATH"))
		lines = append(lines, strings.Split(mask(browseLogin(t, login)), "\n")...)
		mark = d.mark()
		d.sendRaw(`{"type":"prompt","message":"hello"}`)
		d.waitRunEnd(mark)
		command("/mcp", "srv: ")
		d.finish()
		llm.Close()
		opened, _ := os.ReadFile(filepath.Join(dir, "opened"))
		lines = append(lines, "opened "+mask(string(opened)))
		out[side] = lines
	}
	if d := lineDiff(out["pi"], out["pigo"]); d != "" {
		t.Errorf("session sign-in differs (- pi, + pigo):\n%s", d)
	}
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		t.Logf("pi:\n%s", strings.Join(out["pi"], "\n"))
	}
}

// browseLogin runs an `mcp login` command, opening the authorization URL
// it prints as a browser would, and returns its output and exit status.
func browseLogin(t *testing.T, cmd *exec.Cmd) string {
	cmd.Stdin = strings.NewReader("")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	must(t, err)
	must(t, cmd.Start())
	var stdout []string
	sc := bufio.NewScanner(pipe)
	for sc.Scan() {
		line := sc.Text()
		stdout = append(stdout, line)
		if strings.HasPrefix(line, "http://") && !strings.HasPrefix(line, "http://127.0.0.1:1/") {
			resp, err := http.Get(line)
			if err != nil {
				t.Errorf("browsing: %v", err)
				continue
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	err = cmd.Wait()
	return "## stdout\n" + strings.Join(stdout, "\n") + "\n## stderr\n" + stderr.String() + "## exit " + itoa(exitStatus(err))
}

// TestDifferentialMCPOAuthFailures16: `mcp login` fails with pi 1.6's
// messages and status when the authorization server is unreachable,
// names another issuer, refuses the registration or the code, or
// redirects with another state, and when mcp-auth.json does not parse
// (which is left as it is).
func TestDifferentialMCPOAuthFailures16(t *testing.T) {
	sides := pi16Sides(t)
	for _, c := range []struct {
		name string
		set  func(*mcptest.OAuth)
		args []string
		auth string // mcp-auth.json's content before
	}{
		{"unreachable", func(as *mcptest.OAuth) { as.AuthorizationServer = "http://127.0.0.1:1" }, nil, ""},
		{"issuer", func(as *mcptest.OAuth) { as.Issuer = "https://other.example" }, nil, ""},
		{"registration", func(as *mcptest.OAuth) { as.RegisterError = "invalid_client" }, nil, ""},
		{"no registration", func(as *mcptest.OAuth) { as.NoRegistration = true }, nil, ""},
		{"token", func(as *mcptest.OAuth) { as.TokenError = "invalid_request" }, nil, ""},
		{"state", func(as *mcptest.OAuth) { as.WrongState = true }, []string{"--timeout", "1"}, ""},
		{"corrupt store", func(*mcptest.OAuth) {}, nil, "{bad"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := map[string][]string{}
			for side, argv := range sides {
				dir, _, agentDir := sideDirs(t)
				as := mcptest.NewOAuth()
				defer as.Close()
				c.set(as)
				cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"srv": map[string]any{"url": as.MCPURL()}}})
				must(t, os.WriteFile(filepath.Join(agentDir, "mcp.json"), cfg, 0o644))
				file := filepath.Join(agentDir, "mcp-auth.json")
				if c.auth != "" {
					must(t, os.WriteFile(file, []byte(c.auth), 0o600))
				}
				bin := filepath.Join(dir, "bin")
				must(t, os.MkdirAll(bin, 0o755))
				must(t, os.WriteFile(filepath.Join(bin, "xdg-open"), []byte("#!/bin/sh\n"), 0o755))
				cmd := sideCommand(argv, dir, append([]string{"mcp", "login", "srv"}, c.args...)...)
				cmd.Env = append([]string{"PATH=" + bin + ":" + os.Getenv("PATH")}, sandboxEnv(dir)...)
				text := strings.ReplaceAll(masker(as)(browseLogin(t, cmd)), agentDir, "<agent>")
				lines := strings.Split(text, "\n")
				if c.auth != "" {
					// pigo names the file; pi's logout crashes with a stack
					// trace: both end with status 1 and V8's message.
					text = strings.ReplaceAll(text, "<agent>/mcp-auth.json: ", "")
					lines = strings.Split(text, "\n")
					b, _ := os.ReadFile(file)
					lines = append(lines, "## mcp-auth.json "+string(b))
					text = runCLI(argv, dir, "mcp", "logout", "srv")
					if side == "pigo" && !strings.Contains(text, file+": Expected property name") {
						t.Errorf("pigo's logout does not name the file:\n%s", text)
					}
					if strings.Contains(text, "SyntaxError: Expected property name or '}' in JSON at position 1") || strings.Contains(text, "mcp-auth.json: Expected property name or '}' in JSON at position 1") {
						lines = append(lines, "logout: the JSON error")
					}
					lines = append(lines, text[strings.LastIndex(text, "## exit"):])
				}
				out[side] = lines
			}
			if d := lineDiff(out["pi"], out["pigo"]); d != "" {
				t.Errorf("differs (- pi, + pigo):\n%s", d)
			}
			if os.Getenv("PIGO_DIFF_KEEP") != "" {
				t.Logf("pi:\n%s", strings.Join(out["pi"], "\n"))
			}
		})
	}
}
