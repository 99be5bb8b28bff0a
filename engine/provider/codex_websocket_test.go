package provider_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/pigo-dev/pigo/engine/provider"
)

// fakeCodex emulates the Codex endpoint: WebSocket upgrades (unless
// refused) answer each response.create frame with the next scripted
// events; POSTs answer SSE with the same events.
type fakeCodex struct {
	*httptest.Server
	refuse  bool
	replies [][]string // events of the n-th reply, over either transport

	mu        sync.Mutex
	upgrades  []http.Header
	frames    []map[string]any
	rawFrames []string
	posts     int
	replied   int
	// closes has, for each socket the client closed, "code reason".
	closes chan string
}

func newFakeCodex(t *testing.T, refuse bool, replies ...[]string) *fakeCodex {
	f := &fakeCodex{refuse: refuse, replies: replies, closes: make(chan string, 16)}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

// closeSocket in a WebSocket reply closes the socket there (code 1011).
const closeSocket = "CLOSE"

func (f *fakeCodex) next() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.replied >= len(f.replies) {
		return nil
	}
	f.replied++
	return f.replies[f.replied-1]
}

func (f *fakeCodex) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		f.mu.Lock()
		f.posts++
		f.mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		for _, ev := range f.next() {
			fmt.Fprintf(w, "data: %s\n\n", ev)
		}
		return
	}
	f.mu.Lock()
	f.upgrades = append(f.upgrades, r.Header.Clone())
	f.mu.Unlock()
	if f.refuse {
		http.Error(w, "no websockets here", http.StatusForbidden)
		return
	}
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer conn.CloseNow()
	for {
		_, data, err := conn.Read(r.Context())
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				f.closes <- fmt.Sprintf("%d %s", int(ce.Code), ce.Reason)
			}
			return
		}
		var frame map[string]any
		_ = json.Unmarshal(data, &frame)
		f.mu.Lock()
		f.frames = append(f.frames, frame)
		f.rawFrames = append(f.rawFrames, string(data))
		f.mu.Unlock()
		for _, ev := range f.next() {
			if ev == closeSocket {
				_ = conn.Close(websocket.StatusInternalError, "boom")
				return
			}
			if err := conn.Write(r.Context(), websocket.MessageText, []byte(ev)); err != nil {
				return
			}
		}
	}
}

// codexTextReply is a complete Codex reply saying text as response id.
func codexTextReply(id, text string) []string {
	return []string{
		`{"type":"response.created","response":{"id":"` + id + `"}}`,
		`{"type":"response.output_item.added","item":{"type":"message","id":"msg_` + id + `","role":"assistant","content":[]}}`,
		`{"type":"response.content_part.added","part":{"type":"output_text","text":""}}`,
		`{"type":"response.output_text.delta","delta":"` + text + `"}`,
		`{"type":"response.output_item.done","item":{"type":"message","id":"msg_` + id + `","role":"assistant","content":[{"type":"output_text","text":"` + text + `"}]}}`,
		`{"type":"response.completed","response":{"id":"` + id + `","status":"completed","usage":{"input_tokens":10,"output_tokens":2,"total_tokens":12}}}`,
	}
}

func codexWSModel(base string) *provider.Model {
	return &provider.Model{Provider: "openai-codex", ID: "gpt-5.4", API: provider.APIOpenAICodexResponses, BaseURL: base,
		Input: []string{"text"}, ContextWindow: 272000, MaxTokens: 128000, Reasoning: true}
}

func codexStream(t *testing.T, base string, c *provider.Context, opts provider.Options) *provider.AssistantMessage {
	t.Helper()
	opts.APIKey, opts.Now = codexJWT("acct_ws", "x"), fixedClock
	s, err := provider.Stream(context.Background(), codexWSModel(base), c, &opts)
	if err != nil {
		t.Fatal(err)
	}
	evs, msg := collect(t, s)
	if len(evs) == 0 || evs[0].Type != provider.EventStart {
		t.Errorf("first event %v, want start", evs)
	}
	return msg
}

// A WebSocket transport sends the request as one response.create frame
// with pi-ai's WebSocket headers and reads the reply from the socket; no
// SSE request is made.
func TestCodexWebSocketRequest(t *testing.T) {
	f := newFakeCodex(t, false, codexTextReply("resp_1", "Hi"))
	c := &provider.Context{SystemPrompt: "Be brief.", Messages: []map[string]any{userMsg("hi")}}
	msg := codexStream(t, f.URL+"/backend-api", c, provider.Options{Transport: "websocket"})
	if msg.StopReason != provider.StopReasonStop || msg.Content[0].Text != "Hi" || msg.ResponseID != "resp_1" || len(msg.Diagnostics) != 0 {
		t.Fatalf("message %+v", msg)
	}
	if f.posts != 0 || len(f.upgrades) != 1 || len(f.frames) != 1 {
		t.Fatalf("posts %d upgrades %d frames %d", f.posts, len(f.upgrades), len(f.frames))
	}
	h := f.upgrades[0]
	for k, want := range map[string]string{
		"Authorization": "Bearer " + codexJWT("acct_ws", "x"), "Chatgpt-Account-Id": "acct_ws", "Originator": "pi",
		"Openai-Beta": "responses_websockets=2026-02-06", "Accept": "", "Content-Type": "",
	} {
		if got := h.Get(k); got != want {
			t.Errorf("header %s = %q, want %q", k, got, want)
		}
	}
	if id := h.Get("Session-Id"); id == "" || h.Get("X-Client-Request-Id") != id {
		t.Errorf("request id headers %q %q", id, h.Get("X-Client-Request-Id"))
	}
	if !strings.HasPrefix(f.rawFrames[0], `{"type":"response.create","model":"gpt-5.4","store":false,"stream":true,"input":[`) {
		t.Errorf("frame %s", f.rawFrames[0])
	}
	equalJSON(t, "input", f.frames[0]["input"], []any{map[string]any{"role": "developer", "content": "Be brief."},
		map[string]any{"role": "user", "content": []any{map[string]any{"type": "input_text", "text": "hi"}}}})
}

// A refused upgrade falls back to SSE before anything streamed, recorded
// as pi-ai's provider_transport_failure diagnostic; the session then goes
// straight to SSE. Transport "sse" never tries the WebSocket.
func TestCodexWebSocketFallback(t *testing.T) {
	f := newFakeCodex(t, true, codexTextReply("resp_1", "One"), codexTextReply("resp_2", "Two"), codexTextReply("resp_3", "Three"),
		codexTextReply("resp_4", "Four"), codexTextReply("resp_5", "Five"))
	c := &provider.Context{Messages: []map[string]any{userMsg("hi")}}
	msg := codexStream(t, f.URL, c, provider.Options{Transport: "auto", SessionID: "sess-fallback"})
	if msg.Content[0].Text != "One" || f.posts != 1 || len(f.upgrades) != 1 {
		t.Fatalf("message %+v, posts %d upgrades %d", msg, f.posts, len(f.upgrades))
	}
	if len(msg.Diagnostics) != 1 {
		t.Fatalf("diagnostics %+v", msg.Diagnostics)
	}
	d := msg.Diagnostics[0]
	if d.Type != "provider_transport_failure" || d.Details["phase"] != "before_message_stream_start" || d.Details["fallbackTransport"] != "sse" ||
		d.Details["configuredTransport"] != "auto" || d.Details["eventsEmitted"] != false || !strings.Contains(d.Error.Message, "403") {
		t.Errorf("diagnostic %+v", d)
	}
	if m := msg.Map(); m["diagnostics"] == nil {
		t.Errorf("the message's data lacks the diagnostics: %v", m)
	}
	msg = codexStream(t, f.URL, c, provider.Options{Transport: "auto", SessionID: "sess-fallback"})
	if msg.Content[0].Text != "Two" || f.posts != 2 || len(f.upgrades) != 1 || len(msg.Diagnostics) != 0 {
		t.Errorf("second request: %+v, posts %d upgrades %d", msg, f.posts, len(f.upgrades))
	}
	msg = codexStream(t, f.URL, c, provider.Options{Transport: "sse"})
	if msg.Content[0].Text != "Three" || f.posts != 3 || len(f.upgrades) != 1 {
		t.Errorf("sse: %+v, posts %d upgrades %d", msg, f.posts, len(f.upgrades))
	}
	// pi-ai's debug stats: one failure, two requests of the session over
	// SSE, the fallback active; no request counted (the socket never
	// opened).
	st, ok := provider.CodexWebSocketDebugStats("sess-fallback")
	if !ok || st.WebSocketFailures != 1 || st.SSEFallbacks != 2 || !st.WebSocketFallbackActive || st.Requests != 0 ||
		st.ConnectionsCreated != 0 || !strings.Contains(st.LastWebSocketError, "403") {
		t.Errorf("stats %+v", st)
	}
	// Closing the session's sockets keeps it on SSE, as pi-ai's
	// closeOpenAICodexWebSocketSessions; resetting the stats ends that.
	provider.CloseCodexWebSockets("sess-fallback")
	codexStream(t, f.URL, c, provider.Options{Transport: "auto", SessionID: "sess-fallback"})
	if f.posts != 4 || len(f.upgrades) != 1 {
		t.Errorf("after close: posts %d upgrades %d", f.posts, len(f.upgrades))
	}
	provider.ResetCodexWebSocketDebugStats("sess-fallback")
	if _, ok := provider.CodexWebSocketDebugStats("sess-fallback"); ok {
		t.Error("stats kept after reset")
	}
	codexStream(t, f.URL, c, provider.Options{Transport: "auto", SessionID: "sess-fallback"})
	if len(f.upgrades) != 2 {
		t.Errorf("after reset: upgrades %d, want the WebSocket tried again", len(f.upgrades))
	}
	provider.ResetCodexWebSocketDebugStats("sess-fallback")
}

// An error the backend sends over the WebSocket is the request's error,
// not a transport failure: no SSE retry.
func TestCodexWebSocketAPIError(t *testing.T) {
	f := newFakeCodex(t, false, []string{`{"type":"error","error":{"code":"bad_request","message":"nope"}}`})
	c := &provider.Context{Messages: []map[string]any{userMsg("hi")}}
	s, err := provider.Stream(context.Background(), codexWSModel(f.URL), c, &provider.Options{Transport: "websocket", APIKey: codexJWT("acct_ws", "x"), Now: fixedClock})
	if err != nil {
		t.Fatal(err)
	}
	_, msg := collect(t, s)
	if msg.StopReason != provider.StopReasonError || msg.ErrorMessage != "Codex error: nope" || f.posts != 0 || len(msg.Diagnostics) != 0 {
		t.Errorf("message %+v, posts %d", msg, f.posts)
	}
}

// With a session id the socket is kept for the session's next request;
// "websocket" sends the full context again on it, without a session each
// request has its own socket.
func TestCodexWebSocketConnectionCache(t *testing.T) {
	f := newFakeCodex(t, false, codexTextReply("resp_1", "One"), codexTextReply("resp_2", "Two"), codexTextReply("resp_3", "Three"),
		codexTextReply("resp_4", "Four"))
	defer provider.CloseCodexWebSockets("sess-cache")
	c := &provider.Context{Messages: []map[string]any{userMsg("hi")}}
	first := codexStream(t, f.URL, c, provider.Options{Transport: "websocket", SessionID: "sess-cache"})
	c2 := &provider.Context{Messages: []map[string]any{userMsg("hi"), first.Map(), userMsg("more")}}
	codexStream(t, f.URL, c2, provider.Options{Transport: "websocket", SessionID: "sess-cache"})
	if len(f.upgrades) != 1 || len(f.frames) != 2 {
		t.Fatalf("upgrades %d frames %d, want one socket for both", len(f.upgrades), len(f.frames))
	}
	if _, ok := f.frames[1]["previous_response_id"]; ok || len(f.frames[1]["input"].([]any)) != 3 {
		t.Errorf("websocket's second frame is not the full context: %v", f.frames[1])
	}
	codexStream(t, f.URL, c, provider.Options{Transport: "websocket"})
	codexStream(t, f.URL, c, provider.Options{Transport: "websocket"})
	if len(f.upgrades) != 3 {
		t.Errorf("upgrades %d, want a socket per request without a session", len(f.upgrades))
	}
}

// "auto" (and "websocket-cached") continue the previous response on the
// session's socket: only the new input, with previous_response_id. A
// continuation the backend lost is retried once with the full context.
func TestCodexWebSocketCachedContext(t *testing.T) {
	f := newFakeCodex(t, false, codexTextReply("resp_1", "One"), codexTextReply("resp_2", "Two"),
		[]string{`{"type":"error","error":{"code":"previous_response_not_found","message":"gone"}}`}, codexTextReply("resp_3", "Three"))
	defer provider.CloseCodexWebSockets("sess-ctx")
	c := &provider.Context{SystemPrompt: "Be brief.", Messages: []map[string]any{userMsg("hi")}}
	first := codexStream(t, f.URL, c, provider.Options{Transport: "auto", SessionID: "sess-ctx"})
	c.Messages = append(c.Messages, first.Map(), userMsg("more"))
	second := codexStream(t, f.URL, c, provider.Options{Transport: "auto", SessionID: "sess-ctx"})
	if second.Content[0].Text != "Two" || len(f.upgrades) != 1 || len(f.frames) != 2 {
		t.Fatalf("second %+v upgrades %d frames %d", second, len(f.upgrades), len(f.frames))
	}
	if f.frames[1]["previous_response_id"] != "resp_1" {
		t.Errorf("previous_response_id %v", f.frames[1]["previous_response_id"])
	}
	equalJSON(t, "delta input", f.frames[1]["input"], []any{map[string]any{"role": "user", "content": []any{map[string]any{"type": "input_text", "text": "more"}}}})
	if !strings.HasSuffix(f.rawFrames[1], `,"previous_response_id":"resp_1"}`) {
		t.Errorf("previous_response_id is not the frame's last member: %s", f.rawFrames[1])
	}
	c.Messages = append(c.Messages, second.Map(), userMsg("again"))
	third := codexStream(t, f.URL, c, provider.Options{Transport: "websocket-cached", SessionID: "sess-ctx"})
	if third.Content[0].Text != "Three" || len(f.frames) != 4 || len(f.upgrades) != 2 {
		t.Fatalf("third %+v frames %d upgrades %d", third, len(f.frames), len(f.upgrades))
	}
	if f.frames[2]["previous_response_id"] != "resp_2" || f.frames[3]["previous_response_id"] != nil || len(f.frames[3]["input"].([]any)) != 6 {
		t.Errorf("retry after a lost continuation: %v then %v", f.frames[2], f.frames[3])
	}
}

const piCodexWebSocketDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { streamSimple } = await import(spec.piAi);
const messages = [];
for (const add of spec.turns) {
  messages.push(...add);
  let result;
  for await (const ev of streamSimple(spec.model, { systemPrompt: spec.systemPrompt, messages }, spec.options)) {
    if (ev.type === "done") result = ev.message;
    if (ev.type === "error") result = ev.error;
  }
  process.stdout.write(JSON.stringify(result) + "\n");
  messages.push(result);
}
process.exit(0); // the session's cached socket would keep node running
`

// pi-ai 1.6 and pigo, both with transport "auto" and a session, answer the
// same emulated Codex endpoint for two turns: the response.create frames
// (the second one the cached-context delta) are the same, byte for byte,
// and so are the WebSocket headers that matter.
func TestCodexWebSocketDifferential(t *testing.T) {
	piAI := piAI16Path(t)
	replies := [][]string{codexTextReply("resp_1", "One"), codexTextReply("resp_2", "Two")}
	turns := [][]map[string]any{{userMsg("hi")}, {userMsg("more")}}
	model := func(base string) *provider.Model {
		m := codexWSModel(base)
		m.Name = "GPT-5.4"
		return m
	}
	pf := newFakeCodex(t, false, replies...)
	dir := t.TempDir()
	spec := map[string]any{"piAi": "file://" + piAI, "model": model(pf.URL), "systemPrompt": "Be brief.", "turns": turns,
		"options": map[string]any{"apiKey": codexJWT("acct_ws", "x"), "sessionId": "sess-diff", "transport": "auto"}}
	specPath, driverPath := filepath.Join(dir, "spec.json"), filepath.Join(dir, "driver.mjs")
	if err := os.WriteFile(specPath, []byte(js(spec)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(driverPath, []byte(piCodexWebSocketDriver), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pi16Node(piAI), driverPath, specPath)
	cmd.Env = []string{"HOME=" + dir, "PI_OFFLINE=1"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), `"text":"Two"`) {
		t.Fatalf("pi-ai's replies: %s", out)
	}

	gf := newFakeCodex(t, false, replies...)
	defer provider.CloseCodexWebSockets("sess-diff")
	c := &provider.Context{SystemPrompt: "Be brief."}
	for _, add := range turns {
		c.Messages = append(c.Messages, add...)
		// pigo caps the output only when asked (buildCodexParams); pi-ai's
		// default cap is the model's.
		msg := codexStream(t, gf.URL, c, provider.Options{Transport: "auto", SessionID: "sess-diff", MaxTokens: 128000})
		c.Messages = append(c.Messages, msg.Map())
	}
	if len(pf.rawFrames) != 2 || len(gf.rawFrames) != 2 || len(pf.upgrades) != 1 || len(gf.upgrades) != 1 {
		t.Fatalf("frames pi-ai %d pigo %d, upgrades pi-ai %d pigo %d", len(pf.rawFrames), len(gf.rawFrames), len(pf.upgrades), len(gf.upgrades))
	}
	for i := range pf.rawFrames {
		if pf.rawFrames[i] != gf.rawFrames[i] {
			t.Errorf("frame %d:\npi-ai %s\npigo  %s", i, pf.rawFrames[i], gf.rawFrames[i])
		}
	}
	// Session_id is pi-ai 0.73.1's name, which neither sends.
	for _, h := range []string{"Authorization", "Chatgpt-Account-Id", "Originator", "Openai-Beta", "Session-Id", "X-Client-Request-Id", "Session_id"} {
		if pv, gv := pf.upgrades[0].Get(h), gf.upgrades[0].Get(h); pv != gv {
			t.Errorf("header %s: pi-ai %q, pigo %q", h, pv, gv)
		}
	}
}

// A connection limit before the reply started is retried once on a new
// socket; a socket that closes after the reply started fails the request
// (no SSE retry) with pi-ai's close error and diagnostic.
func TestCodexWebSocketRetryAndLateFailure(t *testing.T) {
	f := newFakeCodex(t, false, []string{`{"type":"error","error":{"code":"websocket_connection_limit_reached","message":"too many"}}`},
		codexTextReply("resp_1", "One"), append(codexTextReply("resp_2", "Two")[:3], closeSocket))
	c := &provider.Context{Messages: []map[string]any{userMsg("hi")}}
	msg := codexStream(t, f.URL, c, provider.Options{Transport: "websocket"})
	if msg.Content[0].Text != "One" || len(f.upgrades) != 2 || f.posts != 0 || len(msg.Diagnostics) != 0 {
		t.Fatalf("after a connection limit: %+v, upgrades %d posts %d", msg, len(f.upgrades), f.posts)
	}
	msg = codexStream(t, f.URL, c, provider.Options{Transport: "websocket"})
	if msg.StopReason != provider.StopReasonError || msg.ErrorMessage != "WebSocket closed 1011 boom" || f.posts != 0 {
		t.Fatalf("closed mid-reply: %+v, posts %d", msg, f.posts)
	}
	if len(msg.Diagnostics) != 1 || msg.Diagnostics[0].Details["phase"] != "after_message_stream_start" ||
		msg.Diagnostics[0].Details["fallbackTransport"] != nil || msg.Diagnostics[0].Error.Name != "WebSocketCloseError" {
		t.Errorf("diagnostics %+v", msg.Diagnostics)
	}
}

// A cached socket the server closed while idle is replaced by a fresh one
// for the next request, not taken for a broken transport.
func TestCodexWebSocketStaleSocket(t *testing.T) {
	f := newFakeCodex(t, false, append(codexTextReply("resp_1", "One"), closeSocket), codexTextReply("resp_2", "Two"))
	defer provider.CloseCodexWebSockets("sess-stale")
	c := &provider.Context{Messages: []map[string]any{userMsg("hi")}}
	codexStream(t, f.URL, c, provider.Options{Transport: "websocket", SessionID: "sess-stale"})
	msg := codexStream(t, f.URL, c, provider.Options{Transport: "websocket", SessionID: "sess-stale"})
	if msg.Content[0].Text != "Two" || len(f.upgrades) != 2 || f.posts != 0 || len(msg.Diagnostics) != 0 {
		t.Errorf("after the server closed the cached socket: %+v, upgrades %d posts %d", msg, len(f.upgrades), f.posts)
	}
}

// upgradeCount is how many sockets were opened.
func (f *fakeCodex) upgradeCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.upgrades)
}

// awaitClose is the next socket close the server saw; the wait is a
// guard against a hang, not a timing assertion.
func (f *fakeCodex) awaitClose(t *testing.T) string {
	t.Helper()
	select {
	case c := <-f.closes:
		return c
	case <-time.After(30 * time.Second):
		t.Fatal("no socket was closed")
		return ""
	}
}

// TestCodexWebSocketSessionLifecycle: as in pi-ai 1.6, a session's second
// request reuses its socket, another session opens its own, and cleaning
// up a session's resources (pi's dispose of a replaced or ended session)
// closes its socket with "debug_close" and leaves the other's open; the
// session's next request opens a new one. The debug stats count it all.
func TestCodexWebSocketSessionLifecycle(t *testing.T) {
	var replies [][]string
	for i := range 6 {
		replies = append(replies, codexTextReply(fmt.Sprintf("resp_%d", i+1), "ok"))
	}
	f := newFakeCodex(t, false, replies...)
	a, b := "sess-life-a", "sess-life-b"
	defer provider.CloseCodexWebSockets(b)
	defer provider.ResetCodexWebSocketDebugStats(a)
	defer provider.ResetCodexWebSocketDebugStats(b)
	c := &provider.Context{Messages: []map[string]any{userMsg("hi")}}
	first := codexStream(t, f.URL, c, provider.Options{Transport: "auto", SessionID: a})
	c2 := &provider.Context{Messages: []map[string]any{userMsg("hi"), first.Map(), userMsg("more")}}
	codexStream(t, f.URL, c2, provider.Options{Transport: "auto", SessionID: a})
	if n := f.upgradeCount(); n != 1 {
		t.Fatalf("upgrades %d after two requests of one session, want 1", n)
	}
	st, ok := provider.CodexWebSocketDebugStats(a)
	if !ok || st.Requests != 2 || st.ConnectionsCreated != 1 || st.ConnectionsReused != 1 || st.CachedContextRequests != 2 ||
		st.FullContextRequests != 1 || st.DeltaRequests != 1 || st.LastPreviousResponseID != "resp_1" ||
		st.LastDeltaInputItems == nil || *st.LastDeltaInputItems != 1 || st.LastInputItems != 1 || st.WebSocketFailures != 0 {
		t.Errorf("stats of %s: %+v", a, st)
	}
	codexStream(t, f.URL, c, provider.Options{Transport: "websocket", SessionID: b})
	if n := f.upgradeCount(); n != 2 {
		t.Fatalf("upgrades %d, want a second socket for another session", n)
	}
	provider.CleanupSessionResources(a)
	if got := f.awaitClose(t); got != "1000 debug_close" {
		t.Errorf("close %q, want 1000 debug_close", got)
	}
	codexStream(t, f.URL, c, provider.Options{Transport: "websocket", SessionID: b})
	if n := f.upgradeCount(); n != 2 {
		t.Errorf("upgrades %d: the other session's socket was not reused", n)
	}
	codexStream(t, f.URL, c, provider.Options{Transport: "websocket", SessionID: a})
	if n := f.upgradeCount(); n != 3 {
		t.Errorf("upgrades %d: the cleaned-up session did not open a new socket", n)
	}
	st, _ = provider.CodexWebSocketDebugStats(a)
	if st.Requests != 3 || st.ConnectionsCreated != 2 || st.FullContextRequests != 2 || st.LastDeltaInputItems != nil || st.LastPreviousResponseID != "" {
		t.Errorf("stats of %s after cleanup: %+v", a, st)
	}
	provider.CleanupSessionResources(a)
	if got := f.awaitClose(t); got != "1000 debug_close" {
		t.Errorf("close %q, want 1000 debug_close", got)
	}
	select {
	case extra := <-f.closes:
		t.Errorf("another socket closed (%s): only %s's are", extra, a)
	default:
	}
}
