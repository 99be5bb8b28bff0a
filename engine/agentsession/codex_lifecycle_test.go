package agentsession_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
)

// codexSockets is a Codex WebSocket endpoint that answers every
// response.create with "ok" and reports the sockets it accepts and the
// closes it sees.
type codexSockets struct {
	mu      sync.Mutex
	opened  int
	replies int
	closes  chan string // "code reason" of each socket the client closed
}

func (cs *codexSockets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer conn.CloseNow()
	cs.mu.Lock()
	cs.opened++
	cs.mu.Unlock()
	for {
		if _, _, err := conn.Read(r.Context()); err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				cs.closes <- fmt.Sprintf("%d %s", int(ce.Code), ce.Reason)
			}
			return
		}
		cs.mu.Lock()
		cs.replies++
		id := fmt.Sprintf("resp_%d", cs.replies)
		cs.mu.Unlock()
		for _, ev := range []string{
			`{"type":"response.created","response":{"id":"` + id + `"}}`,
			`{"type":"response.output_item.added","item":{"type":"message","id":"msg_` + id + `","role":"assistant","content":[]}}`,
			`{"type":"response.content_part.added","part":{"type":"output_text","text":""}}`,
			`{"type":"response.output_text.delta","delta":"ok"}`,
			`{"type":"response.output_item.done","item":{"type":"message","id":"msg_` + id + `","role":"assistant","content":[{"type":"output_text","text":"ok"}]}}`,
			`{"type":"response.completed","response":{"id":"` + id + `","status":"completed","usage":{"input_tokens":3,"output_tokens":1,"total_tokens":4}}}`,
		} {
			if err := conn.Write(r.Context(), websocket.MessageText, []byte(ev)); err != nil {
				return
			}
		}
	}
}

func (cs *codexSockets) openedCount() int {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return cs.opened
}

// awaitClose is the next close the endpoint saw; the wait only guards
// against a hang.
func (cs *codexSockets) awaitClose(t *testing.T) string {
	t.Helper()
	select {
	case c := <-cs.closes:
		return c
	case <-time.After(30 * time.Second):
		t.Fatal("no socket was closed")
		return ""
	}
}

// TestCodexSocketFollowsTheSession: as pi 1.6 (its session dispose runs
// pi-ai's cleanupSessionResources), prompts of one session share a Codex
// WebSocket; replacing the session (an extension's ctx.newSession())
// closes it and the new session opens its own, which closing the agent
// closes in turn.
func TestCodexSocketFollowsTheSession(t *testing.T) {
	io, _ := world(t)
	cs := &codexSockets{closes: make(chan string, 8)}
	srv := httptest.NewServer(cs)
	defer srv.Close()
	claims := `{"https://api.openai.com/auth":{"chatgpt_account_id":"acct_life"}}`
	jwt := "h." + base64.RawURLEncoding.EncodeToString([]byte(claims)) + ".s"
	agentDir := filepath.Join(io.Cwd, "agent") // world's PI_CODING_AGENT_DIR
	if err := os.MkdirAll(agentDir, 0o755); err != nil {
		t.Fatal(err)
	}
	models := fmt.Sprintf(`{"providers": {"codexfake": {"baseUrl": %q, "api": "openai-codex-responses", "apiKey": %q,
  "models": [{"id": "gpt-5.4", "contextWindow": 272000, "maxTokens": 128000}]}}}`, srv.URL, jwt)
	if err := os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(models), 0o644); err != nil {
		t.Fatal(err)
	}
	ext := filepath.Join(io.Cwd, "renew.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.registerCommand("renew", { handler: async (_a, ctx) => { await ctx.newSession(); } });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--model", "codexfake/gpt-5.4", "-e", ext, "--no-session", "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	closed := false
	defer func() {
		if !closed {
			s.Close()
		}
	}()
	prompt := func(text string) {
		t.Helper()
		if err := s.Prompt(context.Background(), text); err != nil {
			t.Fatal(err)
		}
		if text[0] == '/' {
			return
		}
		msgs := s.Messages()
		if last := msgs[len(msgs)-1]; last["role"] != "assistant" || last["stopReason"] != "stop" {
			t.Fatalf("%q: last message %v", text, last)
		}
	}
	prompt("hi")
	prompt("again")
	if n := cs.openedCount(); n != 1 {
		t.Fatalf("%d sockets for two prompts of one session, want 1", n)
	}
	prompt("/renew")
	if got := cs.awaitClose(t); got != "1000 debug_close" {
		t.Errorf("the replaced session's socket: close %q, want 1000 debug_close", got)
	}
	prompt("hi")
	if n := cs.openedCount(); n != 2 {
		t.Fatalf("%d sockets, want a new one for the new session", n)
	}
	s.Close()
	closed = true
	if got := cs.awaitClose(t); got != "1000 debug_close" {
		t.Errorf("the ended session's socket: close %q, want 1000 debug_close", got)
	}
}
