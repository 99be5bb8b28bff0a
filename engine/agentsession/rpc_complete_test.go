package agentsession_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	pigo "github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

// TestServeArgumentCompletions: get_argument_completions runs a command's
// getArgumentCompletions (async too) with the text after "/name "; a
// command without one, or nothing offered, is null items; a completer
// that throws or returns a non-list is an error naming the file.
func TestServeArgumentCompletions(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "complete.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  const envs = [{ value: "dev", label: "dev", description: "local" }, { value: "prod" }];
  pi.registerCommand("deploy", { description: "d", handler: async () => {},
    getArgumentCompletions: async (prefix) => { const m = envs.filter((e) => e.value.startsWith(prefix)); return m.length ? m : null; } });
  pi.registerCommand("plain", { description: "p", handler: async () => {} });
  pi.registerCommand("broken", { description: "b", handler: async () => {},
    getArgumentCompletions: (prefix) => { throw new Error("no completions for " + prefix); } });
  pi.registerCommand("odd", { description: "o", handler: async () => {}, getArgumentCompletions: () => "dev" });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"-e", ext, "--no-session", "--no-builtin-tools"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	items := func(r map[string]any) string { d, _ := r["data"].(map[string]any); return fmt.Sprint(d["items"]) }
	if r := ask(map[string]any{"type": "get_argument_completions", "id": "1", "name": "deploy", "prefix": ""}); r["success"] != true ||
		items(r) != "[map[description:local label:dev value:dev] map[label:prod value:prod]]" {
		t.Errorf("all items: %v", r)
	}
	if r := ask(map[string]any{"type": "get_argument_completions", "id": "2", "name": "deploy", "prefix": "pr"}); items(r) != "[map[label:prod value:prod]]" {
		t.Errorf("prefix pr: %v", r)
	}
	for i, name := range []string{"plain", "nope"} {
		if r := ask(map[string]any{"type": "get_argument_completions", "id": fmt.Sprint(3 + i), "name": name, "prefix": "x"}); r["success"] != true || items(r) != "<nil>" {
			t.Errorf("%s: %v", name, r)
		}
	}
	if r := ask(map[string]any{"type": "get_argument_completions", "id": "5", "name": "deploy", "prefix": "zz"}); items(r) != "<nil>" {
		t.Errorf("nothing offered: %v", r)
	}
	r := ask(map[string]any{"type": "get_argument_completions", "id": "6", "name": "broken", "prefix": "ab"})
	if e, _ := r["error"].(string); r["success"] != false || !strings.Contains(e, "no completions for ab") || !strings.Contains(e, "complete.ts:") {
		t.Errorf("throwing completer: %v", r)
	}
	r = ask(map[string]any{"type": "get_argument_completions", "id": "7", "name": "odd", "prefix": ""})
	if e, _ := r["error"].(string); r["success"] != false || !strings.Contains(e, "must return an array") || !strings.Contains(e, "complete.ts") {
		t.Errorf("non-list: %v", r)
	}
}

// TestServeSetToolsExpanded: a client's expansion is the UI state
// extensions read (and other clients hear as setToolsExpanded); a
// non-boolean is an error.
func TestServeSetToolsExpanded(t *testing.T) {
	io, _ := world(t)
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--no-session", "--no-builtin-tools"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	if r := ask(map[string]any{"type": "set_tools_expanded", "id": "1", "expanded": true}); r["success"] != true {
		t.Fatalf("set_tools_expanded: %v", r)
	}
	if got := piapi.Of(s.Host()).UI().State()["toolsExpanded"]; got != true {
		t.Errorf("state %v", got)
	}
	if r := ask(map[string]any{"type": "set_tools_expanded", "id": "2", "expanded": "yes"}); r["success"] != false {
		t.Errorf("a string was taken: %v", r)
	}
}

// TestServeBuiltinArgumentCompletions: /model completes the available
// models as provider/id (label the id, description the provider), fuzzy
// over pi's model search text, and /thinking the thinking levels, as
// pi's built-in provider does; an extension command named /model does
// not take its place.
func TestServeBuiltinArgumentCompletions(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "shadow.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.registerCommand("model", { handler: async () => {}, getArgumentCompletions: () => [{ value: "mine" }] });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	model := provider.NewScripted(provider.ScriptedOptions{})
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"-e", ext, "--model", "scripted/scripted-1", "--no-session", "--no-builtin-tools"}, Providers: []agentsession.ProviderSource{model}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	items := func(r map[string]any) string { d, _ := r["data"].(map[string]any); return fmt.Sprint(d["items"]) }
	if r := ask(map[string]any{"type": "get_argument_completions", "id": "1", "name": "model", "prefix": "scr1"}); r["success"] != true ||
		!strings.HasPrefix(items(r), "[map[description:scripted label:scripted-1 value:scripted/scripted-1]") {
		t.Errorf("/model: %v", r)
	}
	if r := ask(map[string]any{"type": "get_argument_completions", "id": "2", "name": "model", "prefix": "zzzz"}); items(r) != "<nil>" {
		t.Errorf("/model nothing: %v", r)
	}
	if r := ask(map[string]any{"type": "get_argument_completions", "id": "3", "name": "thinking", "prefix": "of"}); items(r) != "[map[label:off value:off]]" {
		t.Errorf("/thinking: %v", r)
	}
	// /login: each provider once, by id, described by pi's name and its
	// login types (the account logins pigo runs first).
	want := "[map[description:Google · API key label:google value:google] map[description:Google Vertex AI · API key label:google-vertex value:google-vertex] " +
		"map[description:OpenCode Go · API key label:opencode-go value:opencode-go] map[description:Groq · API key label:groq value:groq] " +
		"map[description:GitHub Copilot · subscription/API key label:github-copilot value:github-copilot] " +
		"map[description:Kimi For Coding · subscription/API key label:kimi-coding value:kimi-coding] " +
		"map[description:Xiaomi Token Plan SGP · API key label:xiaomi-token-plan-sgp value:xiaomi-token-plan-sgp]]"
	if r := ask(map[string]any{"type": "get_argument_completions", "id": "4", "name": "login", "prefix": "goo"}); items(r) != want {
		t.Errorf("/login goo: %v\nwant %s", items(r), want)
	}
	if r := ask(map[string]any{"type": "get_argument_completions", "id": "5", "name": "login", "prefix": "scripted"}); items(r) != "[map[description:API key label:scripted value:scripted]]" {
		t.Errorf("/login scripted (a provider pi-ai does not know): %v", items(r))
	}
}
