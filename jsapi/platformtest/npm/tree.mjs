// A small file tree in a fresh temporary directory, shared by the probes
// of packages that walk the file system.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function makeTree(files = ["a.ts", "b.js", "README.md", ".env", "src/c.ts", "src/d.tsx", "src/deep/e.ts", "node_modules/m/index.js", "dist/out.js"]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pigo-npm-"));
  for (const f of files) {
    fs.mkdirSync(path.join(dir, path.dirname(f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), "// " + f + "\n");
  }
  return dir;
}
