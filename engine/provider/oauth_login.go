package provider

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// pi-ai 1.6's Anthropic logins. "Browser login" (loginAnthropic): the
// redirect reaches a local server on pi's port 53692 (any free port when
// that one is taken; none at all leaves the pasted redirect URL), or the
// user pastes the redirect URL. "Copy code login" (loginAnthropicCopyCode):
// the user pastes the code Anthropic shows ("code#state"). Either way the
// code is exchanged for tokens at the token endpoint and saved to auth.json
// as pi saves a login. The URLs, the request and the stored entry follow
// pi-ai so pi and pigo share the login.

const (
	anthropicAuthorizeURL     = "https://claude.ai/oauth/authorize"
	anthropicCopyCodeRedirect = "https://platform.claude.com/oauth/code/callback"
	anthropicCallbackPort     = "53692"
	anthropicCallbackPath     = "/callback"
	anthropicOAuthScopes      = "org:create_api_key user:profile user:inference user:sessions:claude_code user:mcp_servers user:file_upload"

	// AnthropicLoginMethodPrompt and the labels are pi's method question.
	AnthropicLoginMethodPrompt = "Select Anthropic login method:"
	AnthropicBrowserLabel      = "Browser login (default)"
	AnthropicCopyCodeLabel     = "Copy code login (headless)"
	// AnthropicBrowserInstructions is shown with the browser login's URL,
	// AnthropicBrowserPrompt asks for the pasted redirect URL.
	AnthropicBrowserInstructions = "Complete login in your browser. If the browser is on another machine, paste the final redirect URL here."
	AnthropicBrowserPrompt       = "Complete login in your browser, or paste the authorization code / redirect URL here:"
	// AnthropicCopyCodeInstructions is shown with the copy-code login's URL.
	AnthropicCopyCodeInstructions = "Complete login in your browser, then copy the code Anthropic shows and paste it here."
)

// AnthropicLogin is one login in progress: its PKCE verifier (also the
// state), the redirect URI the authorize URL names, and the URL to open.
// A browser login also has its callback server.
type AnthropicLogin struct {
	verifier string
	redirect string
	URL      string
	cb       *loopbackCallback // browser login only
	opts     LoginOptions      // browser login only
}

// NewAnthropicLogin starts a copy-code login: a fresh PKCE pair and the
// authorize URL.
func NewAnthropicLogin() (*AnthropicLogin, error) {
	return newAnthropicLogin(anthropicCopyCodeRedirect)
}

// StartAnthropicBrowserLogin starts a browser login: the callback server
// (on pi's port, or any free one), then the authorize URL naming it.
func StartAnthropicBrowserLogin(opts LoginOptions) (*AnthropicLogin, error) {
	l, err := newAnthropicLogin("")
	if err != nil {
		return nil, err
	}
	addrs := []string{opts.Endpoints.AnthropicCallbackAddr}
	if addrs[0] == "" {
		addrs = []string{net.JoinHostPort(opts.callbackHost(), anthropicCallbackPort), net.JoinHostPort(opts.callbackHost(), "0")}
	}
	cb := listenCallback("Anthropic", anthropicCallbackPath, l.verifier, addrs...)
	port := anthropicCallbackPort
	if p := cb.port(); p != 0 {
		port = strconv.Itoa(p)
	}
	l, err = l.withRedirect("http://localhost:" + port + anthropicCallbackPath)
	if err != nil {
		cb.close()
		return nil, err
	}
	l.cb, l.opts = cb, opts
	return l, nil
}

func newAnthropicLogin(redirect string) (*AnthropicLogin, error) {
	verifier, _ := newPKCE()
	return (&AnthropicLogin{verifier: verifier}).withRedirect(redirect)
}

// newPKCE is pi-ai's generatePKCE: a verifier of 32 random bytes and its
// S256 challenge, both base64url without padding.
func newPKCE() (verifier, challenge string) {
	verifier = base64.RawURLEncoding.EncodeToString(randomBytes(32))
	return verifier, pkceChallenge(verifier)
}

// randomBytes is n bytes from crypto/rand, whose Read cannot fail (since
// Go 1.24 it crashes the program instead).
func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

func pkceChallenge(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// withRedirect sets the redirect URI and the authorize URL naming it.
func (l *AnthropicLogin) withRedirect(redirect string) (*AnthropicLogin, error) {
	// pi's URLSearchParams, in its order (QueryEscape encodes as it does)
	params := [][2]string{{"code", "true"}, {"client_id", anthropicOAuthClientID}, {"response_type", "code"},
		{"redirect_uri", redirect}, {"scope", anthropicOAuthScopes},
		{"code_challenge", pkceChallenge(l.verifier)}, {"code_challenge_method", "S256"}, {"state", l.verifier}}
	var parts []string
	for _, p := range params {
		parts = append(parts, url.QueryEscape(p[0])+"="+url.QueryEscape(p[1]))
	}
	l.redirect, l.URL = redirect, anthropicAuthorizeURL+"?"+strings.Join(parts, "&")
	return l, nil
}

// Redirect is the redirect URI of the login (pi's placeholder for the
// pasted input of a browser login).
func (l *AnthropicLogin) Redirect() string { return l.redirect }

// Browser reports whether l is a browser login (Wait finishes it).
func (l *AnthropicLogin) Browser() bool { return l.cb != nil }

// Close stops a browser login's callback server.
func (l *AnthropicLogin) Close() {
	if l.cb != nil {
		l.cb.close()
	}
}

// Wait finishes a browser login: the browser's callback or the redirect
// URL (or code) pasted by the user, then the token exchange; the login is
// saved to agentDir's auth.json. Cancelling ctx fails it with "Login
// cancelled". The callback server is closed when it returns.
func (l *AnthropicLogin) Wait(ctx context.Context, agentDir string, pasted <-chan string) error {
	if l.cb == nil {
		return errors.New("not a browser login")
	}
	defer l.Close()
	res, input, fromPaste, err := l.cb.wait(ctx, pasted, 0)
	if err != nil {
		return err
	}
	code := res.code
	state := l.verifier
	if fromPaste {
		c, s := parseAuthorizationInput(input)
		if s != "" && s != l.verifier {
			return errors.New("OAuth state mismatch")
		}
		code = c
		if s != "" {
			state = s
		}
	}
	if code == "" {
		return errors.New("Missing authorization code")
	}
	o := &l.opts
	if err := l.exchange(ctx, agentDir, code, state, o.Endpoints, o.Client, o.now); err != nil {
		return cancelled(ctx, err)
	}
	return nil
}

// parseAuthorizationInput is pi-ai's: a redirect URL, "code#state",
// "code=...&state=...", or the bare code.
func parseAuthorizationInput(input string) (code, state string) {
	v := strings.TrimSpace(input)
	if v == "" {
		return "", ""
	}
	if u, err := url.Parse(v); err == nil && u.Scheme != "" && u.Host != "" {
		return u.Query().Get("code"), u.Query().Get("state")
	}
	if c, s, ok := strings.Cut(v, "#"); ok {
		return c, s
	}
	if strings.Contains(v, "code=") {
		q, _ := url.ParseQuery(v)
		return q.Get("code"), q.Get("state")
	}
	return v, ""
}

// Finish exchanges the pasted input of a copy-code login for tokens and
// saves the login to agentDir's auth.json. endpoints, client and now may
// be zero (pi's token URL, the default client, the clock).
func (l *AnthropicLogin) Finish(ctx context.Context, agentDir, input string, endpoints OAuthEndpoints, client *http.Client, now func() time.Time) error {
	code, state := parseAuthorizationInput(input)
	if state != "" && state != l.verifier {
		return errors.New("OAuth state mismatch")
	}
	if code == "" {
		return errors.New("Missing authorization code")
	}
	if state == "" {
		state = l.verifier
	}
	return l.exchange(ctx, agentDir, code, state, endpoints, client, now)
}

// exchange is pi-ai's exchangeAuthorizationCode, then the save.
func (l *AnthropicLogin) exchange(ctx context.Context, agentDir, code, state string, endpoints OAuthEndpoints, client *http.Client, now func() time.Time) error {
	if now == nil {
		now = time.Now
	}
	h := &oauthClient{http: client, endpoints: endpoints, now: now}
	target := orString(endpoints.AnthropicTokenURL, anthropicOAuthTokenURL)
	body := &jsjson.Object{}
	for _, kv := range [][2]string{{"grant_type", "authorization_code"}, {"client_id", anthropicOAuthClientID}, {"code", code},
		{"state", state}, {"redirect_uri", l.redirect}, {"code_verifier", l.verifier}} {
		body.Set(kv[0], kv[1])
	}
	ctx, cancel := context.WithTimeout(ctx, oauthRefreshTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(jsjson.Stringify(body)))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	fail := func(details string) error {
		return fmt.Errorf("Token exchange request failed. url=%s; redirect_uri=%s; response_type=authorization_code; details=%s",
			target, l.redirect, details)
	}
	resp, raw, err := h.do(req)
	if err != nil {
		return fail(err.Error())
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fail(fmt.Sprintf("HTTP request failed. status=%d; url=%s; body=%s", resp.StatusCode, target, raw))
	}
	var data struct {
		AccessToken  string   `json:"access_token"`
		RefreshToken string   `json:"refresh_token"`
		ExpiresIn    *float64 `json:"expires_in"`
	}
	if err := json.Unmarshal(raw, &data); err != nil {
		return fmt.Errorf("Token exchange returned invalid JSON. url=%s; body=%s; details=%v", target, raw, err)
	}
	if data.AccessToken == "" || data.ExpiresIn == nil {
		return fmt.Errorf("Token exchange response missing fields. url=%s; body=%s", target, raw)
	}
	c := &OAuthCredential{Refresh: data.RefreshToken, Access: data.AccessToken,
		Expires: now().UnixMilli() + int64(*data.ExpiresIn*1000) - oauthExpiryMargin.Milliseconds()}
	return editAuth(context.WithoutCancel(ctx), agentDir, "anthropic", oauthFields("anthropic", c))
}

// FinishLogin completes l with the registry's OAuth endpoints, HTTP
// client and clock, and re-reads auth.json.
func (r *Registry) FinishLogin(ctx context.Context, l *AnthropicLogin, input string) error {
	if err := l.Finish(ctx, r.opts.AgentDir, input, r.opts.OAuthEndpoints, r.opts.HTTPClient, r.opts.Now); err != nil {
		return err
	}
	r.Reload()
	return nil
}

// LoginOptions are the registry's OAuth endpoints, HTTP client and clock
// for a login; progress goes to progress (may be nil).
func (r *Registry) LoginOptions(progress func(string)) LoginOptions {
	return LoginOptions{Endpoints: r.opts.OAuthEndpoints, Client: r.opts.HTTPClient, Now: r.opts.Now, Progress: progress, Env: r.opts.Env}
}
