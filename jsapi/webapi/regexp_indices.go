package webapi

import (
	"strings"
	"sync"
	"unicode/utf16"

	"github.com/dlclark/regexp2/v2"
	"github.com/dop251/goja"
)

// The d flag (match indices): goja's exec reports no group positions, so a
// d-flag RegExp gets an own exec (regexp.js) that adds .indices from a
// second match of the same pattern with regexp2, the engine goja itself
// falls back to, started where goja's match began.

var indicesCache struct {
	sync.Mutex
	m map[[2]string]*regexp2.Regexp
}

func compileIndices(src, flags string) (*regexp2.Regexp, error) {
	key := [2]string{src, flags}
	indicesCache.Lock()
	re := indicesCache.m[key]
	indicesCache.Unlock()
	if re != nil {
		return re, nil
	}
	opts := regexp2.ECMAScript
	for _, f := range flags {
		switch f {
		case 'i':
			opts |= regexp2.IgnoreCase
		case 'm':
			opts |= regexp2.Multiline
		case 's':
			opts |= regexp2.Singleline
		case 'u':
			opts |= regexp2.Unicode
		}
	}
	re, err := regexp2.Compile(src, opts)
	if err != nil {
		return nil, err
	}
	indicesCache.Lock()
	if indicesCache.m == nil || len(indicesCache.m) > 256 {
		indicesCache.m = map[[2]string]*regexp2.Regexp{}
	}
	indicesCache.m[key] = re
	indicesCache.Unlock()
	return re, nil
}

// regexpIndices is internal.regexpIndices(src, flags, input, index,
// length) → [[start, end] | undefined, ...] per group plus a names array
// (group name or ""), or null when regexp2 does not find goja's match at
// index with that length.
func (h *host) regexpIndices(call goja.FunctionCall) goja.Value {
	src, flags, input := call.Argument(0).String(), call.Argument(1).String(), call.Argument(2).String()
	index, length := int(call.Argument(3).ToInteger()), int(call.Argument(4).ToInteger())
	re, err := compileIndices(src, flags)
	if err != nil {
		return goja.Null()
	}
	// Match over what goja matches over: code points with u, UTF-16 code
	// units without; pos maps a rune index to a code unit index.
	var runes []rune
	var pos []int
	if strings.ContainsRune(flags, 'u') {
		runes = []rune(input)
		pos = make([]int, len(runes)+1)
		for i, r := range runes {
			pos[i+1] = pos[i] + utf16.RuneLen(r)
		}
	} else {
		for _, u := range utf16.Encode([]rune(input)) {
			runes = append(runes, rune(u))
		}
	}
	at := func(i int) int {
		if pos == nil {
			return i
		}
		return pos[i]
	}
	start := index
	if pos != nil {
		start = 0
		for start < len(runes) && pos[start] < index {
			start++
		}
	}
	m, err := re.FindRunesMatchStartingAt(runes, start)
	if err != nil || m == nil || at(m.RuneIndex) != index || at(m.RuneIndex+m.RuneLength)-index != length {
		return goja.Null()
	}
	groups := m.Groups()
	out := make([]any, len(groups))
	names := make([]any, len(groups))
	for i, g := range groups {
		if len(g.Captures) > 0 {
			out[i] = []any{at(g.RuneIndex), at(g.RuneIndex + g.RuneLength)}
		} else {
			out[i] = goja.Undefined()
		}
		names[i] = ""
		if g.Name != "" && (g.Name[0] < '0' || g.Name[0] > '9') {
			names[i] = g.Name
		}
	}
	return h.rt.ToValue([]any{out, names})
}
