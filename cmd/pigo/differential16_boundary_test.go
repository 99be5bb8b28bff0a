package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// boundaryExt plays the docs' examples of pi 1.6's actionable boundaries
// and before_provider_headers, with handlers that throw and propose an
// invalid entry, and one that reports what each turn_end handler after
// the first sees.
const boundaryExt = `
  let replaced = false;
  let reminded = false;
  let invalid = false;
  pi.registerCommand("invalid", { handler: async () => { invalid = true; } });
  pi.on("turn_end", async (event: any) => {
    if (replaced || event.outcome !== "completed" || event.toolResults.length > 0) return;
    replaced = true;
    return {
      entries: [
        ...event.entries,
        { type: "context_edit", targetId: event.messageEntryId, replacement: null },
        { type: "custom_message", customType: "replacement-instruction", content: "Answer again using the persisted user request.", display: false },
      ],
      continue: true,
    };
  });
  pi.on("turn_end", async () => { throw new Error("turn_end broke"); });
  pi.on("turn_end", async (event: any) => {
    if (!invalid) return;
    invalid = false;
    return { entries: [...event.entries, { type: "context_edit", targetId: "nope", replacement: null }], continue: true };
  });
  pi.on("turn_end", async (event: any, ctx: any) => {
    const c = event.context;
    ctx.ui.notify("turn_end " + event.turnIndex + " " + event.outcome + " entries=" + event.entries.map((e: any) => e.type).join(",") +
      " continue=" + event.continue + " canContinue=" + c.canContinue + " llm=" + c.llmMessages.map((m: any) => m.role).join(",") +
      " context=" + c.contextMessages.map((m: any) => m.role).join(",") + " pending=" + c.pendingMessages.length +
      " entries=" + c.contextEntries.map((e: any) => e.sourceEntry.type + ":" + e.messages.length).join(",") +
      " ids=" + (typeof event.messageEntryId) + "/" + event.toolResultEntryIds.length, "info");
  });
  pi.on("agent_before_settle", async (event: any, ctx: any) => {
    ctx.ui.notify("before_settle " + event.outcome + " entries=" + event.entries.length + " continue=" + event.continue +
      " canContinue=" + event.context.canContinue, "info");
    if (reminded) return;
    reminded = true;
    return {
      entries: [...event.entries, { type: "custom_message", customType: "review-reminder", content: "Review the final diff before replying.", display: false }],
      continue: true,
    };
  });
  pi.on("session_compact_failed", (event: any, ctx: any) => {
    ctx.ui.notify("compact failed " + ["reason", "errorMessage", "aborted", "willRetry", "fromExtension"].map((k) => k + "=" + event[k]).join(" "), "info");
  });
  pi.on("before_provider_headers", (event: any, ctx: any) => {
    ctx.ui.notify("headers before " + Object.keys(event.headers).sort().map((k) => k + "=" + event.headers[k]).join(","), "info");
    event.headers["x-pigo-added"] = "yes";
    event.headers["x-drop-me"] = null;
  });
  pi.on("before_provider_headers", (event: any, ctx: any) => {
    ctx.ui.notify("headers added=" + event.headers["x-pigo-added"] + " dropped=" + event.headers["x-drop-me"], "info");
  });`

// TestDifferentialRPC16Boundaries: pi 1.6's turn_end and
// agent_before_settle boundaries against pi 1.6 — the docs' examples (a
// reply hidden by a context_edit and replaced through a custom_message
// and a continuation; a review reminder before settling), a throwing
// handler, an invalid proposal (pi's error, nothing appended, no
// continuation), what later handlers see, the entries as events and in
// the session file, the requests the model got — and
// before_provider_headers adding a header and deleting one models.json
// sets, as the model's server received them; a manual compaction that
// fails (session_compact_failed).
func TestDifferentialRPC16Boundaries(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:            "boundary16",
		ext:             extSource(boundaryExt),
		steps:           []mockStep{{Text: "first"}, {Text: "second"}, {Text: "reviewed"}, {Text: "broken"}},
		persist:         true,
		sessionFiles:    true,
		providerHeaders: map[string]string{"x-drop-me": "1", "x-kept": "k"},
		headers:         []string{"x-pigo-added", "x-drop-me", "x-kept"},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"hi"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			d.call(`{"id":"c1","type":"prompt","message":"/invalid"}`)
			mark = d.mark()
			d.call(`{"id":"p2","type":"prompt","message":"again"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			d.call(`{"id":"m1","type":"get_messages"}`)
			d.call(`{"id":"c2","type":"compact"}`) // too small: session_compact_failed
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	project := func(lines []string) []string {
		out := append(project16(lines, false), entryEvents(lines)...)
		out = append(out, extensionErrors(lines)...)
		out = append(out, requestTexts(lines)...)
		for _, l := range lines {
			if strings.HasPrefix(l, "<< request-headers ") || strings.HasPrefix(l, "<< session-entry ") {
				out = append(out, l)
			}
		}
		return out
	}
	compareTranscriptsWith(t, sc.name, project(pi), project(pg), false)
}

// extensionErrors are a transcript's extension_error events with the
// extension's file name only.
func extensionErrors(lines []string) []string {
	var out []string
	for _, l := range lines {
		body, ok := strings.CutPrefix(l, "<< ")
		var m map[string]any
		if !ok || json.Unmarshal([]byte(body), &m) != nil || m["type"] != "extension_error" {
			continue
		}
		if p, ok := m["extensionPath"].(string); ok {
			m["extensionPath"] = filepath.Base(p)
		}
		b, _ := json.Marshal(m)
		out = append(out, "<< "+string(b))
	}
	return out
}

// requestTexts reduces each request the model got to its messages' roles
// and texts.
func requestTexts(lines []string) []string {
	var out []string
	for _, l := range lines {
		rest, ok := strings.CutPrefix(l, "<< request ")
		if !ok {
			continue
		}
		n, body, _ := strings.Cut(rest, " ")
		var req struct {
			Messages []map[string]any `json:"messages"`
		}
		_ = json.Unmarshal([]byte(body), &req)
		var parts []string
		for _, m := range req.Messages {
			if m["role"] == "system" {
				continue
			}
			text, _ := m["content"].(string)
			if blocks, ok := m["content"].([]any); ok {
				for _, b := range blocks {
					if bm, ok := b.(map[string]any); ok {
						s, _ := bm["text"].(string)
						text += s
					}
				}
			}
			parts = append(parts, m["role"].(string)+":"+text)
		}
		out = append(out, "<< request-messages "+n+" "+strings.Join(parts, " | "))
	}
	return out
}

// TestDifferentialRPC16BoundaryOutcomes: boundary outcomes against pi
// 1.6 — a continuation asked for after a turn with tool results is
// satisfied by them (no extra request; the tool results' entry ids), one
// after an error reply is not honoured (a hard exit; agent_before_settle
// sees outcome "error"), and an abort while agent_before_settle handlers
// run commits their entries but suppresses the continuation (agent_settled
// says aborted).
func TestDifferentialRPC16BoundaryOutcomes(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name: "boundary_outcomes16",
		ext: extSource(greetExt + `
  let aborting = false;
  pi.registerCommand("abort-settle", { handler: async () => { aborting = true; } });
  pi.on("turn_end", async (event: any, ctx: any) => {
    ctx.ui.notify("turn_end " + event.turnIndex + " " + event.outcome + " tools=" + event.toolResults.length +
      " ids=" + event.toolResultEntryIds.length + " canContinue=" + event.context.canContinue, "info");
    return { continue: true };
  });
  pi.on("agent_before_settle", async (event: any, ctx: any) => {
    ctx.ui.notify("before_settle " + event.outcome + " canContinue=" + event.context.canContinue, "info");
    if (!aborting) return;
    aborting = false;
    ctx.abort();
    return { entries: [{ type: "custom", customType: "kept", data: { n: 1 } }], continue: true };
  });`),
		settings: `{"retry": {"enabled": false}}`,
		steps: []mockStep{
			{ToolCalls: []mockToolCall{{ID: "call_1", Name: "greet", Arguments: map[string]any{"name": "Ada"}}}},
			{Text: "greeted"},
			{Status: 400, Error: "mock failure"},
			{Text: "after abort"},
		},
		persist:      true,
		sessionFiles: true,
		drive: func(d *rpcDriver) {
			d.promptID("p1", "greet Ada")
			d.promptID("p2", "fail")
			d.call(`{"id":"c1","type":"prompt","message":"/abort-settle"}`)
			d.promptID("p3", "abort while settling")
			d.call(`{"id":"e1","type":"get_entries"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	project := func(lines []string) []string {
		out := append(project16(lines, false), entryEvents(lines)...)
		out = append(out, extensionErrors(lines)...)
		out = append(out, requestTexts(lines)...)
		for _, l := range lines {
			if strings.HasPrefix(l, "<< session-entry ") {
				out = append(out, l)
			}
		}
		return out
	}
	compareTranscriptsWith(t, sc.name, project(pi), project(pg), false)
}
