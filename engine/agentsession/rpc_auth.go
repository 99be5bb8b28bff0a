package agentsession

import (
	"context"
	"path/filepath"

	"github.com/pigo-dev/pigo/engine/provider"
)

// pigo's credential commands for interactive clients (pi's /login with an
// API key and /logout change auth.json in its interactive mode; pi's RPC
// has no equivalent): get_credentials lists the stored ones and the
// providers one can be saved for, set_api_key saves a key, logout removes
// a provider's entry. The model registry re-reads auth.json after a
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
