package compaction

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

// sessionBuilder makes a branch of entries as pi writes them.
type sessionBuilder struct {
	entries []session.Entry
	n       int
}

func (b *sessionBuilder) add(e session.Entry) string {
	b.n++
	id := fmt.Sprintf("e%07d", b.n)
	parent := any(nil)
	if len(b.entries) > 0 {
		parent = b.entries[len(b.entries)-1]["id"]
	}
	e["id"], e["parentId"] = id, parent
	e["timestamp"] = fmt.Sprintf("2026-11-30T10:%02d:%02d.000Z", b.n/60%60, b.n%60)
	b.entries = append(b.entries, e)
	return id
}

func (b *sessionBuilder) ms() float64 { return float64(1796032800000 + b.n*1000) }

func (b *sessionBuilder) user(text string) string {
	return b.add(session.Entry{"type": "message", "message": map[string]any{"role": "user",
		"content": []any{map[string]any{"type": "text", "text": text}}, "timestamp": b.ms()}})
}

func (b *sessionBuilder) assistant(total float64, content ...any) string {
	return b.add(session.Entry{"type": "message", "message": map[string]any{"role": "assistant", "content": content,
		"api": "openai-completions", "provider": "mock", "model": "m", "stopReason": "stop", "timestamp": b.ms(),
		"usage": map[string]any{"input": total - 10, "output": 10.0, "cacheRead": 0.0, "cacheWrite": 0.0, "totalTokens": total}}})
}

func (b *sessionBuilder) toolResult(id, name, text string) string {
	return b.add(session.Entry{"type": "message", "message": map[string]any{"role": "toolResult", "toolCallId": id, "toolName": name,
		"content": []any{map[string]any{"type": "text", "text": text}}, "isError": false, "timestamp": b.ms()}})
}

func text(s string) map[string]any { return map[string]any{"type": "text", "text": s} }

func call(id, name string, args map[string]any) map[string]any {
	return map[string]any{"type": "toolCall", "id": id, "name": name, "arguments": args}
}

// compactionCases are branches that exercise pi's cut rules: plain turns,
// long tool results, split turns, a previous compaction, every entry type,
// non-ASCII text.
func compactionCases() map[string][]session.Entry {
	cases := map[string][]session.Entry{}

	b := &sessionBuilder{}
	b.add(session.Entry{"type": "model_change", "provider": "mock", "modelId": "m"})
	b.add(session.Entry{"type": "thinking_level_change", "thinkingLevel": "off"})
	for i := range 6 {
		b.user(fmt.Sprintf("question %d: %s", i, strings.Repeat("why? ", 40)))
		b.assistant(float64(1000+i*300), map[string]any{"type": "thinking", "thinking": "hmm " + strings.Repeat("think ", 30)},
			text(fmt.Sprintf("answer %d ", i)+strings.Repeat("because ", 50)),
			call(fmt.Sprintf("c%d", i), "read", map[string]any{"path": fmt.Sprintf("src/f%d.go", i), "limit": 20.0}))
		b.toolResult(fmt.Sprintf("c%d", i), "read", strings.Repeat("line of code\n", 250))
		b.assistant(float64(1200+i*300), text("done "+strings.Repeat("ok ", 20)))
	}
	cases["linear"] = b.entries

	b = &sessionBuilder{}
	b.user("refactor everything")
	for i := range 12 {
		name := []string{"read", "edit", "write", "bash"}[i%4]
		b.assistant(float64(2000+i*100), text("step"), call(fmt.Sprintf("t%d", i), name,
			map[string]any{"path": fmt.Sprintf("pkg/p%d.go", i%5), "command": "go test ./...", "edits": []any{}}))
		b.toolResult(fmt.Sprintf("t%d", i), name, strings.Repeat("output ", 120))
	}
	cases["split-turn"] = b.entries

	b = &sessionBuilder{}
	b.user("first")
	b.assistant(500, text("one"))
	kept := b.user("second " + strings.Repeat("x", 400))
	b.assistant(900, text("two"), call("w1", "write", map[string]any{"path": "a.txt", "content": "hi"}))
	b.toolResult("w1", "write", "ok")
	b.add(session.Entry{"type": "compaction", "summary": "## Goal\nearlier work", "firstKeptEntryId": kept, "tokensBefore": 1234.0,
		"details": map[string]any{"readFiles": []any{"r.go"}, "modifiedFiles": []any{"m.go"}}})
	for i := range 5 {
		b.user(fmt.Sprintf("more %d %s", i, strings.Repeat("y", 300)))
		b.assistant(float64(3000+i*200), text(strings.Repeat("z", 600)))
	}
	cases["previous-compaction"] = b.entries

	b = &sessionBuilder{}
	b.user("start")
	b.add(session.Entry{"type": "message", "message": map[string]any{"role": "bashExecution", "command": "ls -la",
		"output": strings.Repeat("file\n", 100), "exitCode": 0.0, "cancelled": false, "truncated": false, "timestamp": b.ms()}})
	b.add(session.Entry{"type": "custom_message", "customType": "note", "content": "remember " + strings.Repeat("this ", 60), "display": true})
	b.assistant(800, text("fine"))
	b.add(session.Entry{"type": "label", "targetId": "e0000001", "label": "start"})
	b.add(session.Entry{"type": "custom", "customType": "state", "data": map[string]any{"n": 1.0}})
	b.add(session.Entry{"type": "branch_summary", "fromId": "e0000002", "summary": "we tried another way " + strings.Repeat("w ", 100)})
	b.user("and now? " + strings.Repeat("q", 500))
	b.add(session.Entry{"type": "model_change", "provider": "mock", "modelId": "m2"})
	b.assistant(1500, text(strings.Repeat("now ", 120)))
	b.add(session.Entry{"type": "session_info", "name": "demo"})
	b.user("images too")
	b.add(session.Entry{"type": "message", "message": map[string]any{"role": "toolResult", "toolCallId": "i", "toolName": "read",
		"content": []any{map[string]any{"type": "image", "data": "AAAA", "mimeType": "image/png"}}, "isError": false, "timestamp": b.ms()}})
	b.assistant(2500, text(strings.Repeat("end ", 100)))
	cases["entry-types"] = b.entries

	b = &sessionBuilder{}
	b.user("ünïcödé 😀 " + strings.Repeat("日本語", 300))
	b.assistant(700, text(strings.Repeat("😀", 500)), call("u", "read", map[string]any{"path": "<a&b>.txt"}))
	b.toolResult("u", "read", strings.Repeat("é😀", 1500))
	b.assistant(900, text("ok"))
	b.user("again")
	b.assistant(950, text("fine"))
	cases["unicode"] = b.entries

	b = &sessionBuilder{}
	b.user("only one")
	cases["tiny"] = b.entries

	b = &sessionBuilder{}
	b.user("x")
	b.assistant(100, text("y"))
	b.add(session.Entry{"type": "compaction", "summary": "s", "firstKeptEntryId": "e0000001", "tokensBefore": 10.0})
	cases["ends-with-compaction"] = b.entries
	return cases
}

// echoSummarizer answers with the request itself, so a comparison covers
// the prompts pi builds.
func echoSummarizer(_ context.Context, req SummaryRequest) (Message, error) {
	return Message{"role": "assistant", "stopReason": "stop", "content": []any{
		text(fmt.Sprintf("SYS:%s\nMAX:%d\nPROMPT:%s", req.SystemPrompt, req.MaxTokens, req.Prompt))}}, nil
}

// TestCompactionMatchesPi runs pi's own compaction functions (node, the
// pinned npm package) and pigo's on the same branches: token estimates,
// cut points, the preparation extensions see, and the prompts and result
// of compact() (the model is pi-ai's faux provider echoing its request).
func TestCompactionMatchesPi(t *testing.T) {
	lib, ai := piModules(t, "@earendil-works", "compaction.js")
	settings := Settings{Enabled: true, ReserveTokens: 3000, KeepRecentTokens: 700}
	cases := compactionCases()
	raw, _ := json.Marshal(cases)
	var decoded map[string][]session.Entry // as a session file gives them
	_ = json.Unmarshal(raw, &decoded)

	script := `import fs from "node:fs";
const c = await import("file://` + lib + `");
const ai = await import("file://` + ai + `");
const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const settings = { enabled: true, reserveTokens: 3000, keepRecentTokens: 700 };
const faux = ai.registerFauxProvider();
const model = faux.getModel();
// pi 1.6 folds the system prompt into a leading system message and
// leaves the output cap to the model (0 on pigo's side).
const echo = (context, options) => ai.fauxAssistantMessage("SYS:" + context.messages[0].content + "\nMAX:" + (options.maxTokens ?? 0) +
  "\nPROMPT:" + context.messages[1].content[0].text);
const out = {};
for (const [name, entries] of Object.entries(cases)) {
  const r = { tokens: entries.filter((e) => e.type === "message").map((e) => c.estimateTokens(e.message)),
    cut: c.findCutPoint(entries, 0, entries.length, settings.keepRecentTokens) };
  let prep = c.prepareCompaction(entries, settings);
  // pi 1.6 prepares nothing when nothing would be summarized.
  if (prep && prep.messagesToSummarize.length === 0 && prep.turnPrefixMessages.length === 0) prep = undefined;
  if (prep) {
    r.prep = { ...prep, fileOps: Object.fromEntries(Object.entries(prep.fileOps).map(([k, v]) => [k, [...v].sort()])) };
    faux.setResponses([echo, echo]);
    r.result = await c.compact(prep, model, "key", undefined, name === "linear" ? "focus on tests" : undefined);
    // The faux provider's usage is its own estimate (pigo's Compact adds
    // up what its summarizer reports: TestCompactAddsUpUsage).
    delete r.result.usage;
  }
  out[name] = r;
}
process.stdout.write(JSON.stringify(out));`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cases.json"), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	var want map[string]map[string]any
	runNode(t, dir, script, &want, filepath.Join(dir, "cases.json"))
	for name, entries := range decoded {
		w := want[name]
		var tokens []any
		for _, e := range entries {
			if e["type"] == "message" {
				m, _ := e["message"].(map[string]any)
				tokens = append(tokens, float64(EstimateTokens(m)))
			}
		}
		same(t, name+" tokens", tokens, w["tokens"])
		cut := FindCutPoint(entries, 0, len(entries), settings.KeepRecentTokens)
		same(t, name+" cut", map[string]any{"firstKeptEntryIndex": float64(cut.FirstKeptEntryIndex),
			"turnStartIndex": float64(cut.TurnStartIndex), "isSplitTurn": cut.IsSplitTurn}, w["cut"])
		prep, ok := Prepare(entries, settings)
		if _, has := w["prep"]; has != ok {
			t.Errorf("%s: pigo prepares %v, pi %v", name, ok, has)
			continue
		}
		if !ok {
			continue
		}
		same(t, name+" preparation", prep.Data(), w["prep"])
		custom := ""
		if name == "linear" {
			custom = "focus on tests"
		}
		res, err := Compact(context.Background(), prep, echoSummarizer, custom)
		if err != nil {
			t.Errorf("%s: compact: %v", name, err)
			continue
		}
		same(t, name+" result", res.Data(), w["result"])
	}
}

// same compares values as JSON data.
func same(t *testing.T, what string, got, want any) {
	t.Helper()
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want)
	var g, w any
	_ = json.Unmarshal(gb, &g)
	_ = json.Unmarshal(wb, &w)
	if !reflect.DeepEqual(g, w) {
		gb, _ = json.Marshal(g)
		wb, _ = json.Marshal(w)
		i := 0
		for i < len(gb) && i < len(wb) && gb[i] == wb[i] {
			i++
		}
		from := max(0, i-300)
		t.Errorf("%s differs from byte %d:\n pigo …%s\n pi   …%s", what, i, truncate(string(gb[from:])), truncate(string(wb[from:])))
	}
}

func truncate(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "…"
	}
	return s
}

// branchCase is a session tree: a main line, a branch left at its leaf,
// and another branch the user moves to.
func branchCase() []session.Entry {
	b := &sessionBuilder{}
	b.user("start the work")
	fork := b.assistant(300, text("plan: "+strings.Repeat("p", 200)))
	tryA := b.user("try approach A " + strings.Repeat("a", 300))
	edited := b.assistant(900, text("editing"), call("e1", "edit", map[string]any{"path": "src/a.go", "edits": []any{}}),
		call("r1", "read", map[string]any{"path": "src/b.go"}))
	b.toolResult("e1", "edit", "ok")
	b.add(session.Entry{"type": "branch_summary", "fromId": fork, "summary": "earlier side trip", "fromHook": false,
		"details": map[string]any{"readFiles": []any{"old.go"}, "modifiedFiles": []any{"gone.go"}}})
	note := b.add(session.Entry{"type": "custom_message", "customType": "note", "content": []any{text("remember A")}, "display": true})
	// pi 1.6's context edits: the latest edit of a target counts, a null
	// replacement hides it, a string replaces a reply's content.
	b.add(session.Entry{"type": "context_edit", "targetId": tryA, "replacement": map[string]any{"content": "first edit"}})
	b.add(session.Entry{"type": "context_edit", "targetId": tryA, "replacement": map[string]any{"content": "try A (edited)"}})
	b.add(session.Entry{"type": "context_edit", "targetId": edited, "replacement": map[string]any{"content": "edited reply"}})
	b.add(session.Entry{"type": "context_edit", "targetId": note, "replacement": nil})
	b.add(session.Entry{"type": "compaction", "summary": "compacted part " + strings.Repeat("c", 400), "firstKeptEntryId": "e0000003", "tokensBefore": 900.0})
	b.user("more of A ☃ " + strings.Repeat("m", 600))
	b.assistant(1500, text("A is done "+strings.Repeat("d", 500)), call("w1", "write", map[string]any{"path": "src/c.go", "content": "x"}))
	leafA := len(b.entries)
	// The other branch hangs off the plan.
	b.n++
	other := session.Entry{"type": "message", "id": fmt.Sprintf("e%07d", b.n), "parentId": fork, "timestamp": "2026-11-30T11:00:00.000Z",
		"message": map[string]any{"role": "user", "content": []any{text("try approach B")}, "timestamp": b.ms()}}
	b.entries = append(b.entries, other)
	_ = leafA
	return b.entries
}

// TestBranchSummaryMatchesPi compares collectEntriesForBranchSummary,
// prepareBranchEntries (with and without a token budget) and
// generateBranchSummary (faux model echoing its request) with pi's.
func TestBranchSummaryMatchesPi(t *testing.T) {
	lib, ai := piModules(t, "@earendil-works", "branch-summarization.js")
	entries := branchCase()
	dir := t.TempDir()
	var lines []string
	lines = append(lines, `{"type":"session","version":3,"id":"s","timestamp":"2026-11-30T10:00:00.000Z","cwd":"/"}`)
	for _, e := range entries {
		b, _ := json.Marshal(e)
		lines = append(lines, string(b))
	}
	path := filepath.Join(dir, "s.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	oldLeaf := entries[len(entries)-2]["id"].(string)
	target := entries[len(entries)-1]["id"].(string)
	script := `import fs from "node:fs";
const b = await import("file://` + lib + `");
const ai = await import("file://` + ai + `");
const lines = fs.readFileSync(process.argv[2], "utf8").trim().split("\n").slice(1).map((l) => JSON.parse(l));
const byId = new Map(lines.map((e) => [e.id, e]));
const session = { getEntry: (id) => byId.get(id), getBranch: (id) => { const out = []; for (let e = byId.get(id); e; e = byId.get(e.parentId)) out.unshift(e); return out; } };
const faux = ai.registerFauxProvider({ models: [{ id: "faux-1", contextWindow: 1200 }] });
const echo = (context, options) => ai.fauxAssistantMessage("SYS:" + context.messages[0].content + "\nMAX:" + (options.maxTokens ?? 0) +
  "\nPROMPT:" + context.messages[1].content[0].text);
const sets = (ops) => Object.fromEntries(Object.entries(ops).map(([k, v]) => [k, [...v].sort()]));
const { entries, commonAncestorId } = b.collectEntriesForBranchSummary(session, "` + oldLeaf + `", "` + target + `");
const all = b.prepareBranchEntries(entries, 0);
const budget = b.prepareBranchEntries(entries, 300);
faux.setResponses([echo, echo, echo]);
const model = faux.getModel();
const plain = await b.generateBranchSummary(entries, { model, apiKey: "k", reserveTokens: 200 });
const custom = await b.generateBranchSummary(entries, { model, apiKey: "k", reserveTokens: 200, customInstructions: "focus on A" });
const replaced = await b.generateBranchSummary(entries, { model, apiKey: "k", customInstructions: "only list files", replaceInstructions: true, reserveTokens: 200 });
const empty = await b.generateBranchSummary([], { model, apiKey: "k" });
// The faux provider's usage is its own estimate.
for (const r of [plain, custom, replaced]) delete r.usage;
process.stdout.write(JSON.stringify({ ids: entries.map((e) => e.id), commonAncestorId,
  all: { ...all, fileOps: sets(all.fileOps) }, budget: { ...budget, fileOps: sets(budget.fileOps) }, plain, custom, replaced, empty }));`
	var want map[string]any
	runNode(t, dir, script, &want, path)
	tree, _, err := session.Open(path, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, common := CollectBranchEntries(tree, oldLeaf, target)
	var ids []any
	for _, e := range got {
		ids = append(ids, e["id"])
	}
	same(t, "collected ids", ids, want["ids"])
	same(t, "common ancestor", common, want["commonAncestorId"])
	for _, c := range []struct {
		name   string
		budget int
	}{{"all", 0}, {"budget", 300}} {
		msgs, ops, tokens := PrepareBranchEntries(got, c.budget)
		same(t, c.name, map[string]any{"messages": anySlice(msgs), "fileOps": ops.data(), "totalTokens": tokens}, want[c.name])
	}
	for _, c := range []struct {
		name string
		o    BranchOptions
	}{
		{"plain", BranchOptions{ContextWindow: 1200, ReserveTokens: 200}},
		{"custom", BranchOptions{ContextWindow: 1200, ReserveTokens: 200, CustomInstructions: "focus on A"}},
		{"replaced", BranchOptions{ContextWindow: 1200, ReserveTokens: 200, CustomInstructions: "only list files", ReplaceInstructions: true}},
	} {
		res, err := SummarizeBranch(context.Background(), got, echoSummarizer, c.o)
		if err != nil {
			t.Fatal(err)
		}
		same(t, c.name+" summary", map[string]any{"summary": res.Summary, "readFiles": res.ReadFiles, "modifiedFiles": res.ModifiedFiles}, want[c.name])
	}
	res, _ := SummarizeBranch(context.Background(), nil, echoSummarizer, BranchOptions{})
	same(t, "empty branch", map[string]any{"summary": res.Summary}, want["empty"])
}

// piModules returns pi's compiled module name (in pi-coding-agent's
// dist/core/compaction) and the pi-ai module with the faux provider, from
// the pinned npm packages of scope (@earendil-works: pi 1.6,
// @mariozechner: 0.73.1).
// It skips the test under -short and when node or the packages are
// missing.
func piModules(t *testing.T, scope, name string) (lib, ai string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs node")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..", "node_modules", scope)
	lib = filepath.Join(root, "pi-coding-agent", "dist", "core", "compaction", name)
	ai = filepath.Join(root, "pi-ai", "dist", "index.js")
	if scope == "@earendil-works" {
		ai = filepath.Join(root, "pi-ai", "dist", "compat.js")
	}
	if _, err := os.Stat(lib); err != nil {
		t.Skip("pi node modules absent")
	}
	return lib, ai
}

// runNode writes the ES module script into dir, runs it with node and
// args, and decodes the JSON it prints into out.
func runNode(t *testing.T, dir, script string, out any, args ...string) {
	t.Helper()
	file := filepath.Join(dir, "script.mjs")
	if err := os.WriteFile(file, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", append([]string{file}, args...)...)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	if err := json.Unmarshal(stdout, out); err != nil {
		t.Fatal(err)
	}
}
