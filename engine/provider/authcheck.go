package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// What pi 1.6's `pi auth check`, `print-api-key` and `print-bearer-token`
// ask of the model runtime: whether a provider's auth is configured
// (checkAuth), and the credential a request would carry (getAuth), with
// an OAuth login refreshed ahead of a minimum validity.

// defaultOAuthValidity is pi-ai 1.6's DEFAULT_OAUTH_MINIMUM_VALIDITY_MS:
// a request refreshes an OAuth login that expires within it.
const defaultOAuthValidity = 5 * time.Minute

type minValidityKey struct{}

// WithOAuthMinValidity returns ctx asking the OAuth logins resolved under
// it to stay valid for at least d (pi's minOAuthValidityMs): a login
// expiring sooner is refreshed, and one still expiring sooner after its
// refresh fails instead of being used.
func WithOAuthMinValidity(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, minValidityKey{}, d)
}

// oauthValidity is the validity an OAuth login resolved under ctx needs,
// and whether the caller asked for it (pi only fails an explicit one).
func oauthValidity(ctx context.Context) (d time.Duration, explicit bool) {
	asked, explicit := ctx.Value(minValidityKey{}).(time.Duration)
	return max(defaultOAuthValidity, asked), explicit
}

// expiresSoon reports whether c must be refreshed before a request under
// ctx uses it (pi-ai 1.6's resolveStoredOAuth).
func (r *Registry) expiresSoon(ctx context.Context, c *OAuthCredential) bool {
	d, _ := oauthValidity(ctx)
	return c.Expired(r.now().Add(d))
}

// CheckAuth is pi 1.6's checkAuth: "oauth" for a stored login of a
// provider with an account login, "api_key" when a key is configured and
// resolves (a stored one, models.json's, the environment's, ambient cloud
// credentials), "" when neither. It refreshes no token; an error is a
// configured value that could not be resolved (pi: invalid state).
func (r *Registry) CheckAuth(ctx context.Context, provider string) (string, error) {
	r.mu.RLock()
	cred, stored := r.st.auth[provider]
	r.mu.RUnlock()
	if stored && cred.Type == "oauth" {
		if info, _ := LookupProviderInfo(provider); info.OAuth != "" {
			return "oauth", nil
		}
		return "", nil
	}
	if !r.HasAuth(provider) {
		return "", nil
	}
	key, headers, err := r.Auth(ctx, &Model{Provider: provider})
	if err != nil {
		return "", err
	}
	if key == "" && len(headers) == 0 {
		return "", nil
	}
	return "api_key", nil
}

// bearerPattern is pi's getAuthCredential reading of an Authorization
// header.
var bearerPattern = regexp.MustCompile(`(?i)^Bearer\s+(.+)$`)

// Credential is pi 1.6's getAuthCredential(getAuth(model)): the API key a
// request to model would carry, else the bearer token of its
// Authorization header; "" when there is none. model may be one built
// for its provider alone. OAuth logins are refreshed as for a request
// (WithOAuthMinValidity asks for more).
func (r *Registry) Credential(ctx context.Context, model *Model) (string, error) {
	key, headers, err := r.Auth(ctx, model)
	if err != nil || key != "" {
		return key, err
	}
	for name, v := range headers {
		if strings.EqualFold(name, "authorization") {
			if m := bearerPattern.FindStringSubmatch(v); m != nil {
				return m[1], nil
			}
		}
	}
	return "", nil
}

// StoredOAuthAccess is the access token of provider's stored OAuth login
// as it is, expired or not ("" without one): what `pi auth check
// --credentials --no-refresh` prints.
func (r *Registry) StoredOAuthAccess(provider string) string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if c := r.st.auth[provider]; c.Type == "oauth" && c.OAuth != nil {
		return c.OAuth.Access
	}
	return ""
}

// tooSoon is pi-ai's error for a refreshed login that still expires
// within the validity the caller asked for.
func tooSoon(provider string) error {
	return fmt.Errorf("OAuth refresh returned a token that expires too soon for %s", provider)
}

// MatchModel is pi 1.6's resolveModelReference of text among provider's
// models (fuzzy, a strict ":level" suffix): unlike ResolveModel, an id
// the provider does not offer matches nothing.
func (r *Registry) MatchModel(provider, text string) (*Model, bool) {
	r.mu.RLock()
	st := r.st
	r.mu.RUnlock()
	req := refRequest{text: text, provider: provider, suffix: suffixStrict, fuzzy: true}
	res := resolveModelReference(req, st.models, func(string) bool { return true })
	if res.status != refResolved {
		return nil, false
	}
	return res.model.Clone(), true
}
