package provider

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/schema"
)

// ModelsConfig is the content of <agentDir>/models.json.
type ModelsConfig struct {
	Providers map[string]ProviderConfig `json:"providers"`
}

// ProviderConfig configures one provider, in models.json and for
// [Registry.RegisterProvider] (pi.registerProvider). For a provider of the
// catalog every field is optional and overrides; for a new provider with
// models, baseUrl and apiKey are required and api must be set here or per
// model.
type ProviderConfig struct {
	Name    string `json:"name,omitempty"`
	BaseURL string `json:"baseUrl,omitempty"`
	// APIKey is a literal key, the name of an environment variable holding
	// it, or "!command" whose trimmed stdout is the key (run per request).
	APIKey string `json:"apiKey,omitempty"`
	API    string `json:"api,omitempty"`
	// Headers are sent with every request; values resolve like APIKey.
	Headers map[string]string `json:"headers,omitempty"`
	// AuthHeader adds "Authorization: Bearer <key>".
	AuthHeader     bool                     `json:"authHeader,omitempty"`
	Compat         *Compat                  `json:"compat,omitempty"`
	Models         []ModelDefinition        `json:"models,omitempty"`
	ModelOverrides map[string]ModelOverride `json:"modelOverrides,omitempty"`

	// Stream implements API for the provider's models (pi.registerProvider's
	// streamSimple); RegisterProvider only, requires API.
	Stream API `json:"-"`
	// RawCompat is models.json's "compat" as written (JSON, key order
	// kept): pi merges it into the provider's classifier models, whose
	// fields (imageInput, sendImageOptInHeader) Compat does not have.
	RawCompat string `json:"-"`
}

// ModelDefinition is a custom model. Defaults: name = id, api and baseUrl
// from the provider (or the catalog's provider), reasoning false, input
// ["text"], cost 0, contextWindow 128000, maxTokens 16384.
type ModelDefinition struct {
	ID               string            `json:"id"`
	Name             string            `json:"name,omitempty"`
	API              string            `json:"api,omitempty"`
	BaseURL          string            `json:"baseUrl,omitempty"`
	Reasoning        *bool             `json:"reasoning,omitempty"`
	ThinkingLevelMap ThinkingLevelMap  `json:"thinkingLevelMap,omitempty"`
	Input            []string          `json:"input,omitempty"`
	Cost             *Cost             `json:"cost,omitempty"`
	ContextWindow    *int              `json:"contextWindow,omitempty"`
	MaxTokens        *int              `json:"maxTokens,omitempty"`
	Headers          map[string]string `json:"headers,omitempty"`
	Compat           *Compat           `json:"compat,omitempty"`
	PromptCache      *PromptCache      `json:"promptCache,omitempty"`
	InputLimits      *InputLimits      `json:"inputLimits,omitempty"`
}

// ModelOverride changes fields of a catalog model; cost may be partial and
// thinkingLevelMap and compat are merged.
type ModelOverride struct {
	Name             string            `json:"name,omitempty"`
	Reasoning        *bool             `json:"reasoning,omitempty"`
	ThinkingLevelMap ThinkingLevelMap  `json:"thinkingLevelMap,omitempty"`
	Input            []string          `json:"input,omitempty"`
	Cost             *CostOverride     `json:"cost,omitempty"`
	ContextWindow    *int              `json:"contextWindow,omitempty"`
	MaxTokens        *int              `json:"maxTokens,omitempty"`
	Headers          map[string]string `json:"headers,omitempty"`
	Compat           *Compat           `json:"compat,omitempty"`
	// PromptCache's tiers replace the model's one by one.
	PromptCache *PromptCache `json:"promptCache,omitempty"`
	// InputLimits are merged into the model's (pi's mergeInputLimits).
	InputLimits *InputLimits `json:"inputLimits,omitempty"`
}

// UnmarshalJSON reads contextWindow and maxTokens as any JSON number, as
// pi's schema allows; pigo counts whole tokens, so a fraction is rounded
// up (a positive count stays positive, as pi's check wants).
func (d *ModelDefinition) UnmarshalJSON(b []byte) error {
	type plain ModelDefinition
	return unmarshalTokenCounts(b, (*plain)(d), &d.ContextWindow, &d.MaxTokens)
}

// UnmarshalJSON reads contextWindow and maxTokens as
// [ModelDefinition.UnmarshalJSON] does.
func (o *ModelOverride) UnmarshalJSON(b []byte) error {
	type plain ModelOverride
	return unmarshalTokenCounts(b, (*plain)(o), &o.ContextWindow, &o.MaxTokens)
}

// unmarshalTokenCounts decodes the model object b into rest (a model
// type without its UnmarshalJSON) but for contextWindow and maxTokens,
// which go to contextWindow and maxTokens in whole tokens.
func unmarshalTokenCounts(b []byte, rest any, contextWindow, maxTokens **int) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		return err
	}
	for key, dst := range map[string]**int{"contextWindow": contextWindow, "maxTokens": maxTokens} {
		raw, ok := fields[key]
		if !ok {
			continue
		}
		delete(fields, key)
		var n *float64
		if err := json.Unmarshal(raw, &n); err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		if n != nil {
			whole := int(math.Ceil(*n))
			*dst = &whole
		}
	}
	others, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	return json.Unmarshal(others, rest)
}

// CostOverride is a partial [Cost].
type CostOverride struct {
	Input      *float64 `json:"input,omitempty"`
	Output     *float64 `json:"output,omitempty"`
	CacheRead  *float64 `json:"cacheRead,omitempty"`
	CacheWrite *float64 `json:"cacheWrite,omitempty"`
	// Tiers, when given, replace the model's tiers as a whole.
	Tiers []CostTier `json:"tiers,omitempty"`
}

// ConfigError is one problem in models.json or auth.json.
type ConfigError struct {
	File    string // path of the file
	Path    string // JSON path such as "providers.mock.models.0.id"; "" for the file
	Message string
	// Schema marks a schema error of models.json (Path and Message as pi
	// lists them under "Invalid models.json schema:").
	Schema bool
	// Provider is set when the error left out that models.json provider
	// (pi's composition error), the rest of the file being used.
	Provider string
	// Err is the file system's error when the file could not be read.
	Err error
}

// Unwrap returns Err.
func (e *ConfigError) Unwrap() error { return e.Err }

func (e *ConfigError) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("%s: %s", e.File, e.Message)
	}
	return fmt.Sprintf("%s: %s: %s", e.File, e.Path, e.Message)
}

// StripJSONComments removes // line comments and then trailing commas
// (a comma followed only by whitespace and } or ]) outside string literals,
// as pi does before parsing models.json.
func StripJSONComments(s string) string {
	return stripOutsideStrings(stripOutsideStrings(s, func(s string, i int) int {
		if s[i] == '/' && i+1 < len(s) && s[i+1] == '/' {
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return len(s) - i
			}
			return j
		}
		return 0
	}), func(s string, i int) int {
		if s[i] != ',' {
			return 0
		}
		j := i + 1
		for j < len(s) && strings.IndexByte(" \t\r\n", s[j]) >= 0 {
			j++
		}
		if j < len(s) && (s[j] == '}' || s[j] == ']') {
			return 1
		}
		return 0
	})
}

// stripOutsideStrings copies s, skipping the number of bytes drop returns
// at each position outside a string literal.
func stripOutsideStrings(s string, drop func(s string, i int) int) string {
	var b strings.Builder
	inString, escaped := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			b.WriteByte(c)
			continue
		}
		if n := drop(s, i); n > 0 {
			i += n - 1
			continue
		}
		if c == '"' {
			inString = true
		}
		b.WriteByte(c)
	}
	return b.String()
}

// ParseModelsJSON parses models.json text (a leading BOM, // comments and
// trailing commas allowed) and checks it as pi 1.6 does
// (ModelConfig.load, then composeModelProvider per provider). Unparsable
// JSON or a schema error ignores the whole file: the errors are returned
// with a nil config. A provider that cannot be composed (no api or baseUrl
// for a custom model, nothing to configure) is left out of the returned
// config and reported; the other providers stay. catalog is the built-in
// model list, whose providers lend api and baseUrl defaults.
func ParseModelsJSON(data []byte, file string, catalog []*Model) (*ModelsConfig, []error) {
	clean := StripJSONComments(strings.TrimPrefix(string(data), "\uFEFF"))
	doc, err := jsjson.Parse([]byte(clean))
	if err != nil {
		msg := jsjson.ParseError(clean)
		if msg == "" {
			msg = err.Error()
		}
		return nil, []error{&ConfigError{File: file, Message: "Failed to parse models.json: " + msg}}
	}
	if schemaErrs := validateModelsSchema(doc); len(schemaErrs) > 0 {
		errs := make([]error, len(schemaErrs))
		for i, e := range schemaErrs {
			errs[i] = &ConfigError{File: file, Path: schema.FormatPath(e), Message: e.Message, Schema: true}
		}
		return nil, errs
	}
	// The parsed document again as JSON.stringify writes it: numbers such
	// as 1e6 or 16384.0, which pi takes as they are, become integers Go
	// can decode.
	canonical, err := jsjson.Marshal(doc)
	if err != nil {
		return nil, []error{&ConfigError{File: file, Message: "Failed to load models.json: " + err.Error()}}
	}
	var cfg ModelsConfig
	if err := json.Unmarshal(canonical, &cfg); err != nil {
		return nil, []error{&ConfigError{File: file, Message: "Failed to load models.json: " + err.Error()}}
	}
	raw, _ := doc.(*jsjson.Object).Get("providers")
	providers := raw.(*jsjson.Object)
	var errs []error
	for _, name := range composeOrder(providers, catalog) {
		v, _ := providers.Get(name)
		rawProvider, _ := v.(*jsjson.Object) // the schema's "^.*$" skips names with a line break
		if msg := providerConfigError(name, cfg.Providers[name], rawProvider, catalog); msg != "" {
			delete(cfg.Providers, name)
			errs = append(errs, &ConfigError{File: file, Path: "providers." + name, Provider: name, Message: msg})
			continue
		}
		if rawProvider == nil {
			continue
		}
		if c, ok := rawProvider.Get("compat"); ok {
			if b, err := jsjson.Marshal(c); err == nil {
				pc := cfg.Providers[name]
				pc.RawCompat = string(b)
				cfg.Providers[name] = pc
			}
		}
	}
	return &cfg, errs
}

// piBuiltinProviders are pi-ai 1.6's built-in providers in the order pi
// composes them (builtinProviders); TestPiBuiltinProvidersMatchPi16
// checks the list against the installed pi. pigo's catalog has models for
// some of them only.
var piBuiltinProviders = []string{
	"amazon-bedrock", "ant-ling", "anthropic", "azure", "baseten", "cerebras", "cloudflare-ai-gateway",
	"cloudflare-workers-ai", "deepseek", "fireworks", "github-copilot", "google", "google-vertex", "groq",
	"huggingface", "kimi-coding", "meta", "minimax", "minimax-cn", "mistral", "moonshotai", "moonshotai-cn",
	"nvidia", "openai", "openai-codex", "opencode", "opencode-go", "openrouter", "qwen-token-plan",
	"qwen-token-plan-cn", "qwen-token-plan-individual", "qwen-token-plan-individual-cn", "radius", "together",
	"typesafe", "vercel-ai-gateway", "xai", "xiaomi", "xiaomi-token-plan-ams", "xiaomi-token-plan-cn",
	"xiaomi-token-plan-sgp", "zai", "zai-coding-cn",
}

// composeOrder is the order pi composes models.json's providers in (and so
// reports their errors in): pi's built-in ones in piBuiltinProviders'
// order, then the others as the file lists them.
func composeOrder(providers *jsjson.Object, catalog []*Model) []string {
	listed := jsjson.ObjectKeys(*providers)
	var order []string
	for _, name := range piBuiltinProviders {
		if contains(listed, name) {
			order = append(order, name)
		}
	}
	for _, m := range catalog { // a catalog provider pi does not have
		if contains(listed, m.Provider) && !contains(order, m.Provider) {
			order = append(order, m.Provider)
		}
	}
	for _, name := range listed {
		if !contains(order, name) {
			order = append(order, name)
		}
	}
	return order
}

// providerConfigError is the first error pi 1.6's applyModelsJson throws
// for a provider's models.json entry ("" when it composes): raw is the
// entry as parsed, for the fields pigo does not keep (oauth).
func providerConfigError(name string, pc ProviderConfig, raw *jsjson.Object, catalog []*Model) string {
	if raw == nil {
		raw = &jsjson.Object{}
	}
	_, hasOAuth := raw.Get("oauth")
	_, hasAuthHeader := raw.Get("authHeader")
	if hasOAuth && pc.BaseURL == "" {
		return fmt.Sprintf(`Provider %s: "baseUrl" is required when "oauth" is set.`, name)
	}
	if len(pc.Models) == 0 && pc.BaseURL == "" && pc.Headers == nil && pc.Compat == nil && len(pc.ModelOverrides) == 0 &&
		pc.APIKey == "" && !hasOAuth && !hasAuthHeader {
		return fmt.Sprintf(`Provider %s: must specify "baseUrl", "headers", "compat", "modelOverrides", or "models".`, name)
	}
	models := providerBaseModels(name, pc, catalog)
	for _, md := range pc.Models {
		var defAPI, defBase string
		if d := findModelDefaults(models, md.ID, firstNonEmpty(md.API, pc.API)); d != nil {
			defAPI, defBase = d.API, d.BaseURL
		}
		if firstNonEmpty(md.API, pc.API, defAPI) == "" {
			return fmt.Sprintf(`Provider %s, model %s: no "api" specified. Set at provider or model level.`, name, md.ID)
		}
		if firstNonEmpty(md.BaseURL, pc.BaseURL, defBase) == "" {
			return fmt.Sprintf(`Provider %s: "baseUrl" is required when defining custom models.`, name)
		}
		if md.ContextWindow != nil && *md.ContextWindow <= 0 {
			return fmt.Sprintf("Provider %s, model %s: invalid contextWindow", name, md.ID)
		}
		if md.MaxTokens != nil && *md.MaxTokens <= 0 {
			return fmt.Sprintf("Provider %s, model %s: invalid maxTokens", name, md.ID)
		}
		models = upsertModel(models, modelFromDefinition(name, pc, md, defAPI, defBase))
	}
	return ""
}

// providerBaseModels are a provider's catalog models with models.json's
// baseUrl applied: what its custom models are added to.
func providerBaseModels(name string, pc ProviderConfig, catalog []*Model) []*Model {
	var models []*Model
	for _, m := range catalog {
		if m.Provider == name {
			c := *m
			c.BaseURL = firstNonEmpty(pc.BaseURL, m.BaseURL)
			models = append(models, &c)
		}
	}
	return models
}

// findModelDefaults is pi 1.6's findModelDefaults: the model a custom
// model takes its api and baseUrl defaults from (the same id, else the
// first with its api, else the first chat-completions one, else the
// first).
func findModelDefaults(models []*Model, id, api string) *Model {
	for _, m := range models {
		if m.ID == id {
			return m
		}
	}
	for _, want := range []string{api, "openai-completions"} {
		for _, m := range models {
			if want != "" && m.API == want {
				return m
			}
		}
	}
	if len(models) > 0 {
		return models[0]
	}
	return nil
}

// upsertModel replaces the model with m's provider and id, or appends m.
func upsertModel(models []*Model, m *Model) []*Model {
	for i, e := range models {
		if e.Provider == m.Provider && e.ID == m.ID {
			models[i] = m
			return models
		}
	}
	return append(models, m)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// customModels is pi 1.6's applyModelsJson for the models.json
// definitions: each takes api and baseUrl defaults from its provider's
// models so far (findModelDefaults), in file order.
func customModels(cfg *ModelsConfig, catalog []*Model) []*Model {
	var out []*Model
	for _, name := range sortedKeys(cfg.Providers) {
		pc := cfg.Providers[name]
		models := providerBaseModels(name, pc, catalog)
		for _, md := range pc.Models {
			var defAPI, defBase string
			if d := findModelDefaults(models, md.ID, firstNonEmpty(md.API, pc.API)); d != nil {
				defAPI, defBase = d.API, d.BaseURL
			}
			if m := modelFromDefinition(name, pc, md, defAPI, defBase); m != nil {
				models = upsertModel(models, m)
				out = append(out, m)
			}
		}
	}
	return out
}

// modelFromDefinition applies pi's defaults; nil when api or baseUrl is
// unknown.
func modelFromDefinition(provider string, pc ProviderConfig, md ModelDefinition, defAPI, defBase string) *Model {
	api := firstNonEmpty(md.API, pc.API, defAPI)
	base := firstNonEmpty(md.BaseURL, pc.BaseURL, defBase)
	if api == "" || base == "" {
		return nil
	}
	m := &Model{ID: md.ID, Name: firstNonEmpty(md.Name, md.ID), API: api, Provider: provider, BaseURL: base,
		Input: []string{"text"}, ContextWindow: 128000, MaxTokens: 16384,
		Compat: mergeCompat(pc.Compat, md.Compat)}
	if md.Reasoning != nil {
		m.Reasoning = *md.Reasoning
	}
	if md.ThinkingLevelMap != nil {
		m.ThinkingLevelMap = (&Model{ThinkingLevelMap: md.ThinkingLevelMap}).Clone().ThinkingLevelMap
	}
	if md.Input != nil {
		m.Input = append([]string(nil), md.Input...)
	}
	if md.Cost != nil {
		m.Cost = *md.Cost
	}
	if md.ContextWindow != nil {
		m.ContextWindow = *md.ContextWindow
	}
	if md.MaxTokens != nil {
		m.MaxTokens = *md.MaxTokens
	}
	if md.PromptCache != nil {
		pc := *md.PromptCache
		m.PromptCache = &pc
	}
	m.InputLimits = md.InputLimits.Clone()
	return m
}

// applyModelOverride is pi's applyModelOverride.
func applyModelOverride(m *Model, o ModelOverride) *Model {
	r := m.Clone()
	if o.Name != "" {
		r.Name = o.Name
	}
	if o.Reasoning != nil {
		r.Reasoning = *o.Reasoning
	}
	if o.ThinkingLevelMap != nil {
		if r.ThinkingLevelMap == nil {
			r.ThinkingLevelMap = ThinkingLevelMap{}
		}
		for k, v := range o.ThinkingLevelMap {
			r.ThinkingLevelMap[k] = v
		}
	}
	if o.Input != nil {
		r.Input = append([]string(nil), o.Input...)
	}
	if o.ContextWindow != nil {
		r.ContextWindow = *o.ContextWindow
	}
	if o.MaxTokens != nil {
		r.MaxTokens = *o.MaxTokens
	}
	if c := o.Cost; c != nil {
		set := func(dst *float64, v *float64) {
			if v != nil {
				*dst = *v
			}
		}
		set(&r.Cost.Input, c.Input)
		set(&r.Cost.Output, c.Output)
		set(&r.Cost.CacheRead, c.CacheRead)
		set(&r.Cost.CacheWrite, c.CacheWrite)
		if c.Tiers != nil {
			r.Cost.Tiers = c.Tiers
		}
	}
	r.Compat = mergeCompat(r.Compat, o.Compat)
	if o.PromptCache != nil {
		pc := PromptCache{}
		if r.PromptCache != nil {
			pc = *r.PromptCache
		}
		if o.PromptCache.Short != nil {
			pc.Short = o.PromptCache.Short
		}
		if o.PromptCache.Long != nil {
			pc.Long = o.PromptCache.Long
		}
		r.PromptCache = &pc
	}
	r.InputLimits = mergeInputLimits(r.InputLimits, o.InputLimits)
	return r
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
