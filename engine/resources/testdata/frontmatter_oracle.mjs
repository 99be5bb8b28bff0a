// frontmatter_oracle.mjs runs pi 0.73.1's parseFrontmatter (the `yaml`
// package underneath) on each input.
//
// Usage: node frontmatter_oracle.mjs <pi-coding-agent package dir> < inputs.json
// Output: [{"frontmatter", "body"} | {"error"}, ...]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const { parseFrontmatter } = await import(pathToFileURL(join(process.argv[2], "dist", "utils", "frontmatter.js")).href);
const out = [];
for (const input of JSON.parse(readFileSync(0, "utf-8"))) {
	try {
		const { frontmatter, body } = parseFrontmatter(input);
		const fm = frontmatter && typeof frontmatter === "object" && !Array.isArray(frontmatter) ? frontmatter : {};
		out.push({ frontmatter: fm, body });
	} catch (err) {
		out.push({ error: String(err.message).split(":\n\n")[0] });
	}
}
process.stdout.write(JSON.stringify(out));
