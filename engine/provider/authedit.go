package provider

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// What pi's /login (API keys) and /logout do to auth.json: one provider's
// entry is replaced or removed under pi's lock, the others kept as they
// are.

// StoredCredential is an auth.json entry: its provider and type ("api_key"
// or "oauth").
type StoredCredential struct {
	Provider, Type string
}

// StoredCredentials lists auth.json's usable entries in agentDir, by
// provider (pi's listCredentials).
func StoredCredentials(agentDir string) ([]StoredCredential, error) {
	path := filepath.Join(agentDir, "auth.json")
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	auth, errs := ParseAuthJSON(data, path)
	if auth == nil && len(errs) > 0 {
		// pi's store fails with JSON.parse's message.
		if msg := jsjson.ParseError(string(data)); msg != "" {
			return nil, errors.New(msg)
		}
		return nil, errs[0]
	}
	var out []StoredCredential
	for p, c := range auth {
		out = append(out, StoredCredential{Provider: p, Type: c.Type})
	}
	slices.SortFunc(out, func(a, b StoredCredential) int { return compareStrings(a.Provider, b.Provider) })
	return out, nil
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// SaveAPIKey stores key as provider's credential ({"type": "api_key",
// "key": key}, replacing a login), as pi's /login does for an API key.
func SaveAPIKey(ctx context.Context, agentDir, provider, key string) error {
	if key == "" {
		return errors.New("API key cannot be empty")
	}
	return SaveAPICredential(ctx, agentDir, provider, key, nil)
}

// SaveAPICredential stores {"type": "api_key", "key"?: key, "env"?: env}
// as provider's credential: what pi 1.6's /login stores for a provider
// whose login asks for more than a key (Bedrock's profile, Vertex's
// project and location) or for none (an ambient credential chain). env's
// variables are written in the order pi's logins write them.
func SaveAPICredential(ctx context.Context, agentDir, provider, key string, env map[string]string) error {
	return SaveAPIKeyCredential(ctx, agentDir, provider, APIKeyCredential{Key: key, HasKey: key != "", Env: env})
}

// SaveAPIKeyCredential stores what an API key login made (APIKeyLogin) as
// provider's credential, replacing what was there.
func SaveAPIKeyCredential(ctx context.Context, agentDir, provider string, c APIKeyCredential) error {
	entry := &jsjson.Object{}
	entry.Set("type", "api_key")
	if c.HasKey {
		entry.Set("key", c.Key)
	}
	if len(c.Env) > 0 {
		vars := &jsjson.Object{}
		for _, k := range credentialEnvOrder(c.Env) {
			vars.Set(k, c.Env[k])
		}
		entry.Set("env", vars)
	}
	return editAuth(ctx, agentDir, provider, entry)
}

// credentialEnvOrder is env's names in the order pi-ai's logins build
// them (Vertex: project, location, credentials file; Cloudflare: account,
// gateway), others sorted after.
func credentialEnvOrder(env map[string]string) []string {
	var out []string
	for _, k := range []string{"GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION", "GOOGLE_APPLICATION_CREDENTIALS", "AWS_PROFILE", "CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_GATEWAY_ID"} {
		if _, ok := env[k]; ok {
			out = append(out, k)
		}
	}
	var rest []string
	for k := range env {
		if !slices.Contains(out, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// RemoveCredential removes provider's auth.json entry (pi's logout).
func RemoveCredential(ctx context.Context, agentDir, provider string) error {
	return editAuth(ctx, agentDir, provider, nil)
}

func editAuth(ctx context.Context, agentDir, provider string, entry *jsjson.Object) error {
	if err := EnsureAuthFile(agentDir); err != nil { // the lock needs the file
		return err
	}
	file := filepath.Join(agentDir, "auth.json")
	return withAuthFile(ctx, file, func(current []byte) ([]byte, error) {
		root, err := parseAuthRoot(current)
		if err != nil {
			return nil, err
		}
		if entry == nil {
			*root = slices.DeleteFunc(*root, func(m jsjson.Member) bool { return m.Key == provider })
		} else {
			root.Set(provider, entry)
		}
		enc := jsjson.Encoder{Indent: "  "}
		return []byte(enc.Stringify(root)), nil
	})
}

// EnsureAuthFile creates agentDir's auth.json as an empty object when it
// is missing, as pi's AuthStorage does when it opens the store.
func EnsureAuthFile(agentDir string) error {
	return ensureJSONFile(filepath.Join(agentDir, "auth.json"))
}

// ensureJSONFile creates file, and its directory, as an empty object
// when it is missing: pi creates its stores before locking them (the
// lock resolves their paths).
func ensureJSONFile(file string) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return err
	}
	if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return os.WriteFile(file, []byte("{}"), 0o600)
}
