package provider_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// strictFallbackTools is a "prefer" strict tool, a "require" strict tool
// and a tool that asks for nothing: the set the strict-tools fallback
// tests of both Claude transports send.
func strictFallbackTools() *provider.Context {
	schema := map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []any{"path"}}
	return &provider.Context{Messages: []map[string]any{userMsg("hi")}, Tools: []provider.Tool{
		{Name: "read", Parameters: schema, ConstrainedSampling: map[string]any{"type": "json_schema", "strict": "prefer"}},
		{Name: "pin", Parameters: schema, ConstrainedSampling: map[string]any{"type": "json_schema", "strict": "require"}},
		{Name: "ls", Parameters: schema}}}
}

// strictFallbackScenario drives the sequence pi-ai 1.6 follows on either
// Claude transport (anthropic-messages, Bedrock): srv answers a limits
// rejection, three successes and a rejection of "require" tools alone.
// flags reads the strict flag of each tool from a request body; checkDiag
// checks the fallback diagnostic; requireOnlyErr is the error a rejection
// without "prefer" tools ends with.
func strictFallbackScenario(t *testing.T, srv *fakeServer, model *provider.Model, opts *provider.Options,
	flags func(body map[string]any) []any, checkDiag func(provider.Diagnostic) bool, requireOnlyErr string) {
	t.Helper()
	c := strictFallbackTools()
	_, msg := mustStream(t, model, c, opts)
	if msg.StopReason != provider.StopReasonStop || len(msg.Diagnostics) != 1 {
		t.Fatalf("message %+v", msg)
	}
	if d := msg.Diagnostics[0]; !checkDiag(d) {
		t.Errorf("diagnostic %+v", d)
	}
	reqs := srv.Requests()
	for i, w := range [][]any{{true, true, nil}, {nil, true, nil}} {
		if got := flags(reqs[i].Body); !slicesEqual(got, w) {
			t.Errorf("request %d strict %v, want %v", i+1, got, w)
		}
	}
	// The session remembers.
	if _, msg = mustStream(t, model, c, opts); len(msg.Diagnostics) != 0 {
		t.Errorf("diagnostics %+v", msg.Diagnostics)
	}
	if got := flags(srv.Requests()[2].Body); !slicesEqual(got, []any{nil, true, nil}) {
		t.Errorf("the session's next request: strict %v", got)
	}
	// Until its resources are cleaned up (pi's session dispose); then a
	// rejection of only "require" tools is not retried.
	provider.CleanupSessionResources(opts.SessionID)
	mustStream(t, model, c, opts)
	if got := flags(srv.Requests()[3].Body); !slicesEqual(got, []any{true, true, nil}) {
		t.Errorf("after cleanup: strict %v", got)
	}
	c.Tools = c.Tools[1:]
	_, msg = mustStream(t, model, c, opts)
	if msg.StopReason != provider.StopReasonError || msg.ErrorMessage != requireOnlyErr || len(srv.Requests()) != 5 {
		t.Errorf("require only: %s %q, %d requests", msg.StopReason, msg.ErrorMessage, len(srv.Requests()))
	}
}
