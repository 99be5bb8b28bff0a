package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// item is one entry of the chat: it renders itself at a width; the
// result is cached until the item or the view settings change.
type item interface {
	render(v *viewCtx, width int) []string
}

// viewCtx is what rendering an item depends on besides the item.
type viewCtx struct {
	th            *Theme
	hideThinking  bool
	toolsExpanded bool
	thinkingLabel string
	expandKey     string
	cancelKey     string
	gen           int // bumped when any of the above changes
	// Inline images (images.go): the terminal's protocol, terminal.
	// showImages and terminal.imageWidthCells.
	imageProto string
	showImages bool
	imageWidth int
}

// cached wraps an item with its last rendering.
type cached struct {
	item
	width, gen, ver int
	lines           []string
	dirty           int // the item's version; bump to re-render
}

func (c *cached) lines_(v *viewCtx, width int) []string {
	if c.lines == nil || c.width != width || c.gen != v.gen || c.ver != c.dirty {
		c.lines = c.render(v, width)
		c.width, c.gen, c.ver = width, v.gen, c.dirty
	}
	return c.lines
}

// padBlock pads every line by pad cells on both sides and fills it to
// width with a background token (pi's Box / Text with a background).
func padBlock(v *viewCtx, lines []string, width, pad int, bg string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		s := strings.Repeat(" ", pad) + l
		if w := ansi.StringWidth(s); w < width {
			s += strings.Repeat(" ", width-w)
		}
		if bg != "" {
			s = v.th.Bg(bg, s)
		}
		out = append(out, s)
	}
	return out
}

// wrapText wraps plain text to width, keeping its line breaks.
func wrapText(s string, width int) []string {
	if width < 1 {
		width = 1
	}
	return strings.Split(ansi.Wrap(s, width, ""), "\n")
}

// userItem is a prompt the user sent (pi: a markdown block on the user
// message background, one blank row above and below inside it).
type userItem struct {
	text  string
	first bool // the chat's first item: no blank row above it
}

func (u *userItem) render(v *viewCtx, width int) []string {
	body := renderMarkdown(v.th, u.text, width-2)
	for i, l := range body {
		body[i] = v.th.Fg("userMessageText", l)
	}
	lines := append(append([]string{""}, body...), "")
	if u.first {
		return padBlock(v, lines, width, 1, "userMessageBg")
	}
	return append([]string{""}, padBlock(v, lines, width, 1, "userMessageBg")...)
}

// block is one content block of an assistant message.
type block struct {
	kind string // text, thinking, toolCall
	text string
}

// assistantItem is a reply, rebuilt from its deltas as it streams.
type assistantItem struct {
	blocks     []block
	stopReason string
	errorMsg   string
}

func (a *assistantItem) at(i int, kind string) *block {
	for len(a.blocks) <= i {
		a.blocks = append(a.blocks, block{})
	}
	if a.blocks[i].kind == "" {
		a.blocks[i].kind = kind
	}
	return &a.blocks[i]
}

// setFinal replaces the blocks with the final message's content.
func (a *assistantItem) setFinal(msg map[string]any) {
	content, _ := msg["content"].([]any)
	a.blocks = a.blocks[:0]
	for _, c := range content {
		b, _ := c.(map[string]any)
		switch b["type"] {
		case "text":
			s, _ := b["text"].(string)
			a.blocks = append(a.blocks, block{kind: "text", text: s})
		case "thinking":
			s, _ := b["thinking"].(string)
			a.blocks = append(a.blocks, block{kind: "thinking", text: s})
		default:
			a.blocks = append(a.blocks, block{kind: "toolCall"})
		}
	}
	a.stopReason, _ = msg["stopReason"].(string)
	a.errorMsg, _ = msg["errorMessage"].(string)
}

func (a *assistantItem) render(v *viewCtx, width int) []string {
	var body []string
	inner := width - 2
	for _, b := range a.blocks {
		switch b.kind {
		case "text":
			if strings.TrimSpace(b.text) == "" {
				continue
			}
			if len(body) > 0 {
				body = append(body, "")
			}
			body = append(body, renderMarkdown(v.th, strings.TrimSpace(b.text), inner)...)
		case "thinking":
			if strings.TrimSpace(b.text) == "" {
				continue
			}
			if len(body) > 0 {
				body = append(body, "")
			}
			if v.hideThinking {
				body = append(body, v.th.Fg("thinkingText", Italic(v.thinkingLabel)))
				continue
			}
			for _, l := range renderMarkdown(v.th, strings.TrimSpace(b.text), inner) {
				body = append(body, v.th.Fg("thinkingText", Italic(ansi.Strip(l))))
			}
		}
	}
	status := ""
	switch a.stopReason {
	case "aborted":
		status = a.errorMsg
		if status == "" || status == "Request was aborted" {
			status = "Operation aborted"
		}
	case "error":
		status = "Error: " + a.errorMsg
		if a.errorMsg == "" {
			status = "Error: Unknown error"
		}
	}
	if status != "" {
		if len(body) > 0 {
			body = append(body, "")
		}
		body = append(body, v.th.Fg("error", status))
	}
	if len(body) == 0 {
		return nil
	}
	return append([]string{""}, padBlock(v, body, 0, 1, "")...)
}

// toolItem is a tool call and its execution (pi's ToolExecutionComponent
// without an extension renderer: a built-in preview per tool, else the
// name with its arguments, then the output).
type toolItem struct {
	id, name string
	args     map[string]any
	argsRaw  string
	output   string
	diff     string // an edit's details.diff
	// The extension renderers' lines (renderCall, renderResult), and the
	// result they are given; version counts updates.
	call, result rendered
	result_      any
	version      int
	isError      bool
	done         bool
	started      bool
	// start and took time the execution (pi's tool timer); took is the
	// result's durationMs when it has one.
	start time.Time
	took  time.Duration
	// images are the result's image blocks (images.go).
	images []*toolImage
}

// formatToolDuration is pi's: 4.2s, 3m 5s, 1h 2m 3s.
func formatToolDuration(d time.Duration) string {
	s := d.Seconds()
	if s < 60 {
		return fmt.Sprintf("%.1fs", s)
	}
	t := int(s)
	if t < 3600 {
		return fmt.Sprintf("%dm %ds", t/60, t%60)
	}
	return fmt.Sprintf("%dh %dm %ds", t/3600, t/60%60, t%60)
}

func (t *toolItem) render(v *viewCtx, width int) []string {
	bg := "toolPendingBg"
	if t.done {
		bg = "toolSuccessBg"
		if t.isError {
			bg = "toolErrorBg"
		}
	}
	inner := width - 2
	var body []string
	str := func(k string) string { s, _ := t.args[k].(string); return s }
	out := strings.TrimRight(t.output, "\n")
	if len(t.images) > 0 && !v.showsImages() { // pi's getTextOutput: the images as text
		var alt []string
		for _, img := range t.images {
			alt = append(alt, img.fallback())
		}
		if out != "" {
			out += "\n"
		}
		out += strings.Join(alt, "\n")
	}
	switch t.name {
	case "bash":
		body = append(body, v.th.Fg("toolTitle", Bold("$ "+str("command"))))
		if out != "" {
			lines := strings.Split(out, "\n")
			const tail = 5
			body = append(body, "")
			if !v.toolsExpanded && len(lines) > tail {
				body = append(body, v.th.Fg("muted", fmt.Sprintf("... (%d earlier lines, %s to expand)", len(lines)-tail, v.expandKey)))
				lines = lines[len(lines)-tail:]
			}
			for _, l := range lines {
				body = append(body, wrapStyled(v, "toolOutput", l, inner)...)
			}
		}
		if t.done && (t.took > 0 || !t.start.IsZero()) {
			body = append(body, "", v.th.Fg("muted", "Took "+formatToolDuration(t.took)))
		}
	case "read":
		body = append(body, v.th.Fg("toolTitle", Bold("read"))+" "+toolPath(v, t.args)+v.th.Fg("warning", readRange(t.args)))
		// pi shows a file's content only when tools are expanded.
		if v.toolsExpanded || t.isError {
			body = append(body, previewLines(v, strings.ReplaceAll(out, "\t", "   "), inner, 10, "")...)
		}
	case "write":
		body = append(body, v.th.Fg("toolTitle", Bold("write"))+" "+toolPath(v, t.args))
		if content := strings.TrimRight(strings.ReplaceAll(str("content"), "\r", ""), "\n"); content != "" {
			n := strings.Count(content, "\n") + 1
			body = append(body, previewLines(v, content, inner, 10, fmt.Sprintf(" %d total,", n))...)
		}
		if t.isError && out != "" {
			body = append(body, "", v.th.Fg("error", out))
		}
	case "edit":
		body = append(body, v.th.Fg("toolTitle", Bold("edit"))+" "+toolPath(v, t.args))
		switch {
		case t.isError && out != "":
			body = append(body, "", v.th.Fg("error", out))
		case t.diff != "":
			body = append(body, "")
			for _, l := range strings.Split(t.diff, "\n") {
				token := "toolDiffContext"
				if strings.HasPrefix(l, "+") {
					token = "toolDiffAdded"
				} else if strings.HasPrefix(l, "-") {
					token = "toolDiffRemoved"
				}
				body = append(body, wrapStyled(v, token, l, inner)...)
			}
		}
	case "grep", "find", "ls":
		title := v.th.Fg("toolTitle", Bold(t.name)) + " "
		where := str("path")
		if where == "" {
			where = "."
		}
		switch t.name {
		case "grep":
			title += v.th.Fg("accent", "/"+str("pattern")+"/") + v.th.Fg("toolOutput", " in "+where)
			if g := str("glob"); g != "" {
				title += v.th.Fg("toolOutput", " ("+g+")")
			}
		case "find":
			title += v.th.Fg("accent", str("pattern")) + v.th.Fg("toolOutput", " in "+where)
		default:
			title += toolPath(v, t.args)
		}
		body = append(body, title)
		limit := 20
		if t.name == "grep" {
			limit = 15
		}
		body = append(body, previewLines(v, strings.TrimSpace(out), inner, limit, "")...)
	default:
		key := renderKey(inner, v.toolsExpanded) + fmt.Sprintf("/%t/%t/%d", t.done, t.isError, t.version)
		callLines, hasCall := t.call.get(key)
		resultLines, hasResult := t.result.get(key)
		if hasCall || hasResult {
			if hasCall {
				body = append(body, callLines...)
			} else {
				body = append(body, v.th.Fg("toolTitle", Bold(t.name)))
			}
			if hasResult {
				body = append(body, resultLines...)
			} else {
				body = append(body, previewLines(v, out, inner, 10, "")...)
			}
			break
		}
		body = append(body, v.th.Fg("toolTitle", Bold(t.name)))
		if args := formatArgs(t.args, t.argsRaw); args != "" {
			body = append(body, "")
			for _, l := range strings.Split(args, "\n") {
				body = append(body, wrapStyled(v, "", l, inner)...)
			}
		}
		body = append(body, previewLines(v, out, inner, 10, "")...)
	}
	lines := append(append([]string{""}, body...), "")
	box := append([]string{""}, padBlock(v, lines, width, 1, bg)...)
	if v.showsImages() {
		for _, img := range t.images { // pi's Spacer(1) and Image under the box
			box = append(append(box, ""), img.lines(v, width)...)
		}
	}
	return box
}

// toolPath is a tool's path argument as pi shows it (accent colour).
func toolPath(v *viewCtx, args map[string]any) string {
	p, _ := args["path"].(string)
	if p == "" {
		p, _ = args["file_path"].(string)
	}
	if p == "" {
		return v.th.Fg("toolOutput", "...")
	}
	return v.th.Fg("accent", p)
}

// readRange is pi's formatReadLineRange: ":offset" or ":start-end".
func readRange(args map[string]any) string {
	off, hasOff := args["offset"].(float64)
	lim, hasLim := args["limit"].(float64)
	if !hasOff && !hasLim {
		return ""
	}
	start := 1
	if hasOff {
		start = int(off)
	}
	if !hasLim {
		return fmt.Sprintf(":%d", start)
	}
	return fmt.Sprintf(":%d-%d", start, start+int(lim)-1)
}

// previewLines is pi's result preview: the first preview lines of
// output (all of them when tools are expanded), then how many more
// (total, when given, says "N total," as pi's write does).
func previewLines(v *viewCtx, out string, width, preview int, total string) []string {
	if out == "" {
		return nil
	}
	lines := strings.Split(out, "\n")
	shown := lines
	if !v.toolsExpanded && len(lines) > preview {
		shown = lines[:preview]
	}
	res := []string{""}
	for _, l := range shown {
		res = append(res, wrapStyled(v, "toolOutput", l, width)...)
	}
	if rest := len(lines) - len(shown); rest > 0 {
		res = append(res, v.th.Fg("muted", fmt.Sprintf("... (%d more lines,%s %s to expand)", rest, total, v.expandKey)))
	}
	return res
}

func wrapStyled(v *viewCtx, token, s string, width int) []string {
	lines := wrapText(strings.ReplaceAll(s, "\t", "    "), width)
	if token != "" {
		for i, l := range lines {
			lines[i] = v.th.Fg(token, l)
		}
	}
	return lines
}

func formatArgs(args map[string]any, raw string) string {
	if args == nil {
		return raw
	}
	b, err := json.MarshalIndent(args, "", "  ")
	if err != nil || string(b) == "{}" {
		return ""
	}
	return string(b)
}

// noticeItem is a line of status or an extension notification.
type noticeItem struct {
	text   string
	token  string
	status bool // pi's showStatus line: the next one replaces it while it is the last item
}

func (n *noticeItem) render(v *viewCtx, width int) []string {
	var out []string
	for _, l := range wrapText(n.text, width-2) {
		out = append(out, " "+v.th.Fg(n.token, l))
	}
	return append([]string{""}, out...)
}

// customItem is an extension's custom message (pi: label and text on
// the custom message background).
type customItem struct {
	label, text string
	msg         map[string]any // the message, for its extension renderer
	rend        rendered
}

func (c *customItem) render(v *viewCtx, width int) []string {
	if lines, ok := c.rend.get(renderKey(width, v.toolsExpanded)); ok {
		return append([]string{""}, lines...)
	}
	body := []string{v.th.Fg("customMessageLabel", Bold("["+c.label+"]")), ""}
	for _, l := range renderMarkdown(v.th, c.text, width-2) {
		body = append(body, v.th.Fg("customMessageText", l))
	}
	lines := append(append([]string{""}, body...), "")
	return append([]string{""}, padBlock(v, lines, width, 1, "customMessageBg")...)
}

// bashItem is a user's `!cmd` (pi's BashExecutionComponent): between
// two rules in the bash colour (dim for `!!`), the command, the last 20
// lines of output, then its status.
type bashItem struct {
	command   string
	output    string
	exitCode  int
	done      bool
	cancelled bool
	excluded  bool // !! : not sent to the model
	errText   string
}

func (b *bashItem) render(v *viewCtx, width int) []string {
	token := "bashMode"
	if b.excluded {
		token = "dim"
	}
	rule := v.th.Fg(token, strings.Repeat("─", width))
	body := []string{v.th.Fg(token, Bold("$ "+b.command))}
	out := strings.TrimRight(b.output, "\n")
	hidden := 0
	if out != "" {
		lines := strings.Split(out, "\n")
		const preview = 20
		if !v.toolsExpanded && len(lines) > preview {
			hidden = len(lines) - preview
			lines = lines[hidden:]
		}
		body = append(body, "")
		for _, l := range lines {
			body = append(body, wrapStyled(v, "muted", l, width-2)...)
		}
	}
	var status []string
	switch {
	case !b.done:
		status = append(status, v.th.Fg("muted", "Running... ("+v.cancelKey+" to cancel)"))
	case hidden > 0:
		status = append(status, v.th.Fg("muted", fmt.Sprintf("... %d more lines (", hidden))+v.th.Fg("dim", v.expandKey)+v.th.Fg("muted", " to expand)"))
	}
	switch {
	case b.errText != "":
		status = append(status, v.th.Fg("error", b.errText))
	case b.cancelled:
		status = append(status, v.th.Fg("warning", "(cancelled)"))
	case b.done && b.exitCode != 0:
		status = append(status, v.th.Fg("error", fmt.Sprintf("(exit %d)", b.exitCode)))
	}
	if len(status) > 0 {
		body = append(append(body, ""), status...)
	} else if out != "" {
		body = append(body, "")
	}
	lines := append([]string{"", rule}, padBlock(v, body, 0, 1, "")...)
	return append(lines, rule)
}

// summaryItem is a compaction or branch summary: collapsed to one line
// until tools are expanded (ctrl+o), as pi's summary components.
type summaryItem struct {
	branch       bool
	summary      string
	tokensBefore float64
}

func (s *summaryItem) render(v *viewCtx, width int) []string {
	label, collapsed, header := "[compaction]", "Compacted from "+formatCount(s.tokensBefore)+" tokens (", "**Compacted from "+formatCount(s.tokensBefore)+" tokens**\n\n"
	if s.branch {
		label, collapsed, header = "[branch]", "Branch summary (", "**Branch Summary**\n\n"
	}
	body := []string{v.th.Fg("customMessageLabel", Bold(label)), ""}
	if v.toolsExpanded {
		for _, l := range renderMarkdown(v.th, header+s.summary, width-2) {
			body = append(body, v.th.Fg("customMessageText", l))
		}
	} else {
		body = append(body, v.th.Fg("customMessageText", collapsed)+v.th.Fg("dim", v.expandKey)+v.th.Fg("customMessageText", " to expand)"))
	}
	lines := append(append([]string{""}, body...), "")
	return append([]string{""}, padBlock(v, lines, width, 1, "customMessageBg")...)
}

// formatCount is Number.toLocaleString for en-US: 12,345.
func formatCount(n float64) string {
	s := fmt.Sprintf("%d", int64(n))
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
