package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	pisession "github.com/pigo-dev/pigo/engine/session"
	"github.com/pigo-dev/pigo/engine/session/export"
)

// TestRPCExportHTML drives export_html over RPC: refused before the
// session file exists and for --no-session, as in pi; afterwards the page
// holds the conversation (escaped), the system prompt and the active
// tools, and its embedded data is the session file's.
func TestRPCExportHTML(t *testing.T) {
	t.Parallel()
	self, err := os.Executable()
	must(t, err)
	dir, work, agentDir := sideDirs(t)
	llm := newMockLLM([]mockStep{
		{ToolCalls: []mockToolCall{{ID: "call_1", Name: "greet", Arguments: map[string]any{"name": "<Ada>"}}}},
		{Text: "Greeted <b>Ada</b>.", Chunks: []string{"Greeted <b>", "Ada</b>."}},
	})
	defer llm.Close()
	must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
	must(t, os.WriteFile(filepath.Join(work, "ext.ts"), []byte(extSource(greetExt)), 0o644))

	d := startDriver(t, sideCommand([]string{self}, dir, "--mode", "rpc", "--no-extensions", "-e", "ext.ts", "--model", "mock/mock-1",
		"--session-dir", filepath.Join(dir, "sessions"), "--system-prompt", "Be brief </script>"))
	early := d.call(`{"id":"e0","type":"export_html"}`)
	d.prompt(`{"id":"p1","type":"prompt","message":"greet </script><script>alert(1)</script>"}`)
	named := d.call(`{"id":"e1","type":"export_html","outputPath":"out.html"}`)
	byDefault := d.call(`{"id":"e2","type":"export_html"}`)
	absolute := d.call(`{"id":"e3","type":"export_html","outputPath":` + jsonString(filepath.Join(dir, "abs.html")) + `}`)
	unwritable := d.call(`{"id":"e4","type":"export_html","outputPath":"missing/out.html"}`)
	d.finish()

	if early["success"] != false || early["error"] != "Nothing to export yet - start a conversation first" {
		t.Errorf("export before the file exists: %v", early)
	}
	if data, _ := named["data"].(map[string]any); named["success"] != true || data["path"] != "out.html" {
		t.Errorf("export to out.html: %v", named)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "sessions", "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("session files: %v", files)
	}
	wantDefault := "pi-session-" + strings.TrimSuffix(filepath.Base(files[0]), ".jsonl") + ".html"
	if data, _ := byDefault["data"].(map[string]any); data["path"] != wantDefault {
		t.Errorf("default export: %v, want path %s", byDefault, wantDefault)
	}
	if _, err := os.Stat(filepath.Join(work, wantDefault)); err != nil {
		t.Errorf("default export not in the working directory: %v", err)
	}
	if data, _ := absolute["data"].(map[string]any); data["path"] != filepath.Join(dir, "abs.html") {
		t.Errorf("absolute export: %v", absolute)
	}
	if unwritable["success"] != false || unwritable["error"] != "ENOENT: no such file or directory, open 'missing/out.html'" {
		t.Errorf("unwritable export: %v", unwritable)
	}

	page, err := os.ReadFile(filepath.Join(work, "out.html"))
	must(t, err)
	html := string(page)
	for _, want := range []string{
		`greet &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;`,
		`Greeted &lt;b&gt;Ada&lt;/b&gt;.`,
		`<span class="tool-name">greet</span>`,
		`Hello, &lt;Ada&gt;!`,
		`<div class="system-prompt-header">System Prompt</div>`,
		`Be brief &lt;/script&gt;`,
		`<span class="tool-item-name">greet</span> - <span class="tool-item-desc">Greets someone</span>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(html, "<script"); n != 2 {
		t.Errorf("%d script elements, want 2", n)
	}
	got, err := export.Decode(page)
	must(t, err)
	tr, _, err := pisession.Read(files[0])
	must(t, err)
	if want := export.FromTree(tr); !reflect.DeepEqual(jsonOf(t, got.Entries), jsonOf(t, want.Entries)) ||
		got.Header != want.Header || got.LeafID != want.LeafID {
		t.Errorf("embedded data differs from the session file:\n got %s\nwant %s", jsonOf(t, got), jsonOf(t, want))
	}
	if !strings.HasPrefix(got.SystemPrompt, "Be brief </script>\n\n<cwd>\n") { // pi 1.6's sections, no date
		t.Errorf("embedded system prompt %q", got.SystemPrompt)
	}
	var names []string
	for _, tool := range got.Tools {
		names = append(names, tool.Name)
	}
	if !strings.Contains(","+strings.Join(names, ",")+",", ",greet,") {
		t.Errorf("embedded tools %v lack greet", names)
	}

	// An in-memory session cannot be exported.
	d = startDriver(t, sideCommand([]string{self}, dir, "--mode", "rpc", "--no-extensions", "--model", "mock/mock-1", "--no-session"))
	mem := d.call(`{"id":"e5","type":"export_html"}`)
	d.finish()
	if mem["success"] != false || mem["error"] != "Cannot export in-memory session to HTML" {
		t.Errorf("--no-session export: %v", mem)
	}
}

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

// jsonOf is v as generic JSON, for comparing values that went through
// JSON.
func jsonOf(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	must(t, err)
	var out any
	must(t, json.Unmarshal(b, &out))
	return out
}

// TestDifferentialExport runs `--export` through real pi 1.6 and pigo on
// the same session file: the same messages on the same streams ("Exported
// to" on stdout, a missing file by its resolved path) and exit codes, and the session
// data embedded in both pages decodes to the same header, entries and
// leaf (pi's page is read with export.Decode too).
func TestDifferentialExport(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	session := strings.Join([]string{
		`{"type":"session","version":3,"id":"11111111-2222-4333-8444-555555555555","timestamp":"2025-01-02T03:04:05.000Z","cwd":"/work"}`,
		`{"type":"model_change","id":"m0000001","parentId":null,"timestamp":"2025-01-02T03:04:05.100Z","provider":"mock","modelId":"mock-1"}`,
		`{"type":"message","id":"u0000001","parentId":"m0000001","timestamp":"2025-01-02T03:04:06.000Z","message":{"role":"user","content":"hi </script><script>alert(1)</script> \u2028 é","timestamp":1}}`,
		`{"type":"message","id":"a0000001","parentId":"u0000001","timestamp":"2025-01-02T03:04:07.000Z","message":{"role":"assistant","content":[{"type":"thinking","thinking":"hmm"},{"type":"text","text":"Hello <i>there</i>"},{"type":"toolCall","id":"c1","name":"bash","arguments":{"command":"ls"}}],"api":"openai-completions","provider":"mock","model":"mock-1","usage":{"input":10,"output":5,"cacheRead":0,"cacheWrite":0,"totalTokens":15,"cost":{"input":0.001,"output":0,"cacheRead":0,"cacheWrite":0,"total":0.001}},"stopReason":"toolUse","timestamp":2}}`,
		`{"type":"message","id":"r0000001","parentId":"a0000001","timestamp":"2025-01-02T03:04:08.000Z","message":{"role":"toolResult","toolCallId":"c1","toolName":"bash","content":[{"type":"text","text":"a.txt"}],"isError":false,"timestamp":3}}`,
		`{"type":"message","id":"u0000002","parentId":"m0000001","timestamp":"2025-01-02T03:04:09.000Z","message":{"role":"user","content":"another branch","timestamp":4}}`,
		`{"type":"label","id":"l0000001","parentId":"u0000002","timestamp":"2025-01-02T03:04:10.000Z","targetId":"u0000001","label":"first"}`,
		`{"type":"session_info","id":"s0000001","parentId":"l0000001","timestamp":"2025-01-02T03:04:11.000Z","name":"Demo"}`,
	}, "\n") + "\n"
	cases := []struct {
		name string
		args []string
		page string // the page written, "" for none
	}{
		{"default_name", []string{"--export", "s.jsonl"}, "pi-session-s.html"},
		{"named", []string{"--export", "s.jsonl", "page.html", "ignored"}, "page.html"},
		{"missing", []string{"--export", "nope.jsonl"}, ""},
		{"unwritable", []string{"--export", "s.jsonl", "no/such/dir/page.html"}, ""},
		{"directory_input", []string{"--export", "sub"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			pages := map[string][]byte{}
			for side, argv := range sides {
				dir := t.TempDir()
				work := filepath.Join(dir, "work")
				must(t, os.MkdirAll(filepath.Join(work, "sub"), 0o755))
				must(t, os.WriteFile(filepath.Join(work, "s.jsonl"), []byte(session), 0o644))
				out[side] = strings.ReplaceAll(runCLI(argv, dir, c.args...), dir, "<dir>")
				if c.page != "" {
					pages[side], _ = os.ReadFile(filepath.Join(work, c.page))
				}
				if got, _ := os.ReadFile(filepath.Join(work, "s.jsonl")); string(got) != session {
					t.Errorf("%s changed the session file", side)
				}
			}
			if out["pi"] != out["pigo"] {
				t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
			if c.page == "" {
				return
			}
			piData, err := export.Decode(pages["pi"])
			if err != nil {
				t.Fatalf("decode pi's page: %v", err)
			}
			pgData, err := export.Decode(pages["pigo"])
			if err != nil {
				t.Fatalf("decode pigo's page: %v", err)
			}
			if !reflect.DeepEqual(jsonOf(t, piData), jsonOf(t, pgData)) {
				t.Errorf("embedded data differs:\npi:   %s\npigo: %s", mustMarshal(piData), mustMarshal(pgData))
			}
		})
	}
}

func mustMarshal(v any) string { b, _ := json.Marshal(v); return string(b) }

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestDifferentialRPCExportHTML runs export_html through real pi and pigo
// over RPC (the scenario runner of differential_test.go): the same
// answers before the session file exists, after a conversation, and for
// an output path that cannot be written.
func TestDifferentialRPCExportHTML(t *testing.T) {
	sides := piSides(t)
	t.Parallel()
	sc := diffScenario{
		name:    "export_html",
		ext:     extSource(greetExt),
		persist: true,
		steps:   []mockStep{{Text: "Hello <b>world</b>"}},
		drive: func(d *rpcDriver) {
			d.call(`{"id":"e0","type":"export_html","outputPath":"early.html"}`)
			d.prompt(`{"id":"p1","type":"prompt","message":"hi </script>"}`)
			d.call(`{"id":"e1","type":"export_html","outputPath":"out.html"}`)
			d.call(`{"id":"e2","type":"export_html","outputPath":"missing/out.html"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	compareTranscripts(t, sc.name, pi, pg)
	for _, want := range []string{
		`"id":"e0","type":"response","command":"export_html","success":false,"error":"Nothing to export yet - start a conversation first"`,
		`"id":"e1","type":"response","command":"export_html","success":true,"data":{"path":"out.html"}`,
		`"id":"e2","type":"response","command":"export_html","success":false,"error":"ENOENT: no such file or directory, open 'missing/out.html'"`,
	} {
		if !strings.Contains(strings.Join(pg, "\n"), want) {
			t.Errorf("pigo's transcript lacks %s", want)
		}
	}
}
