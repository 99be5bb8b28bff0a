package provider

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
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
}

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

// ParseModelsJSON parses models.json text (comments and trailing commas
// allowed) and validates it like pi: every problem is reported, and any
// problem means the file's custom models and overrides are not used.
// builtinProviders are the provider names of the catalog.
func ParseModelsJSON(data []byte, file string, builtinProviders []string) (*ModelsConfig, []error) {
	clean := StripJSONComments(string(data))
	var raw any
	if err := json.Unmarshal([]byte(clean), &raw); err != nil {
		return nil, []error{&ConfigError{File: file, Message: "Failed to parse models.json: " + err.Error()}}
	}
	v := &validator{file: file}
	v.config(raw)
	if len(v.errs) > 0 {
		return nil, v.errs
	}
	var cfg ModelsConfig
	if err := json.Unmarshal([]byte(clean), &cfg); err != nil {
		return nil, []error{&ConfigError{File: file, Message: "Failed to load models.json: " + err.Error()}}
	}
	if errs := validateModelsConfig(&cfg, file, builtinProviders); len(errs) > 0 {
		return nil, errs
	}
	return &cfg, nil
}

// validateModelsConfig is pi's ModelRegistry.validateConfig, collecting
// every problem instead of throwing the first.
func validateModelsConfig(cfg *ModelsConfig, file string, builtin []string) []error {
	var errs []error
	add := func(path, format string, args ...any) {
		errs = append(errs, &ConfigError{File: file, Path: path, Message: fmt.Sprintf(format, args...)})
	}
	for _, name := range sortedKeys(cfg.Providers) {
		pc := cfg.Providers[name]
		isBuiltin := contains(builtin, name)
		path := "providers." + name
		if len(pc.Models) == 0 {
			if pc.BaseURL == "" && len(pc.Headers) == 0 && pc.Compat == nil && len(pc.ModelOverrides) == 0 {
				add(path, `Provider %s: must specify "baseUrl", "headers", "compat", "modelOverrides", or "models".`, name)
			}
			continue
		}
		if !isBuiltin {
			if pc.BaseURL == "" {
				add(path, `Provider %s: "baseUrl" is required when defining custom models.`, name)
			}
			if pc.APIKey == "" {
				add(path, `Provider %s: "apiKey" is required when defining custom models.`, name)
			}
		}
		for i, md := range pc.Models {
			mp := fmt.Sprintf("%s.models.%d", path, i)
			if pc.API == "" && md.API == "" && !isBuiltin {
				add(mp, `Provider %s, model %s: no "api" specified. Set at provider or model level.`, name, md.ID)
			}
			if md.ContextWindow != nil && *md.ContextWindow <= 0 {
				add(mp, "Provider %s, model %s: invalid contextWindow", name, md.ID)
			}
			if md.MaxTokens != nil && *md.MaxTokens <= 0 {
				add(mp, "Provider %s, model %s: invalid maxTokens", name, md.ID)
			}
		}
	}
	return errs
}

// validator checks the raw JSON against pi's TypeBox schema (ModelsConfigSchema).
type validator struct {
	file string
	errs []error
}

func (v *validator) fail(path, msg string) {
	if path == "" {
		path = "root"
	}
	v.errs = append(v.errs, &ConfigError{File: v.file, Path: path, Message: msg})
}

func (v *validator) object(path string, x any) (map[string]any, bool) {
	m, ok := x.(map[string]any)
	if !ok {
		v.fail(path, "Expected object")
	}
	return m, ok
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func (v *validator) config(raw any) {
	root, ok := v.object("", raw)
	if !ok {
		return
	}
	ps, ok := root["providers"]
	if !ok {
		v.fail("providers", "Expected required property")
		return
	}
	provs, ok := v.object("providers", ps)
	if !ok {
		return
	}
	for _, name := range sortedKeys(provs) {
		v.provider(join("providers", name), provs[name])
	}
}

func (v *validator) provider(path string, x any) {
	p, ok := v.object(path, x)
	if !ok {
		return
	}
	for _, k := range []string{"name", "baseUrl", "apiKey", "api"} {
		v.optString(p, path, k)
	}
	v.optHeaders(p, path)
	v.optBool(p, path, "authHeader")
	v.optCompat(p, path)
	if ms, ok := p["models"]; ok {
		arr, ok := ms.([]any)
		if !ok {
			v.fail(join(path, "models"), "Expected array")
		}
		for i, m := range arr {
			v.modelDef(fmt.Sprintf("%s.models.%d", path, i), m)
		}
	}
	if ov, ok := p["modelOverrides"]; ok {
		om, ok := v.object(join(path, "modelOverrides"), ov)
		if ok {
			for _, id := range sortedKeys(om) {
				v.modelOverride(join(join(path, "modelOverrides"), id), om[id])
			}
		}
	}
}

func (v *validator) modelDef(path string, x any) {
	m, ok := v.object(path, x)
	if !ok {
		return
	}
	if id, ok := m["id"]; !ok {
		v.fail(join(path, "id"), "Expected required property")
	} else if s, ok := id.(string); !ok || s == "" {
		v.fail(join(path, "id"), "Expected string length >= 1")
	}
	for _, k := range []string{"name", "api", "baseUrl"} {
		v.optString(m, path, k)
	}
	v.modelCommon(m, path, true)
}

func (v *validator) modelOverride(path string, x any) {
	m, ok := v.object(path, x)
	if !ok {
		return
	}
	v.optString(m, path, "name")
	v.modelCommon(m, path, false)
}

// costTiers checks cost.tiers (pi-ai 1.6's ModelCostTierSchema): an array
// of objects with every price and the threshold as numbers, in models and
// model overrides alike.
func (v *validator) costTiers(path string, x any) {
	arr, ok := x.([]any)
	if !ok {
		v.fail(path, "Expected array")
		return
	}
	for i, e := range arr {
		tierPath := fmt.Sprintf("%s.%d", path, i)
		tier, ok := v.object(tierPath, e)
		if !ok {
			continue
		}
		for _, k := range []string{"inputTokensAbove", "input", "output", "cacheRead", "cacheWrite"} {
			x, present := tier[k]
			if !present {
				v.fail(join(tierPath, k), "Expected required property")
			} else if _, isNum := x.(float64); !isNum {
				v.fail(join(tierPath, k), "Expected number")
			}
		}
	}
}

// cost checks a cost object (pi-ai's ModelCostSchema; with full unset,
// a model override's partial one).
func (v *validator) cost(path string, c any, full bool) {
	cm, ok := v.object(path, c)
	if !ok {
		return
	}
	for _, k := range []string{"input", "output", "cacheRead", "cacheWrite"} {
		x, present := cm[k]
		if !present {
			if full {
				v.fail(join(path, k), "Expected required property")
			}
			continue
		}
		if _, isNum := x.(float64); !isNum {
			v.fail(join(path, k), "Expected number")
		}
	}
	if tiers, ok := cm["tiers"]; ok {
		v.costTiers(join(path, "tiers"), tiers)
	}
}

func (v *validator) modelCommon(m map[string]any, path string, fullCost bool) {
	v.optBool(m, path, "reasoning")
	if tl, ok := m["thinkingLevelMap"]; ok {
		if tm, ok := v.object(join(path, "thinkingLevelMap"), tl); ok {
			for _, k := range sortedKeys(tm) {
				if !ThinkingLevel(k).Valid() {
					continue
				}
				if _, isStr := tm[k].(string); tm[k] != nil && !isStr {
					v.fail(join(join(path, "thinkingLevelMap"), k), "Expected string or null")
				}
			}
		}
	}
	if in, ok := m["input"]; ok {
		arr, ok := in.([]any)
		if !ok {
			v.fail(join(path, "input"), "Expected array")
		}
		for i, e := range arr {
			if e != "text" && e != "image" {
				v.fail(fmt.Sprintf("%s.input.%d", path, i), `Expected "text" or "image"`)
			}
		}
	}
	if c, ok := m["cost"]; ok {
		v.cost(join(path, "cost"), c, fullCost)
	}
	for _, k := range []string{"contextWindow", "maxTokens"} {
		if x, ok := m[k]; ok {
			if _, isNum := x.(float64); !isNum {
				v.fail(join(path, k), "Expected number")
			}
		}
	}
	if pc, ok := m["promptCache"]; ok {
		if pm, ok := v.object(join(path, "promptCache"), pc); ok {
			for _, k := range []string{"short", "long"} {
				x, present := pm[k]
				if !present {
					continue
				}
				if n, isNum := x.(float64); !isNum {
					v.fail(join(join(path, "promptCache"), k), "Expected number")
				} else if n <= 0 {
					v.fail(join(join(path, "promptCache"), k), "Expected number to be greater than 0")
				}
			}
		}
	}
	v.optHeaders(m, path)
	v.optCompat(m, path)
}

func (v *validator) optString(m map[string]any, path, k string) {
	if x, ok := m[k]; ok {
		if s, ok := x.(string); !ok || s == "" {
			v.fail(join(path, k), "Expected string length >= 1")
		}
	}
}

func (v *validator) optBool(m map[string]any, path, k string) {
	if x, ok := m[k]; ok {
		if _, ok := x.(bool); !ok {
			v.fail(join(path, k), "Expected boolean")
		}
	}
}

func (v *validator) optHeaders(m map[string]any, path string) {
	h, ok := m["headers"]
	if !ok {
		return
	}
	hm, ok := v.object(join(path, "headers"), h)
	if !ok {
		return
	}
	for _, k := range sortedKeys(hm) {
		if _, ok := hm[k].(string); !ok {
			v.fail(join(join(path, "headers"), k), "Expected string")
		}
	}
}

func (v *validator) optCompat(m map[string]any, path string) {
	c, ok := m["compat"]
	if !ok {
		return
	}
	cp := join(path, "compat")
	cm, ok := v.object(cp, c)
	if !ok {
		return
	}
	bools := []string{"supportsStore", "supportsDeveloperRole", "supportsReasoningEffort", "supportsUsageInStreaming",
		"requiresToolResultName", "requiresAssistantAfterToolResult", "requiresThinkingAsText",
		"requiresReasoningContentOnAssistantMessages", "zaiToolStream", "supportsStrictMode", "sendSessionAffinityHeaders",
		"supportsLongCacheRetention", "supportsEagerToolInputStreaming", "supportsThinkingTokenBudget",
		// pi 1.6's.
		"supportsMidConvoSystemMessages", "supportsOpenAIGrammarTools", "supportsAdditionalTools", "supportsTemperature",
		"supportsStrictTools", "forceAdaptiveThinking", "supportsFinishReason", "requiresNonNullAssistantContent",
		"requiresToolsWithToolHistory", "supportsMidConvoToolAdditions", "supportsToolSearch", "supportsExplicitPromptCacheMode",
		"supportsMidConvoEffort", "supportsMaxOutputTokens", "supportsCacheControlOnTools", "allowEmptySignature",
		"supportsMidConvoToolChanges", "supportsMessageThreads", "sendImageOptInHeader"}
	for _, k := range bools {
		v.optBool(cm, cp, k)
	}
	enum := func(k string, allowed ...string) {
		if x, ok := cm[k]; ok {
			if s, _ := x.(string); !contains(allowed, s) {
				v.fail(join(cp, k), fmt.Sprintf("Expected one of %s", strings.Join(allowed, ", ")))
			}
		}
	}
	enum("maxTokensField", "max_completion_tokens", "max_tokens")
	enum("thinkingFormat", "openai", "openrouter", "deepseek", "together", "baseten", "zai", "qwen", "chat-template",
		"qwen-chat-template", "string-thinking", "ant-ling")
	enum("thinkingTokenBudgetField", "thinking_token_budget", "thinking_budget", "thinking_budget_tokens")
	enum("cacheControlFormat", "anthropic")
	enum("sessionAffinityFormat", "openai", "openai-nosession", "openrouter")
	enum("promptCacheKeyMode", "auto", "enabled", "disabled")
	enum("imageInput", "assets", "images", "state-image-urls")
	if x, ok := cm["vllmPriority"]; ok {
		if _, ok := x.(float64); !ok {
			v.fail(join(cp, "vllmPriority"), "Expected number")
		}
	}
	for _, k := range []string{"chatTemplateKwargs", "chatTemplateArgs"} {
		if x, ok := cm[k]; ok {
			v.chatTemplateValues(join(cp, k), x)
		}
	}
	for _, k := range []string{"openRouterRouting", "vercelGatewayRouting"} {
		if x, ok := cm[k]; ok {
			v.object(join(cp, k), x)
		}
	}
	if x, ok := cm["allowedFallbackModels"]; ok {
		v.fallbackModels(join(cp, "allowedFallbackModels"), x)
	}
}

// fallbackModels checks compat.allowedFallbackModels (pi-ai 1.6's
// AnthropicAllowedFallbackModelSchema): at most 3 objects, each with a
// non-empty provider and model and a full cost.
func (v *validator) fallbackModels(path string, x any) {
	arr, ok := x.([]any)
	if !ok {
		v.fail(path, "Expected array")
		return
	}
	if len(arr) > 3 {
		v.fail(path, "Expected array length <= 3")
	}
	for i, e := range arr {
		ep := fmt.Sprintf("%s.%d", path, i)
		m, ok := v.object(ep, e)
		if !ok {
			continue
		}
		for _, k := range []string{"provider", "model"} {
			if x, ok := m[k]; !ok {
				v.fail(join(ep, k), "Expected required property")
			} else if s, ok := x.(string); !ok || s == "" {
				v.fail(join(ep, k), "Expected string length >= 1")
			}
		}
		c, ok := m["cost"]
		if !ok {
			v.fail(join(ep, "cost"), "Expected required property")
			continue
		}
		v.cost(join(ep, "cost"), c, true)
	}
}

// chatTemplateValues checks chatTemplateKwargs or chatTemplateArgs: each
// value a string, number, boolean, null or {"$var": ..., "omitWhenOff"?}.
func (v *validator) chatTemplateValues(path string, x any) {
	m, ok := v.object(path, x)
	if !ok {
		return
	}
	vars := []string{"thinking.enabled", "thinking.effort", "thinking.budget"}
	for _, k := range sortedKeys(m) {
		switch e := m[k].(type) {
		case string, float64, bool, nil:
		case map[string]any:
			if s, _ := e["$var"].(string); !contains(vars, s) {
				v.fail(join(join(path, k), "$var"), "Expected one of "+strings.Join(vars, ", "))
			}
			v.optBool(e, join(path, k), "omitWhenOff")
		default:
			v.fail(join(path, k), "Expected string, number, boolean, null or object")
		}
	}
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

// customModels is pi's parseModels: the models.json definitions as models.
func customModels(cfg *ModelsConfig, builtin []*Model) []*Model {
	var out []*Model
	for _, name := range sortedKeys(cfg.Providers) {
		pc := cfg.Providers[name]
		var defAPI, defBase string
		for _, m := range builtin {
			if m.Provider == name {
				defAPI, defBase = m.API, m.BaseURL
				break
			}
		}
		for _, md := range pc.Models {
			m := modelFromDefinition(name, pc, md, defAPI, defBase)
			if m != nil {
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
