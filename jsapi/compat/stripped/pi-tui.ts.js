function lazy(names, load) {
  for (const name of names) {
    Object.defineProperty(exports, name, {
      enumerable: true,
      configurable: true,
      get() {
        const value = load()[name];
        Object.defineProperty(exports, name, { enumerable: true, configurable: true, writable: false, value });
        return value;
      }
    });
  }
}
Object.defineProperty(exports, "__esModule", { value: true });
lazy(["CombinedAutocompleteProvider"], () => require("pigo:tui-autocomplete"));
lazy(
  [
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
  () => require("pigo:tui-components")
);
lazy(["Markdown"], () => require("pigo:tui-markdown"));
lazy(
  [
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
  () => require("pigo:tui-core")
);
lazy(
  [
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
  () => require("pigo:tui-keys")
);
lazy(["truncateToWidth", "visibleWidth", "wrapTextWithAnsi"], () => require("pigo:tui-utils"));
