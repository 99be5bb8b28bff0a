package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

//go:generate go run ./internal/catalogen

// catalogProviders are the providers of pi-ai's catalog whose chat
// models pigo lists, in the order of pi-ai's MODELS (by name): all but
// typesafe (classifiers only). radius's pi-messages API is pi's own
// service, which pigo does not implement: its models are listed (pi's
// references and ambiguity errors name them) but a request fails.
var catalogProviders = []string{
	"amazon-bedrock", "ant-ling", "anthropic", "azure", "baseten", "cerebras", "cloudflare-ai-gateway", "cloudflare-workers-ai",
	"deepseek", "fireworks", "github-copilot", "google", "google-vertex", "groq", "huggingface", "kimi-coding", "meta",
	"minimax", "minimax-cn", "mistral", "moonshotai", "moonshotai-cn", "nvidia", "openai", "openai-codex", "opencode",
	"opencode-go", "openrouter", "qwen-token-plan", "qwen-token-plan-cn", "qwen-token-plan-individual",
	"qwen-token-plan-individual-cn", "radius", "together", "vercel-ai-gateway", "xai", "xiaomi", "xiaomi-token-plan-ams",
	"xiaomi-token-plan-cn", "xiaomi-token-plan-sgp", "zai", "zai-coding-cn",
}

// ReadPiAIGeneratedAt reads when pi-ai generated its model data
// (dataDir/.manifest.json's generatedAt), in ms since the epoch.
func ReadPiAIGeneratedAt(dataDir string) (int64, error) {
	file := filepath.Join(dataDir, ".manifest.json")
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, err
	}
	var m struct{ GeneratedAt time.Time }
	if err := json.Unmarshal(b, &m); err != nil {
		return 0, fmt.Errorf("%s: %w", file, err)
	}
	return m.GeneratedAt.UnixMilli(), nil
}

// ReadPiAICatalog reads the chat models of pigo's providers from pi-ai's
// model data (dist/providers/data/<provider>.json) in pi-ai's order:
// providers by name, then each file's API groups and models in file order
// (flattenChatModelCatalog; a repeated id keeps its first place and its
// last entry). Fields pigo's Model lacks are dropped.
func ReadPiAICatalog(dataDir string) ([]*Model, error) {
	var out []*Model
	for _, p := range catalogProviders {
		file := filepath.Join(dataDir, p+".json")
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		entries, err := PiAICatalogEntries(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		for _, e := range entries {
			var m Model
			if err := json.Unmarshal(e, &m); err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
			out = append(out, &m)
		}
	}
	return out, nil
}

// PiAICatalogEntries returns the chat model objects of one pi-ai model
// data file ({api: {key: model}}), in catalog order.
func PiAICatalogEntries(data []byte) ([]json.RawMessage, error) {
	return piAICatalogEntriesOfType(data, "chat")
}

// piAICatalogEntriesOfType returns the model objects of one type ("chat",
// "image") of one pi-ai model data file, in the order of pi-ai's
// flattenModelCatalog (Object.fromEntries over the groups' models).
func piAICatalogEntriesOfType(data []byte, modelType string) ([]json.RawMessage, error) {
	_, groups, err := orderedObject(data)
	if err != nil {
		return nil, err
	}
	var ids []string
	byID := map[string]json.RawMessage{}
	for _, g := range groups {
		_, models, err := orderedObject(g)
		if err != nil {
			return nil, err
		}
		for _, m := range models {
			var head struct{ ID, Type string }
			if err := json.Unmarshal(m, &head); err != nil {
				return nil, err
			}
			if head.Type != modelType {
				continue
			}
			if _, seen := byID[head.ID]; !seen {
				ids = append(ids, head.ID)
			}
			byID[head.ID] = m
		}
	}
	out := make([]json.RawMessage, len(ids))
	for i, id := range ids {
		out[i] = byID[id]
	}
	return out, nil
}

// orderedObject splits a JSON object into its keys and values, in order.
func orderedObject(data []byte) ([]string, []json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, fmt.Errorf("want a JSON object (%v)", err)
	}
	var keys []string
	var values []json.RawMessage
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, err
		}
		keys, values = append(keys, tok.(string)), append(values, v)
	}
	return keys, values, nil
}

// PiAIProviderModels is one provider of pi-ai's built-in catalog as
// pi-ai's static catalog reads (getModels, getImageModels) serve it, and
// its classifier models as its providers list them: the model objects as
// compact JSON, with pi-ai's fields in its key order.
type PiAIProviderModels struct {
	Provider                string
	Chat, Image, Classifier []string
}

// ReadPiAIModelData reads every provider of pi-ai's built-in catalog from
// its package directory, in the order of pi-ai's MODELS
// (dist/models.generated.js), each provider's models from
// dist/providers/data/<provider>.json.
func ReadPiAIModelData(piAIDir string) ([]PiAIProviderModels, error) {
	dist := filepath.Join(piAIDir, "dist")
	generated := filepath.Join(dist, "models.generated.js")
	src, err := os.ReadFile(generated)
	if err != nil {
		return nil, err
	}
	providers, err := piAIModelsKeys(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", generated, err)
	}
	var out []PiAIProviderModels
	for _, p := range providers {
		file := filepath.Join(dist, "providers", "data", p+".json")
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		pm := PiAIProviderModels{Provider: p}
		for _, typed := range []struct {
			modelType string
			dst       *[]string
		}{{"chat", &pm.Chat}, {"image", &pm.Image}, {"classifier", &pm.Classifier}} {
			entries, err := piAICatalogEntriesOfType(b, typed.modelType)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
			for _, e := range entries {
				var head struct{ ID string }
				_ = json.Unmarshal(e, &head) // parsed by piAICatalogEntriesOfType
				if isArrayIndex(head.ID) {
					// pi-ai's catalog is an object keyed by id, which
					// JS enumerates such a key first: the file order
					// kept here would be wrong.
					return nil, fmt.Errorf("%s: model id %q is an array index", file, head.ID)
				}
				var c bytes.Buffer
				if err := json.Compact(&c, e); err != nil {
					return nil, fmt.Errorf("%s: %w", file, err)
				}
				*typed.dst = append(*typed.dst, c.String())
			}
		}
		out = append(out, pm)
	}
	return out, nil
}

// piAIModelsKeys returns the provider keys of the MODELS object literal
// in pi-ai's models.generated.js, in order.
func piAIModelsKeys(src []byte) ([]string, error) {
	_, body, ok := bytes.Cut(src, []byte("export const MODELS = {\n"))
	if !ok {
		return nil, errors.New("no MODELS object")
	}
	body, _, ok = bytes.Cut(body, []byte("\n};"))
	if !ok {
		return nil, errors.New("MODELS object does not end")
	}
	var keys []string
	for _, line := range strings.Split(string(body), "\n") {
		key, _, ok := strings.Cut(strings.TrimSpace(line), ":")
		k, err := strconv.Unquote(key)
		if !ok || err != nil {
			return nil, fmt.Errorf("MODELS entry %q is not \"provider\": VALUE", line)
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// isArrayIndex reports whether s is a canonical array index, a key JS
// objects enumerate before the others.
func isArrayIndex(s string) bool {
	n, err := strconv.ParseUint(s, 10, 32)
	return err == nil && strconv.FormatUint(n, 10) == s && n < 1<<32-1
}

// PiAIProviders are the providers of pi-ai's built-in catalog, in pi-ai's
// order: what pi-ai's getProviders() returns.
func PiAIProviders() []string {
	out := make([]string, len(piAIModelData))
	for i, p := range piAIModelData {
		out[i] = p.Provider
	}
	return out
}

// PiAIModelsJSON returns one provider's models of pi-ai's built-in
// catalog of one type ("chat", "image" or "classifier") as a JSON array:
// JSON.parse of it is what pi-ai's getModels(provider) (getImageModels for
// "image", the classifier models of pi-ai's provider for "classifier")
// returns, key order included. ok is false for a provider pi-ai does not
// know.
func PiAIModelsJSON(provider, modelType string) (models string, ok bool) {
	for _, p := range piAIModelData {
		if p.Provider == provider {
			switch modelType {
			case "image":
				return p.Image, true
			case "classifier":
				return p.Classifier, true
			}
			return p.Chat, true
		}
	}
	return "", false
}

// piAIProviderData is one provider of the generated piAIModelData:
// PiAIProviderModels with each type's models as one JSON array.
type piAIProviderData struct {
	Provider                string
	Chat, Image, Classifier string
}
