package agentsession_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
)

// IO.Started is called once when the mode has started, before it serves
// its first request, and when the start fails.
func TestRunCallsStarted(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code agentsession.ExitCode
	}{
		{"rpc", []string{"--mode", "rpc", "--no-session", "--no-builtin-tools", "--no-mcp"}, agentsession.ExitOK},
		{"failed start", []string{"--mode", "rpc", "--no-session", "--model", "nope/none"}, agentsession.ExitFailure},
	} {
		t.Run(tc.name, func(t *testing.T) {
			io, _ := world(t)
			var out strings.Builder
			calls, outAtStart := 0, -1
			io.Stdin, io.Stdout = strings.NewReader(`{"id":"1","type":"get_commands"}`+"\n"), &out
			io.Started = func() { calls++; outAtStart = out.Len() }
			if code := agentsession.Run(context.Background(), tc.args, io, pigo.SessionOpener(io), nil); code != tc.code {
				t.Fatalf("exit %d, want %d", code, tc.code)
			}
			if calls != 1 || outAtStart != 0 {
				t.Fatalf("Started called %d times, with %d bytes answered before", calls, outAtStart)
			}
			if tc.code == agentsession.ExitOK && !strings.Contains(out.String(), `"get_commands"`) {
				t.Fatalf("no answer: %q", out.String())
			}
		})
	}
}
