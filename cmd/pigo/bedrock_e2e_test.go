package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws/protocol/eventstream"
)

// TestPrintModeBedrock: pigo -p with a built-in Amazon Bedrock model, AWS
// keys from the environment and models.json pointing amazon-bedrock at a
// fake endpoint, streams the answer through bedrock-converse-stream: the
// request is a SigV4-signed ConverseStream call with pi-ai's body.
func TestPrintModeBedrock(t *testing.T) {
	t.Parallel()
	type request struct {
		path string
		auth string
		body map[string]any
	}
	var mu sync.Mutex
	var reqs []request
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		mu.Lock()
		reqs = append(reqs, request{r.URL.Path, r.Header.Get("Authorization"), body})
		mu.Unlock()
		w.Header().Set("Content-Type", "application/vnd.amazon.eventstream")
		enc := eventstream.NewEncoder()
		for _, ev := range []struct{ typ, payload string }{
			{"messageStart", `{"role":"assistant"}`},
			{"contentBlockDelta", `{"contentBlockIndex":0,"delta":{"text":"Hello"}}`},
			{"contentBlockDelta", `{"contentBlockIndex":0,"delta":{"text":" world"}}`},
			{"contentBlockStop", `{"contentBlockIndex":0}`},
			{"messageStop", `{"stopReason":"end_turn"}`},
			{"metadata", `{"usage":{"inputTokens":10,"outputTokens":2,"totalTokens":12},"metrics":{"latencyMs":1}}`},
		} {
			var buf bytes.Buffer
			must(t, enc.Encode(&buf, eventstream.Message{Headers: eventstream.Headers{
				{Name: ":message-type", Value: eventstream.StringValue("event")},
				{Name: ":event-type", Value: eventstream.StringValue(ev.typ)},
				{Name: ":content-type", Value: eventstream.StringValue("application/json")},
			}, Payload: []byte(ev.payload)}))
			_, _ = w.Write(buf.Bytes())
		}
	}))
	defer srv.Close()
	dir, _, agentDir := sideDirs(t)
	must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(`{"providers": {"amazon-bedrock": {"baseUrl": "`+srv.URL+`"}}}`), 0o644))
	out := runCLIEnv([]string{selfPath()}, dir, []string{"AWS_ACCESS_KEY_ID=AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY=secret"},
		"-p", "hi", "--model", "amazon-bedrock/us.anthropic.claude-sonnet-4-5-20250929-v1:0", "--no-session")
	if out != "## stdout\nHello world\n## stderr\n## exit 0" {
		t.Fatalf("pigo:\n%s", out)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	r := reqs[0]
	if r.path != "/model/us.anthropic.claude-sonnet-4-5-20250929-v1:0/converse-stream" {
		t.Errorf("path = %s", r.path)
	}
	if !strings.HasPrefix(r.auth, "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/") || !strings.Contains(r.auth, "/us-east-1/bedrock/aws4_request") {
		t.Errorf("authorization = %q", r.auth)
	}
	msgs, _ := r.body["messages"].([]any)
	if len(msgs) == 0 || r.body["inferenceConfig"] == nil || r.body["system"] == nil {
		t.Errorf("body = %v", r.body)
	}
}
