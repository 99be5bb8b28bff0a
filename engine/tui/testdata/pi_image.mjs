// Renders images with pi-tui's Image component on an iTerm2 terminal for
// TestITerm2MatchesPiTUI: node pi_image.mjs <pi-tui dist/index.js> <
// [{data, mime, width, maxWidthCells}]; prints each case's lines (JSON).
import { readFileSync } from "node:fs";

const { Image, setCapabilities } = await import(process.argv[2]);
setCapabilities({ images: "iterm2", trueColor: true, hyperlinks: true });
const cases = JSON.parse(readFileSync(0, "utf8"));
const out = cases.map((c) =>
	new Image(c.data, c.mime, { fallbackColor: (s) => s }, { maxWidthCells: c.maxWidthCells }).render(c.width),
);
process.stdout.write(JSON.stringify(out));
