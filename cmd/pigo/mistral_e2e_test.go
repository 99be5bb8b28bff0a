package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrintModeMistral: pigo -p with a built-in Mistral model, its key from
// MISTRAL_API_KEY and models.json pointing the mistral provider at a mock
// server, streams the answer through mistral-conversations: the request
// goes to /v1/chat/completions with Mistral's body.
func TestPrintModeMistral(t *testing.T) {
	t.Parallel()
	m := newMockLLM([]mockStep{{Text: "Hello world", Chunks: []string{"Hello", " world"}}})
	defer m.Close()
	dir, _, agentDir := sideDirs(t)
	must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(`{"providers": {"mistral": {"baseUrl": "`+m.srv.URL+`"}}}`), 0o644))
	out := runCLIEnv([]string{selfPath()}, dir, []string{"MISTRAL_API_KEY=ms-key"},
		"-p", "hi", "--model", "mistral/devstral-medium-latest", "--no-session")
	if out != "## stdout\nHello world\n## stderr\n## exit 0" {
		t.Fatalf("pigo:\n%s", out)
	}
	reqs, hdrs := m.Requests(), m.Headers()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	m.mu.Lock()
	path := m.paths[0]
	m.mu.Unlock()
	if path != "/v1/chat/completions" {
		t.Errorf("path = %s", path)
	}
	if got := hdrs[0].Get("Authorization"); got != "Bearer ms-key" {
		t.Errorf("authorization = %q", got)
	}
	body := reqs[0]
	if body["model"] != "devstral-medium-latest" || body["max_tokens"] == nil || body["stream"] != true {
		t.Errorf("body = %v", body)
	}
	msgs, _ := body["messages"].([]any)
	if len(msgs) < 2 || !strings.Contains(string(mustJSON(msgs[len(msgs)-1])), `"role":"user"`) {
		t.Errorf("messages = %v", msgs)
	}
}
