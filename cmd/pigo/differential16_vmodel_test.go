package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// routerExt registers router/auto, a virtual model under a provider no
// physical model uses. Its route() tells each request (reason, selected
// level, previous and failed models, state, message roles) and routes: a
// user turn goes to mock-1 on odd turns and mock-2 on even ones, counting
// turns in router state; continuations and retries stay where they were;
// direct requests go to mock-1. /fail makes the next route() throw,
// /loop return a virtual model.
const routerExt = `
  let mode = "";
  pi.registerCommand("fail", { handler: async () => { mode = "throw"; } });
  pi.registerCommand("loop", { handler: async () => { mode = "virtual"; } });
  pi.registerVirtualModel({
    provider: "router", id: "auto", name: "Auto", thinkingLevels: ["low", "high"], contextWindow: 50000,
    route(request: any, ctx: any) {
      const roles = request.messages.map((m: any) => m.role).join(",");
      ctx.ui.notify("route " + request.reason + " " + request.model.id + ":" + request.thinkingLevel +
        " previous=" + (request.previous ? request.previous.model.id + ":" + request.previous.thinkingLevel : "-") +
        " failed=" + (request.failed ? request.failed.model.id + ":" + request.failed.message.stopReason : "-") +
        " state=" + JSON.stringify(request.state) + " signal=" + (request.signal ? request.signal.aborted : "-") +
        " roles=" + roles + " model=" + (ctx.model && ctx.model.id), "info");
      const m = mode;
      mode = "";
      if (m === "throw") throw new Error("router broke");
      if (m === "virtual") return { model: request.model, thinkingLevel: "low" };
      const find = (id: string) => ctx.modelRegistry.find("mock", id);
      if (request.reason === "direct") return { model: find("mock-1"), thinkingLevel: "high", state: { ignored: true } };
      const sticky = request.failed ?? request.previous;
      if (request.reason !== "user" && sticky) return { model: sticky.model, thinkingLevel: sticky.thinkingLevel ?? "off" };
      const turns = (request.state?.turns ?? 0) + 1;
      return { model: find(turns % 2 ? "mock-1" : "mock-2"), thinkingLevel: request.thinkingLevel, state: { turns } };
    },
  });`

// TestDifferentialRPC16VirtualModel: a virtual model against pi 1.6 in
// RPC mode: listed by get_available_models, reached by cycle_model and
// selectable by set_model;
// each request routed with its reason (user, continuation after a tool
// result, retry after an overloaded reply, direct for a compaction's
// summary), the previous and failed models and the router state, which
// pi stores as pi.virtual-model-state entries and which survives the
// compaction; replies name the physical model and
// level while get_state keeps the selection; a route() that throws or
// returns a virtual model ends the request with pi's error reply.
func TestDifferentialRPC16VirtualModel(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:         "vmodel16",
		twoModels:    true,
		persist:      true,
		sessionFiles: true,
		settings:     `{"retry": {"baseDelayMs": 1, "provider": {"maxRetries": 0}}, "compaction": {"keepRecentTokens": 50}}`,
		ext:          extSource(greetExt + routerExt),
		steps: []mockStep{
			{ToolCalls: []mockToolCall{{ID: "call_1", Name: "greet", Arguments: map[string]any{"name": "Ada"}}}},
			{Text: "greeted"},
			{Status: 503, Error: "overloaded"},
			{Text: "second"},
			{Text: "third"},
			{Text: "SUMMARY"}, // the compaction, a direct request
			{Text: "after"},
		},
		drive: func(d *rpcDriver) {
			d.call(`{"id":"m0","type":"get_available_models"}`)
			d.call(`{"id":"y1","type":"cycle_model"}`)
			d.call(`{"id":"y2","type":"cycle_model"}`)
			d.call(`{"id":"y3","type":"cycle_model"}`)
			d.call(`{"id":"sm","type":"set_model","provider":"router","modelId":"auto"}`)
			d.call(`{"id":"lv","type":"get_available_thinking_levels"}`)
			d.call(`{"id":"th","type":"set_thinking_level","level":"high"}`)
			d.call(`{"id":"s0","type":"get_state"}`)
			d.promptID("p1", "greet Ada")
			d.promptID("p2", "again")
			d.promptID("p3", "third "+strings.Repeat("x", 400))
			d.call(`{"id":"cp","type":"compact"}`)
			d.call(`{"id":"c1","type":"prompt","message":"/fail"}`)
			d.promptID("p4", "broken")
			d.call(`{"id":"c2","type":"prompt","message":"/loop"}`)
			d.promptID("p5", "loop")
			d.promptID("p6", "after compaction")
			d.call(`{"id":"s1","type":"get_state"}`)
			d.call(`{"id":"m1","type":"get_messages"}`)
			d.call(`{"id":"e1","type":"get_entries"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	project := func(lines []string) []string {
		return append(append(project16(lines, false), entryEvents(lines)...), requestModels(lines)...)
	}
	compareTranscriptsWith(t, sc.name, project(pi), project(pg), false)
	if !strings.Contains(strings.Join(pi, "\n"), "route retry") {
		t.Error("pi retried nothing: the scenario tests no retry")
	}
}

// requestModels is the model each request the mock got was sent to.
func requestModels(lines []string) []string {
	var out []string
	for _, l := range lines {
		rest, ok := strings.CutPrefix(l, "<< request ")
		if !ok {
			continue
		}
		_, body, _ := strings.Cut(rest, " ")
		var req struct {
			Model string `json:"model"`
		}
		if json.Unmarshal([]byte(body), &req) == nil {
			out = append(out, fmt.Sprintf("## request model=%s", req.Model))
		}
	}
	return out
}

// TestDifferentialRPC16VirtualModelResume: --model selects a virtual
// model at startup; a resumed session restores it while it is registered
// (its router state too) and falls back to the physical model that
// answered last once it is not, against pi 1.6.
func TestDifferentialRPC16VirtualModelResume(t *testing.T) {
	sides := pi16Sides(t)
	run := func(argv []string) []string {
		dir, work, agentDir := sideDirs(t)
		llm := newMockLLM([]mockStep{{Text: "one"}, {Text: "two"}})
		defer llm.Close()
		withRouter, without := filepath.Join(work, "router.ts"), filepath.Join(work, "plain.ts")
		must(t, os.WriteFile(withRouter, []byte(extSource(routerExt)), 0o644))
		must(t, os.WriteFile(without, []byte(extSource("")), 0o644))
		models := strings.Replace(mockModelsJSON(llm.URL()), `{ "id": "mock-1", "name": "Mock One" }`,
			`{ "id": "mock-1", "name": "Mock One" }, { "id": "mock-2", "name": "Mock Two", "reasoning": true, "contextWindow": 200000 }`, 1)
		must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(models), 0o644))
		var out []string
		for i, r := range []struct{ ext, args string }{
			{withRouter, "--model router/auto"}, {without, "-c"}, {withRouter, "-c"},
		} {
			args := append([]string{"--mode", "rpc", "--no-extensions", "--no-builtin-tools", "-e", r.ext,
				"--session-dir", filepath.Join(dir, "sessions")}, strings.Fields(r.args)...)
			d := startDriver(t, sideCommand(argv, dir, args...))
			d.call(`{"id":"s","type":"get_state"}`)
			if i != 1 {
				d.prompt(`{"id":"p","type":"prompt","message":"hello"}`)
			}
			out = append(out, "## run "+r.args)
			out = append(out, project16(d.finish(), false)...)
		}
		return append(out, requestModels(llmRequestLines(llm))...)
	}
	pi, pg := runSides(sides, run)
	compareTranscriptsWith(t, "vmodel_resume16", pi, pg, false)
}

// llmRequestLines are the mock's requests as transcript lines.
func llmRequestLines(llm *mockLLM) []string {
	var out []string
	for i, r := range llm.Requests() {
		b, _ := json.Marshal(r)
		out = append(out, fmt.Sprintf("<< request %d %s", i+1, b))
	}
	return out
}

// TestDifferentialRPC16VirtualModelTree: router state follows the session
// tree, and a prompt on a branch whose entries imply another model (tree
// navigation back to a physical reply) records the virtual selection
// there (a model_change); an extension's ctx.modelRegistry.streamSimple
// with the virtual model is routed as a direct request, against pi 1.6.
func TestDifferentialRPC16VirtualModelTree(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:      "vmodel_tree16",
		twoModels: true,
		persist:   true,
		ext: extSource(routerExt + `
  pi.registerCommand("nav", { handler: async (args: string, ctx: any) => { await ctx.navigateTree(args.trim(), { summarize: false }); } });
  pi.registerCommand("ask", { handler: async (_args: string, ctx: any) => {
    const s = ctx.modelRegistry.streamSimple(ctx.model, { messages: [{ role: "user", content: "aside", timestamp: 1 }] }, { reasoning: "high" });
    const r = await s.result();
    ctx.ui.notify("asked " + r.provider + "/" + r.model + " " + r.stopReason + " " + r.content.map((c: any) => c.text).join(""), "info");
  } });`),
		steps: []mockStep{{Text: "zero"}, {Text: "one"}, {Text: "aside answer"}, {Text: "two"}},
		drive: func(d *rpcDriver) {
			d.prompt(`{"id":"p0","type":"prompt","message":"physical"}`)
			d.call(`{"id":"sm","type":"set_model","provider":"router","modelId":"auto"}`)
			d.prompt(`{"id":"p1","type":"prompt","message":"routed"}`)
			entries := d.call(`{"id":"e0","type":"get_entries"}`)
			target := ""
			data, _ := entries["data"].(map[string]any)
			list, _ := data["entries"].([]any)
			for _, e := range list {
				em, _ := e.(map[string]any)
				if msg, _ := em["message"].(map[string]any); msg["role"] == "assistant" && strings.Contains(string(mustJSON(msg["content"])), "zero") {
					target, _ = em["id"].(string)
				}
			}
			if target == "" {
				d.t.Fatal("no entry of the physical reply")
			}
			d.call(`{"id":"a1","type":"prompt","message":"/ask"}`)
			d.call(`{"id":"n1","type":"prompt","message":"/nav ` + target + `"}`)
			d.prompt(`{"id":"p2","type":"prompt","message":"on the branch"}`)
			d.call(`{"id":"e1","type":"get_entries"}`)
			d.call(`{"id":"s1","type":"get_state"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	navID := regexp.MustCompile(`/nav [0-9a-f]+`)
	project := func(lines []string) []string {
		out := append(project16(lines, false), requestModels(lines)...)
		for i, l := range out {
			out[i] = navID.ReplaceAllString(l, "/nav <id>")
		}
		return out
	}
	compareTranscriptsWith(t, sc.name, project(pi), project(pg), false)
}

// TestDifferentialRPC16VirtualModelCompaction: a request routed to a
// model whose context window the session exceeds is preceded by a
// threshold compaction (its summary routed as a direct request), and the
// request then goes out with the compacted context to the model it was
// routed to; pi-ai's stream, streamSimple, complete and completeSimple
// and ctx.modelRegistry's stream and complete, called by an extension
// with a virtual model, fail as in pi 1.6.
func TestDifferentialRPC16VirtualModelCompaction(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:       "vmodel_compact16",
		persist:    true,
		moreModels: `{ "id": "mock-small", "name": "Mock Small", "contextWindow": 1000 }`,
		settings:   `{"compaction": {"reserveTokens": 500, "keepRecentTokens": 50}}`,
		ext: `import { stream, streamSimple, complete, completeSimple } from "@earendil-works/pi-ai";
` + extSource(`
  pi.registerVirtualModel({
    provider: "router", id: "auto", name: "Auto", contextWindow: 50000,
    route(request: any, ctx: any) {
      const last = request.messages[request.messages.length - 1];
      const text = typeof last?.content === "string" ? last.content : (last?.content ?? []).map((c: any) => c.text ?? "").join("");
      const id = request.reason === "user" && text.length > 1000 ? "mock-small" : "mock-1";
      ctx.ui.notify("route " + request.reason + " " + request.messages.length + " -> " + id, "info");
      return { model: ctx.modelRegistry.find("mock", id), thinkingLevel: "off" };
    },
  });
  pi.registerCommand("raw", { handler: async (_args: string, ctx: any) => {
    const fns: [string, any][] = [["stream", stream], ["streamSimple", streamSimple], ["complete", complete], ["completeSimple", completeSimple]];
    for (const [name, fn] of fns) {
      let r: any;
      try {
        r = fn(ctx.model, { messages: [{ role: "user", content: "aside", timestamp: 1 }] });
      } catch (e: any) {
        ctx.ui.notify(name + " threw " + e.message, "info");
        continue;
      }
      try {
        const res = await (typeof r.result === "function" ? r.result() : r);
        ctx.ui.notify(name + " " + res.stopReason + " " + res.errorMessage, "info");
      } catch (e: any) {
        ctx.ui.notify(name + " rejected " + e.message, "info");
      }
    }
    for (const name of ["stream", "complete"]) {
      const r = ctx.modelRegistry[name](ctx.model, { messages: [{ role: "user", content: "aside", timestamp: 1 }] });
      const res = await (name === "stream" ? r.result() : r);
      ctx.ui.notify("modelRegistry." + name + " " + res.stopReason + " " + res.errorMessage, "info");
    }
  } });`),
		steps: []mockStep{{Text: "one"}, {Text: "SUMMARY"}, {Text: "two"}, {Text: "SUMMARY2"}, {Text: "three"}},
		drive: func(d *rpcDriver) {
			d.call(`{"id":"sm","type":"set_model","provider":"router","modelId":"auto"}`)
			d.prompt(`{"id":"p1","type":"prompt","message":"hello"}`)
			d.prompt(`{"id":"p2","type":"prompt","message":"long ` + strings.Repeat("x", 4000) + `"}`)
			d.call(`{"id":"r1","type":"prompt","message":"/raw"}`)
			d.call(`{"id":"e1","type":"get_entries"}`)
			d.call(`{"id":"s1","type":"get_state"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	project := func(lines []string) []string {
		return append(append(project16(lines, false), entryEvents(lines)...), requestModels(lines)...)
	}
	compareTranscriptsWith(t, sc.name, project(pi), project(pg), false)
	if !strings.Contains(strings.Join(pi, "\n"), `"reason":"threshold"`) {
		t.Error("pi compacted nothing: the scenario tests no compaction")
	}
}
