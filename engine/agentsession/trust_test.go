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
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

// TestProjectTrust: the project's own extension loads only when the
// project is trusted (here by --approve, or by a user extension's
// project_trust answer, which remember:true saves), keeps its place ahead
// of the user's, and ctx.isProjectTrusted() says so; a trust.json pi
// could not read stops the start with pi's words.
func TestProjectTrust(t *testing.T) {
	io, _ := world(t)
	agentDir := io.Getenv("PI_CODING_AGENT_DIR")
	files := map[string]string{
		filepath.Join(io.Cwd, ".pi", "extensions", "proj.ts"): `export default function (pi) { pi.registerCommand("proj", { handler: async () => {} }); }`,
		filepath.Join(agentDir, "extensions", "user.ts"): `export default function (pi) {
  pi.on("project_trust", () => process.env.ANSWER ? { trusted: process.env.ANSWER, remember: true } : undefined);
  pi.registerCommand("user", { handler: async () => {} });
}`,
	}
	for p, content := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	start := func(answer string, args ...string) (*agentsession.Session, error) {
		t.Helper()
		sio := *io
		sio.Environ = []string{"ANSWER=" + answer}
		return agentsession.Start(context.Background(), agentsession.Options{IO: &sio, Open: pigo.SessionOpener(&sio),
			Args:      append([]string{"--model", "scripted/scripted-1", "--no-session"}, args...),
			Providers: []agentsession.ProviderSource{provider.NewScripted(provider.ScriptedOptions{})}})
	}
	check := func(name, answer string, want bool, args ...string) {
		t.Helper()
		s, err := start(answer, args...)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		defer s.Close()
		cmds := s.Host().Commands().Current()
		if got := cmds.Has("proj"); got != want || !cmds.Has("user") || piapi.Of(s.Host()).ProjectTrusted() != want {
			t.Errorf("%s: project command %v, user command %v, trusted %v; want %v", name, got, cmds.Has("user"), piapi.Of(s.Host()).ProjectTrusted(), want)
		}
		st := s.Host().Plugins()
		at := func(id string) int {
			return slices.IndexFunc(st, func(p engine.PluginStatus) bool { return strings.HasPrefix(p.ID, id) })
		}
		if at("proj") < 0 || at("proj") > at("user") {
			t.Fatalf("%s: the project's extension is not ahead of the user's: %+v", name, st)
		}
		if p := st[at("proj")]; want != (p.Status == engine.StatusLoaded) || !want && p.Status != engine.StatusHeld {
			t.Errorf("%s: project plugin status %s", name, p.Status)
		}
	}
	check("no decision", "", false)
	check("--approve", "", true, "--approve")
	if _, err := os.Stat(filepath.Join(agentDir, "trust.json")); !os.IsNotExist(err) {
		t.Errorf("trust.json written without remember: %v", err)
	}
	check("the user's extension says yes", "yes", true)
	if data, err := os.ReadFile(filepath.Join(agentDir, "trust.json")); err != nil || !strings.Contains(string(data), `": true`) {
		t.Errorf("trust.json: %s %v", data, err)
	}
	check("the saved decision", "", true)
	check("--no-approve", "", false, "-na")

	if err := os.WriteFile(filepath.Join(agentDir, "trust.json"), []byte(`{"/": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := start("")
	var se *agentsession.StartError
	if !errors.As(err, &se) || se.Code != agentsession.ExitFailure ||
		!strings.Contains(se.Message, `Invalid trust store `+filepath.Join(agentDir, "trust.json")+`: value for "/" must be true, false, or null`) {
		t.Errorf("bad trust.json: %v", err)
	}
}
