// fs-extra: ensure*, copy, move, json helpers, remove, promise and sync forms.
import fse from "fs-extra";
import path from "node:path";
import { makeTree } from "./tree.mjs";

export default async function () {
  const dir = makeTree();
  const rel = (p) => path.relative(dir, p);
  const list = (d) => fse.readdirSync(d, { recursive: true }).map((p) => p.split(path.sep).join("/")).sort();
  try {
    const out = {};
    await fse.ensureDir(path.join(dir, "x/y/z"));
    fse.ensureFileSync(path.join(dir, "x/y/file.txt"));
    await fse.outputFile(path.join(dir, "o/p/q.txt"), "hello");
    out.outputRead = await fse.readFile(path.join(dir, "o/p/q.txt"), "utf8");
    await fse.writeJson(path.join(dir, "j.json"), { a: 1, b: [2] }, { spaces: 2 });
    out.json = fse.readJsonSync(path.join(dir, "j.json"));
    out.jsonText = fse.readFileSync(path.join(dir, "j.json"), "utf8");
    await fse.copy(path.join(dir, "src"), path.join(dir, "copy"), { filter: (p) => !p.endsWith(".tsx") });
    out.copied = list(path.join(dir, "copy"));
    fse.moveSync(path.join(dir, "copy"), path.join(dir, "moved"));
    out.moved = [fse.pathExistsSync(path.join(dir, "copy")), await fse.pathExists(path.join(dir, "moved/deep/e.ts"))];
    await fse.remove(path.join(dir, "moved"));
    out.removed = fse.existsSync(path.join(dir, "moved"));
    await fse.emptyDir(path.join(dir, "src"));
    out.emptied = list(path.join(dir, "src"));
    try {
      await fse.copy(path.join(dir, "nope"), path.join(dir, "n2"));
    } catch (e) {
      out.copyMissing = [e.code, rel(e.path)];
    }
    out.readJsonBad = await fse.readJson(path.join(dir, "a.ts")).catch((e) => e.name);
    await fse.ensureSymlink(path.join(dir, "a.ts"), path.join(dir, "link.ts"));
    out.symlink = fse.lstatSync(path.join(dir, "link.ts")).isSymbolicLink();
    out.tree = list(dir);
    return out;
  } finally {
    fse.removeSync(dir);
  }
}
