package agentsession_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/protocol"
	"github.com/pigo-dev/pigo/engine/session"
)

// TestResumeFlagOpensThePickedSession: --resume (and -r) asks
// IO.StartupResume for a session of this folder's session directory
// before anything starts, and the interactive client then runs on the
// picked session file.
func TestResumeFlagOpensThePickedSession(t *testing.T) {
	for _, flag := range []string{"--resume", "-r"} {
		t.Run(flag, func(t *testing.T) {
			io, _ := world(t)
			io.StdinTTY, io.StdoutTTY = true, true
			agentDir := filepath.Join(io.Cwd, "agent")
			dir := filepath.Join(agentDir, "sessions", "picked")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, "s.jsonl")
			if err := os.WriteFile(file, []byte(`{"type":"session","version":3,"id":"0000aaaa-0000-4000-8000-000000000001","timestamp":"2026-01-01T00:00:00.000Z","cwd":`+fmt.Sprintf("%q", io.Cwd)+"}\n"+
				`{"type":"message","id":"m1","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user","content":"picked message","timestamp":1}}`+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			var asked []agentsession.ResumePrompt
			io.StartupResume = func(_ context.Context, p agentsession.ResumePrompt) (string, bool) {
				asked = append(asked, p)
				return file, true
			}
			var state string
			ui := func(ctx context.Context, conn protocol.Conn, _ agentsession.InteractiveOptions) agentsession.ExitCode {
				_ = protocol.NewEncoder(nil).Send(conn, map[string]any{"type": "get_messages", "id": "x"})
				for {
					m, err := conn.Recv()
					if err != nil {
						return agentsession.ExitFailure
					}
					if o, _ := m.Object(); o["id"] == "x" {
						state = fmt.Sprint(o["data"])
						return agentsession.ExitOK
					}
				}
			}
			code := agentsession.Run(context.Background(), []string{flag, "--no-builtin-tools", "--no-mcp"}, io, pigo.SessionOpener(io), ui)
			if code != agentsession.ExitOK {
				t.Fatalf("exit %d", code)
			}
			if len(asked) != 1 || asked[0].SessionDir != session.DefaultDir(agentDir, io.Cwd) || asked[0].AgentDir != agentDir {
				t.Errorf("asked %+v", asked)
			}
			if !strings.Contains(state, "picked message") {
				t.Errorf("the session is not the picked one: %s", state)
			}
		})
	}
}

// TestResumeFlagCancelledOrWithoutTerminal: cancelling the selector
// prints pi's "No session selected" and exits 0 without starting the
// client; without a selector (no terminal) --resume is an error, and it
// does not combine with --fork.
func TestResumeFlagCancelledOrWithoutTerminal(t *testing.T) {
	ui := func(context.Context, protocol.Conn, agentsession.InteractiveOptions) agentsession.ExitCode {
		t.Error("the interactive client started")
		return agentsession.ExitOK
	}
	io, stderr := world(t)
	io.StdinTTY, io.StdoutTTY = true, true
	var stdout strings.Builder
	io.Stdout = &stdout
	io.StartupResume = func(context.Context, agentsession.ResumePrompt) (string, bool) { return "", false }
	if code := agentsession.Run(context.Background(), []string{"-r", "--no-mcp"}, io, pigo.SessionOpener(io), ui); code != agentsession.ExitOK {
		t.Errorf("cancelled: exit %d, stderr %s", code, stderr)
	}
	if stdout.String() != "\x1b[2mNo session selected\x1b[22m\n" {
		t.Errorf("cancelled: stdout %q", stdout.String())
	}

	io, stderr = world(t)
	io.StdinTTY, io.StdoutTTY = true, true
	if code := agentsession.Run(context.Background(), []string{"--resume", "--no-mcp"}, io, pigo.SessionOpener(io), ui); code != agentsession.ExitFailure ||
		!strings.Contains(stderr.String(), "Error: --resume needs a terminal") {
		t.Errorf("no selector: exit %d, stderr %q", code, stderr)
	}

	io, stderr = world(t)
	io.StdinTTY, io.StdoutTTY = true, true
	io.StartupResume = func(context.Context, agentsession.ResumePrompt) (string, bool) { t.Error("asked"); return "", false }
	if code := agentsession.Run(context.Background(), []string{"--resume", "--fork", "x", "--no-mcp"}, io, pigo.SessionOpener(io), ui); code != agentsession.ExitFailure ||
		!strings.Contains(stderr.String(), "Error: --fork cannot be combined with --resume") {
		t.Errorf("--fork: exit %d, stderr %q", code, stderr)
	}
}
