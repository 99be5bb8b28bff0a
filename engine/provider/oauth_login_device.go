package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"time"
)

// pi-ai 1.6's RFC 8628 device logins that end in one credential: xAI
// (xai.js), Kimi Code (kimi-coding.js) and Meta (meta.js). Each asks its
// server for a device code, shows it, polls with pi's poller
// (pollDevice) and saves what pi's login returns to auth.json.

const (
	xaiClientID         = "b1a00492-073a-47ea-816f-4c329264a828"
	xaiScope            = "openid profile email offline_access grok-cli:access api:access"
	xaiAuthBase         = "https://auth.x.ai"
	xaiDefaultLifetime  = 3600 // seconds, when a token response has no expires_in
	kimiClientID        = "17e5f671-d194-4dfb-9706-5516cb48c098"
	kimiAuthBase        = "https://auth.kimi.com"
	kimiDeviceTimeout   = 15 * 60 // seconds
	kimiDefaultInterval = 5       // seconds
	kimiRefreshRetries  = 3
	metaClientID        = "1031625952748946" // Muse Code CLI's
	metaAuthBase        = "https://auth.meta.com"
	metaAPIBase         = "https://api.meta.ai"
	metaKeyLifetime     = 24 * time.Hour
	loginRequestTimeout = 30 * time.Second // Kimi's and Meta's per-request timeout
	deviceCodeGrant     = "urn:ietf:params:oauth:grant-type:device_code"
)

// DeviceLogin is an xAI, Kimi Code or Meta login whose device code is
// shown.
type DeviceLogin struct {
	opts       LoginOptions
	provider   string
	base       string // the provider's auth origin (Kimi: its OAuth host)
	deviceCode string
	Device     DeviceCode
}

// DeviceLoginProviders are the providers StartDeviceLogin signs in to.
func DeviceLoginProviders() []string { return []string{"kimi-coding", "meta", "xai"} }

// StartDeviceLogin asks provider's server for a device code.
func StartDeviceLogin(ctx context.Context, provider string, opts LoginOptions) (*DeviceLogin, error) {
	l := &DeviceLogin{opts: opts, provider: provider}
	var err error
	switch provider {
	case "xai":
		l.base = orString(opts.Endpoints.XAIAuthURL, xaiAuthBase)
		err = l.startXAI(ctx)
	case "kimi-coding":
		l.base = kimiOAuthHost(&opts)
		err = l.startKimi(ctx)
	case "meta":
		l.base = orString(opts.Endpoints.MetaAuthURL, metaAuthBase)
		err = l.startMeta(ctx)
	default:
		return nil, fmt.Errorf("Unknown OAuth provider: %s", provider)
	}
	if err != nil {
		return nil, cancelled(ctx, err)
	}
	return l, nil
}

// Wait polls until the user has authorized the device and saves the
// login to agentDir's auth.json. Cancelling ctx fails it with "Login
// cancelled".
func (l *DeviceLogin) Wait(ctx context.Context, agentDir string) error {
	var c *OAuthCredential
	var err error
	switch l.provider {
	case "xai":
		c, err = l.pollXAI(ctx)
	case "kimi-coding":
		c, err = l.pollKimi(ctx)
	case "meta":
		c, err = l.pollMeta(ctx)
	}
	if err != nil {
		return cancelled(ctx, err)
	}
	return editAuth(context.WithoutCancel(ctx), agentDir, l.provider, oauthFields(l.provider, c))
}

// jsonObject is a parsed response body: the object (nil when the body is
// not a JSON object) and JSON.stringify of what was parsed ("null" when
// nothing was).
func jsonObject(raw []byte) (map[string]any, string) {
	var v any
	if json.Unmarshal(raw, &v) != nil || v == nil {
		return nil, "null"
	}
	switch v.(type) {
	case map[string]any, []any:
		m, _ := v.(map[string]any)
		return m, restringify(raw)
	}
	return nil, "null" // pi's readJson keeps objects only
}

// positive is a JSON number > 0, or nil.
func positive(m map[string]any, k string) *float64 {
	if v, ok := m[k].(float64); ok && v > 0 && !math.IsInf(v, 0) {
		return &v
	}
	return nil
}

// send runs a request under pi's per-request timeout.
func (l *DeviceLogin) send(ctx context.Context, req *http.Request) (*http.Response, []byte, error) {
	rctx, cancel := context.WithTimeout(ctx, loginRequestTimeout)
	defer cancel()
	return l.opts.client().do(req.WithContext(rctx))
}

// devicePollError reads RFC 8628's poll errors: wait on
// authorization_pending, slow down on slow_down (to the server's
// interval when it gives a positive one), fail with the provider's text
// on access_denied (and its other denied codes) and expired_token. ok is
// false for any other answer.
func devicePollError(body map[string]any, denied, expired string, deniedCodes ...string) (r pollResult, ok bool) {
	e, _ := body["error"].(string)
	switch {
	case e == "authorization_pending":
		return pollResult{}, true
	case e == "slow_down":
		return pollResult{slowDown: true, interval: positive(body, "interval")}, true
	case e == "access_denied" || (e != "" && slices.Contains(deniedCodes, e)):
		return pollResult{failed: denied}, true
	case e == "expired_token":
		return pollResult{failed: expired}, true
	}
	return pollResult{}, false
}

// --- xAI ---

// xaiPost is xai.js's postForm: the status and the body as an object
// ({} when it is JSON but no object).
func xaiPost(ctx context.Context, o *LoginOptions, target string, kv ...string) (int, map[string]any, error) {
	req, err := acceptJSONForm(ctx, target, kv...)
	if err != nil {
		return 0, nil, err
	}
	resp, raw, err := o.client().do(req)
	if err != nil {
		return 0, nil, cancelled(ctx, err)
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return 0, nil, cancelled(ctx, fmt.Errorf("xAI OAuth returned invalid JSON (HTTP %d)", resp.StatusCode))
	}
	body, _ := v.(map[string]any)
	if body == nil {
		body = map[string]any{}
	}
	return resp.StatusCode, body, nil
}

// xaiFailure is xai.js's requestFailure.
func xaiFailure(action string, status int, body map[string]any) error {
	var parts []string
	for _, k := range []string{"error", "error_description"} {
		if s, ok := body[k].(string); ok && s != "" {
			parts = append(parts, s)
		}
	}
	msg := fmt.Sprintf("xAI OAuth %s failed (HTTP %d)", action, status)
	if len(parts) > 0 {
		msg += ": " + strings.Join(parts, ": ")
	}
	return errors.New(msg)
}

func xaiString(body map[string]any, k string) (string, error) {
	if s, ok := body[k].(string); ok && s != "" {
		return s, nil
	}
	return "", fmt.Errorf("Invalid xAI OAuth response field: %s", k) // pi's wording, byte for byte
}

// xaiVerificationURI: only an https URL may be opened.
func xaiVerificationURI(raw string) (string, error) {
	u := trustedHTTPURL(raw)
	if !strings.HasPrefix(u, "https:") {
		return "", errors.New("Untrusted verification URI in xAI OAuth response") // pi's wording, byte for byte
	}
	return u, nil
}

func ok2xx(status int) bool { return status >= 200 && status <= 299 }

func (l *DeviceLogin) startXAI(ctx context.Context) error {
	status, body, err := xaiPost(ctx, &l.opts, l.base+"/oauth2/device/code", "client_id", xaiClientID, "scope", xaiScope, "referrer", "pi")
	if err != nil {
		return err
	}
	if !ok2xx(status) {
		return xaiFailure("device authorization", status, body)
	}
	// pi's parseDeviceCode, in its order of checks
	var complete string
	if s, ok := body["verification_uri_complete"].(string); ok && s != "" {
		if complete, err = xaiVerificationURI(s); err != nil {
			return err
		}
	}
	if l.deviceCode, err = xaiString(body, "device_code"); err != nil {
		return err
	}
	code, err := xaiString(body, "user_code")
	if err != nil {
		return err
	}
	uri, err := xaiString(body, "verification_uri")
	if err != nil {
		return err
	}
	if uri, err = xaiVerificationURI(uri); err != nil {
		return err
	}
	expires := positive(body, "expires_in")
	if expires == nil {
		return errors.New("Invalid xAI OAuth response field: expires_in")
	}
	l.Device = DeviceCode{UserCode: code, VerificationURI: orString(complete, uri), IntervalSeconds: positive(body, "interval"), ExpiresSeconds: *expires}
	return nil
}

// xaiCredential is xai.js's credentialsFromTokenResponse: a refresh may
// omit refresh_token (kept), expires_in defaults to an hour, and expires
// is 5 minutes early.
func xaiCredential(body map[string]any, previousRefresh string, now time.Time) (*OAuthCredential, error) {
	access, err := xaiString(body, "access_token")
	if err != nil {
		return nil, err
	}
	// xAI may omit refresh_token on a refresh that does not rotate it.
	refresh := previousRefresh
	if _, present := body["refresh_token"]; present || previousRefresh == "" {
		if refresh, err = xaiString(body, "refresh_token"); err != nil {
			return nil, err
		}
	}
	lifetime := float64(xaiDefaultLifetime)
	if _, present := body["expires_in"]; present {
		p := positive(body, "expires_in")
		if p == nil {
			return nil, errors.New("Invalid xAI OAuth response field: expires_in")
		}
		lifetime = *p
	}
	return &OAuthCredential{Access: access, Refresh: refresh,
		Expires: now.UnixMilli() + int64(lifetime*1000) - oauthExpiryMargin.Milliseconds()}, nil
}

func (l *DeviceLogin) pollXAI(ctx context.Context) (*OAuthCredential, error) {
	o := &l.opts
	var cred *OAuthCredential
	err := pollDevice(ctx, o, l.Device.IntervalSeconds, l.Device.ExpiresSeconds, true, func() (pollResult, error) {
		status, body, err := xaiPost(ctx, o, l.base+"/oauth2/token", "grant_type", deviceCodeGrant, "client_id", xaiClientID, "device_code", l.deviceCode)
		if err != nil {
			return pollResult{}, err
		}
		if ok2xx(status) {
			cred, err = xaiCredential(body, "", o.now())
			return pollResult{done: err == nil}, err
		}
		// pi's wording, byte for byte
		if r, ok := devicePollError(body, "xAI device authorization was denied", "xAI device code expired", "authorization_denied"); ok {
			return r, nil
		}
		return pollResult{failed: xaiFailure("device token polling", status, body).Error()}, nil
	})
	return cred, err
}

// refreshXAI is xai.js's refreshXaiToken.
func (h *oauthClient) refreshXAI(ctx context.Context, c *OAuthCredential) (*OAuthCredential, error) {
	o := &LoginOptions{Endpoints: h.endpoints, Client: h.http, Now: h.now}
	status, body, err := xaiPost(ctx, o, orString(h.endpoints.XAIAuthURL, xaiAuthBase)+"/oauth2/token",
		"grant_type", "refresh_token", "client_id", xaiClientID, "refresh_token", c.Refresh)
	if err != nil {
		return nil, err
	}
	if !ok2xx(status) {
		return nil, xaiFailure("token refresh", status, body)
	}
	return xaiCredential(body, c.Refresh, h.now())
}

// --- Kimi Code ---

// kimiOAuthHost is kimi-coding.js's getOauthHost: KIMI_CODE_OAUTH_HOST,
// KIMI_OAUTH_HOST or auth.kimi.com, without trailing slashes (the
// endpoints' replacement first).
func kimiOAuthHost(o *LoginOptions) string {
	host := o.Endpoints.KimiAuthURL
	if host == "" {
		host = orString(orString(o.getenv("KIMI_CODE_OAUTH_HOST"), o.getenv("KIMI_OAUTH_HOST")), kimiAuthBase)
	}
	return strings.TrimRight(host, "/")
}

// acceptJSONForm is a form POST asking for JSON (Kimi's and Meta's).
func acceptJSONForm(ctx context.Context, target string, kv ...string) (*http.Request, error) {
	req, err := formRequest(ctx, target, kv...)
	if err == nil {
		req.Header.Set("Accept", "application/json")
	}
	return req, err
}

// withText appends ": text" when there is text (pi's `${text ? `: ${text}` : ""}`).
func withText(msg string, raw []byte) string {
	if len(raw) > 0 {
		return msg + ": " + string(raw)
	}
	return msg
}

func (l *DeviceLogin) startKimi(ctx context.Context) error {
	req, err := acceptJSONForm(ctx, l.base+"/api/oauth/device_authorization", "client_id", kimiClientID)
	if err != nil {
		return err
	}
	resp, raw, err := l.send(ctx, req)
	if err != nil {
		return err
	}
	if !ok2xx(resp.StatusCode) {
		return errors.New(withText(fmt.Sprintf("Kimi Code device authorization failed with status %d", resp.StatusCode), raw))
	}
	body, text := jsonObject(raw)
	deviceCode, ok1 := body["device_code"].(string)
	userCode, ok2 := body["user_code"].(string)
	uri, _ := body["verification_uri"].(string)
	complete, _ := body["verification_uri_complete"].(string)
	if !ok1 || !ok2 || trustedHTTPURL(uri) == "" || trustedHTTPURL(complete) == "" {
		return fmt.Errorf("Invalid Kimi Code device authorization response: %s", text)
	}
	interval, expires := float64(kimiDefaultInterval), float64(kimiDeviceTimeout)
	if p := positive(body, "interval"); p != nil {
		interval = *p
	}
	if p := positive(body, "expires_in"); p != nil {
		expires = *p
	}
	l.deviceCode = deviceCode
	l.Device = DeviceCode{UserCode: userCode, VerificationURI: trustedHTTPURL(complete), IntervalSeconds: &interval, ExpiresSeconds: expires}
	return nil
}

// kimiToken is kimi-coding.js's parseTokenResponse.
func kimiToken(body map[string]any, text, operation string, now time.Time) (*OAuthCredential, error) {
	access, _ := body["access_token"].(string)
	refresh, _ := body["refresh_token"].(string)
	expires := positive(body, "expires_in")
	if access == "" || refresh == "" || expires == nil {
		return nil, fmt.Errorf("Kimi Code token %s response missing fields: %s", operation, text)
	}
	return &OAuthCredential{Access: access, Refresh: refresh, Expires: now.UnixMilli() + int64(*expires*1000)}, nil
}

func (l *DeviceLogin) pollKimi(ctx context.Context) (*OAuthCredential, error) {
	o := &l.opts
	var cred *OAuthCredential
	err := pollDevice(ctx, o, l.Device.IntervalSeconds, l.Device.ExpiresSeconds, true, func() (pollResult, error) {
		req, err := acceptJSONForm(ctx, l.base+"/api/oauth/token", "client_id", kimiClientID, "device_code", l.deviceCode, "grant_type", deviceCodeGrant)
		if err != nil {
			return pollResult{}, err
		}
		resp, raw, err := l.send(ctx, req)
		if err != nil {
			return pollResult{}, err
		}
		if resp.StatusCode >= 500 {
			return pollResult{failed: withText(fmt.Sprintf("Kimi Code device token request failed with status %d", resp.StatusCode), raw)}, nil
		}
		body, text := jsonObject(raw)
		if _, ok := body["access_token"].(string); ok && ok2xx(resp.StatusCode) {
			if cred, err = kimiToken(body, text, "poll", o.now()); err != nil {
				return pollResult{failed: err.Error()}, nil
			}
			return pollResult{done: true}, nil
		}
		// pi's wording, byte for byte
		if r, ok := devicePollError(body, "Kimi Code login was denied.", "Kimi Code device authorization expired. Please restart login."); ok {
			return r, nil
		}
		msg := fmt.Sprintf("Kimi Code device token request failed (status %d)", resp.StatusCode)
		if e, ok := body["error"].(string); ok {
			msg += ": " + e
			if d, ok := body["error_description"].(string); ok {
				msg += ": " + d
			}
		}
		return pollResult{failed: msg}, nil
	})
	return cred, err
}

// refreshKimi is kimi-coding.js's refreshToken: up to three retries
// (after 1, 2 and 4 s) on network errors, 429 and 5xx; 401, 403 and
// invalid_grant mean the login is dead.
func (h *oauthClient) refreshKimi(ctx context.Context, c *OAuthCredential) (*OAuthCredential, error) {
	o := &LoginOptions{Endpoints: h.endpoints, Client: h.http, Now: h.now, Env: h.env}
	target := kimiOAuthHost(o) + "/api/oauth/token"
	var last error
	for attempt := 0; attempt <= kimiRefreshRetries; attempt++ {
		if attempt > 0 {
			if err := o.sleep(ctx, time.Duration(1000<<(attempt-1))*time.Millisecond); err != nil {
				// pi rejects with the abort's reason here; pigo says what the check below says
				return nil, errors.New("Kimi Code token refresh aborted")
			}
		}
		if ctx.Err() != nil {
			return nil, errors.New("Kimi Code token refresh aborted") // pi's wording, byte for byte
		}
		req, err := acceptJSONForm(ctx, target, "client_id", kimiClientID, "grant_type", "refresh_token", "refresh_token", c.Refresh)
		if err != nil {
			return nil, err
		}
		rctx, cancel := context.WithTimeout(ctx, loginRequestTimeout)
		resp, raw, err := h.do(req.WithContext(rctx))
		cancel()
		if err != nil {
			last = err
			continue
		}
		body, text := jsonObject(raw)
		if ok2xx(resp.StatusCode) {
			return kimiToken(body, text, "refresh", h.now())
		}
		if resp.StatusCode == 401 || resp.StatusCode == 403 || body["error"] == "invalid_grant" {
			msg := fmt.Sprintf("Kimi Code token refresh unauthorized (status %d)", resp.StatusCode)
			if d, ok := body["error_description"].(string); ok {
				msg += ": " + d
			}
			return nil, errors.New(msg)
		}
		if (resp.StatusCode == 429 || resp.StatusCode >= 500) && attempt < kimiRefreshRetries {
			last = fmt.Errorf("Kimi Code token refresh failed with status %d", resp.StatusCode)
			continue
		}
		return nil, fmt.Errorf("Kimi Code token refresh failed with status %d: %s", resp.StatusCode, text)
	}
	if last == nil {
		last = errors.New("Kimi Code token refresh failed")
	}
	return nil, last
}

// --- Meta ---

// metaDetail is meta.js's errorDetail: the first non-blank of
// error_description, detail, message and error.
func metaDetail(body map[string]any) string {
	for _, k := range []string{"error_description", "detail", "message", "error"} {
		if s, ok := body[k].(string); ok && strings.TrimSpace(s) != "" {
			return ": " + strings.TrimSpace(s)
		}
	}
	return ""
}

func (l *DeviceLogin) startMeta(ctx context.Context) error {
	req, err := acceptJSONForm(ctx, l.base+"/oidc/device/authorization/", "client_id", metaClientID)
	if err != nil {
		return err
	}
	resp, raw, err := l.send(ctx, req)
	if err != nil {
		return err
	}
	body, text := jsonObject(raw)
	if !ok2xx(resp.StatusCode) {
		return fmt.Errorf("Meta device authorization failed with status %d%s", resp.StatusCode, metaDetail(body))
	}
	deviceCode, _ := body["device_code"].(string)
	userCode, _ := body["user_code"].(string)
	complete, _ := body["verification_uri_complete"].(string)
	uri, _ := body["verification_uri"].(string)
	verification := orString(trustedHTTPURL(complete), trustedHTTPURL(uri))
	if deviceCode == "" || userCode == "" || verification == "" {
		return fmt.Errorf("Invalid Meta device authorization response: %s", text)
	}
	l.deviceCode = deviceCode
	l.Device = DeviceCode{UserCode: userCode, VerificationURI: verification, IntervalSeconds: positive(body, "interval"), ExpiresSeconds: math.Inf(1)}
	if p := positive(body, "expires_in"); p != nil {
		l.Device.ExpiresSeconds = *p
	}
	return nil
}

func (l *DeviceLogin) pollMeta(ctx context.Context) (*OAuthCredential, error) {
	o := &l.opts
	var identity string
	err := pollDevice(ctx, o, l.Device.IntervalSeconds, l.Device.ExpiresSeconds, true, func() (pollResult, error) {
		req, err := acceptJSONForm(ctx, l.base+"/oidc/device/token/", "grant_type", deviceCodeGrant, "device_code", l.deviceCode, "client_id", metaClientID)
		if err != nil {
			return pollResult{}, err
		}
		resp, raw, err := l.send(ctx, req)
		if err != nil {
			return pollResult{}, err
		}
		body, _ := jsonObject(raw)
		if tok, _ := body["access_token"].(string); tok != "" && ok2xx(resp.StatusCode) {
			identity = tok
			return pollResult{done: true}, nil
		}
		// pi's wording, byte for byte
		if r, ok := devicePollError(body, "Meta login was denied.", "Meta device authorization expired. Please restart login."); ok {
			return r, nil
		}
		return pollResult{failed: fmt.Sprintf("Meta device token request failed with status %d%s", resp.StatusCode, metaDetail(body))}, nil
	})
	if err != nil {
		return nil, err
	}
	if o.Progress != nil {
		o.Progress("Enabling Meta Model API access...") // pi's wording, byte for byte
	}
	return o.client().mintMetaKey(ctx, identity)
}

// mintMetaKey is meta.js's mintApiKey: the identity token buys a Model
// API key that lives a day; it is the login's refresh too (the identity
// token cannot be renewed).
func (h *oauthClient) mintMetaKey(ctx context.Context, identity string) (*OAuthCredential, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, orString(h.endpoints.MetaAPIURL, metaAPIBase)+"/muse-code/key", strings.NewReader("{}"))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", "Bearer "+identity)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-version", "1.0.0")
	rctx, cancel := context.WithTimeout(ctx, loginRequestTimeout)
	defer cancel()
	resp, raw, err := h.do(req.WithContext(rctx))
	if err != nil {
		return nil, err
	}
	body, _ := jsonObject(raw)
	if resp.StatusCode == 401 || resp.StatusCode == 403 {
		return nil, fmt.Errorf("Meta session expired (status %d). Run `/login meta` to sign in again.%s", resp.StatusCode, metaDetail(body))
	}
	if !ok2xx(resp.StatusCode) {
		return nil, fmt.Errorf("Meta API key mint failed with status %d%s", resp.StatusCode, metaDetail(body))
	}
	key, _ := body["api_key"].(string)
	if key == "" {
		msg := "Meta did not issue an API key." // pi's wording, byte for byte
		action, _ := body["action_url"].(string)
		if u := trustedHTTPURL(action); u != "" {
			msg += " Complete setup at " + u
		}
		return nil, errors.New(msg)
	}
	return &OAuthCredential{Refresh: identity, Access: key, Expires: h.now().UnixMilli() + metaKeyLifetime.Milliseconds()}, nil
}
