// glob: async and sync walks, ignore, dot, withFileTypes, stream.
import { glob, globSync, globStream, hasMagic } from "glob";
import fs from "node:fs";
import { makeTree } from "./tree.mjs";

export default async function () {
  const cwd = makeTree();
  try {
    const sort = (a) => a.map((p) => p.split("\\").join("/")).sort();
    const out = {};
    out.ts = sort(await glob("**/*.ts", { cwd }));
    out.ignore = sort(await glob("**/*.js", { cwd, ignore: ["node_modules/**"] }));
    out.dot = sort(globSync("*", { cwd, dot: true }));
    out.noDot = sort(globSync("*", { cwd }));
    out.braces = sort(globSync("src/**/*.{ts,tsx}", { cwd }));
    out.types = (await glob("src/*", { cwd, withFileTypes: true })).map((p) => [p.name, p.isDirectory()]).sort();
    out.mark = sort(globSync("src/*", { cwd, mark: true }));
    const streamed = [];
    for await (const p of globStream("*.md", { cwd })) streamed.push(p);
    out.stream = streamed;
    out.hasMagic = [hasMagic("a/*"), hasMagic("a/b")];
    out.absolute = (await glob("a.ts", { cwd, absolute: true })).map((p) => p.startsWith(cwd));
    return out;
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}
