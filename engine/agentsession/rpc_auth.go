package agentsession

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/fuzzy"
	"github.com/pigo-dev/pigo/engine/locale"
	"github.com/pigo-dev/pigo/engine/provider"
)

// pigo's credential commands for interactive clients (pi's /login and
// /logout change auth.json in its interactive mode; pi's RPC has no
// equivalent): get_credentials lists the stored ones and the providers one
// can be saved for, set_api_key saves a key (or, with "env", the settings
// a Bedrock or Vertex login stores), logout removes a provider's
// entry, and login_oauth_start, login_oauth_finish, login_oauth_input and
// login_oauth_cancel run pi's OAuth logins: Anthropic's browser one (the
// URL to open, then the browser's callback or a pasted redirect URL) or
// copy-code one (method "copy_code": the URL, then the pasted code), GitHub Copilot's device flow (the
// code to enter, then polling) and OpenAI Codex's browser flow (the URL
// to open, then the browser's callback or a pasted redirect URL) or
// device flow (method "device_code"), the device flows of xAI, Kimi Code
// and Meta, and the browser flows of OpenRouter (the URL, then the browser's
// callback or a pasted redirect URL or code) and Sign in with ChatGPT
// (provider openai: the same, with the installation's device id). The model registry re-reads auth.json after a
// change, so the models that need it become available or go.

func (s *rpcServer) getCredentials(*rpcCommand) (any, bool, error) {
	creds, err := provider.StoredCredentials(s.rt.agentDir)
	if err != nil {
		return nil, false, err
	}
	slices.SortStableFunc(creds, func(a, b provider.StoredCredential) int {
		return compareProviders(providerInfo(a.Provider), providerInfo(b.Provider))
	})
	stored := []any{}
	for _, c := range creds {
		info := providerInfo(c.Provider)
		stored = append(stored, ordered{{"provider", c.Provider}, {"name", info.Name}, {"type", c.Type}, {"subscription", info.Subscription}})
	}
	providers := []any{}
	for _, lp := range s.rt.loginProviders() {
		configured, source := s.rt.reg.AuthStatus(lp.ID)
		var logins []any
		if lp.OAuth != "" {
			logins = append(logins, ordered{{"type", "oauth"}, {"name", lp.OAuth}, {"subscription", lp.Subscription}, {"label", lp.LoginLabel}})
		}
		if lp.APIKey != "" {
			logins = append(logins, ordered{{"type", "api_key"}, {"name", lp.APIKey}})
		}
		providers = append(providers, ordered{{"provider", lp.ID}, {"name", lp.Name}, {"configured", configured},
			{"oauth", s.rt.reg.IsUsingOAuth(lp.ID)}, {"source", source}, {"logins", logins}})
	}
	return ordered{{"credentials", stored}, {"providers", providers},
		{"authPath", filepath.Join(s.rt.agentDir, "auth.json")}}, true, nil
}

// providerInfo is how pi names provider and its logins.
func providerInfo(p string) provider.ProviderInfo {
	info, _ := provider.LookupProviderInfo(p)
	return info
}

// loginProviders are the providers /login offers, in pi 1.6's order: the
// registry's and those pigo runs an account login for (whose models are
// listed only once logged in), with the logins pigo runs.
func (rt *agentRuntime) loginProviders() []provider.ProviderInfo {
	var out []provider.ProviderInfo
	ids := rt.reg.Providers()
	for _, p := range provider.OAuthProviders() {
		if !slices.Contains(ids, p) {
			ids = append(ids, p)
		}
	}
	for _, p := range ids {
		info := providerInfo(p)
		if !slices.Contains(provider.OAuthProviders(), p) {
			info.OAuth = ""
		}
		if info.OAuth != "" || info.APIKey != "" {
			out = append(out, info)
		}
	}
	slices.SortStableFunc(out, compareProviders)
	return out
}

// compareProviders is pi 1.6's provider order: the preferred partners
// first, in their order, then the others by name.
func compareProviders(a, b provider.ProviderInfo) int {
	rank := func(id string) int {
		if i := slices.Index(provider.PreferredProviders, id); i >= 0 {
			return i
		}
		return len(provider.PreferredProviders)
	}
	if ra, rb := rank(a.ID), rank(b.ID); ra != rb {
		return ra - rb
	}
	return locale.Compare(a.Name, b.Name)
}

// loginCompletions are pi 1.6's /login argument completions: each
// provider once, fuzzy-matched on its id, name and login types.
func (rt *agentRuntime) loginCompletions(prefix string) []any {
	types := func(p provider.ProviderInfo) []string {
		var t []string
		if p.OAuth != "" {
			t = append(t, "oauth")
		}
		if p.APIKey != "" {
			t = append(t, "api_key")
		}
		return t
	}
	search := func(p provider.ProviderInfo) string {
		text := p.ID + " " + p.Name
		for _, t := range types(p) {
			text += " " + t + " " + provider.AuthTypeLabel(t, p.Subscription)
		}
		return text
	}
	var items []any
	for _, p := range fuzzy.Filter(rt.loginProviders(), prefix, search) {
		var labels []string
		for _, t := range types(p) {
			labels = append(labels, provider.AuthTypeLabel(t, p.Subscription))
		}
		desc := strings.Join(labels, "/")
		if p.Name != p.ID {
			desc = p.Name + " · " + desc
		}
		items = append(items, map[string]any{"value": p.ID, "label": p.ID, "description": desc})
	}
	return items
}

func (s *rpcServer) setAPIKey(c *rpcCommand) (any, bool, error) {
	p, err := c.str("provider", "provider")
	if err != nil {
		return nil, false, err
	}
	ctx := context.WithoutCancel(s.rt.baseCtx)
	if raw, ok := c.raw["env"]; ok {
		// A login that stores settings, or nothing but the choice of an
		// ambient credential chain (pi 1.6's Bedrock and Vertex logins):
		// {"env": {...}} with an optional key.
		vars, ok := raw.(map[string]any)
		if !ok {
			return nil, false, errors.New("env must be an object of strings")
		}
		env := map[string]string{}
		for k, v := range vars {
			if env[k], ok = v.(string); !ok {
				return nil, false, errors.New("env must be an object of strings")
			}
		}
		err = provider.SaveAPICredential(ctx, s.rt.agentDir, p, c.strOr("key"), env)
	} else {
		err = provider.SaveAPIKey(ctx, s.rt.agentDir, p, c.strOr("key"))
	}
	if err != nil {
		return nil, false, err
	}
	s.rt.reg.Reload()
	return nil, false, nil
}

func (s *rpcServer) logout(c *rpcCommand) (any, bool, error) {
	p, err := c.str("provider", "provider")
	if err != nil {
		return nil, false, err
	}
	if err := provider.RemoveCredential(context.WithoutCancel(s.rt.baseCtx), s.rt.agentDir, p); err != nil {
		return nil, false, err
	}
	s.rt.reg.Reload()
	return nil, false, nil
}

// loginState is an OAuth login between login_oauth_start and the end of
// its login_oauth_finish.
type loginState struct {
	login     any // *provider.AnthropicLogin, CopilotLogin, CodexLogin, CodexDeviceLogin, DeviceLogin, OpenRouterLogin or ChatGPTLogin
	ctx       context.Context
	cancel    context.CancelFunc // login_oauth_cancel
	input     chan string        // input pasted while a browser login waits
	finishing bool
}

func (st *loginState) close() {
	st.cancel()
	if c, ok := st.login.(interface{ Close() }); ok {
		c.Close()
	}
}

// waitsForInput reports whether the login can take a pasted redirect URL
// while it waits for its browser callback.
func (st *loginState) waitsForInput() bool {
	switch l := st.login.(type) {
	case *provider.CodexLogin, *provider.OpenRouterLogin, *provider.ChatGPTLogin:
		return true
	case *provider.AnthropicLogin:
		return l.Browser()
	}
	return false
}

// setLogin makes l the login in progress, ending the one it replaces.
func (s *rpcServer) setLogin(l any) {
	st := &loginState{login: l, input: make(chan string, 1)}
	st.ctx, st.cancel = context.WithCancel(context.WithoutCancel(s.rt.baseCtx))
	s.replaceLogin(st)
}

// replaceLogin makes st the login in progress (nil: none), ending the one
// it replaces.
func (s *rpcServer) replaceLogin(st *loginState) {
	s.loginMu.Lock()
	old := s.login
	s.login = st
	s.loginMu.Unlock()
	if old != nil {
		old.close()
	}
}

// endLogin ends the login in progress before one that listens on its
// port starts (Codex's and ChatGPT's share 1455).
func (s *rpcServer) endLogin() { s.replaceLogin(nil) }

func (s *rpcServer) loginOAuthStart(c *rpcCommand) (any, bool, error) {
	ctx := context.WithoutCancel(s.rt.baseCtx)
	switch p := c.strOr("provider"); p {
	case "anthropic":
		switch m := c.strOr("method"); m {
		case "", "browser":
			l, err := provider.StartAnthropicBrowserLogin(s.loginOptions(p))
			if err != nil {
				return nil, false, err
			}
			s.setLogin(l)
			return ordered{{"url", l.URL}, {"instructions", provider.AnthropicBrowserInstructions},
				{"prompt", provider.AnthropicBrowserPrompt}, {"placeholder", l.Redirect()}}, true, nil
		case "copy_code":
			l, err := provider.NewAnthropicLogin()
			if err != nil {
				return nil, false, err
			}
			s.setLogin(l)
			return ordered{{"url", l.URL}, {"instructions", provider.AnthropicCopyCodeInstructions}}, true, nil
		default:
			return nil, false, fmt.Errorf("Unknown Anthropic login method: %s", m)
		}
	case "github-copilot":
		l, err := provider.StartCopilotLogin(ctx, c.strOr("enterprise"), s.loginOptions(p))
		if err != nil {
			return nil, false, err
		}
		s.setLogin(l)
		return deviceData(l.Device), true, nil
	case "openai-codex":
		switch m := c.strOr("method"); m {
		case "", "browser":
		case "device_code":
			l, err := provider.StartCodexDeviceLogin(ctx, s.loginOptions(p))
			if err != nil {
				return nil, false, err
			}
			s.setLogin(l)
			return deviceData(l.Device), true, nil
		default:
			return nil, false, fmt.Errorf("Unknown OpenAI Codex login method: %s", m)
		}
		s.endLogin()
		l, err := provider.StartCodexLogin(s.loginOptions(p))
		if err != nil {
			return nil, false, err
		}
		s.setLogin(l)
		return ordered{{"url", l.URL}, {"instructions", provider.CodexLoginInstructions},
			{"prompt", provider.CodexManualPrompt}, {"placeholder", "http://localhost:1455/auth/callback"}}, true, nil
	case "kimi-coding", "meta", "xai":
		l, err := provider.StartDeviceLogin(ctx, p, s.loginOptions(p))
		if err != nil {
			return nil, false, err
		}
		s.setLogin(l)
		return deviceData(l.Device), true, nil
	case "openrouter":
		l, err := provider.StartOpenRouterLogin(s.loginOptions(p))
		if err != nil {
			return nil, false, err
		}
		s.setLogin(l)
		return ordered{{"url", l.URL}, {"instructions", provider.OpenRouterInstructions},
			{"prompt", provider.OpenRouterPrompt}, {"placeholder", l.Redirect()}}, true, nil
	case "openai":
		s.endLogin()
		id, _ := s.rt.settings.deviceID() // pi records a failed save and signs in with the id all the same
		l, err := provider.StartChatGPTLogin(s.loginOptions(p), id)
		if err != nil {
			return nil, false, err
		}
		s.setLogin(l)
		return ordered{{"url", l.URL}, {"instructions", provider.ChatGPTInstructions},
			{"prompt", provider.ChatGPTPrompt}, {"placeholder", provider.ChatGPTRedirectURI}}, true, nil
	default:
		return nil, false, fmt.Errorf("OAuth login for %q is not supported in pigo yet", p)
	}
}

// deviceData is a device login's code for the client.
func deviceData(d provider.DeviceCode) ordered {
	out := ordered{{"userCode", d.UserCode}, {"verificationUri", d.VerificationURI}}
	if d.IntervalSeconds != nil {
		out = append(out, member{"intervalSeconds", *d.IntervalSeconds})
	}
	if math.IsInf(d.ExpiresSeconds, 1) { // Meta's may say none
		return out
	}
	return append(out, member{"expiresInSeconds", d.ExpiresSeconds})
}

// loginOptions are the registry's, with progress sent to the client as
// login_progress events.
func (s *rpcServer) loginOptions(p string) provider.LoginOptions {
	return s.rt.reg.LoginOptions(func(m string) {
		s.out.Write(ordered{{"type", "login_progress"}, {"provider", p}, {"message", m}})
	})
}

// loginOAuthFinish completes the login in progress: Anthropic's copy-code
// one with the pasted code; Copilot's by polling until the device is authorized;
// Codex's and Anthropic's browser ones when the browser's callback or
// login_oauth_input arrives.
// login_oauth_cancel ends it with "Login cancelled".
func (s *rpcServer) loginOAuthFinish(c *rpcCommand) (any, bool, error) {
	s.loginMu.Lock()
	st := s.login
	if st != nil && st.finishing {
		s.loginMu.Unlock()
		return nil, false, errors.New("the login is already finishing")
	}
	if st != nil {
		st.finishing = true
	}
	s.loginMu.Unlock()
	if st == nil {
		return nil, false, errors.New("no login in progress (login_oauth_start first)")
	}
	defer func() {
		s.loginMu.Lock()
		if s.login == st {
			s.login = nil
		}
		s.loginMu.Unlock()
		st.close()
	}()
	ctx := st.ctx
	var err error
	switch l := st.login.(type) {
	case *provider.AnthropicLogin:
		if l.Browser() {
			err = l.Wait(ctx, s.rt.agentDir, st.input)
		} else {
			err = s.rt.reg.FinishLogin(ctx, l, c.strOr("input"))
		}
	case *provider.CopilotLogin:
		err = l.Wait(ctx, s.rt.agentDir)
	case *provider.CodexLogin:
		err = l.Wait(ctx, s.rt.agentDir, st.input)
	case *provider.CodexDeviceLogin:
		err = l.Wait(ctx, s.rt.agentDir)
	case *provider.DeviceLogin:
		err = l.Wait(ctx, s.rt.agentDir)
	case *provider.OpenRouterLogin:
		err = l.Wait(ctx, s.rt.agentDir, st.input)
	case *provider.ChatGPTLogin:
		err = l.Wait(ctx, s.rt.agentDir, st.input)
	}
	if ctx.Err() != nil {
		return nil, false, errors.New("Login cancelled")
	}
	if err != nil {
		return nil, false, err
	}
	s.rt.reg.Reload()
	return nil, false, nil
}

// loginOAuthInput hands the code or redirect URL the user pasted to the
// browser login (Codex's or Anthropic's) waiting for its callback.
func (s *rpcServer) loginOAuthInput(c *rpcCommand) (any, bool, error) {
	s.loginMu.Lock()
	defer s.loginMu.Unlock()
	if s.login == nil || s.login.ctx.Err() != nil {
		return nil, false, errors.New("no login is waiting for input")
	}
	if !s.login.waitsForInput() {
		return nil, false, errors.New("no login is waiting for input")
	}
	select {
	case s.login.input <- c.strOr("input"):
	default:
	}
	return nil, false, nil
}

// loginOAuthCancel ends the login in progress (pi's escape in the login
// dialog): its finish, running or still to come, fails with "Login
// cancelled".
func (s *rpcServer) loginOAuthCancel(*rpcCommand) (any, bool, error) {
	s.loginMu.Lock()
	st := s.login
	s.loginMu.Unlock()
	if st != nil {
		st.close()
	}
	return nil, false, nil
}
