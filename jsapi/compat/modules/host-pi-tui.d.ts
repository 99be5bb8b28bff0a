// Type view of @mariozechner/pi-tui as the host modules see it (tsconfig.json
// maps the specifier here): pi-tui.ts serves each name lazily from one of the
// internal tui modules, and this lists the same names from the same modules,
// so tsc checks the importers against pigo's own implementation rather than
// the npm package in node_modules.
export { CombinedAutocompleteProvider } from "./_tui-autocomplete";
export {
  Box, CancellableLoader, Editor, Image, Input, Loader, SelectList, SettingsList, Spacer, Text,
  TruncatedText,
} from "./_tui-components";
export { Markdown } from "./_tui-markdown";
export {
  fuzzyFilter, fuzzyMatch, StdinBuffer, ProcessTerminal, allocateImageId, calculateImageRows,
  deleteAllKittyImages, deleteKittyImage, detectCapabilities, encodeITerm2, encodeKitty,
  getCapabilities, getCellDimensions, getGifDimensions, getImageDimensions, getJpegDimensions,
  getPngDimensions, getWebpDimensions, hyperlink, imageFallback, renderImage,
  resetCapabilitiesCache, setCapabilities, setCellDimensions, Container, CURSOR_MARKER,
  isFocusable, TUI,
} from "./_tui-core";
export {
  getKeybindings, KeybindingsManager, setKeybindings, TUI_KEYBINDINGS, decodeKittyPrintable,
  isKeyRelease, isKeyRepeat, isKittyProtocolActive, Key, matchesKey, parseKey,
  setKittyProtocolActive,
} from "./_tui-keys";
export { truncateToWidth, visibleWidth, wrapTextWithAnsi } from "./_tui-utils";
