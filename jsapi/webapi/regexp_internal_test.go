package webapi

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

func TestExpandPattern(t *testing.T) {
	for _, tt := range []struct{ src, flags, want, wantFlags, err string }{
		{src: `a\p{L}`, flags: "g", want: `a\p{L}`, wantFlags: "g"}, // no u: \p is an identity escape
		{src: `\p{ASCII_Hex_Digit}`, flags: "u", want: `[\u{30}-\u{39}\u{41}-\u{46}\u{61}-\u{66}]`, wantFlags: "u"},
		{src: `[_\P{Any}]`, flags: "u", want: `[_]`, wantFlags: "u"},
		{src: `\\p{L}`, flags: "u", want: `\\p{L}`, wantFlags: "u"},
		{src: `[\p{AHex}--[a-f]]`, flags: "v", want: `[\u{30}-\u{39}\u{41}-\u{46}]`, wantFlags: "u"},
		{src: `[\p{AHex}&&[a-z]]`, flags: "vi", want: `[\u{61}-\u{66}]`, wantFlags: "ui"},
		{src: `[\p{AHex}&&[g-z]]`, flags: "v", want: `[^\u{0}-\u{10FFFF}]`, wantFlags: "u"}, // nothing: not "[]"
		{src: `[^\d\s]`, flags: "v"},
		{src: `[\q{a|b}c]`, flags: "v", want: `[\u{61}-\u{63}]`, wantFlags: "u"},
		{src: `\p{Foo}`, flags: "u", err: "Invalid property name"},
		{src: `\p{sc=Foo}`, flags: "u", err: "Invalid property name"},
		{src: `\p{letter}`, flags: "u", err: "Invalid property name"},
		{src: `\pL`, flags: "u", err: "Invalid property name"},
		{src: `[a-z&&b]`, flags: "v", err: "Invalid set operation"},
		{src: `[a&&b--c]`, flags: "v", err: "Invalid set operation"},
		{src: `[(]`, flags: "v", err: "Invalid character"},
		{src: `[\q{ab|c}d]`, flags: "v", want: `(?:\u{61}\u{62}|[\u{63}-\u{64}])`, wantFlags: "u"},
		{src: `[^\q{ab}]`, flags: "v", err: "may contain strings"},
		{src: `\p{RGI_Emoji_Tag_Sequence}`, flags: "v", want: `(?:\u{1F3F4}\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}\u{E007F}|\u{E0073}\u{E0063}\u{E0074}\u{E007F}|\u{E0077}\u{E006C}\u{E0073}\u{E007F}))`, wantFlags: "u"},
		{src: `[\q{ab|abc|a|}x]`, flags: "v", want: `(?:\u{61}\u{62}(?:\u{63}|)|[\u{61}\u{78}]|)`, wantFlags: "u"}, // longest first
		{src: `[\p{Emoji_Keycap_Sequence}--\q{#\uFE0F\u20E3}]`, flags: "v"},
		{src: `\p{RGI_Emoji}`, flags: "u", err: "Invalid property name"},
		{src: `\P{RGI_Emoji}`, flags: "v", err: "Invalid property name"},
		{src: `[^\p{RGI_Emoji_Flag_Sequence}]`, flags: "v", err: "may contain strings"},
		{src: `a(b)`, flags: "dg", want: `a(b)`, wantFlags: "g"},
		{src: `a`, flags: "uv", err: "Invalid regular expression flags"},
	} {
		got, gotFlags, err := expandPattern(tt.src, tt.flags)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("expandPattern(%q, %q) error = %v, want %q", tt.src, tt.flags, err, tt.err)
			}
		case err != nil:
			t.Errorf("expandPattern(%q, %q): %v", tt.src, tt.flags, err)
		case tt.want != "" && (got != tt.want || gotFlags != tt.wantFlags):
			t.Errorf("expandPattern(%q, %q) = %q %q, want %q %q", tt.src, tt.flags, got, gotFlags, tt.want, tt.wantFlags)
		}
	}
}

func TestUnicodePropsTable(t *testing.T) {
	// Every line decodes to sorted, disjoint ranges within Unicode.
	tab := unicodeProps()
	if len(tab.enc) < 400 {
		t.Fatalf("only %d properties", len(tab.enc))
	}
	for key, enc := range tab.enc {
		rs, err := decodeRanges(enc)
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		for i, r := range rs {
			if r.hi < r.lo || r.hi > maxRune || (i > 0 && r.lo <= rs[i-1].hi+1) {
				t.Fatalf("%s: bad range %d %v", key, i, r)
			}
		}
	}
	any, err := tab.lookup("Any")
	if err != nil || len(any) != 1 || any[0] != (runeRange{0, maxRune}) {
		t.Fatalf("Any = %v %v", any, err)
	}
}

// goja keeps every regexp on its fast paths (split, replace, match) only
// while RegExp.prototype's exec, global, multiline, ignoreCase, unicode and
// sticky are its own, and split's only while the species constructor is its
// RegExp: Install must leave both so.
func TestRegExpFastPathsKept(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`
		const native = (f) => typeof f === "function" && /\[native code\]/.test(Function.prototype.toString.call(f));
		const d = (k) => Object.getOwnPropertyDescriptor(RegExp.prototype, k);
		const bad = ["global", "multiline", "ignoreCase", "unicode", "sticky"].filter((k) => !native(d(k).get));
		if (!native(d("exec").value)) bad.push("exec");
		const species = /a/.constructor[Symbol.species];
		if (!native(species)) bad.push("species " + species.name);
		bad.join(",")`)
	if err != nil {
		t.Fatal(err)
	}
	if s := v.String(); s != "" {
		t.Fatalf("changed: %s", s)
	}
}

// A class's strings, written as a trie, still match longest first (Node
// 22's results).
func TestVClassStringsLongestFirst(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`JSON.stringify(["abc", "abd", "ax", "q"].map((s) => s.match(new RegExp("^[\\q{ab|abc|a|}x]", "v"))[0]))`)
	if err != nil {
		t.Fatal(err)
	}
	if got, node := v.String(), `["abc","ab","a",""]`; got != node {
		t.Fatalf("got %s, node %s", got, node)
	}
}
