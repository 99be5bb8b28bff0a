package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// pi-ai 1.6's OpenRouter login (openrouter.js): PKCE against
// openrouter.ai/auth with a one-shot callback server on an ephemeral port
// (its random path stands in for the state OpenRouter does not send),
// raced with a pasted redirect URL or code. The code buys a permanent API
// key, stored as an OAuth login that never expires.

const (
	openRouterAuthorizeURL = "https://openrouter.ai/auth"
	openRouterBase         = "https://openrouter.ai"
	openRouterLoginTimeout = 5 * time.Minute
	openRouterExchangeTime = 30 * time.Second
	// OpenRouterInstructions is shown with the URL, OpenRouterPrompt asks
	// for the pasted redirect URL or code (pi's wording, byte for byte).
	OpenRouterInstructions = "Complete sign-in in your browser. If the browser is on another machine, paste the final redirect URL here."
	OpenRouterPrompt       = "Complete sign-in in your browser, or paste the authorization code / redirect URL here:"
	// maxSafeInteger is Number.MAX_SAFE_INTEGER, the expiry of a key.
	maxSafeInteger = 1<<53 - 1
)

// OpenRouterLogin is an OpenRouter login whose URL is ready to open.
type OpenRouterLogin struct {
	opts     LoginOptions
	verifier string
	redirect string
	URL      string
	cb       *loopbackCallback
	ctx      context.Context // the callback's exchange's
	cancel   context.CancelFunc
}

// StartOpenRouterLogin makes the PKCE pair, starts the callback server
// (PI_OAUTH_CALLBACK_HOST or 127.0.0.1, any port) and the authorize URL
// naming it. Progress receives pi's "Listening for ..." notice.
func StartOpenRouterLogin(opts LoginOptions) (*OpenRouterLogin, error) {
	verifier, challenge := newPKCE()
	id := randomBytes(16)
	id[6], id[8] = id[6]&0x0f|0x40, id[8]&0x3f|0x80 // crypto.randomUUID's version 4
	uuid := fmt.Sprintf("%x-%x-%x-%x-%x", id[0:4], id[4:6], id[6:8], id[8:10], id[10:])
	l := &OpenRouterLogin{opts: opts, verifier: verifier}
	host := opts.callbackHost()
	cb := listenCallback("OpenRouter", "/oauth/callback/"+uuid, "", net.JoinHostPort(host, "0"))
	if cb.ln == nil {
		return nil, cb.listenErr // pi's login fails when it cannot listen
	}
	// the browser's sign-in is exchanged by the handler, until Close
	l.ctx, l.cancel = context.WithCancel(context.Background())
	cb.complete = func(code string) (*OAuthCredential, error) {
		return l.exchange(l.ctx, code)
	}
	l.cb = cb
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	l.redirect = fmt.Sprintf("http://%s:%d%s", host, cb.port(), cb.path)
	q := "callback_url=" + url.QueryEscape(l.redirect) + "&code_challenge=" + challenge + "&code_challenge_method=S256"
	l.URL = openRouterAuthorizeURL + "?" + q
	if opts.Progress != nil {
		opts.Progress("Listening for OpenRouter OAuth callback on " + l.redirect) // pi's wording, byte for byte
	}
	return l, nil
}

// Redirect is the callback URL (pi's placeholder for the pasted input).
func (l *OpenRouterLogin) Redirect() string { return l.redirect }

// Close stops the callback server.
func (l *OpenRouterLogin) Close() {
	l.cancel()
	l.cb.close()
}

// Wait waits for the browser's callback (which exchanges the code) or
// for a pasted redirect URL or code, exchanged here, and saves the key to
// agentDir's auth.json. Cancelling ctx fails it with "Login cancelled".
func (l *OpenRouterLogin) Wait(ctx context.Context, agentDir string, pasted <-chan string) error {
	defer l.Close()
	stop := context.AfterFunc(ctx, l.Close)
	defer stop()
	res, input, fromPaste, err := l.cb.wait(ctx, pasted, openRouterLoginTimeout)
	if err != nil {
		return err
	}
	c := res.cred
	if fromPaste {
		code := openRouterCode(input)
		if code == "" {
			return errors.New("Missing authorization code")
		}
		if l.opts.Progress != nil {
			l.opts.Progress("Exchanging authorization code for an API key...") // pi's wording, byte for byte
		}
		if c, err = l.exchange(ctx, code); err != nil {
			return cancelled(ctx, err)
		}
	}
	return editAuth(context.WithoutCancel(ctx), agentDir, "openrouter", oauthFields("openrouter", c))
}

// openRouterCode is openrouter.js's parseAuthorizationInput: a URL's
// code, a query string's, or the input itself.
func openRouterCode(input string) string {
	v := strings.TrimSpace(input)
	if v == "" {
		return ""
	}
	if u, err := url.Parse(v); err == nil && u.Scheme != "" {
		return u.Query().Get("code")
	}
	if strings.Contains(v, "code=") {
		q, _ := url.ParseQuery(v)
		return q.Get("code")
	}
	return v
}

// openRouterDetail is openrouter.js's errorDetail.
func openRouterDetail(body map[string]any) string {
	for _, k := range []string{"error_description", "message", "error"} {
		if s, ok := body[k].(string); ok {
			return s
		}
	}
	if e, ok := body["error"].(map[string]any); ok {
		if s, ok := e["message"].(string); ok {
			return s
		}
	}
	return ""
}

// exchange is openrouter.js's exchangeAuthorizationCode: the code and
// verifier buy a key; the login never expires and has no refresh token.
func (l *OpenRouterLogin) exchange(ctx context.Context, code string) (*OAuthCredential, error) {
	if ctx.Err() != nil {
		return nil, errors.New(loginCancelled)
	}
	body := &jsjson.Object{}
	body.Set("code", code)
	body.Set("code_verifier", l.verifier)
	body.Set("code_challenge_method", "S256")
	rctx, cancel := context.WithTimeout(ctx, openRouterExchangeTime)
	defer cancel()
	target := strings.TrimRight(orString(l.opts.Endpoints.OpenRouterURL, openRouterBase), "/") + "/api/v1/auth/keys"
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, target, strings.NewReader(jsjson.Stringify(body)))
	if err != nil {
		return nil, err
	}
	req.Header.Set("accept", "application/json")
	req.Header.Set("content-type", "application/json")
	resp, raw, err := l.opts.client().do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, errors.New(loginCancelled)
		}
		if rctx.Err() != nil {
			return nil, errors.New("OpenRouter OAuth token exchange timed out") // pi's wording, byte for byte
		}
		return nil, err
	}
	var v any
	parseErr := json.Unmarshal(raw, &v)
	if parseErr != nil && ok2xx(resp.StatusCode) {
		return nil, errors.New("OpenRouter OAuth returned invalid JSON") // pi's wording, byte for byte
	}
	obj, _ := v.(map[string]any)
	if !ok2xx(resp.StatusCode) {
		msg := fmt.Sprintf("OpenRouter OAuth key exchange failed (HTTP %d)", resp.StatusCode)
		if d := openRouterDetail(obj); d != "" {
			msg += ": " + d
		}
		return nil, errors.New(msg)
	}
	key, _ := obj["key"].(string)
	if key == "" {
		return nil, errors.New(`OpenRouter OAuth response carries no "key"`) // pi's wording, byte for byte
	}
	return &OAuthCredential{Access: key, Refresh: "", Expires: maxSafeInteger}, nil
}
