package provider

import (
	"encoding/json"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// pi 1.6 refreshes its built-in providers' catalogs from pi.dev in the
// interactive mode and keeps them in models-store.json; OpenRouter's is
// narrowed to the models of the user's key (its /models/user) and kept
// there too. Every later start, online or not, and every mode reads them
// back (remote-catalog-provider.js):
//
//   - a provider's stored pi.dev catalog counts when it is newer than the
//     model data shipped (its lastModified after piAIModelDataGeneratedAt);
//     its chat models then replace the built-in ones with the same id, in
//     place, and the others are appended;
//   - OpenRouter's stored list, when not empty, is its catalog.
//
// withStoredCatalogs applies them to catalog. A store pigo cannot read
// is ignored, as pi's store starts empty on an unreadable file.
func withStoredCatalogs(agentDir string, catalog []*Model) []*Model {
	root, err := readModelsStore(agentDir)
	if root == nil || err != nil {
		return catalog
	}
	var out []*Model
	for start := 0; start < len(catalog); {
		p := catalog[start].Provider
		end := start
		for end < len(catalog) && catalog[end].Provider == p {
			end++
		}
		builtin := catalog[start:end]
		start = end
		entry, ok := storedEntry(root, p)
		if !ok {
			out = append(out, builtin...)
			continue
		}
		stored := storedChatModels(p, entry.Models)
		switch {
		case p == "openrouter":
			if len(entry.Models) > 0 {
				builtin = stored
			}
		case entry.LastModified != nil && *entry.LastModified > piAIModelDataGeneratedAt:
			builtin = mergeCatalog(builtin, stored)
		}
		out = append(out, builtin...)
	}
	return out
}

// storedChatModels are the chat models of provider in a stored list
// (pi's filter on provider and type; a model without a type is chat).
func storedChatModels(provider string, list []*jsjson.Object) []*Model {
	var out []*Model
	for _, o := range list {
		raw, err := json.Marshal(o)
		if err != nil {
			continue
		}
		var m struct {
			Model
			Type string `json:"type"`
		}
		if json.Unmarshal(raw, &m) != nil || m.Provider != provider || m.Type != "" && m.Type != "chat" {
			continue
		}
		out = append(out, &m.Model)
	}
	return out
}

// mergeCatalog is pi's mergeModels for chat models: base in its order,
// each of dynamic replacing the model with its id or appended.
func mergeCatalog(base, dynamic []*Model) []*Model {
	out := append([]*Model(nil), base...)
	for _, m := range dynamic {
		i := 0
		for i < len(out) && out[i].ID != m.ID {
			i++
		}
		if i < len(out) {
			out[i] = m
		} else {
			out = append(out, m)
		}
	}
	return out
}
