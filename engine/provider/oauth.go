package provider

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// This file is how pi uses the OAuth logins its /login command stores in
// auth.json: pi-ai 0.73.1's built-in OAuth providers
// (utils/oauth/anthropic.js, github-copilot.js, openai-codex.js: token
// refresh and getApiKey) and pi-coding-agent's AuthStorage.getApiKey and
// refreshOAuthTokenWithLock (core/auth-storage.js: when to refresh, the
// auth.json lock, what is written back).
//
// An OAuth entry is {"type":"oauth","refresh":..,"access":..,"expires":..}
// plus provider fields (github-copilot: enterpriseUrl; openai-codex:
// accountId). expires is in Unix milliseconds and already includes pi's
// safety margin (5 minutes before the real expiry for anthropic and
// github-copilot, none for openai-codex), so the access token is used while
// now < expires and refreshed from then on. For all three providers the API
// key is the access token: an Anthropic "sk-ant-oat…" token (which the
// anthropic-messages API recognises and sends the Claude Code way), a
// Copilot token (whose proxy-ep names the API host), or a ChatGPT JWT
// (whose claims carry the account id the Codex backend wants).
//
// The logins that write these entries are pi's too (oauth_login*.go:
// Anthropic's copy-code login, GitHub Copilot's device flow, OpenAI
// Codex's browser login), so pi and pigo share them either way. pi-ai
// 1.6's later logins follow the same shape with their own field order
// and expiry (oauth_login_device.go: xAI, Kimi Code, Meta, whose access
// is a minted API key and refresh its identity token;
// oauth_login_openrouter.go: OpenRouter's permanent key, never
// refreshed; oauth_login_chatgpt.go: Sign in with ChatGPT, whose entry
// keeps the client id its login was issued for the refreshes); Kimi
// Code's access token goes in an Authorization header
// rather than as an API key (oauthToAuth). The
// non-interactive routes pi has work the same in pigo:
// ANTHROPIC_OAUTH_TOKEN, and COPILOT_GITHUB_TOKEN
// (see [EnvKeyNames]).

// Endpoints and client ids of pi-ai's OAuth providers.
const (
	anthropicOAuthClientID   = "9d1c250a-e61b-44d9-88ed-5944d1962f5e"
	anthropicOAuthTokenURL   = "https://platform.claude.com/v1/oauth/token"
	codexOAuthClientID       = "app_EMoamEEZ73f0CkXaXp7hrann"
	codexOAuthTokenURL       = "https://auth.openai.com/oauth/token"
	codexJWTClaimPath        = "https://api.openai.com/auth"
	oauthExpiryMargin        = 5 * time.Minute
	oauthRefreshTimeout      = 30 * time.Second // pi's Anthropic refresh timeout; pigo uses it for all three
	oauthRefreshBodyLimit    = 1 << 20
	copilotDefaultGitHubHost = "github.com"
)

// copilotStaticHeaders are pi-ai's COPILOT_HEADERS: sent with the Copilot
// token exchange and, as model headers, with every Copilot API request.
func copilotStaticHeaders() map[string]string {
	return map[string]string{
		"User-Agent":             "GitHubCopilotChat/0.35.0",
		"Editor-Version":         "vscode/1.107.0",
		"Editor-Plugin-Version":  "copilot-chat/0.35.0",
		"Copilot-Integration-Id": "vscode-chat",
	}
}

// OAuthProviders returns the providers whose auth.json OAuth logins pigo
// can run, use and refresh: pi-ai 1.6's built-in OAuth providers but
// radius.
func OAuthProviders() []string {
	return []string{"anthropic", "github-copilot", "kimi-coding", "meta", "openai", "openai-codex", "openrouter", "xai"}
}

func isOAuthProvider(p string) bool { return contains(OAuthProviders(), p) }

// OAuthCredential is an auth.json OAuth login (pi's OAuthCredentials).
type OAuthCredential struct {
	// Access is the access token, which is also the API key.
	Access string
	// Refresh is the refresh token (github-copilot: the GitHub token the
	// Copilot token is exchanged for).
	Refresh string
	// Expires is when Access must be refreshed, in Unix milliseconds, with
	// pi's safety margin already applied.
	Expires int64
	// NoExpiry is set when the entry has no numeric expires; pi then never
	// refreshes it (Date.now() >= undefined is false).
	NoExpiry bool
	// EnterpriseURL is github-copilot's GitHub Enterprise domain, "" for
	// github.com.
	EnterpriseURL string
	// AccountID is openai-codex's ChatGPT account id.
	AccountID string
	// ClientID is openai's (Sign in with ChatGPT) client id, issued to
	// its login and used by its refreshes; Scopes are what the login or
	// refresh granted.
	ClientID string
	Scopes   []string
	// AvailableModelIDs are github-copilot's models the account may use,
	// as its login and each refresh read them (nil: not known).
	AvailableModelIDs []string
}

// Expired reports whether the access token must be refreshed at now.
func (c *OAuthCredential) Expired(now time.Time) bool {
	return !c.NoExpiry && now.UnixMilli() >= c.Expires
}

// parseOAuthCredential reads an auth.json OAuth entry leniently, as pi does
// (it never validates them).
func parseOAuthCredential(raw json.RawMessage) *OAuthCredential {
	var e map[string]any
	_ = json.Unmarshal(raw, &e)
	c := &OAuthCredential{Access: str(e, "access"), Refresh: str(e, "refresh"),
		EnterpriseURL: str(e, "enterpriseUrl"), AccountID: str(e, "accountId"), ClientID: str(e, "clientId")}
	if f, ok := e["expires"].(float64); ok {
		c.Expires = int64(f)
	} else {
		c.NoExpiry = true
	}
	if list, ok := e["availableModelIds"].([]any); ok {
		ids := make([]string, 0, len(list))
		for _, v := range list {
			if id, ok := v.(string); ok {
				ids = append(ids, id)
			}
		}
		if len(ids) == len(list) { // pi ignores a list with anything but strings
			c.AvailableModelIDs = ids
		}
	}
	return c
}

// oauthFields writes c as pi's refresh result for provider: the fields in
// the order pi-ai's refresh functions return them (JSON.stringify drops
// undefined ones).
func oauthFields(provider string, c *OAuthCredential) *jsjson.Object {
	o := &jsjson.Object{}
	o.Set("type", "oauth")
	switch provider {
	case "openai", "openai-codex", "kimi-coding", "openrouter", "xai":
		o.Set("access", c.Access)
		o.Set("refresh", c.Refresh)
		o.Set("expires", float64(c.Expires))
		if provider == "openai-codex" {
			o.Set("accountId", c.AccountID)
		}
		if provider == "openai" {
			o.Set("clientId", c.ClientID)
			scopes := make([]any, len(c.Scopes))
			for i, s := range c.Scopes {
				scopes[i] = s
			}
			o.Set("scopes", scopes)
		}
	default:
		o.Set("refresh", c.Refresh)
		o.Set("access", c.Access)
		o.Set("expires", float64(c.Expires))
		if provider == "github-copilot" && c.EnterpriseURL != "" {
			o.Set("enterpriseUrl", c.EnterpriseURL)
		}
		if provider == "github-copilot" && c.AvailableModelIDs != nil {
			ids := make([]any, len(c.AvailableModelIDs))
			for i, id := range c.AvailableModelIDs {
				ids[i] = id
			}
			o.Set("availableModelIds", ids)
		}
	}
	return o
}

// OAuthEndpoints override the token endpoints of the built-in OAuth
// providers (tests, proxies). Empty fields use pi's.
type OAuthEndpoints struct {
	// AnthropicTokenURL replaces https://platform.claude.com/v1/oauth/token.
	AnthropicTokenURL string
	// OpenAICodexTokenURL replaces https://auth.openai.com/oauth/token.
	OpenAICodexTokenURL string
	// CopilotTokenURL replaces https://api.<github domain>/copilot_internal/v2/token.
	CopilotTokenURL string
	// GitHubURL replaces https://<github domain> for the Copilot device
	// login (/login/device/code, /login/oauth/access_token).
	GitHubURL string
	// CopilotAPIURL replaces the Copilot API base the login reads the
	// account's models from.
	CopilotAPIURL string
	// OpenAICodexAuthURL replaces https://auth.openai.com for the Codex
	// device login (/api/accounts/deviceauth/...).
	OpenAICodexAuthURL string
	// CodexCallbackAddr replaces the OpenAI Codex login's callback
	// address (PI_OAUTH_CALLBACK_HOST or 127.0.0.1, port 1455).
	CodexCallbackAddr string
	// AnthropicCallbackAddr replaces where the Anthropic browser login's
	// callback server listens (tests: "127.0.0.1:0").
	AnthropicCallbackAddr string
	// XAIAuthURL replaces https://auth.x.ai.
	XAIAuthURL string
	// KimiAuthURL replaces Kimi Code's OAuth host (KIMI_CODE_OAUTH_HOST,
	// KIMI_OAUTH_HOST or https://auth.kimi.com).
	KimiAuthURL string
	// MetaAuthURL replaces https://auth.meta.com, MetaAPIURL
	// https://api.meta.ai (the key mint).
	MetaAuthURL, MetaAPIURL string
	// OpenRouterURL replaces https://openrouter.ai for the key exchange.
	OpenRouterURL string
	// ChatGPTTokenURL replaces Sign in with ChatGPT's token endpoint
	// (https://auth.openai.com/api/accounts/oauth/token).
	ChatGPTTokenURL string
	// ChatGPTCallbackAddr replaces where its callback server listens
	// (PI_OAUTH_CALLBACK_HOST or 127.0.0.1, port 1455).
	ChatGPTCallbackAddr string
}

// oauthClient is what a refresh needs: HTTP, endpoints and the clock.
type oauthClient struct {
	http      *http.Client
	endpoints OAuthEndpoints
	now       func() time.Time
	env       map[string]string // nil: the process's
}

func (h *oauthClient) client() *http.Client {
	if h.http != nil {
		return h.http
	}
	return http.DefaultClient
}

// refreshOAuth is the provider's refreshToken.
func (h *oauthClient) refresh(ctx context.Context, provider string, c *OAuthCredential) (*OAuthCredential, error) {
	ctx, cancel := context.WithTimeout(ctx, oauthRefreshTimeout)
	defer cancel()
	switch provider {
	case "openrouter": // the key is permanent: pi's refresh returns it as is
		return c, nil
	case "kimi-coding":
		return h.refreshKimi(ctx, c)
	case "xai":
		return h.refreshXAI(ctx, c)
	case "meta": // a new key minted with the identity token
		return h.mintMetaKey(ctx, c.Refresh)
	case "anthropic":
		return h.refreshAnthropic(ctx, c)
	case "github-copilot":
		return h.refreshCopilotWithModels(ctx, c)
	case "openai-codex":
		return h.refreshCodex(ctx, c)
	case "openai":
		return h.refreshChatGPT(ctx, c)
	}
	return nil, fmt.Errorf("Unknown OAuth provider: %s", provider)
}

// do sends req and returns the status and (bounded) body.
func (h *oauthClient) do(req *http.Request) (*http.Response, []byte, error) {
	resp, err := h.client().Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, oauthRefreshBodyLimit))
	if err != nil {
		return nil, nil, err
	}
	return resp, body, nil
}

// refreshAnthropic is pi-ai's refreshAnthropicToken: a JSON POST with the
// refresh_token grant; expires is now + expires_in − 5 minutes.
func (h *oauthClient) refreshAnthropic(ctx context.Context, c *OAuthCredential) (*OAuthCredential, error) {
	target := orString(h.endpoints.AnthropicTokenURL, anthropicOAuthTokenURL)
	body := &jsjson.Object{}
	body.Set("grant_type", "refresh_token")
	body.Set("client_id", anthropicOAuthClientID)
	body.Set("refresh_token", c.Refresh)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(jsjson.Stringify(body)))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, raw, err := h.do(req)
	if err != nil {
		return nil, fmt.Errorf("Anthropic token refresh request failed. url=%s; details=%v", target, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Errorf("Anthropic token refresh request failed. url=%s; details=HTTP request failed. status=%d; url=%s; body=%s",
			target, resp.StatusCode, target, raw)
	}
	var data struct {
		AccessToken  string   `json:"access_token"`
		RefreshToken string   `json:"refresh_token"`
		ExpiresIn    *float64 `json:"expires_in"`
	}
	if err := json.Unmarshal(raw, &data); err != nil {
		return nil, fmt.Errorf("Anthropic token refresh returned invalid JSON. url=%s; body=%s; details=%v", target, raw, err)
	}
	if data.AccessToken == "" || data.ExpiresIn == nil {
		// pi would store a credential without them; pigo keeps the old one.
		return nil, fmt.Errorf("Anthropic token refresh response missing fields. url=%s; body=%s", target, raw)
	}
	out := &OAuthCredential{Refresh: orString(data.RefreshToken, c.Refresh), Access: data.AccessToken,
		Expires: h.now().UnixMilli() + int64(*data.ExpiresIn*1000) - oauthExpiryMargin.Milliseconds()}
	return out, nil
}

// refreshCopilot is pi-ai's refreshGitHubCopilotToken: the GitHub token
// (refresh) is exchanged for a Copilot token; expires is expires_at − 5
// minutes.
func (h *oauthClient) refreshCopilot(ctx context.Context, c *OAuthCredential) (*OAuthCredential, error) {
	domain := orString(c.EnterpriseURL, copilotDefaultGitHubHost)
	target := orString(h.endpoints.CopilotTokenURL, "https://api."+domain+"/copilot_internal/v2/token")
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.Refresh)
	for k, v := range copilotStaticHeaders() {
		req.Header.Set(k, v)
	}
	resp, raw, err := h.do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Errorf("%s: %s", resp.Status, raw)
	}
	var data map[string]any
	if err := json.Unmarshal(raw, &data); err != nil || data == nil {
		return nil, errors.New("Invalid Copilot token response")
	}
	token, ok1 := data["token"].(string)
	expiresAt, ok2 := data["expires_at"].(float64)
	if !ok1 || !ok2 {
		return nil, errors.New("Invalid Copilot token response fields")
	}
	return &OAuthCredential{Refresh: c.Refresh, Access: token,
		Expires: int64(expiresAt*1000) - oauthExpiryMargin.Milliseconds(), EnterpriseURL: c.EnterpriseURL}, nil
}

// refreshCopilotWithModels is pi-ai 1.6's refreshGitHubCopilotToken: the
// Copilot token, then the account's models read with it (no retries),
// which the refreshed login keeps; a failed models read fails the refresh.
func (h *oauthClient) refreshCopilotWithModels(ctx context.Context, c *OAuthCredential) (*OAuthCredential, error) {
	cred, err := h.refreshCopilot(ctx, c)
	if err != nil {
		return nil, err
	}
	l := &CopilotLogin{opts: LoginOptions{Endpoints: h.endpoints, Client: h.http, Now: h.now}, enterprise: c.EnterpriseURL}
	available, _, err := l.fetchModels(ctx, cred.Access, 0, 0)
	if err != nil {
		return nil, err
	}
	cred.AvailableModelIDs = append([]string{}, available...)
	return cred, nil
}

// refreshCodex is pi-ai's refreshOpenAICodexToken: a form POST with the
// refresh_token grant; expires is now + expires_in (no margin); the
// account id comes from the new access token.
func (h *oauthClient) refreshCodex(ctx context.Context, c *OAuthCredential) (*OAuthCredential, error) {
	target := orString(h.endpoints.OpenAICodexTokenURL, codexOAuthTokenURL)
	form := "grant_type=refresh_token&refresh_token=" + url.QueryEscape(c.Refresh) + "&client_id=" + url.QueryEscape(codexOAuthClientID)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(form))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "*/*") // fetch's default
	resp, raw, err := h.do(req)
	if err != nil {
		return nil, fmt.Errorf("OpenAI Codex token refresh error: %v", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		text := string(raw)
		if text == "" {
			text = http.StatusText(resp.StatusCode)
		}
		return nil, fmt.Errorf("OpenAI Codex token refresh failed (%d): %s", resp.StatusCode, text)
	}
	var data map[string]any
	if err := json.Unmarshal(raw, &data); err != nil {
		return nil, fmt.Errorf("OpenAI Codex token refresh error: %v", err)
	}
	access, refresh := str(data, "access_token"), str(data, "refresh_token")
	expiresIn, ok := data["expires_in"].(float64)
	if access == "" || refresh == "" || !ok {
		restrung, err := jsjson.Restringify(raw)
		if err != nil {
			restrung = string(raw)
		}
		return nil, fmt.Errorf("OpenAI Codex token refresh response missing fields: %s", restrung)
	}
	account, err := codexAccountID(access)
	if err != nil {
		return nil, err
	}
	return &OAuthCredential{Access: access, Refresh: refresh, Expires: h.now().UnixMilli() + int64(expiresIn*1000), AccountID: account}, nil
}

// codexAccountID reads chatgpt_account_id from the "https://api.openai.com/auth"
// claim of a ChatGPT access token (a JWT; the signature is not checked).
func codexAccountID(token string) (string, error) {
	fail := errors.New("Failed to extract accountId from token")
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "", fail
	}
	seg := strings.TrimRight(parts[1], "=")
	payload, err := base64.RawStdEncoding.DecodeString(seg)
	if err != nil {
		if payload, err = base64.RawURLEncoding.DecodeString(seg); err != nil {
			return "", fail
		}
	}
	var claims map[string]any
	if json.Unmarshal(payload, &claims) != nil {
		return "", fail
	}
	auth, _ := claims[codexJWTClaimPath].(map[string]any)
	id := str(auth, "chatgpt_account_id")
	if id == "" {
		return "", fail
	}
	return id, nil
}

// copilotBaseURL is pi-ai's getGitHubCopilotBaseUrl: the API host from the
// token's proxy-ep (proxy.x → api.x), else the enterprise's copilot-api
// host, else the individual plan's.
func copilotBaseURL(token, enterpriseDomain string) string {
	// pi-ai: token.match(/proxy-ep=([^;]+)/)
	if _, rest, ok := strings.Cut(token, "proxy-ep="); ok {
		if host, _, _ := strings.Cut(rest, ";"); host != "" {
			if h, ok := strings.CutPrefix(host, "proxy."); ok {
				host = "api." + h
			}
			return "https://" + host
		}
	}
	if enterpriseDomain != "" {
		return "https://copilot-api." + enterpriseDomain
	}
	return "https://api.individual.githubcopilot.com"
}

// normalizeDomain is pi-ai's normalizeDomain: the host name of a URL or
// bare domain, "" when there is none.
func normalizeDomain(input string) string {
	s := strings.TrimSpace(input)
	if s == "" {
		return ""
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

func orString(s, def string) string {
	if s != "" {
		return s
	}
	return def
}
