package agentsession_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/provider"
)

func world(t testing.TB) (*agentsession.IO, *strings.Builder) {
	dir := t.TempDir()
	env := map[string]string{"HOME": dir, "PI_CODING_AGENT_DIR": filepath.Join(dir, "agent")}
	var stderr strings.Builder
	return &agentsession.IO{Cwd: dir, Getenv: func(k string) string { return env[k] }, Stderr: &stderr, FS: pigo.OSFS{}}, &stderr
}

// TestStartPromptClose drives a session as a Go program would: a scripted
// model, an extension command, a prompt, the events, the messages.
func TestStartPromptClose(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "ext.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.registerCommand("note", { handler: async (args) => { pi.appendEntry("note", { args }); } });
  pi.on("agent_end", () => pi.appendEntry("seen", {}));
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	model := provider.NewScripted(provider.ScriptedOptions{})
	model.Queue(provider.ReplyText("hello there"))
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--model", "scripted/scripted-1", "-e", ext, "--no-session"}, Providers: []agentsession.ProviderSource{model}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var types []string
	s.Subscribe(func(ev map[string]any) { types = append(types, ev["type"].(string)) })
	if err := s.Prompt(context.Background(), "/note a b"); err != nil {
		t.Fatal(err)
	}
	if err := s.Prompt(context.Background(), "hi"); err != nil {
		t.Fatal(err)
	}
	msgs := s.Messages()
	// pi 1.6: the system prompt and tools, the prompt, the reply.
	if len(msgs) != 3 || msgs[0]["role"] != "system" || msgs[2]["role"] != "assistant" {
		t.Fatalf("messages %v", msgs)
	}
	// pi.appendEntry is told as entry_appended (here: /note's and agent_end's).
	appended := slices.DeleteFunc(slices.Clone(types), func(typ string) bool { return typ != "entry_appended" })
	types = slices.DeleteFunc(types, func(typ string) bool { return typ == "entry_appended" })
	if got := strings.Join(types, " "); !strings.HasPrefix(got, "agent_start turn_start message_start message_end message_start") || !strings.HasSuffix(got, "turn_end agent_end agent_settled") {
		t.Errorf("events %s", got)
	}
	if len(appended) != 2 {
		t.Errorf("%d entry_appended events, want 2", len(appended))
	}
	if !s.Host().Tools().Current().Has("read") {
		t.Error("the default app's built-in tools are missing")
	}
}

// TestStartErrors: what a Go caller gets wrong is refused with pi's words.
func TestStartErrors(t *testing.T) {
	io, _ := world(t)
	_, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io), Args: []string{"hello"}})
	if err == nil || !strings.Contains(err.Error(), "Args take options only") {
		t.Errorf("a message in Args: %v", err)
	}
	_, err = agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--model", "nope/none", "--no-session"}})
	var se *agentsession.StartError
	if !errors.As(err, &se) || se.Code != agentsession.ExitFailure || !strings.Contains(se.Message, "nope/none") {
		t.Errorf("unknown model: %v", err)
	}
	_, err = agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--app", "missing.json", "--no-session"}})
	if !errors.As(err, &se) || !strings.Contains(se.Message, "missing.json: no such file or directory") {
		t.Errorf("missing manifest: %v", err)
	}
	if _, err := agentsession.Start(context.Background(), agentsession.Options{}); err == nil {
		t.Error("no IO: no error")
	}
}
