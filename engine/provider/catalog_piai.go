package provider

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

//go:generate go run ./internal/catalogen

// catalogProviders are the providers of pi-ai's catalog that pigo
// implements, in the order of pi-ai's MODELS (by name).
var catalogProviders = []string{"amazon-bedrock", "anthropic", "deepseek", "github-copilot", "google", "google-vertex", "mistral", "openai", "openai-codex"}

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
			if head.Type != "chat" {
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
