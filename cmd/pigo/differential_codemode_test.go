package main

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// codemodeScripts are the scripts the scripted model sends, one codemode
// call each: two tools in parallel (bash's structured result with a
// non-zero exit), a failing tool call, the output limit (head and tail,
// the full text in a temp file), store() then load() in the next call, and
// an options line that is not the first line.
var codemodeScripts = []string{
	`await tools.write({ path: "a.txt", content: "hello\n" });
const [a, b] = await Promise.all([tools.read({ path: "a.txt" }), tools.bash({ command: "echo hi; exit 3" })]);
text(a);
console.log("exit", b.exit_code, "truncated", b.truncated, typeof b.wall_time_seconds);
console.log(ALL_TOOLS.map((t) => t.name).join(","), (await searchTools("file contents", { limit: 2 })).map((t) => t.name).join(","));
return b.output;`,
	`text("before");
await tools.read({ path: "missing.txt" });`,
	`// @options: {"max_output_tokens": 20}
for (let i = 0; i < 40; i++) text("line " + i);`,
	// Keys in sorted order: pigo's session keeps extension entry data as Go
	// maps, whose key order is sorted, not the script's.
	`store("cursor", { ids: ["a", "b"], page: 2 });
return "stored";`,
	`return load("cursor");`,
	`text(1);
// @options: {"timeout_ms": 5}`,
}

var (
	wallTime  = regexp.MustCompile(`Wall time \d+\.\d seconds`)
	fieldList = regexp.MustCompile(`\{ [^{}]* \}`)
	docsPath  = regexp.MustCompile(`\S+/codemode\.md`)
	tempPath  = regexp.MustCompile(`/[^\s'"\]]*/(pi-codemode-[^\s'"\]]*|work/)`)
)

// projectCodemode keeps the codemode tool results: their text, with wall
// times and temp paths masked, and isError.
func projectCodemode(lines []string) []string {
	var out []string
	for _, l := range lines {
		// The first request's tool declarations: codemode's description
		// lists the callable tools, theirs say how scripts call them.
		if req, ok := strings.CutPrefix(l, "<< request 1 "); ok {
			var m map[string]any
			_ = json.Unmarshal([]byte(req), &m)
			tools, _ := m["tools"].([]any)
			for _, t := range tools {
				f, _ := t.(map[string]any)["function"].(map[string]any)
				d, _ := f["description"].(string)
				if f["name"] != "codemode" {
					// The tools' own descriptions are compared elsewhere;
					// pigo keeps schemas as Go maps, so field lists are
					// compared sorted.
					_, note, _ := strings.Cut(d, "\n\nCodemode: ")
					d = fieldList.ReplaceAllStringFunc(note, func(fl string) string {
						fields := strings.Split(strings.Trim(fl, "{} "), ", ")
						slices.Sort(fields)
						return "{ " + strings.Join(fields, ", ") + " }"
					})
				}
				out = append(out, "tool "+str(f["name"])+": "+docsPath.ReplaceAllString(d, "<docs>/codemode.md"))
			}
			continue
		}
		body, ok := strings.CutPrefix(l, "<< ")
		if !ok {
			continue
		}
		var m map[string]any
		if json.Unmarshal([]byte(body), &m) != nil || m["type"] != "tool_execution_end" || m["toolName"] != "codemode" {
			continue
		}
		res, _ := m["result"].(map[string]any)
		var texts []string
		blocks, _ := res["content"].([]any)
		for _, b := range blocks {
			bm, _ := b.(map[string]any)
			s, _ := bm["text"].(string)
			s = wallTime.ReplaceAllString(s, "Wall time X seconds")
			s = tempPath.ReplaceAllStringFunc(s, func(p string) string {
				if strings.HasSuffix(p, "work/") {
					return "<work>/"
				}
				return "<tmp>/pi-codemode-X"
			})
			texts = append(texts, s)
		}
		b, _ := json.Marshal(map[string]any{"isError": m["isError"], "content": texts})
		out = append(out, string(b))
	}
	return out
}

func TestDifferentialCodemode16(t *testing.T) {
	sides := pi16Sides(t)
	var steps []mockStep
	for i, code := range codemodeScripts {
		steps = append(steps, mockStep{ToolCalls: []mockToolCall{{ID: "call_" + string(rune('a'+i)), Name: "codemode", Arguments: map[string]any{"code": code}}}})
	}
	steps = append(steps, mockStep{Text: "done"})
	sc := diffScenario{
		name:         "codemode16",
		ext:          extSource(""),
		steps:        steps,
		builtinTools: true,
		args:         []string{"-e", "builtin:codemode", "--tools", "+codemode"},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"run the scripts"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	pi, pg = projectCodemode(pi), projectCodemode(pg)
	if n := len(pi) - 5; n != len(codemodeScripts) { // 5 declared tools
		t.Fatalf("pi ran %d codemode calls, want %d:\n%s", n, len(codemodeScripts), strings.Join(pi, "\n"))
	}
	compareTranscriptsWith(t, sc.name, pi, pg, false)
}

// TestDifferentialCodemodeGrammarTools16: with a model that takes grammar
// tools (compat.supportsOpenAIGrammarTools, as the GPT-5 and later
// catalog models), pi 1.6 and pigo declare the codemode tool as a custom
// tool with its lark grammar, the model writes the script as raw text (a
// custom tool call), the script runs, and the next request replays the
// call as a custom call with that text. The requests are compared as
// sent.
func TestDifferentialCodemodeGrammarTools16(t *testing.T) {
	sides := pi16Sides(t)
	code := "// @options: {\"max_output_tokens\": 200}\ntext(\"é \" + JSON.stringify({ a: [1, \"two\"] }));"
	sc := diffScenario{
		name:         "codemode-grammar16",
		ext:          extSource(""),
		twoModels:    true,
		mock2:        `"compat": { "supportsOpenAIGrammarTools": true }`,
		rawRequests:  true,
		builtinTools: true,
		steps: []mockStep{
			{ToolCalls: []mockToolCall{{ID: "call_a", Name: "codemode", Arguments: map[string]any{"code": code}, Custom: true}}},
			{Text: "done"},
		},
		args: []string{"-e", "builtin:codemode", "--tools", "+codemode", "--model", "mock/mock-2"},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"run the script"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	pi, pg = projectGrammarCalls(t, pi), projectGrammarCalls(t, pg)
	compareTranscriptsWith(t, sc.name, pi, pg, false)
}

// projectGrammarCalls keeps what grammar tools change: each request's
// custom tools (name, grammar) and replayed custom calls, and the codemode
// results' text and isError.
func projectGrammarCalls(t *testing.T, lines []string) []string {
	t.Helper()
	var out []string
	for _, l := range lines {
		if req, ok := strings.CutPrefix(l, "<< request "); ok {
			n, body, _ := strings.Cut(req, " ")
			var m map[string]any
			if err := json.Unmarshal([]byte(body), &m); err != nil {
				t.Fatalf("request %s: %v", n, err)
			}
			tools, _ := m["tools"].([]any)
			for _, tool := range tools {
				if tm, _ := tool.(map[string]any); tm["type"] == "custom" {
					b, _ := json.Marshal(tm)
					out = append(out, "request "+n+" tool "+docsPath.ReplaceAllString(string(b), "<docs>/codemode.md"))
				}
			}
			msgs, _ := m["messages"].([]any)
			for _, msg := range msgs {
				calls, _ := msg.(map[string]any)["tool_calls"].([]any)
				for _, c := range calls {
					b, _ := json.Marshal(c)
					out = append(out, "request "+n+" call "+string(b))
				}
			}
		}
	}
	return append(out, projectCodemode(lines)...)
}
