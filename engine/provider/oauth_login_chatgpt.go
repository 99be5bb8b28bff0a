package provider

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// pi-ai 1.6's Sign in with ChatGPT (openai-chatgpt.js), provider openai:
// PKCE against auth.openai.com with a dynamically registered client. The
// redirect reaches a one-shot callback server on 127.0.0.1:1455 (a taken
// port fails the login, as in pi), raced with the pasted redirect URL;
// either carries the code and the client id OpenAI issued, which the token
// exchange and every refresh use. The access token is the API key.

const (
	chatGPTClientID     = "dynamic_agent_client" // every login registers a new client
	chatGPTAgentName    = "Pi"
	chatGPTAuthorizeURL = "https://auth.openai.com/api/accounts/authorize"
	chatGPTTokenURL     = "https://auth.openai.com/api/accounts/oauth/token"
	chatGPTResource     = "https://api.openai.com/v1"
	chatGPTCallbackPort = "1455"
	chatGPTCallbackPath = "/auth/callback"
	chatGPTDirectScope  = "chatgpt.tokens.use.direct"
	chatGPTScope        = "openid profile email offline_access resource.invoke " + chatGPTDirectScope
	chatGPTExpiryMargin = 3 * time.Minute
	// ChatGPTRedirectURI is the redirect the authorize URL names, whatever
	// PI_OAUTH_CALLBACK_HOST says (pi's placeholder for the pasted URL).
	ChatGPTRedirectURI = "http://127.0.0.1:" + chatGPTCallbackPort + chatGPTCallbackPath
	// ChatGPTInstructions is shown with the URL, ChatGPTPrompt asks for
	// the pasted redirect URL (as pi-ai's openai-chatgpt.ts, byte for byte).
	ChatGPTInstructions = "Complete sign-in in your browser. If the callback does not complete, paste the final redirect URL here."
	ChatGPTPrompt       = "Complete login in your browser, or paste the final redirect URL here:"
)

var uuidPattern = regexp.MustCompile(`^(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// ChatGPTLogin is a Sign in with ChatGPT login whose URL is ready to open.
type ChatGPTLogin struct {
	opts     LoginOptions
	verifier string
	state    string
	URL      string
	cb       *loopbackCallback
}

// StartChatGPTLogin checks the installation's device id (pi's
// SettingsManager.getOrCreateDeviceId, the agent host OpenAI is told
// of), starts the callback server and makes the authorize URL.
func StartChatGPTLogin(opts LoginOptions, deviceID string) (*ChatGPTLogin, error) {
	if !uuidPattern.MatchString(deviceID) {
		return nil, errors.New("Sign in with ChatGPT requires a device ID (UUID) for this installation") // as pi-ai's openai-chatgpt.ts
	}
	verifier, challenge := newPKCE()
	l := &ChatGPTLogin{opts: opts, verifier: verifier, state: chatGPTRandom()}
	nonce := chatGPTRandom()
	l.cb = newCallback("ChatGPT", chatGPTCallbackPath, l.state)
	l.cb.answer = l.answer
	addr := orString(opts.Endpoints.ChatGPTCallbackAddr, net.JoinHostPort(opts.callbackHost(), chatGPTCallbackPort))
	l.cb.listen(addr)
	if l.cb.ln == nil {
		// Another login (or the Codex CLI) holding the port would reject
		// the browser's callback as a state mismatch: say so instead.
		if errors.Is(l.cb.listenErr, syscall.EADDRINUSE) {
			return nil, errors.New("Port " + chatGPTCallbackPort + " is in use, probably by an unfinished login in another pi session or by the Codex CLI. Cancel that login and try again.") // as pi-ai's openai-chatgpt.ts
		}
		return nil, l.cb.listenErr
	}
	params := [][2]string{{"client_id", chatGPTClientID}, {"agent_name_hint", chatGPTAgentName},
		{"ext_agent_host_id", "urn:uuid:" + strings.ToLower(deviceID)}, {"response_type", "code"},
		{"redirect_uri", ChatGPTRedirectURI}, {"resource", chatGPTResource}, {"scope", chatGPTScope}, {"state", l.state},
		{"code_challenge", challenge}, {"code_challenge_method", "S256"}, {"nonce", nonce}}
	parts := make([]string, len(params))
	for i, p := range params {
		parts[i] = url.QueryEscape(p[0]) + "=" + url.QueryEscape(p[1])
	}
	l.URL = chatGPTAuthorizeURL + "?" + strings.Join(parts, "&")
	return l, nil
}

// chatGPTRandom is openai-chatgpt.js's randomValue (state, nonce).
func chatGPTRandom() string { return base64.RawURLEncoding.EncodeToString(randomBytes(32)) }

// CallbackAddr is where the callback server listens.
func (l *ChatGPTLogin) CallbackAddr() string { return l.cb.ln.Addr().String() }

// Close stops the callback server (and its open connections).
func (l *ChatGPTLogin) Close() { l.cb.close() }

// answer is the callback server's handler after its route check, with
// pi's pages: a refusal ends the login, a bad redirect does not.
func (l *ChatGPTLogin) answer(q url.Values) (int, string, string, *callbackResult) {
	if e := q.Get("error"); e != "" {
		return http.StatusBadRequest, "ChatGPT was not connected.", "Error: " + e, // as pi-ai's openai-chatgpt.ts
			&callbackResult{err: errors.New("ChatGPT authorization failed: " + e)}
	}
	code, clientID, err := chatGPTCallback(q, l.state)
	if err != nil {
		return http.StatusBadRequest, err.Error(), "", nil
	}
	return http.StatusOK, "ChatGPT authentication completed. You can close this window.", "", // as pi-ai's openai-chatgpt.ts
		&callbackResult{code: code, clientID: clientID}
}

// chatGPTCallback is openai-chatgpt.js's authorizationResultFromCallback.
func chatGPTCallback(q url.Values, state string) (code, clientID string, err error) {
	// as pi-ai's openai-chatgpt.ts
	switch code = q.Get("code"); {
	case code == "":
		return "", "", errors.New("Missing authorization code")
	case q.Get("state") == "":
		return "", "", errors.New("Missing OAuth state")
	case q.Get("state") != state:
		return "", "", errors.New("OAuth state mismatch")
	}
	if clientID = jsjson.Trim(q.Get("client_id")); clientID == "" {
		return "", "", errors.New("OpenAI OAuth registration callback did not contain an issued client ID")
	}
	return code, clientID, nil
}

// chatGPTPasted is openai-chatgpt.js's authorizationResultFromManualInput:
// only the full redirect URL will do.
func chatGPTPasted(input, state string) (code, clientID string, err error) {
	u, perr := url.Parse(jsjson.Trim(input))
	special := u != nil && slices.Contains([]string{"http", "https", "ws", "wss", "ftp", "file"}, u.Scheme)
	if perr != nil || u.Scheme == "" || special && u.Host == "" { // what new URL() refuses
		return "", "", errors.New("Paste the full callback URL from the browser") // as pi-ai's openai-chatgpt.ts
	}
	if u.Scheme != "http" || u.Host != "127.0.0.1:"+chatGPTCallbackPort || u.EscapedPath() != chatGPTCallbackPath {
		return "", "", errors.New("The pasted callback URL must start with " + ChatGPTRedirectURI) // as pi-ai's openai-chatgpt.ts
	}
	if e := u.Query().Get("error"); e != "" {
		return "", "", errors.New("ChatGPT authorization failed: " + e)
	}
	return chatGPTCallback(u.Query(), state)
}

// Wait waits for the browser's callback or the pasted redirect URL,
// exchanges the code for tokens and saves the login to agentDir's
// auth.json. Cancelling ctx fails it with "Login cancelled".
func (l *ChatGPTLogin) Wait(ctx context.Context, agentDir string, pasted <-chan string) error {
	defer l.Close()
	res, input, fromPaste, err := l.cb.wait(ctx, pasted, 0)
	if err != nil {
		return err
	}
	code, clientID := res.code, res.clientID
	if fromPaste {
		if code, clientID, err = chatGPTPasted(input, l.state); err != nil {
			return err
		}
	}
	if l.opts.Progress != nil {
		l.opts.Progress("Exchanging authorization code for tokens...") // as pi-ai's openai-chatgpt.ts
	}
	h := l.opts.client()
	token, err := h.chatGPTToken(ctx, "grant_type", "authorization_code", "client_id", clientID, "code", code,
		"code_verifier", l.verifier, "redirect_uri", ChatGPTRedirectURI, "resource", chatGPTResource)
	if err != nil {
		return cancelled(ctx, err)
	}
	// pi checks the ID token is there but does not use it
	if id, ok := token["id_token"].(string); !ok || jsjson.Trim(id) == "" {
		return errors.New("OpenAI OAuth token response did not contain an ID token")
	}
	c, err := chatGPTCredential(token, clientID, h.now())
	if err != nil {
		return err
	}
	return editAuth(context.WithoutCancel(ctx), agentDir, "openai", oauthFields("openai", c))
}

// chatGPTToken is openai-chatgpt.js's requestToken: a form POST whose
// answer must be a JSON object.
func (h *oauthClient) chatGPTToken(ctx context.Context, kv ...string) (map[string]any, error) {
	req, err := acceptJSONForm(ctx, orString(h.endpoints.ChatGPTTokenURL, chatGPTTokenURL), kv...)
	if err != nil {
		return nil, err
	}
	resp, raw, err := h.do(req)
	if err != nil {
		return nil, err
	}
	if !ok2xx(resp.StatusCode) {
		text := string(raw)
		if text == "" {
			text = http.StatusText(resp.StatusCode)
		}
		return nil, fmt.Errorf("OpenAI OAuth token request failed (%d): %s", resp.StatusCode, text) // as pi-ai's openai-chatgpt.ts
	}
	if msg := jsjson.ParseError(string(raw)); msg != "" {
		return nil, errors.New(msg) // response.json()'s SyntaxError
	}
	var v any
	_ = json.Unmarshal(raw, &v)
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("OpenAI OAuth token response must be an object")
	}
	return obj, nil
}

// chatGPTCredential is openai-chatgpt.js's credentialFromTokenResponse.
func chatGPTCredential(token map[string]any, clientID string, now time.Time) (*OAuthCredential, error) {
	var fields [3]string
	for i, k := range []string{"access_token", "refresh_token", "scope"} {
		s, ok := token[k].(string)
		if !ok || jsjson.Trim(s) == "" {
			return nil, errors.New("OpenAI OAuth token response has invalid " + k) // as pi-ai's openai-chatgpt.ts
		}
		fields[i] = s
	}
	expiresIn, ok := token["expires_in"].(float64)
	if !ok || expiresIn <= 0 {
		return nil, errors.New("OpenAI OAuth token response has invalid expires_in")
	}
	scopes := strings.FieldsFunc(fields[2], jsjson.IsSpace)
	if !slices.Contains(scopes, chatGPTDirectScope) {
		return nil, errors.New("OpenAI OAuth grant did not include " + chatGPTDirectScope)
	}
	return &OAuthCredential{Access: fields[0], Refresh: fields[1], ClientID: clientID, Scopes: scopes,
		Expires: now.UnixMilli() + int64(expiresIn*1000) - chatGPTExpiryMargin.Milliseconds()}, nil
}

// refreshChatGPT is openai-chatgpt.js's refreshAccessToken: the refresh
// token grant for the client the login was issued.
func (h *oauthClient) refreshChatGPT(ctx context.Context, c *OAuthCredential) (*OAuthCredential, error) {
	if jsjson.Trim(c.ClientID) == "" {
		return nil, errors.New("Stored OpenAI OAuth credential does not contain an issued client ID; reconnect ChatGPT") // as pi-ai's openai-chatgpt.ts
	}
	token, err := h.chatGPTToken(ctx, "grant_type", "refresh_token", "client_id", c.ClientID, "refresh_token", c.Refresh,
		"resource", chatGPTResource)
	if err != nil {
		return nil, err
	}
	return chatGPTCredential(token, c.ClientID, h.now())
}
