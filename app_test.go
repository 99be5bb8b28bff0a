package pigo_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
)

const toolExt = `export default function (pi) {
  pi.registerTool({ name: %q, label: "t", description: "d", parameters: { type: "object" },
    async execute() { return { content: [{ type: "text", text: JSON.stringify(pi.config ?? null) }] }; } });
}
`

func write(t *testing.T, dir, name, src string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func tool(name string) string { return strings.Replace(toolExt, "%q", `"`+name+`"`, 1) }

func open(t *testing.T, opts pigo.Options) *pigo.App {
	t.Helper()
	a, err := pigo.Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close(context.Background()) })
	return a
}

func ids(a *pigo.App) []string {
	var out []string
	for _, p := range a.Plugins {
		out = append(out, p.ID)
	}
	return out
}

// TestDefaultApp: the default app is pi's built-in tools, then -e paths.
// The seven tools load as one plugin, @pi/tools, in one runtime; its
// members are the manifest's ids in manifest order, and the tools keep
// that order.
func TestDefaultApp(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "mine.ts", tool("mine"))
	a := open(t, pigo.Options{Cwd: dir, Extensions: []string{"mine.ts"}})
	if got, want := strings.Join(ids(a), " "), "@pi/tools mine"; got != want {
		t.Fatalf("plugins %q, want %q", got, want)
	}
	got := strings.Join(a.Plugins[0].Members, " ")
	want := "@pi/tool-read @pi/tool-bash @pi/tool-edit @pi/tool-write @pi/tool-grep @pi/tool-find @pi/tool-ls"
	if got != want || !a.Plugins[0].Bundled || a.Plugins[0].Origin != "bundled" {
		t.Fatalf("group %+v, want members %q", a.Plugins[0], want)
	}
	if got := strings.Join(a.Host.Tools().Current().IDs(), " "); got != "read bash edit write grep find ls mine" {
		t.Errorf("tool order %q", got)
	}
	if got := strings.Join(piapi.Of(a.Host).ActiveTools(), " "); got != "read bash edit write mine" {
		t.Errorf("active tools %q", got)
	}
	for _, r := range a.Results {
		if !r.OK {
			t.Errorf("%s failed: %v", r.Plugin, r.Err)
		}
	}
	for _, name := range []string{"read", "bash", "mine"} {
		if _, ok := a.Host.Tools().Current().Get(name); !ok {
			t.Errorf("no tool %s", name)
		}
	}
	a2 := open(t, pigo.Options{Cwd: dir, Extensions: []string{"mine.ts"}, NoBundled: true})
	if got := strings.Join(ids(a2), " "); got != "mine" {
		t.Errorf("NoBundled: plugins %q", got)
	}
}

// TestBundledGroups: consecutive bundled entries without config load as
// one group per run; an entry with config, or a file between them, ends a
// run; a lone bundled entry keeps its id; an extension still overrides a
// grouped built-in tool by name.
func TestBundledGroups(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.ts", tool("a"))
	write(t, dir, "over.ts", tool("ls"))
	mf := write(t, dir, "app.json", `{"plugins": [
		"@pi/tool-read", "builtin:tool-bash", "./a.ts",
		"@pi/tool-edit", {"id": "@pi/tool-write", "config": {"x": 1}}, "@pi/tool-grep", "@pi/tool-ls", "@pi/tool-find"
	]}`)
	m, err := pigo.ReadManifest(mf)
	if err != nil {
		t.Fatal(err)
	}
	a := open(t, pigo.Options{Manifest: m, Cwd: dir, Extensions: []string{"over.ts"}})
	if got := strings.Join(ids(a), " "); got != "@pi/tools a @pi/tool-edit @pi/tool-write @pi/tools-2 over" {
		t.Fatalf("plugins %q", got)
	}
	if got := strings.Join(a.Plugins[4].Members, " "); got != "@pi/tool-grep @pi/tool-ls @pi/tool-find" {
		t.Errorf("second group %q", got)
	}
	if a.Plugins[0].Source != "@pi/tool-read, builtin:tool-bash" {
		t.Errorf("group source %q", a.Plugins[0].Source)
	}
	for _, r := range a.Results {
		if !r.OK {
			t.Errorf("%s failed: %v", r.Plugin, r.Err)
		}
	}
	res, err := a.Host.RunTool(context.Background(), "ls", engine.ToolCall{ID: "1", Params: map[string]any{}})
	if err != nil || res.Content[0].Text != "{}" {
		t.Errorf("ls not overridden: %+v %v", res, err)
	}
}

// TestManifestOrderAndConfig: manifest order is precedence and load order,
// builtin: ids resolve to bundled plugins, config reaches the plugin, -e
// paths come after, and a file listed by both loads once.
func TestManifestOrderAndConfig(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "exts/b.ts", tool("b"))
	write(t, dir, "exts/a/index.ts", tool("a"))
	write(t, dir, "c.ts", tool("c"))
	mf := write(t, dir, "app.json", `{"id": "mine", "plugins": [
		"./exts/b.ts",
		{"id": "./exts/a", "config": {"greeting": "hi"}},
		"builtin:tool-read"
	]}`)
	m, err := pigo.ReadManifest(mf)
	if err != nil {
		t.Fatal(err)
	}
	a := open(t, pigo.Options{Manifest: m, Cwd: dir, Extensions: []string{"c.ts", "exts/b.ts"}})
	if got := strings.Join(ids(a), " "); got != "b a @pi/tool-read c" {
		t.Fatalf("plugins %q", got)
	}
	res, err := a.Host.RunTool(context.Background(), "a", engine.ToolCall{ID: "1", Params: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Content[0].Text; got != `{"greeting":"hi"}` {
		t.Errorf("config seen by the plugin: %v", got)
	}
	if a.Plugins[0].Origin != "app" || a.Plugins[2].Origin != "bundled" || a.Plugins[3].Origin != "cli" {
		t.Errorf("origins %+v", a.Plugins)
	}
}

// TestManifestErrors: a bad manifest names the file and the entry, and
// nothing starts.
func TestManifestErrors(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "ok.ts", tool("ok"))
	for name, tc := range map[string]struct{ src, want string }{
		"not json":      {`{"plugins": ["./ok.ts",]}`, `bad.json: not a valid app manifest: line 1:24: invalid character ']'`},
		"missing file":  {`{"plugins": ["./ok.ts", "./gone.ts"]}`, `bad.json: plugins[1] "./gone.ts": no such file or directory: ` + filepath.Join(dir, "gone.ts")},
		"unknown id":    {`{"plugins": ["@pi/nope"]}`, `bad.json: plugins[0] "@pi/nope": unknown bundled plugin (have: @pi/codemode, @pi/tool-bash,`},
		"unknown bi":    {`{"plugins": ["builtin:nope"]}`, `plugins[0] "builtin:nope": unknown bundled plugin`},
		"twice":         {`{"plugins": ["./ok.ts", "@pi/tool-ls", "ok.ts"]}`, `bad.json: plugins[2] "ok.ts": listed twice (also plugins[0])`},
		"twice bundled": {`{"plugins": ["@pi/tool-ls", "builtin:tool-ls"]}`, `plugins[1] "builtin:tool-ls": listed twice (also plugins[0])`},
		"bad entry":     {`{"plugins": [42]}`, `bad.json: plugins[0] "42": want a string or {"id": "...", "config": {...}}`},
		"unknown key":   {`{"plugin": []}`, `bad.json: not a valid app manifest: json: unknown field "plugin"`},
		"empty id":      {`{"plugins": [{"config": {}}]}`, `plugins[0] "{\"config\": {}}": want a string`},
	} {
		t.Run(name, func(t *testing.T) {
			mf := write(t, dir, "bad.json", tc.src)
			m, err := pigo.ReadManifest(mf)
			if err == nil {
				_, err = pigo.New(pigo.Options{Manifest: m, Cwd: dir})
			}
			var me *pigo.ManifestError
			if !errors.As(err, &me) {
				t.Fatalf("err %v (%T), want a ManifestError", err, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err\n  %v\nwant it to contain\n  %s", err, tc.want)
			}
		})
	}
	if _, err := pigo.ReadManifest(filepath.Join(dir, "none.json")); err == nil || !strings.Contains(err.Error(), "none.json: no such file or directory") {
		t.Errorf("missing manifest: %v", err)
	}
}

// TestBrokenPluginKeepsTheRest: a plugin that fails to load is reported in
// Results; the others serve.
func TestBrokenPluginKeepsTheRest(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "good.ts", tool("good"))
	write(t, dir, "broken.ts", "export default function (pi) {\n  const x: number = ;\n}\n")
	a := open(t, pigo.Options{Cwd: dir, Extensions: []string{"broken.ts", "good.ts"}, NoBundled: true})
	if a.Results[0].OK || !a.Results[1].OK {
		t.Fatalf("results %+v", a.Results)
	}
	if d := a.Results[0].Err.Diagnostics; len(d) == 0 || d[0].Location == nil || d[0].Location.Line != 2 {
		t.Errorf("diagnostics %+v", d)
	}
	if _, ok := a.Host.Tools().Current().Get("good"); !ok {
		t.Error("good's tool is missing")
	}
}

// BenchmarkOpenDefaultApp opens and boots the default app (pi's built-in
// tools, nothing discovered) with a warm bundle cache: what every pigo
// process pays before its first extension.
func BenchmarkOpenDefaultApp(b *testing.B) {
	dir, cache := b.TempDir(), b.TempDir()
	open := func() {
		a, err := pigo.Open(context.Background(), pigo.Options{Cwd: dir, CacheDir: cache})
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range a.Boot(context.Background()) {
			if !r.OK {
				b.Fatal(r.Err)
			}
		}
		_ = a.Close(context.Background())
	}
	open() // warm the disk cache
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		open()
	}
}

// TestBootUntrusted: the project's own extensions (its .pi/extensions and
// settings entries) wait in their places until LoadProject; the user's
// and the -e ones load at once.
func TestBootUntrusted(t *testing.T) {
	dir := t.TempDir()
	proj, agent := filepath.Join(dir, "proj"), filepath.Join(dir, "agent")
	write(t, proj, ".pi/extensions/auto.ts", tool("auto"))
	write(t, proj, ".pi/settings.json", `{"extensions": ["../entry.ts", "../both.ts"]}`)
	write(t, proj, "entry.ts", tool("entry"))
	write(t, proj, "both.ts", tool("both"))
	write(t, proj, "cli.ts", tool("cli"))
	write(t, agent, "extensions/user.ts", tool("user"))
	write(t, agent, "settings.json", `{"extensions": ["../proj/both.ts"]}`) // the user's too: loads untrusted
	a, err := pigo.New(pigo.Options{Cwd: proj, AgentDir: agent, Discover: true, NoBundled: true, NoMCP: true, Extensions: []string{"cli.ts"}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close(context.Background())
	var scoped []string
	for _, p := range a.Plugins {
		if p.ProjectScoped() {
			scoped = append(scoped, p.ID+"="+p.Origin)
		}
	}
	if got := strings.Join(scoped, " "); got != "entry=settings:project auto=auto:project" {
		t.Errorf("project-scoped plugins: %s", got)
	}
	tools := func() string { return strings.Join(a.Host.Tools().Current().IDs(), " ") }
	// pi's built-in extensions (llama.cpp, codemode, tool-search) load
	// after the files.
	if res := a.BootUntrusted(context.Background()); len(res) != 6 || tools() != "cli both user codemode tool_search" {
		t.Fatalf("untrusted: %d results, tools %s", len(res), tools())
	}
	if res := a.LoadProject(context.Background()); len(res) != 2 || !res[0].OK || !res[1].OK {
		t.Fatalf("LoadProject: %+v", res)
	}
	if got := tools(); got != "cli entry both auto user codemode tool_search" {
		t.Errorf("trusted tools in load order: %s", got)
	}
	if len(a.Results) != 8 {
		t.Errorf("results: %d", len(a.Results))
	}
}
