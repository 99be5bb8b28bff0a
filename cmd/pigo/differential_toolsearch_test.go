package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// toolSearchExt registers tools with "deferred" exposure, some in
// namespaces, whose names and descriptions exercise pi's ranking: stems
// (issues, searches), camelCase and a__b names, stop words, a namespace's
// description, an exact-name query, ties (equal documents keep their
// order) and Unicode text; plus a direct tool and a "codemode" one.
const toolSearchExt = `
  const ns = (name: string, description?: string) => ({ name, aliases: [name.replace(/^mcp__/, "")], ...(description ? { description } : {}) });
  const gh = ns("mcp__gh", "GitHub issues and pull requests");
  const tool = (name: string, description: string, extra: any = {}, props: any = {}) => pi.registerTool({
    name, label: name, description,
    parameters: { type: "object", properties: props },
    exposure: "deferred",
    ...extra,
    async execute(_id: string, params: any) {
      return { content: [{ type: "text", text: name + " ran with " + JSON.stringify(params) }], details: {} };
    },
  });
  tool("mcp__gh__create_issue", "Create a new issue in a repository.\nSecond line is not shown.", { namespace: gh },
    { title: { type: "string", description: "Issue title" }, body: { type: "string" } });
  tool("mcp__gh__list_issues", "Lists the issues of a repository", { namespace: gh }, { state: { type: "string", description: "open or closed" } });
  tool("mcp__gh__search_code", "Searches code across repositories", { namespace: gh });
  tool("mcp__app__thread_read", "Read a thread", { namespace: ns("mcp__app") });
  tool("takeScreenshot", "Captures the screen of a window");
  tool("window", "Moves a window");
  tool("twin_a", "Same words here");
  tool("twin_b", "Same words here");
  tool("wetter", "Zeigt das Wetter für eine Stadt");
  tool("scripted", "Scripts only: sends an email", { exposure: "codemode" });
  pi.registerTool({ name: "direct_one", label: "d", description: "A direct tool about issues", parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: "direct" }], details: {} }; } });
`

// toolSearchCalls are the model's calls, one step each: a deferred tool
// before it is loaded, bad input, a query nothing matches, then queries
// that load tools, and a call of a loaded tool.
var toolSearchCalls = []mockToolCall{
	{Name: "mcp__gh__create_issue", Arguments: map[string]any{"title": "early"}},
	{Name: "tool_search", Arguments: map[string]any{"query": "  "}},
	{Name: "tool_search", Arguments: map[string]any{"query": "issues", "limit": 0}},
	{Name: "tool_search", Arguments: map[string]any{"query": "the of and"}},
	{Name: "tool_search", Arguments: map[string]any{"query": "zzz nothing"}},
	{Name: "tool_search", Arguments: map[string]any{"query": "create issues", "limit": 1}},
	{Name: "tool_search", Arguments: map[string]any{"query": "screenshot window"}},
	{Name: "tool_search", Arguments: map[string]any{"query": "thread_read"}},
	{Name: "tool_search", Arguments: map[string]any{"query": "same words github", "limit": 3}},
	{Name: "tool_search", Arguments: map[string]any{"query": "Wetter Stadt email"}},
	{Name: "tool_search", Arguments: map[string]any{"query": "issues"}},
	{Name: "mcp__gh__create_issue", Arguments: map[string]any{"title": "late"}},
}

// TestDifferentialToolSearch16: builtin:tool-search against pi 1.6 on
// the same extension tools. Each tool result (text, details, isError) and
// the tools every request declares must be the same: tool_search ranks
// as pi does and the tools it loads are declared from the next request.
func TestDifferentialToolSearch16(t *testing.T) {
	sides := pi16Sides(t)
	var steps []mockStep
	for i, c := range toolSearchCalls {
		c.ID = fmt.Sprintf("call_%d", i+1)
		steps = append(steps, mockStep{ToolCalls: []mockToolCall{c}})
	}
	steps = append(steps, mockStep{Text: "done"})
	sc := diffScenario{
		name:  "toolsearch16",
		ext:   extSource(toolSearchExt),
		steps: steps,
		// Only +/- entries: a plain --tools list also unregisters the
		// extension tools it does not name.
		args: []string{"-e", "builtin:tool-search", "--tools", "+tool_search"},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"find tools"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	pi, pg = projectToolSearch(pi), projectToolSearch(pg)
	if n := strings.Count(strings.Join(pi, "\n"), "\nend "); n != len(toolSearchCalls)-1 {
		t.Fatalf("pi ended %d tool calls, want %d:\n%s", n+1, len(toolSearchCalls), strings.Join(pi, "\n"))
	}
	compareTranscriptsWith(t, sc.name, pi, pg, false)
}

// projectToolSearch keeps each tool_execution_end (tool, isError, result
// text and details) and the tools each request declares: the first
// request's sorted (the initial active set's order is the session's, not
// tool_search's), then each request's in order after the tools the
// previous one had (the tools tool_search loaded are appended).
func projectToolSearch(lines []string) []string {
	var out, previous []string
	for _, l := range lines {
		if req, ok := strings.CutPrefix(l, "<< request "); ok {
			n, body, _ := strings.Cut(req, " ")
			var m map[string]any
			_ = json.Unmarshal([]byte(body), &m)
			var names []string
			tools, _ := m["tools"].([]any)
			for _, tl := range tools {
				fn, _ := tl.(map[string]any)["function"].(map[string]any)
				names = append(names, str(fn["name"]))
			}
			shown := slices.Sorted(slices.Values(names))
			if previous != nil {
				if len(names) < len(previous) || !slices.Equal(slices.Sorted(slices.Values(names[:len(previous)])), slices.Sorted(slices.Values(previous))) {
					shown = append([]string{"changed:"}, names...)
				} else {
					shown = append([]string{"added:"}, names[len(previous):]...)
				}
			}
			previous = names
			out = append(out, "request "+n+" tools "+strings.Join(shown, ","))
			continue
		}
		body, ok := strings.CutPrefix(l, "<< ")
		if !ok {
			continue
		}
		var ev map[string]any
		if json.Unmarshal([]byte(body), &ev) != nil || ev["type"] != "tool_execution_end" || ev["parentToolCallId"] != nil {
			continue // nested calls (a codemode script's) are compared by TestDifferentialCodemodeNested16
		}
		res, _ := ev["result"].(map[string]any)
		var texts []string
		blocks, _ := res["content"].([]any)
		for _, b := range blocks {
			texts = append(texts, str(b.(map[string]any)["text"]))
		}
		b, _ := json.Marshal(map[string]any{"tool": ev["toolName"], "isError": ev["isError"], "text": texts, "details": res["details"]})
		out = append(out, "end "+string(b))
	}
	return out
}

var durationMs = regexp.MustCompile(`"durationMs":[0-9.]+`)

// TestDifferentialMCPExposure16: MCP exposure modes against pi 1.6 with
// the test server (bundled/mcp/mcptest) started twice: "deep" with
// deferred exposure (one tool hidden), "cm" with the default, codemode.
// The built-in MCP support activates tool_search and codemode from the
// config; tool_search waits for the servers and loads a deferred tool,
// which the next request declares and the model calls; a codemode script
// calls a codemode tool and finds tools by namespace. Tool results (wall
// times masked) and each request's tools must be the same.
func TestDifferentialMCPExposure16(t *testing.T) {
	sides := pi16Sides(t)
	server := buildTestMCPServer(t)
	script := `const r = await tools.mcp__cm__echo({ text: "x" });
console.log(JSON.stringify(r));
console.log((await searchTools("structured", { namespace: "cm" })).map((t) => t.name).join());
console.log((await searchTools("picture")).map((t) => t.name).join());
return describeNamespace("cm").description ?? "no description";`
	steps := []mockStep{
		{ToolCalls: []mockToolCall{{ID: "call_1", Name: "tool_search", Arguments: map[string]any{"query": "deep echo", "limit": 1}}}},
		{ToolCalls: []mockToolCall{{ID: "call_2", Name: "mcp__deep__echo", Arguments: map[string]any{"text": "hi"}}}},
		{ToolCalls: []mockToolCall{{ID: "call_3", Name: "codemode", Arguments: map[string]any{"code": script}}}},
		{ToolCalls: []mockToolCall{{ID: "call_4", Name: "tool_search", Arguments: map[string]any{"query": "picture"}}}},
		{Text: "done"},
	}
	out := map[string][]string{}
	for side, argv := range sides {
		stdout, reqs := runMCPSide(t, side, argv, steps, map[string]any{
			"deep": map[string]any{"command": server, "exposure": "deferred", "description": "Deep research helpers", "toolExposure": map[string]any{"image": "hidden"}},
			"cm":   map[string]any{"command": server},
		}, "use the tools", "tool-search", "codemode")
		var lines []string
		for _, l := range strings.Split(stdout, "\n") {
			l = durationMs.ReplaceAllString(wallTime.ReplaceAllString(l, "Wall time X seconds"), `"durationMs":0`)
			lines = append(lines, "<< "+l)
		}
		for i, r := range reqs {
			b, _ := json.Marshal(r)
			lines = append(lines, fmt.Sprintf("<< request %d %s", i+1, b))
		}
		out[side] = projectToolSearch(lines)
	}
	if n := strings.Count(strings.Join(out["pi"], "\n"), "end "); n != 4 {
		t.Fatalf("pi ended %d tool calls, want 4:\n%s", n, strings.Join(out["pi"], "\n"))
	}
	compareTranscriptsWith(t, "mcpexposure16", out["pi"], out["pigo"], false)
}

// TestDifferentialMCPCrash16: a stdio server that exits mid-call fails
// that call with pi's error (its stderr tail included) and the host keeps
// serving: the next call starts the server again.
func TestDifferentialMCPCrash16(t *testing.T) {
	sides := pi16Sides(t)
	server := buildTestMCPServer(t)
	steps := []mockStep{
		{ToolCalls: []mockToolCall{{ID: "call_1", Name: "mcp__local__crash", Arguments: map[string]any{}}}},
		{ToolCalls: []mockToolCall{{ID: "call_2", Name: "mcp__local__echo", Arguments: map[string]any{"text": "again"}}}},
		{Text: "done"},
	}
	out := map[string][]string{}
	for side, argv := range sides {
		stdout, _ := runMCPSide(t, side, argv, steps, map[string]any{"local": map[string]any{"command": server, "exposure": "direct"}}, "use the tools")
		var lines []string
		for _, l := range strings.Split(stdout, "\n") {
			lines = append(lines, "<< "+l)
		}
		out[side] = projectToolSearch(lines)
	}
	if n := strings.Count(strings.Join(out["pi"], "\n"), "end "); n != 2 {
		t.Fatalf("pi ended %d tool calls, want 2:\n%s", n, strings.Join(out["pi"], "\n"))
	}
	compareTranscriptsWith(t, "mcpcrash16", out["pi"], out["pigo"], false)
}

// TestDifferentialDefaultToolsNoBuiltin16: with --no-builtin-tools pi 1.6
// starts from no default tools and ignores the defaultTools setting, so
// "+tool_search" there does not activate tool_search; --tools
// modifiers still apply.
func TestDifferentialDefaultToolsNoBuiltin16(t *testing.T) {
	sides := pi16Sides(t)
	for _, c := range []struct {
		name string
		args []string
	}{{"setting", nil}, {"flag", []string{"--tools", "+tool_search"}}} {
		sc := diffScenario{
			name:     "defaulttools_nbt_" + c.name,
			ext:      extSource(greetExt),
			steps:    []mockStep{{Text: "hi"}},
			settings: `{"defaultTools": ["+tool_search", "-greet"]}`,
			args:     append([]string{"-e", "builtin:tool-search"}, c.args...),
			drive: func(d *rpcDriver) {
				mark := d.mark()
				d.call(`{"id":"p1","type":"prompt","message":"hi"}`)
				d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			},
		}
		pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
		compareTranscriptsWith(t, sc.name, projectToolSearch(pi), projectToolSearch(pg), false)
	}
}
