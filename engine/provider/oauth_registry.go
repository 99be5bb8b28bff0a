package provider

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The Registry side of OAuth: pi's AuthStorage.getApiKey (which
// credential wins, when to refresh, what happens when a refresh fails) and
// the github-copilot provider's modifyModels.

func (r *Registry) now() time.Time {
	if r.opts.Now != nil {
		return r.opts.Now()
	}
	return time.Now()
}

func (r *Registry) oauthClient() *oauthClient {
	return &oauthClient{http: r.opts.HTTPClient, endpoints: r.opts.OAuthEndpoints, now: r.now, env: r.opts.Env}
}

// IsUsingOAuth reports whether provider's auth.json entry is an OAuth login
// (pi's isUsingOAuth: a subscription rather than an API key).
func (r *Registry) IsUsingOAuth(provider string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.st.auth[provider].Type == "oauth"
}

// IsUsingSubscription reports whether provider is used through an OAuth
// login to a subscription (pi 1.6's isUsingSubscription): the providers
// whose pi-ai 1.6 OAuth sets isSubscription.
func (r *Registry) IsUsingSubscription(provider string) bool {
	switch provider {
	case "anthropic", "github-copilot", "kimi-coding", "meta", "openai", "openai-codex", "xai":
		return r.IsUsingOAuth(provider)
	}
	return false
}

// applyOAuthModels is the OAuth providers' modifyModels, applied after
// models.json as pi does: a github-copilot login moves the provider's models
// to the API host named by its Copilot token (or its enterprise domain).
func (st *registryState) applyOAuthModels() {
	c, ok := st.auth["github-copilot"]
	if !ok || c.Type != "oauth" || c.OAuth == nil {
		return
	}
	base := copilotBaseURL(c.OAuth.Access, normalizeDomain(c.OAuth.EnterpriseURL))
	for i, m := range st.models {
		if m.Provider == "github-copilot" {
			mc := m.Clone()
			mc.BaseURL = base
			st.models[i] = mc
		}
	}
}

// offers is github-copilot's filterModels (pi 1.6): a login that lists
// the account's models (availableModelIds) offers only those.
func (st *registryState) offers(m *Model) bool {
	if m.Provider != "github-copilot" {
		return true
	}
	c, ok := st.auth["github-copilot"]
	if !ok || c.Type != "oauth" || c.OAuth == nil || c.OAuth.AvailableModelIDs == nil {
		return true
	}
	return slices.Contains(c.OAuth.AvailableModelIDs, m.ID)
}

// oauthKey is the OAuth branch of pi's AuthStorage.getApiKey. key is the
// access token (refreshed when expired). skipEnv is false only when the
// entry turned out not to be an OAuth login any more, in which case pi
// falls back to the environment; otherwise an empty key means the login
// cannot be used, and err says why (nil: no access token).
func (r *Registry) oauthKey(ctx context.Context, provider string, cred *OAuthCredential) (key string, skipEnv bool, err error) {
	if !isOAuthProvider(provider) {
		return "", true, &Error{Kind: ErrOAuthUnsupported, Message: fmt.Sprintf(
			"Authentication failed for %q: auth.json holds an OAuth login for it, but pigo can only use the OAuth logins of %s. Set an API key for %s instead.",
			provider, oauthProviderList(), provider)}
	}
	if cred == nil {
		return "", true, nil
	}
	if !r.expiresSoon(ctx, cred) {
		return cred.Access, true, nil
	}
	fresh, err := r.refreshOAuth(ctx, provider)
	if err == nil {
		if fresh == nil {
			return "", false, nil
		}
		if _, explicit := oauthValidity(ctx); explicit && r.expiresSoon(ctx, fresh) {
			return "", true, tooSoon(provider)
		}
		return fresh.Access, true, nil
	}
	// Another process may have refreshed after us (pi re-reads the file).
	if c := r.readOAuthFile(provider); c != nil && !r.expiresSoon(ctx, c) {
		r.setOAuth(provider, c)
		return c.Access, true, nil
	}
	return "", true, err
}

// oauthProviderList names OAuthProviders in prose ("a, b and c").
func oauthProviderList() string {
	ps := OAuthProviders()
	return strings.Join(ps[:len(ps)-1], ", ") + " and " + ps[len(ps)-1]
}

// oauthToAuth is the provider's toAuth: the request auth an OAuth login's
// access token gives. Kimi Code's is a bearer header, not an API key
// (pi-ai 1.6's kimiCodingOAuth.toAuth); the others' the API key.
func oauthToAuth(provider, access string) (key string, headers map[string]string) {
	if provider == "kimi-coding" && access != "" {
		return "", map[string]string{"Authorization": "Bearer " + access}
	}
	return access, nil
}

// oauthFailure is the error for an OAuth login that yielded no key (pi's
// "Authentication failed" preflight error, with the cause).
func oauthFailure(provider string, cause error) error {
	var e *Error
	if errors.As(cause, &e) && errors.Is(e.Kind, ErrOAuthUnsupported) {
		return cause
	}
	relogin := fmt.Sprintf("Run '/login %s' in pi to re-authenticate.", provider)
	if cause == nil {
		return &Error{Kind: ErrOAuthRefresh, Message: fmt.Sprintf(
			"Authentication failed for %q. Credentials may have expired or network is unavailable. %s", provider, relogin)}
	}
	return &Error{Kind: ErrOAuthRefresh, Err: cause, Message: fmt.Sprintf("Authentication failed for %q: %v. %s", provider, cause, relogin)}
}

// refreshOAuth is pi's refreshOAuthTokenWithLock: under the auth.json lock
// the file is re-read; a login another process already refreshed is used
// as is; otherwise the token is refreshed and written back, keeping the
// other entries. It returns nil when the file no longer holds an OAuth login
// for provider. Refreshes of one Registry are serialised, so concurrent
// requests refresh once.
func (r *Registry) refreshOAuth(ctx context.Context, provider string) (*OAuthCredential, error) {
	r.refreshMu.Lock()
	defer r.refreshMu.Unlock()
	r.mu.RLock()
	cur := r.st.auth[provider]
	r.mu.RUnlock()
	if cur.Type == "oauth" && cur.OAuth != nil && !r.expiresSoon(ctx, cur.OAuth) {
		return cur.OAuth, nil // refreshed by another request meanwhile
	}
	if r.opts.AgentDir == "" {
		if cur.OAuth == nil {
			return nil, nil
		}
		fresh, err := r.oauthClient().refresh(ctx, provider, cur.OAuth)
		if err != nil {
			return nil, fmt.Errorf("Failed to refresh OAuth token for %s: %w", provider, err)
		}
		r.setOAuth(provider, fresh)
		return fresh, nil
	}
	file := filepath.Join(r.opts.AgentDir, "auth.json")
	var result *OAuthCredential
	refreshed := false
	err := withAuthFile(ctx, file, func(current []byte) ([]byte, error) {
		creds, errs := ParseAuthJSON(current, file)
		if creds == nil {
			return nil, errors.Join(errs...)
		}
		c, ok := creds[provider]
		if !ok || c.Type != "oauth" || c.OAuth == nil {
			return nil, nil
		}
		if !r.expiresSoon(ctx, c.OAuth) {
			result = c.OAuth
			return nil, nil
		}
		fresh, err := r.oauthClient().refresh(ctx, provider, c.OAuth)
		if err != nil {
			return nil, fmt.Errorf("Failed to refresh OAuth token for %s: %w", provider, err)
		}
		result, refreshed = fresh, true
		return updateAuthEntry(current, provider, oauthFields(provider, fresh))
	})
	if err != nil && !refreshed {
		return nil, err
	}
	if result != nil {
		r.setOAuth(provider, result)
	}
	if err != nil {
		// The new tokens work but could not be saved (the old refresh token
		// may now be void): use them, and report it.
		r.mu.Lock()
		st := *r.st
		st.problems = append(slices.Clone(st.problems), fmt.Errorf("save refreshed OAuth credentials for %s: %w", provider, err))
		r.st = &st
		r.mu.Unlock()
	}
	return result, nil
}

// readOAuthFile re-reads provider's OAuth login from auth.json (no lock:
// pigo's writes are atomic renames).
func (r *Registry) readOAuthFile(provider string) *OAuthCredential {
	if r.opts.AgentDir == "" {
		return nil
	}
	file := filepath.Join(r.opts.AgentDir, "auth.json")
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	creds, _ := ParseAuthJSON(data, file)
	if c, ok := creds[provider]; ok && c.Type == "oauth" {
		return c.OAuth
	}
	return nil
}

// setOAuth replaces provider's credential in the current state.
func (r *Registry) setOAuth(provider string, c *OAuthCredential) {
	r.mu.Lock()
	defer r.mu.Unlock()
	st := *r.st
	st.auth = maps.Clone(st.auth)
	if st.auth == nil {
		st.auth = map[string]AuthCredential{}
	}
	st.auth[provider] = AuthCredential{Type: "oauth", OAuth: c}
	r.st = &st
}
