// Prints pi-ai's built-in provider ids in getBuiltinProviders' order, one
// a line: pi-ai's dist/providers/all.js is the first argument.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const { getBuiltinProviders } = await import(pathToFileURL(resolve(process.argv[2])).href);
process.stdout.write(getBuiltinProviders().map((p) => p.id).join("\n") + "\n");
