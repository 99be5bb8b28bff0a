// Package llama is pi 1.6's built-in llama.cpp support (builtin:llama.cpp)
// as a Go-native plugin: the "llama.cpp" provider, whose models are those
// of a llama.cpp router (LLAMA_BASE_URL, or the server /login stored in
// auth.json), fetched from its GET /models and /props, kept in
// models-store.json as pi keeps them, and /llama to load and unload the
// router's models.
package llama

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

// ID is the plugin's id in an app.
const ID = "builtin:llama.cpp"

// Name is the built-in extension's name (settings' "-builtin:llama.cpp").
const Name = "llama.cpp"

// ProviderID is the provider the plugin registers.
const ProviderID = "llama.cpp"

// DefaultServerURL is where pi's /login suggests the router is.
const DefaultServerURL = "http://127.0.0.1:9931"

// Options configure the plugin.
type Options struct {
	AgentDir string            // auth.json and models-store.json; "" reads and writes neither
	Env      map[string]string // LLAMA_BASE_URL, LLAMA_API_KEY, PI_OFFLINE
	HTTP     *http.Client      // default http.DefaultClient
	// PollInterval is how often /llama polls a load or unload (pi: 250 ms).
	PollInterval time.Duration
}

// Spec is the plugin as a manifest entry.
func Spec(opts Options) engine.PluginSpec {
	return engine.PluginSpec{ID: ID, Source: ID, Loader: Plugin(opts)}
}

// Plugin returns the plugin's loader.
func Plugin(opts Options) engine.GoPlugin {
	return func(_ context.Context, g *engine.Generation) error {
		p := &plugin{opts: opts, gen: g, h: g.Host()}
		p.auth, p.authErr = resolveAuth(opts)
		p.restore()
		if _, err := p.h.Providers().Add(g, p.contribute); err != nil {
			return err
		}
		if _, err := p.h.Commands().Add(g, func(_ context.Context, d *engine.Draft[engine.Command]) error {
			d.Set("llama", engine.Command{Description: "Manage llama.cpp router models", Handler: p.command, HandlerID: ID + "/command"})
			return nil
		}); err != nil {
			return err
		}
		return g.On("session_start", p.sessionStart)
	}
}

type plugin struct {
	opts    Options
	gen     *engine.Generation
	h       *engine.Host
	auth    auth
	authErr error

	mu          sync.Mutex
	models      []*jsjson.Object // chat models, as stored
	classifiers []*jsjson.Object
	refreshed   bool // the start-up network refresh ran
}

// auth is what pi's apiKey.resolve makes of the stored credential and the
// environment: the server (empty: not configured) and the key.
type auth struct {
	serverURL string
	apiKey    string
}

// resolveAuth reads auth.json's llama.cpp entry ({"type": "api_key",
// "key"?, "env": {"LLAMA_BASE_URL"}}) and the environment: the stored
// server wins over LLAMA_BASE_URL, the stored key over LLAMA_API_KEY,
// and without either key pi sends "local".
func resolveAuth(opts Options) (auth, error) {
	var cred struct {
		Type string            `json:"type"`
		Key  *string           `json:"key"`
		Env  map[string]string `json:"env"`
	}
	if opts.AgentDir != "" {
		if b, err := os.ReadFile(filepath.Join(opts.AgentDir, "auth.json")); err == nil {
			var all map[string]json.RawMessage
			if json.Unmarshal(b, &all) == nil && all[ProviderID] != nil {
				_ = json.Unmarshal(all[ProviderID], &cred)
			}
		}
	}
	if cred.Type != "api_key" {
		cred.Key, cred.Env = nil, nil
	}
	raw, where := strings.TrimSpace(cred.Env["LLAMA_BASE_URL"]), "auth.json"
	if raw == "" {
		raw, where = strings.TrimSpace(opts.Env["LLAMA_BASE_URL"]), "LLAMA_BASE_URL"
	}
	if raw == "" {
		return auth{}, nil
	}
	u, err := NormalizeServerURL(raw)
	if err != nil {
		return auth{}, fmt.Errorf("%s: %w", where, err)
	}
	a := auth{serverURL: u, apiKey: "local"}
	if cred.Key != nil {
		a.apiKey = *cred.Key
	} else if k, ok := opts.Env["LLAMA_API_KEY"]; ok {
		a.apiKey = k
	}
	return a, nil
}

// restore takes the models a previous refresh stored (pi restores them
// before it resolves credentials or touches the network).
func (p *plugin) restore() {
	if p.opts.AgentDir == "" {
		return
	}
	stored, ok, err := provider.ReadStoredModels(p.opts.AgentDir, ProviderID)
	if err != nil {
		p.warn("models-store.json", err.Error())
		return
	}
	if !ok {
		return
	}
	var models, classifiers []*jsjson.Object
	for _, m := range stored.Models {
		if str(m, "provider") != ProviderID {
			continue
		}
		switch {
		case storedChatModel(m):
			models = append(models, m)
		case storedClassifier(m):
			classifiers = append(classifiers, m)
		}
	}
	p.mu.Lock()
	p.models, p.classifiers = models, classifiers
	p.mu.Unlock()
}

func (p *plugin) warn(where, text string) {
	p.h.RecordDiagnostic(engine.Diagnostic{Plugin: ID, Severity: engine.SeverityWarning, Where: where, Text: text})
}

// contribute registers the provider with its chat models while a server
// is configured (pi lists a provider's models only when its auth check
// passes). Without models there is no entry, so the registry drops
// models an earlier build had.
func (p *plugin) contribute(_ context.Context, d *engine.Draft[map[string]any]) error {
	p.mu.Lock()
	models, classifiers := slices.Clone(p.models), slices.Clone(p.classifiers)
	p.mu.Unlock()
	if p.auth.serverURL == "" || len(models) == 0 {
		return nil
	}
	list, err := plainModels(models)
	if err != nil {
		return err
	}
	for _, v := range list {
		// Requests go to the configured server, whatever a stored model
		// says: pi's resolved auth carries the base URL and it wins.
		v.(map[string]any)["baseUrl"] = InferenceURL(p.auth.serverURL)
	}
	// The classifier models go to the compat adapter's
	// ctx.modelRegistry (classify), not to the chat registry, as JSON in
	// pi's key order.
	if classifiers == nil {
		classifiers = []*jsjson.Object{}
	}
	classifierList, err := json.Marshal(classifiers)
	if err != nil {
		return err
	}
	d.Set(ProviderID, map[string]any{"name": "llama.cpp", "baseUrl": InferenceURL(p.auth.serverURL), "apiKey": p.auth.apiKey,
		"api": "openai-completions", "models": list, "__pigoClassifierModels": string(classifierList)})
	return nil
}

// plainModels are models as registry data.
func plainModels(models []*jsjson.Object) ([]any, error) {
	list := make([]any, len(models))
	for i, m := range models {
		b, err := json.Marshal(m)
		if err != nil {
			return nil, err
		}
		var v map[string]any
		if err := json.Unmarshal(b, &v); err != nil {
			return nil, err
		}
		list[i] = v
	}
	return list, nil
}

// sessionStart refreshes the catalog from the router in the background
// once, where pi does: in RPC and interactive mode, unless offline
// (PI_OFFLINE). A failure leaves the stored models and is recorded as a
// warning; pi ignores it too.
func (p *plugin) sessionStart(context.Context, any) error {
	mode := piapi.Of(p.h).Mode()
	if mode != "rpc" && mode != "tui" {
		return nil
	}
	if _, offline := p.opts.Env["PI_OFFLINE"]; offline {
		return nil
	}
	p.mu.Lock()
	run := !p.refreshed
	p.refreshed = true
	p.mu.Unlock()
	if !run {
		return nil
	}
	if p.authErr != nil {
		p.warn("model refresh", p.authErr.Error())
		return nil
	}
	if p.auth.serverURL == "" {
		return nil
	}
	go func() {
		ctx, cancel := context.WithTimeout(p.gen.Context(), 15*time.Second)
		defer cancel()
		if err := p.refresh(ctx, nil); err != nil && ctx.Err() == nil {
			p.warn("model refresh", "Model refresh failed for llama.cpp: "+err.Error())
		}
	}()
	return nil
}

func (p *plugin) client() *Client {
	c := &Client{ServerURL: p.auth.serverURL, APIKey: p.auth.apiKey, HTTP: p.opts.HTTP, PollInterval: p.opts.PollInterval}
	if c.HTTP == nil {
		c.HTTP = http.DefaultClient
	}
	return c
}

// refresh is pi's refreshModels with network: the router's catalog
// (catalog, when the caller just read it, else GET /models), whether it
// autoloads presets (GET /props), the chat template of each loaded chat
// model (GET /props?model=...), stored and then published.
func (p *plugin) refresh(ctx context.Context, catalog []ModelInfo) error {
	c := p.client()
	if catalog == nil {
		var err error
		if catalog, err = c.List(ctx); err != nil {
			return err
		}
	}
	cached := map[string]int{}
	p.mu.Lock()
	for _, m := range append(slices.Clone(p.models), p.classifiers...) {
		if v, ok := m.Get("contextWindow"); ok {
			if n, ok := v.(float64); ok {
				cached[str(m, "id")] = int(n)
			}
		}
	}
	p.mu.Unlock()
	autoload := false
	if slices.ContainsFunc(catalog, func(m ModelInfo) bool { return m.Status.Value == "unloaded" && m.Source == "preset" }) {
		if props, err := c.Props(ctx, ""); err == nil && props.ModelsAutoload != nil {
			autoload = *props.ModelsAutoload
		}
	}
	var models, classifiers []*jsjson.Object
	for _, m := range catalog {
		if !modelSelectable(m, autoload) {
			continue
		}
		if m.chatModel() {
			var props *Props
			if m.Status.Value == "loaded" {
				pr, err := c.Props(ctx, m.ID)
				if err != nil {
					return err
				}
				props = &pr
			}
			models = append(models, chatModelOf(m, c.ServerURL, props, cached[m.ID]))
		}
	}
	for _, m := range catalog {
		if modelSelectable(m, autoload) {
			classifiers = append(classifiers, classifierModelOf(m, c.ServerURL, cached[m.ID]))
		}
	}
	if p.opts.AgentDir != "" {
		stored := provider.StoredModels{Models: append(slices.Clone(models), classifiers...), CheckedAt: float64(time.Now().UnixMilli())}
		if err := provider.WriteStoredModels(ctx, p.opts.AgentDir, ProviderID, stored); err != nil {
			return err
		}
	}
	p.mu.Lock()
	p.models, p.classifiers = models, classifiers
	p.mu.Unlock()
	_, err := p.h.Providers().Rebuild(ctx)
	return err
}
