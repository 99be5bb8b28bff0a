const FAKE_CURSOR_START = "\x1B_pi:fc\x07";
const FAKE_CURSOR_END = "\x1B_pi:/fc\x07";
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/g;
const own = {
  renderFakeCursor(text) {
    return `${FAKE_CURSOR_START}${text}${FAKE_CURSOR_END}`;
  },
  replaceControlCharacters(str) {
    return str.replace(CONTROL_CHARACTERS, " ");
  },
  stripTerminalSequences(str) {
    if (!str.includes("\x1B")) return str;
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
  getOsc8LinkAtColumn(line, column) {
    const { extractAnsiCode, getSegmenter } = require("pigo:tui-utils");
    const { graphemeWidth } = require("pigo:tui-unicode");
    let activeUrl;
    let currentCol = 0;
    let i = 0;
    while (i < line.length) {
      const ansi = extractAnsiCode(line, i);
      if (ansi) {
        const link = /^\x1b\]8;[^;]*;([^\x07\x1b]*)(?:\x07|\x1b\\)$/.exec(ansi.code);
        if (link) activeUrl = link[1] || void 0;
        i += ansi.length;
        continue;
      }
      let textEnd = i;
      while (textEnd < line.length && !extractAnsiCode(line, textEnd)) textEnd++;
      for (const { segment } of getSegmenter().segment(line.slice(i, textEnd))) {
        const width = segment === "	" ? 3 : graphemeWidth(segment);
        if (column >= currentCol && column < currentCol + width) return activeUrl;
        currentCol += width;
      }
      i = textEnd;
    }
    return void 0;
  },
  getSelectPageIndex(keybindings, data, selectedIndex, itemCount, pageSize) {
    let direction;
    if (keybindings.matches(data, "tui.select.pageUp")) direction = -1;
    else if (keybindings.matches(data, "tui.select.pageDown")) direction = 1;
    else return void 0;
    return Math.max(0, Math.min(itemCount - 1, selectedIndex + direction * pageSize));
  },
  // pi marks viewport TUIs (TuiAltScreen) with a symbol; pigo has none,
  // so no TUI it hands out is one.
  isViewportTUI(_tui) {
    return false;
  },
  // Apple Terminal is never pigo's terminal: the host owns it.
  isAppleTerminalSession() {
    return false;
  },
  get MouseRegion() {
    return require("pigo:tui-core").MouseRegion;
  },
  getTerminalColorMode(capabilities) {
    const caps = capabilities ?? require("pigo:tui-core").getCapabilities();
    return caps.trueColor ? "truecolor" : "256color";
  }
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
        "styleTextWithAnsi"
      ],
      "pigo:tui-utils": ["sliceByColumn"],
      "pigo:tui-marked": ["Marked"]
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
      "setImageTranscoder"
    ]
  }),
  (name) => Object.prototype.hasOwnProperty.call(own, name) ? own[name] : require("pigo:pi16").unsupported("pi-tui", name)
);
