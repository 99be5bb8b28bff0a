package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// pi-ai 1.6's OpenAI Codex device-code login (loginOpenAICodexDeviceCode,
// "Device code login (headless)"): OpenAI gives a user code to enter at
// its device page; polling returns an authorization code and verifier,
// exchanged as the browser login's code is.

const (
	codexAuthBase           = "https://auth.openai.com"
	codexDeviceVerification = codexAuthBase + "/codex/device"
	codexDeviceRedirect     = codexAuthBase + "/deviceauth/callback"
	codexDeviceTimeout      = 15 * 60 // seconds
)

// CodexLoginMethods are pi's answers to "Select OpenAI Codex login
// method:": ids and labels.
func CodexLoginMethods() (message string, ids, labels []string) {
	return "Select OpenAI Codex login method:", []string{"browser", "device_code"},
		[]string{"Browser login (default)", "Device code login (headless)"}
}

// CodexDeviceLogin is an OpenAI Codex device login whose code is shown.
type CodexDeviceLogin struct {
	opts     LoginOptions
	deviceID string
	interval float64
	Device   DeviceCode
}

func (o *LoginOptions) codexAuthURL(path string) string {
	return strings.TrimRight(orString(o.Endpoints.OpenAICodexAuthURL, codexAuthBase), "/") + path
}

func jsonPost(ctx context.Context, target string, body *jsjson.Object) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(jsjson.Stringify(body)))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "*/*") // fetch's default
	return req, nil
}

// restringify is JSON.stringify of a parsed body.
func restringify(raw []byte) string {
	s, err := jsjson.Restringify(bytes.TrimSpace(raw))
	if err != nil {
		return string(raw)
	}
	return s
}

// StartCodexDeviceLogin asks OpenAI for a device code.
func StartCodexDeviceLogin(ctx context.Context, opts LoginOptions) (*CodexDeviceLogin, error) {
	body := &jsjson.Object{}
	body.Set("client_id", codexOAuthClientID)
	req, err := jsonPost(ctx, opts.codexAuthURL("/api/accounts/deviceauth/usercode"), body)
	if err != nil {
		return nil, err
	}
	resp, raw, err := opts.client().do(req)
	if err != nil {
		return nil, cancelled(ctx, err)
	}
	if resp.StatusCode == http.StatusNotFound {
		return nil, errors.New("OpenAI Codex device code login is not enabled for this server. Use browser login or verify the server URL.")
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		msg := fmt.Sprintf("OpenAI Codex device code request failed with status %d", resp.StatusCode)
		if len(raw) > 0 {
			msg += ": " + string(raw)
		}
		return nil, errors.New(msg)
	}
	var data map[string]any
	if err := json.Unmarshal(raw, &data); err != nil {
		return nil, err
	}
	interval := math.NaN()
	switch v := data["interval"].(type) {
	case float64:
		interval = v
	case string:
		if t := strings.TrimSpace(v); t == "" {
			interval = 0
		} else if f, err := strconv.ParseFloat(t, 64); err == nil {
			interval = f
		}
	}
	id, code := str(data, "device_auth_id"), str(data, "user_code")
	if id == "" || code == "" || math.IsNaN(interval) || math.IsInf(interval, 0) || interval < 0 {
		return nil, fmt.Errorf("Invalid OpenAI Codex device code response: %s", restringify(raw))
	}
	iv := interval
	return &CodexDeviceLogin{opts: opts, deviceID: id, interval: interval,
		Device: DeviceCode{UserCode: code, VerificationURI: codexDeviceVerification, IntervalSeconds: &iv, ExpiresSeconds: codexDeviceTimeout}}, nil
}

// Wait polls until the user has entered the code, exchanges the
// authorization code and saves the login to agentDir's auth.json.
func (l *CodexDeviceLogin) Wait(ctx context.Context, agentDir string) error {
	o := &l.opts
	var code, verifier string
	err := pollDevice(ctx, o, &l.interval, codexDeviceTimeout, false, func() (pollResult, error) {
		body := &jsjson.Object{}
		body.Set("device_auth_id", l.deviceID)
		body.Set("user_code", l.Device.UserCode)
		req, err := jsonPost(ctx, o.codexAuthURL("/api/accounts/deviceauth/token"), body)
		if err != nil {
			return pollResult{}, err
		}
		resp, raw, err := o.client().do(req)
		if err != nil {
			return pollResult{}, cancelled(ctx, err)
		}
		if resp.StatusCode >= 200 && resp.StatusCode <= 299 {
			var data map[string]any
			if err := json.Unmarshal(raw, &data); err != nil {
				return pollResult{}, err
			}
			code, verifier = str(data, "authorization_code"), str(data, "code_verifier")
			if code == "" || verifier == "" {
				return pollResult{failed: "Invalid OpenAI Codex device auth token response: " + restringify(raw)}, nil
			}
			return pollResult{done: true}, nil
		}
		if resp.StatusCode == http.StatusForbidden || resp.StatusCode == http.StatusNotFound {
			return pollResult{}, nil
		}
		var e struct {
			Error any `json:"error"`
		}
		var errCode any
		if json.Unmarshal(raw, &e) == nil {
			errCode = e.Error
			if m, ok := e.Error.(map[string]any); ok {
				errCode = m["code"]
			}
		}
		switch errCode {
		case "deviceauth_authorization_pending":
			return pollResult{}, nil
		case "slow_down":
			return pollResult{slowDown: true}, nil
		}
		msg := fmt.Sprintf("OpenAI Codex device auth failed with status %d", resp.StatusCode)
		if len(raw) > 0 {
			msg += ": " + string(raw)
		}
		return pollResult{failed: msg}, nil
	})
	if err != nil {
		return err
	}
	c, err := codexExchange(ctx, o, code, verifier, codexDeviceRedirect)
	if err != nil {
		return cancelled(ctx, err)
	}
	return editAuth(context.WithoutCancel(ctx), agentDir, "openai-codex", oauthFields("openai-codex", c))
}
