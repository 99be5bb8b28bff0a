package agentsession

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/pigo-dev/pigo/engine/provider"
)

// pigo's credential commands for interactive clients (pi's /login and
// /logout change auth.json in its interactive mode; pi's RPC has no
// equivalent): get_credentials lists the stored ones and the providers one
// can be saved for, set_api_key saves a key, logout removes a provider's
// entry, login_oauth_start and login_oauth_finish run Anthropic's
// copy-code login (the URL to open, then the pasted code). The model registry re-reads auth.json after a
// change, so the models that need it become available or go.

func (s *rpcServer) getCredentials(*rpcCommand) (any, bool, error) {
	creds, err := provider.StoredCredentials(s.rt.agentDir)
	if err != nil {
		return nil, false, err
	}
	stored := []any{}
	for _, c := range creds {
		stored = append(stored, ordered{{"provider", c.Provider}, {"type", c.Type}})
	}
	providers := []any{}
	for _, p := range s.rt.reg.Providers() {
		providers = append(providers, ordered{{"provider", p}, {"configured", s.rt.reg.HasAuth(p)}})
	}
	return ordered{{"credentials", stored}, {"providers", providers},
		{"authPath", filepath.Join(s.rt.agentDir, "auth.json")}}, true, nil
}

func (s *rpcServer) setAPIKey(c *rpcCommand) (any, bool, error) {
	p, err := c.str("provider", "provider")
	if err != nil {
		return nil, false, err
	}
	if err := provider.SaveAPIKey(context.WithoutCancel(s.rt.baseCtx), s.rt.agentDir, p, c.strOr("key")); err != nil {
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

func (s *rpcServer) loginOAuthStart(c *rpcCommand) (any, bool, error) {
	if p := c.strOr("provider"); p != "anthropic" {
		return nil, false, fmt.Errorf("OAuth login for %q is not supported in pigo yet", p)
	}
	l, err := provider.NewAnthropicLogin()
	if err != nil {
		return nil, false, err
	}
	s.loginMu.Lock()
	s.login = l
	s.loginMu.Unlock()
	return ordered{{"url", l.URL},
		{"instructions", "Complete login in your browser, then copy the code Anthropic shows and paste it here."}}, true, nil
}

func (s *rpcServer) loginOAuthFinish(c *rpcCommand) (any, bool, error) {
	s.loginMu.Lock()
	l := s.login
	s.login = nil
	s.loginMu.Unlock()
	if l == nil {
		return nil, false, errors.New("no login in progress (login_oauth_start first)")
	}
	if err := s.rt.reg.FinishLogin(context.WithoutCancel(s.rt.baseCtx), l, c.strOr("input")); err != nil {
		return nil, false, err
	}
	return nil, false, nil
}
