package mcp

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
)

const maxToolNameLength = 64

var unsafeNameChars = regexp.MustCompile(`[^A-Za-z0-9_]`)

// ToolName is pi-mcp's createMcpToolName: mcp__<server>__<tool> with every
// other character than letters, digits and "_" as "_"; a name over 64
// characters or taken gets an 8-hex sha256 suffix.
func ToolName(server, tool string, taken func(string) bool) string {
	name := unsafeNameChars.ReplaceAllString("mcp__"+server+"__"+tool, "_")
	if len(name) <= maxToolNameLength && (taken == nil || !taken(name)) {
		return name
	}
	sum := sha256.Sum256([]byte(server + "\x00" + tool))
	hash := hex.EncodeToString(sum[:])[:8]
	if len(name) > maxToolNameLength-len(hash)-1 {
		name = name[:maxToolNameLength-len(hash)-1]
	}
	return name + "_" + hash
}

// outputMaxBytes is pi-mcp's MCP_OUTPUT_MAX_BYTES: longer text reaches the
// model with its middle cut out.
const outputMaxBytes = 20 * 1024

// ConvertResult turns a CallToolResult (as JSON data) into pi's tool result
// as pi 1.6's convertMcpResult: text and images for the model (other blocks
// described in text, structuredContent as JSON when there are no blocks),
// the result without _meta as structuredContent for scripts, and isError
// results as errors that say so.
func ConvertResult(server, tool string, result map[string]any, readableResources bool) engine.ToolResult {
	blocks, _ := result["content"].([]any)
	var content []engine.Content
	for _, b := range blocks {
		block, _ := b.(map[string]any)
		content = append(content, blockContent(server, block, readableResources))
	}
	if len(content) == 0 {
		if sc, ok := result["structuredContent"]; ok {
			content = append(content, engine.Content{Type: "text", Text: jsonIndent(sc)})
		}
	}
	isError, _ := result["isError"].(bool)
	if isError && textOf(content) == "" {
		content = append(content, engine.Content{Type: "text", Text: fmt.Sprintf("MCP tool %s/%s returned an error", server, tool)})
	}
	details := map[string]any{"server": server, "tool": tool}
	content, full := limitContent(content)
	if full != "" {
		details["fullOutputPath"] = full
	}
	scripts := map[string]any{}
	for k, v := range result {
		// resultType "complete" is how the SDK's newer protocol version
		// marks a finished call; pi's protocol version has no such field.
		if k != "_meta" && !(k == "resultType" && v == "complete") {
			scripts[k] = v
		}
	}
	if content == nil {
		content = []engine.Content{}
	}
	return engine.ToolResult{Content: content, Details: details, StructuredContent: scripts, IsError: isError}
}

func blockContent(server string, block map[string]any, readable bool) engine.Content {
	str := func(m map[string]any, k string) string { s, _ := m[k].(string); return s }
	text := func(s string) engine.Content { return engine.Content{Type: "text", Text: s} }
	switch str(block, "type") {
	case "text":
		return text(str(block, "text"))
	case "image":
		return engine.Content{Type: "image", Data: str(block, "data"), MimeType: str(block, "mimeType")}
	case "audio":
		return text(fmt.Sprintf("[audio %s omitted]", str(block, "mimeType")))
	case "resource_link":
		var details []string
		if m := str(block, "mimeType"); m != "" {
			details = append(details, m)
		}
		if n, ok := block["size"].(float64); ok {
			details = append(details, formatSize(n))
		}
		title := str(block, "title")
		if title == "" {
			title = str(block, "name")
		}
		s := fmt.Sprintf("[Resource %s %q", str(block, "uri"), title)
		if len(details) > 0 {
			s += " (" + strings.Join(details, ", ") + ")"
		}
		if d := str(block, "description"); d != "" {
			s += ": " + d
		}
		if readable {
			s += fmt.Sprintf(". Read it with read_mcp_resource (server %q)", server)
		}
		return text(s + "]")
	case "resource":
		res, _ := block["resource"].(map[string]any)
		if t, ok := res["text"].(string); ok {
			return text(t)
		}
		mime, uri := str(res, "mimeType"), str(res, "uri")
		if strings.HasPrefix(mime, "image/") {
			return engine.Content{Type: "image", Data: str(res, "blob"), MimeType: mime}
		}
		data, _ := base64.StdEncoding.DecodeString(str(res, "blob"))
		if isTextMime(mime) {
			return text(string(data))
		}
		kind := mime
		if kind == "" {
			kind = "unknown type"
		}
		kind += ", " + formatSize(float64(len(data)))
		path, err := saveTemp(data, extensionOf(uri))
		if err != nil {
			return text(fmt.Sprintf("[Binary resource %s (%s) could not be saved: %v]", uri, kind, err))
		}
		return text(fmt.Sprintf("[Binary resource %s (%s) saved to %s]", uri, kind, path))
	}
	return text(fmt.Sprintf("[unsupported MCP content %s]", str(block, "type")))
}

func isTextMime(m string) bool {
	t := strings.ToLower(strings.TrimSpace(strings.SplitN(m, ";", 2)[0]))
	return m != "" && (strings.HasPrefix(t, "text/") || t == "application/json" || strings.HasSuffix(t, "+json") || strings.HasSuffix(t, "+xml"))
}

var uriExtension = regexp.MustCompile(`\.[A-Za-z0-9]{1,8}$`)

func extensionOf(uri string) string {
	path := uri
	if i := strings.Index(uri, "://"); i >= 0 {
		path = uri[i+3:]
		if j := strings.IndexAny(path, "?#"); j >= 0 {
			path = path[:j]
		}
	}
	if e := uriExtension.FindString(path); e != "" {
		return e
	}
	return ".bin"
}

// formatSize is pi's formatSize (truncate.ts).
func formatSize(n float64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%gB", n)
	case n < 1024*1024:
		return fmt.Sprintf("%.1fKB", n/1024)
	}
	return fmt.Sprintf("%.1fMB", n/(1024*1024))
}

func textOf(content []engine.Content) string {
	var parts []string
	for _, c := range content {
		if c.Type == "text" {
			parts = append(parts, c.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func jsonIndent(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// limitContent is pi-mcp's limitMcpContent: text over 20 KB becomes one
// block with its middle removed, the full text saved to a temporary file.
func limitContent(content []engine.Content) ([]engine.Content, string) {
	combined := textOf(content)
	if len(combined) <= outputMaxBytes {
		return content, ""
	}
	headEnd := outputMaxBytes / 2
	for headEnd > 0 && !utf8.RuneStart(combined[headEnd]) {
		headEnd--
	}
	tailStart := len(combined) - (outputMaxBytes - outputMaxBytes/2)
	for tailStart < len(combined) && !utf8.RuneStart(combined[tailStart]) {
		tailStart++
	}
	lines := strings.Count(combined, "\n") + 1
	if strings.HasSuffix(combined, "\n") {
		lines--
	}
	where, full := "", ""
	if path, err := saveTemp([]byte(combined), ".txt"); err != nil {
		where = fmt.Sprintf("\n\n[Could not save the full output: %v]", err)
	} else {
		full = path
		where = fmt.Sprintf("\n\n[Full output: %s (read it with offset/limit)]", path)
	}
	removed := utf8.RuneCountInString(combined[headEnd:tailStart])
	text := fmt.Sprintf("Warning: truncated output (original token count: %d)\nTotal output lines: %d\n\n%s\u2026%d chars truncated\u2026%s%s",
		int(math.Ceil(float64(len(combined))/4)), lines, combined[:headEnd], removed, combined[tailStart:], where)
	out := []engine.Content{{Type: "text", Text: text}}
	for _, c := range content {
		if c.Type == "image" {
			out = append(out, c)
		}
	}
	return out, full
}

// saveTemp writes data to a new file in the temporary directory, as pi's
// writeOutputFile("pi-mcp", ...).
func saveTemp(data []byte, ext string) (string, error) {
	f, err := os.CreateTemp("", "pi-mcp-*"+ext)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := f.Write(data); err != nil {
		return "", err
	}
	return f.Name(), nil
}

// orderedResult is the CallToolResult scripts receive (ConvertResult's
// structuredContent) with its keys in the order of the JSON text, as
// JSON.parse gives it to pi's scripts ({"type":"text","text":...}, not
// sorted); fallback when the text does not parse.
func orderedResult(raw []byte, fallback any) any {
	v, err := jsjson.Parse(raw)
	obj, ok := v.(*jsjson.Object)
	if err != nil || !ok {
		return fallback
	}
	out := jsjson.Object{}
	for _, m := range *obj {
		if m.Key != "_meta" && !(m.Key == "resultType" && m.Value == "complete") {
			out = append(out, m)
		}
	}
	return &out
}
