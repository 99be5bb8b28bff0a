package provider

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// pi-ai 1.6's OpenAI Codex browser login (loginOpenAICodex): a PKCE
// authorization-code flow whose redirect reaches a local server on pi's
// fixed port 1455 (shared with the Codex CLI; when it is taken, only the
// pasted redirect URL works); the code is exchanged for tokens and the
// ChatGPT account id is read from the access token.

const (
	codexAuthorizeURL = "https://auth.openai.com/oauth/authorize"
	codexRedirectURI  = "http://localhost:1455/auth/callback"
	codexScope        = "openid profile email offline_access"
	codexCallbackPath = "/auth/callback"
	// CodexLoginInstructions is what pi shows with the URL.
	CodexLoginInstructions = "A browser window should open. Complete login to finish."
	// CodexManualPrompt is pi's prompt for a pasted code or redirect URL.
	CodexManualPrompt = "Complete login in your browser, or paste the authorization code / redirect URL here:"
)

// CodexLogin is an OpenAI Codex login whose URL is ready to open.
type CodexLogin struct {
	opts     LoginOptions
	verifier string
	state    string
	URL      string
	cb       *loopbackCallback
}

// StartCodexLogin makes the PKCE pair, the state and the authorize URL,
// and starts the callback server (when its port is free).
func StartCodexLogin(opts LoginOptions) (*CodexLogin, error) {
	verifier, challenge := newPKCE()
	state := hex.EncodeToString(randomBytes(16))
	params := [][2]string{{"response_type", "code"}, {"client_id", codexOAuthClientID}, {"redirect_uri", codexRedirectURI},
		{"scope", codexScope}, {"code_challenge", challenge}, {"code_challenge_method", "S256"},
		{"state", state}, {"id_token_add_organizations", "true"}, {"codex_cli_simplified_flow", "true"}, {"originator", "pi"}}
	var parts []string
	for _, p := range params {
		parts = append(parts, url.QueryEscape(p[0])+"="+url.QueryEscape(p[1]))
	}
	addr := opts.Endpoints.CodexCallbackAddr
	if addr == "" {
		addr = net.JoinHostPort(opts.callbackHost(), "1455")
	}
	return &CodexLogin{opts: opts, verifier: verifier, state: state, URL: codexAuthorizeURL + "?" + strings.Join(parts, "&"),
		cb: listenCallback("OpenAI", codexCallbackPath, state, addr)}, nil
}

// callbackHost is where the logins' callback servers listen (pi's
// PI_OAUTH_CALLBACK_HOST, for containers and SSH forwarding).
func (o *LoginOptions) callbackHost() string {
	return orString(o.getenv("PI_OAUTH_CALLBACK_HOST"), "127.0.0.1")
}

// CallbackAddr is the callback server's address, "" when it could not
// listen.
func (l *CodexLogin) CallbackAddr() string {
	if l.cb.ln == nil {
		return ""
	}
	return l.cb.ln.Addr().String()
}

// Close stops the callback server.
func (l *CodexLogin) Close() { l.cb.close() }

// Wait waits for the browser's callback or for input pasted by the user
// (a redirect URL or code), exchanges the code for tokens and saves the
// login to agentDir's auth.json. Cancelling ctx fails it with "Login
// cancelled". The callback server is closed when it returns.
func (l *CodexLogin) Wait(ctx context.Context, agentDir string, pasted <-chan string) error {
	defer l.Close()
	res, input, fromPaste, err := l.cb.wait(ctx, pasted, 0)
	if err != nil {
		return err
	}
	code := res.code
	if fromPaste {
		c, state := parseAuthorizationInput(input)
		if state != "" && state != l.state {
			return errors.New("State mismatch")
		}
		code = c
	}
	if code == "" {
		return errors.New("Missing authorization code")
	}
	c, err := codexExchange(ctx, &l.opts, code, l.verifier, codexRedirectURI)
	if err != nil {
		return cancelled(ctx, err)
	}
	return editAuth(context.WithoutCancel(ctx), agentDir, "openai-codex", oauthFields("openai-codex", c))
}

// codexExchange is pi-ai's exchangeAuthorizationCode and
// credentialsFromToken.
func codexExchange(ctx context.Context, o *LoginOptions, code, verifier, redirect string) (*OAuthCredential, error) {
	h := o.client()
	target := orString(o.Endpoints.OpenAICodexTokenURL, codexOAuthTokenURL)
	req, err := formRequest(ctx, target, "grant_type", "authorization_code", "client_id", codexOAuthClientID,
		"code", code, "code_verifier", verifier, "redirect_uri", redirect)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "*/*") // fetch's default
	resp, raw, err := h.do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		text := string(raw)
		if text == "" {
			text = http.StatusText(resp.StatusCode)
		}
		return nil, fmt.Errorf("OpenAI Codex token exchange failed (%d): %s", resp.StatusCode, text)
	}
	var data map[string]any
	if err := json.Unmarshal(raw, &data); err != nil {
		return nil, err
	}
	access, refresh := str(data, "access_token"), str(data, "refresh_token")
	expiresIn, ok := data["expires_in"].(float64)
	if access == "" || refresh == "" || !ok {
		restrung, err := jsjson.Restringify(raw)
		if err != nil {
			restrung = string(raw)
		}
		return nil, fmt.Errorf("OpenAI Codex token exchange response missing fields: %s", restrung)
	}
	account, err := codexAccountID(access)
	if err != nil {
		return nil, err
	}
	return &OAuthCredential{Access: access, Refresh: refresh, Expires: o.now().UnixMilli() + int64(expiresIn*1000), AccountID: account}, nil
}
