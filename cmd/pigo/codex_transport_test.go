package main

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/coder/websocket"
)

// codexEndpoint emulates the Codex backend for pigo -p: a WebSocket frame
// or an SSE POST is answered with one text reply; it counts both.
type codexEndpoint struct {
	*httptest.Server
	mu            sync.Mutex
	frames, posts int
}

func newCodexEndpoint(t *testing.T) *codexEndpoint {
	e := &codexEndpoint{}
	reply := []string{
		`{"type":"response.output_item.added","item":{"type":"message","id":"msg_1","role":"assistant","content":[]}}`,
		`{"type":"response.content_part.added","part":{"type":"output_text","text":""}}`,
		`{"type":"response.output_text.delta","delta":"Hello"}`,
		`{"type":"response.output_item.done","item":{"type":"message","id":"msg_1","role":"assistant","content":[{"type":"output_text","text":"Hello"}]}}`,
		`{"type":"response.completed","response":{"id":"resp_1","status":"completed","usage":{"input_tokens":5,"output_tokens":1,"total_tokens":6}}}`,
	}
	e.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			e.mu.Lock()
			e.posts++
			e.mu.Unlock()
			w.Header().Set("Content-Type", "text/event-stream")
			for _, ev := range reply {
				fmt.Fprintf(w, "data: %s\n\n", ev)
			}
			return
		}
		conn, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer conn.CloseNow()
		for {
			if _, _, err := conn.Read(r.Context()); err != nil {
				return
			}
			e.mu.Lock()
			e.frames++
			e.mu.Unlock()
			for _, ev := range reply {
				if conn.Write(r.Context(), websocket.MessageText, []byte(ev)) != nil {
					return
				}
			}
		}
	}))
	t.Cleanup(e.Close)
	return e
}

// TestPrintModeCodexTransport: the transport setting decides how pigo -p
// reaches the Codex backend: pi's old "websockets": true (read as
// "websocket") sends the request as a WebSocket frame, "sse" as an SSE
// POST.
func TestPrintModeCodexTransport(t *testing.T) {
	t.Parallel()
	claims := base64.RawURLEncoding.EncodeToString([]byte(`{"https://api.openai.com/auth":{"chatgpt_account_id":"acct_1"}}`))
	access := "e30." + claims + ".sig"
	for _, c := range []struct {
		settings      string
		frames, posts int
	}{
		{`{"websockets": true}`, 1, 0},
		{`{"transport": "sse"}`, 0, 1},
	} {
		e := newCodexEndpoint(t)
		dir, _, agentDir := sideDirs(t)
		must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(`{"providers": {"openai-codex": {"baseUrl": "`+e.URL+`"}}}`), 0o644))
		must(t, os.WriteFile(filepath.Join(agentDir, "auth.json"), []byte(`{"openai-codex": {"type": "oauth", "refresh": "r", "access": "`+access+
			`", "expires": 4102444800000, "accountId": "acct_1"}}`), 0o600))
		must(t, os.WriteFile(filepath.Join(agentDir, "settings.json"), []byte(c.settings), 0o644))
		out := runCLIEnv([]string{selfPath()}, dir, nil, "-p", "hi", "--model", "openai-codex/gpt-6.2-sol", "--no-session")
		if out != "## stdout\nHello\n## stderr\n## exit 0" {
			t.Fatalf("%s: pigo:\n%s", c.settings, out)
		}
		e.mu.Lock()
		if e.frames != c.frames || e.posts != c.posts {
			t.Errorf("%s: %d frames, %d posts; want %d, %d", c.settings, e.frames, e.posts, c.frames, c.posts)
		}
		e.mu.Unlock()
	}
}
