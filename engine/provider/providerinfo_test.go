package provider_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// pi16ProviderInfoDriver prints pi-ai 1.6's built-in providers as
// ProviderInfo.
const pi16ProviderInfoDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { builtinProviders } = await import(spec.all);
process.stdout.write(JSON.stringify(builtinProviders().map((p) => ({
  ID: p.id, Name: p.name, APIKey: p.auth.apiKey?.name ?? "", OAuth: p.auth.oauth?.name ?? "",
  Subscription: p.auth.oauth?.isSubscription === true, LoginLabel: p.auth.oauth?.loginLabel ?? "",
}))));
`

// The provider names and logins /login shows are pi-ai 1.6's.
func TestBuiltinProviderInfoMatchesPiAI16(t *testing.T) {
	piAI := piAI16UnlessShort()
	if piAI == "" {
		t.Skip("pi-ai 1.6 not installed, or -short")
	}
	out := runPi16Driver(t, piAI, pi16ProviderInfoDriver, map[string]any{"all": filepath.Join(filepath.Dir(piAI), "providers", "all.js")})
	var want []provider.ProviderInfo
	if err := json.Unmarshal([]byte(out), &want); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	got := provider.BuiltinProviderInfo()
	if len(got) != len(want) {
		t.Fatalf("%d providers, pi-ai 1.6 has %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("provider %d: %+v, pi-ai 1.6: %+v", i, got[i], want[i])
		}
	}
}

func TestLookupProviderInfo(t *testing.T) {
	if p, ok := provider.LookupProviderInfo("google-vertex"); !ok || p.Name != "Google Vertex AI" || p.APIKey != "Google Cloud credentials" {
		t.Errorf("google-vertex: %+v %v", p, ok)
	}
	if p, ok := provider.LookupProviderInfo("mock"); ok || p.Name != "mock" || p.APIKey != "API key" || p.OAuth != "" {
		t.Errorf("a models.json provider: %+v %v", p, ok)
	}
}
