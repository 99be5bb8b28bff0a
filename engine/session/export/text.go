package export

import (
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// segment is a piece of message text: prose, or a fenced code block.
type segment struct {
	Code bool
	Lang string // the fence's info string (first word)
	Text string
}

// splitFences cuts markdown text into prose and ``` / ~~~ fenced code
// blocks (an unclosed fence runs to the end). Nothing else of markdown is
// interpreted: prose is shown as written.
func splitFences(text string) []segment {
	var segs []segment
	lines := strings.Split(text, "\n")
	var prose []string
	flush := func() {
		if s := strings.Join(prose, "\n"); strings.TrimSpace(s) != "" {
			segs = append(segs, segment{Text: strings.Trim(s, "\n")})
		}
		prose = nil
	}
	for i := 0; i < len(lines); i++ {
		l := strings.TrimLeft(lines[i], " ")
		fence := ""
		if strings.HasPrefix(l, "```") {
			fence = l[:strings.IndexFunc(l+"x", func(r rune) bool { return r != '`' })]
		} else if strings.HasPrefix(l, "~~~") {
			fence = l[:strings.IndexFunc(l+"x", func(r rune) bool { return r != '~' })]
		}
		if fence == "" || len(lines[i])-len(l) > 3 {
			prose = append(prose, lines[i])
			continue
		}
		flush()
		lang := strings.TrimSpace(l[len(fence):])
		if f := strings.Fields(lang); len(f) > 0 {
			lang = f[0]
		}
		var code []string
		j := i + 1
		for ; j < len(lines); j++ {
			c := strings.TrimSpace(lines[j])
			if strings.HasPrefix(c, fence) && strings.Trim(c, fence[:1]) == "" {
				break
			}
			code = append(code, lines[j])
		}
		segs = append(segs, segment{Code: true, Lang: lang, Text: strings.Join(code, "\n")})
		i = j
	}
	flush()
	return segs
}

var ansiRE = regexp.MustCompile(`\x1b\[[0-9;:?<=>]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()*+][0-9A-Za-z]|\x1b[@-Z\\-_]`)

// stripANSI removes terminal escape sequences (colours, hyperlinks) from
// tool output.
func stripANSI(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	return ansiRE.ReplaceAllString(s, "")
}

// output is a block of tool output: the first lines, and the rest behind
// a <details> when there are more than the preview shows.
type output struct {
	Head string
	Tail string
	More int // lines in Tail
}

func newOutput(text string, maxLines int) *output {
	text = strings.TrimRight(stripANSI(text), "\n")
	if text == "" {
		return nil
	}
	lines := strings.Split(text, "\n")
	if len(lines) <= maxLines {
		return &output{Head: text}
	}
	return &output{Head: strings.Join(lines[:maxLines], "\n"), Tail: strings.Join(lines[maxLines:], "\n"), More: len(lines) - maxLines}
}

// jsonText formats a value as indented JSON (JSON.stringify(v, null, 2)).
func jsonText(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimRight(b.String(), "\n")
}

// imageTypes are the image types pi's tools and clients produce; only
// these are embedded as data: URLs.
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

var base64RE = regexp.MustCompile(`^[A-Za-z0-9+/]*={0,2}$`)

// imageURL is the data: URL of an image block, or false when the block is
// not an image pi could have produced (unknown type, data that is not
// base64).
func imageURL(block map[string]any) (template.URL, bool) {
	mime, _ := block["mimeType"].(string)
	data, _ := block["data"].(string)
	data = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == ' ' {
			return -1
		}
		return r
	}, data)
	if !imageTypes[mime] || data == "" || !base64RE.MatchString(data) {
		return "", false
	}
	return template.URL("data:" + mime + ";base64," + data), true
}

// num reads a JSON number (0 when absent or not a number).
func num(v any) float64 {
	f, _ := v.(float64)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return f
}

func str(v any) string { s, _ := v.(string); return s }

// formatTokens is pi's viewer formatTokens: 999, 1.2k, 12k, 1.2M.
func formatTokens(n float64) string {
	switch {
	case n < 1000:
		return strconv.FormatFloat(n, 'f', -1, 64)
	case n < 10000:
		return toFixed(n/1000, 1) + "k"
	case n < 1000000:
		return strconv.FormatFloat(math.Round(n/1000), 'f', 0, 64) + "k"
	}
	return toFixed(n/1000000, 1) + "M"
}

// toFixed is JavaScript's Number.prototype.toFixed for non-negative
// numbers: the exact value rounded half up.
func toFixed(x float64, digits int) string {
	if x < 0 || math.IsNaN(x) || math.IsInf(x, 0) || x >= 1e21 {
		return strconv.FormatFloat(x, 'f', digits, 64)
	}
	// The exact decimal expansion of x has at most 1074 fractional digits;
	// 'f' with that precision does not round.
	exact := strconv.FormatFloat(x, 'f', 1100, 64)
	intPart, frac, _ := strings.Cut(exact, ".")
	keep := intPart + frac[:digits]
	n := []byte(keep)
	if frac[digits] >= '5' {
		i := len(n) - 1
		for ; i >= 0; i-- {
			if n[i] == '9' {
				n[i] = '0'
				continue
			}
			n[i]++
			break
		}
		if i < 0 {
			n = append([]byte{'1'}, n...)
		}
	}
	s := string(n)
	if digits == 0 {
		return s
	}
	return s[:len(s)-digits] + "." + s[len(s)-digits:]
}

// thousands formats an integer with comma separators (en-US
// toLocaleString).
func thousands(n float64) string {
	s := strconv.FormatFloat(math.Round(n), 'f', 0, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// oneLine squeezes text for the tree: newlines and tabs become spaces,
// then it is trimmed and cut to max characters with "...".
func oneLine(s string, max int) string {
	s = strings.TrimSpace(strings.NewReplacer("\n", " ", "\t", " ", "\r", " ").Replace(s))
	r := []rune(s)
	if len(r) > max {
		return string(r[:max]) + "..."
	}
	return s
}

// contentText joins the text blocks of message content (pi's
// extractContent); sep is what goes between blocks.
func contentText(content any, sep string) string {
	switch c := content.(type) {
	case string:
		return c
	case []any:
		var parts []string
		for _, b := range c {
			if m, ok := b.(map[string]any); ok && m["type"] == "text" {
				if s := str(m["text"]); s != "" {
					parts = append(parts, s)
				}
			}
		}
		return strings.Join(parts, sep)
	}
	return ""
}
