package compat_test

// Tests for pigo's @mariozechner/pi-tui (modules/pi-tui.ts and the
// pigo:tui-* helpers). Every expected value below is the output of the real
// @mariozechner/pi-tui 0.73.1 under Node 20 (ICU 78, Unicode 17): each case
// body runs unchanged in Node as
//
//	import * as tui from "@mariozechner/pi-tui";
//	console.log(JSON.stringify(await (async () => { <body> })()));
//
// and the want string is what that printed. To update after porting a new
// pi-tui version, rerun the bodies there and review the diff.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
	"github.com/pigo-dev/pigo/jsapi/compat"
	"github.com/pigo-dev/pigo/jsapi/modules"
)

// tuiModes are the two ways pigo's pi-tui runs: on its JS implementation
// (pigo:tui-native missing) and with compat.NativeModules() registered.
func tuiModes() []struct {
	name   string
	native bool
} {
	return []struct {
		name   string
		native bool
	}{{"js", false}, {"native", true}}
}

// tuiEval runs body (the inside of an async function; `tui` is the pi-tui
// namespace) in a plugin runtime and returns JSON.stringify of its result.
func tuiEval(t *testing.T, native bool, body string) string {
	t.Helper()
	return tuiEvalTS(t, native, `import * as tui from "@mariozechner/pi-tui";`, body)
}

// tuiEvalTS is mustEvalTS (harness_test.go) with control over
// pigo:tui-native: registered from compat.NativeModules(), or replaced by a
// module that fails to load, so pi-tui falls back to JS whatever jsapi
// registers by default.
func tuiEvalTS(t *testing.T, native bool, imports, body string) string {
	t.Helper()
	mods := compat.NativeModules()
	if !native {
		mods = map[string]modules.Module{"pigo:tui-native": func(modules.Runtime, *goja.Object) error {
			return errors.New("pigo:tui-native disabled by the test")
		}}
	}
	dir := t.TempDir()
	src := imports + `
export default function (pi: any) {
  pi.tools.add((d: any) => d.set("t", {
    description: "test", parameters: { type: "object" },
    async execute() {
      const r = await (async () => {
` + body + `
      })();
      return { content: [{ type: "text", text: JSON.stringify(r) ?? "undefined" }] };
    },
  }));
}
`
	p := filepath.Join(dir, "ext.ts")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	h := engine.New(engine.Options{Cwd: dir})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	env := jsapi.New(jsapi.Options{Modules: mods})
	for _, r := range h.Boot(context.Background(), []engine.PluginSpec{env.Plugin("ext", p, nil)}) {
		if !r.OK {
			t.Fatalf("load: %v", r.Err)
		}
	}
	res, err := h.RunTool(context.Background(), "t", engine.ToolCall{ID: "1", Params: map[string]any{}})
	if err != nil {
		t.Fatalf("eval: %v", err)
	}
	return res.Text()
}

// jsonLiteral renders v as a JS expression (JSON is valid JS).
func jsonLiteral(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// assertSameJSON compares two JSON documents structurally.
func assertSameJSON(t *testing.T, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("result is not JSON: %v\n%s", err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want is not JSON: %v\n%s", err, want)
	}
	gb, _ := json.Marshal(g)
	wb, _ := json.Marshal(w)
	if string(gb) != string(wb) {
		t.Errorf("mismatch\n got: %s\nwant: %s", got, want)
	}
}

// TestPiTuiExports checks that every name real pi-tui 0.73.1 exports from
// dist/index.js exists with the same typeof. All are real implementations;
// the deliberately partial ones are ProcessTerminal (headless: pigo's host
// owns the terminal) and the terminal-image functions' capability default
// (getCapabilities reports images: null until setCapabilities says otherwise).
func TestPiTuiExports(t *testing.T) {
	t.Parallel()
	want := [][2]string{
		{"Box", "function"},
		{"CURSOR_MARKER", "string"},
		{"CancellableLoader", "function"},
		{"CombinedAutocompleteProvider", "function"},
		{"Container", "function"},
		{"Editor", "function"},
		{"Image", "function"},
		{"Input", "function"},
		{"Key", "object"},
		{"KeybindingsManager", "function"},
		{"Loader", "function"},
		{"Markdown", "function"},
		{"ProcessTerminal", "function"},
		{"SelectList", "function"},
		{"SettingsList", "function"},
		{"Spacer", "function"},
		{"StdinBuffer", "function"},
		{"TUI", "function"},
		{"TUI_KEYBINDINGS", "object"},
		{"Text", "function"},
		{"TruncatedText", "function"},
		{"allocateImageId", "function"},
		{"calculateImageRows", "function"},
		{"decodeKittyPrintable", "function"},
		{"deleteAllKittyImages", "function"},
		{"deleteKittyImage", "function"},
		{"detectCapabilities", "function"},
		{"encodeITerm2", "function"},
		{"encodeKitty", "function"},
		{"fuzzyFilter", "function"},
		{"fuzzyMatch", "function"},
		{"getCapabilities", "function"},
		{"getCellDimensions", "function"},
		{"getGifDimensions", "function"},
		{"getImageDimensions", "function"},
		{"getJpegDimensions", "function"},
		{"getKeybindings", "function"},
		{"getPngDimensions", "function"},
		{"getWebpDimensions", "function"},
		{"hyperlink", "function"},
		{"imageFallback", "function"},
		{"isFocusable", "function"},
		{"isKeyRelease", "function"},
		{"isKeyRepeat", "function"},
		{"isKittyProtocolActive", "function"},
		{"matchesKey", "function"},
		{"parseKey", "function"},
		{"renderImage", "function"},
		{"resetCapabilitiesCache", "function"},
		{"setCapabilities", "function"},
		{"setCellDimensions", "function"},
		{"setKeybindings", "function"},
		{"setKittyProtocolActive", "function"},
		{"truncateToWidth", "function"},
		{"visibleWidth", "function"},
		{"wrapTextWithAnsi", "function"},
	}
	got := tuiEval(t, false, `return Object.fromEntries(Object.keys(tui).map((k) => [k, typeof tui[k]]));`)
	var types map[string]string
	if err := json.Unmarshal([]byte(got), &types); err != nil {
		t.Fatal(err)
	}
	for _, w := range want {
		if types[w[0]] != w[1] {
			t.Errorf("export %s: typeof %q, want %q", w[0], types[w[0]], w[1])
		}
	}
	if len(types) != len(want) {
		t.Errorf("%d exports, want %d: %v", len(types), len(want), types)
	}
	// Both scopes resolve to the same module instance.
	same := tuiEvalTS(t, true, `import * as a from "@mariozechner/pi-tui"; import * as b from "@earendil-works/pi-tui";`,
		`return a.Text === b.Text && a.CURSOR_MARKER === "\x1b_pi:c\x07";`)
	if same != "true" {
		t.Errorf("scopes: %s", same)
	}
}

func TestPiTuiVisibleWidth(t *testing.T) {
	t.Parallel()
	cases := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"hello", 5},
		{"日本語", 6},
		{"👨\u200d👩\u200d👧\u200d👦", 2},
		{"🏳\ufe0f\u200d🌈", 2},
		{"❤\ufe0f", 2},
		{"☝\U0001f3fb", 2},
		{"🇺🇸", 2},
		{"🇺", 2},
		{"e\u0301", 1},
		{"a\x09b", 5},
		{"\x1b[31mred\x1b[0m", 3},
		{"\x1b]8;;http://x\x07link\x1b]8;;\x07", 4},
		{"x\x1b_pi:c\x07y", 2},
		{"ｱｲｳ", 3},
		{"한국어", 6},
		{"क्षत्रिय", 3},
		{"ก่ำ", 2},
		{"\u200b", 0},
		{"🙂 wide", 7},
		{"1\ufe0f\u20e3", 2},
		{"\u00ad", 0},
		{"Ω≈ç√", 4},
		{"🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", 2},
		{"👩\U0001f3fd\u200d💻", 2},
		{"🫱\U0001f3fb\u200d🫲\U0001f3ff", 2},
		{"👁\ufe0f\u200d🗨\ufe0f", 2},
		{"🐻\u200d❄\ufe0f", 2},
		{"⌚⌛", 4},
		{"©\ufe0f ®", 4},
		{"\x1b[1;38;2;10;20;30mrgb\x1b[22;39m", 3},
		{"─│╭╮", 4},
		{"…→✓✗", 4},
		{"\x1b[7m \x1b[27m", 1},
		{"ア", 2},
		{"𠀋", 2},
		{"😀\u0301", 2},
	}
	var in []string
	var want []int
	for _, c := range cases {
		in = append(in, c.s)
		want = append(want, c.want)
	}
	for _, mode := range tuiModes() {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			got := tuiEval(t, mode.native, "return "+jsonLiteral(t, in)+".map((s) => tui.visibleWidth(s));")
			var widths []int
			if err := json.Unmarshal([]byte(got), &widths); err != nil {
				t.Fatal(err)
			}
			for i, c := range cases {
				if widths[i] != want[i] {
					t.Errorf("visibleWidth(%q) = %d, want %d", c.s, widths[i], c.want)
				}
			}
		})
	}
}

func TestPiTuiTruncateToWidth(t *testing.T) {
	t.Parallel()
	cases := []struct {
		s        string
		width    int
		ellipsis string
		pad      bool
		want     string
	}{
		{"hello world", 8, "...", false, "hello\x1b[0m...\x1b[0m"},
		{"hello world", 8, "…", false, "hello w\x1b[0m…\x1b[0m"},
		{"hello world", 8, "", true, "hello wo\x1b[0m"},
		{"hi", 5, "...", true, "hi   "},
		{"hello", 5, "...", false, "hello"},
		{"hello", 2, "...", false, "\x1b[0m..\x1b[0m"},
		{"日本語テキスト", 7, "...", false, "日本\x1b[0m...\x1b[0m"},
		{"日本語テキスト", 6, "…", false, "日本\x1b[0m…\x1b[0m"},
		{"\x1b[31mred text here\x1b[0m", 6, "...", false, "\x1b[31mred\x1b[0m...\x1b[0m"},
		{"\x1b[1mbold\x1b[22m ok", 20, "...", true, "\x1b[1mbold\x1b[22m ok             "},
		{"👨\u200d👩\u200d👧\u200d👦👨\u200d👩\u200d👧\u200d👦👨\u200d👩\u200d👧\u200d👦", 5, "...", false, "👨\u200d👩\u200d👧\u200d👦\x1b[0m...\x1b[0m"},
		{"a\x09b\x09c", 5, "...", false, "a\x1b[0m...\x1b[0m"},
		{"\x1b]8;;http://x\x07a long link\x1b]8;;\x07", 6, "...", false, "\x1b]8;;http://x\x07a l\x1b[0m...\x1b[0m"},
		{"x", 0, "...", false, ""},
		{"", 3, "...", true, "   "},
		{"abcdef", 2, "...", false, "\x1b[0m..\x1b[0m"},
	}
	var args [][]any
	for _, c := range cases {
		args = append(args, []any{c.s, c.width, c.ellipsis, c.pad})
	}
	for _, mode := range tuiModes() {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			got := tuiEval(t, mode.native, "return "+jsonLiteral(t, args)+".map((a) => tui.truncateToWidth(...a));")
			var res []string
			if err := json.Unmarshal([]byte(got), &res); err != nil {
				t.Fatal(err)
			}
			for i, c := range cases {
				if res[i] != c.want {
					t.Errorf("truncateToWidth(%q, %d, %q, %v) = %q, want %q", c.s, c.width, c.ellipsis, c.pad, res[i], c.want)
				}
			}
		})
	}
}

func TestPiTuiWrapTextWithAnsi(t *testing.T) {
	t.Parallel()
	cases := []struct {
		s     string
		width int
		want  string // JSON array of lines
	}{
		{"hello world", 5, `["hello","world"]`},
		{"hello world this is a test", 10, `["hello","world this","is a test"]`},
		{"\x1b[31mred text that wraps\x1b[0m", 8, `["\u001b[31mred text","\u001b[31mthat","\u001b[31mwraps\u001b[0m"]`},
		{"supercalifragilistic", 6, `["superc","alifra","gilist","ic"]`},
		{"日本語のテキスト", 5, `["日本","語の","テキ","スト"]`},
		{"a\x0ab\x0a\x0ac", 10, `["a","b","","c"]`},
		{"\x1b[4munderlined words\x1b[24m", 6, `["\u001b[4munderl\u001b[24m","\u001b[4mined\u001b[24m","\u001b[4mwords\u001b[24m"]`},
		{"  lead  trail  ", 4, `["","lead","trai","l"]`},
	}
	var args [][]any
	for _, c := range cases {
		args = append(args, []any{c.s, c.width})
	}
	for _, mode := range tuiModes() {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			got := tuiEval(t, mode.native, "return "+jsonLiteral(t, args)+".map((a) => JSON.stringify(tui.wrapTextWithAnsi(...a)));")
			var res []string
			if err := json.Unmarshal([]byte(got), &res); err != nil {
				t.Fatal(err)
			}
			for i, c := range cases {
				if res[i] != c.want {
					t.Errorf("wrapTextWithAnsi(%q, %d) = %s, want %s", c.s, c.width, res[i], c.want)
				}
			}
		})
	}
}

// TestPiTuiMatchesKey covers legacy xterm sequences, xterm modifyOtherKeys
// and Kitty CSI-u (modifiers, event types, alternate keys, keypad enter).
func TestPiTuiMatchesKey(t *testing.T) {
	t.Parallel()
	cases := []struct {
		data, id string
		want     bool
	}{
		{"\x1b", "escape", true},
		{"\x1b", "esc", true},
		{"\x0d", "enter", true},
		{"\x0d", "return", true},
		{"\x0a", "enter", true},
		{"\x09", "tab", true},
		{" ", "space", true},
		{"\x7f", "backspace", true},
		{"\x1b[A", "up", true},
		{"\x1bOA", "up", true},
		{"\x1b[B", "down", true},
		{"\x1b[C", "right", true},
		{"\x1b[D", "left", true},
		{"\x1b[H", "home", true},
		{"\x1b[1~", "home", true},
		{"\x1b[F", "end", true},
		{"\x1b[4~", "end", true},
		{"\x1b[5~", "pageUp", true},
		{"\x1b[6~", "pageDown", true},
		{"\x1b[3~", "delete", true},
		{"\x1b[2~", "insert", true},
		{"\x1bOP", "f1", true},
		{"\x1b[15~", "f5", true},
		{"\x1b[24~", "f12", true},
		{"\x03", "ctrl+c", true},
		{"\x01", "ctrl+a", true},
		{"\x1b[Z", "shift+tab", true},
		{"\x1b\x10", "ctrl+alt+p", true},
		{"\x1ba", "alt+a", true},
		{"A", "shift+a", true},
		{"a", "a", true},
		{"q", "a", false},
		{"\x1b[1;5D", "ctrl+left", true},
		{"\x1b[1;3C", "alt+right", true},
		{"\x1bb", "alt+left", true},
		{"\x1b[1;2A", "shift+up", true},
		{"\x1b\x7f", "alt+backspace", true},
		{"\x1b\x0d", "alt+enter", true},
		{"\x1b[27u", "escape", true},
		{"\x1b[13u", "enter", true},
		{"\x1b[13;2u", "shift+enter", true},
		{"\x1b[57414u", "enter", true},
		{"\x1b[9;2u", "shift+tab", true},
		{"\x1b[99;5u", "ctrl+c", true},
		{"\x1b[99;5:3u", "ctrl+c", true},
		{"\x1b[112;7u", "ctrl+alt+p", true},
		{"\x1b[100;6u", "ctrl+shift+d", true},
		{"\x1b[97;2u", "shift+a", true},
		{"\x1b[97u", "a", true},
		{"\x1b[1089::99;5u", "ctrl+c", true},
		{"\x1b[127;5u", "ctrl+backspace", true},
		{"\x1b[1;5:3A", "ctrl+up", true},
		{"\x1b[3;5~", "ctrl+delete", true},
		{"\x1b[27;2;13~", "shift+enter", true},
		{"\x1b[27;5;99~", "ctrl+c", true},
		{"\x1b[A", "down", false},
		{"\x1b[99;5u", "ctrl+d", false},
		{"\x0d", "shift+enter", false},
	}
	var args [][]string
	for _, c := range cases {
		args = append(args, []string{c.data, c.id})
	}
	got := tuiEval(t, false, "return "+jsonLiteral(t, args)+".map(([d, id]) => tui.matchesKey(d, id));")
	var res []bool
	if err := json.Unmarshal([]byte(got), &res); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		if res[i] != c.want {
			t.Errorf("matchesKey(%q, %q) = %v, want %v", c.data, c.id, res[i], c.want)
		}
	}
	// With the Kitty protocol active, ESC CR and LF mean shift+enter.
	kitty := tuiEval(t, false, `tui.setKittyProtocolActive(true);
const r = [tui.matchesKey("\x1b\r", "shift+enter"), tui.matchesKey("\n", "enter"), tui.parseKey("\x1b\r"), tui.isKittyProtocolActive()];
tui.setKittyProtocolActive(false);
return r;`)
	if kitty != `[true,false,"shift+enter",true]` {
		t.Errorf("kitty active: %s", kitty)
	}
}

func TestPiTuiParseKey(t *testing.T) {
	t.Parallel()
	cases := []struct {
		data    string
		want    string // "" = undefined
		release bool
		repeat  bool
	}{
		{"\x1b", "escape", false, false},
		{"\x0d", "enter", false, false},
		{"\x09", "tab", false, false},
		{" ", "space", false, false},
		{"\x7f", "backspace", false, false},
		{"\x1b[A", "up", false, false},
		{"\x1bOB", "down", false, false},
		{"\x1b[5~", "pageUp", false, false},
		{"\x1b[[5~", "pageUp", false, false},
		{"\x1b[Z", "shift+tab", false, false},
		{"\x03", "ctrl+c", false, false},
		{"\x1ba", "alt+a", false, false},
		{"\x1b\x10", "ctrl+alt+p", false, false},
		{"x", "x", false, false},
		{"X", "X", false, false},
		{"\x1bOP", "f1", false, false},
		{"\x1b[24~", "f12", false, false},
		{"\x1b[1;5C", "ctrl+right", false, false},
		{"\x1b[13;2u", "shift+enter", false, false},
		{"\x1b[99;5u", "ctrl+c", false, false},
		{"\x1b[99;5:3u", "ctrl+c", true, false},
		{"\x1b[112;7u", "ctrl+alt+p", false, false},
		{"\x1b[97;2u", "shift+a", false, false},
		{"\x1b[57414u", "enter", false, false},
		{"\x1b[1089::99;5u", "ctrl+c", false, false},
		{"\x1b[27;5;99~", "ctrl+c", false, false},
		{"\x1b[97;9u", "super+a", false, false},
		{"é", "", false, false},
		{"\x1b[200~", "", false, false},
	}
	var in []string
	for _, c := range cases {
		in = append(in, c.data)
	}
	got := tuiEval(t, false, "return "+jsonLiteral(t, in)+".map((d) => [tui.parseKey(d) ?? \"\", tui.isKeyRelease(d), tui.isKeyRepeat(d)]);")
	var res [][]any
	if err := json.Unmarshal([]byte(got), &res); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		want := []any{c.want, c.release, c.repeat}
		if fmt.Sprint(res[i]) != fmt.Sprint(want) {
			t.Errorf("parseKey/isKeyRelease/isKeyRepeat(%q) = %v, want %v", c.data, res[i], want)
		}
	}
	keys := tuiEval(t, false, `const K = tui.Key; return [K.escape, K.enter, K.pageUp, K.ctrl("c"), K.shift("tab"), K.ctrlAlt("p"), K.ctrlShift("u"), K.super("k"), K.backtick];`)
	if keys != `["escape","enter","pageUp","ctrl+c","shift+tab","ctrl+alt+p","ctrl+shift+u","super+k","`+"`"+`"]` {
		t.Errorf("Key: %s", keys)
	}
}

// TestPiTuiComponents runs component scenarios and compares the whole
// result with real pi-tui's.
func TestPiTuiComponents(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string // what the case covers
		body string
		want string
	}{
		{
			// Text wrapping and padding, TruncatedText, Container and Box composition
			name: "Text",
			body: `
const { Text, Container, Box, Spacer, TruncatedText } = tui;
const t = new Text("x", 0, 0);
t.setText("changed text here");
const out = {
  narrow: new Text("hello world", 0, 0).render(5),
  padded: new Text("hello world").render(14),
  empty: new Text("", 0, 0).render(10),
  tabsBg: new Text("a\tb wraps around here", 2, 1, (s) => ("<" + s + ">")).render(12),
  ansi: new Text("\x1b[31mred text that wraps\x1b[39m", 1, 0).render(10),
  setText: t.render(8),
  truncated: new TruncatedText("a long single line\nsecond", 1, 0).render(10),
};
const c = new Container();
c.addChild(new Text("one", 0, 0));
const b = new Box(1, 1, (s) => ("[" + s + "]"));
b.addChild(new Text("boxed", 0, 0));
c.addChild(b);
c.addChild(new Spacer(1));
out.container = c.render(9);
c.removeChild(b);
out.removed = c.render(9);
out.children = c.children.length;
c.clear();
out.cleared = c.render(9);
return out;
`,
			want: `{"narrow":["hello","world"],"padded":["              "," hello world  ","              "],"empty":[],"tabsBg":["<            >","<  a   b     >","<  wraps     >","<  around    >","<  here      >","<            >"],"ansi":[" \u001b[31mred text "," \u001b[31mthat     "," \u001b[31mwraps\u001b[39m    "],"setText":["changed ","text    ","here    "],"truncated":[" a lon\u001b[0m...\u001b[0m "],"container":["one      ","[         ]","[ boxed   ]","[         ]",""],"removed":["one      ",""],"children":2,"cleared":[]}`,
		},
		{
			// headings, inline styles, lists, code block, quote, rule, table; wrapping; default style
			name: "Markdown",
			body: `
const theme = {
  heading: (s) => ("\x1b[35m" + s + "\x1b[39m"), bold: (s) => ("\x1b[1m" + s + "\x1b[22m"), italic: (s) => ("\x1b[3m" + s + "\x1b[23m"),
  underline: (s) => ("\x1b[4m" + s + "\x1b[24m"), strikethrough: (s) => ("\x1b[9m" + s + "\x1b[29m"), code: (s) => ("\x1b[33m" + s + "\x1b[39m"),
  codeBlock: (s) => ("\x1b[32m" + s + "\x1b[39m"), codeBlockBorder: (s) => ("\x1b[2m" + s + "\x1b[22m"), quote: (s) => s, quoteBorder: (s) => s,
  hr: (s) => s, listBullet: (s) => ("\x1b[36m" + s + "\x1b[39m"), link: (s) => s, linkUrl: (s) => ("\x1b[2m" + s + "\x1b[22m"),
};
tui.setCapabilities({ images: null, trueColor: true, hyperlinks: false });
const src = "# Title\n\n## Sub *heading*\n\nA paragraph with **bold**, *italic*, \x60code\x60 and a [link](https://example.com).\n\n- one\n- two\n  - nested\n1. first\n2. second\n\n\x60\x60\x60ts\nconst x = 1;\n\x60\x60\x60\n\n> quoted\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
return {
  w40: new tui.Markdown(src, 1, 0, theme).render(40),
  w16: new tui.Markdown("A long paragraph that needs wrapping at sixteen columns.", 0, 0, theme).render(16),
  styled: new tui.Markdown("plain **bold** text", 0, 1, theme, { color: (s) => ("\x1b[32m" + s + "\x1b[39m"), italic: true }).render(24),
};
`,
			want: "{\"w40\":[\" \\u001b[35m\\u001b[1m\\u001b[4mTitle\\u001b[24m\\u001b[22m\\u001b[39m                                  \",\"                                        \",\" \\u001b[35m\\u001b[1mSub \\u001b[22m\\u001b[39m\\u001b[3m\\u001b[35m\\u001b[1mheading\\u001b[22m\\u001b[39m\\u001b[23m                            \",\"                                        \",\" A paragraph with \\u001b[1mbold\\u001b[22m, \\u001b[3mitalic\\u001b[23m, \\u001b[33mcode\\u001b[39m    \",\" and a \\u001b[4mlink\\u001b[24m\\u001b[2m (https://example.com)\\u001b[22m.      \",\"                                        \",\" \\u001b[36m- \\u001b[39mone                                  \",\" \\u001b[36m- \\u001b[39mtwo                                  \",\"   \\u001b[36m- \\u001b[39mnested                             \",\" \\u001b[36m1. \\u001b[39mfirst                               \",\" \\u001b[36m2. \\u001b[39msecond                              \",\"                                        \",\" \\u001b[2m```ts\\u001b[22m                                  \",\"   \\u001b[32mconst x = 1;\\u001b[39m                         \",\" \\u001b[2m```\\u001b[22m                                    \",\"                                        \",\" │ \\u001b[3mquoted\\u001b[23m                               \",\"                                        \",\" ────────────────────────────────────── \",\"                                        \",\" ┌───┬───┐                              \",\" │ \\u001b[1ma\\u001b[22m │ \\u001b[1mb\\u001b[22m │                              \",\" ├───┼───┤                              \",\" │ 1 │ 2 │                              \",\" └───┴───┘                              \"],\"w16\":[\"A long paragraph\",\"that needs      \",\"wrapping at     \",\"sixteen columns.\"],\"styled\":[\"                        \",\"\\u001b[3m\\u001b[32mplain \\u001b[39m\\u001b[23m\\u001b[1m\\u001b[3m\\u001b[32mbold\\u001b[39m\\u001b[23m\\u001b[22m\\u001b[3m\\u001b[32m\\u001b[3m\\u001b[32m text\\u001b[39m\\u001b[23m         \",\"                        \"]}",
		},
		{
			// navigation wraps, scroll indicator, select/cancel callbacks, filter
			name: "SelectList",
			body: `
const theme = { selectedPrefix: (s) => s, selectedText: (s) => ("*" + s + "*"), description: (s) => ("(" + s + ")"), scrollInfo: (s) => ("~" + s), noMatch: (s) => ("!" + s) };
const items = [
  { value: "alpha", label: "Alpha", description: "first letter" },
  { value: "beta", label: "Beta" },
  { value: "gamma", description: "third" },
  { value: "delta" },
  { value: "epsilon" },
];
const list = new tui.SelectList(items, 3, theme);
const events = [];
list.onSelect = (i) => events.push(("select:" + i.value));
list.onCancel = () => events.push("cancel");
list.onSelectionChange = (i) => events.push(("change:" + i.value));
const frames = [list.render(50)];
for (const key of ["\x1b[B", "\x1b[B", "\x1b[B", "\x1b[A", "\x1b[A", "\x1b[A", "\x1b[A", "\r", "\x1b", "\x1b[27u", "\x03"]) {
  list.handleInput(key);
  frames.push(list.render(50));
}
list.setFilter("e");
const filtered = [list.render(50), list.getSelectedItem()];
list.setFilter("zz");
const none = [list.render(50), list.getSelectedItem()];
list.setFilter("");
list.setSelectedIndex(2);
return { frames, events, filtered, none, selected: list.getSelectedItem() };
`,
			want: `{"frames":[["*→ Alpha                           first letter*","  Beta","  gamma(                           third)","~  (1/5)"],["  Alpha(                           first letter)","*→ Beta*","  gamma(                           third)","~  (2/5)"],["  Beta","*→ gamma                           third*","  delta","~  (3/5)"],["  gamma(                           third)","*→ delta*","  epsilon","~  (4/5)"],["  Beta","*→ gamma                           third*","  delta","~  (3/5)"],["  Alpha(                           first letter)","*→ Beta*","  gamma(                           third)","~  (2/5)"],["*→ Alpha                           first letter*","  Beta","  gamma(                           third)","~  (1/5)"],["  gamma(                           third)","  delta","*→ epsilon*","~  (5/5)"],["  gamma(                           third)","  delta","*→ epsilon*","~  (5/5)"],["  gamma(                           third)","  delta","*→ epsilon*","~  (5/5)"],["  gamma(                           third)","  delta","*→ epsilon*","~  (5/5)"],["  gamma(                           third)","  delta","*→ epsilon*","~  (5/5)"]],"events":["change:beta","change:gamma","change:delta","change:gamma","change:beta","change:alpha","change:epsilon","select:epsilon","cancel","cancel","cancel"],"filtered":[["*→ epsilon*"],{"value":"epsilon"}],"none":[["!  No matching commands"],null],"selected":{"value":"gamma","description":"third"}}`,
		},
		{
			// enter/space cycle values, onChange, description, search
			name: "SettingsList",
			body: `
const theme = { label: (s, sel) => (sel ? ("*" + s + "*") : s), value: (s, sel) => (sel ? ("<" + s + ">") : s), description: (s) => ("~" + s), cursor: "→ ", hint: (s) => ("#" + s) };
const items = [
  { id: "save", label: "Auto save", currentValue: "on", values: ["on", "off"], description: "Save after each change" },
  { id: "theme", label: "Theme", currentValue: "dark", values: ["dark", "light", "auto"] },
  { id: "name", label: "Name", currentValue: "x" },
];
const changes = [];
const list = new tui.SettingsList(items, 5, theme, (id, v) => changes.push((id + "=" + v)), () => changes.push("cancel"));
const frames = [list.render(40)];
for (const key of ["\r", " ", "\x1b[B", "\r", "\r", "\r", "\x1b[B", "\r", "\x1b"]) {
  list.handleInput(key);
  frames.push(list.render(40));
}
list.updateValue("theme", "custom");
frames.push(list.render(40));
const search = new tui.SettingsList(items, 5, theme, (id, v) => changes.push((id + "=" + v)), () => changes.push("cancel"), { enableSearch: true });
for (const key of ["t", "h"]) search.handleInput(key);
return { frames, changes, search: search.render(40) };
`,
			want: `{"frames":[["→ *Auto save*  <on>","  Theme      dark","  Name       x","","~  Save after each change","","#  Enter/Space to change · Esc to cancel"],["→ *Auto save*  <off>","  Theme      dark","  Name       x","","~  Save after each change","","#  Enter/Space to change · Esc to cancel"],["→ *Auto save*  <on>","  Theme      dark","  Name       x","","~  Save after each change","","#  Enter/Space to change · Esc to cancel"],["  Auto save  on","→ *Theme    *  <dark>","  Name       x","","#  Enter/Space to change · Esc to cancel"],["  Auto save  on","→ *Theme    *  <light>","  Name       x","","#  Enter/Space to change · Esc to cancel"],["  Auto save  on","→ *Theme    *  <auto>","  Name       x","","#  Enter/Space to change · Esc to cancel"],["  Auto save  on","→ *Theme    *  <dark>","  Name       x","","#  Enter/Space to change · Esc to cancel"],["  Auto save  on","  Theme      dark","→ *Name     *  <x>","","#  Enter/Space to change · Esc to cancel"],["  Auto save  on","  Theme      dark","→ *Name     *  <x>","","#  Enter/Space to change · Esc to cancel"],["  Auto save  on","  Theme      dark","→ *Name     *  <x>","","#  Enter/Space to change · Esc to cancel"],["  Auto save  on","  Theme      custom","→ *Name     *  <x>","","#  Enter/Space to change · Esc to cancel"]],"changes":["save=off","save=on","theme=light","theme=auto","theme=dark","cancel"],"search":["> th\u001b[7m \u001b[27m                                   ","","→ *Theme    *  <custom>","","#  Type to search · Enter/Space to ch\u001b[0m...\u001b[0m"]}`,
		},
		{
			// typing, shift+enter newline, emacs keys, home/end, submit clears
			name: "Editor",
			body: `
const reqs = [];
const fakeTui = { terminal: { rows: 24, columns: 80 }, requestRender: () => reqs.push(1) };
const theme = { borderColor: (s) => s, selectList: { selectedPrefix: (s) => s, selectedText: (s) => s, description: (s) => s, scrollInfo: (s) => s, noMatch: (s) => s } };
const editor = new tui.Editor(fakeTui, theme);
const submitted = [];
const changes = [];
editor.onSubmit = (v) => submitted.push(v);
editor.onChange = (v) => changes.push(v);
const type = (s) => { for (const ch of s) editor.handleInput(ch); };
const unfocused = editor.render(12);
editor.focused = true;
type("hello");
editor.handleInput("\x1b[13;2u"); // shift+enter (Kitty): newline
type("wörld 日本");
const typed = { text: editor.getText(), cursor: editor.getCursor(), lines: editor.render(12) };
editor.handleInput("\x01"); // ctrl+a
editor.handleInput("\x0b"); // ctrl+k
editor.handleInput("\x1b[A"); // up
editor.handleInput("\x05"); // ctrl+e
editor.handleInput("\x7f"); // backspace
editor.handleInput("\x17"); // ctrl+w
type("bye");
editor.handleInput("\x1b[D");
editor.handleInput("\x1b[D");
editor.handleInput("\x1b[H"); // home
type(">");
editor.handleInput("\x1b[F"); // end
const edited = { text: editor.getText(), cursor: editor.getCursor(), lines: editor.render(12) };
editor.handleInput("\x15"); // ctrl+u
type("final");
editor.handleInput("\r");
return { unfocused, typed, edited, submitted, afterSubmit: editor.getText(), changes: changes.length, lastChange: changes[changes.length - 1], render: editor.render(10) };
`,
			want: `{"unfocused":["────────────","\u001b[7m \u001b[0m           ","────────────"],"typed":{"text":"hello\nwörld 日本","cursor":{"line":1,"col":8},"lines":["────────────","hello       ","wörld 日本\u001b_pi:c\u0007\u001b[7m \u001b[0m ","────────────"]},"edited":{"text":">bye\n","cursor":{"line":0,"col":4},"lines":["────────────",">bye\u001b_pi:c\u0007\u001b[7m \u001b[0m       ","            ","────────────"]},"submitted":["final"],"afterSubmit":"","changes":28,"lastChange":"","render":["──────────","\u001b_pi:c\u0007\u001b[7m \u001b[0m         ","──────────"]}`,
		},
		{
			// modal-editor pattern: class extends Editor overriding handleInput/render with super calls
			name: "EditorSubclass",
			body: `
const { Editor, matchesKey, truncateToWidth, visibleWidth, CURSOR_MARKER } = tui;
class ModalEditor extends Editor {
  mode = "insert";
  constructor(t, theme, label) {
    super(t, theme);
    this.label = label;
  }
  handleInput(data) {
    if (matchesKey(data, "escape")) {
      this.mode = "normal";
      return;
    }
    if (this.mode === "normal") {
      if (data === "i") this.mode = "insert";
      else if (data === "h") super.handleInput("\x1b[D");
      else if (data === "x") super.handleInput("\x1b[3~");
      return;
    }
    super.handleInput(data);
  }
  render(width) {
    const lines = super.render(width);
    const label = this.mode === "normal" ? " NORMAL " : " INSERT ";
    const last = lines.length - 1;
    if (visibleWidth(lines[last]) >= label.length) lines[last] = truncateToWidth(lines[last], width - label.length, "") + label;
    return lines;
  }
}
const renders = [];
const fakeTui = { terminal: { rows: 24, columns: 80 }, requestRender: () => renders.push(1) };
const ed = new ModalEditor(fakeTui, { borderColor: (s) => s, selectList: {} }, "modal");
ed.focused = true;
for (const ch of "abc") ed.handleInput(ch);
const insert = ed.render(20);
ed.handleInput("\x1b");
ed.handleInput("h");
ed.handleInput("x");
ed.handleInput("q");
const normal = ed.render(20);
ed.handleInput("i");
ed.handleInput("Z");
return {
  insert, normal, text: ed.getText(), last: ed.render(20).at(-1),
  isEditor: ed instanceof Editor, label: ed.label, proto: Object.getPrototypeOf(ModalEditor) === Editor,
  colored: new Editor(fakeTui, { borderColor: (s) => ("<" + s + ">"), selectList: {} }).render(4)[0],
  marker: normal.some((l) => l.includes(CURSOR_MARKER)), widths: ed.render(20).map(visibleWidth),
};
`,
			want: `{"insert":["────────────────────","abc\u001b_pi:c\u0007\u001b[7m \u001b[0m                ","────────────\u001b[0m INSERT "],"normal":["────────────────────","ab\u001b_pi:c\u0007\u001b[7m \u001b[0m                 ","────────────\u001b[0m NORMAL "],"text":"abZ","last":"────────────\u001b[0m INSERT ","isEditor":true,"label":"modal","proto":true,"colored":"<─><─><─><─>","marker":true,"widths":[20,20,20]}`,
		},
		{
			// TUI.showOverlay, OverlayHandle, CURSOR_MARKER from a focused overlay, differential paint
			name: "Overlay",
			body: `
const { TUI, Text, CURSOR_MARKER, visibleWidth } = tui;
const writes = [];
const term = {
  columns: 40, rows: 10, kittyProtocolActive: false,
  start(onInput) { this.onInput = onInput; }, stop() {}, async drainInput() {},
  write: (d) => writes.push(d), moveBy() {}, hideCursor() {}, showCursor() {},
  clearLine() {}, clearFromCursor() {}, clearScreen() {}, setTitle() {}, setProgress() {},
};
const ui = new TUI(term);
ui.addChild(new Text("base content line", 0, 0));
class Panel {
  focused = false;
  keys = [];
  handleInput(d) { this.keys.push(d); }
  render(width) {
    const m = this.focused ? CURSOR_MARKER : "";
    return ["╭" + "─".repeat(width - 2) + "╮", "│" + (">" + m + "\x1b[7m \x1b[27m").padEnd(width - 2 + m.length + 9) + "│", "╰" + "─".repeat(width - 2) + "╯"];
  }
  invalidate() {}
}
const panel = new Panel();
const handle = ui.showOverlay(panel, { width: 20, anchor: "center" });
const state = [handle.isFocused(), panel.focused, handle.isHidden()];
const lines = ui.compositeOverlays(ui.render(40), 40, 10);
const withMarker = lines.findIndex((l) => l.includes(CURSOR_MARKER));
ui.start();
term.onInput("k");
term.onInput("\x1b[107;1:3u"); // key release: filtered (no wantsKeyRelease)
// The render is throttled by a timer: wait for the paint (bounded), not a
// fixed time that a loaded machine overruns.
for (let i = 0; i < 300 && !writes.join("").includes("╭──────"); i++) await new Promise((r) => setTimeout(r, 10));
const painted = writes.join("");
handle.setHidden(true);
const hidden = [handle.isHidden(), handle.isFocused(), panel.focused, ui.hasOverlay()];
handle.setHidden(false);
handle.unfocus();
const unfocused = handle.isFocused();
handle.focus();
const refocused = handle.isFocused();
handle.hide();
const gone = [ui.hasOverlay(), handle.isFocused()];
ui.stop();
return {
  state, keys: panel.keys, withMarker, overlayRow: lines[withMarker].replace(CURSOR_MARKER, "|"),
  widths: lines.map(visibleWidth), paintedHasOverlay: painted.includes("╭──────"), paintedMarker: painted.includes(CURSOR_MARKER),
  hidden, unfocused, refocused, gone,
};
`,
			want: `{"state":[true,true,false],"keys":["k"],"withMarker":4,"overlayRow":"          \u001b[0m\u001b]8;;\u0007│>|\u001b[7m \u001b[27m                │\u001b[0m\u001b]8;;\u0007          ","widths":[40,0,0,40,40,40,0,0,0,0],"paintedHasOverlay":true,"paintedMarker":false,"hidden":[true,false,false,false],"unfocused":false,"refocused":true,"gone":[false,false]}`,
		},
		{
			// spinner timer drives requestRender and stops on stop(); CancellableLoader aborts on escape
			name: "Loader",
			body: `
const { Loader, CancellableLoader } = tui;
let renders = 0;
const ui = { requestRender: () => renders++ };
const loader = new Loader(ui, (s) => ("<" + s + ">"), (s) => ("[" + s + "]"), "Working", { frames: ["a", "b", "c"], intervalMs: 5 });
const first = loader.render(20);
// wait for ticks rather than for a time: a loaded machine may delay them
for (let i = 0; i < 500 && renders <= 3; i++) await new Promise((r) => setTimeout(r, 10));
const animated = renders > 3;
loader.stop();
const stoppedAt = renders;
await new Promise((r) => setTimeout(r, 40));
const still = renders === stoppedAt;
loader.setMessage("Done");
const cl = new CancellableLoader(ui, (s) => s, (s) => s, "Cancel me");
let aborts = 0;
cl.onAbort = () => aborts++;
cl.handleInput("x");
const before = cl.aborted;
cl.handleInput("\x1b");
cl.dispose();
return { first, animated, still, done: loader.render(20)[1].endsWith("[Done]           "), cancelled: [before, cl.aborted, cl.signal.aborted, aborts], def: (() => { const d = new Loader(null, (s) => s, (s) => s); const n = d.render(14).length; d.stop(); return n; })() };
`,
			want: `{"first":[""," a [Working]        "],"animated":true,"still":true,"done":true,"cancelled":[false,true,true,1],"def":2}`,
		},
		{
			// CombinedAutocompleteProvider slash commands and arguments; Editor slash menu
			name: "Autocomplete",
			body: `
const commands = [
  { name: "help", description: "Show help" },
  { name: "hello", argumentHint: "<name>", getArgumentCompletions: (p) => [{ value: "world", label: "world" }].filter((i) => i.value.startsWith(p)) },
  { value: "model", label: "model", description: "Pick a model" },
];
const p = new tui.CombinedAutocompleteProvider(commands, "/nonexistent-dir");
const ac = new AbortController();
const slash = await p.getSuggestions(["/he"], 0, 3, { signal: ac.signal });
const arg = await p.getSuggestions(["/hello w"], 0, 8, { signal: ac.signal });
const none = await p.getSuggestions(["plain text"], 0, 10, { signal: ac.signal });
const applied = p.applyCompletion(["/he"], 0, 3, slash.items[0], slash.prefix);
// Editor + provider: typing "/" at the start triggers the slash menu.
const fakeTui = { terminal: { rows: 24, columns: 80 }, requestRender() {} };
const ed = new tui.Editor(fakeTui, { borderColor: (s) => s, selectList: { selectedPrefix: (s) => s, selectedText: (s) => ("*" + s + "*"), description: (s) => s, scrollInfo: (s) => s, noMatch: (s) => s } });
ed.setAutocompleteProvider(p);
ed.handleInput("/");
ed.handleInput("m");
await new Promise((r) => setTimeout(r, 20));
const showing = ed.isShowingAutocomplete();
const menu = ed.render(30);
ed.handleInput("\t");
return { slash, arg, none, applied, showing, menu, text: ed.getText() };
`,
			want: `{"slash":{"items":[{"value":"help","label":"help","description":"Show help"},{"value":"hello","label":"hello","description":"<name>"}],"prefix":"/he"},"arg":{"items":[{"value":"world","label":"world"}],"prefix":"w"},"none":null,"applied":{"lines":["/help "],"cursorLine":0,"cursorCol":6},"showing":true,"menu":["──────────────────────────────","/m\u001b[7m \u001b[0m                           ","──────────────────────────────","*→ model*                     "],"text":"/model "}`,
		},
		{
			// custom-footer pattern stays within width; Input deletes whole graphemes
			name: "Footer",
			body: `
const { truncateToWidth, visibleWidth } = tui;
const theme = { fg: (c, s) => "\x1b[2m" + s + "\x1b[22m" };
const fmt = (n) => (n < 1000 ? "" + n : (n / 1000).toFixed(1) + "k");
const footer = (width, model, branch) => {
  const left = theme.fg("dim", "↑" + fmt(12345) + " ↓" + fmt(678) + " $" + (0.1234).toFixed(3));
  const right = theme.fg("dim", model + (branch ? " (" + branch + ")" : ""));
  const pad = " ".repeat(Math.max(1, width - visibleWidth(left) - visibleWidth(right)));
  return [truncateToWidth(left + pad + right, width)];
};
const a = footer(80, "claude-sonnet-4-5", "main");
const b = footer(30, "a-very-long-model-name-that-overflows", "feature/日本語-branch");
const input = new tui.Input();
for (const ch of ["a", "👨‍👩‍👧‍👦", "é", "日"]) input.handleInput(ch);
input.handleInput("\x7f");
const afterOne = input.getValue();
input.handleInput("\x7f");
input.handleInput("\x1b[D");
input.handleInput("\x1b[3~");
return { a, b, widths: [visibleWidth(a[0]), visibleWidth(b[0])], afterOne, final: input.getValue() };
`,
			want: `{"a":["\u001b[2m↑12.3k ↓678 $0.123\u001b[22m                                      \u001b[2mclaude-sonnet-4-5 (main)\u001b[22m"],"b":["\u001b[2m↑12.3k ↓678 $0.123\u001b[22m \u001b[2ma-very-l\u001b[0m...\u001b[0m"],"widths":[80,30],"afterOne":"a👨‍👩‍👧‍👦é","final":"a"}`,
		},
	}
	for _, c := range cases {
		for _, mode := range tuiModes() {
			t.Run(c.name+"/"+mode.name, func(t *testing.T) {
				t.Parallel()
				assertSameJSON(t, tuiEval(t, mode.native, c.body), c.want)
			})
		}
	}
}

// TestPiTuiPigoTerminal covers what pigo does differently from pi because
// the host owns the terminal: ProcessTerminal is headless (writes go to
// onWrite, input comes from feedInput, size from setSize), a TUI can be
// built without a terminal, and inline images are off by default.
func TestPiTuiPigoTerminal(t *testing.T) {
	t.Parallel()
	got := tuiEval(t, true, `
const term = new tui.ProcessTerminal();
const written = [];
term.onWrite = (d) => written.push(d);
const ui = new tui.TUI(term);
ui.addChild(new tui.Text("hello", 0, 0));
const keys = [];
ui.setFocus({ handleInput: (d) => keys.push(d), render: () => [], invalidate() {} });
ui.start();
term.feedInput("a\x1b[Ab\x1b[200~pasted\x1b[201~");
await new Promise((r) => setTimeout(r, 50));
term.setSize(20, 5);
const size = [term.columns, term.rows];
ui.stop();
const bare = new tui.TUI();
return {
  keys, painted: written.join("").includes("hello"), size, started: term.started,
  bare: typeof bare.terminal.columns, images: tui.getCapabilities().images,
  img: new tui.Image("", "image/png", { fallbackColor: (s) => s }).render(40),
};`)
	want := `{"keys":["a","\u001b[A","b","\u001b[200~pasted\u001b[201~"],"painted":true,"size":[20,5],"started":false,"bare":"number","images":null,"img":["[Image: [image/png] 800x600]"]}`
	assertSameJSON(t, got, want)
}
