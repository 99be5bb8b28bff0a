package compat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/session"
)

// echoSummary answers a summarization request with the request itself, as
// the faux model in TestCompactionPromptsMatchGo does.
func echoSummary(_ context.Context, req compaction.SummaryRequest) (compaction.Message, error) {
	return compaction.Message{"role": "assistant", "stopReason": "stop", "content": []any{
		map[string]any{"type": "text", "text": fmt.Sprintf("SYS:%s\nMAX:%d\nPROMPT:%s", req.SystemPrompt, req.MaxTokens, req.Prompt)}}}, nil
}

// TestCompactionPromptsMatchGo runs pigo's TypeScript compact and
// generateBranchSummary (a faux model echoing each request) and the Go
// host's Compact and SummarizeBranch on the same input: every prompt, the
// update, turn-prefix and branch ones included, must be the same text.
func TestCompactionPromptsMatchGo(t *testing.T) {
	user := func(s string) compaction.Message {
		return compaction.Message{"role": "user", "content": []any{map[string]any{"type": "text", "text": s}}, "timestamp": 1.0}
	}
	reply := func(s string) compaction.Message {
		return compaction.Message{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": s}}, "stopReason": "stop", "timestamp": 2.0}
	}
	history := []compaction.Message{user("fix the parser"), reply("done")}
	prefix := []compaction.Message{user("now the lexer"), reply("halfway")}
	settings := compaction.Settings{Enabled: true, ReserveTokens: 3000, KeepRecentTokens: 700}
	preps := []*compaction.Preparation{
		{FirstKeptEntryID: "k1", MessagesToSummarize: history, Settings: settings},
		{FirstKeptEntryID: "k2", MessagesToSummarize: history, TurnPrefixMessages: prefix, IsSplitTurn: true,
			PreviousSummary: "earlier", HasPrevious: true, Settings: settings},
	}
	var want []string
	for _, p := range preps {
		r, err := compaction.Compact(context.Background(), p, echoSummary, "focus on tests")
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, r.Summary)
	}
	var entries []session.Entry
	for i, m := range append(append([]compaction.Message{}, history...), prefix...) {
		entries = append(entries, session.Entry{"type": "message", "id": fmt.Sprintf("e%d", i), "message": m})
	}
	for _, o := range []compaction.BranchOptions{{}, {CustomInstructions: "focus on A"}} {
		r, err := compaction.SummarizeBranch(context.Background(), entries, echoSummary, o)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, r.Summary)
	}
	input, _ := json.Marshal(map[string]any{"history": history, "prefix": prefix, "entries": entries})
	got := mustEvalTS(t, `import * as ai from "@mariozechner/pi-ai";
import { compact, generateBranchSummary } from "@mariozechner/pi-coding-agent";`, `
const input = `+string(input)+`;
const faux = ai.registerFauxProvider();
const model = faux.getModel();
const echo = (context: any, options: any) => ai.fauxAssistantMessage("SYS:" + context.systemPrompt + "\nMAX:" + (options.maxTokens ?? 0) +
  "\nPROMPT:" + context.messages[0].content[0].text);
faux.setResponses([echo, echo, echo, echo, echo]);
const fileOps = () => ({ read: new Set(), written: new Set(), edited: new Set() });
const settings = { enabled: true, reserveTokens: 3000, keepRecentTokens: 700 };
const out: string[] = [];
out.push((await compact({ firstKeptEntryId: "k1", messagesToSummarize: input.history, turnPrefixMessages: [], isSplitTurn: false,
  tokensBefore: 0, fileOps: fileOps(), settings }, model, "k", undefined, "focus on tests")).summary);
out.push((await compact({ firstKeptEntryId: "k2", messagesToSummarize: input.history, turnPrefixMessages: input.prefix, isSplitTurn: true,
  tokensBefore: 0, previousSummary: "earlier", fileOps: fileOps(), settings }, model, "k", undefined, "focus on tests")).summary);
out.push((await generateBranchSummary(input.entries, { model, apiKey: "k" })).summary);
out.push((await generateBranchSummary(input.entries, { model, apiKey: "k", customInstructions: "focus on A" })).summary);
return out;`)
	var gotList []string
	if err := json.Unmarshal([]byte(got), &gotList); err != nil {
		t.Fatalf("%v: %s", err, got)
	}
	if len(gotList) != len(want) {
		t.Fatalf("got %d summaries, want %d: %s", len(gotList), len(want), got)
	}
	for i := range want {
		if gotList[i] != want[i] {
			t.Errorf("summary %d:\n ts %q\n go %q", i, gotList[i], want[i])
		}
	}
}

// TestParseFrontmatterThroughGo: pigo's TS parseFrontmatter is the Go
// host's (pigo:frontmatter); what JavaScript sees of it must be pi's. The
// wants are what pi 0.73.1's parseFrontmatter gives in node: key order as
// written (integer keys first), a "__proto__" key as data, a list or a
// string as it is, a YAMLParseError with the `yaml` package's message, an
// alias the same object as its anchor.
func TestParseFrontmatterThroughGo(t *testing.T) {
	got := mustEvalTS(t, `import { parseFrontmatter } from "@mariozechner/pi-coding-agent";`, `
const inputs = ["---\nzeta: 1\nalpha: [b, {y: 1, x: 2}]\n\"2\": two\n__proto__: p\n---\nbody", "---\n- a\n- b\n---\n",
  "---\njust text\n---\nx", "---\na: 1\na: 2\n---\n", "---\r\n# c\r\n---\r\nb"];
const out: any[] = [];
for (const i of inputs) {
  try {
    const r = parseFrontmatter(i);
    out.push([JSON.stringify(r), typeof r.frontmatter !== "object" || Array.isArray(r.frontmatter) || Object.getPrototypeOf(r.frontmatter) === Object.prototype]);
  } catch (e: any) {
    out.push([e.name, e.message.split(":\n\n")[0], e instanceof Error]);
  }
}
const aliased = parseFrontmatter("---\na: &x {k: 1}\nb: *x\nc: &y [1]\nd: *y\n---\n").frontmatter;
out.push([aliased.a === aliased.b, aliased.c === aliased.d]);
return out;`)
	want := `[["{\"frontmatter\":{\"2\":\"two\",\"zeta\":1,\"alpha\":[\"b\",{\"y\":1,\"x\":2}],\"__proto__\":\"p\"},\"body\":\"body\"}",true],` +
		`["{\"frontmatter\":[\"a\",\"b\"],\"body\":\"\"}",true],["{\"frontmatter\":\"just text\",\"body\":\"x\"}",true],` +
		`["YAMLParseError","Map keys must be unique at line 2, column 1",true],["{\"frontmatter\":{},\"body\":\"b\"}",true],[true,true]]`
	if got != want {
		t.Errorf("parseFrontmatter:\n got %s\nwant %s", got, want)
	}
}

// TestLoadSkillsThroughGo: pigo's TS loadSkills and loadSkillsFromDir are
// the Go host's loader (pigo:skills). The want is pi 0.73.1's output in
// node for the same tree (YAML messages cut before `yaml`'s code frame):
// ignore rules are case-insensitive, a non-string description or name
// gives V8's TypeError text alone, a caller's source is kept, and paths
// under the user skills directory are scoped "user" only without defaults.
func TestLoadSkillsThroughGo(t *testing.T) {
	got := mustEvalTS(t, `import * as A from "@mariozechner/pi-coding-agent";
import fs from "fs"; import path from "path"; import os from "os";`, `
const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "sk-")));
const w = (p: string, s: string) => { fs.mkdirSync(path.dirname(path.join(d, p)), { recursive: true }); fs.writeFileSync(path.join(d, p), s); };
w("s/.gitignore", "HIDDEN/\n*.TXT\n"); w("s/hidden/SKILL.md", "---\ndescription: gone\n---\n");
w("s/num/SKILL.md", "---\ndescription: 5\n---\n"); w("s/nm/SKILL.md", "---\nname: 7\ndescription: d\n---\n");
w("s/bad/SKILL.md", "---\ndescription: a: b\n---\n"); w("s/ok/SKILL.md", "---\ndescription: fine\n---\n");
w("agent/skills/u/SKILL.md", "---\ndescription: user one\n---\n"); w("s/top.md", "---\ndescription: top\n---\n");
const mask = (r: any) => {
  for (const diag of r.diagnostics) diag.message = diag.message.split(":\n\n")[0];
  return JSON.parse(JSON.stringify(r).split(d).join("$D"));
};
return [mask(A.loadSkillsFromDir({ dir: path.join(d, "s"), source: "custom" })),
  mask(A.loadSkills({ cwd: d, agentDir: path.join(d, "agent"), skillPaths: [path.join(d, "agent/skills/u"), path.join(d, "s/ok")], includeDefaults: false })),
  mask(A.loadSkills({ cwd: d, agentDir: path.join(d, "agent"), skillPaths: [path.join(d, "s/ok")], includeDefaults: true }))];`)
	skill := func(name, desc, file, dir, source, scope string) string {
		return `{"name":"` + name + `","description":"` + desc + `","filePath":"$D/` + file + `","baseDir":"$D/` + dir +
			`","sourceInfo":{"path":"$D/` + file + `","source":"` + source + `","scope":"` + scope +
			`","origin":"top-level","baseDir":"$D/` + dir + `"},"disableModelInvocation":false}`
	}
	user := skill("u", "user one", "agent/skills/u/SKILL.md", "agent/skills/u", "local", "user")
	ok := skill("ok", "fine", "s/ok/SKILL.md", "s/ok", "local", "temporary")
	// pi 1.6's rules: a name that is not a string falls back to the
	// directory's, a description that is not a string is missing.
	want := `[{"skills":[` + skill("nm", "d", "s/nm/SKILL.md", "s/nm", "custom", "temporary") + `,` +
		skill("ok", "fine", "s/ok/SKILL.md", "s/ok", "custom", "temporary") + `,` +
		skill("s", "top", "s/top.md", "s", "custom", "temporary") + `],"diagnostics":[` +
		`{"type":"warning","message":"Nested mappings are not allowed in compact mappings at line 1, column 14","path":"$D/s/bad/SKILL.md"},` +
		`{"type":"warning","message":"description is required","path":"$D/s/num/SKILL.md"}]},` +
		`{"skills":[` + user + `,` + ok + `],"diagnostics":[]},{"skills":[` + user + `,` + ok + `],"diagnostics":[]}]`
	if got != want {
		t.Errorf("skills:\n got %s\nwant %s", got, want)
	}
}

// TestBranchSummaryRetriesAsPi16: pigo's TS generateBranchSummary (pi
// 1.6's) retries a transient failure under the retry policy, telling the
// callbacks; a lasting or deterministic failure is pi 1.6's error text, the
// usage of the reply is on the result, and a tool call is refused.
func TestBranchSummaryRetriesAsPi16(t *testing.T) {
	got := mustEvalTS(t, `import * as ai from "@mariozechner/pi-ai";
import { generateBranchSummary } from "@earendil-works/pi-coding-agent";`, `
const faux = ai.registerFauxProvider();
const model = faux.getModel();
const entries = [{ type: "message", id: "a", parentId: null, timestamp: "2026-12-01T00:00:00.000Z",
  message: { role: "user", content: [{ type: "text", text: "hi" }], timestamp: 1 } }];
const fail = (m: string) => () => ai.fauxAssistantMessage("", { stopReason: "error", errorMessage: m });
const events: any[] = [];
const callbacks = {
  onRetryScheduled: (attempt: number, max: number, delay: number, msg: string) => { events.push(["scheduled", attempt, max, delay, msg]); },
  onRetryAttemptStart: () => { events.push(["start"]); },
  onRetryFinished: (ok: boolean, attempt: number) => { events.push(["finished", ok, attempt]); },
};
const retry = { enabled: true, maxRetries: 2, baseDelayMs: 1 };
faux.setResponses([fail("503 overloaded"), () => ai.fauxAssistantMessage("sum")]);
const ok = await generateBranchSummary(entries, { model, apiKey: "k", retry, callbacks });
faux.setResponses([fail("503 overloaded"), fail("503 overloaded"), fail("503 overloaded")]);
const exhausted = await generateBranchSummary(entries, { model, apiKey: "k", retry });
faux.setResponses([fail("invalid api key")]);
const fatal = await generateBranchSummary(entries, { model, apiKey: "k", retry });
faux.setResponses([() => ai.fauxAssistantMessage([{ type: "toolCall", id: "c", name: "read", arguments: {} }], { stopReason: "toolUse" })]);
const tool = await generateBranchSummary(entries, { model, apiKey: "k" });
return [ok.summary.endsWith("sum"), ok.usage !== undefined, events, exhausted, fatal, tool];`)
	want := `[true,true,[["scheduled",1,2,1,"503 overloaded"],["start"],["finished",true,1]],` +
		`{"error":"Branch summarization failed: 503 overloaded"},{"error":"Branch summarization failed: invalid api key"},` +
		`{"error":"Branch summarization attempted to call a tool"}]`
	if got != want {
		t.Errorf("generateBranchSummary:\n got %s\nwant %s", got, want)
	}
}

// TestCompactRetriesAsPi16: pigo's TS compact (pi 1.6's signature: streamFn,
// env, retry, callbacks after thinkingLevel) retries a transient failure,
// returns the summary's usage, and refuses a summary calling a tool.
func TestCompactRetriesAsPi16(t *testing.T) {
	got := mustEvalTS(t, `import * as ai from "@mariozechner/pi-ai";
import { compact, generateSummaryWithUsage } from "@earendil-works/pi-coding-agent";`, `
const faux = ai.registerFauxProvider();
const model = faux.getModel();
const history = [{ role: "user", content: [{ type: "text", text: "hi" }], timestamp: 1 }];
const prep = { firstKeptEntryId: "k", messagesToSummarize: history, turnPrefixMessages: [], isSplitTurn: false, tokensBefore: 5,
  fileOps: { read: new Set(), written: new Set(), edited: new Set() }, settings: { enabled: true, reserveTokens: 100, keepRecentTokens: 10 } };
const events: string[] = [];
const callbacks = { onRetryScheduled: (a: number) => { events.push("scheduled " + a); }, onRetryAttemptStart: () => { events.push("start"); },
  onRetryFinished: (ok: boolean) => { events.push("finished " + ok); } };
faux.setResponses([() => ai.fauxAssistantMessage("", { stopReason: "error", errorMessage: "socket hang up" }), () => ai.fauxAssistantMessage("SUM")]);
const r = await compact(prep, model, "k", undefined, undefined, undefined, undefined, undefined, undefined, { enabled: true, maxRetries: 1, baseDelayMs: 1 }, callbacks);
faux.setResponses([() => ai.fauxAssistantMessage([{ type: "toolCall", id: "c", name: "read", arguments: {} }], { stopReason: "toolUse" })]);
let refused = "";
try { await generateSummaryWithUsage(history, model, undefined, "k"); } catch (e: any) { refused = e.message; }
return [r.summary, r.usage !== undefined, events, refused];`)
	want := `["SUM",true,["scheduled 1","start","finished true"],"Summarization attempted to call a tool"]`
	if got != want {
		t.Errorf("compact:\n got %s\nwant %s", got, want)
	}
}
