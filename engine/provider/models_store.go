package provider

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/lockfile"
)

// pi 1.6 keeps the model catalogs providers fetch from the network (a
// llama.cpp router's models, say) in <agentDir>/models-store.json, one
// entry per provider id: {"models": [...], "checkedAt": <ms>}. pi and pigo
// share the file, so writes take pi's lock (its auth storage backend:
// proper-lockfile next to the file, stale after 30 s) and keep the other
// providers' entries and the key order as they were.

// ModelsStoreFile is the store's path in agentDir.
func ModelsStoreFile(agentDir string) string { return filepath.Join(agentDir, "models-store.json") }

var modelsStoreLock = lockfile.Options{Name: "models-store.json", Stale: 30 * time.Second, Retries: 10,
	MinWait: 10 * time.Millisecond, MaxWait: 2 * time.Second, Randomize: true, Realpath: true}

// StoredModels is one provider's entry of models-store.json.
type StoredModels struct {
	Models    []*jsjson.Object // as written, key order kept
	CheckedAt float64
	// LastModified is the pi.dev catalog's Last-Modified (ms), nil when
	// the entry has none (pi.dev not asked, or a personalized catalog).
	LastModified *float64
}

// ReadStoredModels returns provider's entry of agentDir's models-store.json
// (ok false when the file or the entry is missing).
func ReadStoredModels(agentDir, provider string) (StoredModels, bool, error) {
	root, err := readModelsStore(agentDir)
	if root == nil || err != nil {
		return StoredModels{}, false, err
	}
	out, ok := storedEntry(root, provider)
	return out, ok, nil
}

// readModelsStore parses agentDir's models-store.json; nil when missing.
func readModelsStore(agentDir string) (*jsjson.Object, error) {
	file := ModelsStoreFile(agentDir)
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return parseStore(data, file)
}

// storedEntry is provider's entry of a parsed store.
func storedEntry(root *jsjson.Object, provider string) (StoredModels, bool) {
	v, ok := root.Get(provider)
	entry, isObj := v.(*jsjson.Object)
	if !ok || !isObj {
		return StoredModels{}, false
	}
	var out StoredModels
	if list, ok := entry.Get("models"); ok {
		if arr, ok := list.([]any); ok {
			for _, m := range arr {
				if o, ok := m.(*jsjson.Object); ok {
					out.Models = append(out.Models, o)
				}
			}
		}
	}
	if t, ok := entry.Get("checkedAt"); ok {
		out.CheckedAt, _ = jsjson.Float64(t)
	}
	if t, ok := entry.Get("lastModified"); ok {
		if f, ok := jsjson.Float64(t); ok {
			out.LastModified = &f
		}
	}
	return out, true
}

// WriteStoredModels replaces provider's entry of agentDir's
// models-store.json under pi's lock, written as pi writes it
// (JSON.stringify(store, null, 2)).
func WriteStoredModels(ctx context.Context, agentDir, provider string, s StoredModels) error {
	file := ModelsStoreFile(agentDir)
	if err := ensureJSONFile(file); err != nil {
		return err
	}
	return withLockedFile(ctx, file, modelsStoreLock, func(current []byte) ([]byte, error) {
		root, err := parseStore(current, file)
		if err != nil {
			return nil, err
		}
		models := make([]any, len(s.Models))
		for i, m := range s.Models {
			models[i] = m
		}
		root.Set(provider, &jsjson.Object{{Key: "models", Value: models}, {Key: "checkedAt", Value: s.CheckedAt}})
		enc := jsjson.Encoder{Indent: "  "}
		return []byte(enc.Stringify(root)), nil
	})
}

func parseStore(data []byte, file string) (*jsjson.Object, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return &jsjson.Object{}, nil
	}
	v, err := jsjson.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", file, err)
	}
	o, ok := v.(*jsjson.Object)
	if !ok {
		return nil, fmt.Errorf("parse %s: not a JSON object", file)
	}
	return o, nil
}
