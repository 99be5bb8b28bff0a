package compat_test

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// The pi 1.6 conformance suite: every example extension shipped in
// @earendil-works/pi-coding-agent 1.6.0 (PIGO_PI16_EXAMPLES overrides the
// directory) must load, and each example that is new in 1.6 or changed
// since 0.73.1 has a behaviour check. Every test here is named TestPi16*,
// which makes examplesDir (conformance_test.go) serve pi 1.6's examples,
// so the 0.73.1 checks run unchanged against the 1.6 file of an example
// whose behaviour did not change.

// pi16Unloadable lists the 1.6 examples that cannot load, and why.
var pi16Unloadable = map[string]string{
	// Its one dependency, pinned at @earendil-works/gondolin 0.14.0, is not
	// published (npm has 0.5.0 and 0.12.0), so `make deps` cannot install
	// it; the package boots a QEMU Linux VM besides.
	"gondolin": "needs @earendil-works/gondolin 0.14.0, which is not on npm (latest 0.12.0)",
}

// pi16Checks maps every example that is new or changed in pi 1.6 to its
// behaviour check.
var pi16Checks = map[string]func(t *testing.T){
	// new in 1.6
	"debug-provider":            checkDebugProvider,
	"entry-renderer":            checkEntryRenderer,
	"git-merge-and-resolve":     checkGitMergeAndResolve,
	"input-transform-streaming": checkInputTransformStreaming,
	"jev-router":                checkJevRouter,
	"project-trust":             checkProjectTrust,
	// changed in 1.6 (beyond the scope rename): the 0.73.1 check, which
	// says where 1.6 differs (pi16Test), or a check of its own (…16)
	"border-status-editor":       checkBorderStatusEditor,
	"built-in-tool-renderer":     checkBuiltInToolRenderer,
	"custom-compaction":          checkCustomCompaction,
	"custom-header":              checkCustomHeader,
	"custom-provider-anthropic":  checkCustomProviderAnthropic,
	"custom-provider-gitlab-duo": checkCustomProviderGitlabDuo,
	"doom-overlay":               checkDoomOverlay,
	"dynamic-resources":          checkDynamicResources,
	"git-checkpoint":             checkGitCheckpoint,
	"handoff":                    checkHandoff,
	"interactive-shell":          checkInteractiveShell,
	"message-renderer":           checkMessageRenderer,
	"minimal-mode":               checkMinimalMode,
	"notify":                     checkNotify,
	"overlay-qa-tests":           checkOverlayQaTests,
	"overlay-test":               checkOverlayTest,
	"plan-mode":                  checkPlanMode16,
	"preset":                     checkPreset,
	"prompt-customizer":          checkPromptCustomizer16,
	"provider-payload":           checkProviderPayload,
	"qna":                        checkQna,
	"question":                   checkQuestion,
	"questionnaire":              checkQuestionnaire,
	"reload-runtime":             checkReloadRuntime,
	"snake":                      checkSnake,
	"space-invaders":             checkSpaceInvaders,
	"subagent":                   checkSubagent16,
	"summarize":                  checkSummarize,
	"tic-tac-toe":                checkTicTacToe,
	"titlebar-spinner":           checkTitlebarSpinner,
	"todo":                       checkTodo,
	"tools":                      checkTools,
}

func TestPi16ConformanceEveryExampleLoads(t *testing.T) {
	everyExampleLoads(t, pi16Unloadable, 78, "the 78 of pi 1.6.0")
}

func TestPi16ConformanceChecks(t *testing.T) {
	changed := pi16ChangedExamples(t)
	for _, name := range changed {
		if _, ok := pi16Checks[name]; !ok && pi16Unloadable[name] == "" {
			t.Errorf("example %s is new or changed in pi 1.6 and has no row in pi16Checks", name)
		}
	}
	names := make([]string, 0, len(pi16Checks))
	for name := range pi16Checks {
		if !contains(changed, name) {
			t.Errorf("pi16Checks row %s names no new or changed example", name)
		}
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		check := pi16Checks[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			check(t)
		})
	}
}

// pi16ChangedExamples diffs the two example corpora: the examples of pi
// 1.6 that 0.73.1 did not have, or whose sources (.ts, .json other than
// package files) differ once the scope rename is undone.
func pi16ChangedExamples(t *testing.T) []string {
	t.Helper()
	oldDir, newDir := examplesDirFor(t, false), examplesDirFor(t, true)
	changed := map[string]bool{}
	err := filepath.WalkDir(newDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "node_modules" {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(newDir, path)
		base := filepath.Base(path)
		if d.IsDir() || !(strings.HasSuffix(base, ".ts") || strings.HasSuffix(base, ".json")) ||
			base == "package.json" || base == "package-lock.json" {
			return nil
		}
		name := strings.TrimSuffix(strings.SplitN(rel, string(filepath.Separator), 2)[0], ".ts")
		newSrc, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		oldSrc, err := os.ReadFile(filepath.Join(oldDir, rel))
		if err != nil || !bytes.Equal(bytes.ReplaceAll(oldSrc, []byte("@mariozechner/"), []byte("@earendil-works/")), newSrc) {
			changed[name] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for name := range changed {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// ---------------------------------------------------------------------------
// Checks of the examples new in pi 1.6

func checkEntryRenderer(t *testing.T) {
	p := loadWith(t, "entry-renderer", loadSpec{probe: true})
	if _, ok := piapi.Of(p.host).EntryRenderers().Current().Get("status-card"); !ok {
		t.Fatal("no entry renderer for status-card")
	}
	p.mustCommand("/status-card  disk almost full ")
	calls := p.waitCalls("appendEntry", 1)
	data, _ := jsjson.Plain(calls[0].Args[1]).(map[string]any)
	if calls[0].Args[0] != "status-card" || data["message"] != "disk almost full" || data["timestamp"] == nil {
		t.Errorf("appendEntry = %s", asJSON(calls[0].Args))
	}
	p.mustCommand("/status-card")
	calls = p.waitCalls("appendEntry", 2)
	if data, _ := jsjson.Plain(calls[1].Args[1]).(map[string]any); data["message"] != "Status card" {
		t.Errorf("default message = %v, want \"Status card\"", data["message"])
	}
	// Nothing reaches the model: appendEntry writes a custom entry.
	if n := len(p.calls("sendMessage")) + len(p.calls("sendUserMessage")); n != 0 {
		t.Errorf("%d messages sent to the model, want 0", n)
	}
	// pi's interactive host renders the entry with the registered renderer.
	got := p.probe(`const r = s.entryRenderers["status-card"];
const entry = { type: "custom", customType: "status-card", data: { message: "hello", timestamp: 0 } };
const plain = (c) => c.render(40).map((l) => l.replace(/\x1b\[[0-9;]*m/g, "").trimEnd()).filter((l) => l !== "");
return [plain(r(entry, { expanded: false }, theme)), plain(r(entry, { expanded: true }, theme)).length,
  plain(r({ type: "custom", customType: "status-card" }, { expanded: false }, theme))[0].includes("No data")];`)
	list, _ := got.([]any)
	if len(list) != 3 {
		t.Fatalf("probe = %s", asJSON(got))
	}
	wantJSON(t, "collapsed card", list[0], []any{" [status] hello"})
	if list[1] != 2.0 {
		t.Errorf("expanded card has %v lines, want 2 (message and time)", list[1])
	}
	if list[2] != true {
		t.Error(`an entry without data does not render "No data"`)
	}
}

func checkDebugProvider(t *testing.T) {
	p := loadWith(t, "debug-provider", loadSpec{probe: true})
	if _, ok := piapi.Of(p.host).EntryRenderers().Current().Get("debug-provider-events"); !ok {
		t.Fatal("no entry renderer for debug-provider-events")
	}
	p.attachUI(dialogAnswers(nil))
	p.mustCommand("/debug-provider maybe")
	p.waitNotification("warning: Usage: /debug-provider [on|off]")
	// Capture off: a turn appends nothing.
	p.emit("turn_start", turnStart(0))
	p.emit("provider_stream_event", map[string]any{"data": map[string]any{"type": "ignored"}})
	p.hook("message_end", map[string]any{"message": assistantMessage("x")})
	p.emit("turn_end", turnEnd(0, assistantMessage("x")))
	p.mustCommand("/debug-provider")
	p.waitNotification("info: Provider event capture enabled")
	if st, _ := p.status("debug-provider"); st != "provider debug" {
		t.Errorf("status = %q, want \"provider debug\"", st)
	}
	p.emit("turn_start", turnStart(1))
	p.emit("provider_stream_event", map[string]any{"data": map[string]any{"type": "message_start", "n": 1.0}})
	p.emit("provider_stream_event", map[string]any{"data": map[string]any{"type": "message_stop"}})
	p.hook("message_end", map[string]any{"message": assistantMessage("hi")})
	p.emit("turn_end", turnEnd(1, assistantMessage("hi")))
	calls := p.waitCalls("appendEntry", 1)
	if len(calls) != 1 || calls[0].Args[0] != "debug-provider-events" {
		t.Fatalf("appendEntry calls = %s", asJSON(calls))
	}
	wantJSON(t, "captured entry", calls[0].Args[1], map[string]any{"provider": "anthropic", "api": "anthropic-messages",
		"model": "claude-sonnet-4-5", "events": []any{map[string]any{"type": "message_start", "n": 1.0}, map[string]any{"type": "message_stop"}}})
	got := p.probe(`const r = s.entryRenderers["debug-provider-events"];
const data = { provider: "anthropic", api: "anthropic-messages", model: "m", events: [{ a: 1 }] };
const keyHint = (k, d) => k + " " + d;
const plain = (c) => c.render(100).map((l) => l.replace(/\x1b\[[0-9;]*m/g, "").trim()).filter((l) => l !== "");
return [plain(r({ data }, { expanded: false, keyHint }, theme)), plain(r({ data }, { expanded: true, keyHint }, theme)).length,
  plain(r({}, { expanded: false, keyHint }, theme))];`)
	list, _ := got.([]any)
	if len(list) != 3 {
		t.Fatalf("probe = %s", asJSON(got))
	}
	wantJSON(t, "collapsed", list[0], []any{"[provider debug] anthropic/m (anthropic-messages) · 1 event (app.tools.expand to view events)"})
	if n, _ := list[1].(float64); n < 4 {
		t.Errorf("expanded entry has %v lines, want the header and the JSON events", list[1])
	}
	wantJSON(t, "missing data", list[2], []any{"[provider debug] Missing event data"})
	p.mustCommand("/debug-provider off")
	p.waitNotification("info: Provider event capture disabled")
	if st, ok := p.status("debug-provider"); ok {
		t.Errorf("status after off = %q, want cleared", st)
	}
}

func checkProjectTrust(t *testing.T) {
	p := mustLoad(t, "project-trust", "")
	trust := func() map[string]any {
		return resultMap(p.hook("project_trust", map[string]any{"cwd": p.cwd}))
	}
	// Without a UI the handler leaves the decision to pi.
	if r := trust(); r != nil && r["trusted"] != "undecided" {
		t.Errorf("headless result = %v, want undecided", r)
	}
	p.waitNotification("info: project_trust fired for " + p.cwd + " (mode: print, load: 1)")
	ui, _ := p.scriptedUI()
	for _, c := range []struct {
		choice string
		want   map[string]any
	}{
		{"Trust and remember", map[string]any{"trusted": "yes", "remember": true}},
		{"Trust this session", map[string]any{"trusted": "yes"}},
		{"Do not trust this session", map[string]any{"trusted": "no"}},
		{"Let built-in prompt decide", nil},
	} {
		ui.set("select", map[string]any{"value": c.choice})
		r := trust()
		if c.want == nil {
			if r != nil && r["trusted"] != "undecided" {
				t.Errorf("%s: %v, want undecided", c.choice, r)
			}
			continue
		}
		wantJSON(t, c.choice, r, c.want)
	}
	p.waitNotification("info: project_trust fired for " + p.cwd + " (mode: tui, load: 1)")
	ui.set("select", map[string]any{"value": "Trust with note and remember"})
	ui.set("input", map[string]any{"value": "reviewed"})
	wantJSON(t, "with a note", trust(), map[string]any{"trusted": "yes", "remember": true})
	p.waitNotification("info: Recorded demo note: reviewed")
	p.startSession()
	p.waitNotification("info: project-trust example loaded after trust resolution in " + p.cwd)
}

func checkInputTransformStreaming(t *testing.T) {
	dir := gitRepo(t)
	p := mustLoad(t, "input-transform-streaming", dir)
	input := func(text, behaviour string) engine.HookOutcome {
		ev := map[string]any{"text": text, "source": "interactive"}
		if behaviour != "" {
			ev["streamingBehavior"] = behaviour
		}
		return p.hook("input", ev)
	}
	// A clean tree has no diff to add.
	if o := input("what changes did you make?", ""); o.Result != nil {
		t.Errorf("clean tree: %v, want continue", o.Result)
	}
	writeFile(t, filepath.Join(dir, "a.txt"), "two\n")
	stat := git(t, dir, "diff", "--stat")
	wantJSON(t, "mentions changes", input("what changes did you make?", "").Result, map[string]any{"action": "transform",
		"text": "what changes did you make?\n\nCurrent uncommitted changes:\n```\n" + stat + "\n```", "images": nil})
	// The tree is still dirty: only skipping git leaves the text alone.
	if o := input("show the diff", "steer"); o.Result != nil {
		t.Errorf("steering: %v, want continue without running git", o.Result)
	}
	if o := input("hello", ""); o.Result != nil {
		t.Errorf("no trigger word: %v, want continue", o.Result)
	}
}

func checkGitMergeAndResolve(t *testing.T) {
	base := gitRepo(t)
	remote := filepath.Join(t.TempDir(), "remote.git")
	git(t, base, "clone", "-q", "--bare", base, remote)
	clone := func(name string) string {
		dir := filepath.Join(t.TempDir(), name)
		git(t, base, "clone", "-q", remote, dir)
		git(t, dir, "config", "user.name", "pigo test")
		git(t, dir, "config", "user.email", "test@pigo.invalid")
		git(t, dir, "config", "commit.gpgsign", "false")
		return dir
	}
	theirs, work := clone("theirs"), clone("work")
	writeFile(t, filepath.Join(theirs, "a.txt"), "theirs\n")
	git(t, theirs, "commit", "-qam", "theirs")
	git(t, theirs, "push", "-q", "origin", "main")
	writeFile(t, filepath.Join(work, "a.txt"), "ours\n")
	git(t, work, "commit", "-qam", "ours")

	p := mustLoad(t, "git-merge-and-resolve", work)
	p.emit("agent_end", map[string]any{"messages": []any{}})
	eventually(t, "a follow-up (notifications "+asJSON(p.notifications())+", log "+asJSON(p.logs())+")", func() bool {
		return len(p.calls("sendUserMessage")) > 0
	})
	calls := p.waitCalls("sendUserMessage", 1)
	want := "Merged origin/main with conflicts:\n\n  a.txt:1-5 (ours 2, theirs 4)\n\nResolve these conflicts."
	wantText(t, "conflicts", asString(calls[0].Args[0]), want)
	wantJSON(t, "delivery", calls[0].Args[1], map[string]any{"deliverAs": "followUp"})
	p.waitNotification("info: git-merge-and-resolve: fetching origin, merging origin/main")
	// An unfinished merge is reported again, by MERGE_HEAD.
	p.emit("agent_end", map[string]any{"messages": []any{}})
	calls = p.waitCalls("sendUserMessage", 2)
	wantText(t, "unfinished merge", asString(calls[1].Args[0]), strings.Replace(want, "origin/main", "MERGE_HEAD", 1))
	// Resolved and committed, with nothing new upstream: silent.
	writeFile(t, filepath.Join(work, "a.txt"), "both\n")
	git(t, work, "commit", "-qam", "merge")
	p.emit("agent_end", map[string]any{"messages": []any{}})
	time.Sleep(300 * time.Millisecond)
	if n := len(p.calls("sendUserMessage")); n != 2 {
		t.Errorf("%d follow-ups after a clean merge, want 2", n)
	}
}

func asString(v any) string { s, _ := v.(string); return s }

func checkJevRouter(t *testing.T) {
	// Jev (typesafe/jev-latest, pi-ai's catalog) rates a prompt naming a
	// parser complex, others standard.
	var mu sync.Mutex
	var classified []string
	jev := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		classified = append(classified, r.URL.Path+" "+r.Header.Get("Authorization")+" "+string(body))
		mu.Unlock()
		complex := 0.2
		if strings.Contains(string(body), "parser") {
			complex = 0.8
		}
		fmt.Fprintf(w, `{"answers":{"complexity":{"type":"choice","choice":"x","probabilities":{"complex":%g,"standard":%g},"confidence":0.9}}}`, complex, 1-complex)
	}))
	defer jev.Close()
	// The physical models are openai-codex's; a provider stands in for
	// pi's catalog entries so ctx.modelRegistry.find resolves them.
	// typesafe's System One is moved to the local Jev.
	setup := `pi.registerProvider("openai-codex", { baseUrl: "https://example.invalid", api: "openai-codex-responses", apiKey: "K",
  models: ["gpt-5.6-sol", "gpt-5.6-terra", "gpt-5.6-luna"].map((id) => ({ id, name: id, reasoning: true, input: ["text"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 272000, maxTokens: 128000 })) });
pi.registerProvider("typesafe", { baseUrl: "` + jev.URL + `/v1", apiKey: "TS" });`
	p := loadWith(t, "jev-router", loadSpec{probeSetup: setup})
	e, ok := piapi.Of(p.host).VirtualModels().Current().Get("jev/auto")
	if !ok {
		t.Fatal("virtual model jev/auto is not registered")
	}
	for k, want := range map[string]any{"provider": "jev", "id": "auto", "name": "Auto (Jev)", "api": "pi-virtual",
		"contextWindow": 272000.0, "maxTokens": 128000.0} {
		if !sameJSON(e.Value[k], want) {
			t.Errorf("virtual model %s = %v, want %v", k, e.Value[k], want)
		}
	}
	wantJSON(t, "thinking levels", e.Value["thinkingLevels"], []any{"low", "medium", "high", "xhigh"})
	got := p.probe(`const vm = s.virtualModels["jev/auto"];
const model = ctx.modelRegistry.find("jev", "auto");
const req = (o) => ({ model, thinkingLevel: "high", messages: [{ role: "user", content: "fix the parser" }], ...o });
const pick = (r) => [r.model.provider + "/" + r.model.id, r.thinkingLevel, r.state ?? null];
const direct = await vm.route(req({ reason: "direct" }), ctx);
const first = await vm.route(req({ reason: "user" }), ctx);
const edited = await vm.route(req({ reason: "continuation", state: first.state, messages: [{ role: "user", content: "go" },
  { role: "toolResult", toolName: "edit", isError: false, content: [] }] }), ctx);
const failedEdit = await vm.route(req({ reason: "continuation", state: first.state, messages: [{ role: "user", content: "go" },
  { role: "toolResult", toolName: "edit", isError: true, content: [] }] }), ctx);
const sticky = await vm.route(req({ reason: "user", previous: { model: ctx.modelRegistry.find("openai-codex", "gpt-5.6-sol") } }), ctx);
const standard = await vm.route(req({ reason: "user", messages: [{ role: "user", content: "rename a variable" }] }), ctx);
return { found: model && model.api, listed: ctx.modelRegistry.getAll().some((m) => m.provider === "jev"),
  direct: pick(direct), first: pick(first), edited: pick(edited), failedEdit: pick(failedEdit), sticky: pick(sticky),
  standard: pick(standard) };`)
	wantJSON(t, "routes", got, map[string]any{
		"found": "pi-virtual", "listed": true,
		"direct": []any{"openai-codex/gpt-5.6-luna", "high", nil},
		// Jev rates the parser fix complex: planning starts on sol.
		"first":      []any{"openai-codex/gpt-5.6-sol", "high", map[string]any{"phase": "planning", "model": "gpt-5.6-sol"}},
		"edited":     []any{"openai-codex/gpt-5.6-luna", "high", map[string]any{"phase": "implementation", "model": "gpt-5.6-luna"}},
		"failedEdit": []any{"openai-codex/gpt-5.6-sol", "high", nil},
		"sticky":     []any{"openai-codex/gpt-5.6-sol", "high", map[string]any{"phase": "planning", "model": "gpt-5.6-sol"}},
		"standard":   []any{"openai-codex/gpt-5.6-terra", "high", map[string]any{"phase": "planning", "model": "gpt-5.6-terra"}},
	})
	mu.Lock()
	defer mu.Unlock()
	question := `"questions":{"complexity":{"type":"choice","instructions":"How demanding is the software engineering work requested in ` +
		"`prompt`" + `?","criteria":{"standard":"Ordinary features, fixes, reviews, or questions","complex":"Subtle design, cross-cutting changes, or hard debugging"}}}}`
	if len(classified) != 2 || classified[0] != `/v1/systemone Bearer TS {"model":"jev-latest","state":{"prompt":"fix the parser"},`+question {
		t.Errorf("Jev's requests: %q", classified)
	}
}

// ---------------------------------------------------------------------------
// Checks of examples whose behaviour changed in pi 1.6

// checkPromptCustomizer16: pi 1.6's example no longer rewrites the prompt;
// it sets the tool_guidance section of event.systemPromptOptions in place,
// which pi renders into the system prompt.
func checkPromptCustomizer16(t *testing.T) {
	p := mustLoad(t, "prompt-customizer", "")
	sections := func(opts map[string]any) any {
		ev := beforeAgentStart(p.cwd, "S")
		opts["cwd"] = p.cwd
		opts["sections"] = map[string]any{"other": "kept", "tool_guidance": "stale"}
		ev["systemPromptOptions"] = opts
		o := p.hook("before_agent_start", ev)
		if o.Result != nil {
			t.Errorf("result = %v, want undefined (the event is changed in place)", o.Result)
		}
		v, _ := o.Value.(map[string]any)
		spo, _ := v["systemPromptOptions"].(map[string]any)
		return spo["sections"] // in the order the extension left them
	}
	wantJSON(t, "read", sections(map[string]any{"selectedTools": []any{"read"}, "skills": []any{}}), map[string]any{"other": "kept",
		"tool_guidance": "- Use `read` for file contents; it supports text and images.\n- For large files, use `offset` and `limit` to read in chunks."})
	wantJSON(t, "all tools and a skill", sections(map[string]any{"selectedTools": []any{"bash", "edit", "write"},
		"skills": []any{map[string]any{"name": "git"}, map[string]any{"name": "docs"}}}), map[string]any{"other": "kept",
		"tool_guidance": "- Use `bash` for file operations such as `ls`, `find`, and `grep`.\n" +
			"- Use `edit` for precise text replacements that match existing content exactly.\n" +
			"- Use `write` to create new files or replace existing files completely.\n" +
			"- Available skills: git, docs."})
	wantJSON(t, "nothing to say", sections(map[string]any{"selectedTools": []any{}}), map[string]any{"other": "kept"})
}

// checkPlanMode16: pi 1.6 keeps the tools that were active (minus edit and
// write) and restores them when plan mode ends.
func checkPlanMode16(t *testing.T) {
	p := loadWith(t, "plan-mode", loadSpec{builtins: true})
	if f, ok := piapi.Of(p.host).Flags().Current().Get("plan"); !ok || f.Value["type"] != "boolean" || f.Value["default"] != false {
		t.Errorf("flag plan = %v %v", f.Value, ok)
	}
	if _, ok := piapi.Of(p.host).Shortcuts().Current().Get("ctrl+alt+p"); !ok {
		t.Errorf("shortcut ctrl+alt+p is not registered (have %v)", piapi.Of(p.host).Shortcuts().Current().IDs())
	}
	p.startSession()
	if n := len(p.calls("setActiveTools")); n != 0 {
		t.Errorf("no --plan: %d setActiveTools", n)
	}
	p.mustCommand("/plan")
	// read, bash, edit, write were active: edit and write go, the plan tools join.
	wantJSON(t, "plan tools", p.calls("setActiveTools")[0].Args, []any{[]any{"read", "bash", "grep", "find", "ls", "questionnaire"}})
	p.waitNotification("info: Plan mode enabled. Built-in write tools disabled.")
	if s, _ := p.status("plan-mode"); s != "⏸ plan" {
		t.Errorf("status = %q", s)
	}
	o := p.hook("tool_call", toolCall("bash", map[string]any{"command": "rm x"}))
	wantJSON(t, "rm in plan mode", o.Result, map[string]any{"block": true,
		"reason": "Plan mode: command blocked (not allowlisted). Use /plan to disable plan mode first.\nCommand: rm x"})
	if o := p.hook("tool_call", toolCall("bash", map[string]any{"command": "ls"})); o.Result != nil {
		t.Errorf("ls in plan mode: %v", o.Result)
	}
	p.mustCommand("/plan")
	p.waitNotification("info: Plan mode disabled. Full access restored.")
	calls := p.calls("setActiveTools")
	wantJSON(t, "restored tools", calls[len(calls)-1].Args, []any{[]any{"read", "bash", "edit", "write"}})
	if s, ok := p.status("plan-mode"); ok {
		t.Errorf("status after plan mode = %q, want cleared", s)
	}
	entries := p.calls("appendEntry")
	if len(entries) < 2 || entries[0].Args[0] != "plan-mode" {
		t.Fatalf("appendEntry = %s, want the plan-mode state persisted", asJSON(entries))
	}
	wantJSON(t, "persisted state", entries[0].Args[1], map[string]any{"enabled": true, "todos": []any{}, "executing": false,
		"toolsBeforePlanMode": []any{"read", "bash", "edit", "write"}})
}

// checkSubagent16: pi 1.6 trusts the project's agents directory when the
// project is trusted and asks only when it is not (ctx.isProjectTrusted).
func checkSubagent16(t *testing.T) {
	environ, _ := isolatedEnv(t)
	cwd := t.TempDir()
	p := loadWith(t, "subagent", loadSpec{cwd: cwd, environ: environ})
	r := p.mustTool("subagent", map[string]any{"agent": "nope", "task": "x"})
	if !strings.Contains(r.Text(), `Unknown agent: "nope". Available agents: none.`) {
		t.Errorf("unknown agent: %q", r.Text())
	}
	wantText(t, "no mode", p.mustTool("subagent", map[string]any{}).Text(), "Invalid parameters. Provide exactly one mode.\nAvailable agents: none")
	agentFile := filepath.Join(cwd, ".pi", "agents", "helper.md")
	writeFile(t, agentFile, "---\nname: helper\ndescription: Helps\n---\nYou help.\n")
	wantText(t, "project agent listed", p.mustTool("subagent", map[string]any{"agentScope": "both"}).Text(),
		"Invalid parameters. Provide exactly one mode.\nAvailable agents: helper (project)")
	// An untrusted project: its agents need confirmation.
	piapi.Of(p.host).SetProjectTrusted(false)
	ui, client := p.scriptedUI()
	ui.set("confirm", map[string]any{"confirmed": false})
	r = p.mustTool("subagent", map[string]any{"agent": "helper", "task": "x", "agentScope": "both"})
	wantText(t, "declined", r.Text(), "Canceled: project-local agents not approved.")
	d := lastAsked(t, client)
	wantText(t, "confirm title", fmt.Sprint(d["title"]), "Run project-local agents?")
	if msg := fmt.Sprint(d["message"]); !strings.Contains(msg, "- helper: ") ||
		!strings.HasSuffix(msg, "\n\nProject agents are repo-controlled. Only continue for trusted repositories.") {
		t.Errorf("confirm message = %q", msg)
	}
	// A trusted project: no dialog (the run itself needs a pi binary).
	piapi.Of(p.host).SetProjectTrusted(true)
	before := len(client.Asked())
	p.tool("subagent", map[string]any{"agent": "helper", "task": "x", "agentScope": "both"})
	if n := len(client.Asked()); n != before {
		t.Errorf("trusted project: %d more dialogs, want none", n-before)
	}
}
