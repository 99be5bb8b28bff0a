package provider_test

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// recordingTransport answers every request with body and keeps the last
// request.
type recordingTransport struct {
	req  *http.Request
	body string
}

func (rt *recordingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	rt.req = r
	return &http.Response{StatusCode: 200, Status: "200 OK", Header: http.Header{"Content-Type": {"text/event-stream"}},
		Body: io.NopCloser(strings.NewReader(rt.body)), Request: r}, nil
}

func catalogVertexModel(t *testing.T) *provider.Model {
	t.Helper()
	m, ok := provider.NewRegistry(provider.RegistryOptions{}).Find("google-vertex", "gemini-2.5-flash")
	if !ok {
		t.Fatal("no google-vertex/gemini-2.5-flash in the catalog")
	}
	return m
}

// TestVertexAPIKeyEndpoint: a catalog Vertex model (baseUrl with
// "{location}") and the GOOGLE_CLOUD_API_KEY key go to Vertex's global
// endpoint with the key in x-goog-api-key.
func TestVertexAPIKeyEndpoint(t *testing.T) {
	t.Parallel()
	rt := &recordingTransport{body: "data: " + gmChunk([]any{gmText("ok")}, "STOP", nil) + "\n\n"}
	opts := baseOpts()
	opts.APIKey, opts.Env, opts.HTTPClient = "", map[string]string{"GOOGLE_CLOUD_API_KEY": "env-key"}, &http.Client{Transport: rt}
	_, msg := mustStream(t, catalogVertexModel(t), &provider.Context{Messages: []map[string]any{userMsg("hi")}}, opts)
	if msg.StopReason != provider.StopReasonStop || msg.API != provider.APIGoogleVertex || msg.Text() != "ok" {
		t.Fatalf("message = %+v", msg)
	}
	const want = "https://aiplatform.googleapis.com/v1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
	if got := rt.req.URL.String(); got != want {
		t.Errorf("url = %s, want %s", got, want)
	}
	if got := rt.req.Header.Get("X-Goog-Api-Key"); got != "env-key" {
		t.Errorf("x-goog-api-key = %q", got)
	}
}

// TestVertexWithoutAPIKey: without a usable key (none, pi's ADC marker, a
// "<placeholder>") pi-ai turns to Application Default Credentials, which
// need a project and a location, then credentials: with no file (HOME is
// empty) and off GCE, google-auth-library's error. Nothing is sent.
func TestVertexWithoutAPIKey(t *testing.T) {
	t.Parallel()
	both := map[string]string{"GCLOUD_PROJECT": "p", "GOOGLE_CLOUD_LOCATION": "us-central1", "HOME": t.TempDir()}
	adc := "Could not load the default credentials. Browse to https://cloud.google.com/docs/authentication/getting-started for more information."
	for _, c := range []struct {
		key  string
		env  map[string]string
		want string
	}{
		{"", nil, "Vertex AI requires a project ID. Set GOOGLE_CLOUD_PROJECT/GCLOUD_PROJECT or pass project in options."},
		{"", map[string]string{"GOOGLE_CLOUD_PROJECT": "p"}, "Vertex AI requires a location. Set GOOGLE_CLOUD_LOCATION or pass location in options."},
		{"", both, adc},
		{"gcp-vertex-credentials", both, adc},
		{" <your-api-key> ", both, adc},
	} {
		rt := &recordingTransport{}
		opts := baseOpts()
		opts.APIKey, opts.Env, opts.HTTPClient = c.key, c.env, &http.Client{Transport: rt}
		_, msg := mustStream(t, catalogVertexModel(t), &provider.Context{Messages: []map[string]any{userMsg("hi")}}, opts)
		if msg.StopReason != provider.StopReasonError || msg.ErrorMessage != c.want {
			t.Errorf("key %q env %v: %s %q, want error %q", c.key, c.env, msg.StopReason, msg.ErrorMessage, c.want)
		}
		if rt.req != nil {
			t.Errorf("key %q env %v: a request was sent", c.key, c.env)
		}
	}
}

// TestMistralAPIKey: the key comes from MISTRAL_API_KEY when not given;
// without one Stream fails before sending anything, as pi-ai throws.
func TestMistralAPIKey(t *testing.T) {
	t.Parallel()
	m, ok := provider.NewRegistry(provider.RegistryOptions{}).Find("mistral", "devstral-medium-latest")
	if !ok {
		t.Fatal("no mistral/devstral-medium-latest in the catalog")
	}
	rt := &recordingTransport{body: "data: " + msChunk(map[string]any{"content": "ok"}, "stop") + "\n\ndata: [DONE]\n\n"}
	opts := baseOpts()
	opts.APIKey, opts.Env, opts.HTTPClient = "", map[string]string{"MISTRAL_API_KEY": "ms-key"}, &http.Client{Transport: rt}
	c := &provider.Context{Messages: []map[string]any{userMsg("hi")}}
	if _, msg := mustStream(t, m, c, opts); msg.Text() != "ok" || msg.StopReason != provider.StopReasonStop {
		t.Fatalf("message = %+v", msg)
	}
	if got := rt.req.URL.String(); got != "https://api.mistral.ai/v1/chat/completions" {
		t.Errorf("url = %s", got)
	}
	if got := rt.req.Header.Get("Authorization"); got != "Bearer ms-key" {
		t.Errorf("authorization = %q", got)
	}
	opts.Env = nil
	_, err := provider.Stream(t.Context(), m, c, opts)
	var pe *provider.Error
	if !errors.As(err, &pe) || pe.Kind != provider.ErrNoAPIKey || pe.Message != "No API key for provider: mistral" {
		t.Errorf("without a key: %v", err)
	}
}
