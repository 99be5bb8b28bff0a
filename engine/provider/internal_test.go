package provider

import (
	"strings"
	"testing"
	"time"
)

func TestJSField(t *testing.T) {
	t.Parallel()
	m := map[string]any{"null": nil, "n": float64(429), "list": []any{"a", nil, float64(2)}}
	for k, want := range map[string]string{"absent": "undefined", "null": "null", "n": "429", "list": "a,,2"} {
		if got := jsField(m, k); got != want {
			t.Errorf("jsField(%s) = %q, want %q", k, got, want)
		}
	}
}

func TestShortHash(t *testing.T) {
	t.Parallel()
	// Values printed by pi-ai's utils/hash.js.
	for in, want := range map[string]string{
		"":                       "k4n83c7h0j2b",
		"a":                      "m8735310ae7sx",
		"weird/item+id":          "2p19q1972tgv",
		"héllo wörld 😀":          "1t2bnul1p2fv66",
		strings.Repeat("x", 500): "130aesn1aldl4j",
	} {
		if got := shortHash(in); got != want {
			t.Errorf("shortHash(%.20q) = %s, want %s", in, got, want)
		}
	}
}

func TestReplaceNonIDChars(t *testing.T) {
	t.Parallel()
	// A character outside the BMP is two UTF-16 units, so two "_".
	if got := replaceNonIDChars("a😀b|c.d", 64); got != "a__b_c_d" {
		t.Errorf("replaceNonIDChars = %q", got)
	}
	if got := replaceNonIDChars(strings.Repeat("é", 70), 64); got != strings.Repeat("_", 64) {
		t.Errorf("not cut at 64 units: %q", got)
	}
	if got := normalizeResponsesIDPart("call.1..."); got != "call_1" {
		t.Errorf("normalizeResponsesIDPart = %q", got)
	}
}

func TestAzureConfig(t *testing.T) {
	t.Parallel()
	m := &Model{ID: "gpt-5", BaseURL: "https://fallback.example/v1/"}
	for _, tc := range []struct {
		name          string
		env           map[string]string
		base, version string
		err           string
	}{
		{"model baseUrl", nil, "https://fallback.example/v1", "v1", ""},
		{"resource name", map[string]string{"AZURE_OPENAI_RESOURCE_NAME": "res", "AZURE_OPENAI_API_VERSION": "2025-04-01-preview"},
			"https://res.openai.azure.com/openai/v1", "2025-04-01-preview", ""},
		{"azure host gets /openai/v1", map[string]string{"AZURE_OPENAI_BASE_URL": " https://x.openai.azure.com/openai/ "},
			"https://x.openai.azure.com/openai/v1", "v1", ""},
		{"cognitive services host", map[string]string{"AZURE_OPENAI_BASE_URL": "https://y.cognitiveservices.azure.com"},
			"https://y.cognitiveservices.azure.com/openai/v1", "v1", ""},
		{"custom path kept", map[string]string{"AZURE_OPENAI_BASE_URL": "https://x.openai.azure.com/custom"},
			"https://x.openai.azure.com/custom", "v1", ""},
		{"invalid", map[string]string{"AZURE_OPENAI_BASE_URL": "not a url"}, "", "", "Invalid Azure OpenAI base URL: not a url"},
	} {
		base, version, err := azureConfig(m, tc.env)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: err = %v, want %s", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || base != tc.base || version != tc.version {
			t.Errorf("%s: = %q %q %v, want %q %q", tc.name, base, version, err, tc.base, tc.version)
		}
	}
	if _, _, err := azureConfig(&Model{}, nil); err == nil || !strings.Contains(err.Error(), "Azure OpenAI base URL is required") {
		t.Errorf("no base URL: %v", err)
	}
	env := map[string]string{"AZURE_OPENAI_DEPLOYMENT_NAME_MAP": " gpt-4=dep4 , gpt-5 = dep5=x ,bad, =y"}
	if got := azureDeployment(m, env); got != "dep5" {
		t.Errorf("azureDeployment = %q", got)
	}
	if got := azureDeployment(&Model{ID: "other"}, env); got != "other" {
		t.Errorf("unmapped deployment = %q", got)
	}
}

// TestRetryPolicyTimeouts: the header wait is retry.provider.timeoutMs,
// defaulting to and bounded by httpIdleTimeoutMs (undici's
// headersTimeout); a disabled idle timeout leaves only timeoutMs.
func TestRetryPolicyTimeouts(t *testing.T) {
	t.Parallel()
	const s, m = time.Second, time.Minute
	cases := []struct {
		timeout, idle      time.Duration
		wantWait, wantIdle time.Duration
	}{
		{0, 0, 5 * m, 5 * m},
		{s, 0, s, 5 * m},
		{10 * m, 0, 5 * m, 5 * m},
		{0, 2 * s, 2 * s, 2 * s},
		{0, -1, 0, 0},
		{s, -1, s, 0},
		{-1, 2 * s, 2 * s, 2 * s},
	}
	for _, c := range cases {
		p := RetryPolicy{Timeout: c.timeout, IdleTimeout: c.idle}
		if w, i := p.headerWait(), p.idle(); w != c.wantWait || i != c.wantIdle {
			t.Errorf("Timeout %v IdleTimeout %v: header wait %v idle %v, want %v %v", c.timeout, c.idle, w, i, c.wantWait, c.wantIdle)
		}
	}
}
