package pigo_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
	"github.com/pigo-dev/pigo/jsapi/watch"
)

// TestRediscover: a file that appears in .pi/extensions loads, one that
// is deleted unloads, a broken new one is a change with file:line while
// the rest keep serving.
func TestRediscover(t *testing.T) {
	dir := t.TempDir()
	agent := filepath.Join(dir, "agent")
	ext := filepath.Join(dir, ".pi", "extensions")
	write(t, ext, "first.ts", tool("first"))
	a := open(t, pigo.Options{Cwd: dir, AgentDir: agent, Discover: true, NoMCP: true, NoBundled: true})
	ctx := context.Background()
	if got := a.Rediscover(ctx); len(got) != 0 {
		t.Fatalf("nothing changed, got %+v", got)
	}
	write(t, ext, "second.ts", tool("second"))
	got := a.Rediscover(ctx)
	if len(got) != 1 || got[0].Gone || !got[0].Reload.OK || got[0].Plugin.ID != "second" ||
		!slices.Equal(got[0].Reload.Added, []string{"tool:second"}) {
		t.Fatalf("new file: %+v", got)
	}
	if _, ok := a.Host.Tools().Current().Get("second"); !ok {
		t.Error("the new tool is not registered")
	}
	if err := os.Remove(filepath.Join(ext, "second.ts")); err != nil {
		t.Fatal(err)
	}
	got = a.Rediscover(ctx)
	if len(got) != 1 || !got[0].Gone || !slices.Equal(got[0].Reload.Removed, []string{"tool:second"}) {
		t.Fatalf("deleted file: %+v", got)
	}
	if _, ok := a.Host.Tools().Current().Get("second"); ok {
		t.Error("the deleted file's tool is still registered")
	}
	write(t, ext, "broken.ts", "export default function (pi) {\n  const x: number = ;\n}\n")
	got = a.Rediscover(ctx)
	if len(got) != 1 || got[0].Reload.OK || got[0].Reload.Error == nil || !strings.Contains(got[0].Reload.Error.Error(), "broken.ts:2") {
		t.Fatalf("broken file: %+v", got)
	}
	if _, ok := a.Host.Tools().Current().Get("first"); !ok {
		t.Error("the first extension was lost")
	}
	// The file comes back: it loads under a new id (the old one's record
	// stays unloaded).
	write(t, ext, "second.ts", tool("second"))
	if got = a.Rediscover(ctx); len(got) != 1 || !got[0].Reload.OK || got[0].Plugin.ID != "second-2" {
		t.Fatalf("re-added file: %+v", got)
	}
}

// TestWatcherFollowsDiscovery: the app's watcher loads a dropped file and
// unloads a deleted one without being asked.
func TestWatcherFollowsDiscovery(t *testing.T) {
	dir := t.TempDir()
	agent := filepath.Join(dir, "agent")
	write(t, filepath.Join(dir, ".pi", "extensions"), "first.ts", tool("first"))
	a := open(t, pigo.Options{Cwd: dir, AgentDir: agent, Discover: true, NoMCP: true, NoBundled: true})
	changes := make(chan pigo.Change, 10)
	// saves (a file written after discovery saw it) come as reloads
	a.Reloader.SetOnReload(func(r watch.Reload) { changes <- pigo.Change{Plugin: pigo.Plugin{ID: r.Plugin}, Reload: r} })
	w, err := a.NewWatcher(watch.WatcherOptions{}, func(c pigo.Change) { changes <- c })
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = w.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done; _ = w.Close() })
	next := func(what string) pigo.Change {
		t.Helper()
		select {
		case c := <-changes:
			return c
		case <-time.After(20 * time.Second):
			t.Fatalf("no change for %s", what)
		}
		return pigo.Change{}
	}
	// The agent dir's extensions directory does not exist yet: it is
	// waited for.
	write(t, filepath.Join(agent, "extensions"), "global.ts", tool("global"))
	if c := next("a file in a new directory"); c.Plugin.ID != "global" || !c.Reload.OK {
		t.Errorf("new global file: %+v", c)
	}
	// A new package directory: discovery may see index.ts before it is
	// written (it then fails to load and is watched as broken); it loads
	// once written.
	write(t, filepath.Join(dir, ".pi", "extensions", "pkg"), "index.ts", tool("pkg"))
	for {
		c := next("a package directory")
		if c.Plugin.ID != "pkg" {
			t.Fatalf("new package directory: %+v", c)
		}
		if c.Reload.OK {
			break
		}
	}
	if _, ok := a.Host.Tools().Current().Get("pkg"); !ok {
		t.Error("the package's tool is not registered")
	}
	if err := os.Remove(filepath.Join(agent, "extensions", "global.ts")); err != nil {
		t.Fatal(err)
	}
	if c := next("a deleted file"); c.Plugin.ID != "global" || !c.Gone {
		t.Errorf("deleted file: %+v", c)
	}
}

// TestRelocate: moving the app to another project unloads the first
// project's extensions, loaded or held back, and loads the other's when
// it is trusted (none when it is not), with no session events.
func TestRelocate(t *testing.T) {
	dir := t.TempDir()
	agent := filepath.Join(dir, "agent")
	one, two := filepath.Join(dir, "one"), filepath.Join(dir, "two")
	write(t, filepath.Join(one, ".pi", "extensions"), "alpha.ts", tool("alpha"))
	write(t, filepath.Join(two, ".pi", "extensions"), "beta.ts", `export default function (pi) {
  pi.registerTool({ name: "beta", label: "beta", description: "d", parameters: { type: "object", properties: {} },
    execute: async () => ({ content: [] }) });
  pi.on("session_start", () => { throw new Error("no session events on a move"); });
}`)
	a := open(t, pigo.Options{Cwd: one, AgentDir: agent, Discover: true, NoMCP: true, NoBundled: true})
	ctx := context.Background()
	has := func(name string) bool { _, ok := a.Host.Tools().Current().Get(name); return ok }
	if !has("alpha") {
		t.Fatal("alpha did not load")
	}
	moved := func(cs []pigo.Change) (out []pigo.Change) { // what discovery found or lost
		for _, c := range cs {
			if !c.Restarted {
				out = append(out, c)
			}
		}
		return out
	}
	got := moved(a.Relocate(ctx, two, true))
	if len(got) != 2 || !got[0].Gone || got[0].Plugin.ID != "alpha" || got[1].Gone || !got[1].Reload.OK || len(got[1].Reload.Warnings) != 0 {
		t.Fatalf("move to two: %+v", got)
	}
	if has("alpha") || !has("beta") {
		t.Errorf("in two: alpha %v, beta %v", has("alpha"), has("beta"))
	}
	if got := moved(a.Relocate(ctx, one, false)); len(got) != 1 || !got[0].Gone || has("beta") || has("alpha") {
		t.Errorf("to untrusted one: %+v (alpha %v, beta %v)", got, has("alpha"), has("beta"))
	}
}

// TestRelocateRestartsEveryExtension: as pi creates a new runtime for a
// session of another project, the extensions that stay (the user's, -e
// paths, the built-in ones) start again in place, in their order, with
// no session events of their own (the switch sends those).
func TestRelocateRestartsEveryExtension(t *testing.T) {
	dir := t.TempDir()
	agent := filepath.Join(dir, "agent")
	one, two := filepath.Join(dir, "one"), filepath.Join(dir, "two")
	if err := os.MkdirAll(two, 0o755); err != nil {
		t.Fatal(err)
	}
	quiet := `export default function (pi) {
  pi.registerCommand(%q, { description: "d", handler: async () => {} });
  pi.on("session_start", () => { throw new Error("no session events on a move"); });
  pi.on("session_shutdown", () => { throw new Error("no session events on a move"); });
}`
	write(t, filepath.Join(agent, "extensions"), "user.ts", fmt.Sprintf(quiet, "user"))
	write(t, filepath.Join(one, ".pi", "extensions"), "alpha.ts", tool("alpha"))
	write(t, dir, "cli.ts", fmt.Sprintf(quiet, "cli"))
	a := open(t, pigo.Options{Cwd: one, AgentDir: agent, Discover: true, NoBundled: true,
		Extensions: []string{filepath.Join(dir, "cli.ts")}})
	ctx := context.Background()
	before := map[string]int{}
	var order []string
	for _, p := range a.Host.Plugins() {
		order = append(order, p.ID)
		if g := a.Host.Generation(p.ID); g != nil {
			before[p.ID] = g.Number()
		}
	}
	got := a.Relocate(ctx, two, true)
	restarted := map[string]bool{}
	for _, c := range got {
		if !c.Restarted {
			continue
		}
		if !c.Reload.OK || len(c.Reload.Warnings) != 0 || c.Reload.Trigger != "move" {
			t.Errorf("restart of %s: %+v", c.Plugin.ID, c.Reload)
		}
		restarted[c.Plugin.ID] = true
		if g := a.Host.Generation(c.Plugin.ID); g == nil || g.Number() != before[c.Plugin.ID]+1 {
			t.Errorf("%s: not a new generation", c.Plugin.ID)
		}
	}
	for _, id := range []string{"user", "cli", "builtin:mcp"} {
		if !restarted[id] {
			t.Errorf("%s did not restart: %+v", id, got)
		}
	}
	if restarted["alpha"] {
		t.Error("the old project's extension restarted instead of unloading")
	}
	var now []string
	for _, p := range a.Host.Plugins() {
		if p.ID != "alpha" {
			now = append(now, p.ID)
		}
	}
	want := slices.DeleteFunc(order, func(id string) bool { return id == "alpha" })
	if !slices.Equal(now, want) {
		t.Errorf("order after the move = %v, want %v", now, want)
	}
}

// TestRestartAllFollowsDiscovery: pi's /reload runs discovery again: a
// file that appeared loads at its place in discovery's order, a deleted
// one unloads, the others (an -e path, the user's) start again as new
// generations; no session events are sent (the session sends them).
func TestRestartAllFollowsDiscovery(t *testing.T) {
	dir := t.TempDir()
	agent, proj := filepath.Join(dir, "agent"), filepath.Join(dir, "proj")
	quiet := `export default function (pi) {
  pi.registerCommand(%q, { description: "d", handler: async () => {} });
  pi.on("session_start", () => { throw new Error("no session events from RestartAll"); });
  pi.on("session_shutdown", () => { throw new Error("no session events from RestartAll"); });
}`
	write(t, filepath.Join(agent, "extensions"), "user.ts", fmt.Sprintf(quiet, "user"))
	write(t, filepath.Join(proj, ".pi", "extensions"), "first.ts", fmt.Sprintf(quiet, "first"))
	write(t, dir, "cli.ts", fmt.Sprintf(quiet, "cli"))
	a := open(t, pigo.Options{Cwd: proj, AgentDir: agent, Discover: true, NoBundled: true, NoMCP: true,
		Extensions: []string{filepath.Join(dir, "cli.ts")}})
	ctx := context.Background()
	gen := func(id string) int {
		if g := a.Host.Generation(id); g != nil {
			return g.Number()
		}
		return 0
	}
	before := map[string]int{"cli": gen("cli"), "user": gen("user")}
	write(t, filepath.Join(proj, ".pi", "extensions"), "second.ts", fmt.Sprintf(quiet, "second"))
	if err := os.Remove(filepath.Join(proj, ".pi", "extensions", "first.ts")); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range a.RestartAll(ctx) {
		if c.Plugin.Path == "" { // pi's built-in extensions restart too
			continue
		}
		kind := "appeared"
		switch {
		case c.Gone:
			kind = "gone"
		case c.Restarted:
			kind = "restarted"
		}
		if !c.Reload.OK || len(c.Reload.Warnings) != 0 {
			t.Errorf("%s %s: %+v", kind, c.Plugin.ID, c.Reload)
		}
		got = append(got, kind+" "+c.Plugin.ID)
	}
	// The gone one first, then the app's plugins in discovery's order.
	if want := []string{"gone first", "restarted cli", "appeared second", "restarted user"}; !slices.Equal(got, want) {
		t.Errorf("changes = %v, want %v", got, want)
	}
	for id, g := range before {
		if gen(id) != g+1 {
			t.Errorf("%s: generation %d, want %d", id, gen(id), g+1)
		}
	}
	if cmds := strings.Join(a.Host.Commands().Current().IDs(), " "); cmds != "cli second user llama" {
		t.Errorf("commands after the reload: %s", cmds)
	}
	if got := ids(a)[:3]; !slices.Equal(got, []string{"cli", "second", "user"}) {
		t.Errorf("app plugins = %v", ids(a))
	}
	var order []string
	for _, p := range a.Host.Plugins() {
		if p.Status == engine.StatusLoaded {
			order = append(order, p.ID)
		}
	}
	if !slices.Equal(order[:3], []string{"cli", "second", "user"}) || slices.Contains(order, "first") {
		t.Errorf("host order = %v", order)
	}
}

// TestRestartAllNewFileFails: a new file that fails to load on /reload is
// a change with its error (file:line) and nothing else is lost; the next
// /reload, once it is fixed, loads it.
func TestRestartAllNewFileFails(t *testing.T) {
	dir := t.TempDir()
	ext := filepath.Join(dir, ".pi", "extensions")
	write(t, ext, "first.ts", tool("first"))
	a := open(t, pigo.Options{Cwd: dir, AgentDir: filepath.Join(dir, "agent"), Discover: true, NoMCP: true, NoBundled: true})
	ctx := context.Background()
	write(t, ext, "broken.ts", "export default function (pi) {\n  const x: number = ;\n}\n")
	var broken *pigo.Change
	for _, c := range a.RestartAll(ctx) {
		switch c.Plugin.ID {
		case "broken":
			broken = &c
		case "first":
			if !c.Restarted || !c.Reload.OK {
				t.Errorf("first: %+v", c)
			}
		default:
			if c.Plugin.Origin == "builtin" && c.Restarted && c.Reload.OK {
				continue
			}
			t.Errorf("unexpected change %+v", c)
		}
	}
	if broken == nil || broken.Restarted || broken.Gone || broken.Reload.OK || broken.Reload.Error == nil ||
		!strings.Contains(broken.Reload.Error.Error(), "broken.ts:2") {
		t.Fatalf("broken file: %+v", broken)
	}
	if _, ok := a.Host.Tools().Current().Get("first"); !ok {
		t.Error("the first extension was lost")
	}
	write(t, ext, "broken.ts", tool("fixed"))
	for _, c := range a.RestartAll(ctx) {
		if c.Plugin.ID == "broken" && (!c.Restarted || !c.Reload.OK) {
			t.Errorf("fixed file: %+v", c)
		}
	}
	if _, ok := a.Host.Tools().Current().Get("fixed"); !ok {
		t.Error("the fixed file did not load on the next reload")
	}
}

// TestRestartAllKeepsUntrustedProjectHeld: in a project that is not
// trusted, /reload neither loads a new .pi/extensions file nor drops the
// held ones; the user's new file loads.
func TestRestartAllKeepsUntrustedProjectHeld(t *testing.T) {
	dir := t.TempDir()
	agent, proj := filepath.Join(dir, "agent"), filepath.Join(dir, "proj")
	write(t, filepath.Join(proj, ".pi", "extensions"), "held.ts", tool("held"))
	a, err := pigo.New(pigo.Options{Cwd: proj, AgentDir: agent, Discover: true, NoBundled: true, NoMCP: true})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close(context.Background())
	ctx := context.Background()
	a.BootUntrusted(ctx)
	write(t, filepath.Join(proj, ".pi", "extensions"), "sneaky.ts", tool("sneaky"))
	write(t, filepath.Join(agent, "extensions"), "user.ts", tool("user"))
	var got []string
	for _, c := range a.RestartAll(ctx) {
		if c.Plugin.Origin != "builtin" {
			got = append(got, c.Plugin.ID)
		}
	}
	if !slices.Equal(got, []string{"user"}) {
		t.Errorf("changes: %v", got)
	}
	// The new user file loads ahead of pi's built-in extensions.
	if tools := strings.Join(a.Host.Tools().Current().IDs(), " "); tools != "user codemode tool_search" {
		t.Errorf("tools: %s", tools)
	}
	if !slices.Contains(ids(a), "held") || slices.Contains(ids(a), "sneaky") {
		t.Errorf("plugins: %v", ids(a))
	}
	// Once trusted, the next /reload finds the new project file.
	a.LoadProject(ctx)
	a.RestartAll(ctx)
	if tools := strings.Join(a.Host.Tools().Current().IDs(), " "); tools != "held sneaky user codemode tool_search" {
		t.Errorf("trusted tools: %s", tools)
	}
}

// TestRestartAllInstallsAndReports: /reload installs a package the
// user's settings gained since startup (pi's package manager resolves
// them on every load) and loads its extension; a settings entry naming a
// file that does not exist becomes a problem.
func TestRestartAllInstallsAndReports(t *testing.T) {
	reg := pkgmgrtest.New()
	defer reg.Close()
	reg.Publish("late-tool", "1.0.0", nil, map[string]string{"extensions/t.ts": tool("latetool")})
	dir := t.TempDir()
	agent := filepath.Join(dir, "agent")
	env := map[string]string{"HOME": dir, "npm_config_registry": reg.URL()}
	a := open(t, pigo.Options{Cwd: dir, AgentDir: agent, Discover: true, NoBundled: true, NoMCP: true, InstallPackages: true,
		Getenv: func(k string) string { return env[k] }, Environ: env})
	ctx := context.Background()
	write(t, agent, "settings.json", `{"packages": ["npm:late-tool"], "extensions": ["missing.ts"]}`)
	var appeared []string
	for _, c := range a.RestartAll(ctx) {
		if !c.Restarted && !c.Gone {
			appeared = append(appeared, c.Plugin.Origin)
			if !c.Reload.OK {
				t.Errorf("%s: %+v", c.Plugin.ID, c.Reload)
			}
		}
	}
	if !slices.Equal(appeared, []string{"package:global"}) {
		t.Errorf("appeared: %v", appeared)
	}
	if _, ok := a.Host.Tools().Current().Get("latetool"); !ok {
		t.Error("the package's tool did not load")
	}
	var problems []string
	for _, p := range a.Problems {
		problems = append(problems, p.Message)
	}
	if got := strings.Join(problems, "\n"); !strings.Contains(got, "Extension path does not exist") || strings.Contains(got, "late-tool") {
		t.Errorf("problems:\n%s", got)
	}
	// A second reload neither installs again nor repeats the problem.
	n := len(a.Problems)
	a.RestartAll(ctx)
	if len(a.Problems) != n {
		t.Errorf("problems after a second reload: %+v", a.Problems)
	}
}
