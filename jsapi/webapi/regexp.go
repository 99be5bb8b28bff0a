package webapi

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode/utf16"

	"github.com/dop251/goja"
)

// goja compiles \p{..} in a /u pattern as the literal "p{..}" (a silent
// wrong answer) and rejects the v flag. regexp.js routes such patterns
// through expandPattern, which rewrites property escapes and v-flag class
// set expressions into plain /u character classes of explicit code point
// ranges that goja runs correctly.

const maxRune = 0x10FFFF

// expandPattern rewrites src for flags; it returns the pattern and flags to
// compile. Errors are SyntaxError messages.
func expandPattern(src, flags string) (string, string, error) {
	v := strings.ContainsRune(flags, 'v')
	// goja has no d flag; regexp.js gives such a RegExp its own exec.
	flags = strings.Replace(flags, "d", "", 1)
	if !v && !strings.ContainsRune(flags, 'u') {
		return src, flags, nil
	}
	if v {
		if strings.ContainsRune(flags, 'u') {
			return "", "", fmt.Errorf("Invalid regular expression flags")
		}
		flags = strings.Replace(flags, "v", "u", 1)
	}
	p := &rxParser{src: []rune(src), v: v}
	if err := p.pattern(); err != nil {
		return "", "", err
	}
	return p.out.String(), flags, nil
}

type rxParser struct {
	src []rune
	i   int
	v   bool
	out strings.Builder
}

func (p *rxParser) more() bool { return p.i < len(p.src) }
func (p *rxParser) peek(k int) rune {
	if p.i+k < len(p.src) {
		return p.src[p.i+k]
	}
	return -1
}

// pattern copies everything but property escapes and (with v) classes.
func (p *rxParser) pattern() error {
	for p.more() {
		c := p.src[p.i]
		switch {
		case c == '\\' && (p.peek(1) == 'p' || p.peek(1) == 'P') && p.v:
			cls, err := p.propertyV()
			if err != nil {
				return err
			}
			cls.write(&p.out)
		case c == '\\' && (p.peek(1) == 'p' || p.peek(1) == 'P'):
			set, err := p.property()
			if err != nil {
				return err
			}
			writeClass(&p.out, set)
		case c == '\\':
			p.out.WriteRune(c)
			p.i++
			if p.more() {
				p.out.WriteRune(p.src[p.i])
				p.i++
			}
		case c == '[' && p.v:
			cls, err := p.classV()
			if err != nil {
				return err
			}
			cls.write(&p.out)
		case c == '[':
			if err := p.classU(); err != nil {
				return err
			}
		default:
			p.out.WriteRune(c)
			p.i++
		}
	}
	return nil
}

// classU copies a /u class, expanding property escapes in place.
func (p *rxParser) classU() error {
	p.out.WriteRune('[')
	p.i++
	for p.more() {
		c := p.src[p.i]
		switch {
		case c == ']':
			p.out.WriteRune(c)
			p.i++
			return nil
		case c == '\\' && (p.peek(1) == 'p' || p.peek(1) == 'P'):
			set, err := p.property()
			if err != nil {
				return err
			}
			writeRanges(&p.out, set)
		case c == '\\':
			p.out.WriteRune(c)
			p.i++
			if p.more() {
				p.out.WriteRune(p.src[p.i])
				p.i++
			}
		default:
			p.out.WriteRune(c)
			p.i++
		}
	}
	return fmt.Errorf("Unterminated character class")
}

// property reads \p{..} or \P{..} at p.i.
func (p *rxParser) property() ([]runeRange, error) {
	neg := p.src[p.i+1] == 'P'
	p.i += 2
	if p.peek(0) != '{' {
		return nil, fmt.Errorf("Invalid property name")
	}
	end := slices.Index(p.src[p.i:], '}')
	if end < 0 {
		return nil, fmt.Errorf("Invalid property name")
	}
	spec := string(p.src[p.i+1 : p.i+end])
	p.i += end + 1
	if neg && stringProperties[spec] {
		return nil, fmt.Errorf("Invalid property name")
	}
	set, err := unicodeProps().lookup(spec)
	if err != nil {
		return nil, err
	}
	if neg {
		set = complement(set)
	}
	return set, nil
}

// propertyV reads \p{..} or \P{..} at p.i in a /v pattern, where the
// properties of strings (\p{RGI_Emoji}, ...) are allowed too.
func (p *rxParser) propertyV() (vClass, error) {
	if p.src[p.i+1] == 'p' && p.peek(2) == '{' {
		if end := slices.Index(p.src[p.i+3:], '}'); end >= 0 {
			if name := string(p.src[p.i+3 : p.i+3+end]); stringProperties[name] {
				p.i += 3 + end + 1
				return stringProperty(name)
			}
		}
	}
	set, err := p.property()
	return vClass{set: set}, err
}

// vClass is what a /v class matches: code points, plus the strings of
// two or more code points that \q{...} adds.
type vClass struct {
	set  []runeRange
	strs map[string]bool
}

func (c vClass) union(o vClass) vClass {
	out := vClass{set: union(c.set, o.set), strs: map[string]bool{}}
	for s := range c.strs {
		out.strs[s] = true
	}
	for s := range o.strs {
		out.strs[s] = true
	}
	return out
}

func (c vClass) intersect(o vClass) vClass {
	out := vClass{set: intersect(c.set, o.set), strs: map[string]bool{}}
	for s := range c.strs {
		if o.strs[s] {
			out.strs[s] = true
		}
	}
	return out
}

func (c vClass) subtract(o vClass) vClass {
	out := vClass{set: intersect(c.set, complement(o.set)), strs: map[string]bool{}}
	for s := range c.strs {
		if !o.strs[s] {
			out.strs[s] = true
		}
	}
	return out
}

// write emits the class: a plain class, or with strings an alternation
// trying the longest strings first, as the v flag specifies.
func (c vClass) write(b *strings.Builder) {
	if len(c.strs) == 0 {
		writeClass(b, c.set)
		return
	}
	// The strings go in as a trie, (?:\u{1F468}(?:\u{200D}...|...)|...),
	// not one alternative each: a regexp engine then rejects text that no
	// string starts with at once instead of trying all of them (about
	// 3000 for \p{RGI_Emoji}). At each node the longer continuations come
	// before the string ending there, and siblings differ in their first
	// code point, so the longest string still wins, as the v flag says.
	root := &strTrie{}
	for s := range c.strs {
		if s != "" {
			root.add(s)
		}
	}
	b.WriteString("(?:")
	sep := ""
	if len(root.next) > 0 {
		root.writeAlternatives(b)
		sep = "|"
	}
	if len(c.set) > 0 {
		b.WriteString(sep)
		writeClass(b, c.set)
	}
	if c.strs[""] {
		b.WriteByte('|') // the empty string, tried last
	}
	b.WriteByte(')')
}

// strTrie is a vClass's strings by code point.
type strTrie struct {
	next map[rune]*strTrie
	end  bool // a string ends here
}

func (t *strTrie) add(s string) {
	for _, r := range s {
		if t.next == nil {
			t.next = map[rune]*strTrie{}
		}
		n := t.next[r]
		if n == nil {
			n = &strTrie{}
			t.next[r] = n
		}
		t = n
	}
	t.end = true
}

// writeAlternatives writes the node's continuations as alternatives (no
// group), in code point order.
func (t *strTrie) writeAlternatives(b *strings.Builder) {
	keys := slices.Sorted(maps.Keys(t.next))
	for i, r := range keys {
		if i > 0 {
			b.WriteByte('|')
		}
		fmt.Fprintf(b, `\u{%X}`, r)
		t.next[r].writeRest(b)
	}
}

// writeRest writes what may follow the code point leading to t.
func (t *strTrie) writeRest(b *strings.Builder) {
	switch {
	case len(t.next) == 0:
	case len(t.next) == 1 && !t.end:
		t.writeAlternatives(b)
	default:
		b.WriteString("(?:")
		t.writeAlternatives(b)
		if t.end {
			b.WriteByte('|') // the string ending here, after the longer ones
		}
		b.WriteByte(')')
	}
}

// classV parses a /v class (nested classes, && and --) at p.i.
func (p *rxParser) classV() (vClass, error) {
	p.i++ // [
	neg := false
	if p.peek(0) == '^' {
		neg = true
		p.i++
	}
	var cls vClass
	count := 0         // operands in a union
	rangeSeen := false // a union with a range cannot become an operation
	op := rune(0)      // '&' or '-' once the class is an intersection or subtraction
	for {
		if !p.more() {
			return vClass{}, fmt.Errorf("Unterminated character class")
		}
		c := p.src[p.i]
		if c == ']' {
			p.i++
			break
		}
		if (c == '&' || c == '-') && p.peek(1) == c {
			if (op != 0 && op != c) || (op == 0 && (count != 1 || rangeSeen)) {
				return vClass{}, fmt.Errorf("Invalid set operation in character class")
			}
			op = c
			p.i += 2
			operand, _, err := p.operandV()
			if err != nil {
				return vClass{}, err
			}
			if c == '&' {
				cls = cls.intersect(operand)
			} else {
				cls = cls.subtract(operand)
			}
			continue
		}
		if op != 0 {
			return vClass{}, fmt.Errorf("Invalid set operation in character class")
		}
		operand, ch, err := p.operandV()
		if err != nil {
			return vClass{}, err
		}
		if ch >= 0 && p.peek(0) == '-' && p.peek(1) != '-' {
			p.i++
			_, hi, err := p.operandV()
			if err != nil {
				return vClass{}, err
			}
			if hi < 0 || hi < ch {
				return vClass{}, fmt.Errorf("Range out of order in character class")
			}
			operand = vClass{set: []runeRange{{ch, hi}}}
			rangeSeen = true
		}
		count++
		cls = cls.union(operand)
	}
	if neg {
		if len(cls.strs) > 0 {
			return vClass{}, fmt.Errorf("Negated character class may contain strings")
		}
		cls.set = complement(cls.set)
	}
	return cls, nil
}

// operandV reads one /v class operand; ch is its code point when it is a
// single character (so it may start a range), else -1.
func (p *rxParser) operandV() (vClass, rune, error) {
	if !p.more() {
		return vClass{}, -1, fmt.Errorf("Unterminated character class")
	}
	c := p.src[p.i]
	switch c {
	case '[':
		cls, err := p.classV()
		return cls, -1, err
	case '\\':
		if p.peek(1) == 'q' {
			cls, err := p.stringDisjunction()
			return cls, -1, err
		}
		if p.peek(1) == 'p' || p.peek(1) == 'P' {
			cls, err := p.propertyV()
			return cls, -1, err
		}
		set, ch, err := p.escapeV()
		return vClass{set: set}, ch, err
	case '(', ')', '{', '}', '/', '|', '-', ']':
		return vClass{}, -1, fmt.Errorf("Invalid character in character class")
	}
	if p.peek(1) == c && strings.ContainsRune("&!#$%*+,.:;<=>?@^`~", c) {
		return vClass{}, -1, fmt.Errorf("Invalid set operation in character class")
	}
	p.i++
	return vClass{set: []runeRange{{c, c}}}, c, nil
}

// escapeV reads a backslash escape inside a /v class.
func (p *rxParser) escapeV() ([]runeRange, rune, error) {
	e := p.peek(1)
	switch e {
	case 'p', 'P':
		set, err := p.property()
		return set, -1, err
	case 'd', 'D', 'w', 'W', 's', 'S':
		p.i += 2
		set := map[rune][]runeRange{'d': digitSet, 'w': wordSet, 's': spaceSet}[e|0x20]
		if e < 'a' {
			set = complement(set)
		}
		return set, -1, nil
	}
	p.i++
	ch, err := p.charEscape()
	if err != nil {
		return nil, -1, err
	}
	return []runeRange{{ch, ch}}, ch, nil
}

// stringDisjunction reads \q{a|bc|}: single code points join the set,
// longer strings (and the empty one) become alternatives.
func (p *rxParser) stringDisjunction() (vClass, error) {
	p.i += 2
	if p.peek(0) != '{' {
		return vClass{}, fmt.Errorf("Invalid escape")
	}
	p.i++
	cls := vClass{strs: map[string]bool{}}
	var cur []rune
	for {
		if !p.more() {
			return vClass{}, fmt.Errorf("Invalid escape")
		}
		c := p.src[p.i]
		if c == '}' || c == '|' {
			p.i++
			if len(cur) == 1 {
				cls.set = union(cls.set, []runeRange{{cur[0], cur[0]}})
			} else {
				cls.strs[string(cur)] = true
			}
			cur = nil
			if c == '}' {
				return cls, nil
			}
			continue
		}
		if c == '\\' {
			p.i++
			ch, err := p.charEscape()
			if err != nil {
				return vClass{}, err
			}
			cur = append(cur, ch)
			continue
		}
		p.i++
		cur = append(cur, c)
	}
}

// charEscape reads a character escape after its backslash (at p.i).
func (p *rxParser) charEscape() (rune, error) {
	if !p.more() {
		return 0, fmt.Errorf("\\ at end of pattern")
	}
	c := p.src[p.i]
	p.i++
	switch c {
	case 'n':
		return '\n', nil
	case 't':
		return '\t', nil
	case 'r':
		return '\r', nil
	case 'f':
		return '\f', nil
	case 'v':
		return '\v', nil
	case 'b':
		return '\b', nil
	case '0':
		if d := p.peek(0); d >= '0' && d <= '9' {
			return 0, fmt.Errorf("Invalid class escape")
		}
		return 0, nil
	case 'c':
		if d := p.peek(0); (d|0x20) >= 'a' && (d|0x20) <= 'z' {
			p.i++
			return d % 32, nil
		}
		return 0, fmt.Errorf("Invalid unicode escape")
	case 'x':
		return p.hex(2)
	case 'u':
		if p.peek(0) == '{' {
			end := slices.Index(p.src[p.i:], '}')
			if end < 2 {
				return 0, fmt.Errorf("Invalid Unicode escape")
			}
			var v rune
			for _, d := range p.src[p.i+1 : p.i+end] {
				h := hexVal(d)
				if h < 0 || v > maxRune {
					return 0, fmt.Errorf("Invalid Unicode escape")
				}
				v = v*16 + h
			}
			if v > maxRune {
				return 0, fmt.Errorf("Invalid Unicode escape")
			}
			p.i += end + 1
			return v, nil
		}
		hi, err := p.hex(4)
		if err != nil {
			return 0, err
		}
		// A \uD83D\uDE00 pair is one code point.
		if utf16.IsSurrogate(hi) && hi < 0xDC00 && p.peek(0) == '\\' && p.peek(1) == 'u' {
			save := p.i
			p.i += 2
			if lo, err := p.hex(4); err == nil && lo >= 0xDC00 && lo <= 0xDFFF {
				return utf16.DecodeRune(hi, lo), nil
			}
			p.i = save
		}
		return hi, nil
	}
	if strings.ContainsRune("^$\\.*+?()[]{}|/-&!#%,:;<=>@`~", c) {
		return c, nil
	}
	return 0, fmt.Errorf("Invalid escape")
}

func (p *rxParser) hex(n int) (rune, error) {
	var v rune
	for k := 0; k < n; k++ {
		h := hexVal(p.peek(0))
		if h < 0 {
			return 0, fmt.Errorf("Invalid escape")
		}
		v = v*16 + h
		p.i++
	}
	return v, nil
}

func hexVal(c rune) rune {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10
	}
	return -1
}

var (
	digitSet = []runeRange{{'0', '9'}}
	wordSet  = []runeRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	// spaceSet is ECMAScript's WhiteSpace and LineTerminator.
	spaceSet = []runeRange{{'\t', '\r'}, {' ', ' '}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A},
		{0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}}
)

// writeClass writes set as a bracketed class.
func writeClass(b *strings.Builder, set []runeRange) {
	if len(set) == 0 {
		// Nothing: goja hands [] to Go's regexp, which reads "[]...]"
		// as a class starting with "]".
		b.WriteString(`[^\u{0}-\u{10FFFF}]`)
		return
	}
	b.WriteByte('[')
	writeRanges(b, set)
	b.WriteByte(']')
}

// writeRanges writes set as class contents, every code point escaped.
func writeRanges(b *strings.Builder, set []runeRange) {
	for _, r := range set {
		fmt.Fprintf(b, `\u{%X}`, r.lo)
		if r.hi != r.lo {
			fmt.Fprintf(b, `-\u{%X}`, r.hi)
		}
	}
}

// union merges two sorted range lists.
func union(a, b []runeRange) []runeRange {
	all := append(append(make([]runeRange, 0, len(a)+len(b)), a...), b...)
	slices.SortFunc(all, func(x, y runeRange) int { return int(x.lo - y.lo) })
	var out []runeRange
	for _, r := range all {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

func complement(a []runeRange) []runeRange {
	var out []runeRange
	next := rune(0)
	for _, r := range a {
		if r.lo > next {
			out = append(out, runeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= maxRune {
		out = append(out, runeRange{next, maxRune})
	}
	return out
}

func intersect(a, b []runeRange) []runeRange {
	var out []runeRange
	for i, j := 0, 0; i < len(a) && j < len(b); {
		lo, hi := max(a[i].lo, b[j].lo), min(a[i].hi, b[j].hi)
		if lo <= hi {
			out = append(out, runeRange{lo, hi})
		}
		if a[i].hi < b[j].hi {
			i++
		} else {
			j++
		}
	}
	return out
}

// expandCache keeps recent expansions: a program building the same
// RegExp in a loop should not re-expand it.
var expandCache struct {
	sync.Mutex
	m map[[2]string][3]string
}

// regexpExpand is internal.regexpExpand(src, flags): [src, flags] to
// compile, or the message of the SyntaxError to throw.
func (h *host) regexpExpand(call goja.FunctionCall) goja.Value {
	src, flags := call.Argument(0).String(), call.Argument(1).String()
	key := [2]string{src, flags}
	expandCache.Lock()
	r, ok := expandCache.m[key]
	expandCache.Unlock()
	if !ok {
		s, f, err := expandPattern(src, flags)
		r = [3]string{s, f, ""}
		if err != nil {
			r[2] = err.Error()
		}
		expandCache.Lock()
		if expandCache.m == nil || len(expandCache.m) > 512 {
			expandCache.m = map[[2]string][3]string{}
		}
		expandCache.m[key] = r
		expandCache.Unlock()
	}
	if r[2] != "" {
		return h.rt.ToValue(fmt.Sprintf("Invalid regular expression: /%s/%s: %s", src, flags, r[2]))
	}
	return h.rt.ToValue([]any{r[0], r[1]})
}
