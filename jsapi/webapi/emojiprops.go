package webapi

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// emojiprops.txt holds the properties of strings the v flag allows
// (\p{RGI_Emoji} and the six it is the union of), generated from Node 22
// by gen_emoji.mjs, which says how.
//
//go:embed emojiprops.txt
var emojiPropsData string

// emojiProps decodes emojiprops.txt on first use: name → what it matches.
var emojiProps = sync.OnceValues(func() (map[string]vClass, error) {
	props := map[string]vClass{}
	rgi := vClass{strs: map[string]bool{}}
	for _, line := range strings.Split(strings.TrimSpace(emojiPropsData), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("emojiprops.txt: bad line %q", line)
		}
		set, err := decodeRanges(f[1])
		if err != nil {
			return nil, fmt.Errorf("emojiprops.txt: %s: %w", f[0], err)
		}
		cls := vClass{set: set, strs: map[string]bool{}}
		if f[2] != "" {
			for _, seq := range strings.Split(f[2], ",") {
				var b strings.Builder
				for _, hex := range strings.Split(seq, ".") {
					cp, err := strconv.ParseInt(hex, 16, 32)
					if err != nil {
						return nil, fmt.Errorf("emojiprops.txt: %s: bad string %q", f[0], seq)
					}
					b.WriteRune(rune(cp))
				}
				cls.strs[b.String()] = true
			}
		}
		props[f[0]] = cls
		rgi = rgi.union(cls)
	}
	props["RGI_Emoji"] = rgi
	return props, nil
})

// stringProperty returns what the property of strings name matches.
func stringProperty(name string) (vClass, error) {
	props, err := emojiProps()
	if err != nil {
		return vClass{}, err
	}
	cls, ok := props[name]
	if !ok {
		return vClass{}, fmt.Errorf("Invalid property name")
	}
	return cls, nil
}
