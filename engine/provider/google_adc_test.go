package provider_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// fakeTokenServer is a Google OAuth token endpoint: it answers every
// exchange with access token "tok-N" (N counting exchanges) and keeps the
// forms it was sent.
type fakeTokenServer struct {
	*httptest.Server
	mu    sync.Mutex
	forms []url.Values
}

func newFakeTokenServer(t *testing.T) *fakeTokenServer {
	ts := &fakeTokenServer{}
	ts.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		ts.mu.Lock()
		ts.forms = append(ts.forms, r.PostForm)
		n := len(ts.forms)
		ts.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"access_token": "tok-" + string(rune('0'+n)), "token_type": "Bearer", "expires_in": 3600})
	}))
	t.Cleanup(ts.Close)
	return ts
}

func (ts *fakeTokenServer) exchanges() []url.Values {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]url.Values(nil), ts.forms...)
}

// vertexTransport sends requests for the local token server on and
// answers every other request (Vertex's) with one streamed "ok",
// keeping those requests.
type vertexTransport struct {
	mu     sync.Mutex
	reqs   []*http.Request
	client *http.Client
}

// httpClient is one client over vt, as an agent has one for its requests.
func (vt *vertexTransport) httpClient() *http.Client {
	vt.mu.Lock()
	defer vt.mu.Unlock()
	if vt.client == nil {
		vt.client = &http.Client{Transport: vt}
	}
	return vt.client
}

func (vt *vertexTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Hostname() == "127.0.0.1" {
		return http.DefaultTransport.RoundTrip(r)
	}
	vt.mu.Lock()
	vt.reqs = append(vt.reqs, r)
	vt.mu.Unlock()
	body := "data: " + gmChunk([]any{gmText("ok")}, "STOP", nil) + "\n\n"
	return &http.Response{StatusCode: 200, Status: "200 OK", Header: http.Header{"Content-Type": {"text/event-stream"}},
		Body: io.NopCloser(strings.NewReader(body)), Request: r}, nil
}

func (vt *vertexTransport) sent() []*http.Request {
	vt.mu.Lock()
	defer vt.mu.Unlock()
	return append([]*http.Request(nil), vt.reqs...)
}

func writeJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

func serviceAccountJSON(t *testing.T, tokenURI string) map[string]any {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"type": "service_account", "project_id": "file-project", "private_key_id": "k1",
		"private_key":  string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		"client_email": "sa@file-project.iam.gserviceaccount.com", "client_id": "1", "token_uri": tokenURI}
}

func streamVertexADC(t *testing.T, env map[string]string, vt *vertexTransport) *provider.AssistantMessage {
	t.Helper()
	opts := baseOpts()
	opts.APIKey, opts.Env, opts.HTTPClient = "", env, vt.httpClient()
	_, msg := mustStream(t, catalogVertexModel(t), &provider.Context{Messages: []map[string]any{userMsg("hi")}}, opts)
	return msg
}

// TestVertexADCServiceAccount: with no key, the service account that
// GOOGLE_APPLICATION_CREDENTIALS names is exchanged (a JWT bearer grant to
// its token_uri) for a token sent as "Authorization: Bearer", to the
// location's host under the project's path, as @google/genai does. The
// project comes from the environment, not the file, as in pi-ai. A
// second request reuses the token.
func TestVertexADCServiceAccount(t *testing.T) {
	t.Parallel()
	tokens := newFakeTokenServer(t)
	credFile := filepath.Join(t.TempDir(), "sa.json")
	writeJSONFile(t, credFile, serviceAccountJSON(t, tokens.URL+"/token"))
	env := map[string]string{"GOOGLE_APPLICATION_CREDENTIALS": credFile, "GOOGLE_CLOUD_PROJECT": "env-project",
		"GOOGLE_CLOUD_LOCATION": "us-central1"}
	vt := &vertexTransport{}
	for range 2 {
		if msg := streamVertexADC(t, env, vt); msg.StopReason != provider.StopReasonStop || msg.Text() != "ok" {
			t.Fatalf("message = %+v", msg)
		}
	}
	ex := tokens.exchanges()
	if len(ex) != 1 {
		t.Fatalf("token exchanges = %d, want 1 (the token is reused)", len(ex))
	}
	if g := ex[0].Get("grant_type"); g != "urn:ietf:params:oauth:grant-type:jwt-bearer" || ex[0].Get("assertion") == "" {
		t.Errorf("token request form = %v", ex[0])
	}
	reqs := vt.sent()
	const want = "https://us-central1-aiplatform.googleapis.com/v1/projects/env-project/locations/us-central1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
	for _, r := range reqs {
		if got := r.URL.String(); got != want {
			t.Errorf("url = %s, want %s", got, want)
		}
		if got := r.Header.Get("Authorization"); got != "Bearer tok-1" {
			t.Errorf("authorization = %q", got)
		}
		if r.Header.Get("X-Goog-Api-Key") != "" || r.Header.Get("X-Goog-User-Project") != "" {
			t.Errorf("unexpected headers %v", r.Header)
		}
	}
}

// TestVertexADCGcloudUserCredentials: without GOOGLE_APPLICATION_CREDENTIALS
// the gcloud file under $HOME is used; an authorized_user refresh token
// is exchanged and its quota project goes in x-goog-user-project, as
// google-auth-library sends it. The "global" and multi-regional
// locations have the SDK's own hosts.
func TestVertexADCGcloudUserCredentials(t *testing.T) {
	t.Parallel()
	tokens := newFakeTokenServer(t)
	home := t.TempDir()
	writeJSONFile(t, filepath.Join(home, ".config", "gcloud", "application_default_credentials.json"), map[string]any{
		"type": "authorized_user", "client_id": "cid", "client_secret": "csecret", "refresh_token": "rt-1",
		"quota_project_id": "quota-p", "token_uri": tokens.URL + "/token"})
	vt := &vertexTransport{}
	for location, host := range map[string]string{"global": "aiplatform.googleapis.com", "us": "aiplatform.us.rep.googleapis.com",
		"europe-west4": "europe-west4-aiplatform.googleapis.com"} {
		env := map[string]string{"HOME": home, "GCLOUD_PROJECT": "p", "GOOGLE_CLOUD_LOCATION": location}
		if msg := streamVertexADC(t, env, vt); msg.StopReason != provider.StopReasonStop {
			t.Fatalf("%s: message = %+v", location, msg)
		}
		sent := vt.sent()
		r := sent[len(sent)-1]
		want := "https://" + host + "/v1/projects/p/locations/" + location + "/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
		if got := r.URL.String(); got != want {
			t.Errorf("url = %s, want %s", got, want)
		}
		if got := r.Header.Get("Authorization"); got != "Bearer tok-1" {
			t.Errorf("%s: authorization = %q", location, got)
		}
		if got := r.Header.Get("X-Goog-User-Project"); got != "quota-p" {
			t.Errorf("%s: x-goog-user-project = %q", location, got)
		}
	}
	ex := tokens.exchanges()
	if len(ex) != 1 || ex[0].Get("grant_type") != "refresh_token" || ex[0].Get("refresh_token") != "rt-1" || ex[0].Get("client_id") != "cid" {
		t.Errorf("token exchanges = %v", ex)
	}
}

// TestVertexADCErrors: a GOOGLE_APPLICATION_CREDENTIALS file that is not
// there fails with Node's open error, as pi reports it; nothing reaches
// Vertex.
func TestVertexADCErrors(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "nope.json")
	vt := &vertexTransport{}
	msg := streamVertexADC(t, map[string]string{"GOOGLE_APPLICATION_CREDENTIALS": missing, "GOOGLE_CLOUD_PROJECT": "p",
		"GOOGLE_CLOUD_LOCATION": "us-central1"}, vt)
	if want := "ENOENT: no such file or directory, open '" + missing + "'"; msg.StopReason != provider.StopReasonError || msg.ErrorMessage != want {
		t.Errorf("got %s %q, want error %q", msg.StopReason, msg.ErrorMessage, want)
	}
	if len(vt.sent()) != 0 {
		t.Error("a request reached Vertex")
	}
}

// TestVertexEnvAuthenticated: as pi-ai's getEnvApiKey, Vertex counts as
// configured from the environment with an ADC file (the named one or
// gcloud's) plus a project and a location.
func TestVertexEnvAuthenticated(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	gcloud := filepath.Join(home, ".config", "gcloud", "application_default_credentials.json")
	writeJSONFile(t, gcloud, map[string]any{"type": "authorized_user"})
	other := t.TempDir()
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"HOME": home, "GOOGLE_CLOUD_PROJECT": "p", "GOOGLE_CLOUD_LOCATION": "l"}, "<authenticated>"},
		{map[string]string{"HOME": other, "GOOGLE_APPLICATION_CREDENTIALS": gcloud, "GCLOUD_PROJECT": "p", "GOOGLE_CLOUD_LOCATION": "l"}, "<authenticated>"},
		{map[string]string{"HOME": home, "GOOGLE_CLOUD_PROJECT": "p"}, ""},
		{map[string]string{"HOME": home, "GOOGLE_CLOUD_LOCATION": "l"}, ""},
		{map[string]string{"HOME": other, "GOOGLE_CLOUD_PROJECT": "p", "GOOGLE_CLOUD_LOCATION": "l"}, ""},
		// A named file that is missing is not replaced by gcloud's.
		{map[string]string{"HOME": home, "GOOGLE_APPLICATION_CREDENTIALS": filepath.Join(other, "x.json"), "GOOGLE_CLOUD_PROJECT": "p", "GOOGLE_CLOUD_LOCATION": "l"}, ""},
		{map[string]string{"HOME": other, "GOOGLE_CLOUD_API_KEY": "k"}, "k"},
	} {
		if got := provider.EnvAPIKey("google-vertex", c.env); got != c.want {
			t.Errorf("env %v: %q, want %q", c.env, got, c.want)
		}
	}
}
