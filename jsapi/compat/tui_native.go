package compat

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// pigo:tui-native is the Go half of pigo's pi-tui: grapheme segmentation and
// terminal cell widths, the per-character work goja runs slowly (a render
// measures every line). modules/_tui-unicode.ts holds the same algorithm in
// JS and the Unicode tables both use; when this module is registered the JS
// side calls it, otherwise it runs its own copy. The tables are read from
// the embedded _tui-unicode.ts, so there is one source of truth.
//
// Strings stay UTF-16 (goja's representation), so indexes and lone
// surrogates behave exactly as in JS.

// NativeModules returns compat's Go host modules by specifier, for jsapi to
// register next to the JS sources: {"pigo:tui-native": ...} and those of
// agent_native.go. The Unicode
// tables are decoded once, on first use, and shared by every runtime built
// from the returned map.
func NativeModules() map[string]modules.Module {
	tables := sync.OnceValues(loadTUITables)
	out := agentNativeModules()
	out["pigo:namespace"] = namespaceModule()
	out["pigo:tui-native"] = func(rt modules.Runtime, module *goja.Object) error {
		t, err := tables()
		if err != nil {
			return err
		}
		return tuiNativeExports(rt.VM(), t, module.Get("exports").ToObject(rt.VM()))
	}
	return out
}

// tuiNativeExports fills exports with visibleWidth, graphemeWidth and
// segment. Loop only (it runs inside a module function).
func tuiNativeExports(vm *goja.Runtime, t *tuiTables, exports *goja.Object) error {
	fns := map[string]func(goja.FunctionCall) goja.Value{
		// visibleWidth(str): pi-tui's visibleWidth (tabs = 3 columns, CSI,
		// OSC and APC sequences skipped).
		"visibleWidth": func(c goja.FunctionCall) goja.Value {
			return vm.ToValue(t.visibleWidth(utf16Of(c.Argument(0))))
		},
		// graphemeWidth(segment): columns of one grapheme cluster.
		"graphemeWidth": func(c goja.FunctionCall) goja.Value {
			return vm.ToValue(t.graphemeWidth(utf16Of(c.Argument(0))))
		},
		// segment(str): [{segment, index, input}] like Intl.Segmenter's
		// grapheme segments.
		"segment": func(c goja.FunctionCall) goja.Value {
			s := stringOf(c.Argument(0))
			units := utf16Of(s)
			bounds := t.graphemeBounds(units)
			items := make([]any, 0, len(bounds))
			start := 0
			for _, end := range bounds {
				o := vm.NewObject()
				_ = o.Set("segment", s.Substring(start, end))
				_ = o.Set("index", start)
				_ = o.Set("input", s)
				items = append(items, o)
				start = end
			}
			return vm.NewArray(items...)
		},
	}
	for name, fn := range fns {
		if err := exports.Set(name, fn); err != nil {
			return fmt.Errorf("pigo:tui-native: set %s: %w", name, err)
		}
	}
	return nil
}

// stringOf converts a JS value to a goja string (String(v) semantics).
func stringOf(v goja.Value) goja.String {
	if s, ok := v.(goja.String); ok {
		return s
	}
	if v == nil || goja.IsUndefined(v) {
		return goja.StringFromUTF16([]uint16{'u', 'n', 'd', 'e', 'f', 'i', 'n', 'e', 'd'})
	}
	if s, ok := v.ToString().(goja.String); ok {
		return s
	}
	return goja.StringFromUTF16(nil)
}

func utf16Of(v goja.Value) []uint16 {
	s := stringOf(v)
	n := s.Length()
	units := make([]uint16, n)
	for i := range n {
		units[i] = s.CharAt(i)
	}
	return units
}

// Grapheme_Cluster_Break classes and width flags, as in _tui-unicode.ts.
const (
	gbOther = iota
	gbCR
	gbLF
	gbControl
	gbExtend
	gbZWJ
	gbRI
	gbPrepend
	gbSpacingMark
	gbL
	gbV
	gbT
	gbLV
	gbLVT
	gbExtPict
	gbConsonant // Other with InCB=Consonant
	gbLinker    // Extend with InCB=Linker
)

const (
	wWide    = 1  // East Asian Width W or F
	wZero    = 2  // Default_Ignorable_Code_Point, Cc, Mark, lone surrogate
	wFormat  = 4  // Cf
	wRGI     = 8  // the code point alone is an RGI emoji
	wRGIVS   = 16 // the code point + U+FE0F is an RGI emoji
	wEmoji   = 32 // Emoji
	wModBase = 64 // Emoji_Modifier_Base
)

// rangeTable maps code point ranges to a value; ranges are sorted and
// disjoint, and code points outside every range map to 0.
type rangeTable struct {
	starts, ends []rune
	values       []uint8
}

func (t *rangeTable) lookup(cp rune) uint8 {
	i := sort.Search(len(t.ends), func(i int) bool { return t.ends[i] >= cp })
	if i < len(t.ends) && t.starts[i] <= cp {
		return t.values[i]
	}
	return 0
}

// tuiTables are the GCB_DATA and WIDTH_DATA tables of _tui-unicode.ts.
// Immutable once loaded; safe for concurrent use.
type tuiTables struct {
	gcb, width rangeTable
}

func loadTUITables() (*tuiTables, error) {
	b, err := moduleFiles.ReadFile("modules/_tui-unicode.ts")
	if err != nil {
		return nil, fmt.Errorf("load tui tables: %w", err)
	}
	src := string(b)
	t := &tuiTables{}
	for _, tab := range []struct {
		name string
		dst  *rangeTable
	}{{"GCB_DATA", &t.gcb}, {"WIDTH_DATA", &t.width}} {
		data, err := constString(src, tab.name)
		if err != nil {
			return nil, fmt.Errorf("load tui tables: %w", err)
		}
		if *tab.dst, err = decodeRangeTable(data); err != nil {
			return nil, fmt.Errorf("load tui tables: %s: %w", tab.name, err)
		}
	}
	return t, nil
}

// constString finds `const NAME = "...";` in src.
func constString(src, name string) (string, error) {
	prefix := "const " + name + ` = "`
	i := strings.Index(src, prefix)
	if i < 0 {
		return "", fmt.Errorf("no %s in _tui-unicode.ts", name)
	}
	rest := src[i+len(prefix):]
	j := strings.IndexByte(rest, '"')
	if j < 0 {
		return "", fmt.Errorf("unterminated %s", name)
	}
	return rest[:j], nil
}

// decodeRangeTable parses base-36 triples: gap since the previous range's
// end, length - 1, value.
func decodeRangeTable(data string) (rangeTable, error) {
	fields := strings.Split(data, ",")
	if len(fields)%3 != 0 {
		return rangeTable{}, fmt.Errorf("%d fields, not triples", len(fields))
	}
	var t rangeTable
	prevEnd := int64(-1)
	for i := 0; i < len(fields); i += 3 {
		var n [3]int64
		for k := range n {
			v, err := strconv.ParseInt(fields[i+k], 36, 64)
			if err != nil {
				return rangeTable{}, fmt.Errorf("field %d: %w", i+k, err)
			}
			n[k] = v
		}
		start := prevEnd + 1 + n[0]
		end := start + n[1]
		t.starts = append(t.starts, rune(start))
		t.ends = append(t.ends, rune(end))
		t.values = append(t.values, uint8(n[2]))
		prevEnd = end
	}
	return t, nil
}

func (t *tuiTables) gcbOf(cp rune) int {
	if cp >= 0x20 && cp < 0x7f {
		return gbOther
	}
	if cp >= 0xac00 && cp <= 0xd7a3 {
		if (cp-0xac00)%28 == 0 {
			return gbLV
		}
		return gbLVT
	}
	return int(t.gcb.lookup(cp))
}

func (t *tuiTables) flags(cp rune) uint8 {
	if cp >= 0xd800 && cp <= 0xdfff {
		return wZero
	}
	return t.width.lookup(cp)
}

func (t *tuiTables) eastAsianWidth(cp rune) int {
	if t.flags(cp)&wWide != 0 {
		return 2
	}
	return 1
}

// codePointAt decodes the code point at units[i] as JS's codePointAt does
// (a lone surrogate is its own code point) and returns it with its length.
func codePointAt(units []uint16, i int) (rune, int) {
	c := units[i]
	if c >= 0xd800 && c <= 0xdbff && i+1 < len(units) {
		if lo := units[i+1]; lo >= 0xdc00 && lo <= 0xdfff {
			return (rune(c)-0xd800)*0x400 + (rune(lo) - 0xdc00) + 0x10000, 2
		}
	}
	return rune(c), 1
}

// segState carries what GB9c, GB11 and GB12/13 need to look back on.
type segState struct {
	emoji   int // 1 = ExtPict Extend*, 2 = ... ZWJ
	incb    int // 1 = Consonant [Extend]*, 2 = ... Linker seen
	riCount int
}

func extendLike(c int) bool { return c == gbExtend || c == gbZWJ || c == gbLinker }

func noBreak(prev, cur int, st *segState) bool {
	switch {
	case prev == gbCR && cur == gbLF: // GB3
		return true
	case prev == gbControl || prev == gbCR || prev == gbLF: // GB4
		return false
	case cur == gbControl || cur == gbCR || cur == gbLF: // GB5
		return false
	case prev == gbL && (cur == gbL || cur == gbV || cur == gbLV || cur == gbLVT): // GB6
		return true
	case (prev == gbLV || prev == gbV) && (cur == gbV || cur == gbT): // GB7
		return true
	case (prev == gbLVT || prev == gbT) && cur == gbT: // GB8
		return true
	case extendLike(cur), cur == gbSpacingMark, prev == gbPrepend: // GB9, GB9a, GB9b
		return true
	case cur == gbConsonant && st.incb == 2: // GB9c
		return true
	case prev == gbZWJ && cur == gbExtPict && st.emoji == 2: // GB11
		return true
	case prev == gbRI && cur == gbRI && st.riCount%2 == 1: // GB12, GB13
		return true
	}
	return false
}

func (st *segState) advance(c int) {
	switch {
	case c == gbExtPict:
		st.emoji = 1
	case st.emoji == 1 && (c == gbExtend || c == gbLinker):
	case st.emoji == 1 && c == gbZWJ:
		st.emoji = 2
	default:
		st.emoji = 0
	}
	switch {
	case c == gbConsonant:
		st.incb = 1
	case st.incb > 0 && c == gbLinker:
		st.incb = 2
	case st.incb > 0 && (c == gbExtend || c == gbZWJ):
	default:
		st.incb = 0
	}
	if c == gbRI {
		st.riCount++
	} else {
		st.riCount = 0
	}
}

// graphemeBounds returns the end offset (in UTF-16 units) of each extended
// grapheme cluster of units (UAX #29).
func (t *tuiTables) graphemeBounds(units []uint16) []int {
	var out []int
	var st segState
	prev := -1
	for i := 0; i < len(units); {
		cp, n := codePointAt(units, i)
		c := t.gcbOf(cp)
		if prev != -1 && !noBreak(prev, c, &st) {
			out = append(out, i)
		}
		st.advance(c)
		prev = c
		i += n
	}
	if len(units) > 0 {
		out = append(out, len(units))
	}
	return out
}

func codePointsOf(units []uint16) []rune {
	out := make([]rune, 0, len(units))
	for i := 0; i < len(units); {
		cp, n := codePointAt(units, i)
		out = append(out, cp)
		i += n
	}
	return out
}

// isRGIEmoji mirrors isRgiEmoji in _tui-unicode.ts.
func (t *tuiTables) isRGIEmoji(cps []rune) bool {
	n := len(cps)
	switch {
	case n == 1:
		return t.flags(cps[0])&wRGI != 0
	case n == 2 && cps[1] == 0xfe0f:
		return t.flags(cps[0])&wRGIVS != 0
	case n == 3 && cps[1] == 0xfe0f && cps[2] == 0x20e3:
		b := cps[0]
		return (b >= '0' && b <= '9') || b == '#' || b == '*'
	case n == 2 && isRI(cps[0]) && isRI(cps[1]):
		return true
	case cps[0] == 0x1f3f4 && n > 2 && cps[n-1] == 0xe007f:
		for _, c := range cps[1 : n-1] {
			if c < 0xe0020 || c > 0xe007e {
				return false
			}
		}
		return true
	}
	elements := 0
	for i := 0; i < n; {
		base := cps[i]
		f := t.flags(base)
		if f&wEmoji == 0 || isModifier(base) {
			return false
		}
		i++
		switch {
		case i < n && isModifier(cps[i]):
			if f&wModBase == 0 {
				return false
			}
			i++
		case i < n && cps[i] == 0xfe0f:
			if f&(wRGIVS|wRGI) == 0 {
				return false
			}
			i++
		case f&wRGI == 0:
			return false
		}
		elements++
		if i < n {
			if cps[i] != 0x200d || i == n-1 {
				return false
			}
			i++
		}
	}
	return elements > 0
}

func isRI(c rune) bool       { return c >= 0x1f1e6 && c <= 0x1f1ff }
func isModifier(c rune) bool { return c >= 0x1f3fb && c <= 0x1f3ff }

func couldBeEmoji(units []uint16, cp rune) bool {
	if (cp >= 0x1f000 && cp <= 0x1fbff) || (cp >= 0x2300 && cp <= 0x23ff) ||
		(cp >= 0x2600 && cp <= 0x27bf) || (cp >= 0x2b50 && cp <= 0x2b55) || len(units) > 2 {
		return true
	}
	for _, u := range units {
		if u == 0xfe0f {
			return true
		}
	}
	return false
}

// graphemeWidth is pi-tui's graphemeWidth for one cluster.
func (t *tuiTables) graphemeWidth(units []uint16) int {
	if len(units) == 0 {
		return 0
	}
	if len(units) == 1 && units[0] >= 0x20 && units[0] < 0x7f {
		return 1
	}
	cps := codePointsOf(units)
	allZero := true
	for _, c := range cps {
		if t.flags(c)&wZero == 0 {
			allZero = false
			break
		}
	}
	if allZero {
		return 0
	}
	if couldBeEmoji(units, cps[0]) && t.isRGIEmoji(cps) {
		return 2
	}
	base := rune(-1)
	for _, c := range cps {
		if t.flags(c)&(wZero|wFormat) == 0 {
			base = c
			break
		}
	}
	if base < 0 {
		return 0
	}
	if isRI(base) {
		return 2
	}
	w := t.eastAsianWidth(base)
	// pi-tui scans segment.slice(1): code units after the first.
	for _, c := range codePointsOf(units[1:]) {
		if c >= 0xff00 && c <= 0xffef {
			w += t.eastAsianWidth(c)
		} else if c == 0x0e33 || c == 0x0eb3 {
			w++
		}
	}
	return w
}

// visibleWidth is pi-tui's visibleWidth: tabs count 3, ANSI escape codes
// (see ansiCodeLen) count 0, the rest is the sum of grapheme widths.
func (t *tuiTables) visibleWidth(units []uint16) int {
	ascii := true
	hasTab, hasEsc := false, false
	for _, u := range units {
		if u < 0x20 || u > 0x7e {
			ascii = false
		}
		hasTab = hasTab || u == '\t'
		hasEsc = hasEsc || u == 0x1b
	}
	if ascii {
		return len(units)
	}
	clean := units
	if hasTab {
		clean = make([]uint16, 0, len(units)+8)
		for _, u := range units {
			if u == '\t' {
				clean = append(clean, ' ', ' ', ' ')
			} else {
				clean = append(clean, u)
			}
		}
	}
	if hasEsc {
		stripped := make([]uint16, 0, len(clean))
		for i := 0; i < len(clean); {
			if n := ansiCodeLen(clean, i); n > 0 {
				i += n
				continue
			}
			stripped = append(stripped, clean[i])
			i++
		}
		clean = stripped
	}
	w := 0
	start := 0
	for _, end := range t.graphemeBounds(clean) {
		w += t.graphemeWidth(clean[start:end])
		start = end
	}
	return w
}

// ansiCodeLen is pi-tui's extractAnsiCode: the length of the CSI (ESC [ …
// one of mGKHJ), OSC (ESC ] … BEL or ST) or APC (ESC _ … BEL or ST) sequence
// at s[pos], or 0.
func ansiCodeLen(s []uint16, pos int) int {
	if pos >= len(s) || s[pos] != 0x1b || pos+1 >= len(s) {
		return 0
	}
	switch s[pos+1] {
	case '[':
		for j := pos + 2; j < len(s); j++ {
			switch s[j] {
			case 'm', 'G', 'K', 'H', 'J':
				return j + 1 - pos
			}
		}
	case ']', '_':
		for j := pos + 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1 - pos
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2 - pos
			}
		}
	}
	return 0
}
