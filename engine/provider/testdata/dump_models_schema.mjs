// Prints pi's models.json schema (ModelsConfigSchema of pi-coding-agent's
// dist/core/model-config.js, the path given as the first argument) as the
// JSON that engine/provider/models_schema.json holds: annotations
// ("description", "default") dropped, two-space indentation.
//
//   node engine/provider/testdata/dump_models_schema.mjs \
//     node_modules/@earendil-works/pi-coding-agent/dist/core/model-config.js \
//     > engine/provider/models_schema.json
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const { ModelsConfigSchema } = await import(pathToFileURL(resolve(process.argv[2])).href);

const annotations = new Set(["description", "default"]);
const maps = new Set(["properties", "patternProperties"]);

function strip(schema) {
	if (Array.isArray(schema)) return schema.map(strip);
	if (schema === null || typeof schema !== "object") return schema;
	const out = {};
	for (const [key, value] of Object.entries(schema)) {
		if (annotations.has(key)) continue;
		if (maps.has(key)) {
			out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, strip(sub)]));
		} else if (key === "const" || key === "enum") {
			out[key] = value;
		} else {
			out[key] = strip(value);
		}
	}
	return out;
}

process.stdout.write(JSON.stringify(strip(ModelsConfigSchema), null, 2) + "\n");
