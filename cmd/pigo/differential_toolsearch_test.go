package main

import (
	"encoding/json"
	"fmt"
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
		if json.Unmarshal([]byte(body), &ev) != nil || ev["type"] != "tool_execution_end" {
			continue
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
