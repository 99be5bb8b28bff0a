module.exports = require("pigo:namespace").lazy(
  "pi-tui.ts",
  () => ({
    from: {
      "pigo:tui-autocomplete": ["CombinedAutocompleteProvider"],
      "pigo:tui-components": [
        "Box",
        "CancellableLoader",
        "Editor",
        "Image",
        "Input",
        "Loader",
        "SelectList",
        "SettingsList",
        "Spacer",
        "Text",
        "TruncatedText"
      ],
      "pigo:tui-markdown": ["Markdown"],
      "pigo:tui-core": [
        "fuzzyFilter",
        "fuzzyMatch",
        "StdinBuffer",
        "ProcessTerminal",
        "allocateImageId",
        "calculateImageRows",
        "deleteAllKittyImages",
        "deleteKittyImage",
        "detectCapabilities",
        "encodeITerm2",
        "encodeKitty",
        "getCapabilities",
        "getCellDimensions",
        "getGifDimensions",
        "getImageDimensions",
        "getJpegDimensions",
        "getPngDimensions",
        "getWebpDimensions",
        "hyperlink",
        "imageFallback",
        "renderImage",
        "resetCapabilitiesCache",
        "setCapabilities",
        "setCellDimensions",
        "Container",
        "CURSOR_MARKER",
        "isFocusable",
        "TUI"
      ],
      "pigo:tui-keys": [
        "getKeybindings",
        "KeybindingsManager",
        "setKeybindings",
        "TUI_KEYBINDINGS",
        "decodeKittyPrintable",
        "isKeyRelease",
        "isKeyRepeat",
        "isKittyProtocolActive",
        "Key",
        "matchesKey",
        "parseKey",
        "setKittyProtocolActive"
      ],
      "pigo:tui-utils": ["truncateToWidth", "visibleWidth", "wrapTextWithAnsi"]
    }
  }),
  () => void 0
);
