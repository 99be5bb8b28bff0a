// Prints pi-ai's built-in provider ids in builtinProviders' order (which
// pi's ModelRuntime composes them in), one a line: pi-ai's
// dist/providers/all.js is the first argument.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const { builtinProviders } = await import(pathToFileURL(resolve(process.argv[2])).href);
process.stdout.write(builtinProviders().map((p) => p.id).join("\n") + "\n");
