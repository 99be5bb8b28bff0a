package agentsession

import (
	"context"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

// sessionModels serves ctx.modelRegistry from the session's provider
// registry, so extensions see the models pi would: built-in, models.json
// and extension providers, with auth from auth.json and the environment.
type sessionModels struct{ reg *provider.Registry }

var _ piapi.Models = sessionModels{}

func modelMaps(ms []*provider.Model) []map[string]any {
	out := make([]map[string]any, 0, len(ms))
	for _, m := range ms {
		out = append(out, agent.ModelMap(m))
	}
	return out
}

func (s sessionModels) All() []map[string]any       { return modelMaps(s.reg.All()) }
func (s sessionModels) Available() []map[string]any { return modelMaps(s.reg.Available()) }

func (s sessionModels) Find(provider, id string) map[string]any {
	if m, ok := s.reg.Find(provider, id); ok {
		return agent.ModelMap(m)
	}
	return nil
}

func (s sessionModels) HasConfiguredAuth(provider string) bool { return s.reg.HasAuth(provider) }
func (s sessionModels) IsUsingOAuth(provider string) bool      { return s.reg.IsUsingOAuth(provider) }

func (s sessionModels) Auth(ctx context.Context, prov, id string) (string, map[string]string, error) {
	m, ok := s.reg.Find(prov, id)
	if !ok {
		// a model the registry does not list (a virtual model, one an
		// extension built): the provider's auth still applies
		m = &provider.Model{Provider: prov, ID: id}
	}
	return s.reg.Auth(ctx, m)
}

func (s sessionModels) CredentialEnv(provider string) map[string]string {
	return s.reg.CredentialEnv(provider)
}

func (s sessionModels) ModelsJSON(provider string) (baseURL, compat string, ok bool) {
	pc, ok := s.reg.ModelsJSONProvider(provider)
	return pc.BaseURL, pc.RawCompat, ok
}
