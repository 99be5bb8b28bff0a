package export_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
	"github.com/pigo-dev/pigo/engine/session/export"
)

// hostile is session text that must never become markup.
const hostile = `</script><script>alert(1)</script><img src=x onerror=alert(2)>`

// png1x1 is a 1x1 PNG.
const png1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

// fixture is a session with every entry type pi writes, a second branch
// (u2/a4 off a2), a corrupt line and a torn last line.
func fixture() string {
	lines := []string{
		`{"type":"session","version":3,"id":"sess-1","timestamp":"2025-01-02T03:04:05.000Z","cwd":"/home/ada/proj"}`,
		`{"type":"model_change","id":"m1","parentId":null,"timestamp":"2025-01-02T03:04:06.000Z","provider":"mock","modelId":"mock-1"}`,
		`{"type":"thinking_level_change","id":"t1","parentId":"m1","timestamp":"2025-01-02T03:04:06.001Z","thinkingLevel":"high"}`,
		`{"type":"message","id":"u1","parentId":"t1","timestamp":"2025-01-02T03:04:07.000Z","message":{"role":"user","content":[{"type":"text","text":"Fix it ` + jsonEsc(hostile) + `"},{"type":"image","data":"` + png1x1 + `","mimeType":"image/png"}],"timestamp":1}}`,
		`not json at all`,
		`{"type":"message","id":"a1","parentId":"u1","timestamp":"2025-01-02T03:04:08.000Z","message":{"role":"assistant","content":[` +
			`{"type":"thinking","thinking":"Let me think <b>hard</b>"},` +
			`{"type":"text","text":"Running:\n` + "```bash" + `\nls -la\n` + "```" + `\ndone"},` +
			`{"type":"toolCall","id":"c-bash","name":"bash","arguments":{"command":"ls -la /home/ada"}},` +
			`{"type":"toolCall","id":"c-read","name":"read","arguments":{"path":"/home/ada/proj/main.go","offset":10,"limit":5}},` +
			`{"type":"toolCall","id":"c-edit","name":"edit","arguments":{"path":"x.go","edits":[]}},` +
			`{"type":"toolCall","id":"c-write","name":"write","arguments":{"path":"y.txt","content":"hello"}},` +
			`{"type":"toolCall","id":"c-custom","name":"mytool","arguments":{"q":"` + jsonEsc(hostile) + `"}}` +
			`],"api":"openai-completions","provider":"mock","model":"mock-1","usage":{"input":1200,"output":34,"cacheRead":0,"cacheWrite":0,"totalTokens":1234,"cost":{"input":0.0012,"output":0.0005,"cacheRead":0,"cacheWrite":0,"total":0.0017}},"stopReason":"toolUse","timestamp":2}}`,
		`{"type":"message","id":"r1","parentId":"a1","timestamp":"2025-01-02T03:04:09.000Z","message":{"role":"toolResult","toolCallId":"c-bash","toolName":"bash","content":[{"type":"text","text":"total 0\n\u001b[31mred\u001b[0m ` + jsonEsc(hostile) + `"}],"isError":false,"timestamp":3}}`,
		`{"type":"message","id":"r2","parentId":"r1","timestamp":"2025-01-02T03:04:09.001Z","message":{"role":"toolResult","toolCallId":"c-read","toolName":"read","content":[{"type":"text","text":"package main"},{"type":"image","data":"` + png1x1 + `","mimeType":"image/png"}],"isError":false,"timestamp":3}}`,
		`{"type":"message","id":"r3","parentId":"r2","timestamp":"2025-01-02T03:04:09.002Z","message":{"role":"toolResult","toolCallId":"c-edit","toolName":"edit","content":[{"type":"text","text":"ok"}],"details":{"diff":"+added line\n-removed line\n context"},"isError":false,"timestamp":3}}`,
		`{"type":"message","id":"r4","parentId":"r3","timestamp":"2025-01-02T03:04:09.003Z","message":{"role":"toolResult","toolCallId":"c-write","toolName":"write","content":[{"type":"text","text":"EACCES: permission denied"}],"isError":true,"timestamp":3}}`,
		`{"type":"message","id":"r5","parentId":"r4","timestamp":"2025-01-02T03:04:09.004Z","message":{"role":"toolResult","toolCallId":"c-custom","toolName":"mytool","content":[{"type":"text","text":"custom result"}],"isError":false,"timestamp":3}}`,
		`{"type":"message","id":"a2","parentId":"r5","timestamp":"2025-01-02T03:04:10.000Z","message":{"role":"assistant","content":[{"type":"text","text":"Done."}],"provider":"mock","model":"mock-1","usage":{"input":1300,"output":2,"cacheRead":100,"cacheWrite":0,"cost":{"input":0.0013,"output":0.00002,"cacheRead":0.00001,"cacheWrite":0}},"stopReason":"stop","timestamp":4}}`,
		`{"type":"message","id":"u2","parentId":"a2","timestamp":"2025-01-02T03:04:11.000Z","message":{"role":"user","content":"an abandoned question","timestamp":5}}`,
		`{"type":"message","id":"a4","parentId":"u2","timestamp":"2025-01-02T03:04:12.000Z","message":{"role":"assistant","content":[],"provider":"mock","model":"mock-2","stopReason":"error","errorMessage":"upstream <boom>","timestamp":6}}`,
		`{"type":"branch_summary","id":"bs1","parentId":"a2","timestamp":"2025-01-02T03:04:13.000Z","fromId":"a4","summary":"Tried another way; it failed."}`,
		`{"type":"message","id":"b1","parentId":"bs1","timestamp":"2025-01-02T03:04:14.000Z","message":{"role":"bashExecution","command":"make test","output":"FAIL\n","exitCode":2,"cancelled":false,"truncated":false,"timestamp":7}}`,
		`{"type":"custom_message","id":"c1","parentId":"b1","timestamp":"2025-01-02T03:04:15.000Z","customType":"note","content":"a visible <i>note</i>","display":true}`,
		`{"type":"custom_message","id":"c2","parentId":"c1","timestamp":"2025-01-02T03:04:16.000Z","customType":"secret","content":"hidden from display","display":false}`,
		`{"type":"custom","id":"x1","parentId":"c2","timestamp":"2025-01-02T03:04:17.000Z","customType":"ext-state","data":{"count":1}}`,
		`{"type":"label","id":"l1","parentId":"x1","timestamp":"2025-01-02T03:04:18.000Z","targetId":"u1","label":"start <here>"}`,
		`{"type":"session_info","id":"s1","parentId":"l1","timestamp":"2025-01-02T03:04:19.000Z","name":"  My <session>  "}`,
		`{"type":"compaction","id":"k1","parentId":"s1","timestamp":"2025-01-02T03:04:20.000Z","summary":"Summary ` + jsonEsc(hostile) + `","firstKeptEntryId":"b1","tokensBefore":12345}`,
		`{"type":"message","id":"u3","parentId":"k1","timestamp":"2025-01-02T03:04:21.000Z","message":{"role":"user","content":"last question","timestamp":8}}`,
		`{"type":"message","id":"a3","parentId":"u3","timestamp":"2025-01-02T03:04:22.000Z","message":{"role":"assistant","content":[{"type":"text","text":"last answer"}],"provider":"mock","model":"mock-1","stopReason":"aborted","timestamp":9}}`,
		`{"type":"message","id":"torn","parentId":"a3","timest`,
	}
	return strings.Join(lines, "\n")
}

func jsonEsc(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

func writeFixture(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "2025-01-02T03-04-05-000Z_sess-1.jsonl")
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func render(t *testing.T, d export.Data, opts export.Options) string {
	t.Helper()
	html, err := export.HTML(d, opts)
	if err != nil {
		t.Fatal(err)
	}
	return string(html)
}

// entryClass returns the class attribute of the entry element with id.
func entryClass(t *testing.T, html, id string) string {
	t.Helper()
	m := regexp.MustCompile(`<div class="([^"]*)" id="entry-` + regexp.QuoteMeta(id) + `"`).FindStringSubmatch(html)
	if m == nil {
		t.Fatalf("no entry element for %s", id)
	}
	return m[1]
}

func TestReadFileSkipsCorruptLines(t *testing.T) {
	t.Parallel()
	path := writeFixture(t, fixture())
	before, _ := os.ReadFile(path)
	d, warnings, err := export.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 2 {
		t.Errorf("warnings = %v, want the corrupt line and the torn last line", warnings)
	}
	if len(d.Entries) != 22 {
		t.Errorf("entries = %d, want 22", len(d.Entries))
	}
	if d.LeafID != "a3" || d.Header.ID != "sess-1" || d.Header.Cwd != "/home/ada/proj" {
		t.Errorf("leaf %q header %+v", d.LeafID, d.Header)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("reading changed the session file")
	}
}

func TestReadFileErrors(t *testing.T) {
	t.Parallel()
	_, _, err := export.ReadFile(filepath.Join(t.TempDir(), "missing.jsonl"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	for _, content := range []string{"", "\n\n", `{"type":"message","id":"x"}` + "\n", "garbage\n"} {
		path := writeFixture(t, content)
		_, _, err := export.ReadFile(path)
		if !errors.Is(err, session.ErrInvalidSession) {
			t.Errorf("%q: err = %v, want ErrInvalidSession", content, err)
		}
		if got, _ := os.ReadFile(path); string(got) != content {
			t.Errorf("%q: the file was changed to %q", content, got)
		}
	}
}

func TestHTMLShowsEveryEntryType(t *testing.T) {
	t.Parallel()
	d, _, err := export.ReadFile(writeFixture(t, fixture()))
	if err != nil {
		t.Fatal(err)
	}
	html := render(t, d, export.Options{})
	for _, want := range []string{
		// header: name, id, cwd, models, counts, tokens, cost, branch
		`<title>My &lt;session&gt; - Session Export</title>`,
		`<h1>My &lt;session&gt;</h1>`,
		`<dd>sess-1</dd>`, `<dd>/home/ada/proj</dd>`,
		`<dd>mock/mock-1, mock/mock-2</dd>`,
		`<dd>3 user, 4 assistant, 5 tool results, 2 custom, 1 compactions, 1 branch summaries</dd>`,
		`<dt>Tool Calls:</dt><dd>5</dd>`,
		`<dd>↑2.5k ↓36 R100</dd>`,
		`<dd>$0.003</dd>`,
		`<dd id="branch-info">20 of 22 entries, leaf a3</dd>`,
		// model and thinking level changes
		`Switched to model: <span class="model-name">mock/mock-1</span>`,
		`Thinking level: <span class="model-name">high</span>`,
		// user text (escaped) and image
		`Fix it &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;`,
		`<img class="message-image" src="data:image/png;base64,` + png1x1 + `"`,
		// assistant: thinking, text, fenced code, usage
		`<details class="thinking" open><summary>Thinking</summary><div class="thinking-text">Let me think &lt;b&gt;hard&lt;/b&gt;</div></details>`,
		`<div class="text">Running:</div><pre class="code" data-lang="bash"><code>ls -la</code></pre><div class="text">done</div>`,
		`mock/mock-1 · ↑1.2k ↓34 · $0.0017`,
		// tool calls with their results
		`<div class="tool-execution success"><span class="anchor" id="entry-r1"></span><div class="tool-command">$ ls -la /home/ada</div>`,
		"total 0\nred &lt;/script&gt;", // ANSI colours stripped
		`<span class="tool-name">read</span> <span class="tool-path">~/proj/main.go</span><span class="line-numbers">:10-14</span>`,
		`<img class="tool-image" src="data:image/png;base64,`,
		`<div class="diff-added">&#43;added line</div><div class="diff-removed">-removed line</div><div class="diff-context"> context</div>`,
		`<div class="tool-execution error"><span class="anchor" id="entry-r4"></span>`,
		`EACCES: permission denied`,
		`<pre class="tool-args">{
  &#34;q&#34;: &#34;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&#34;
}</pre>`,
		`custom result`,
		// branch summary, bash execution, custom message, session name, compaction
		`<div class="branch-summary-header">Branch Summary</div><div class="text">Tried another way; it failed.</div>`,
		`<div class="tool-command">$ make test</div><pre class="tool-output">FAIL</pre><div class="note">(exit 2)</div>`,
		`<div class="hook-type">[note]</div><div class="text">a visible &lt;i&gt;note&lt;/i&gt;</div>`,
		`Session name: <span class="model-name">My &lt;session&gt;</span>`,
		`Compacted from 12,345 tokens`,
		`Summary &lt;/script&gt;`,
		// aborted and failed assistant messages
		`<div class="error-text">Aborted</div>`,
		`<div class="error-text">Error: upstream &lt;boom&gt;</div>`,
		// label, in the body and in the tree
		`<span class="entry-label">[start &lt;here&gt;]</span>`,
		`<span class="tree-label">[start &lt;here&gt;]</span>`,
		// tree lines as pi's viewer words them
		`<span class="tree-role-tool">[bash: ls -la /home/ada]</span>`,
		`<span class="tree-role-tool">[read: ~/proj/main.go:10-14]</span>`,
		`<span class="tree-compaction">[compaction: 12k tokens]</span>`,
		`<span class="tree-custom">[secret]:</span>`,
		`<span class="tree-muted">[model: mock-1]</span>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// A hidden custom message and extension data are only in the tree.
	for _, unwanted := range []string{`hidden from display</div>`, `id="entry-c2"`, `id="entry-x1"`, `id="entry-l1"`} {
		if strings.Contains(html, unwanted) {
			t.Errorf("page shows %q", unwanted)
		}
	}
	// Tool results with a known call are shown with it, not on their own.
	if strings.Contains(html, `kind-tool-result`) {
		t.Error("a tool result with a known call is rendered separately")
	}
}

func TestHTMLEscapesEverything(t *testing.T) {
	t.Parallel()
	evilID := `x"><script>alert(3)</script>`
	tr := session.New(`id"><script>alert(4)</script>`, `/tmp/</script><script>alert(5)</script>`)
	tr.Append(session.Entry{"type": "message", "message": map[string]any{"role": "user", "content": hostile, "timestamp": 1.0}})
	tr.Append(session.Entry{"type": "custom_message", "customType": hostile, "content": hostile, "display": true})
	tr.Append(session.Entry{"type": "message", "message": map[string]any{"role": "assistant", "content": []any{
		map[string]any{"type": "toolCall", "id": "c1", "name": hostile, "arguments": map[string]any{"x": hostile}},
	}, "stopReason": "error", "errorMessage": hostile, "model": hostile, "provider": hostile}})
	tr.Append(session.Entry{"type": "message", "message": map[string]any{"role": "toolResult", "toolCallId": "c1", "toolName": hostile,
		"content": []any{map[string]any{"type": "image", "mimeType": "text/html", "data": "PHNjcmlwdD4="},
			map[string]any{"type": "image", "mimeType": "image/png", "data": `" onerror="alert(6)`}}}})
	tr.Append(session.Entry{"type": "session_info", "name": hostile})
	tr.Append(session.Entry{"type": "label", "targetId": evilID, "label": hostile})
	d := export.FromTree(tr)
	d.Entries = append(d.Entries, session.Entry{"type": "message", "id": evilID, "parentId": d.LeafID, "timestamp": hostile,
		"message": map[string]any{"role": hostile, "content": hostile}})
	d.LeafID = evilID
	d.SystemPrompt = hostile
	d.Tools = []export.Tool{{Name: hostile, Description: hostile, Parameters: map[string]any{"type": "object",
		"properties": map[string]any{hostile: map[string]any{"type": hostile, "description": hostile}}}}}
	html := render(t, d, export.Options{})
	if n := strings.Count(html, "<script"); n != 2 {
		t.Errorf("%d script elements, want 2 (data and viewer)", n)
	}
	if n := strings.Count(html, "</script>"); n != 2 {
		t.Errorf("%d script end tags, want 2", n)
	}
	for _, bad := range []string{"<img src=x", `onerror="alert`, "data:text/html", `"><script`} {
		if strings.Contains(html, bad) {
			t.Errorf("page contains %q", bad)
		}
	}
	if !strings.Contains(html, `[2 image(s) not shown]`) {
		t.Error("images with a bad type or data were not replaced by a note")
	}
	back, err := export.Decode([]byte(html))
	if err != nil {
		t.Fatal(err)
	}
	if back.LeafID != evilID || back.SystemPrompt != hostile || back.Header.ID != d.Header.ID || back.Header.Cwd != d.Header.Cwd {
		t.Errorf("decoded %+v", back)
	}
}

func TestHTMLBranchSelection(t *testing.T) {
	t.Parallel()
	d, _, err := export.ReadFile(writeFixture(t, fixture()))
	if err != nil {
		t.Fatal(err)
	}
	// Default: the session's leaf (the last entry in the file).
	html := render(t, d, export.Options{})
	for id, on := range map[string]bool{"u1": true, "a2": true, "bs1": true, "a3": true, "u2": false, "a4": false} {
		if got := strings.Contains(entryClass(t, html, id), "on-path"); got != on {
			t.Errorf("default branch: %s on path = %v", id, got)
		}
	}
	// The abandoned branch.
	html = render(t, d, export.Options{LeafID: "a4"})
	for id, on := range map[string]bool{"u1": true, "a2": true, "u2": true, "a4": true, "bs1": false, "a3": false} {
		if got := strings.Contains(entryClass(t, html, id), "on-path"); got != on {
			t.Errorf("branch a4: %s on path = %v", id, got)
		}
	}
	if !strings.Contains(html, `<dd id="branch-info">12 of 22 entries, leaf a4</dd>`) {
		t.Error("branch info of a4 missing")
	}
	if !regexp.MustCompile(`<a class="tree-node[^"]* t-leaf active" href="#entry-a4"`).MatchString(html) {
		t.Error("a4 is not the marked leaf in the tree")
	}
	// The tree: a chain stays flat, the branch point indents its
	// children, the active branch first.
	if !regexp.MustCompile(`data-id="u2"[^>]*><span class="tree-prefix">├─ </span><span class="tree-marker">•</span>`).MatchString(html) ||
		!regexp.MustCompile(`data-id="a4"[^>]*><span class="tree-prefix">│     </span><span class="tree-marker">•</span>`).MatchString(html) ||
		!regexp.MustCompile(`data-id="bs1"[^>]*><span class="tree-prefix">└─ </span><span class="tree-marker"> </span>`).MatchString(html) {
		t.Errorf("tree prefixes wrong:\n%s", treeLines(html))
	}
	if !regexp.MustCompile(`data-id="a3" data-parent="u3" data-newest="a3"`).MatchString(html) ||
		!regexp.MustCompile(`data-id="a2" data-parent="r5" data-newest="a3"`).MatchString(html) {
		t.Error("data-newest should lead to the newest leaf")
	}
	if _, err := export.HTML(d, export.Options{LeafID: "nope"}); !errors.Is(err, session.ErrNoEntry) {
		t.Errorf("unknown leaf: %v", err)
	}
}

func treeLines(html string) string {
	var out []string
	for _, m := range regexp.MustCompile(`data-id="([^"]*)"[^>]*><span class="tree-prefix">([^<]*)</span><span class="tree-marker">([^<]*)</span>`).FindAllStringSubmatch(html, -1) {
		out = append(out, m[2]+m[3]+m[1])
	}
	return strings.Join(out, "\n")
}

func TestHTMLEmptySession(t *testing.T) {
	t.Parallel()
	path := writeFixture(t, `{"type":"session","version":3,"id":"empty-1","timestamp":"2025-01-02T03:04:05.000Z","cwd":"/w"}`+"\n")
	d, warnings, err := export.ReadFile(path)
	if err != nil || len(warnings) != 0 {
		t.Fatal(err, warnings)
	}
	html := render(t, d, export.Options{Theme: "light"})
	for _, want := range []string{`<h1>Session: empty-1</h1>`, `This session has no messages yet.`, `<dd id="branch-info">no entries</dd>`,
		`<dd>0</dd>`, `<dd>$0.000</dd>`, `--pageBg: #f8f8f8;`} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	back, err := export.Decode([]byte(html))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(back)
	if want := `{"header":{"type":"session","version":3,"id":"empty-1","timestamp":"2025-01-02T03:04:05.000Z","cwd":"/w"},"entries":[],"leafId":null}`; string(raw) != want {
		t.Errorf("embedded data = %s, want %s", raw, want)
	}
}

func TestDecodeRoundTrip(t *testing.T) {
	t.Parallel()
	d, _, err := export.ReadFile(writeFixture(t, fixture()))
	if err != nil {
		t.Fatal(err)
	}
	d.SystemPrompt = "You are helpful.\n" + hostile + strings.Repeat("\nmore", 10)
	d.Tools = []export.Tool{{Name: "bash", Description: "Run a command", Parameters: map[string]any{"type": "object",
		"properties": map[string]any{"command": map[string]any{"type": "string", "description": "the command"}}, "required": []any{"command"}}}}
	dir := t.TempDir()
	out := filepath.Join(dir, "out.html")
	if err := export.WriteFile(out, d, export.Options{}); err != nil {
		t.Fatal(err)
	}
	html, _ := os.ReadFile(out)
	back, err := export.Decode(html)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(jsonValue(t, back), jsonValue(t, d)) {
		t.Errorf("round trip changed the data:\n got %s\nwant %s", mustJSON(back), mustJSON(d))
	}
	for _, want := range []string{`<div class="system-prompt-header">System Prompt</div>`, `You are helpful.`, `<summary>... (2 more lines)</summary><pre class="tool-output">more
more</pre>`, `<span class="tool-item-name">bash</span> - <span class="tool-item-desc">Run a command</span>`,
		`<span class="tool-param-name">command</span> <span class="tool-param-type">string</span> <span class="tool-param-required">required</span>`} {
		if !strings.Contains(string(html), want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if _, err := export.Decode([]byte("<html>no data</html>")); !errors.Is(err, export.ErrNoData) {
		t.Errorf("decode without data: %v", err)
	}
	if err := export.WriteFile(filepath.Join(dir, "missing", "out.html"), d, export.Options{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("write into a missing directory: %v", err)
	}
}

func jsonValue(t *testing.T, d export.Data) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(mustJSON(d), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func mustJSON(d export.Data) []byte { b, _ := json.Marshal(d); return b }

func TestFromTreeFollowsTheLeaf(t *testing.T) {
	t.Parallel()
	tr := session.New("live-1", "/w")
	u1 := tr.Append(session.Entry{"type": "message", "message": map[string]any{"role": "user", "content": "first", "timestamp": 1.0}})
	tr.Append(session.Entry{"type": "message", "message": map[string]any{"role": "user", "content": "second", "timestamp": 2.0}})
	if err := tr.SetLeaf(str(u1["id"])); err != nil {
		t.Fatal(err)
	}
	d := export.FromTree(tr)
	if d.LeafID != u1["id"] || len(d.Entries) != 2 {
		t.Fatalf("data %+v", d)
	}
	html := render(t, d, export.Options{})
	if !strings.Contains(html, `<dd id="branch-info">1 of 2 entries, leaf `+str(u1["id"])+`</dd>`) {
		t.Error("the tree's leaf is not the branch shown")
	}
}

func str(v any) string { s, _ := v.(string); return s }

func TestDefaultFileName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"/a/b/2025_x.jsonl": "pi-session-2025_x.html",
		"s.jsonl":           "pi-session-s.html",
		"notes.txt":         "pi-session-notes.txt.html",
		"dir/.jsonl":        "pi-session-.jsonl.html",
	} {
		if got := export.DefaultFileName(in); got != want {
			t.Errorf("DefaultFileName(%q) = %q, want %q", in, got, want)
		}
	}
}
