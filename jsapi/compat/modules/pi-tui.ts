// @mariozechner/pi-tui (and @earendil-works/pi-tui) for pigo plugins: the
// export surface of pi-tui 0.73.1's dist/index.js, name for name, backed by
// ports of its sources in the internal pigo:tui-* modules:
//
//   pigo:tui-unicode       grapheme segmentation and cell widths (no Intl in goja)
//   pigo:tui-utils         visibleWidth, truncateToWidth, wrapTextWithAnsi, slicing
//   pigo:tui-keys          matchesKey, parseKey, Key, Kitty protocol, keybindings
//   pigo:tui-core          TUI, Container, CURSOR_MARKER, terminal images, fuzzy, StdinBuffer
//   pigo:tui-components    Text, Box, Spacer, SelectList, SettingsList, Input, Editor, Loader, ...
//   pigo:tui-markdown      Markdown (marked 15, vendored as pigo:tui-marked)
//   pigo:tui-autocomplete  CombinedAutocompleteProvider
//
// Everything behaves as in pi except where the runtime differs: the
// terminal belongs to pigo's host, so ProcessTerminal is headless and
// inline images are off unless setCapabilities() turns them on (see
// pigo:tui-core). Components are loaded when first used: the namespace
// (pigo:namespace) requires a name's module on first read, so
// `import { Text }` does not load marked or the editor.

declare const module: any, require: any;

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
				"TruncatedText",
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
				"TUI",
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
				"setKittyProtocolActive",
			],
			"pigo:tui-utils": ["truncateToWidth", "visibleWidth", "wrapTextWithAnsi"],
		},
	}),
	() => undefined,
);
