package agentsession_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/projecttrust"
	"github.com/pigo-dev/pigo/engine/protocol"
)

// twoProjects is a world whose cwd (launch) holds ext.ts with extSource
// (none when empty) and another project directory, other.
func twoProjects(t *testing.T, extSource string) (io *agentsession.IO, launch, other string) {
	t.Helper()
	io, _ = world(t)
	launch, other = io.Cwd, filepath.Join(t.TempDir(), "other")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	if extSource != "" {
		if err := os.WriteFile(filepath.Join(launch, "ext.ts"), []byte(extSource), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return io, launch, other
}

// writeCwdSession writes a session file whose header names cwd.
func writeCwdSession(t *testing.T, path, cwd string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	data := fmt.Sprintf(`{"type":"session","version":3,"id":"aaaaaaaa-0000-4000-8000-000000000001","timestamp":"2026-01-01T00:00:00.000Z","cwd":%q}`+"\n"+
		`{"type":"message","id":"m1","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user","content":"hi","timestamp":1}}`+"\n", cwd)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSessionOfAnotherProjectRunsInItsCwd: a session file of another
// project runs in the cwd its header names (the extensions' cwd), while
// a relative -e path or export file still means the directory pigo
// started in; a
// session whose cwd is gone fails outside interactive mode, as pi's.
func TestSessionOfAnotherProjectRunsInItsCwd(t *testing.T) {
	io, launch, other := twoProjects(t, `export default function (pi) {
  pi.registerCommand("where", { handler: async (_a, ctx) => { pi.appendEntry("cwd", { cwd: ctx.cwd, process: process.cwd() }); } });
}`)
	path := filepath.Join(t.TempDir(), "s.jsonl")
	writeCwdSession(t, path, other)
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--session", path, "-e", "ext.ts", "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := s.Host().Options().Cwd; got != other {
		t.Errorf("the run's cwd is %q, want the session's %q", got, other)
	}
	if err := s.Prompt(context.Background(), "/where"); err != nil {
		t.Fatal(err)
	}
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	if r := ask(map[string]any{"type": "export_html", "id": "x", "outputPath": "out.html"}); r["success"] != true {
		t.Fatalf("export: %v", r)
	}
	if _, err := os.Stat(filepath.Join(launch, "out.html")); err != nil {
		t.Errorf("a relative /export path is not the launch directory's: %v", err)
	}
	data, _ := os.ReadFile(path)
	if want := fmt.Sprintf(`"data":{"cwd":%q,"process":%q}`, other, other); !strings.Contains(string(data), want) {
		t.Errorf("the extension sees\n%s\nwant %s", data, want)
	}

	gone := filepath.Join(t.TempDir(), "g.jsonl")
	writeCwdSession(t, gone, filepath.Join(other, "gone"))
	_, err = agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--session", gone, "--no-builtin-tools", "--no-mcp"}})
	var se *agentsession.StartError
	if !errors.As(err, &se) || se.Code != agentsession.ExitFailure ||
		!strings.Contains(se.Message, "Stored session working directory does not exist: "+filepath.Join(other, "gone")) {
		t.Errorf("a session whose cwd is gone: %v", err)
	}
}

// TestSwitchSessionMovesCwd: switch_session to another project's session
// moves the run there (the host's cwd); one whose cwd is gone is pi's
// MissingSessionCwdError until the client says to run it here
// (cwdOverride) or fork it here (fork), which leaves the original as it
// was.
func TestSwitchSessionMovesCwd(t *testing.T) {
	io, launch, other := twoProjects(t, "")
	sessions := filepath.Join(t.TempDir(), "sessions")
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--session-dir", sessions, "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	there := filepath.Join(t.TempDir(), "there.jsonl")
	writeCwdSession(t, there, other)
	if r := ask(map[string]any{"type": "switch_session", "id": "1", "sessionPath": there}); r["success"] != true {
		t.Fatalf("switch: %v", r)
	}
	if got := s.Host().Options().Cwd; got != other {
		t.Errorf("after the switch the cwd is %q, want %q", got, other)
	}
	gone := filepath.Join(t.TempDir(), "gone.jsonl")
	writeCwdSession(t, gone, filepath.Join(other, "gone"))
	r := ask(map[string]any{"type": "switch_session", "id": "2", "sessionPath": gone})
	if r["success"] != false || !strings.HasPrefix(fmt.Sprint(r["error"]), "Stored session working directory does not exist: "+filepath.Join(other, "gone")+"\n") {
		t.Fatalf("a session whose cwd is gone: %v", r)
	}
	if r := ask(map[string]any{"type": "switch_session", "id": "3", "sessionPath": gone, "cwdOverride": launch}); r["success"] != true {
		t.Fatalf("continue here: %v", r)
	}
	if got := s.Host().Options().Cwd; got != launch {
		t.Errorf("continued here, the cwd is %q, want %q", got, launch)
	}
	before, _ := os.ReadFile(gone)
	if r := ask(map[string]any{"type": "switch_session", "id": "4", "sessionPath": gone, "fork": true}); r["success"] != true {
		t.Fatalf("fork here: %v", r)
	}
	st := ask(map[string]any{"type": "get_state", "id": "5"})
	d, _ := st["data"].(map[string]any)
	file, _ := d["sessionFile"].(string)
	if filepath.Dir(file) != sessions {
		t.Errorf("the fork is %q, want a file in %s", file, sessions)
	}
	if data, _ := os.ReadFile(file); !strings.Contains(string(data), fmt.Sprintf(`"cwd":%q`, launch)) {
		t.Errorf("the fork's header:\n%s", data)
	}
	if after, _ := os.ReadFile(gone); string(after) != string(before) {
		t.Errorf("forking changed the original")
	}
}

// projectWithCommand makes a project folder whose .pi/extensions/NAME.ts
// registers /NAME and records the session_start it sees in the session.
func projectWithCommand(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	ext := filepath.Join(dir, ".pi", "extensions", name+".ts")
	if err := os.MkdirAll(filepath.Dir(ext), 0o755); err != nil {
		t.Fatal(err)
	}
	src := `export default function (pi) {
  pi.registerCommand("` + name + `", { description: "` + name + `", handler: async () => {} });
  pi.on("session_start", (e) => pi.appendEntry("` + name + `-start", { reason: e.reason }));
}`
	if err := os.WriteFile(ext, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestSwitchSessionRebuildsProjectExtensions: switching to a session of
// another project swaps the project's extensions, as pi recreates its
// runtime there: the old project's command goes, the new one's comes
// (its extension hears session_start {reason: "resume"}), and back
// again; a project this run may not trust (no decision, no UI to ask)
// loads none of its own. The user's and -e extensions start again in
// the new project (fresh state; session_shutdown went to the old
// instance, session_start {reason: "resume"} to the new one).
func TestSwitchSessionRebuildsProjectExtensions(t *testing.T) {
	io, _ := world(t)
	alpha, beta, gamma := projectWithCommand(t, "alpha"), projectWithCommand(t, "beta"), projectWithCommand(t, "gamma")
	agentDir := io.Getenv("PI_CODING_AGENT_DIR")
	store := projecttrust.NewStore(agentDir)
	yes := true
	for _, d := range []string{alpha, beta} {
		if err := store.Set(context.Background(), d, &yes); err != nil {
			t.Fatal(err)
		}
	}
	io.Cwd = alpha
	counting := func(name string) string { // its session_start count since it loaded, and the cwd it sees
		return `let starts = 0;
export default function (pi) {
  pi.on("session_start", (e, ctx) => pi.appendEntry("` + name + `-start", { reason: e.reason, starts: ++starts, cwd: ctx.cwd }));
}`
	}
	userExt := filepath.Join(agentDir, "extensions", "user.ts")
	cliExt := filepath.Join(t.TempDir(), "cli.ts")
	for path, src := range map[string]string{userExt: counting("user"), cliExt: counting("cli")} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sessions := filepath.Join(t.TempDir(), "sessions")
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--session-dir", sessions, "--no-builtin-tools", "--no-mcp", "-e", cliExt}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	n := 0
	commands := func() []string {
		n++
		r := ask(map[string]any{"type": "get_commands", "id": fmt.Sprint("c", n)})
		d, _ := r["data"].(map[string]any)
		list, _ := d["commands"].([]any)
		var names []string
		for _, c := range list {
			names = append(names, fmt.Sprint(c.(map[string]any)["name"]))
		}
		return names
	}
	switchTo := func(dir string) string {
		t.Helper()
		n++
		path := filepath.Join(t.TempDir(), "s.jsonl")
		writeCwdSession(t, path, dir)
		if r := ask(map[string]any{"type": "switch_session", "id": fmt.Sprint("s", n), "sessionPath": path}); r["success"] != true {
			t.Fatalf("switch: %v", r)
		}
		return path
	}
	if got := commands(); !slices.Contains(got, "alpha") {
		t.Fatalf("commands at start: %v", got)
	}
	inBeta := switchTo(beta)
	if got := commands(); !slices.Contains(got, "beta") || slices.Contains(got, "alpha") {
		t.Errorf("commands in beta: %v", got)
	}
	if data, _ := os.ReadFile(inBeta); !strings.Contains(string(data), `"customType":"beta-start","data":{"reason":"resume"}`) {
		t.Errorf("beta's extension did not hear session_start:\n%s", data)
	}
	data, _ := os.ReadFile(inBeta)
	for _, name := range []string{"user", "cli"} {
		want := fmt.Sprintf(`"customType":"%s-start","data":{"reason":"resume","starts":1,"cwd":%q}`, name, beta)
		if !strings.Contains(string(data), want) {
			t.Errorf("%s extension did not start again in beta (want %s):\n%s", name, want, data)
		}
	}
	switchTo(alpha)
	if got := commands(); !slices.Contains(got, "alpha") || slices.Contains(got, "beta") {
		t.Errorf("commands back in alpha: %v", got)
	}
	switchTo(gamma)
	if got := commands(); slices.Contains(got, "gamma") || slices.Contains(got, "alpha") {
		t.Errorf("commands in untrusted gamma: %v", got)
	}
	r := ask(map[string]any{"type": "get_project_trust", "id": "t"})
	if d, _ := r["data"].(map[string]any); d["trusted"] != false {
		t.Errorf("gamma's trust: %v", r)
	}
}

// TestSwitchSessionShowsNewSettingsWarnings: moving to a project whose
// settings file is broken shows pi's warning for it once (pi shows its
// new runtime's diagnostics not reported before); going back and there
// again shows nothing new.
func TestSwitchSessionShowsNewSettingsWarnings(t *testing.T) {
	io, _ := world(t)
	here, broken := t.TempDir(), t.TempDir()
	settings := filepath.Join(broken, ".pi", "settings.json")
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte("{broken"), 0o644); err != nil {
		t.Fatal(err)
	}
	yes := true
	if err := projecttrust.NewStore(io.Getenv("PI_CODING_AGENT_DIR")).Set(context.Background(), broken, &yes); err != nil {
		t.Fatal(err)
	}
	io.Cwd = here
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--session-dir", filepath.Join(t.TempDir(), "sessions"), "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	host, client := protocol.Pipe()
	go s.Serve(context.Background(), host, agentsession.ServeOptions{})
	defer client.Close()
	enc := protocol.NewEncoder(nil)
	var shown []string
	switchTo := func(n int, dir string) {
		t.Helper()
		path := filepath.Join(t.TempDir(), "s.jsonl")
		writeCwdSession(t, path, dir)
		id := fmt.Sprint("s", n)
		if err := enc.Send(client, map[string]any{"type": "switch_session", "id": id, "sessionPath": path}); err != nil {
			t.Fatal(err)
		}
		for {
			m, err := client.Recv()
			if err != nil {
				t.Fatal(err)
			}
			o, _ := m.Object()
			if o["type"] == "runtime_diagnostic" {
				shown = append(shown, fmt.Sprint(o["kind"], " ", o["message"]))
			}
			if o["type"] == "response" && o["id"] == id {
				if o["success"] != true {
					t.Fatalf("switch: %v", o)
				}
				return
			}
		}
	}
	switchTo(1, broken)
	if len(shown) != 1 || !strings.HasPrefix(shown[0], "warning Invalid settings file "+settings+": ") {
		t.Fatalf("shown in the broken project: %q", shown)
	}
	switchTo(2, here)
	switchTo(3, broken)
	if len(shown) != 1 {
		t.Errorf("shown again: %q", shown)
	}
}

// TestExtensionNewSessionKeepsItsHandlerRunning: an extension command's
// await ctx.newSession() starts the extensions again, as a client's
// new_session does (a new instance gets session_start), and the old
// handler returns and goes on, as in pi, its ctx stale.
func TestExtensionNewSessionKeepsItsHandlerRunning(t *testing.T) {
	ask, logFile := startExtensionSession(t, `
export default function (pi) {
  log("factory");
  pi.on("session_start", (e) => log("start " + e.reason));
  pi.registerCommand("renew", { handler: async (_a, ctx) => {
    log("before");
    const r = await ctx.newSession();
    let cwd;
    try { cwd = ctx.cwd; } catch (e) { cwd = e.message.slice(0, 27); }
    log("after cancelled=" + r.cancelled + " " + cwd);
  } });
}`)
	if r := ask(map[string]any{"type": "prompt", "id": "1", "message": "/renew"}); r["success"] != true {
		t.Fatalf("/renew: %v", r)
	}
	if r := ask(map[string]any{"type": "new_session", "id": "2"}); r["success"] != true {
		t.Fatalf("new_session: %v", r)
	}
	data, _ := os.ReadFile(logFile)
	want := "factory\nstart startup\nbefore\nfactory\nstart new\nafter cancelled=false This extension ctx is stale\nfactory\nstart new\n"
	if string(data) != want {
		t.Errorf("log:\n%s\nwant:\n%s", data, want)
	}
}
