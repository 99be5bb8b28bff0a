package agentsession_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/protocol"
	"github.com/pigo-dev/pigo/engine/provider"
)

// TestServeOverPipe drives a session as a client does, through the
// protocol only: a command that opens a dialog answered with a view
// message, a UI call, a streamed reply, a bad line.
func TestServeOverPipe(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "ext.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.registerCommand("pick", { handler: async (_args, ctx) => {
    const v = await ctx.ui.select("Pick one", ["a", "b"]);
    ctx.ui.notify("picked " + v, "info");
  } });
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
	host, client := protocol.Pipe()
	served := make(chan struct{})
	go func() { defer close(served); s.Serve(context.Background(), host, agentsession.ServeOptions{}) }()

	enc := protocol.NewEncoder(nil)
	send := func(v any) {
		if err := enc.Send(client, v); err != nil {
			t.Fatal(err)
		}
	}
	recv := make(chan map[string]any, 100)
	go func() {
		defer close(recv)
		for {
			m, err := client.Recv()
			if err != nil {
				return
			}
			o, err := m.Object()
			if err != nil {
				t.Errorf("host sent %s: %v", m, err)
			}
			recv <- o
		}
	}()
	until := func(what string, match func(map[string]any) bool) map[string]any {
		t.Helper()
		timeout := time.After(30 * time.Second)
		for {
			select {
			case o, ok := <-recv:
				if !ok {
					t.Fatalf("connection closed waiting for %s", what)
				}
				if match(o) {
					return o
				}
			case <-timeout:
				t.Fatalf("no %s", what)
			}
		}
	}

	send(map[string]any{"type": "prompt", "id": "1", "message": "/pick"})
	dialog := until("the dialog view", func(o map[string]any) bool {
		return o["type"] == "view_state" && o["component"] == "pi.dialog"
	})
	if st, _ := dialog["state"].(map[string]any); st["title"] != "Pick one" {
		t.Errorf("dialog state %v", dialog["state"])
	}
	send(protocol.ViewMessage(dialog["viewId"].(string), map[string]any{"value": "b"}))
	call := until("the notify call", func(o map[string]any) bool { return o["type"] == "ui_call" })
	if v, _ := call["value"].(map[string]any); call["op"] != "notify" || v["message"] != "picked b" {
		t.Errorf("ui_call %v", call)
	}
	if r := until("the prompt's response", isResponse("1")); r["success"] != true {
		t.Errorf("response %v", r)
	}

	send(map[string]any{"type": "prompt", "id": "2", "message": "hi"})
	var text strings.Builder
	until("agent_settled", func(o map[string]any) bool {
		if o["type"] == "message_update" {
			if d, _ := o["assistantMessageEvent"].(map[string]any); d["type"] == "text_delta" {
				text.WriteString(d["delta"].(string))
			}
		}
		return o["type"] == "agent_settled"
	})
	if text.String() != "hello there" {
		t.Errorf("deltas make %q", text.String())
	}

	_ = client.Send(protocol.Raw([]byte(`{"type":"get_state"`)))
	bad := until("the parse error", func(o map[string]any) bool { return o["command"] == "parse" })
	if e, _ := bad["error"].(string); !strings.HasPrefix(e, "Failed to parse command: Expected ',' or '}'") {
		t.Errorf("parse error %v", bad)
	}
	send(map[string]any{"type": "get_state", "id": "3"})
	if st := until("get_state", isResponse("3")); st["success"] != true {
		t.Errorf("get_state %v", st)
	}
	_ = client.Close()
	<-served
}

func isResponse(id string) func(map[string]any) bool {
	return func(o map[string]any) bool { return o["type"] == "response" && o["id"] == id }
}

// TestServeRenders: a client asks for the lines of an extension's message
// and tool renderers; without a renderer the answer is null lines; a
// throwing renderer is an error naming the plugin and file.
func TestServeRenders(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "render.ts")
	if err := os.WriteFile(ext, []byte(`import { Text } from "@earendil-works/pi-tui";
export default function (pi) {
  pi.registerMessageRenderer("note", (message, { expanded }) => new Text("note " + message.content + (expanded ? " +" : ""), 0, 0));
  pi.registerMessageRenderer("broken", () => { throw new Error("renderer broke"); });
  pi.registerTool({ name: "greet", label: "Greet", description: "d", parameters: { type: "object" },
    async execute() { return { content: [], details: {} }; },
    renderCall(args) { return new Text("greet " + args.name, 0, 0); } });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"-e", ext, "--no-session", "--no-builtin-tools"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{Components: true})
	r := ask(map[string]any{"type": "render_message", "id": "1", "customType": "note", "expanded": true, "width": 40,
		"message": map[string]any{"role": "custom", "customType": "note", "content": "hi"}})
	if d, _ := r["data"].(map[string]any); r["success"] != true || trimmed(d["lines"]) != "[note hi +]" {
		t.Errorf("render_message: %v", r)
	}
	r = ask(map[string]any{"type": "render_message", "id": "2", "customType": "none", "width": 40, "message": map[string]any{}})
	if d, _ := r["data"].(map[string]any); r["success"] != true || d["lines"] != nil {
		t.Errorf("no renderer: %v", r)
	}
	r = ask(map[string]any{"type": "render_message", "id": "3", "customType": "broken", "width": 40, "message": map[string]any{}})
	if e, _ := r["error"].(string); r["success"] != false || !strings.Contains(e, "renderer broke") || !strings.Contains(e, "render.ts") {
		t.Errorf("throwing renderer: %v", r)
	}
	r = ask(map[string]any{"type": "render_tool", "id": "4", "toolName": "greet", "phase": "call", "width": 30,
		"toolCallId": "c1", "args": map[string]any{"name": "Ada"}})
	if d, _ := r["data"].(map[string]any); r["success"] != true || trimmed(d["lines"]) != "[greet Ada]" {
		t.Errorf("render_tool: %v", r)
	}
}

// trimmed is rendered lines without the padding pi-tui's Text adds.
func trimmed(lines any) string {
	l, _ := lines.([]any)
	out := make([]string, len(l))
	for i, s := range l {
		out[i] = strings.TrimRight(fmt.Sprint(s), " ")
	}
	return fmt.Sprint(out)
}

// TestServeReload: the reload command reloads an edited extension (its new
// command is listed) and reports a broken edit, keeping the generation
// that works.
func TestServeReload(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "ext.ts")
	write := func(src string) {
		if err := os.WriteFile(ext, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`export default function (pi) { pi.registerCommand("one", { handler: async () => {} }); }`)
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"-e", ext, "--no-session", "--no-builtin-tools", "--no-extensions"}}) // -ne: no built-in extensions' commands
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	commands := func(id string) string {
		d, _ := ask(map[string]any{"type": "get_commands", "id": id})["data"].(map[string]any)
		var names []string
		for _, c := range d["commands"].([]any) {
			names = append(names, c.(map[string]any)["name"].(string))
		}
		return strings.Join(names, " ")
	}
	r := ask(map[string]any{"type": "get_extensions", "id": "x1"})
	if d, _ := r["data"].(map[string]any); fmt.Sprint(d["extensions"]) != fmt.Sprintf("[map[id:ext origin:cli path:%s sourceInfo:map[origin:top-level path:%[1]s scope:temporary source:cli] status:loaded]]", ext) {
		t.Errorf("get_extensions: %v", r)
	}
	write(`export default function (pi) { pi.registerCommand("two", { handler: async () => {} }); }`)
	if r := ask(map[string]any{"type": "reload", "id": "r1"}); r["success"] != true {
		t.Fatalf("reload: %v", r)
	}
	if got := commands("c1"); got != "two" {
		t.Errorf("commands after reload: %q", got)
	}
	write("export default function (pi) {\n  const x: number = ;\n}\n")
	r = ask(map[string]any{"type": "reload", "id": "r2"})
	d, _ := r["data"].(map[string]any)
	p, _ := d["plugins"].([]any)
	if len(p) != 1 || p[0].(map[string]any)["ok"] != false || !strings.Contains(fmt.Sprint(p[0].(map[string]any)["error"]), "ext.ts:2") {
		t.Errorf("broken reload: %v", r)
	}
	if got := commands("c2"); got != "two" {
		t.Errorf("commands after a broken reload: %q (the working generation must stay)", got)
	}
}

// serveAsk connects a client to s and returns a function that sends a
// command and waits for its response (other records are skipped).
func serveAsk(t testing.TB, s *agentsession.Session, opts agentsession.ServeOptions) func(map[string]any) map[string]any {
	host, client := protocol.Pipe()
	go s.Serve(context.Background(), host, opts)
	t.Cleanup(func() { _ = client.Close() })
	enc := protocol.NewEncoder(nil)
	return func(v map[string]any) map[string]any {
		t.Helper()
		if err := enc.Send(client, v); err != nil {
			t.Fatal(err)
		}
		for {
			m, err := client.Recv()
			if err != nil {
				t.Fatal(err)
			}
			if o, _ := m.Object(); o["type"] == "response" && o["id"] == v["id"] {
				return o
			}
		}
	}
}

// TestServeShortcuts: get_shortcuts lists registerShortcut keys and
// run_shortcut runs the handler (here it notifies); an unknown key is an
// error.
func TestServeShortcuts(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "keys.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.registerShortcut("ctrl+shift+k", { description: "say hi", handler: async (ctx) => ctx.ui.notify("hi from a key", "info") });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"-e", ext, "--no-session", "--no-builtin-tools"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var mu sync.Mutex
	var notes []string
	piapi.Of(s.Host()).UI().Observe(func(c piapi.UICall) {
		if c.Op == "notify" {
			mu.Lock()
			notes = append(notes, fmt.Sprint(c.Value))
			mu.Unlock()
		}
	})
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	r := ask(map[string]any{"type": "get_shortcuts", "id": "1"})
	if d, _ := r["data"].(map[string]any); fmt.Sprint(d["shortcuts"]) != "[map[description:say hi path:"+ext+" plugin:keys shortcut:ctrl+shift+k]]" {
		t.Errorf("get_shortcuts: %v", r)
	}
	if r := ask(map[string]any{"type": "run_shortcut", "id": "2", "shortcut": "ctrl+shift+k"}); r["success"] != true {
		t.Errorf("run_shortcut: %v", r)
	}
	mu.Lock()
	got := strings.Join(notes, " ")
	mu.Unlock()
	if !strings.Contains(got, "hi from a key") {
		t.Errorf("the handler did not run: %q", got)
	}
	if r := ask(map[string]any{"type": "run_shortcut", "id": "3", "shortcut": "ctrl+q"}); r["success"] != false || r["error"] != "Unknown shortcut: ctrl+q" {
		t.Errorf("unknown shortcut: %v", r)
	}
}

// TestServeHeadlessPromptWait is the protocol print and JSON mode speak: a
// headless client (ctx.hasUI false, a dialog resolves to its default at
// once), a prompt with pigo's "wait" answered only after its run settled
// and with "source" reaching the input event, and get_session_header.
func TestServeHeadlessPromptWait(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "seen.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.on("input", async (e, ctx) => {
    const picked = await ctx.ui.select("Pick", ["a", "b"]);
    pi.appendEntry("seen", { source: e.source, hasUI: ctx.hasUI, picked: picked ?? null });
  });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	model := provider.NewScripted(provider.ScriptedOptions{})
	model.Queue(provider.ReplyText("done"))
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--model", "scripted/scripted-1", "-e", ext, "--no-session", "--no-builtin-tools"}, Providers: []agentsession.ProviderSource{model}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	host, client := protocol.Pipe()
	go s.Serve(context.Background(), host, agentsession.ServeOptions{Headless: true})
	defer client.Close()
	enc := protocol.NewEncoder(nil)
	next := func() map[string]any {
		t.Helper()
		m, err := client.Recv()
		if err != nil {
			t.Fatal(err)
		}
		o, _ := m.Object()
		return o
	}
	if err := enc.Send(client, map[string]any{"type": "prompt", "id": "p", "message": "hi", "source": "interactive", "wait": true}); err != nil {
		t.Fatal(err)
	}
	settled := false
	for {
		o := next()
		if o["type"] == "agent_settled" {
			settled = true
		}
		if o["type"] == "response" && o["id"] == "p" {
			if !settled || o["success"] != true {
				t.Fatalf("prompt answered %v before agent_settled (settled %v)", o, settled)
			}
			if d, _ := o["data"].(map[string]any); d["disposition"] != "started" {
				t.Errorf("disposition %v", o["data"])
			}
			break
		}
	}
	if err := enc.Send(client, map[string]any{"type": "get_entries", "id": "e"}); err != nil {
		t.Fatal(err)
	}
	var seen map[string]any
	o := next()
	for ; o["id"] != "e"; o = next() {
	}
	d, _ := o["data"].(map[string]any)
	entries, _ := d["entries"].([]any)
	for _, e := range entries {
		if e, _ := e.(map[string]any); e["customType"] == "seen" {
			seen, _ = e["data"].(map[string]any)
		}
	}
	if seen["source"] != "interactive" || seen["hasUI"] != false || seen["picked"] != nil {
		t.Errorf("the input handler saw %v; want source interactive, no UI, no pick", seen)
	}
	if err := enc.Send(client, map[string]any{"type": "get_session_header", "id": "h"}); err != nil {
		t.Fatal(err)
	}
	for {
		if o := next(); o["id"] == "h" {
			if d, _ := o["data"].(map[string]any); d["type"] != "session" || d["cwd"] != io.Cwd {
				t.Errorf("header %v", o)
			}
			break
		}
	}
}

// TestServeLoadedResources: get_loaded_resources lists what pi's
// interactive mode shows under its header: the append file and context
// files in pi's order, the skills and templates with their sourceInfo,
// and a template name collision.
func TestServeLoadedResources(t *testing.T) {
	io, _ := world(t)
	agent := io.Getenv("PI_CODING_AGENT_DIR")
	files := map[string]string{
		filepath.Join(agent, "AGENTS.md"):                "global",
		filepath.Join(io.Cwd, "AGENTS.md"):               "project",
		filepath.Join(io.Cwd, "extra.md"):                "appended",
		filepath.Join(agent, "skills", "sk", "SKILL.md"): "---\nname: sk\ndescription: a skill\n---\nbody\n",
		filepath.Join(agent, "prompts", "hi.md"):         "say hi",
		filepath.Join(io.Cwd, "more", "hi.md"):           "say hi again",
	}
	writeFiles(t, files)
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--no-session", "--no-builtin-tools", "--no-extensions", "--append-system-prompt", "extra.md",
			"--prompt-template", "more/hi.md"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := serveAsk(t, s, agentsession.ServeOptions{})(map[string]any{"type": "get_loaded_resources", "id": "l1"})
	d, _ := r["data"].(map[string]any)
	want := fmt.Sprint([]any{filepath.Join(io.Cwd, "extra.md"), filepath.Join(agent, "AGENTS.md"), filepath.Join(io.Cwd, "AGENTS.md")})
	if got := fmt.Sprint(d["contextFiles"]); got != want {
		t.Errorf("contextFiles %s, want %s", got, want)
	}
	if got := fmt.Sprint(d["skills"]); got != fmt.Sprintf("[map[name:sk path:%s sourceInfo:map[baseDir:%s origin:top-level path:%[1]s scope:user source:auto]]]",
		filepath.Join(agent, "skills", "sk", "SKILL.md"), agent) {
		t.Errorf("skills %s", got)
	}
	if got := fmt.Sprint(d["prompts"]); !strings.HasPrefix(got, "[map[name:hi path:"+filepath.Join(agent, "prompts", "hi.md")) {
		t.Errorf("prompts %s", got)
	}
	if got := fmt.Sprint(d["promptDiagnostics"]); !strings.Contains(got, "collision:map[loserPath:"+filepath.Join(io.Cwd, "more", "hi.md")) ||
		!strings.Contains(got, "winnerPath:"+filepath.Join(agent, "prompts", "hi.md")) {
		t.Errorf("promptDiagnostics %s", got)
	}
}

// TestServeLoadedThemes: get_loaded_resources lists the themes pi loads
// (a name's first file in precedence order) and pi's theme diagnostics:
// a later file of the same name is a collision, a file that does not
// parse or has no colors map a warning; an untrusted project's themes
// are not read.
func TestServeLoadedThemes(t *testing.T) {
	io, _ := world(t)
	agent := io.Getenv("PI_CODING_AGENT_DIR")
	themes := filepath.Join(agent, "themes")
	files := map[string]string{
		filepath.Join(themes, "a.json"):                  `{"name": "twin", "colors": {}}`,
		filepath.Join(themes, "b.json"):                  `{"name": "twin", "colors": {}}`,
		filepath.Join(themes, "bad.json"):                `{"name": `,
		filepath.Join(themes, "plain.json"):              `{"name": "plain"}`,
		filepath.Join(io.Cwd, ".pi", "themes", "p.json"): `{"name": "twin", "colors": {}}`,
	}
	writeFiles(t, files)
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--no-session", "--no-builtin-tools", "--no-extensions"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := serveAsk(t, s, agentsession.ServeOptions{})(map[string]any{"type": "get_loaded_resources", "id": "l1"})
	d, _ := r["data"].(map[string]any)
	if got := fmt.Sprint(d["themes"]); got != fmt.Sprintf("[map[name:twin path:%s sourceInfo:map[baseDir:%s origin:top-level path:%[1]s scope:user source:auto]]]",
		filepath.Join(themes, "a.json"), agent) {
		t.Errorf("themes %s", got)
	}
	got := fmt.Sprint(d["themeDiagnostics"])
	for _, want := range []string{
		"message:Failed to parse theme " + filepath.Join(themes, "bad.json") + ": unexpected end of JSON input",
		`message:Invalid theme "` + filepath.Join(themes, "plain.json") + `": expected an object with a "colors" map.`,
		"collision:map[loserPath:" + filepath.Join(themes, "b.json") + " name:twin resourceType:theme winnerPath:" + filepath.Join(themes, "a.json") + "]",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("themeDiagnostics lack %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "p.json") {
		t.Errorf("an untrusted project's theme was read: %s", got)
	}
}

// writeFiles writes each file of files (path: content), making its
// directories.
func writeFiles(t *testing.T, files map[string]string) {
	t.Helper()
	for p, c := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
