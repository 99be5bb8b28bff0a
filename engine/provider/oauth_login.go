package provider

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// pi-ai's Anthropic copy-code login (loginAnthropicCopyCode): the user
// opens the authorize URL, signs in, and pastes the code Anthropic shows
// ("code#state"); the code is exchanged for tokens at the token endpoint
// and saved to auth.json as pi saves a login. The URL, the request and the
// stored entry follow pi-ai so pi and pigo share the login.

const (
	anthropicAuthorizeURL     = "https://claude.ai/oauth/authorize"
	anthropicCopyCodeRedirect = "https://platform.claude.com/oauth/code/callback"
	anthropicOAuthScopes      = "org:create_api_key user:profile user:inference user:sessions:claude_code user:mcp_servers user:file_upload"
)

// AnthropicLogin is one login in progress: its PKCE verifier (also the
// state) and the URL to open.
type AnthropicLogin struct {
	verifier string
	URL      string
}

// NewAnthropicLogin starts a login: a fresh PKCE pair and the authorize
// URL.
func NewAnthropicLogin() (*AnthropicLogin, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	verifier := base64.RawURLEncoding.EncodeToString(b)
	sum := sha256.Sum256([]byte(verifier))
	// pi's URLSearchParams, in its order (QueryEscape encodes as it does)
	params := [][2]string{{"code", "true"}, {"client_id", anthropicOAuthClientID}, {"response_type", "code"},
		{"redirect_uri", anthropicCopyCodeRedirect}, {"scope", anthropicOAuthScopes},
		{"code_challenge", base64.RawURLEncoding.EncodeToString(sum[:])}, {"code_challenge_method", "S256"}, {"state", verifier}}
	var parts []string
	for _, p := range params {
		parts = append(parts, url.QueryEscape(p[0])+"="+url.QueryEscape(p[1]))
	}
	return &AnthropicLogin{verifier: verifier, URL: anthropicAuthorizeURL + "?" + strings.Join(parts, "&")}, nil
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

// Finish exchanges the pasted input for tokens (pi-ai's
// exchangeAuthorizationCode) and saves the login to agentDir's auth.json.
// endpoints, client and now may be zero (pi's token URL, the default
// client, the clock).
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
	if now == nil {
		now = time.Now
	}
	h := &oauthClient{http: client, endpoints: endpoints, now: now}
	target := orString(endpoints.AnthropicTokenURL, anthropicOAuthTokenURL)
	body := &jsjson.Object{}
	for _, kv := range [][2]string{{"grant_type", "authorization_code"}, {"client_id", anthropicOAuthClientID}, {"code", code},
		{"state", state}, {"redirect_uri", anthropicCopyCodeRedirect}, {"code_verifier", l.verifier}} {
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
			target, anthropicCopyCodeRedirect, details)
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
	return editAuth(ctx, agentDir, "anthropic", oauthFields("anthropic", c))
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
	return LoginOptions{Endpoints: r.opts.OAuthEndpoints, Client: r.opts.HTTPClient, Now: r.opts.Now, Progress: progress}
}
