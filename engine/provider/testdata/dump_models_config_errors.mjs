// Reads {"name": "models.json text", ...} on stdin and prints
// {"name": error} with pi's ModelConfig.load error for each (null when
// the file loads): pi-coding-agent's dist/core/model-config.js is the
// first argument, the files are written under the directory given second.
import { pathToFileURL } from "node:url";
import { resolve, join } from "node:path";
import { writeFileSync, readFileSync } from "node:fs";

const { ModelConfig } = await import(pathToFileURL(resolve(process.argv[2])).href);
const cases = JSON.parse(readFileSync(0, "utf-8"));
const out = {};
for (const [name, text] of Object.entries(cases)) {
	const file = join(process.argv[3], name);
	writeFileSync(file, text);
	out[name] = (await ModelConfig.load(file)).getError() ?? null;
}
process.stdout.write(JSON.stringify(out));
