package llama

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

type obj = map[string]any

// router is a fake llama.cpp router: GET /models, /props, POST
// /models/load and /models/unload, which change a model's status.
type router struct {
	t  *testing.T
	mu sync.Mutex
	// models are the catalog's entries; status values change on load and
	// unload. failLoad makes a load fail with exit code 3.
	models   []obj
	autoload bool
	template string // the chat template of loaded models
	failLoad string
	requests []string
	auth     []string
	srv      *httptest.Server
}

func newRouter(t *testing.T, models ...obj) *router {
	r := &router{t: t, models: models, template: "{% if enable_thinking %}"}
	r.srv = httptest.NewServer(r)
	t.Cleanup(r.srv.Close)
	return r
}

func (r *router) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests = append(r.requests, req.Method+" "+req.URL.RequestURI())
	r.auth = append(r.auth, req.Header.Get("Authorization"))
	w.Header().Set("Content-Type", "application/json")
	send := func(v any) { _ = json.NewEncoder(w).Encode(v) }
	switch req.Method + " " + req.URL.Path {
	case "GET /models":
		send(obj{"data": r.models})
	case "GET /props":
		if req.URL.Query().Get("model") != "" {
			send(obj{"chat_template": r.template})
		} else {
			send(obj{"models_autoload": r.autoload})
		}
	case "POST /models/load", "POST /models/unload":
		var body struct{ Model string }
		_ = json.NewDecoder(req.Body).Decode(&body)
		for _, m := range r.models {
			if m["id"] != body.Model {
				continue
			}
			switch {
			case strings.HasSuffix(req.URL.Path, "unload"):
				m["status"] = obj{"value": "unloaded"}
			case body.Model == r.failLoad:
				m["status"] = obj{"value": "unloaded", "failed": true, "exit_code": 3}
			default:
				m["status"] = obj{"value": "loaded"}
			}
			send(obj{"success": true})
			return
		}
		w.WriteHeader(http.StatusNotFound)
		send(obj{"error": obj{"message": "model not found: " + body.Model}})
	default:
		w.WriteHeader(http.StatusNotFound)
	}
}

func (r *router) log() []string { r.mu.Lock(); defer r.mu.Unlock(); return slices.Clone(r.requests) }

func (r *router) status(id string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, m := range r.models {
		if m["id"] == id {
			return m["status"].(obj)["value"].(string)
		}
	}
	return ""
}

func catalog() []obj {
	return []obj{
		{"id": "qwen3-8b", "status": obj{"value": "loaded", "args": []any{"--ctx-size", "32768"}}, "architecture": obj{"input_modalities": []any{"text", "image"}}},
		{"id": "gemma-preset", "status": obj{"value": "unloaded"}, "source": "preset"},
		{"id": "sleepy", "status": obj{"value": "sleeping"}, "meta": obj{"n_ctx_train": 8192}},
		{"id": "jev-1", "status": obj{"value": "loaded"}, "architecture": obj{"output_modalities": []any{"decisions"}, "input_modalities": []any{"text", "image"}}},
	}
}

// uiClient answers the plugin's dialogs with answer(state).
type uiClient struct {
	hub    *engine.ViewHub
	answer func(state obj) any
	mu     sync.Mutex
	asked  []string
}

func (c *uiClient) ID() string       { return "ui" }
func (c *uiClient) HasUI() bool      { return true }
func (c *uiClient) titles() []string { c.mu.Lock(); defer c.mu.Unlock(); return slices.Clone(c.asked) }
func (c *uiClient) Send(msg engine.SyncMessage) error {
	if msg.Type != "view_state" || msg.Component != "pi.dialog" {
		return nil
	}
	state, _ := msg.State.(map[string]any)
	c.mu.Lock()
	c.asked = append(c.asked, state["title"].(string))
	c.mu.Unlock()
	go func() { _ = c.hub.Deliver(c.ID(), msg.ViewID, c.answer(state)) }()
	return nil
}

type fixture struct {
	h        *engine.Host
	agentDir string
	diags    *diagnostics
}

type diagnostics struct {
	mu   sync.Mutex
	list []engine.Diagnostic
}

func (d *diagnostics) add(x engine.Diagnostic) {
	d.mu.Lock()
	d.list = append(d.list, x)
	d.mu.Unlock()
}
func (d *diagnostics) all() []engine.Diagnostic {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.list)
}

func boot(t *testing.T, opts Options) fixture {
	t.Helper()
	if opts.AgentDir == "" {
		opts.AgentDir = t.TempDir()
	}
	opts.PollInterval = 5 * time.Millisecond
	diags := &diagnostics{}
	h := engine.New(engine.Options{Cwd: t.TempDir(), OnDiagnostic: diags.add})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = h.Close(ctx)
	})
	for _, r := range h.Boot(context.Background(), []engine.PluginSpec{Spec(opts)}) {
		if !r.OK {
			t.Fatal(r.Err)
		}
	}
	return fixture{h, opts.AgentDir, diags}
}

func (f fixture) start(mode string) {
	piapi.Of(f.h).SetMode(mode)
	f.h.Emit(context.Background(), "session_start", obj{"type": "session_start", "reason": "startup"})
}

// models are the provider's registered models, synced as the agent does.
func (f fixture) models() []string {
	reg := provider.NewRegistry(provider.RegistryOptions{AgentDir: f.agentDir})
	for _, e := range f.h.Providers().Current().Entries() {
		b, _ := json.Marshal(e.Value)
		var cfg provider.ProviderConfig
		_ = json.Unmarshal(b, &cfg)
		_ = reg.RegisterProvider(e.ID, cfg)
	}
	var out []string
	for _, m := range reg.Available() {
		if m.Provider == ProviderID {
			out = append(out, m.ID)
		}
	}
	slices.Sort(out)
	return out
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

func notifications(h *engine.Host) []string {
	list, _ := piapi.Of(h).UI().State()["notifications"].([]any)
	var out []string
	for _, n := range list {
		m := n.(map[string]any)
		out = append(out, m["type"].(string)+": "+m["message"].(string))
	}
	return out
}

func TestNormalizeServerURL(t *testing.T) {
	for in, want := range map[string]string{
		"http://127.0.0.1:9931":        "http://127.0.0.1:9931",
		" http://host:1/v1/ ":          "http://host:1",
		"https://host/base//?q=1#frag": "https://host/base",
		"http://host/llama/v1":         "http://host/llama",
		"ftp://host":                   "error: Server URL must use http or https",
		"not a url":                    "error: Invalid URL: not a url",
	} {
		got, err := NormalizeServerURL(in)
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != want {
			t.Errorf("NormalizeServerURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// The network refresh in RPC mode: GET /models, /props (a preset is
// unloaded), /props of each loaded chat model; the chat models are
// registered and everything selectable is stored as pi stores it.
func TestRefreshRegistersAndStores(t *testing.T) {
	r := newRouter(t, catalog()...)
	f := boot(t, Options{Env: map[string]string{"LLAMA_BASE_URL": r.srv.URL + "/v1/"}})
	if got := f.models(); len(got) != 0 {
		t.Fatalf("models before the refresh: %v", got)
	}
	f.start("rpc")
	waitFor(t, "llama models", func() bool { return len(f.models()) == 2 })
	if got := f.models(); !slices.Equal(got, []string{"qwen3-8b", "sleepy"}) {
		t.Errorf("models = %v (the unloaded preset without autoload and the decision model are not chat models)", got)
	}
	want := []string{"GET /models", "GET /props", "GET /props?model=qwen3-8b&autoload=false"}
	if got := r.log(); !slices.Equal(got, want) {
		t.Errorf("requests = %v, want %v", got, want)
	}
	if r.auth[0] != "Bearer local" {
		t.Errorf("authorization = %q, want pi's default key", r.auth[0])
	}
	stored, ok, err := provider.ReadStoredModels(f.agentDir, ProviderID)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	var ids []string
	for _, m := range stored.Models {
		ids = append(ids, str(m, "type")+":"+str(m, "id")+":"+str(m, "api"))
	}
	wantIDs := []string{":qwen3-8b:openai-completions", ":sleepy:openai-completions",
		"classifier:qwen3-8b:llama-cpp-classify", "classifier:sleepy:llama-cpp-classify", "classifier:jev-1:typesafe-system-one"}
	if !slices.Equal(ids, wantIDs) {
		t.Errorf("stored = %v, want %v", ids, wantIDs)
	}
	b, _ := json.Marshal(stored.Models[0])
	if wantQwen := `{"id":"qwen3-8b","name":"qwen3-8b","api":"openai-completions","provider":"llama.cpp","baseUrl":"` + r.srv.URL + `/v1","reasoning":true,` +
		`"thinkingLevelMap":{"off":"off","minimal":null,"low":null,"medium":"medium","high":null,"xhigh":null},"input":["text","image"],` +
		`"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0},"contextWindow":32768,"maxTokens":32768,` +
		`"compat":{"supportsStore":false,"supportsReasoningEffort":false,"supportsUsageInStreaming":true,"supportsStrictMode":false,"maxTokensField":"max_tokens","thinkingFormat":"qwen-chat-template"}}`; string(b) != wantQwen {
		t.Errorf("stored qwen3-8b =\n%s\nwant\n%s", b, wantQwen)
	}
	b, _ = json.Marshal(stored.Models[4])
	if want := `{"type":"classifier","id":"jev-1","name":"jev-1","api":"typesafe-system-one","provider":"llama.cpp","baseUrl":"` + r.srv.URL + `/v1",` +
		`"input":["text","image"],"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0},"contextWindow":128000,"compat":{"imageInput":"images","sendImageOptInHeader":false}}`; string(b) != want {
		t.Errorf("stored jev-1 =\n%s\nwant\n%s", b, want)
	}
}

// With router autoload, unloaded presets are selectable too; models
// without a chat template that knows thinking are not reasoning models.
func TestRefreshAutoloadPresets(t *testing.T) {
	r := newRouter(t, catalog()...)
	r.autoload, r.template = true, "plain"
	f := boot(t, Options{Env: map[string]string{"LLAMA_BASE_URL": r.srv.URL, "LLAMA_API_KEY": "sekrit"}})
	f.start("tui")
	waitFor(t, "llama models", func() bool { return len(f.models()) == 3 })
	if r.auth[0] != "Bearer sekrit" {
		t.Errorf("authorization = %q, want LLAMA_API_KEY", r.auth[0])
	}
	stored, _, _ := provider.ReadStoredModels(f.agentDir, ProviderID)
	if v, _ := stored.Models[0].Get("reasoning"); v != false {
		t.Errorf("reasoning = %v for a template without enable_thinking", v)
	}
}

// Print mode (and --list-models) do not touch the network; they list the
// stored models while a server is configured, and nothing without one.
func TestStoredModelsWithoutNetwork(t *testing.T) {
	r := newRouter(t, catalog()...)
	agentDir := t.TempDir()
	f := boot(t, Options{AgentDir: agentDir, Env: map[string]string{"LLAMA_BASE_URL": r.srv.URL}})
	f.start("rpc")
	waitFor(t, "the store", func() bool { _, ok, _ := provider.ReadStoredModels(agentDir, ProviderID); return ok })
	n := len(r.log())

	again := boot(t, Options{AgentDir: agentDir, Env: map[string]string{"LLAMA_BASE_URL": r.srv.URL}})
	again.start("print")
	if got := again.models(); !slices.Equal(got, []string{"qwen3-8b", "sleepy"}) {
		t.Errorf("stored models = %v", got)
	}
	if len(r.log()) != n {
		t.Errorf("print mode contacted the router: %v", r.log()[n:])
	}
	// Requests go to the configured server, not the stored baseUrl.
	moved := boot(t, Options{AgentDir: agentDir, Env: map[string]string{"LLAMA_BASE_URL": "http://other:1234"}})
	for _, e := range moved.h.Providers().Current().Entries() {
		for _, m := range e.Value["models"].([]any) {
			if got := m.(map[string]any)["baseUrl"]; got != "http://other:1234/v1" {
				t.Errorf("baseUrl = %v, want the configured server's", got)
			}
		}
	}
	unconfigured := boot(t, Options{AgentDir: agentDir})
	unconfigured.start("rpc")
	if got := unconfigured.models(); len(got) != 0 {
		t.Errorf("models without a configured server = %v", got)
	}
	offline := boot(t, Options{AgentDir: agentDir, Env: map[string]string{"LLAMA_BASE_URL": r.srv.URL, "PI_OFFLINE": "1"}})
	offline.start("rpc")
	time.Sleep(50 * time.Millisecond)
	if len(r.log()) != n {
		t.Errorf("PI_OFFLINE: the router was contacted: %v", r.log()[n:])
	}
}

// The server /login stored in auth.json wins over LLAMA_BASE_URL, its key
// over LLAMA_API_KEY; a credential without a key sends LLAMA_API_KEY.
func TestStoredCredential(t *testing.T) {
	r := newRouter(t, catalog()...)
	for name, tc := range map[string]struct {
		cred     obj
		wantAuth string
	}{
		"key":    {obj{"type": "api_key", "key": "stored", "env": obj{"LLAMA_BASE_URL": r.srv.URL}}, "Bearer stored"},
		"no_key": {obj{"type": "api_key", "env": obj{"LLAMA_BASE_URL": r.srv.URL}}, "Bearer env-key"},
	} {
		t.Run(name, func(t *testing.T) {
			agentDir := t.TempDir()
			b, _ := json.Marshal(obj{ProviderID: tc.cred})
			if err := os.WriteFile(filepath.Join(agentDir, "auth.json"), b, 0o600); err != nil {
				t.Fatal(err)
			}
			r.mu.Lock()
			r.auth = nil
			r.mu.Unlock()
			f := boot(t, Options{AgentDir: agentDir, Env: map[string]string{"LLAMA_BASE_URL": "http://127.0.0.1:1", "LLAMA_API_KEY": "env-key"}})
			f.start("rpc")
			waitFor(t, "llama models", func() bool { return len(f.models()) == 2 })
			if r.auth[0] != tc.wantAuth {
				t.Errorf("authorization = %q, want %q", r.auth[0], tc.wantAuth)
			}
			// pigo's own registry reads the same auth.json without complaint.
			reg := provider.NewRegistry(provider.RegistryOptions{AgentDir: agentDir})
			if p := reg.Problems(); len(p) != 0 {
				t.Errorf("registry problems: %v", p)
			}
		})
	}
}

// Failures leave the stored models and are reported as warnings naming
// the plugin: an unreachable server, a server that is not a router, an
// invalid LLAMA_BASE_URL.
func TestRefreshFailures(t *testing.T) {
	notRouter := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(`{"data":[{"id":"m","object":"model"}]}`))
	}))
	defer notRouter.Close()
	for name, tc := range map[string]struct{ url, want string }{
		"unreachable": {"http://127.0.0.1:1", "Model refresh failed for llama.cpp: Could not reach llama.cpp server at http://127.0.0.1:1: "},
		"not_router":  {notRouter.URL, "Model refresh failed for llama.cpp: Server is not running in llama.cpp router mode"},
		"bad_url":     {"ftp://x", "LLAMA_BASE_URL: Server URL must use http or https"},
	} {
		t.Run(name, func(t *testing.T) {
			f := boot(t, Options{Env: map[string]string{"LLAMA_BASE_URL": tc.url}})
			f.start("rpc")
			waitFor(t, "a warning", func() bool {
				for _, d := range f.diags.all() {
					if d.Plugin == ID && d.Severity == engine.SeverityWarning && strings.HasPrefix(d.Text, tc.want) {
						return true
					}
				}
				return false
			})
			if got := f.models(); len(got) != 0 {
				t.Errorf("models = %v", got)
			}
		})
	}
}

func TestLlamaCommandOutsideTUI(t *testing.T) {
	f := boot(t, Options{})
	f.start("rpc")
	cmd, _ := f.h.Commands().Current().Get("llama")
	if cmd.Value.Description != "Manage llama.cpp router models" {
		t.Errorf("description = %q", cmd.Value.Description)
	}
	if err := cmd.Value.Handler(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	if got := notifications(f.h); !slices.Equal(got, []string{"warning: /llama is available in interactive mode"}) {
		t.Errorf("notifications = %v", got)
	}
}

func TestLlamaCommandUnconfigured(t *testing.T) {
	f := boot(t, Options{})
	piapi.Of(f.h).SetMode("tui")
	cmd, _ := f.h.Commands().Current().Get("llama")
	if err := cmd.Value.Handler(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	if got := notifications(f.h); !slices.Equal(got, []string{"warning: Configure llama.cpp with /login llama.cpp"}) {
		t.Errorf("notifications = %v", got)
	}
}

// /llama in the interactive mode: load an unloaded model (unloading the
// loaded ones first), unload a loaded one, close; the provider's models
// follow the router.
func TestLlamaCommandLoadUnload(t *testing.T) {
	r := newRouter(t, catalog()...)
	f := boot(t, Options{Env: map[string]string{"LLAMA_BASE_URL": r.srv.URL}})
	step := 0
	var afterLoad []string
	ui := &uiClient{hub: f.h.Views(), answer: func(state obj) any {
		title := state["title"].(string)
		switch {
		case strings.HasPrefix(title, "llama.cpp models"):
			step++
			switch step {
			case 1:
				return obj{"value": "gemma-preset"}
			case 2:
				afterLoad = f.models()
				return obj{"value": "gemma-preset  loaded"}
			}
			return obj{"cancelled": true}
		case title == "3 models are loaded": // sleeping models count as loaded
			return obj{"value": "Keep loaded and load"}
		case title == "Unload model?":
			return obj{"confirmed": true}
		}
		return obj{"cancelled": true}
	}}
	if err := f.h.Views().Attach(ui); err != nil {
		t.Fatal(err)
	}
	piapi.Of(f.h).SetMode("tui")
	cmd, _ := f.h.Commands().Current().Get("llama")
	if err := cmd.Value.Handler(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	wantTitles := []string{"llama.cpp models\n" + r.srv.URL, "3 models are loaded", "llama.cpp models\n" + r.srv.URL, "Unload model?", "llama.cpp models\n" + r.srv.URL}
	if got := ui.titles(); !slices.Equal(got, wantTitles) {
		t.Errorf("dialogs = %q, want %q", got, wantTitles)
	}
	for id, want := range map[string]string{"qwen3-8b": "loaded", "jev-1": "loaded", "gemma-preset": "unloaded", "sleepy": "sleeping"} {
		if got := r.status(id); got != want {
			t.Errorf("%s is %s, want %s", id, got, want)
		}
	}
	if !slices.Equal(afterLoad, []string{"gemma-preset", "qwen3-8b", "sleepy"}) {
		t.Errorf("models after the load = %v", afterLoad)
	}
	if got := f.models(); !slices.Equal(got, []string{"qwen3-8b", "sleepy"}) {
		t.Errorf("models after the unload = %v", got)
	}
	want := []string{"info: Loading gemma-preset", "info: Loaded gemma-preset", "info: Unloaded gemma-preset"}
	if got := notifications(f.h); !slices.Equal(got, want) {
		t.Errorf("notifications = %v, want %v", got, want)
	}
}

// A load that fails reports the router's reason; with "Unload all and
// load", the unloaded models are loaded again.
func TestLlamaCommandLoadFailure(t *testing.T) {
	r := newRouter(t, catalog()...)
	r.failLoad = "gemma-preset"
	f := boot(t, Options{Env: map[string]string{"LLAMA_BASE_URL": r.srv.URL}})
	shown := 0
	ui := &uiClient{hub: f.h.Views(), answer: func(state obj) any {
		switch title := state["title"].(string); {
		case strings.HasPrefix(title, "llama.cpp models"):
			if shown++; shown == 1 {
				return obj{"value": "gemma-preset"}
			}
		case title == "3 models are loaded":
			return obj{"value": "Unload all and load"}
		}
		return obj{"cancelled": true}
	}}
	_ = f.h.Views().Attach(ui)
	piapi.Of(f.h).SetMode("tui")
	cmd, _ := f.h.Commands().Current().Get("llama")
	if err := cmd.Value.Handler(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	want := []string{"info: Loading gemma-preset", "info: Restoring previously loaded models", "error: Model exited with code 3"}
	if got := notifications(f.h); !slices.Equal(got, want) {
		t.Errorf("notifications = %v, want %v", got, want)
	}
	if r.status("qwen3-8b") != "loaded" || r.status("jev-1") != "loaded" {
		t.Errorf("previously loaded models were not restored: %s, %s", r.status("qwen3-8b"), r.status("jev-1"))
	}
}

// An unreachable router offers Retry and Close.
func TestLlamaCommandUnreachable(t *testing.T) {
	f := boot(t, Options{Env: map[string]string{"LLAMA_BASE_URL": "http://127.0.0.1:1"}})
	retries := 0
	ui := &uiClient{hub: f.h.Views(), answer: func(state obj) any {
		if retries++; retries == 1 {
			return obj{"value": "Retry"}
		}
		return obj{"value": "Close"}
	}}
	_ = f.h.Views().Attach(ui)
	piapi.Of(f.h).SetMode("tui")
	cmd, _ := f.h.Commands().Current().Get("llama")
	if err := cmd.Value.Handler(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	titles := ui.titles()
	if len(titles) != 2 || !strings.HasPrefix(titles[0], "llama.cpp unavailable\nhttp://127.0.0.1:1\n\nCould not reach llama.cpp server at http://127.0.0.1:1: ") {
		t.Errorf("dialogs = %q", titles)
	}
}

// A server error's message is what the client reports.
func TestClientErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		switch req.URL.Path {
		case "/models/load":
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"error":{"message":"model is already loading"}}`))
		case "/models/unload":
			w.WriteHeader(http.StatusInternalServerError)
		default:
			_, _ = w.Write([]byte(`{"object":"list"}`))
		}
	}))
	defer srv.Close()
	c, err := NewClient(srv.URL, "")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Load(ctx, "m"); err == nil || err.Error() != "model is already loading" {
		t.Errorf("load: %v", err)
	}
	if err := c.Unload(ctx, "m"); err == nil || err.Error() != "llama.cpp returned HTTP 500" {
		t.Errorf("unload: %v", err)
	}
	if _, err := c.List(ctx); err == nil || err.Error() != "llama.cpp returned an invalid model catalog" {
		t.Errorf("list: %v", err)
	}
}

func TestContextWindow(t *testing.T) {
	var m ModelInfo
	if err := json.Unmarshal([]byte(`{"id":"x","status":{"value":"loaded","args":["-c","4096"]},"meta":{"n_ctx_train":9000}}`), &m); err != nil {
		t.Fatal(err)
	}
	if got := contextWindowOf(m, 7000); got != 4096 {
		t.Errorf("configured: %d", got)
	}
	m.Status.Args = nil
	if got := contextWindowOf(m, 7000); got != 7000 {
		t.Errorf("cached: %d", got)
	}
	if got := contextWindowOf(m, 0); got != 9000 {
		t.Errorf("training: %d", got)
	}
	m.Meta.NCtx = 2048
	if got := contextWindowOf(m, 7000); got != 2048 {
		t.Errorf("runtime: %d", got)
	}
	if got := contextWindowOf(ModelInfo{}, 0); got != 128000 {
		t.Errorf("default: %d", got)
	}
}
