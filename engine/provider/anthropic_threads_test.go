package provider_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestAnthropicMessageThreadContinues: with message threads, a session's
// next request that extends the last request and its reply continues
// that reply: only the new messages, no system and tools, the reply's id;
// each reply is continued once. A changed system prompt, a cache refresh
// (DisableContinuation) or a fallback model's reply start over, and
// cleaning the session up forgets it (pi-ai 1.6's algorithm; its
// differential test covers single requests, as pi-ai's state lives in
// one process).
func TestAnthropicMessageThreadContinues(t *testing.T) {
	t.Parallel()
	reply := func(id, model, text string) http.HandlerFunc {
		return namedSSE("message_start", `{"type":"message_start","message":{"id":"`+id+`","type":"message","role":"assistant","content":[],"model":"`+model+`","stop_reason":null,"usage":{"input_tokens":5,"output_tokens":1}}}`,
			"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
			"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"`+text+`"}}`,
			"content_block_stop", `{"type":"content_block_stop","index":0}`,
			"message_delta", anDelta("end_turn", 2),
			"message_stop", `{"type":"message_stop"}`)
	}
	srv := newFakeServer(t, reply("msg_1", "claude-sonnet-4-5", "A1"), reply("msg_2", "claude-sonnet-4-5", "A2"),
		reply("msg_3", "claude-sonnet-4-5", "A3"), reply("msg_4", "claude-sonnet-4-5", "W"), reply("msg_5", "claude-opus-4-8", "A5"),
		reply("msg_6", "claude-sonnet-4-5", "A6"), reply("msg_7", "claude-sonnet-4-5", "A7"))
	model := anModel(srv)
	model.Compat = &provider.Compat{SupportsMessageThreads: ptrTo(true)}
	session := fmt.Sprintf("thread-continues-%d", time.Now().UnixNano())
	opts := baseOpts()
	opts.SessionID = session
	tools := []provider.Tool{{Name: "read", Description: "Read", Parameters: map[string]any{"type": "object", "properties": map[string]any{}}}}
	conv := []map[string]any{userMsg("one")}
	turn := func(system string, o *provider.Options, next string) {
		t.Helper()
		_, msg := mustStream(t, model, &provider.Context{SystemPrompt: system, Messages: conv, Tools: tools}, o)
		conv = append(conv, msg.Map(), userMsg(next))
	}
	turn("sys", opts, "two")   // 1: create
	turn("sys", opts, "three") // 2: continues msg_1
	// 3: a changed system prompt cannot continue msg_2
	turn("other", opts, "four")
	refresh := *opts
	refresh.DisableContinuation = true
	_, _ = mustStream(t, model, &provider.Context{SystemPrompt: "other", Messages: conv, Tools: tools}, &refresh) // 4: no thread
	turn("other", opts, "five")                                                                                   // 5: continues msg_3, answered by a fallback model
	turn("other", opts, "six")                                                                                    // 6: a fallback's reply cannot be continued
	provider.CleanupSessionResources(session)
	turn("other", opts, "seven") // 7: forgotten

	reqs := srv.Requests()
	if len(reqs) != 7 {
		t.Fatalf("%d requests", len(reqs))
	}
	type shape struct {
		thread        any
		messages      int
		system, tools bool
		firstUserText string
	}
	shapeOf := func(b map[string]any) shape {
		msgs, _ := b["messages"].([]any)
		first := ""
		if m, _ := msgs[0].(map[string]any); m != nil {
			switch c := m["content"].(type) {
			case string:
				first = c
			case []any:
				first, _ = c[0].(map[string]any)["text"].(string)
			}
		}
		return shape{b["thread"], len(msgs), b["system"] != nil, b["tools"] != nil, first}
	}
	create := map[string]any{"type": "create"}
	cont := func(id string) map[string]any { return map[string]any{"type": "continue", "previous_message_id": id} }
	want := []shape{
		{create, 1, true, true, "one"},
		{cont("msg_1"), 1, false, false, "two"},
		{create, 5, true, true, "one"},
		{nil, 7, true, true, "one"},
		{cont("msg_3"), 1, false, false, "four"},
		{create, 9, true, true, "one"},
		{create, 11, true, true, "one"},
	}
	for i, r := range reqs {
		if got := shapeOf(r.Body); fmt.Sprint(got) != fmt.Sprint(want[i]) {
			t.Errorf("request %d: %+v, want %+v", i+1, got, want[i])
		}
		if beta := r.Header.Get("Anthropic-Beta"); beta != "message-threads-2026-08-12" { // no interleaved-thinking beta: thinking is off
			t.Errorf("request %d beta %q", i+1, beta)
		}
	}
}

// piTurnsDriver runs spec.turns requests of one session in one pi-ai
// process, the conversation growing by each reply and the turn's next
// user message (a refresh turn sends the conversation again and keeps
// nothing, as a cache refresh does).
const piTurnsDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { streamSimple } = await import(spec.piAi);
const messages = [...spec.messages];
for (const turn of spec.turns) {
  const ctx = { systemPrompt: turn.systemPrompt, messages: [...messages], tools: spec.tools };
  const final = await streamSimple(spec.model, ctx, { ...spec.options, ...(turn.refresh ? { disableContinuation: true, maxTokens: 1 } : {}) }).result();
  if (!turn.refresh) messages.push(final, { role: "user", content: [{ type: "text", text: turn.next }], timestamp: 1 });
}
`

// TestDifferentialAnthropicMessageThreadTurns: against pi-ai 1.6, the
// request bodies of a session's successive requests with message
// threads: the second continues the first reply, a changed system
// prompt starts a new thread, a cache refresh sends none, and the next
// request continues the reply before the refresh.
func TestDifferentialAnthropicMessageThreadTurns(t *testing.T) {
	piAI := piAI16Path(t)
	reply := func(id, text string) http.HandlerFunc {
		return namedSSE("message_start", `{"type":"message_start","message":{"id":"`+id+`","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5","stop_reason":null,"usage":{"input_tokens":5,"output_tokens":1}}}`,
			"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
			"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"`+text+`"}}`,
			"content_block_stop", `{"type":"content_block_stop","index":0}`,
			"message_delta", anDelta("end_turn", 2),
			"message_stop", `{"type":"message_stop"}`)
	}
	type turn struct {
		SystemPrompt string `json:"systemPrompt"`
		Next         string `json:"next"`
		Refresh      bool   `json:"refresh,omitempty"`
	}
	turns := []turn{{"sys", "two", false}, {"sys", "three", false}, {"other", "four", false}, {"other", "", true}, {"other", "five", false}}
	tools := []provider.Tool{{Name: "read", Description: "Read", Parameters: map[string]any{"type": "object", "properties": map[string]any{}}}}
	handlers := func() []http.HandlerFunc {
		return []http.HandlerFunc{reply("msg_1", "A1"), reply("msg_2", "A2"), reply("msg_3", "A3"), reply("msg_4", "W"), reply("msg_5", "A5")}
	}
	model := func(base string) *provider.Model {
		m := mockModel(provider.APIAnthropicMessages, base)
		m.ID, m.Provider, m.MaxTokens, m.Input = "claude-sonnet-4-5", "anthropic-mock", 32000, []string{"text"}
		m.Compat = &provider.Compat{SupportsMessageThreads: ptrTo(true)}
		return m
	}
	session := fmt.Sprintf("thread-turns-%d", time.Now().UnixNano())

	piSrv := newFakeServer(t, handlers()...)
	spec := map[string]any{"piAi": "file://" + piAI, "model": model(piSrv.URL), "messages": []any{userMsg("one")}, "tools": tools,
		"turns": turns, "options": map[string]any{"apiKey": "test-key", "maxRetries": 0, "sessionId": session}}
	runPi16Driver(t, piAI, piTurnsDriver, spec)

	goSrv := newFakeServer(t, handlers()...)
	m := model(goSrv.URL)
	opts := baseOpts()
	opts.SessionID, opts.Retry.MaxRetries = session, -1
	conv := []map[string]any{userMsg("one")}
	for _, tr := range turns {
		o := *opts
		if tr.Refresh {
			o.DisableContinuation, o.MaxTokens = true, 1
		}
		_, msg := mustStream(t, m, &provider.Context{SystemPrompt: tr.SystemPrompt, Messages: conv, Tools: tools}, &o)
		if !tr.Refresh {
			conv = append(conv, msg.Map(), userMsg(tr.Next))
		}
	}

	piReqs, goReqs := piSrv.Requests(), goSrv.Requests()
	if len(piReqs) != len(turns) || len(goReqs) != len(turns) {
		t.Fatalf("requests: pi-ai %d, pigo %d, want %d", len(piReqs), len(goReqs), len(turns))
	}
	for i := range turns {
		// The parts threads decide: the thread, how many messages go, and
		// whether system and tools do.
		part := func(b map[string]any) string {
			msgs, _ := b["messages"].([]any)
			return fmt.Sprintf("thread=%s messages=%d system=%t tools=%t", js(b["thread"]), len(msgs), b["system"] != nil, b["tools"] != nil)
		}
		t.Logf("request %d: pi-ai 1.6 %s", i+1, part(piReqs[i].Body))
		if p, g := part(piReqs[i].Body), part(goReqs[i].Body); p != g {
			t.Errorf("request %d: pigo %s, pi-ai 1.6 %s", i+1, g, p)
		}
		if p, g := piReqs[i].Header.Get("Anthropic-Beta"), goReqs[i].Header.Get("Anthropic-Beta"); !strings.HasSuffix(p, "message-threads-2026-08-12") ||
			!strings.HasSuffix(g, "message-threads-2026-08-12") {
			t.Errorf("request %d beta: pigo %q, pi-ai 1.6 %q", i+1, g, p)
		}
	}
}
