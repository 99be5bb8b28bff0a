// @earendil-works/pi-tui at pi 1.6.0: every export of pigo's 0.73.1 module
// (modules/pi-tui.ts, the same values) plus pi-tui 1.6's new names.
//
// pi 1.6 replaced the TUI class with TuiMainScreen/TuiAltScreen; pigo keeps
// TUI (extensions written for 0.74-1.5 import it) and has no new screen
// classes yet: the terminal belongs to pigo's host, which has no TUI of its
// own so far. Colors (pigo:tui16, vendored unchanged), the fake-cursor
// markers and the text helpers are real; the new layout components,
// LaTeX rendering, the native clipboard and the image transcoder throw
// "not supported yet: pi-tui <name>" when used.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const module: any, require: any;

// Fake cursor markers (tui.js): zero-width APC sequences around the text
// drawn as the cursor, for components that draw their own cursor.
const FAKE_CURSOR_START = "\x1b_pi:fc\x07";
const FAKE_CURSOR_END = "\x1b_pi:/fc\x07";
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/g;

const own: Record<string, any> = {
  renderFakeCursor(text: string): string {
    return `${FAKE_CURSOR_START}${text}${FAKE_CURSOR_END}`;
  },
  replaceControlCharacters(str: string): string {
    return str.replace(CONTROL_CHARACTERS, " ");
  },
  stripTerminalSequences(str: string): string {
    if (!str.includes("\x1b")) return str;
    const { extractAnsiCode } = require("pigo:tui-utils");
    let result = "";
    let i = 0;
    while (i < str.length) {
      const ansi = extractAnsiCode(str, i);
      if (ansi) {
        i += ansi.length;
        continue;
      }
      result += str[i];
      i++;
    }
    return result;
  },
  getOsc8LinkAtColumn(line: string, column: number): string | undefined {
    const { extractAnsiCode, getSegmenter } = require("pigo:tui-utils");
    const { graphemeWidth } = require("pigo:tui-unicode");
    let activeUrl: string | undefined;
    let currentCol = 0;
    let i = 0;
    while (i < line.length) {
      const ansi = extractAnsiCode(line, i);
      if (ansi) {
        const link = /^\x1b\]8;[^;]*;([^\x07\x1b]*)(?:\x07|\x1b\\)$/.exec(ansi.code);
        if (link) activeUrl = link[1] || undefined;
        i += ansi.length;
        continue;
      }
      let textEnd = i;
      while (textEnd < line.length && !extractAnsiCode(line, textEnd)) textEnd++;
      for (const { segment } of getSegmenter().segment(line.slice(i, textEnd))) {
        const width = segment === "\t" ? 3 : graphemeWidth(segment);
        if (column >= currentCol && column < currentCol + width) return activeUrl;
        currentCol += width;
      }
      i = textEnd;
    }
    return undefined;
  },
  getSelectPageIndex(keybindings: any, data: string, selectedIndex: number, itemCount: number, pageSize: number): number | undefined {
    let direction: number;
    if (keybindings.matches(data, "tui.select.pageUp")) direction = -1;
    else if (keybindings.matches(data, "tui.select.pageDown")) direction = 1;
    else return undefined;
    return Math.max(0, Math.min(itemCount - 1, selectedIndex + direction * pageSize));
  },
  // pi marks viewport TUIs (TuiAltScreen) with a symbol; pigo has none,
  // so no TUI it hands out is one.
  isViewportTUI(_tui: any): boolean {
    return false;
  },
  // Apple Terminal is never pigo's terminal: the host owns it.
  isAppleTerminalSession(): boolean {
    return false;
  },
  get MouseRegion(): any {
    return require("pigo:tui-core").MouseRegion;
  },
  getTerminalColorMode(capabilities?: any): string {
    const caps = capabilities ?? require("pigo:tui-core").getCapabilities();
    return caps.trueColor ? "truecolor" : "256color";
  },
};
module.exports = require("pigo:namespace").lazy(
  "pi16-tui.ts",
  () => ({
    from: {
      "pigo:tui16": [
        "backgroundAnsi",
        "colorToHex",
        "colorToOkhsl",
        "colorToOklch",
        "colorToRgb",
        "foregroundAnsi",
        "indexedColor",
        "mixColors",
        "okhslColor",
        "oklabToOkhslLightness",
        "oklchColor",
        "parseColor",
        "parseTerminalColorSchemeReport",
        "rgbColor",
        "styleText",
        "styleTextWithAnsi",
      ],
      "pigo:tui-utils": ["sliceByColumn"],
      "pigo:tui-marked": ["Marked"],
    },
    computed: Object.keys(own),
    base: "@mariozechner/pi-tui",
    fallback: [
      "HStack",
      "VStack",
      "ScrollView",
      "TuiAltScreen",
      "TuiMainScreen",
      "compositeTuiLine",
      "formatProgramStatus",
      "getNativeClipboard",
      "renderLatex",
      "setCapabilityOverrides",
      "setImageTranscoder",
    ],
  }),
  (name: string) => (Object.prototype.hasOwnProperty.call(own, name) ? own[name] : require("pigo:pi16").unsupported("pi-tui", name)),
);
