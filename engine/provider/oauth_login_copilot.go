package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// pi-ai 1.6's GitHub Copilot login (loginGitHubCopilot): GitHub's device
// flow for a GitHub token, which is exchanged for a Copilot token; then the
// account's model list is read (and models whose policy is unconfigured are
// enabled) and the login is saved to auth.json as pi saves it, with the
// account's model ids.

const (
	copilotClientID              = "Iv1.b507a08c87ecfe98"
	copilotAPIVersion            = "2026-06-01"
	copilotUserAgent             = "GitHubCopilotChat/0.35.0"
	copilotDeviceDefaultInterval = 5 * time.Second
	deviceMinInterval            = time.Second
	deviceSlowDownStep           = 5 * time.Second
)

// pi-ai's device-flow messages.
const (
	loginCancelled          = "Login cancelled"
	deviceTimedOut          = "Device flow timed out"
	deviceSlowDownTimedOut  = "Device flow timed out after one or more slow_down responses. This is often caused by clock drift in WSL or VM environments. Please sync or restart the VM clock and try again."
	copilotEnterprisePrompt = "GitHub Enterprise URL/domain (blank for github.com)"
)

// CopilotEnterprisePrompt is the question pi asks before the device flow,
// and its placeholder.
func CopilotEnterprisePrompt() (message, placeholder string) {
	return copilotEnterprisePrompt, "company.ghe.com"
}

// LoginOptions are what a login needs besides the user: the endpoints
// (zero: pi's), the HTTP client, the clock, how to wait between device
// polls, and where progress goes. Every field may be zero.
type LoginOptions struct {
	Endpoints OAuthEndpoints
	Client    *http.Client
	Now       func() time.Time
	// Sleep waits d or until ctx ends (default: a timer).
	Sleep func(ctx context.Context, d time.Duration) error
	// Progress receives pi's progress notices ("Enabling models...").
	Progress func(message string)
	// Env is the environment the logins read (PI_OAUTH_CALLBACK_HOST,
	// KIMI_CODE_OAUTH_HOST); nil: the process's.
	Env map[string]string
}

// getenv is pi's getProviderEnvValue.
func (o *LoginOptions) getenv(k string) string {
	if o.Env != nil {
		return o.Env[k]
	}
	return os.Getenv(k)
}

func (o *LoginOptions) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

func (o *LoginOptions) sleep(ctx context.Context, d time.Duration) error {
	if ctx.Err() != nil {
		return errors.New(loginCancelled)
	}
	if o.Sleep != nil {
		if err := o.Sleep(ctx, d); err != nil {
			return errors.New(loginCancelled)
		}
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return errors.New(loginCancelled)
	case <-t.C:
		return nil
	}
}

func (o *LoginOptions) client() *oauthClient {
	return &oauthClient{http: o.Client, endpoints: o.Endpoints, now: o.now, env: o.Env}
}

// DeviceCode is what the user needs to authorize a device login.
type DeviceCode struct {
	UserCode        string
	VerificationURI string
	// IntervalSeconds is the server's polling interval (nil: none given).
	IntervalSeconds *float64
	// ExpiresSeconds is how long the code lives (+Inf: the server did not
	// say).
	ExpiresSeconds float64
}

// CopilotLogin is a GitHub Copilot login whose device code is shown.
type CopilotLogin struct {
	opts       LoginOptions
	domain     string
	enterprise string
	deviceCode string
	Device     DeviceCode
}

// githubURL is https://<domain><path>, or the endpoints' replacement.
func (o *LoginOptions) githubURL(domain, path string) string {
	if o.Endpoints.GitHubURL != "" {
		return strings.TrimRight(o.Endpoints.GitHubURL, "/") + path
	}
	return "https://" + domain + path
}

// fetchJSON is pi-ai's fetchJson: a non-2xx answer fails with
// "<status> <text>: <body>".
func fetchJSON(h *oauthClient, req *http.Request) (any, error) {
	resp, raw, err := h.do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Errorf("%s: %s", resp.Status, raw)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	return v, nil
}

func formRequest(ctx context.Context, target string, kv ...string) (*http.Request, error) {
	var parts []string
	for i := 0; i+1 < len(kv); i += 2 {
		parts = append(parts, url.QueryEscape(kv[i])+"="+url.QueryEscape(kv[i+1]))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(strings.Join(parts, "&")))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return req, nil
}

// trustedHTTPURL is pi-ai's trustedHttpUrl: an http(s) URL, normalized,
// or "".
func trustedHTTPURL(v string) string {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return ""
	}
	if u.Path == "" {
		u.Path = "/"
	}
	return u.String()
}

// StartCopilotLogin answers pi's enterprise question with enterpriseInput
// ("" for github.com) and asks GitHub for a device code.
func StartCopilotLogin(ctx context.Context, enterpriseInput string, opts LoginOptions) (*CopilotLogin, error) {
	if ctx.Err() != nil {
		return nil, errors.New(loginCancelled)
	}
	trimmed := strings.TrimSpace(enterpriseInput)
	enterprise := normalizeDomain(enterpriseInput)
	if trimmed != "" && enterprise == "" {
		return nil, errors.New("Invalid GitHub Enterprise URL/domain")
	}
	l := &CopilotLogin{opts: opts, domain: orString(enterprise, copilotDefaultGitHubHost), enterprise: enterprise}
	req, err := formRequest(ctx, opts.githubURL(l.domain, "/login/device/code"), "client_id", copilotClientID, "scope", "read:user")
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", copilotUserAgent)
	v, err := fetchJSON(opts.client(), req)
	if err != nil {
		return nil, err
	}
	data, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("Invalid device code response")
	}
	deviceCode, ok1 := data["device_code"].(string)
	userCode, ok2 := data["user_code"].(string)
	verification, ok3 := data["verification_uri"].(string)
	expires, ok4 := data["expires_in"].(float64)
	interval, hasInterval := data["interval"]
	iv, ivOK := interval.(float64)
	if !ok1 || !ok2 || !ok3 || !ok4 || (hasInterval && !ivOK) {
		return nil, errors.New("Invalid device code response fields")
	}
	trusted := trustedHTTPURL(verification)
	if trusted == "" {
		return nil, errors.New("Untrusted verification_uri in device code response")
	}
	l.deviceCode = deviceCode
	l.Device = DeviceCode{UserCode: userCode, VerificationURI: trusted, ExpiresSeconds: expires}
	if hasInterval {
		l.Device.IntervalSeconds = &iv
	}
	return l, nil
}

// pollResult is one device poll's outcome.
type pollResult struct {
	done     bool
	slowDown bool
	interval *float64 // slow_down's new interval, seconds
	failed   string
}

// pollDevice is pi-ai's pollOAuthDeviceCodeFlow: poll every interval
// until done, failed, the code expires, or ctx is cancelled.
func pollDevice(ctx context.Context, o *LoginOptions, intervalSeconds *float64, expiresSeconds float64, waitFirst bool,
	poll func() (pollResult, error)) error {
	// No expiry (+Inf) polls until done, as pi's Number.POSITIVE_INFINITY deadline.
	deadline := o.now().Add(time.Duration(min(expiresSeconds, 100*365*24*3600) * float64(time.Second)))
	interval := copilotDeviceDefaultInterval
	if intervalSeconds != nil {
		interval = time.Duration(*intervalSeconds*1000) * time.Millisecond
	}
	interval = max(deviceMinInterval, interval)
	slowDowns := 0
	wait := func() (bool, error) {
		remaining := deadline.Sub(o.now())
		if remaining <= 0 {
			return false, nil
		}
		return true, o.sleep(ctx, min(interval, remaining))
	}
	if waitFirst {
		if _, err := wait(); err != nil {
			return err
		}
	}
	for o.now().Before(deadline) {
		if ctx.Err() != nil {
			return errors.New(loginCancelled)
		}
		r, err := poll()
		if err != nil {
			return err
		}
		if r.done {
			return nil
		}
		if r.failed != "" {
			return errors.New(r.failed)
		}
		if r.slowDown {
			slowDowns++
			if r.interval != nil && *r.interval > 0 {
				interval = max(deviceMinInterval, time.Duration(*r.interval*1000)*time.Millisecond)
			} else {
				interval = max(deviceMinInterval, interval+deviceSlowDownStep)
			}
		}
		more, err := wait()
		if err != nil {
			return err
		}
		if !more {
			break
		}
	}
	if slowDowns > 0 {
		return errors.New(deviceSlowDownTimedOut)
	}
	return errors.New(deviceTimedOut)
}

// Wait polls GitHub until the user has authorized the device, then gets
// the Copilot token and the account's models, and saves the login to
// agentDir's auth.json. Cancelling ctx fails it with "Login cancelled".
func (l *CopilotLogin) Wait(ctx context.Context, agentDir string) error {
	o := &l.opts
	h := o.client()
	var githubToken string
	err := pollDevice(ctx, o, l.Device.IntervalSeconds, l.Device.ExpiresSeconds, true, func() (pollResult, error) {
		req, err := formRequest(ctx, o.githubURL(l.domain, "/login/oauth/access_token"), "client_id", copilotClientID,
			"device_code", l.deviceCode, "grant_type", "urn:ietf:params:oauth:grant-type:device_code")
		if err != nil {
			return pollResult{}, err
		}
		req.Header.Set("Accept", "application/json")
		req.Header.Set("User-Agent", copilotUserAgent)
		v, err := fetchJSON(h, req)
		if err != nil {
			return pollResult{}, cancelled(ctx, err)
		}
		raw, _ := v.(map[string]any)
		if tok, ok := raw["access_token"].(string); ok {
			githubToken = tok
			return pollResult{done: true}, nil
		}
		if e, ok := raw["error"].(string); ok {
			switch e {
			case "authorization_pending":
				return pollResult{}, nil
			case "slow_down":
				r := pollResult{slowDown: true}
				if iv, ok := raw["interval"].(float64); ok {
					r.interval = &iv
				}
				return r, nil
			}
			msg := "Device flow failed: " + e
			if d, ok := raw["error_description"].(string); ok && d != "" {
				msg += ": " + d
			}
			return pollResult{failed: msg}, nil
		}
		return pollResult{failed: "Invalid device token response"}, nil
	})
	if err != nil {
		return err
	}
	cred, err := h.refreshCopilot(ctx, &OAuthCredential{Refresh: githubToken, EnterpriseURL: l.enterprise})
	if err != nil {
		return cancelled(ctx, err)
	}
	available, policy, err := l.fetchModels(ctx, cred.Access, 2, 5*time.Second)
	if err != nil {
		return cancelled(ctx, err)
	}
	var enabled []string
	if len(policy) > 0 {
		if o.Progress != nil {
			o.Progress("Enabling models...")
		}
		if enabled, err = l.enableModels(ctx, cred.Access, policy); err != nil {
			return cancelled(ctx, err)
		}
	}
	cred.AvailableModelIDs = []string{}
	seen := map[string]bool{}
	for _, id := range append(available, enabled...) {
		if !seen[id] {
			seen[id] = true
			cred.AvailableModelIDs = append(cred.AvailableModelIDs, id)
		}
	}
	return editAuth(context.WithoutCancel(ctx), agentDir, "github-copilot", oauthFields("github-copilot", cred))
}

// cancelled turns a failure caused by ctx ending into pi's message.
func cancelled(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return errors.New(loginCancelled)
	}
	return err
}

// copilotAPI is the Copilot API base for the token (pi's
// getGitHubCopilotBaseUrl), or the endpoints' replacement.
func (l *CopilotLogin) copilotAPI(token string) (real, target string) {
	real = copilotBaseURL(token, l.enterprise)
	return real, orString(strings.TrimRight(l.opts.Endpoints.CopilotAPIURL, "/"), real)
}

// fetchWithRetry is pi-ai's fetchWithRateLimitRetry: a 429 is retried
// (after Retry-After or a doubling delay) while retries and the time
// budget last.
func (l *CopilotLogin) fetchWithRetry(ctx context.Context, newReq func() (*http.Request, error), maxRetries int, budget time.Duration) (*http.Response, []byte, error) {
	h := l.opts.client()
	deadline := l.opts.now().Add(budget)
	for retry := 0; ; retry++ {
		req, err := newReq()
		if err != nil {
			return nil, nil, err
		}
		rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		resp, raw, err := h.do(req.WithContext(rctx))
		cancel()
		if err != nil || resp.StatusCode != http.StatusTooManyRequests || retry == maxRetries {
			return resp, raw, err
		}
		delay := time.Duration(500<<retry) * time.Millisecond
		if ra := resp.Header.Get("Retry-After"); ra != "" {
			if s, err := strconv.ParseFloat(ra, 64); err == nil {
				delay = time.Duration(s * float64(time.Second))
			} else if t, err := http.ParseTime(ra); err == nil {
				delay = t.Sub(l.opts.now())
			} else {
				return resp, raw, nil
			}
		}
		delay = max(0, delay)
		if delay >= deadline.Sub(l.opts.now()) {
			return resp, raw, nil
		}
		if err := l.opts.sleep(ctx, delay); err != nil {
			return nil, nil, err
		}
	}
}

func (l *CopilotLogin) setCopilotHeaders(req *http.Request, token string) {
	req.Header.Set("Authorization", "Bearer "+token)
	for k, v := range copilotStaticHeaders() {
		req.Header.Set(k, v)
	}
}

// fetchModels is pi-ai's fetchGitHubCopilotModels: the account's models
// (those with tool calls), which it may use and which need their policy
// enabled; rate limits are retried as fetchWithRetry's arguments say (the
// login retries, a token refresh does not).
func (l *CopilotLogin) fetchModels(ctx context.Context, token string, maxRetries int, budget time.Duration) (available, policy []string, err error) {
	real, base := l.copilotAPI(token)
	resp, raw, err := l.fetchWithRetry(ctx, func() (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/models", nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Accept", "application/json")
		l.setCopilotHeaders(req, token)
		req.Header.Set("X-GitHub-Api-Version", copilotAPIVersion)
		return req, nil
	}, maxRetries, budget)
	if err != nil {
		return nil, nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, nil, fmt.Errorf("%s: %s", resp.Status, raw)
	}
	var body struct {
		Data []json.RawMessage `json:"data"`
	}
	if json.Unmarshal(raw, &body) != nil || body.Data == nil {
		return nil, nil, errors.New("Invalid Copilot models response")
	}
	allowFallback := real == "https://api.individual.githubcopilot.com"
	known := map[string]bool{}
	for _, m := range BuiltinModels() {
		if m.Provider == "github-copilot" {
			known[m.ID] = true
		}
	}
	type accountModel struct {
		id     string
		picker bool
		state  any
	}
	var models []accountModel
	for _, rawItem := range body.Data {
		var item map[string]any
		if json.Unmarshal(rawItem, &item) != nil || item == nil {
			continue
		}
		id, ok := item["id"].(string)
		if !ok {
			continue
		}
		caps, _ := item["capabilities"].(map[string]any)
		supports, _ := caps["supports"].(map[string]any)
		if supports["tool_calls"] == false {
			continue
		}
		pol, _ := item["policy"].(map[string]any)
		models = append(models, accountModel{id: id, picker: item["model_picker_enabled"] == true, state: pol["state"]})
	}
	var picker []string
	for _, m := range models {
		if m.picker && m.state != "disabled" {
			picker = append(picker, m.id)
		}
	}
	useFallback := allowFallback && len(picker) == 0
	available = picker
	if len(picker) == 0 && allowFallback {
		for _, m := range models {
			if m.state == "enabled" {
				available = append(available, m.id)
			}
		}
	}
	for _, m := range models {
		if m.state == "unconfigured" && known[m.id] && (m.picker || useFallback) {
			policy = append(policy, m.id)
		}
	}
	return available, policy, nil
}

// enableModels is pi-ai's enableGitHubCopilotModels: each model's policy
// is set to enabled, best effort; a rate limit that outlasts the retries
// stops the batch.
func (l *CopilotLogin) enableModels(ctx context.Context, token string, ids []string) ([]string, error) {
	_, base := l.copilotAPI(token)
	var enabled []string
	for _, id := range ids {
		resp, _, err := l.fetchWithRetry(ctx, func() (*http.Request, error) {
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/models/"+id+"/policy", strings.NewReader(`{"state":"enabled"}`))
			if err != nil {
				return nil, err
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "*/*") // fetch's default
			l.setCopilotHeaders(req, token)
			req.Header.Set("openai-intent", "chat-policy")
			req.Header.Set("x-interaction-type", "chat-policy")
			return req, nil
		}, 2, 5*time.Second)
		if err != nil {
			if ctx.Err() != nil {
				return nil, errors.New(loginCancelled)
			}
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			break
		}
		if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
			enabled = append(enabled, id)
		}
	}
	return enabled, nil
}
