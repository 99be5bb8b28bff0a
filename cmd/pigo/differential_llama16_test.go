package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Differential tests of builtin:llama.cpp against pi 1.6: the same fake
// llama.cpp router serves both sides.

// newFakeLlamaRouter serves a fixed router catalog (a loaded model with a
// thinking chat template and image input, an unloaded preset, a sleeping
// model, a decision model) and logs each request with its Authorization.
// It classifies too: System One for the decision model, and the
// tokenizer, template and next-token log-probabilities that pi-ai's
// llama-cpp-classify reads (those requests are logged with their body).
func newFakeLlamaRouter(t *testing.T) (*httptest.Server, func() []string) {
	var mu sync.Mutex
	var log []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		line := r.Method + " " + r.URL.RequestURI() + " " + r.Header.Get("Authorization")
		var body []byte
		switch r.URL.Path {
		case "/v1/systemone", "/tokenize", "/apply-template", "/completion":
			body, _ = io.ReadAll(r.Body)
			line += " " + string(body)
		}
		mu.Lock()
		log = append(log, line)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/v1/systemone":
			_, _ = w.Write([]byte(`{"answers":{"ok":{"type":"noul","noul":0.25}},"usage":{"input_tokens":7,"output_tokens":1}}`))
		case "/tokenize": // "\n" is token 10, "Yes" 100, "No" 101
			tokens := []int{10}
			if strings.Contains(string(body), `"content":"\nYes"`) {
				tokens = []int{10, 100}
			} else if strings.Contains(string(body), `"content":"\nNo"`) {
				tokens = []int{10, 101}
			}
			_ = json.NewEncoder(w).Encode(map[string]any{"tokens": tokens})
		case "/apply-template":
			_, _ = w.Write([]byte(`{"prompt":"<|user|>judge<think>"}`))
		case "/completion":
			_, _ = w.Write([]byte(`{"completion_probabilities":[{"top_logprobs":[{"id":101,"logprob":-0.5},{"id":7,"logprob":-1},{"id":100,"logprob":-1.5}]}]}`))
		case "/models":
			_, _ = w.Write([]byte(`{"data":[
{"id":"qwen3-8b","status":{"value":"loaded","args":["--ctx-size","32768"]},"architecture":{"input_modalities":["text","image"]}},
{"id":"gemma-preset","status":{"value":"unloaded"},"source":"preset"},
{"id":"sleepy","status":{"value":"sleeping"},"meta":{"n_ctx_train":8192}},
{"id":"jev-1","status":{"value":"loaded"},"architecture":{"output_modalities":["decisions"]}}]}`))
		case "/props":
			if r.URL.Query().Get("model") != "" {
				_, _ = w.Write([]byte(`{"chat_template":"{% if enable_thinking %}think{% endif %}"}`))
			} else {
				_, _ = w.Write([]byte(`{"models_autoload":false}`))
			}
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), log...) }
}

// rpcSession runs a side in RPC mode in dir with env (besides PATH) and
// returns send (one JSON command) and next (the first output line that
// match accepts; the test fails after a minute or when the side exits).
// Its stderr goes to dir/stderr.txt. The side ends with the test.
func rpcSession(t *testing.T, argv []string, dir string, env []string, args ...string) (send func(string), next func(match func(map[string]any) bool) map[string]any) {
	t.Helper()
	cmd := sideCommand(argv, dir, append([]string{"--mode", "rpc", "--no-session"}, args...)...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, env...)
	stdin, err := cmd.StdinPipe()
	must(t, err)
	stdout, err := cmd.StdoutPipe()
	must(t, err)
	stderr, err := os.Create(filepath.Join(dir, "stderr.txt"))
	must(t, err)
	cmd.Stderr = stderr
	must(t, cmd.Start())
	t.Cleanup(func() { _ = stdin.Close(); _ = cmd.Wait(); _ = stderr.Close() })
	lines := make(chan map[string]any, 100)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<22)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				lines <- m
			}
		}
		close(lines)
	}()
	send = func(line string) { _, _ = fmt.Fprintln(stdin, line) }
	next = func(match func(map[string]any) bool) map[string]any {
		timeout := time.After(60 * time.Second)
		for {
			select {
			case m, ok := <-lines:
				if !ok {
					t.Fatalf("%s exited", argv[0])
				}
				if match(m) {
					return m
				}
			case <-timeout:
				t.Fatalf("%s: timed out", argv[0])
			}
		}
	}
	return send, next
}

// rpcResponse matches the response to the command with id.
func rpcResponse(id string) func(map[string]any) bool {
	return func(m map[string]any) bool { return m["type"] == "response" && m["id"] == id }
}

// llamaRPC runs a side in RPC mode against url, waits until
// get_available_models lists llama.cpp models (pi refreshes them in the
// background after start-up), then asks for the commands and runs
// /llama. It returns the responses and events by kind.
func llamaRPC(t *testing.T, argv []string, dir, url string) map[string]any {
	t.Helper()
	send, next := rpcSession(t, argv, dir, []string{"HOME=" + dir, "PI_CODING_AGENT_DIR=" + filepath.Join(dir, "agent"),
		"PIGO_CACHE_DIR=" + filepath.Join(dir, "cache"), "TMPDIR=" + dir, "LLAMA_BASE_URL=" + url + "/v1"})
	out := map[string]any{}
	for i := 0; ; i++ {
		id := fmt.Sprint("m", i)
		send(fmt.Sprintf(`{"id":%q,"type":"get_available_models"}`, id))
		r := next(rpcResponse(id))
		var llama []any
		models, _ := r["data"].(map[string]any)["models"].([]any)
		for _, m := range models {
			if m.(map[string]any)["provider"] == "llama.cpp" {
				llama = append(llama, m)
			}
		}
		if len(llama) > 0 {
			out["models"] = llama
			break
		}
		if i > 300 {
			t.Fatalf("%s: no llama.cpp models", argv[0])
		}
		time.Sleep(100 * time.Millisecond)
	}
	send(`{"id":"c","type":"get_commands"}`)
	for _, c := range next(rpcResponse("c"))["data"].(map[string]any)["commands"].([]any) {
		if c.(map[string]any)["name"] == "llama" {
			out["command"] = c
		}
	}
	send(`{"id":"p","type":"prompt","message":"/llama"}`)
	out["notify"] = next(func(m map[string]any) bool { return m["type"] == "extension_ui_request" && m["method"] == "notify" })
	delete(out["notify"].(map[string]any), "id")
	return out
}

var checkedAt = regexp.MustCompile(`"checkedAt": \d+`)

// TestDifferentialLlama16: in RPC mode both sides fetch the router's
// catalog with the same requests, list the same llama.cpp models, store
// the same models-store.json (up to its timestamp), register /llama alike
// and answer it alike outside the TUI; --list-models then lists the stored
// models without the network, and nothing without a configured server.
func TestDifferentialLlama16(t *testing.T) {
	sides := pi16Sides(t)
	got := map[string]map[string]any{}
	stores, requests, dirs := map[string]string{}, map[string][]string{}, map[string]string{}
	for side, argv := range sides {
		srv, log := newFakeLlamaRouter(t)
		dir, _, agentDir := sideDirs(t)
		got[side] = llamaRPC(t, argv, dir, srv.URL)
		b, err := os.ReadFile(filepath.Join(agentDir, "models-store.json"))
		must(t, err)
		stores[side] = checkedAt.ReplaceAllString(strings.ReplaceAll(string(b), srv.URL, "URL"), `"checkedAt": 0`)
		requests[side] = log()
		dirs[side] = dir
		// The same url on both sides for what follows.
		for _, m := range got[side]["models"].([]any) {
			m.(map[string]any)["baseUrl"] = strings.ReplaceAll(m.(map[string]any)["baseUrl"].(string), srv.URL, "URL")
		}
	}
	if got["pigo"]["command"] == nil || len(got["pigo"]["models"].([]any)) != 2 {
		t.Errorf("pigo: /llama or the models missing: %v", got["pigo"])
	}
	if !reflect.DeepEqual(got["pi"], got["pigo"]) {
		a, _ := json.MarshalIndent(got["pi"], "", " ")
		b, _ := json.MarshalIndent(got["pigo"], "", " ")
		t.Errorf("RPC differs:\npi:\n%s\npigo:\n%s", a, b)
	}
	if stores["pi"] != stores["pigo"] {
		t.Errorf("models-store.json differs:\npi:\n%s\npigo:\n%s", stores["pi"], stores["pigo"])
	}
	if !reflect.DeepEqual(requests["pi"], requests["pigo"]) {
		t.Errorf("router requests differ:\npi:   %q\npigo: %q", requests["pi"], requests["pigo"])
	}

	// --list-models reads pi's store on both sides; the table's rows are
	// compared (the "no models" guidance names pi's installed docs).
	for name, env := range map[string]string{"configured": "LLAMA_BASE_URL=http://127.0.0.1:1", "unconfigured": ""} {
		out := map[string]string{}
		for side, argv := range sides {
			dir, _, agentDir := sideDirs(t)
			b, err := os.ReadFile(filepath.Join(dirs["pi"], "agent", "models-store.json"))
			must(t, err)
			must(t, os.WriteFile(filepath.Join(agentDir, "models-store.json"), b, 0o600))
			cmd := sideCommand(argv, dir, "--list-models")
			cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, sandboxEnv(dir)...)
			if env != "" {
				cmd.Env = append(cmd.Env, env)
			}
			cmd.Stdin = strings.NewReader("")
			b, err = cmd.CombinedOutput()
			must(t, err)
			for _, l := range strings.SplitAfter(string(b), "\n") {
				if strings.HasPrefix(l, "provider ") || strings.HasPrefix(l, "llama.cpp ") {
					out[side] += l
				}
			}
		}
		if out["pi"] != out["pigo"] {
			t.Errorf("--list-models %s differs:\npi:\n%s\npigo:\n%s", name, out["pi"], out["pigo"])
		}
		if want := name == "configured"; strings.Contains(out["pigo"], "llama.cpp  qwen3-8b  32.8K") != want {
			t.Errorf("--list-models %s: stored models listed: %v\n%s", name, !want, out["pigo"])
		}
	}
}

// TestDifferentialLlamaPrompt16: a prompt to a stored llama.cpp model
// (print mode: no refresh, the store's catalog) goes to the configured
// server's /v1 (not the baseUrl stored with the model: pi's resolved auth
// wins) with the same request switches from pi 1.6 and pigo: the model,
// the max_tokens field, usage in the stream, no store, and the qwen chat
// template's thinking switch. max_tokens' value is masked: both fit it
// into the window less the estimated input and a margin
// (clampMaxTokensToContext), but pigo's system prompt is its own, so the
// estimates differ; on both sides it is under the window less 4096.
func TestDifferentialLlamaPrompt16(t *testing.T) {
	sides := pi16Sides(t)
	bodies := map[string]map[string]any{}
	for side, argv := range sides {
		llm := newMockLLM([]mockStep{{Text: "from llama"}})
		t.Cleanup(llm.Close)
		dir, _, agentDir := sideDirs(t)
		store := `{"llama.cpp":{"models":[{"id":"qwen3-8b","name":"qwen3-8b","api":"openai-completions","provider":"llama.cpp",` +
			`"baseUrl":"http://127.0.0.1:1/v1","reasoning":true,"thinkingLevelMap":{"off":"off","minimal":null,"low":null,"medium":"medium","high":null,"xhigh":null},` +
			`"input":["text"],"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0},"contextWindow":32768,"maxTokens":32768,` +
			`"compat":{"supportsStore":false,"supportsReasoningEffort":false,"supportsUsageInStreaming":true,"supportsStrictMode":false,` +
			`"maxTokensField":"max_tokens","thinkingFormat":"qwen-chat-template"}}],"checkedAt":1}}`
		must(t, os.WriteFile(filepath.Join(agentDir, "models-store.json"), []byte(store), 0o600))
		cmd := sideCommand(argv, dir, "-p", "hi", "--model", "llama.cpp/qwen3-8b", "--thinking", "medium", "--no-session", "--no-tools")
		cmd.Env = append(append([]string{"PATH=" + os.Getenv("PATH")}, sandboxEnv(dir)...), "LLAMA_BASE_URL="+strings.TrimSuffix(llm.URL(), "/v1"))
		cmd.Stdin = strings.NewReader("")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "from llama") {
			t.Fatalf("%s: %v\n%s", side, err, out)
		}
		reqs := llm.Requests()
		if len(reqs) != 1 {
			t.Fatalf("%s: %d requests", side, len(reqs))
		}
		keep := map[string]any{}
		for _, k := range []string{"model", "max_tokens", "max_completion_tokens", "stream", "stream_options", "store", "chat_template_kwargs", "reasoning_effort", "enable_thinking"} {
			if v, ok := reqs[0][k]; ok {
				keep[k] = v
			}
		}
		if v, ok := keep["max_tokens"]; ok {
			if n, _ := v.(float64); n <= 0 || n > 32768-4096-100 {
				t.Errorf("%s: max_tokens %v not fitted into the window", side, v)
			}
			keep["max_tokens"] = "set"
		}
		bodies[side] = keep
	}
	if bodies["pi"]["chat_template_kwargs"] == nil {
		t.Errorf("pi sent no thinking switch: %v", bodies["pi"])
	}
	if !reflect.DeepEqual(bodies["pi"], bodies["pigo"]) {
		t.Errorf("requests differ:\npi:   %v\npigo: %v", bodies["pi"], bodies["pigo"])
	}
}
