// fast-glob: async, sync, stream, options, entries with stats.
import fg from "fast-glob";
import fs from "node:fs";
import { makeTree } from "./tree.mjs";

export default async function () {
  const cwd = makeTree();
  try {
    const out = {};
    out.async = (await fg("**/*.ts", { cwd })).sort();
    out.sync = fg.sync(["**/*.js", "!**/node_modules/**"], { cwd }).sort();
    out.dot = fg.sync("*", { cwd, dot: true }).sort();
    out.onlyDirs = fg.sync("**", { cwd, onlyDirectories: true }).sort();
    out.deep = fg.sync("**/*.ts", { cwd, deep: 1 }).sort();
    out.ignore = fg.sync("**/*", { cwd, ignore: ["node_modules", "dist/**", "src/deep/**"] }).sort();
    out.objectMode = fg.sync("src/*.tsx", { cwd, objectMode: true }).map((e) => [e.name, e.path, e.dirent.isFile()]);
    out.stats = fg.sync("a.ts", { cwd, stats: true }).map((e) => e.stats.size);
    const streamed = [];
    for await (const e of fg.stream("*.md", { cwd })) streamed.push(e);
    out.stream = streamed;
    out.escape = fg.escapePath("a(b)*");
    out.isDynamic = [fg.isDynamicPattern("a/*"), fg.isDynamicPattern("a/b")];
    return out;
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}
