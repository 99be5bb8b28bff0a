package session_test

// These tests run real pi (node + node_modules/@mariozechner/pi-coding-agent,
// installed by `make test`) in both directions: pigo opens a file pi wrote
// during the test, and pi's SessionManager opens files pigo wrote. They
// skip, saying why, when node or pi is missing.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/session"
)

// piDist returns pi's dist directory, or skips.
func piDist(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed: skipping the real-pi interop test (make test installs it)")
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		dist := filepath.Join(d, "node_modules", "@mariozechner", "pi-coding-agent", "dist")
		if _, err := os.Stat(filepath.Join(dist, "cli.js")); err == nil {
			return dist
		}
		if filepath.Dir(d) == d {
			t.Skip("pi not installed (node_modules/@mariozechner/pi-coding-agent): run npm ci; skipping the real-pi interop test")
		}
	}
}

// mockOpenAI is a minimal OpenAI chat-completions SSE server: it answers
// "Hello world", or a bash tool call when the last user turn says "use
// bash" and no tool result follows it.
func mockOpenAI(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Messages []struct {
				Role    string `json:"role"`
				Content any    `json:"content"`
			} `json:"messages"`
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		wantTool := false
		for _, m := range req.Messages {
			b, _ := json.Marshal(m.Content)
			switch {
			case m.Role == "user":
				wantTool = strings.Contains(string(b), "use bash")
			case m.Role == "tool":
				wantTool = false
			}
		}
		w.Header().Set("content-type", "text/event-stream")
		base := map[string]any{"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "mock-1"}
		send := func(choices any, extra map[string]any) {
			m := map[string]any{"choices": choices}
			for k, v := range base {
				m[k] = v
			}
			for k, v := range extra {
				m[k] = v
			}
			b, _ := json.Marshal(m)
			fmt.Fprintf(w, "data: %s\n\n", b)
		}
		choice := func(delta map[string]any, finish any) []any {
			return []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}
		}
		if wantTool {
			send(choice(map[string]any{"role": "assistant", "tool_calls": []any{map[string]any{"index": 0, "id": "call_1", "type": "function",
				"function": map[string]any{"name": "bash", "arguments": `{"command":"echo hi"}`}}}}, nil), nil)
			send(choice(map[string]any{}, "tool_calls"), nil)
		} else {
			send(choice(map[string]any{"role": "assistant", "content": "Hello"}, nil), nil)
			send(choice(map[string]any{"content": " world"}, nil), nil)
			send(choice(map[string]any{}, "stop"), nil)
		}
		send([]any{}, map[string]any{"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}})
		fmt.Fprint(w, "data: [DONE]\n\n")
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// piExtension appends a custom entry, labels the leaf and names the
// session at the end of each run. Its data keys are in sorted order so
// that pigo, which cannot know a JS object's key order, writes the same
// bytes; the strings hold characters JSON.stringify and Go escape
// differently by default.
const piExtension = `export default function (pi) {
  pi.on("agent_end", async (_event, ctx) => {
    pi.appendEntry("pigo-test", { a: 1, b: [true, null, "x\u2028y <&> \"q\"\n\t\u0001"], c: { d: 1.5, e: -0, f: 1e21, g: 1e-7 } });
    pi.setLabel(ctx.sessionManager.getLeafId(), "bookmark");
    pi.setSessionName("  Real pi  ");
  });
}
`

// runPi runs pi in print mode against the mock server.
func runPi(t *testing.T, dist, agentDir, cwd string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{filepath.Join(dist, "cli.js")}, args...)...)
	cmd.Dir = cwd
	cmd.Env = append(os.Environ(), "PI_CODING_AGENT_DIR="+agentDir, "PI_OFFLINE=1", "PI_SKIP_VERSION_CHECK=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pi %v: %v\n%s", args, err, out)
	}
}

// piDump opens path with pi's SessionManager and returns what it sees;
// with appendFromPi it then appends a custom entry as pi.appendEntry does.
type piView struct {
	Header  map[string]any     `json:"header"`
	Entries []map[string]any   `json:"entries"`
	LeafID  *string            `json:"leafId"`
	Name    *string            `json:"name"`
	Labels  map[string]*string `json:"labels"`
	Context struct {
		Messages      []map[string]any  `json:"messages"`
		ThinkingLevel string            `json:"thinkingLevel"`
		Model         *session.ModelRef `json:"model"`
	} `json:"context"`
}

const piDumpScript = `
const [, file, dist, append] = process.argv;
const { SessionManager } = await import(dist + "/core/session-manager.js");
const sm = SessionManager.open(file);
const entries = sm.getEntries();
const labels = {};
for (const e of entries) labels[e.id] = sm.getLabel(e.id) ?? null;
console.log(JSON.stringify({ header: sm.getHeader(), entries, leafId: sm.getLeafId(), name: sm.getSessionName() ?? null,
  labels, context: sm.buildSessionContext() }));
if (append === "1") sm.appendCustomEntry("from-pi", { x: 1 });
`

func piDump(t *testing.T, dist, path string, appendFromPi bool) piView {
	t.Helper()
	flag := "0"
	if appendFromPi {
		flag = "1"
	}
	cmd := exec.CommandContext(t.Context(), "node", "--input-type=module", "-e", piDumpScript, path, dist, flag)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pi SessionManager.open: %v\n%s", err, stderr.String())
	}
	var v piView
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("pi dump: %v\n%s", err, out)
	}
	return v
}

// TestOpenFileWrittenByPi runs real pi twice (a prompt, then -c with a
// tool call), opens its session file with pigo, checks pigo re-encodes
// every line byte for byte, appends to it, and has pi read it back.
func TestOpenFileWrittenByPi(t *testing.T) {
	t.Parallel()
	dist := piDist(t)
	url := mockOpenAI(t)
	root := t.TempDir()
	agentDir, cwd, sessDir := filepath.Join(root, "agent"), filepath.Join(root, "work"), filepath.Join(root, "sessions")
	for _, d := range []string{agentDir, cwd} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	models := `{"providers":{"mock":{"baseUrl":"` + url + `/v1","api":"openai-completions","apiKey":"mock-key",
  "compat":{"supportsDeveloperRole":false,"supportsReasoningEffort":false},"models":[{"id":"mock-1","name":"Mock One"}]}}}`
	ext := filepath.Join(root, "ext.js")
	for p, c := range map[string]string{filepath.Join(agentDir, "models.json"): models, ext: piExtension} {
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	common := []string{"--provider", "mock", "--model", "mock-1", "--session-dir", sessDir, "-e", ext,
		"--no-skills", "--no-prompt-templates", "--no-context-files", "--no-themes"}
	runPi(t, dist, agentDir, cwd, append([]string{"-p", "hello there"}, common...)...)
	runPi(t, dist, agentDir, cwd, append([]string{"-c", "-p", "please use bash"}, common...)...)

	files, _ := filepath.Glob(filepath.Join(sessDir, "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("pi wrote %v, want one session file (the second run continues it)", files)
	}
	path := files[0]
	raw, _ := os.ReadFile(path)
	lines := fileLines(t, path)
	t.Logf("pi's session file:\n%s", raw)

	tr := mustOpen(t, path)
	h := tr.Header()
	if !strings.HasSuffix(filepath.Base(path), "_"+h.ID+".jsonl") || h.Version != 3 || h.Cwd != cwd {
		t.Fatalf("header %+v for %s", h, path)
	}
	es := tr.Entries()
	if len(es) != len(lines)-1 || tr.LeafID() != id(es[len(es)-1]) {
		t.Fatalf("%d entries for %d lines; leaf %s", len(es), len(lines), tr.LeafID())
	}
	seen := map[string]bool{}
	for i, e := range es {
		seen[e["type"].(string)+"/"+messageRoleOf(e)] = true
		if got := string(session.EncodeEntry(e)); got != lines[i+1] {
			t.Errorf("pigo encodes line %d differently:\n pigo %s\n   pi %s", i+2, got, lines[i+1])
		}
	}
	for _, k := range []string{"model_change/", "thinking_level_change/", "message/user", "message/assistant", "message/toolResult",
		"custom/", "label/", "session_info/"} {
		if !seen[k] {
			t.Errorf("pi's file has no %s entry; seen %v", k, seen)
		}
	}
	if n, _ := tr.Name(); n != "Real pi" {
		t.Errorf("name %q", n)
	}
	ctx := tr.BuildContext(tr.LeafID())
	if len(ctx.Messages) != 6 || ctx.Model == nil || ctx.Model.Provider != "mock" || ctx.ThinkingLevel != "off" {
		t.Errorf("context: %d messages, model %+v, thinking %q", len(ctx.Messages), ctx.Model, ctx.ThinkingLevel)
	}
	if t.Failed() {
		t.FailNow()
	}
	// pi and pigo agree on what the file holds.
	comparePiView(t, tr, piDump(t, dist, path, false))
	if after, _ := os.ReadFile(path); !bytes.Equal(after, raw) {
		t.Fatal("opening pi's file with pigo changed it")
	}

	// pigo appends; pi reads the result (and appends itself); pigo reads that.
	mustCommit(t, tr, msgEntry(userMsg("from pigo")))
	mustCommit(t, tr, msgEntry(assistantMsg("pigo answer")))
	if _, err := tr.SetValue("acme", "k", "v"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.SetName("renamed by pigo"); err != nil {
		t.Fatal(err)
	}
	comparePiView(t, tr, piDump(t, dist, path, true))
	tr.Close()
	back := mustOpen(t, path)
	last, _ := back.Entry(back.LeafID())
	if last["customType"] != "from-pi" || len(back.Entries()) != len(tr.Entries())+1 {
		t.Fatalf("pi's append not read back: %v", last)
	}
	if v, _ := back.Value("acme", "k"); v != "v" {
		t.Fatal("value lost after pi appended")
	}
}

// TestPiOpensFileWrittenByPigo writes every entry type with pigo, forks
// it, and checks pi's SessionManager sees the same entries, leaf, name,
// labels and context.
func TestPiOpensFileWrittenByPigo(t *testing.T) {
	t.Parallel()
	dist := piDist(t)
	dir := t.TempDir()
	tr, err := session.Create(dir, "/work/pigo", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	mustCommit(t, tr, session.Entry{"type": "model_change", "provider": "mock", "modelId": "mock-1"})
	mustCommit(t, tr, session.Entry{"type": "thinking_level_change", "thinkingLevel": "medium"})
	u := mustCommit(t, tr, msgEntry(userMsg("list files")))
	call := assistantMsg("")
	call["content"] = []any{map[string]any{"type": "thinking", "thinking": "hmm", "thinkingSignature": "sig"},
		map[string]any{"type": "toolCall", "id": "call_1", "name": "bash", "arguments": map[string]any{"command": "ls"}}}
	call["stopReason"] = "toolUse"
	mustCommit(t, tr, msgEntry(call))
	mustCommit(t, tr, msgEntry(map[string]any{"role": "toolResult", "toolCallId": "call_1", "toolName": "bash",
		"content": []any{map[string]any{"type": "text", "text": "a\nb"}}, "isError": false, "timestamp": 1700000000002.0}))
	mustCommit(t, tr, session.Entry{"type": "custom_message", "customType": "ext", "content": "injected", "display": true, "details": map[string]any{"k": 1}})
	a := mustCommit(t, tr, msgEntry(assistantMsg("done")))
	mustCommit(t, tr, session.Entry{"type": "custom", "customType": "ext-state", "data": map[string]any{"n": 1}})
	if _, err := tr.SetLabel(id(u), "ask"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.SetName("pigo session"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.SetValue("acme", "k", map[string]any{"x": 1}); err != nil {
		t.Fatal(err)
	}
	mustCommit(t, tr, session.Entry{"type": "compaction", "summary": "earlier work", "firstKeptEntryId": id(a), "tokensBefore": 999,
		"details": map[string]any{"readFiles": []any{}, "modifiedFiles": []any{}}})
	mustCommit(t, tr, msgEntry(userMsg("continue")))
	if _, err := tr.Navigate(id(a), session.NavigateOptions{Summary: "abandoned", Label: "back"}); err != nil {
		t.Fatal(err)
	}
	mustCommit(t, tr, msgEntry(assistantMsg("on the new branch")))

	comparePiView(t, tr, piDump(t, dist, tr.Path(), false))

	f, err := tr.Fork(id(a), session.PositionAt)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v := piDump(t, dist, f.Path(), false)
	comparePiView(t, f, v)
	if v.Header["parentSession"] != tr.Path() {
		t.Fatalf("pi sees parentSession %v", v.Header["parentSession"])
	}
}

// comparePiView checks pi's view of a file against pigo's.
func comparePiView(t *testing.T, tr *session.Tree, v piView) {
	t.Helper()
	h := tr.Header()
	wantHeader := map[string]any{"type": "session", "version": h.Version, "id": h.ID, "timestamp": h.Timestamp, "cwd": h.Cwd}
	if h.ParentSession != "" {
		wantHeader["parentSession"] = h.ParentSession
	}
	sameJSON(t, "header", v.Header, wantHeader)
	sameJSON(t, "entries", v.Entries, tr.Entries())
	if v.LeafID == nil || *v.LeafID != tr.LeafID() {
		t.Fatalf("pi's leaf %v, pigo's %s", v.LeafID, tr.LeafID())
	}
	name, ok := tr.Name()
	if (v.Name != nil) != ok || ok && *v.Name != name {
		t.Fatalf("pi's name %v, pigo's %q", v.Name, name)
	}
	for entryID, l := range v.Labels {
		got, ok := tr.Label(entryID)
		if (l != nil) != ok || ok && *l != got {
			t.Fatalf("label of %s: pi %v, pigo %q", entryID, l, got)
		}
	}
	ctx := tr.BuildContext(tr.LeafID())
	sameJSON(t, "context messages", v.Context.Messages, ctx.Messages)
	if v.Context.ThinkingLevel != ctx.ThinkingLevel || fmt.Sprint(v.Context.Model) != fmt.Sprint(ctx.Model) {
		t.Fatalf("context settings: pi %q %v, pigo %q %v", v.Context.ThinkingLevel, v.Context.Model, ctx.ThinkingLevel, ctx.Model)
	}
}

func messageRoleOf(e session.Entry) string {
	m, _ := e["message"].(map[string]any)
	r, _ := m["role"].(string)
	return r
}

// TestMigrationMatchesPi migrates the v1 and v2 fixtures with pi and with
// pigo: the rewritten files are equal once the generated ids are named in
// order of appearance.
func TestMigrationMatchesPi(t *testing.T) {
	t.Parallel()
	dist := piDist(t)
	for name, fixture := range map[string]string{"v1": v1Fixture, "v2": v2Fixture} {
		dir := t.TempDir()
		piFile, pigoFile := filepath.Join(dir, "pi.jsonl"), filepath.Join(dir, "pigo.jsonl")
		for _, p := range []string{piFile, pigoFile} {
			if err := os.WriteFile(p, []byte(fixture), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		piDump(t, dist, piFile, false) // SessionManager.open migrates and rewrites
		tr, _, err := session.Open(pigoFile, session.Options{})
		if err != nil {
			t.Fatal(err)
		}
		tr.Close()
		pb, _ := os.ReadFile(piFile)
		gb, _ := os.ReadFile(pigoFile)
		if normalizeIDs(string(pb)) != normalizeIDs(string(gb)) {
			t.Fatalf("%s migration differs:\n  pi %s\npigo %s", name, pb, gb)
		}
	}
}
