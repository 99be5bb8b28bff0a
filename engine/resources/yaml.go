package resources

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// The YAML subset pi's frontmatter needs. pi parses frontmatter with the
// `yaml` npm package (YAML 1.2, core schema); this parser reads what
// frontmatter uses: block mappings and sequences, flow collections,
// plain, single- and double-quoted scalars (multi-line too), literal and
// folded block scalars with chomping and indentation indicators, comments,
// anchors and aliases, and the core schema's null/bool/int/float
// resolution. Tags are ignored except !!str. Values are nil, bool,
// float64, string, []any and *jsjson.Object (mappings keep the order they
// are written in, which JavaScript callers see; plainYAML turns them into
// map[string]any for Go ones).
//
// Inputs `yaml` rejects are rejected with the same first words (a plain
// value holding ": " on its key's line is "Nested mappings are not allowed
// in compact mappings", a tab as indentation, a duplicate key, a missing
// closing quote, a reserved first character); `yaml` appends a code frame
// to its messages, this parser only names the line and column.

// yamlError is a parse failure at a 1-based line and column of the input.
type yamlError struct {
	msg       string
	line, col int
}

func (e *yamlError) Error() string {
	if e.line == 0 {
		return e.msg
	}
	return fmt.Sprintf("%s at line %d, column %d", e.msg, e.line, e.col)
}

// parseYAML parses one document; an empty or comment-only document is nil.
func parseYAML(text string) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			ye, ok := r.(*yamlError)
			if !ok {
				panic(r)
			}
			v, err = nil, ye
		}
	}()
	p := newYAMLParser(strings.TrimPrefix(text, "\ufeff"))
	return p.document(), nil
}

func yamlFail(msg string, line, col int) { panic(&yamlError{msg, line, col}) }

type yamlLine struct {
	indent int    // leading spaces
	text   string // the line without them
	raw    string
	no     int // 1-based
}

type yamlParser struct {
	lines   []yamlLine
	pos     int
	anchors map[string]any
}

func newYAMLParser(text string) *yamlParser {
	p := &yamlParser{anchors: map[string]any{}}
	for i, raw := range strings.Split(text, "\n") {
		raw = strings.TrimSuffix(raw, "\r")
		t := strings.TrimLeft(raw, " ")
		p.lines = append(p.lines, yamlLine{indent: len(raw) - len(t), text: t, raw: raw, no: i + 1})
	}
	return p
}

var (
	seqItemRE     = regexp.MustCompile(`^-( |$)`)
	docMarkerRE   = regexp.MustCompile(`^(\.\.\.|---)(\s|$)`)
	docStartRE    = regexp.MustCompile(`^---(\s|$)`)
	anchorRE      = regexp.MustCompile(`^&([^\s,\[\]{}]+)\s*`)
	tagRE         = regexp.MustCompile(`^!(!?)(\S*)\s*`)
	intRE         = regexp.MustCompile(`^[-+]?[0-9]+$`)
	octRE         = regexp.MustCompile(`^0o[0-7]+$`)
	hexRE         = regexp.MustCompile(`^0x[0-9a-fA-F]+$`)
	floatRE       = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
	infRE         = regexp.MustCompile(`^[-+]?\.(inf|Inf|INF)$`)
	nanRE         = regexp.MustCompile(`^\.(nan|NaN|NAN)$`)
	blockHeaderRE = regexp.MustCompile(`^([|>])([1-9]?)([+-]?)([1-9]?)\s*(#.*)?$`)
)

func isSeqItem(t string) bool { return seqItemRE.MatchString(t) }

func (p *yamlParser) blank(l yamlLine) bool {
	t := strings.TrimSpace(l.text)
	return t == "" || strings.HasPrefix(t, "#")
}

func (p *yamlParser) skipBlank() {
	for p.pos < len(p.lines) && p.blank(p.lines[p.pos]) {
		p.pos++
	}
}

func (p *yamlParser) document() any {
	p.skipBlank()
	if p.pos < len(p.lines) {
		l := p.lines[p.pos]
		if l.indent == 0 && docStartRE.MatchString(l.text) {
			if rest := strings.TrimSpace(l.text[3:]); rest != "" {
				p.lines[p.pos] = yamlLine{indent: 4, text: rest, raw: l.raw, no: l.no}
			} else {
				p.pos++
			}
		}
	}
	p.skipBlank()
	if p.pos >= len(p.lines) {
		return nil
	}
	v := p.node(p.lines[p.pos].indent, -1)
	p.skipBlank()
	if p.pos < len(p.lines) {
		l := p.lines[p.pos]
		if !(l.indent == 0 && docMarkerRE.MatchString(l.text)) {
			yamlFail("Unexpected content", l.no, l.indent+1)
		}
	}
	return v
}

// node parses the node starting at the current line (indentation indent);
// parentIndent bounds its continuation lines.
func (p *yamlParser) node(indent, parentIndent int) any {
	p.skipBlank()
	if p.pos >= len(p.lines) {
		return nil
	}
	l := p.lines[p.pos]
	p.checkTab(l)
	if isSeqItem(l.text) {
		return p.sequence(l.indent)
	}
	if _, _, ok := p.keyOf(l.text, l.no); ok {
		return p.mapping(l.indent)
	}
	p.pos++
	t := strings.TrimSpace(stripYAMLComment(l.text))
	if m := anchorRE.FindStringSubmatch(t); m != nil {
		v := p.inline(t[len(m[0]):], l, parentIndent, false, false)
		p.anchors[m[1]] = v
		return v
	}
	return p.inline(t, l, parentIndent, false, false)
}

func (p *yamlParser) checkTab(l yamlLine) {
	if strings.HasPrefix(l.text, "\t") && strings.TrimSpace(l.text) != "" {
		yamlFail("Tabs are not allowed as indentation", l.no, l.indent+1)
	}
}

// keyOf splits "key: rest"; ok is false when the line is not a mapping
// entry.
func (p *yamlParser) keyOf(t string, lineNo int) (key, rest string, ok bool) {
	if t == "" || strings.HasPrefix(t, "? ") {
		return "", "", false
	}
	if t[0] == '"' || t[0] == '\'' {
		end := findQuoteEnd(t[1:], t[0])
		if end < 0 {
			return "", "", false
		}
		key = unquote(t[1:end+1], t[0], lineNo)
		i := end + 2
		for i < len(t) && t[i] == ' ' {
			i++
		}
		if i >= len(t) || t[i] != ':' || (i+1 < len(t) && t[i+1] != ' ' && t[i+1] != '\t') {
			return "", "", false
		}
		return key, t[i+1:], true
	}
	switch t[0] {
	case '[', '{', '#', '*', '|', '>':
		return "", "", false
	}
	for i := 0; i < len(t); i++ {
		if t[i] == ':' && (i+1 == len(t) || t[i+1] == ' ' || t[i+1] == '\t') {
			key = strings.TrimRight(t[:i], " \t")
			if strings.Contains(key, " #") {
				return "", "", false
			}
			return key, t[i+1:], true
		}
		if t[i] == '#' && i > 0 && (t[i-1] == ' ' || t[i-1] == '\t') {
			return "", "", false
		}
	}
	return "", "", false
}

func (p *yamlParser) mapping(indent int) *jsjson.Object {
	out := &jsjson.Object{}
	for {
		p.skipBlank()
		if p.pos >= len(p.lines) {
			break
		}
		l := p.lines[p.pos]
		if l.indent < indent {
			break
		}
		p.checkTab(l)
		if l.indent > indent {
			yamlFail("All mapping items must start at the same column", l.no, l.indent+1)
		}
		if l.indent == 0 && docMarkerRE.MatchString(l.text) {
			break
		}
		key, rest, ok := p.keyOf(l.text, l.no)
		if !ok {
			if isSeqItem(l.text) {
				break
			}
			yamlFail("Implicit map keys need to be followed by map values", l.no, l.indent+1)
		}
		if _, dup := out.Get(key); dup {
			yamlFail("Map keys must be unique", l.no, l.indent+1)
		}
		p.pos++
		col := len(l.raw) - len(rest) + 1
		v := p.afterIndicator(rest, l, col, indent, true)
		if key == "<<" {
			if m, ok := v.(*jsjson.Object); ok {
				for _, x := range *m {
					out.Set(x.Key, x.Value)
				}
				continue
			}
		}
		out.Set(key, v)
	}
	return out
}

func (p *yamlParser) sequence(indent int) []any {
	out := []any{}
	for {
		p.skipBlank()
		if p.pos >= len(p.lines) {
			break
		}
		l := p.lines[p.pos]
		if l.indent < indent || !isSeqItem(l.text) {
			break
		}
		if l.indent > indent {
			yamlFail("All collection items must start at the same column", l.no, l.indent+1)
		}
		rest := l.text[1:]
		inner := strings.TrimLeft(rest, " ")
		if inner == "" || strings.HasPrefix(inner, "#") {
			p.pos++
			p.skipBlank()
			if p.pos < len(p.lines) && p.lines[p.pos].indent > indent {
				out = append(out, p.node(p.lines[p.pos].indent, indent))
			} else {
				out = append(out, nil)
			}
			continue
		}
		// Re-read the item's content as a line of its own at its column.
		col := l.indent + 1 + (len(rest) - len(inner))
		p.lines[p.pos] = yamlLine{indent: col, text: inner, raw: l.raw, no: l.no}
		out = append(out, p.node(col, indent))
	}
	return out
}

// afterIndicator parses what follows "key:": the rest of the line (which
// starts at 1-based column col) or, when it is empty, the indented block
// below.
func (p *yamlParser) afterIndicator(rest string, l yamlLine, col, indent int, inMapping bool) any {
	text := rest
	if strings.TrimSpace(text) == "" {
		text = ""
	}
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	col += lead
	text = strings.TrimSpace(stripYAMLComment(text))
	anchor := ""
	forceStr := false
	for {
		if m := anchorRE.FindStringSubmatch(text); m != nil {
			anchor = m[1]
			text = text[len(m[0]):]
			col += len(m[0])
			continue
		}
		if m := tagRE.FindStringSubmatch(text); m != nil {
			if m[1] == "!" && m[2] == "str" {
				forceStr = true
			}
			text = text[len(m[0]):]
			col += len(m[0])
			continue
		}
		break
	}
	var v any
	if text == "" {
		p.skipBlank()
		if p.pos < len(p.lines) {
			next := p.lines[p.pos]
			if next.indent > indent || (inMapping && next.indent == indent && isSeqItem(next.text)) {
				v = p.node(next.indent, indent)
			}
		}
	} else {
		v = p.inline(text, yamlLine{indent: col - 1, text: text, raw: l.raw, no: l.no}, indent, forceStr, true)
	}
	if anchor != "" {
		p.anchors[anchor] = v
	}
	return v
}

// inline parses a scalar, alias, block scalar or flow collection starting
// with text on line l (l.indent is its 0-based column); compact is true
// for a value on its key's line.
func (p *yamlParser) inline(text string, l yamlLine, parentIndent int, forceStr, compact bool) any {
	if text == "" {
		return nil // an anchor or tag with no value: null, as yaml parses it
	}
	col := l.indent + 1
	if strings.HasPrefix(text, "*") {
		return alias(p.anchors, strings.TrimSpace(text[1:]))
	}
	if strings.HasPrefix(text, "|") || strings.HasPrefix(text, ">") {
		return p.blockScalar(text, l.no, col, parentIndent)
	}
	if strings.HasPrefix(text, "[") || strings.HasPrefix(text, "{") {
		src := text
		for !flowBalanced(src) && p.pos < len(p.lines) {
			src += " " + strings.TrimSpace(stripYAMLComment(p.lines[p.pos].text))
			p.pos++
		}
		fp := &flowParser{s: src, line: l.no, col: col, anchors: p.anchors}
		return fp.parse()
	}
	if text[0] == '"' || text[0] == '\'' {
		q := text[0]
		parts := []string{text[1:]}
		for findQuoteEnd(parts[len(parts)-1], q) < 0 && p.pos < len(p.lines) {
			parts = append(parts, p.lines[p.pos].raw)
			p.pos++
		}
		last := parts[len(parts)-1]
		end := findQuoteEnd(last, q)
		if end < 0 {
			yamlFail(fmt.Sprintf("Missing closing %cquote", q), l.no, col+len(text))
		}
		if tail := strings.TrimSpace(stripYAMLComment(last[end+1:])); tail != "" {
			yamlFail("Unexpected scalar at node end", l.no, col)
		}
		parts[len(parts)-1] = last[:end]
		return unquote(foldLines(parts, true), q, l.no)
	}
	switch text[0] {
	case '@', '`':
		yamlFail(fmt.Sprintf("Plain value cannot start with reserved character %c", text[0]), l.no, col)
	case '%':
		yamlFail("Plain value cannot start with directive indicator character %", l.no, col)
	}
	if compact && (strings.Contains(text, ": ") || strings.Contains(text, ":\t") || strings.HasSuffix(text, ":")) {
		yamlFail("Nested mappings are not allowed in compact mappings", l.no, col)
	}
	// A plain scalar, maybe continued on more-indented lines.
	parts := []string{text}
	for p.pos < len(p.lines) {
		n := p.lines[p.pos]
		if strings.TrimSpace(n.text) == "" {
			// Blank lines inside a multi-line plain scalar become newlines.
			k := p.pos
			for k < len(p.lines) && strings.TrimSpace(p.lines[k].text) == "" {
				k++
			}
			if k < len(p.lines) && p.lines[k].indent > parentIndent && !strings.HasPrefix(p.lines[k].text, "#") &&
				!p.isKey(p.lines[k]) && !isSeqItem(p.lines[k].text) {
				for b := p.pos; b < k; b++ {
					parts = append(parts, "")
				}
				p.pos = k
				continue
			}
			break
		}
		if n.indent <= parentIndent || strings.HasPrefix(n.text, "#") {
			break
		}
		if p.isKey(n) {
			if compact {
				yamlFail("Nested mappings are not allowed in compact mappings", l.no, col)
			}
			break
		}
		if isSeqItem(n.text) {
			break
		}
		parts = append(parts, strings.TrimSpace(stripYAMLComment(n.text)))
		p.pos++
	}
	plain := foldLines(parts, false)
	if forceStr {
		return plain
	}
	return resolvePlain(plain)
}

func (p *yamlParser) isKey(l yamlLine) bool {
	_, _, ok := p.keyOf(l.text, l.no)
	return ok
}

func (p *yamlParser) blockScalar(header string, lineNo, col, parentIndent int) string {
	m := blockHeaderRE.FindStringSubmatch(header)
	if m == nil {
		yamlFail("Block scalar header includes extra characters", lineNo, col)
	}
	folded := m[1] == ">"
	chomp := m[3]
	explicit := m[2] + m[4]
	contentIndent := -1
	if explicit != "" {
		n, _ := strconv.Atoi(explicit)
		contentIndent = max(parentIndent, 0) + n
	}
	var body []string
	for p.pos < len(p.lines) {
		l := p.lines[p.pos]
		if strings.TrimSpace(l.text) == "" {
			if ci := max(contentIndent, 0); len(l.raw) > ci {
				body = append(body, l.raw[ci:])
			} else {
				body = append(body, "")
			}
			p.pos++
			continue
		}
		if contentIndent < 0 {
			if l.indent <= parentIndent {
				break
			}
			contentIndent = l.indent
		}
		if l.indent < contentIndent {
			break
		}
		body = append(body, l.raw[contentIndent:])
		p.pos++
	}
	// Trailing blank lines belong to chomping.
	end := len(body)
	for end > 0 && strings.TrimSpace(body[end-1]) == "" {
		end--
	}
	content := body[:end]
	trailing := len(body) - end
	var text string
	if !folded {
		text = strings.Join(content, "\n")
	} else {
		moreIndented := func(s string) bool { return strings.HasPrefix(s, " ") || strings.HasPrefix(s, "\t") }
		var b strings.Builder
		for i, line := range content {
			if i == 0 {
				b.WriteString(line)
				continue
			}
			prev := content[i-1]
			switch {
			case line == "":
				b.WriteString("\n")
			case prev == "" || moreIndented(line) || moreIndented(prev):
				if prev != "" {
					b.WriteString("\n")
				}
				b.WriteString(line)
			default:
				b.WriteString(" " + line)
			}
		}
		text = b.String()
	}
	if len(content) == 0 {
		if chomp == "+" {
			return strings.Repeat("\n", trailing)
		}
		return ""
	}
	switch chomp {
	case "-":
		return text
	case "+":
		return text + "\n" + strings.Repeat("\n", trailing)
	}
	return text + "\n"
}

// resolvePlain is the core schema's resolution of a plain scalar.
func resolvePlain(s string) any {
	switch s {
	case "", "~", "null", "Null", "NULL":
		return nil
	case "true", "True", "TRUE":
		return true
	case "false", "False", "FALSE":
		return false
	}
	switch {
	case intRE.MatchString(s), floatRE.MatchString(s):
		f, err := strconv.ParseFloat(s, 64)
		if err == nil {
			return f
		}
	case octRE.MatchString(s):
		if n, err := strconv.ParseInt(s[2:], 8, 64); err == nil {
			return float64(n)
		}
	case hexRE.MatchString(s):
		if n, err := strconv.ParseInt(s[2:], 16, 64); err == nil {
			return float64(n)
		}
	case infRE.MatchString(s):
		if strings.HasPrefix(s, "-") {
			return math.Inf(-1)
		}
		return math.Inf(1)
	case nanRE.MatchString(s):
		return math.NaN()
	}
	return s
}

// stripYAMLComment removes a " #" comment outside quotes.
func stripYAMLComment(s string) string {
	inS, inD := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && inD {
			i++
			continue
		}
		switch {
		case c == '\'' && !inD:
			inS = !inS
		case c == '"' && !inS:
			inD = !inD
		case c == '#' && !inS && !inD && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t'):
			return strings.TrimRight(s[:i], " \t")
		}
	}
	return strings.TrimRight(s, " \t")
}

func unescapeDoubleQuoted(s string, lineNo int) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			yamlFail("Invalid escape sequence", lineNo, 0)
		}
		hex := func(n int) {
			h := s[i+1 : min(i+1+n, len(s))]
			v, err := strconv.ParseUint(h, 16, 32)
			if len(h) != n || err != nil {
				yamlFail("Invalid escape sequence "+s[i-1:min(i+1+n, len(s))], lineNo, 0)
			}
			i += n
			b.WriteRune(rune(v))
		}
		switch e := s[i]; e {
		case '0':
			b.WriteByte(0)
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte('\b')
		case 't', '\t':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'v':
			b.WriteByte('\v')
		case 'f':
			b.WriteByte('\f')
		case 'r':
			b.WriteByte('\r')
		case 'e':
			b.WriteByte(0x1b)
		case ' ', '"', '/', '\\':
			b.WriteByte(e)
		case 'N':
			b.WriteRune('\u0085')
		case '_':
			b.WriteRune('\u00a0')
		case 'L':
			b.WriteRune('\u2028')
		case 'P':
			b.WriteRune('\u2029')
		case 'x':
			hex(2)
		case 'u':
			hex(4)
		case 'U':
			hex(8)
		default:
			yamlFail(`Invalid escape sequence \`+string(e), lineNo, 0)
		}
	}
	return b.String()
}

// foldLines joins the lines of a multi-line flow scalar: a line break
// between two non-empty lines becomes a space, the empty lines between
// them newlines. A plain scalar's lines come trimmed. A quoted scalar's
// are trimmed here, but for the first line's leading and the last line's
// trailing white space, and its last line is kept even when empty.
func foldLines(parts []string, quoted bool) string {
	var b strings.Builder
	breaks := 0
	for i, s := range parts {
		last := i == len(parts)-1
		if quoted {
			switch {
			case i == 0:
				s = strings.TrimRight(s, " \t")
			case last:
				s = strings.TrimLeft(s, " \t")
			default:
				s = strings.TrimSpace(s)
			}
		}
		if i > 0 && s == "" && !(quoted && last) {
			breaks++
			continue
		}
		if i > 0 {
			if breaks > 0 {
				b.WriteString(strings.Repeat("\n", breaks))
			} else {
				b.WriteByte(' ')
			}
		}
		breaks = 0
		b.WriteString(s)
	}
	return b.String()
}

// unquote decodes the body of a quoted scalar (q is its quote): escapes
// between double quotes, doubled quotes between single ones.
func unquote(body string, q byte, lineNo int) string {
	if q == '"' {
		return unescapeDoubleQuoted(body, lineNo)
	}
	return strings.ReplaceAll(body, "''", "'")
}

// alias is the value of the anchor name.
func alias(anchors map[string]any, name string) any {
	v, ok := anchors[name]
	if !ok {
		yamlFail(fmt.Sprintf("Unresolved alias (the anchor must be set before the alias): %s", name), 0, 0)
	}
	return v
}

func findQuoteEnd(s string, q byte) int {
	for i := 0; i < len(s); i++ {
		if q == '"' && s[i] == '\\' {
			i++
			continue
		}
		if s[i] == q {
			if q == '\'' && i+1 < len(s) && s[i+1] == '\'' {
				i++
				continue
			}
			return i
		}
	}
	return -1
}

func flowBalanced(s string) bool {
	depth := 0
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if q != 0 {
			if q == '"' && c == '\\' {
				i++
			} else if c == q {
				q = 0
			}
			continue
		}
		switch c {
		case '"', '\'':
			q = c
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		}
	}
	return depth <= 0
}

// flowParser reads a flow collection ([a, b], {k: v}) joined onto one line.
type flowParser struct {
	s         string
	i         int
	line, col int
	anchors   map[string]any
}

func (f *flowParser) fail(msg string) { yamlFail(msg, f.line, f.col+f.i) }

func (f *flowParser) ws() {
	for f.i < len(f.s) && strings.ContainsRune(" \t\r\n", rune(f.s[f.i])) {
		f.i++
	}
}

func (f *flowParser) at(i int) byte {
	if i < len(f.s) {
		return f.s[i]
	}
	return 0
}

func (f *flowParser) parse() any {
	v := f.value()
	f.ws()
	if f.i < len(f.s) && f.s[f.i] != '#' {
		f.fail("Unexpected flow-seq-end or flow-map-end")
	}
	return v
}

func (f *flowParser) value() any {
	f.ws()
	c := f.at(f.i)
	switch c {
	case '[':
		return f.seq()
	case '{':
		return f.mapping()
	case '"', '\'':
		end := findQuoteEnd(f.s[f.i+1:], c)
		if end < 0 {
			f.fail(fmt.Sprintf("Missing closing %cquote", c))
		}
		body := f.s[f.i+1 : f.i+1+end]
		f.i += end + 2
		return unquote(body, c, f.line)
	case '*':
		j := f.i + 1
		for j < len(f.s) && !strings.ContainsRune(" \t,[]{}", rune(f.s[j])) {
			j++
		}
		name := f.s[f.i+1 : j]
		f.i = j
		return alias(f.anchors, name)
	}
	j := f.i
	for j < len(f.s) && !strings.ContainsRune(",]}", rune(f.s[j])) &&
		!(f.s[j] == ':' && strings.ContainsRune(" \t,]}", rune(orSpace(f.at(j+1))))) {
		j++
	}
	raw := strings.TrimSpace(f.s[f.i:j])
	f.i = j
	return resolvePlain(raw)
}

func orSpace(c byte) byte {
	if c == 0 {
		return ' '
	}
	return c
}

func (f *flowParser) seq() []any {
	out := []any{}
	f.items(']', "sequence", "sequence", func() {
		v := f.value()
		f.ws()
		if f.at(f.i) == ':' {
			f.i++
			out = append(out, &jsjson.Object{{Key: jsjson.String(v), Value: f.value()}})
		} else {
			out = append(out, v)
		}
	})
	return out
}

func (f *flowParser) mapping() *jsjson.Object {
	out := &jsjson.Object{}
	f.items('}', "map", "mapping", func() {
		k := f.value()
		f.ws()
		var v any
		if f.at(f.i) == ':' {
			f.i++
			f.ws()
			if c := f.at(f.i); c != ',' && c != '}' {
				v = f.value()
			}
		}
		key := jsjson.String(k)
		if _, dup := out.Get(key); dup {
			f.fail("Map keys must be unique")
		}
		out.Set(key, v)
	})
	return out
}

// items reads a flow collection from its opening bracket to the closing
// one, end, calling item for each entry; name and kind word the errors
// ("Flow map in block collection ...", "Expected , or } in flow mapping").
func (f *flowParser) items(end byte, name, kind string, item func()) {
	unterminated := fmt.Sprintf("Flow %s in block collection must be sufficiently indented and end with a %c", name, end)
	f.i++
	for {
		f.ws()
		if f.at(f.i) == end {
			f.i++
			return
		}
		if f.i >= len(f.s) {
			f.fail(unterminated)
		}
		item()
		f.ws()
		switch f.at(f.i) {
		case ',':
			f.i++
		case end:
		case 0:
			f.fail(unterminated)
		default:
			f.fail(fmt.Sprintf("Expected , or %c in flow %s", end, kind))
		}
	}
}
