package provider

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// RegistryOptions configure a [Registry]. The zero value is an in-memory
// registry with the built-in catalog, no environment and no files.
type RegistryOptions struct {
	// AgentDir holds models.json and auth.json (pi's ~/.pi/agent); "" reads
	// neither.
	AgentDir string
	// Env supplies API keys (ANTHROPIC_API_KEY, ...), the variables named by
	// apiKey/header values, PI_CACHE_RETENTION, and the environment of
	// "!command" values. The registry never reads the process environment.
	Env map[string]string
	// Catalog replaces [BuiltinModels] when non-nil.
	Catalog []*Model
	// APIs adds or replaces API implementations by api name; the built-in
	// HTTP APIs are always present unless replaced.
	APIs map[string]API
	// RunCommand runs "!command" values; nil means ShellRunner(Env).
	RunCommand CommandRunner
	// HTTPClient is used by requests whose Options carry none, and by OAuth
	// token refreshes.
	HTTPClient *http.Client
	// OAuthEndpoints override the OAuth token endpoints (tests, proxies).
	OAuthEndpoints OAuthEndpoints
	// Now is the clock OAuth expiry is judged by; nil means time.Now.
	Now func() time.Time
}

// Registry knows every provider and model (catalog, models.json, runtime
// registrations), their credentials (runtime keys, auth.json, environment,
// models.json apiKey) and the APIs that stream them. Safe for concurrent use.
type Registry struct {
	opts    RegistryOptions
	run     CommandRunner
	catalog []*Model

	mu         sync.RWMutex
	apis       map[string]API
	registered []registeredProvider // pi.registerProvider calls, in order
	virtual    []*Model             // pi.registerVirtualModel's models (virtual.go)
	runtime    map[string]string    // provider → key (--api-key)
	cmdCache   map[string]string    // auth.json "!command" results
	st         *registryState

	refreshMu sync.Mutex // serialises this registry's OAuth refreshes
}

type registeredProvider struct {
	name string
	cfg  ProviderConfig
}

// registryState is one build of the model list; replaced, never mutated.
type registryState struct {
	models       []*Model
	requestCfg   map[string]requestConfig     // provider → per-request auth config
	modelHeaders map[string]map[string]string // "provider\x00id" → headers
	auth         map[string]AuthCredential
	problems     []error
	// virtualOnly are the providers that list virtual models only: they
	// need no credentials.
	virtualOnly map[string]bool
	// overrides are models.json's modelOverrides by provider and id.
	overrides map[string]map[string]ModelOverride
	// modelsJSON are models.json's providers as parsed.
	modelsJSON map[string]ProviderConfig
}

// requestConfig is what a provider's config contributes to each request.
type requestConfig struct {
	apiKey     string
	headers    map[string]string
	authHeader bool
}

// NewRegistry builds a registry and loads models.json and auth.json from
// opts.AgentDir. Problems in those files do not fail construction: the
// affected file is ignored (as in pi) and [Registry.Problems] reports them.
func NewRegistry(opts RegistryOptions) *Registry {
	r := &Registry{opts: opts, runtime: map[string]string{}, cmdCache: map[string]string{}, apis: BuiltinAPIs()}
	r.apis[VirtualAPI] = unroutedAPI
	r.run = opts.RunCommand
	if r.run == nil {
		r.run = ShellRunner(opts.Env)
	}
	r.catalog = opts.Catalog
	if r.catalog == nil {
		r.catalog = builtinCatalog() // read only: build clones what it keeps
	}
	for name, api := range opts.APIs {
		r.apis[name] = api
	}
	r.Reload()
	return r
}

// Reload re-reads models.json and auth.json and rebuilds the model list,
// re-applying runtime registrations.
func (r *Registry) Reload() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cmdCache = map[string]string{}
	r.st = r.build()
}

// Problems returns the problems found by the last load: invalid models.json
// (whose custom models and overrides are then ignored), unreadable or
// invalid auth.json entries.
func (r *Registry) Problems() []error {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Clone(r.st.problems)
}

// build computes a state from the files and registrations. Caller holds mu.
func (r *Registry) build() *registryState {
	st := &registryState{requestCfg: map[string]requestConfig{}, modelHeaders: map[string]map[string]string{}, auth: map[string]AuthCredential{}}
	catalog := r.catalog
	var cfg *ModelsConfig
	if r.opts.AgentDir != "" {
		if r.opts.Catalog == nil {
			catalog = withStoredCatalogs(r.opts.AgentDir, catalog)
		}
		path := filepath.Join(r.opts.AgentDir, "models.json")
		if data, err := os.ReadFile(path); err == nil {
			var errs []error
			cfg, errs = ParseModelsJSON(data, path, catalog)
			st.problems = append(st.problems, errs...)
		} else if !errors.Is(err, os.ErrNotExist) {
			st.problems = append(st.problems, &ConfigError{File: path, Message: fmt.Sprintf("Failed to load models.json: %v", err), Err: err})
		}
		path = filepath.Join(r.opts.AgentDir, "auth.json")
		if data, err := os.ReadFile(path); err == nil {
			auth, errs := ParseAuthJSON(data, path)
			st.problems = append(st.problems, errs...)
			if auth != nil {
				st.auth = auth
			}
		} else if !errors.Is(err, os.ErrNotExist) {
			st.problems = append(st.problems, &ConfigError{File: path, Message: fmt.Sprintf("Failed to load auth.json: %v", err)})
		}
	}
	if cfg == nil {
		cfg = &ModelsConfig{}
	}
	st.modelsJSON = cfg.Providers

	// Catalog models with provider-level baseUrl/compat and per-model overrides.
	for _, name := range sortedKeys(cfg.Providers) {
		st.storeRequestConfig(name, cfg.Providers[name])
		for id, o := range cfg.Providers[name].ModelOverrides {
			st.storeModelHeaders(name, id, o.Headers)
		}
	}
	// The state shares catalog models it does not change: every change
	// below replaces a model with a changed clone, and readers get clones
	// (TestRegistryLeavesCatalogAlone).
	st.models = make([]*Model, 0, len(catalog))
	for _, m := range catalog {
		if pc, ok := cfg.Providers[m.Provider]; ok {
			m = m.Clone()
			if pc.BaseURL != "" {
				m.BaseURL = pc.BaseURL
			}
			m.Compat = mergeCompat(m.Compat, pc.Compat)
		}
		st.models = append(st.models, m)
	}
	// Custom models replace catalog models with the same provider and id.
	for _, name := range sortedKeys(cfg.Providers) {
		for _, md := range cfg.Providers[name].Models {
			st.storeModelHeaders(name, md.ID, md.Headers)
		}
	}
	for _, cm := range customModels(cfg, catalog) {
		st.upsert(cm)
	}
	st.applyOAuthModels()
	for _, rp := range r.registered {
		st.applyRegistered(rp.name, rp.cfg)
	}
	st.overrides = map[string]map[string]ModelOverride{}
	for name, pc := range cfg.Providers {
		if len(pc.ModelOverrides) > 0 {
			st.overrides[name] = pc.ModelOverrides
		}
	}
	st.applyModelOverrides("")
	r.applyVirtual(st)
	return st
}

// applyModelOverrides applies models.json's modelOverrides to the models of
// provider ("" for all), as pi 1.6's composeModelProvider does last: over
// catalog, custom and extension-registered models alike. Applying one
// again changes nothing, so a runtime registration may re-apply them.
func (st *registryState) applyModelOverrides(provider string) {
	for i, m := range st.models {
		if provider != "" && m.Provider != provider {
			continue
		}
		if o, ok := st.overrides[m.Provider][m.ID]; ok {
			st.models[i] = applyModelOverride(m, o)
		}
	}
}

func (st *registryState) upsert(m *Model) {
	for i, e := range st.models {
		if e.Provider == m.Provider && e.ID == m.ID {
			st.models[i] = m
			return
		}
	}
	st.models = append(st.models, m)
}

func (st *registryState) storeRequestConfig(name string, pc ProviderConfig) {
	if pc.APIKey == "" && pc.Headers == nil && !pc.AuthHeader {
		return
	}
	st.requestCfg[name] = requestConfig{apiKey: pc.APIKey, headers: cloneStrings(pc.Headers), authHeader: pc.AuthHeader}
}

func headerKey(provider, id string) string { return provider + "\x00" + id }

func (st *registryState) storeModelHeaders(provider, id string, h map[string]string) {
	if len(h) == 0 {
		delete(st.modelHeaders, headerKey(provider, id))
		return
	}
	st.modelHeaders[headerKey(provider, id)] = cloneStrings(h)
}

// providerModels are the provider's models so far.
func (st *registryState) providerModels(name string) []*Model {
	var out []*Model
	for _, m := range st.models {
		if m.Provider == name {
			out = append(out, m)
		}
	}
	return out
}

// applyRegistered is pi's applyExtension: with models (even none) the
// provider's models are replaced, each taking api and baseUrl defaults
// from the models it had (findExtensionModelDefaults); otherwise baseUrl
// reroutes its existing models.
func (st *registryState) applyRegistered(name string, pc ProviderConfig) {
	st.storeRequestConfig(name, pc)
	if pc.Models != nil {
		existing := st.providerModels(name)
		st.models = slices.DeleteFunc(st.models, func(m *Model) bool { return m.Provider == name })
		for _, md := range pc.Models {
			st.storeModelHeaders(name, md.ID, md.Headers)
			var defAPI, defBase string
			if d := findModelDefaults(existing, md.ID, md.API); d != nil {
				defAPI, defBase = d.API, d.BaseURL
			}
			if m := modelFromDefinition(name, pc, md, defAPI, defBase); m != nil {
				st.models = append(st.models, m)
			}
		}
		return
	}
	if pc.BaseURL != "" {
		for i, m := range st.models {
			if m.Provider == name {
				c := m.Clone()
				c.BaseURL = pc.BaseURL
				st.models[i] = c
			}
		}
	}
}

// RegisterProvider registers or updates a provider at runtime, as
// pi.registerProvider does: with Models it replaces the provider's models
// (each takes api and baseUrl from the model, the config or the
// provider's model of its id, else of its api, else its first
// chat-completions or first model); otherwise baseUrl/headers reroute its
// existing models. A Stream implementation is registered under cfg.API.
// Registering the same name again merges the configs field by field. The
// errors are pi 1.6's validateExtensionProvider's, word for word: pi
// reports them as `Extension "<path>" error: <message>`. A provider
// without an API key registers, but is not available until the
// environment or auth.json gives it one.
func (r *Registry) RegisterProvider(name string, cfg ProviderConfig) error {
	if name == "" {
		return errors.New("register provider: empty name")
	}
	if cfg.Stream != nil && cfg.API == "" {
		return fmt.Errorf(`Provider %s: "api" is required when registering streamSimple.`, name)
	}
	r.mu.RLock()
	existing := r.st.providerModels(name)
	r.mu.RUnlock()
	for _, md := range cfg.Models {
		var defAPI, defBase string
		if d := findModelDefaults(existing, md.ID, md.API); d != nil {
			defAPI, defBase = d.API, d.BaseURL
		}
		if firstNonEmpty(md.API, cfg.API, defAPI) == "" {
			return fmt.Errorf(`Provider %s, model %s: no "api" specified. Set it at model level or provider level.`, name, md.ID)
		}
		if firstNonEmpty(md.BaseURL, cfg.BaseURL, defBase) == "" {
			return fmt.Errorf(`Provider %s: "baseUrl" is required when defining custom models.`, name)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if cfg.Stream != nil {
		r.apis[cfg.API] = cfg.Stream
	}
	merged := false
	for i, rp := range r.registered {
		if rp.name == name {
			r.registered[i].cfg = mergeProviderConfig(rp.cfg, cfg)
			merged = true
		}
	}
	if !merged {
		r.registered = append(r.registered, registeredProvider{name: name, cfg: cfg})
	}
	st := *r.st
	st.models = slices.Clone(st.models)
	st.requestCfg = cloneRequestCfg(st.requestCfg)
	st.modelHeaders = cloneModelHeaders(st.modelHeaders)
	st.applyRegistered(name, cfg)
	st.applyModelOverrides(name)
	r.applyVirtual(&st)
	r.st = &st
	return nil
}

// mergeProviderConfig is pi's upsertRegisteredProvider: set fields win.
func mergeProviderConfig(old, upd ProviderConfig) ProviderConfig {
	if upd.Name != "" {
		old.Name = upd.Name
	}
	if upd.BaseURL != "" {
		old.BaseURL = upd.BaseURL
	}
	if upd.APIKey != "" {
		old.APIKey = upd.APIKey
	}
	if upd.API != "" {
		old.API = upd.API
	}
	if upd.Headers != nil {
		old.Headers = upd.Headers
	}
	if upd.AuthHeader {
		old.AuthHeader = true
	}
	if upd.Compat != nil {
		old.Compat = upd.Compat
	}
	if upd.Models != nil {
		old.Models = upd.Models
	}
	if upd.ModelOverrides != nil {
		old.ModelOverrides = upd.ModelOverrides
	}
	if upd.Stream != nil {
		old.Stream = upd.Stream
	}
	return old
}

func cloneRequestCfg(m map[string]requestConfig) map[string]requestConfig {
	out := make(map[string]requestConfig, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func cloneModelHeaders(m map[string]map[string]string) map[string]map[string]string {
	out := make(map[string]map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// UnregisterProvider removes a runtime registration and rebuilds, restoring
// catalog and models.json models it had replaced. Its API stays registered.
func (r *Registry) UnregisterProvider(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(r.registered)
	r.registered = slices.DeleteFunc(r.registered, func(rp registeredProvider) bool { return rp.name == name })
	if len(r.registered) != n {
		r.st = r.build()
	}
}

// RegisterAPI makes impl stream models whose api is name.
func (r *Registry) RegisterAPI(name string, impl API) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.apis[name] = impl
}

// SetRuntimeAPIKey sets a key that beats every other source (pi's --api-key).
func (r *Registry) SetRuntimeAPIKey(provider, key string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if key == "" {
		delete(r.runtime, provider)
	} else {
		r.runtime[provider] = key
	}
}

// All returns every model (copies), catalog first, in a stable order.
func (r *Registry) All() []*Model {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]*Model, len(r.st.models))
	for i, m := range r.st.models {
		out[i] = m.Clone()
	}
	return out
}

// Available returns the models whose provider has auth configured (pi's
// getAvailable, a Copilot login's models narrowed to its account's),
// without refreshing OAuth tokens.
func (r *Registry) Available() []*Model {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var out []*Model
	for _, m := range r.st.models {
		if r.hasAuthLocked(m.Provider) && r.st.offers(m) {
			out = append(out, m.Clone())
		}
	}
	return out
}

// Find returns the model with this provider and id.
func (r *Registry) Find(provider, id string) (*Model, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	for _, m := range r.st.models {
		if m.Provider == provider && m.ID == id {
			return m.Clone(), true
		}
	}
	return nil, false
}

// Providers returns the provider names, sorted.
func (r *Registry) Providers() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var out []string
	for _, m := range r.st.models {
		if !contains(out, m.Provider) {
			out = append(out, m.Provider)
		}
	}
	sort.Strings(out)
	return out
}

// ModelsJSONProvider is models.json's entry for provider (ok false when
// it has none or it was refused). pi applies its baseUrl and compat to the
// provider's classifier models too, which this registry does not list.
func (r *Registry) ModelsJSONProvider(provider string) (pc ProviderConfig, ok bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	pc, ok = r.st.modelsJSON[provider]
	return pc, ok
}

// CredentialEnv is the environment provider's stored credential carries
// (auth.json's "env": Cloudflare's account and gateway ids, say), which
// overlays the process environment for its requests; nil when none.
func (r *Registry) CredentialEnv(provider string) map[string]string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return maps.Clone(r.st.auth[provider].Env)
}

// HasAuth reports whether provider has auth configured (pi's
// hasConfiguredAuth): a runtime key, any auth.json entry (an OAuth login
// too), an environment key or a models.json apiKey. It runs no commands and
// refreshes no tokens.
func (r *Registry) HasAuth(provider string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.hasAuthLocked(provider)
}

func (r *Registry) hasAuthLocked(provider string) bool {
	if r.runtime[provider] != "" || r.st.virtualOnly[provider] {
		return true
	}
	// A stored credential owns the provider (pi 1.6): one without a key
	// counts when the environment it overlays resolves one.
	cred, stored := r.st.auth[provider]
	if !cloudflareConfigured(provider, overlayEnv(r.opts.Env, cred.Env)) {
		return false
	}
	if stored && (cred.Type != "api_key" || cred.Key != "") {
		return true
	}
	if EnvAPIKey(provider, overlayEnv(r.opts.Env, cred.Env)) != "" {
		return true
	}
	return configValueConfigured(r.st.requestCfg[provider].apiKey, r.opts.Env)
}

// AuthStatus is pi 1.6's getProviderAuthStatus, which /login shows: whether
// provider has auth configured and where from, as pi labels it: "runtime",
// "stored" (auth.json), models.json's key ("models_json_command",
// "models_json_key", or the variables its "$NAME" template names), then
// the environment (the variable read, or pi-ai's name for the ambient
// credentials Bedrock and Vertex use).
func (r *Registry) AuthStatus(provider string) (configured bool, source string) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if r.runtime[provider] != "" {
		return true, "runtime"
	}
	if _, ok := r.st.auth[provider]; ok {
		return true, "stored"
	}
	if v := r.st.requestCfg[provider].apiKey; v != "" {
		if strings.HasPrefix(v, "!") {
			return true, "models_json_command"
		}
		if names := configValueEnvNames(v); len(names) > 0 {
			return configValueConfigured(v, r.opts.Env), strings.Join(names, ", ")
		}
		return true, "models_json_key"
	}
	for _, name := range EnvKeyNames(provider) {
		if r.opts.Env[name] != "" {
			return true, name
		}
	}
	if EnvAPIKey(provider, r.opts.Env) == "" {
		return false, ""
	}
	if provider == "google-vertex" {
		return true, "gcloud application default credentials"
	}
	env := r.opts.Env
	for _, c := range []struct{ source, name string }{{"AWS_BEARER_TOKEN_BEDROCK", "AWS_BEARER_TOKEN_BEDROCK"}, {"AWS_PROFILE", "AWS_PROFILE"},
		{"AWS access keys", "AWS_SECRET_ACCESS_KEY"}, {"ECS task role", "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"},
		{"ECS task role", "AWS_CONTAINER_CREDENTIALS_FULL_URI"}} {
		if env[c.name] != "" && (c.name != "AWS_SECRET_ACCESS_KEY" || env["AWS_ACCESS_KEY_ID"] != "") {
			return true, c.source
		}
	}
	return true, "web identity token"
}

// Auth resolves the API key and extra headers of a request to model, as
// pi 1.6's prepareRequest: key from the runtime override, an auth.json API
// key, an auth.json OAuth login (its access token, refreshed first when
// expired, see [OAuthProviders]), the configured apiKey (registerProvider's
// or models.json's), then the environment; headers from the model, the provider config and the model config
// (values resolved like keys). The key may be empty (some APIs need none);
// an error means a configured value could not be resolved, or an OAuth
// login could not be used (ErrOAuthRefresh, ErrOAuthUnsupported) and no
// models.json key replaces it.
func (r *Registry) Auth(ctx context.Context, model *Model) (string, map[string]string, error) {
	r.mu.RLock()
	st := r.st
	key := r.runtime[model.Provider]
	cred, hasCred := st.auth[model.Provider]
	r.mu.RUnlock()
	env := overlayEnv(r.opts.Env, cred.Env)
	if key == "" && hasCred && cred.Type == "api_key" && cred.Key != "" {
		key = r.cachedValue(ctx, cred.Key, env)
	}
	usedOAuth, skipEnv := false, false
	var oauthErr error
	var authHeaders map[string]string // an OAuth login's toAuth headers
	if key == "" && hasCred && cred.Type == "oauth" {
		usedOAuth = true
		var access string
		access, skipEnv, oauthErr = r.oauthKey(ctx, model.Provider, cred.OAuth)
		key, authHeaders = oauthToAuth(model.Provider, access)
	}
	// The configured key (an extension's registerProvider apiKey, else
	// models.json's) comes before the environment: pi 1.6's composed
	// provider resolves it instead of the built-in's environment lookup.
	// A login whose auth is headers needs no key (pi sends none).
	pc := st.requestCfg[model.Provider]
	if key == "" && authHeaders == nil && pc.apiKey != "" {
		v, err := resolveConfigValueOrError(ctx, pc.apiKey, fmt.Sprintf("API key for provider %q", model.Provider), env, r.run)
		if err != nil {
			return "", nil, err
		}
		key = v
	}
	if key == "" && authHeaders == nil && !skipEnv {
		key = EnvAPIKey(model.Provider, env)
	}
	if key == "" && authHeaders == nil && usedOAuth && skipEnv {
		return "", nil, oauthFailure(model.Provider, oauthErr)
	}
	// pi 1.6's getAuth: the login's headers, then the model's over them.
	headers := cloneStrings(model.Headers)
	if authHeaders != nil {
		headers = cloneStrings(authHeaders)
		for k, v := range model.Headers {
			headers[k] = v
		}
	}
	add := func(h map[string]string, what string) error {
		for _, k := range sortedKeys(h) {
			v, err := resolveConfigValueOrError(ctx, h[k], fmt.Sprintf("%s header %q", what, k), env, r.run)
			if err != nil {
				return err
			}
			if headers == nil {
				headers = map[string]string{}
			}
			headers[k] = v
		}
		return nil
	}
	if err := add(pc.headers, fmt.Sprintf("provider %q", model.Provider)); err != nil {
		return "", nil, err
	}
	if err := add(st.modelHeaders[headerKey(model.Provider, model.ID)], fmt.Sprintf("model %q", model.Provider+"/"+model.ID)); err != nil {
		return "", nil, err
	}
	if pc.authHeader {
		if key == "" {
			return "", nil, &Error{Kind: ErrNoAPIKey, Message: fmt.Sprintf("No API key found for %q", model.Provider)}
		}
		if headers == nil {
			headers = map[string]string{}
		}
		headers["Authorization"] = "Bearer " + key
	}
	return key, headers, nil
}

// cachedValue resolves an auth.json key in env; command results are cached.
func (r *Registry) cachedValue(ctx context.Context, value string, env map[string]string) string {
	r.mu.RLock()
	v, ok := r.cmdCache[value]
	r.mu.RUnlock()
	if ok {
		return v
	}
	v, _ = resolveConfigValue(ctx, value, env, r.run)
	if len(value) > 0 && value[0] == '!' {
		r.mu.Lock()
		r.cmdCache[value] = v
		r.mu.Unlock()
	}
	return v
}

// Stream resolves auth for model and starts a request with the API
// registered for model.API. opts may be nil; its APIKey, Headers (which
// override resolved headers), Env and HTTPClient default to the registry's.
func (r *Registry) Stream(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	r.mu.RLock()
	api, ok := r.apis[model.API]
	r.mu.RUnlock()
	if !ok {
		return nil, &Error{Kind: ErrUnknownAPI, Message: "No API provider registered for api: " + model.API}
	}
	var o Options
	if opts != nil {
		o = *opts
	}
	key, headers, err := r.Auth(ctx, model)
	if err != nil {
		return nil, err
	}
	if o.APIKey == "" {
		o.APIKey = key
	}
	if len(headers) > 0 {
		for k, v := range o.Headers {
			headers[k] = v
		}
		o.Headers = headers
	}
	if o.OnHeaders != nil {
		transformHeaders(ctx, &o)
	}
	if o.Env == nil {
		o.Env = r.opts.Env
	}
	r.mu.RLock()
	o.Env = overlayEnv(o.Env, r.st.auth[model.Provider].Env)
	r.mu.RUnlock()
	if o.HTTPClient == nil {
		o.HTTPClient = r.opts.HTTPClient
	}
	model, err = providerRequest(model, &o)
	if err != nil {
		return nil, err
	}
	resolved := resolveTranscript(model, c)
	if resolved != c && o.EstimateContext == nil {
		o.EstimateContext = c
	}
	return api.Stream(ctx, model, resolved, &o)
}

// Complete runs Stream and waits for the final message.
func (r *Registry) Complete(ctx context.Context, model *Model, c *Context, opts *Options) (*AssistantMessage, error) {
	s, err := r.Stream(ctx, model, c, opts)
	if err != nil {
		return nil, err
	}
	return s.Result(), nil
}

// transformHeaders runs o.OnHeaders over the request's own headers.
func transformHeaders(ctx context.Context, o *Options) {
	in := make(map[string]any, len(o.Headers))
	for k, v := range o.Headers {
		in[k] = v
	}
	out := o.OnHeaders(ctx, in)
	o.OnHeaders = nil
	if out == nil {
		return
	}
	hs := map[string]string{}
	drop := slices.Clone(o.DropHeaders)
	for k, v := range out {
		switch x := v.(type) {
		case string:
			hs[k] = x
		case nil:
			drop = append(drop, k)
		}
	}
	o.Headers, o.DropHeaders = hs, drop
}

// overlayEnv is env with a stored credential's variables over it (pi-ai
// 1.6's overlayEnvAuthContext); env itself when there are none.
func overlayEnv(env, over map[string]string) map[string]string {
	if len(over) == 0 {
		return env
	}
	out := make(map[string]string, len(env)+len(over))
	for k, v := range env {
		out[k] = v
	}
	for k, v := range over {
		if v != "" {
			out[k] = v
		}
	}
	return out
}
