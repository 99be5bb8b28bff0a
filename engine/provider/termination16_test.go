package provider_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http/httptest"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// pi16OutcomeDriver prints the stopReason and errorMessage pi-ai 1.6's
// streamSimple ends with, as JSON.
const pi16OutcomeDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { streamSimple } = await import(spec.piAi);
const s = streamSimple(spec.model, { messages: [{ role: "user", content: "hi", timestamp: 1 }] }, spec.options);
for await (const ev of s) {}
const r = await s.result();
process.stdout.write(JSON.stringify([r.stopReason, r.errorMessage ?? ""]) + "\n");
`

// expectOutcome streams "hi" to m with the API key "k" and checks that
// pigo's reply ends with stop and errMsg and, when piAI is set, that pi-ai
// 1.6's streamSimple ends the same way.
func expectOutcome(t *testing.T, piAI string, m *provider.Model, stop, errMsg string) {
	t.Helper()
	s, err := provider.Stream(context.Background(), m, &provider.Context{Messages: []map[string]any{userMsg("hi")}}, &provider.Options{APIKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	if _, msg := collect(t, s); string(msg.StopReason) != stop || msg.ErrorMessage != errMsg {
		t.Errorf("pigo ended %s %q, want %s %q", msg.StopReason, msg.ErrorMessage, stop, errMsg)
	}
	if piAI == "" {
		return
	}
	out := runPi16Driver(t, piAI, pi16OutcomeDriver, map[string]any{"piAi": "file://" + piAI, "model": m, "options": map[string]any{"apiKey": "k"}})
	var got []string
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 2 || got[0] != stop || got[1] != errMsg {
		t.Errorf("pi-ai 1.6 ended with %s, this test wants %s %q", out, stop, errMsg)
	}
}

// TestDroppedConnectionMatchesPiAI16: a server that closes the connection
// in the middle of a streamed body ends the reply with undici's
// "terminated" and, where pi-ai 1.6 appends the cause, "other side closed
// (UND_ERR_SOCKET)": every API but Mistral's.
func TestDroppedConnectionMatchesPiAI16(t *testing.T) {
	cases := []struct {
		api, raw, want string
	}{
		{provider.APIOpenAICompletions, "data: " + oaChunk(map[string]any{"content": "par"}, nil) + "\n\ndata: {\"id\":\"chatcmpl-1\",\"cho",
			"terminated: other side closed (UND_ERR_SOCKET)"},
		{provider.APIOpenAIResponses, "event: response.created\ndata: " + js(rsCreated()) + "\n\nevent: response.output_text.delta\ndata: {\"ty",
			"terminated: other side closed (UND_ERR_SOCKET)"},
		{provider.APIAnthropicMessages, "event: message_start\ndata: " + js(map[string]any{"type": "message_start", "message": map[string]any{
			"id": "m", "type": "message", "role": "assistant", "content": []any{}, "model": "m", "usage": map[string]any{"input_tokens": 1, "output_tokens": 1}}}) +
			"\n\nevent: content_block_start\ndata: {\"type\":", "terminated: other side closed (UND_ERR_SOCKET)"},
		{provider.APIGoogleGenerativeAI, "data: " + gmChunk(gmParts(gmText("a")), "", nil) + "\r\n\r\ndata: {\"cand",
			"terminated: other side closed (UND_ERR_SOCKET)"},
		{provider.APIMistralConversations, "data: " + oaChunk(map[string]any{"content": "par"}, nil) + "\n\ndata: {\"id\":\"chatcmpl-1\",\"cho",
			"terminated"},
	}
	piAI := piAI16UnlessShort()
	for _, c := range cases {
		t.Run(c.api, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(truncated(c.raw))
			t.Cleanup(srv.Close)
			m := mockModel(c.api, srv.URL)
			if c.api == provider.APIOpenAICompletions || c.api == provider.APIOpenAIResponses {
				m.BaseURL += "/v1"
			}
			expectOutcome(t, piAI, m, "error", c.want)
		})
	}
}

// TestResponsesHTTPErrorMatchesPiAI16: pi-ai 1.6 words an openai-responses
// HTTP error as "<provider> API error (<status>): <body>" ("OpenAI" for
// openai).
func TestResponsesHTTPErrorMatchesPiAI16(t *testing.T) {
	cases := []struct {
		name, provider, contentType, body string
		status                            int
		want                              string
	}{
		{"json", "openai", "application/json", `{"error":{"message":"Invalid 'input'","type":"invalid_request_error"}}`, 400,
			`OpenAI API error (400): {"message":"Invalid 'input'","type":"invalid_request_error"}`},
		{"text", "cnt", "text/plain", "nope", 401, "cnt API error (401): 401 nope"},
		{"empty", "cnt", "", "", 500, "cnt API error (500): 500 status code (no body)"},
	}
	piAI := piAI16UnlessShort()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(status(c.status, map[string]string{"Content-Type": c.contentType}, c.body))
			t.Cleanup(srv.Close)
			m := mockModel(provider.APIOpenAIResponses, srv.URL+"/v1")
			m.Provider = c.provider
			expectOutcome(t, piAI, m, "error", c.want)
		})
	}
}

// TestConnectionFailureMatchesPiAI16: a request that gets no response (the
// server closes the connection, resets it, or refuses it) ends with the
// SDK's or fetch's message and, except on Mistral, the cause pi-ai 1.6's
// withCauseDetail appends, as undici words it.
func TestConnectionFailureMatchesPiAI16(t *testing.T) {
	prefix := map[string]string{provider.APIOpenAICompletions: "Connection error.", provider.APIOpenAIResponses: "Connection error.",
		provider.APIAnthropicMessages: "Connection error.", provider.APIGoogleGenerativeAI: "fetch failed", provider.APIMistralConversations: "fetch failed"}
	piAI := piAI16UnlessShort()
	for api := range prefix {
		for _, mode := range []string{"close", "reset", "refused"} {
			t.Run(api+"/"+mode, func(t *testing.T) {
				t.Parallel()
				var addr string
				if mode == "refused" {
					addr = refusingAddr(t)
				} else {
					ln, err := net.Listen("tcp", "127.0.0.1:0")
					if err != nil {
						t.Fatal(err)
					}
					t.Cleanup(func() { _ = ln.Close() })
					addr = ln.Addr().String()
					go func() {
						for {
							c, err := ln.Accept()
							if err != nil {
								return
							}
							_, _ = c.Read(make([]byte, 1<<16))
							if mode == "reset" {
								_ = c.(*net.TCPConn).SetLinger(0)
							}
							_ = c.Close()
						}
					}()
				}
				want := prefix[api]
				if api != provider.APIMistralConversations {
					want += ": " + map[string]string{"close": "other side closed (UND_ERR_SOCKET)", "reset": "read ECONNRESET",
						"refused": "connect ECONNREFUSED " + addr}[mode]
				}
				m := mockModel(api, "http://"+addr)
				if api == provider.APIOpenAICompletions || api == provider.APIOpenAIResponses {
					m.BaseURL += "/v1"
				}
				expectOutcome(t, piAI, m, "error", want)
			})
		}
	}
}
