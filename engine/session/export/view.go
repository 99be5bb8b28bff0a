package export

import (
	"fmt"
	"html/template"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

// The page model: what the template renders. Every string here is
// session text and is escaped by html/template; the only typed values
// (template.URL, template.CSS, template.JS) are checked data: URLs,
// constant colours, the embedded script and base64.

type page struct {
	Title     string
	ThemeVars template.CSS
	CSS       template.CSS
	JS        template.JS
	Data      template.JS // base64: cannot end the script element
	Header    headerView
	System    *output // the system prompt: 10 lines, then the rest collapsed
	Tools     []toolDoc
	Rows      []treeRow
	Entries   []*entryView
}

type headerView struct {
	Heading   string
	ID        string
	Name      string
	Date      string // ISO
	Cwd       string
	Parent    string
	Models    string
	Messages  string
	ToolCalls int
	Tokens    string
	Cost      string
	Branch    branchInfo
}

type branchInfo struct {
	Leaf    string
	OnPath  int
	Entries int
}

type toolDoc struct {
	Name, Description string
	Params            []paramDoc
}

type paramDoc struct {
	Name, Type, Description string
	Required                bool
}

type treeRow struct {
	ID, Parent, Newest string
	Prefix             string
	OnPath, Leaf       bool
	Classes            string // from a fixed set of class names
	Label              string
	Parts              []span
}

type span struct {
	Class string // from a fixed set of class names
	Text  string
}

// entryView is one entry of the conversation. Kind names the template
// branch that renders it.
type entryView struct {
	ID     string
	Kind   string
	OnPath bool
	Time   string // ISO timestamp, "" when unknown
	Label  string

	Title   string
	Blocks  []block
	Tools   []*toolView
	Text    string
	Output  *output
	Status  string // tool status class: pending | success | error
	Notes   []string
	Error   string
	Aborted bool
	Meta    string
	Images  []template.URL
}

// block is a piece of message content.
type block struct {
	Kind   string // text | code | thinking | image | badimage | skill
	Text   string
	Lang   string
	Image  template.URL
	Blocks []block // skill content
}

type toolView struct {
	ID       string
	Name     string
	Status   string // pending | success | error
	Command  string
	Path     string
	Range    string
	Invalid  bool
	Args     string
	Content  *output
	Lines    int
	Diff     []diffLine
	Output   *output
	Images   []template.URL
	BadImage int
	ResultID string
}

type diffLine struct {
	Class string // diff-added | diff-removed | diff-context
	Text  string
}

// builder turns Data into a page.
type builder struct {
	d       Data
	tree    *sessionTree
	onPath  map[string]bool
	results map[string]session.Entry  // toolCallId → first tool result entry
	calls   map[string]map[string]any // toolCallId → first tool call block
}

func newBuilder(d Data, leaf string) *builder {
	b := &builder{d: d, tree: buildTree(d.Entries), onPath: map[string]bool{}, results: map[string]session.Entry{}, calls: map[string]map[string]any{}}
	for _, id := range b.tree.path(leaf) {
		b.onPath[id] = true
	}
	for _, e := range d.Entries {
		m := message(e)
		switch m["role"] {
		case "toolResult":
			id := str(m["toolCallId"])
			if _, ok := b.results[id]; !ok && id != "" {
				b.results[id] = e
			}
		case "assistant":
			for _, c := range blocks(m["content"]) {
				if id := str(c["id"]); c["type"] == "toolCall" && b.calls[id] == nil {
					b.calls[id] = c
				}
			}
		}
	}
	return b
}

func message(e session.Entry) map[string]any {
	if e["type"] != "message" {
		return nil
	}
	m, _ := e["message"].(map[string]any)
	return m
}

func blocks(content any) []map[string]any {
	arr, _ := content.([]any)
	out := make([]map[string]any, 0, len(arr))
	for _, b := range arr {
		if m, ok := b.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// rows builds the tree sidebar.
func (b *builder) rows(leaf string) []treeRow {
	var rows []treeRow
	newest := b.tree.newestLeaves()
	for _, fr := range b.tree.flatten(b.onPath) {
		n := fr.n
		r := treeRow{ID: n.id, Parent: n.parent, Newest: newest[n.id], Prefix: fr.prefix, OnPath: b.onPath[n.id],
			Leaf: n.id == leaf, Label: b.tree.labels[n.id]}
		var classes []string
		switch e := n.entry; e["type"] {
		case "label", "custom", "model_change", "thinking_level_change":
			classes = append(classes, "t-settings")
		case "message":
			m := message(e)
			switch m["role"] {
			case "user":
				classes = append(classes, "t-user")
			case "toolResult":
				classes = append(classes, "t-tool")
			case "assistant":
				stop := str(m["stopReason"])
				if strings.TrimSpace(contentText(m["content"], "")) == "" && (stop == "" || stop == "stop" || stop == "toolUse") {
					classes = append(classes, "t-quiet")
				}
			}
		}
		if r.Label != "" {
			classes = append(classes, "t-labeled")
		}
		r.Classes = strings.Join(classes, " ")
		r.Parts = b.rowParts(n.entry)
		rows = append(rows, r)
	}
	return rows
}

var skillRE = regexp.MustCompile(`(?s)^<skill name="([^"]+)" location="([^"]+)">\n(.*?)\n</skill>(?:\n\n(.+))?$`)

// rowParts is the text of a tree line (pi's getTreeNodeDisplayHtml).
func (b *builder) rowParts(e session.Entry) []span {
	switch e["type"] {
	case "message":
		m := message(e)
		role := str(m["role"])
		switch role {
		case "user":
			text := contentText(m["content"], "")
			if sk := skillRE.FindStringSubmatch(text); sk != nil {
				parts := []span{{"tree-role-skill", "skill:"}, {"", " " + sk[1]}}
				if u := strings.TrimSpace(sk[4]); u != "" {
					parts = append(parts, span{"", " · "}, span{"tree-role-user", "user:"}, span{"", " " + oneLine(u, 100)})
				}
				return parts
			}
			return []span{{"tree-role-user", "user:"}, {"", " " + oneLine(text, 100)}}
		case "assistant":
			if t := oneLine(contentText(m["content"], ""), 100); t != "" {
				return []span{{"tree-role-assistant", "assistant:"}, {"", " " + t}}
			}
			if m["stopReason"] == "aborted" {
				return []span{{"tree-role-assistant", "assistant:"}, {"tree-muted", " (aborted)"}}
			}
			if em := str(m["errorMessage"]); em != "" {
				return []span{{"tree-role-assistant", "assistant:"}, {"tree-error", " " + oneLine(em, 100)}}
			}
			return []span{{"tree-role-assistant", "assistant:"}, {"tree-muted", " (no text)"}}
		case "toolResult":
			if call := b.findCall(str(m["toolCallId"])); call != nil {
				args, _ := jsjson.AsMap(call["arguments"])
				return []span{{"tree-role-tool", toolSummary(str(call["name"]), args)}}
			}
			name := str(m["toolName"])
			if name == "" {
				name = "tool"
			}
			return []span{{"tree-role-tool", "[" + name + "]"}}
		case "bashExecution":
			return []span{{"tree-role-tool", "[bash]:"}, {"", " " + oneLine(str(m["command"]), 100)}}
		}
		return []span{{"tree-muted", "[" + role + "]"}}
	case "compaction":
		return []span{{"tree-compaction", fmt.Sprintf("[compaction: %sk tokens]", strconv.FormatFloat(roundHalfUp(num(e["tokensBefore"])/1000), 'f', 0, 64))}}
	case "branch_summary":
		return []span{{"tree-branch-summary", "[branch summary]:"}, {"", " " + oneLine(str(e["summary"]), 100)}}
	case "custom_message":
		return []span{{"tree-custom", "[" + str(e["customType"]) + "]:"}, {"", " " + oneLine(contentText(e["content"], ""), 100)}}
	case "model_change":
		return []span{{"tree-muted", "[model: " + str(e["modelId"]) + "]"}}
	case "thinking_level_change":
		return []span{{"tree-muted", "[thinking: " + str(e["thinkingLevel"]) + "]"}}
	case "session_info":
		return []span{{"tree-muted", "[name: " + oneLine(str(e["name"]), 100) + "]"}}
	case "custom":
		return []span{{"tree-muted", "[custom: " + str(e["customType"]) + "]"}}
	}
	return []span{{"tree-muted", "[" + str(e["type"]) + "]"}}
}

func roundHalfUp(x float64) float64 {
	r := float64(int64(x))
	if x-r >= 0.5 {
		r++
	}
	return r
}

// findCall returns the tool call block with this id (first in file order).
func (b *builder) findCall(id string) map[string]any {
	if id == "" {
		return nil
	}
	return b.calls[id]
}

// shortenPath is pi's: a home directory prefix becomes "~".
func shortenPath(p string) string {
	for _, root := range []string{"/Users/", "/home/"} {
		if rest, ok := strings.CutPrefix(p, root); ok {
			if i := strings.IndexByte(rest, '/'); i >= 0 {
				return "~" + rest[i:]
			}
			if rest != "" {
				return "~"
			}
		}
	}
	return p
}

// toolSummary is pi's formatToolCall: "[read: ~/x.go:1-10]".
func toolSummary(name string, args map[string]any) string {
	path := func(keys ...string) string {
		for _, k := range keys {
			if v, ok := args[k]; ok && v != nil && v != "" {
				return shortenPath(fmt.Sprint(v))
			}
		}
		return ""
	}
	orDot := func(s string) string {
		if s == "" {
			return "."
		}
		return s
	}
	switch name {
	case "read":
		return "[read: " + path("path", "file_path") + lineRange(args) + "]"
	case "write", "edit":
		return "[" + name + ": " + path("path", "file_path") + "]"
	case "bash":
		raw := fmt.Sprint(args["command"])
		if args["command"] == nil {
			raw = ""
		}
		cmd := strings.TrimSpace(strings.NewReplacer("\n", " ", "\t", " ").Replace(raw))
		cut := []rune(cmd)
		if len(cut) > 50 {
			cut = cut[:50]
		}
		s := "[bash: " + string(cut)
		if len([]rune(raw)) > 50 {
			s += "..."
		}
		return s + "]"
	case "grep":
		return fmt.Sprintf("[grep: /%s/ in %s]", str(args["pattern"]), orDot(path("path")))
	case "find":
		return fmt.Sprintf("[find: %s in %s]", str(args["pattern"]), orDot(path("path")))
	case "ls":
		return "[ls: " + orDot(path("path")) + "]"
	}
	j := compactJSON(args)
	r := []rune(j)
	if len(r) > 40 {
		return "[" + name + ": " + string(r[:40]) + "...]"
	}
	return "[" + name + ": " + j + "]"
}

// lineRange is read's ":offset-end" suffix.
func lineRange(args map[string]any) string {
	off, hasOff := args["offset"].(float64)
	lim, hasLim := args["limit"].(float64)
	if !hasOff && !hasLim {
		return ""
	}
	if !hasOff {
		off = 1
	}
	s := ":" + strconv.FormatFloat(off, 'f', -1, 64)
	if hasLim {
		s += "-" + strconv.FormatFloat(off+lim-1, 'f', -1, 64)
	}
	return s
}

func compactJSON(v any) string {
	s := jsonText(v)
	var b strings.Builder
	// Re-encode without indentation.
	inString, escaped := false, false
	for _, r := range s {
		switch {
		case inString:
			b.WriteRune(r)
			if escaped {
				escaped = false
			} else if r == '\\' {
				escaped = true
			} else if r == '"' {
				inString = false
			}
		case r == '"':
			inString = true
			b.WriteRune(r)
		case r == '\n' || r == ' ':
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// entries renders every entry; those off the branch are hidden until
// chosen.
func (b *builder) entries() []*entryView {
	var out []*entryView
	seen := map[string]bool{}
	for _, e := range b.d.Entries {
		id := str(e["id"])
		if seen[id] {
			continue
		}
		seen[id] = true
		if n := b.tree.byID[id]; n != nil {
			e = n.entry // the later of two entries with one id
		}
		v := b.entry(e)
		if v == nil {
			continue
		}
		v.ID, v.OnPath, v.Time, v.Label = id, b.onPath[id], str(e["timestamp"]), b.tree.labels[id]
		out = append(out, v)
	}
	return out
}

// entry renders one entry, or nil for entries shown only in the tree
// (labels, extension data, hidden custom messages, tool results shown
// with their call).
func (b *builder) entry(e session.Entry) *entryView {
	switch e["type"] {
	case "message":
		return b.messageEntry(message(e))
	case "model_change":
		return &entryView{Kind: "model", Text: str(e["provider"]) + "/" + str(e["modelId"])}
	case "thinking_level_change":
		return &entryView{Kind: "thinking-level", Text: str(e["thinkingLevel"])}
	case "compaction":
		v := &entryView{Kind: "compaction", Text: thousands(num(e["tokensBefore"])), Blocks: textBlocks(str(e["summary"]))}
		if e["fromHook"] == true {
			v.Notes = append(v.Notes, "by an extension")
		}
		return v
	case "branch_summary":
		return &entryView{Kind: "branch-summary", Blocks: textBlocks(str(e["summary"]))}
	case "custom_message":
		if e["display"] != true {
			return nil
		}
		return &entryView{Kind: "custom", Title: str(e["customType"]), Blocks: contentBlocks(e["content"], "\n")}
	case "session_info":
		return &entryView{Kind: "session-info", Text: strings.TrimSpace(str(e["name"]))}
	}
	return nil
}

func (b *builder) messageEntry(m map[string]any) *entryView {
	if m == nil {
		return nil
	}
	switch role := str(m["role"]); role {
	case "user":
		return &entryView{Kind: "user", Blocks: userBlocks(m["content"])}
	case "assistant":
		return b.assistant(m)
	case "toolResult":
		if b.findCall(str(m["toolCallId"])) != nil {
			return nil // shown with its call
		}
		v := &entryView{Kind: "tool-result", Title: str(m["toolName"]), Status: "success"}
		if m["isError"] == true {
			v.Status = "error"
		}
		v.Output = newOutput(contentText(m["content"], "\n"), 10)
		for _, c := range blocks(m["content"]) {
			if c["type"] == "image" {
				if u, ok := imageURL(c); ok {
					v.Images = append(v.Images, u)
				}
			}
		}
		return v
	case "bashExecution":
		v := &entryView{Kind: "bash", Text: str(m["command"]), Output: newOutput(str(m["output"]), 10), Status: "success"}
		exit, hasExit := m["exitCode"].(float64)
		switch {
		case m["cancelled"] == true:
			v.Status = "error"
			v.Notes = append(v.Notes, "(cancelled)")
		case !hasExit:
			v.Status = "error"
			v.Notes = append(v.Notes, "(no exit code)")
		case exit != 0:
			v.Status = "error"
			v.Notes = append(v.Notes, "(exit "+strconv.FormatFloat(exit, 'f', -1, 64)+")")
		}
		if m["truncated"] == true {
			note := "(output truncated"
			if p := str(m["fullOutputPath"]); p != "" {
				note += "; full output: " + p
			}
			v.Notes = append(v.Notes, note+")")
		}
		if m["excludeFromContext"] == true {
			v.Notes = append(v.Notes, "(not sent to the model)")
		}
		return v
	case "branchSummary":
		return &entryView{Kind: "branch-summary", Blocks: textBlocks(str(m["summary"]))}
	case "compactionSummary":
		return &entryView{Kind: "compaction", Text: thousands(num(m["tokensBefore"])), Blocks: textBlocks(str(m["summary"]))}
	case "custom":
		if m["display"] != true {
			return nil
		}
		return &entryView{Kind: "custom", Title: str(m["customType"]), Blocks: contentBlocks(m["content"], "\n")}
	default:
		return &entryView{Kind: "other", Title: role, Blocks: contentBlocks(m["content"], "\n")}
	}
}

func (b *builder) assistant(m map[string]any) *entryView {
	v := &entryView{Kind: "assistant"}
	for _, c := range blocks(m["content"]) {
		switch c["type"] {
		case "text":
			if t := str(c["text"]); strings.TrimSpace(t) != "" {
				v.Blocks = append(v.Blocks, textBlocks(t)...)
			}
		case "thinking":
			if t := str(c["thinking"]); strings.TrimSpace(t) != "" {
				v.Blocks = append(v.Blocks, block{Kind: "thinking", Text: t})
			} else if c["redacted"] == true {
				v.Blocks = append(v.Blocks, block{Kind: "thinking", Text: "(redacted thinking)"})
			}
		case "toolCall":
			v.Tools = append(v.Tools, b.toolCall(c))
		}
	}
	switch m["stopReason"] {
	case "aborted":
		v.Aborted = true
	case "error":
		v.Error = str(m["errorMessage"])
		if v.Error == "" {
			v.Error = "Unknown error"
		}
	}
	var meta []string
	if model := str(m["model"]); model != "" {
		if p := str(m["provider"]); p != "" {
			model = p + "/" + model
		}
		meta = append(meta, model)
	}
	if u, ok := m["usage"].(map[string]any); ok {
		var toks []string
		for _, k := range [][2]string{{"input", "↑"}, {"output", "↓"}, {"cacheRead", "R"}, {"cacheWrite", "W"}} {
			if n := num(u[k[0]]); n > 0 {
				toks = append(toks, k[1]+formatTokens(n))
			}
		}
		if len(toks) > 0 {
			meta = append(meta, strings.Join(toks, " "))
		}
		if c, ok := u["cost"].(map[string]any); ok {
			if total := num(c["input"]) + num(c["output"]) + num(c["cacheRead"]) + num(c["cacheWrite"]); total > 0 {
				meta = append(meta, "$"+toFixed(total, 4))
			}
		}
	}
	v.Meta = strings.Join(meta, " · ")
	return v
}

// toolCall renders a tool call with its result (pi's renderToolCall).
func (b *builder) toolCall(c map[string]any) *toolView {
	id := str(c["id"])
	name := str(c["name"])
	args, _ := jsjson.AsMap(c["arguments"])
	if args == nil {
		args = map[string]any{}
	}
	t := &toolView{ID: id, Name: name, Status: "pending"}
	res := message(b.results[id])
	if res != nil {
		t.Status = "success"
		if res["isError"] == true {
			t.Status = "error"
		}
		t.ResultID = str(b.results[id]["id"])
	}
	resultText := func() string { return contentText(res["content"], "\n") }
	// strArg is pi's str(): a string, "" for a missing value, invalid
	// otherwise.
	strArg := func(keys ...string) (string, bool) {
		for _, k := range keys {
			v, ok := args[k]
			if !ok || v == nil {
				continue
			}
			s, isStr := v.(string)
			return s, isStr
		}
		return "", true
	}
	switch name {
	case "bash":
		cmd, ok := strArg("command")
		t.Command, t.Invalid = cmd, !ok
		if t.Command == "" && ok {
			t.Command = "..."
		}
		if res != nil {
			t.Output = newOutput(strings.TrimSpace(resultText()), 5)
		}
	case "read":
		p, ok := strArg("file_path", "path")
		t.Path, t.Invalid = shortenPath(p), !ok
		if ok {
			t.Range = lineRange(args)
		}
		if res != nil {
			t.Output = newOutput(resultText(), 10)
		}
	case "write":
		p, ok := strArg("file_path", "path")
		t.Path, t.Invalid = shortenPath(p), !ok
		if content, ok := args["content"].(string); ok {
			if n := strings.Count(content, "\n") + 1; n > 10 {
				t.Lines = n
			}
			t.Content = newOutput(content, 10)
		} else if args["content"] != nil {
			t.Args = "[invalid content arg - expected string]"
		}
		if res != nil {
			t.Output = newOutput(strings.TrimSpace(resultText()), 1<<30)
		}
	case "edit":
		p, ok := strArg("file_path", "path")
		t.Path, t.Invalid = shortenPath(p), !ok
		details, _ := jsjson.AsMap(res["details"])
		if diff := str(details["diff"]); diff != "" {
			for _, l := range strings.Split(diff, "\n") {
				cls := "diff-context"
				switch {
				case strings.HasPrefix(l, "+"):
					cls = "diff-added"
				case strings.HasPrefix(l, "-"):
					cls = "diff-removed"
				}
				t.Diff = append(t.Diff, diffLine{cls, l})
			}
		} else if res != nil {
			t.Output = newOutput(strings.TrimSpace(resultText()), 1<<30)
		}
	case "ls", "grep", "find":
		p, ok := strArg("path")
		t.Path, t.Invalid = shortenPath(p), !ok
		if t.Path == "" && ok {
			t.Path = "."
		}
		switch name {
		case "grep":
			t.Command = "/" + str(args["pattern"]) + "/"
		case "find":
			t.Command = str(args["pattern"])
		}
		if lim, ok := args["limit"]; ok && lim != nil {
			t.Range = " (limit " + fmt.Sprint(lim) + ")"
		}
		if res != nil {
			t.Output = newOutput(strings.TrimSpace(resultText()), 20)
		}
	default:
		t.Args = jsonText(args)
		if res != nil {
			t.Output = newOutput(resultText(), 10)
		}
	}
	for _, c := range blocks(res["content"]) {
		if c["type"] == "image" {
			if u, ok := imageURL(c); ok {
				t.Images = append(t.Images, u)
			} else {
				t.BadImage++
			}
		}
	}
	return t
}

// textBlocks is markdown text as prose and code blocks.
func textBlocks(text string) []block {
	var out []block
	for _, s := range splitFences(text) {
		if s.Code {
			out = append(out, block{Kind: "code", Text: s.Text, Lang: s.Lang})
		} else {
			out = append(out, block{Kind: "text", Text: s.Text})
		}
	}
	return out
}

// contentBlocks is message content (a string, or text and image blocks).
func contentBlocks(content any, sep string) []block {
	if s, ok := content.(string); ok {
		return textBlocks(s)
	}
	var out []block
	var text []string
	flush := func() {
		if t := strings.Join(text, sep); strings.TrimSpace(t) != "" {
			out = append(out, textBlocks(t)...)
		}
		text = nil
	}
	for _, c := range blocks(content) {
		switch c["type"] {
		case "text":
			text = append(text, str(c["text"]))
		case "image":
			flush()
			if u, ok := imageURL(c); ok {
				out = append(out, block{Kind: "image", Image: u})
			} else {
				out = append(out, block{Kind: "badimage", Text: str(c["mimeType"])})
			}
		}
	}
	flush()
	return out
}

// userBlocks is a user message: images first, then the text (pi's
// layout), with a skill invocation shown collapsed.
func userBlocks(content any) []block {
	text := contentText(content, "\n")
	var images []block
	for _, c := range blocks(content) {
		if c["type"] != "image" {
			continue
		}
		if u, ok := imageURL(c); ok {
			images = append(images, block{Kind: "image", Image: u})
		} else {
			images = append(images, block{Kind: "badimage", Text: str(c["mimeType"])})
		}
	}
	if sk := skillRE.FindStringSubmatch(text); sk != nil {
		out := []block{{Kind: "skill", Text: sk[1], Blocks: textBlocks(sk[3])}}
		out = append(out, images...)
		return append(out, textBlocks(strings.TrimSpace(sk[4]))...)
	}
	return append(images, textBlocks(text)...)
}

// header builds the page header (pi's renderHeader and computeStats, over
// every entry of the session).
func (b *builder) header(leaf string) headerView {
	h := headerView{ID: b.d.Header.ID, Date: b.d.Header.Timestamp, Cwd: b.d.Header.Cwd, Parent: b.d.Header.ParentSession}
	for _, e := range b.d.Entries {
		if e["type"] == "session_info" {
			h.Name = strings.TrimSpace(str(e["name"]))
		}
	}
	h.Heading = h.Name
	if h.Heading == "" {
		h.Heading = "Session: " + orUnknown(h.ID)
	}
	var users, assistants, results, customs, compactions, summaries int
	var in, out, cr, cw, cost float64
	var models []string
	for _, e := range b.d.Entries {
		switch e["type"] {
		case "message":
			m := message(e)
			switch m["role"] {
			case "user":
				users++
			case "toolResult":
				results++
			case "assistant":
				assistants++
				if model := str(m["model"]); model != "" {
					if p := str(m["provider"]); p != "" {
						model = p + "/" + model
					}
					if !slices.Contains(models, model) {
						models = append(models, model)
					}
				}
				if u, ok := m["usage"].(map[string]any); ok {
					in += num(u["input"])
					out += num(u["output"])
					cr += num(u["cacheRead"])
					cw += num(u["cacheWrite"])
					if c, ok := u["cost"].(map[string]any); ok {
						cost += num(c["input"]) + num(c["output"]) + num(c["cacheRead"]) + num(c["cacheWrite"])
					}
				}
				for _, c := range blocks(m["content"]) {
					if c["type"] == "toolCall" {
						h.ToolCalls++
					}
				}
			}
		case "compaction":
			compactions++
		case "branch_summary":
			summaries++
		case "custom_message":
			customs++
		}
	}
	h.Models = strings.Join(models, ", ")
	if h.Models == "" {
		h.Models = "unknown"
	}
	var msgs []string
	for _, c := range []struct {
		n    int
		what string
	}{{users, "user"}, {assistants, "assistant"}, {results, "tool results"}, {customs, "custom"}, {compactions, "compactions"}, {summaries, "branch summaries"}} {
		if c.n > 0 {
			msgs = append(msgs, fmt.Sprintf("%d %s", c.n, c.what))
		}
	}
	h.Messages = strings.Join(msgs, ", ")
	if h.Messages == "" {
		h.Messages = "0"
	}
	var toks []string
	for _, t := range []struct {
		n      float64
		prefix string
	}{{in, "↑"}, {out, "↓"}, {cr, "R"}, {cw, "W"}} {
		if t.n != 0 {
			toks = append(toks, t.prefix+formatTokens(t.n))
		}
	}
	h.Tokens = strings.Join(toks, " ")
	if h.Tokens == "" {
		h.Tokens = "0"
	}
	h.Cost = "$" + toFixed(cost, 3)
	h.Branch = branchInfo{Leaf: leaf, OnPath: len(b.onPath), Entries: len(b.tree.byID)}
	return h
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// toolDocs lists the tools with their parameters (pi's "Available Tools").
func toolDocs(tools []Tool) []toolDoc {
	var out []toolDoc
	for _, t := range tools {
		d := toolDoc{Name: t.Name, Description: t.Description}
		params, _ := t.Parameters.(map[string]any)
		props, _ := jsjson.AsMap(params["properties"])
		var required []string
		if req, ok := params["required"].([]any); ok {
			for _, r := range req {
				required = append(required, str(r))
			}
		}
		for _, name := range sortedKeys(props) {
			p, _ := props[name].(map[string]any)
			typ := "any"
			switch v := p["type"].(type) {
			case string:
				typ = v
			case []any:
				var ts []string
				for _, x := range v {
					ts = append(ts, str(x))
				}
				typ = strings.Join(ts, " | ")
			}
			d.Params = append(d.Params, paramDoc{Name: name, Type: typ, Description: str(p["description"]), Required: slices.Contains(required, name)})
		}
		out = append(out, d)
	}
	return out
}

func sortedKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }

// clockTime is the fallback text of a timestamp (the script shows local
// time instead).
func clockTime(iso string) string {
	tm, err := time.Parse(time.RFC3339Nano, iso)
	if err != nil {
		return ""
	}
	return tm.UTC().Format("15:04:05") + " UTC"
}

func dateTime(iso string) string {
	tm, err := time.Parse(time.RFC3339Nano, iso)
	if err != nil {
		return iso
	}
	return tm.UTC().Format("2006-01-02 15:04:05") + " UTC"
}
