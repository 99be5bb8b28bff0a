package compat

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules/modulestest"
)

func TestTUITablesLoad(t *testing.T) {
	t.Parallel()
	tab, err := loadTUITables()
	if err != nil {
		t.Fatal(err)
	}
	gcb := []struct {
		cp   rune
		want int
	}{
		{'a', gbOther}, {'\r', gbCR}, {'\n', gbLF}, {0x01, gbControl}, {0x0301, gbExtend},
		{0x200d, gbZWJ}, {0x1f1fa, gbRI}, {0x0600, gbPrepend}, {0x0903, gbSpacingMark},
		{0x1100, gbL}, {0x1161, gbV}, {0x11a8, gbT}, {0xac00, gbLV}, {0xac01, gbLVT},
		{0x1f600, gbExtPict}, {0x0915, gbConsonant}, {0x094d, gbLinker}, {0xd800, gbControl},
	}
	for _, c := range gcb {
		if got := tab.gcbOf(c.cp); got != c.want {
			t.Errorf("gcb(U+%04X) = %d, want %d", c.cp, got, c.want)
		}
	}
	width := []struct {
		cp   rune
		want uint8
	}{
		{'a', 0}, {0x4e00, wWide}, {0xff71, 0}, {0x0301, wZero}, {0x200b, wZero | wFormat},
		{0x00ad, wZero | wFormat}, {0x1f600, wWide | wRGI | wEmoji},
		{0x2764, wRGIVS | wEmoji}, {0x261d, wRGIVS | wEmoji | wModBase},
	}
	for _, c := range width {
		if got := tab.flags(c.cp); got != c.want {
			t.Errorf("flags(U+%04X) = %#x, want %#x", c.cp, got, c.want)
		}
	}
}

// jsTUI loads pigo:tui-utils (and through it pigo:tui-unicode) into a bare
// goja runtime without pigo:tui-native, so the JS fallback is what runs.
func jsTUI(t *testing.T) (*goja.Runtime, *goja.Object) {
	t.Helper()
	srcs, err := Sources()
	if err != nil {
		t.Fatal(err)
	}
	vm := goja.New()
	cache := map[string]goja.Value{}
	var require func(spec string) goja.Value
	require = func(spec string) goja.Value {
		if v, ok := cache[spec]; ok {
			return v
		}
		src, ok := srcs[spec]
		if !ok {
			panic(vm.NewGoError(fmt.Errorf("Cannot find module '%s'", spec)))
		}
		code, err := src.Text()
		if err != nil {
			t.Fatal(err)
		}
		fnv, err := vm.RunScript(src.File, "(function(exports, require, module){"+code+"\n})")
		if err != nil {
			t.Fatal(err)
		}
		fn, _ := goja.AssertFunction(fnv)
		module, exports := vm.NewObject(), vm.NewObject()
		_ = module.Set("exports", exports)
		req := vm.ToValue(func(c goja.FunctionCall) goja.Value { return require(c.Argument(0).String()) })
		if _, err := fn(goja.Undefined(), exports, req, module); err != nil {
			t.Fatal(err)
		}
		cache[spec] = module.Get("exports")
		return cache[spec]
	}
	return vm, require("pigo:tui-utils").ToObject(vm)
}

// randomTUIString mixes the characters whose handling differs: ANSI codes,
// tabs, combining marks, ZWJ emoji, flags, Hangul jamo, Indic conjuncts,
// wide and fullwidth forms, controls and lone surrogates.
func randomTUIString(r *rand.Rand) []uint16 {
	pool := []string{
		"a", " ", "\t", "\r", "\n", "\x01", "\x1b", "\x1b[31m", "\x1b[0m", "\x1b]8;;http://x\x07", "\x1b_pi:c\x07",
		"\u0301", "\u200d", "\ufe0f", "\u20e3", "\U0001F1FA", "\U0001F1F8", "\U0001F600", "\U0001F3FD", "\U0001F469",
		"\u2764", "\U0001F525", "\U000E0067", "\U000E007F", "\U0001F3F4", "\u0600", "\u0903", "\u1100", "\u1161",
		"\u11a8", "\uac00", "\uac01", "\u0915", "\u094d", "\u0937", "\u093f", "\u4e2d", "\uff71", "\uff21", "\u0e33",
		"\u200b", "\u00ad", "1", "#",
	}
	var units []uint16
	for n := 1 + r.Intn(10); n > 0; n-- {
		switch r.Intn(8) {
		case 0:
			units = append(units, uint16(0xd800+r.Intn(0x800))) // lone surrogate
		case 1:
			cp := rune(r.Intn(0x30000))
			if cp >= 0xd800 && cp <= 0xdfff {
				cp = 'x'
			}
			units = append(units, utf16.Encode([]rune{cp})...)
		default:
			units = append(units, utf16.Encode([]rune(pool[r.Intn(len(pool))]))...)
		}
	}
	return units
}

// TestTUINativeMatchesJS checks that the Go implementation agrees with the
// JS fallback in _tui-unicode.ts/_tui-utils.ts on random strings.
func TestTUINativeMatchesJS(t *testing.T) {
	t.Parallel()
	tab, err := loadTUITables()
	if err != nil {
		t.Fatal(err)
	}
	vm, utils := jsTUI(t)
	vw, _ := goja.AssertFunction(utils.Get("visibleWidth"))
	seg := utils.Get("getSegmenter")
	segFn, _ := goja.AssertFunction(seg)
	segmenter, _ := segFn(goja.Undefined())
	segment, _ := goja.AssertFunction(segmenter.ToObject(vm).Get("segment"))
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 3000; i++ {
		units := randomTUIString(r)
		s := goja.StringFromUTF16(units)
		jw, err := vw(goja.Undefined(), s)
		if err != nil {
			t.Fatal(err)
		}
		if got := tab.visibleWidth(units); int64(got) != jw.ToInteger() {
			t.Errorf("visibleWidth(%q): go %d, js %d", string(utf16.Decode(units)), got, jw.ToInteger())
		}
		js, err := segment(segmenter, s)
		if err != nil {
			t.Fatal(err)
		}
		var jsBounds []string
		for _, o := range js.Export().([]any) {
			m := o.(map[string]any)
			jsBounds = append(jsBounds, fmt.Sprint(m["index"].(int64)+int64(len(utf16.Encode([]rune(m["segment"].(string)))))))
		}
		var goBounds []string
		for _, b := range tab.graphemeBounds(units) {
			goBounds = append(goBounds, fmt.Sprint(b))
		}
		// Export() turns lone surrogates into U+FFFD, which keeps their
		// length: the comparison is of UTF-16 end offsets.
		if strings.Join(goBounds, ",") != strings.Join(jsBounds, ",") {
			t.Errorf("segments(%q): go %v, js %v", string(utf16.Decode(units)), goBounds, jsBounds)
		}
	}
}

// TestTUINativeModule runs pigo:tui-native's exports in a module runtime.
func TestTUINativeModule(t *testing.T) {
	t.Parallel()
	rt := modulestest.New(t, modulestest.Options{Modules: NativeModules()})
	got := rt.MustRun(`const m = require("pigo:tui-native"); JSON.stringify([
		m.visibleWidth("\x1b[31m日本\x1b[0m\tx"), m.graphemeWidth("👨‍👩‍👧‍👦"), m.graphemeWidth("\u0301"),
		m.segment("e\u0301🇺🇸a").map((s) => [s.segment.length, s.index, s.input.length]),
		m.visibleWidth(""), m.visibleWidth("plain"), m.visibleWidth("\ud800x"),
	])`)
	if want := `[8,2,0,[[2,0,7],[4,2,7],[1,6,7]],0,5,1]`; got != want {
		t.Errorf("got %v, want %s", got, want)
	}
}
