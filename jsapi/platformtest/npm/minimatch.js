// minimatch: globs, braces, extglobs, options, parsed sets.
import { minimatch, Minimatch, escape } from "minimatch";

export default async function () {
  const files = ["a.ts", "src/b.ts", "src/deep/c.tsx", ".hidden.ts", "README.md", "lib/x.js"];
  return {
    star: files.filter((f) => minimatch(f, "*.ts")),
    globstar: files.filter((f) => minimatch(f, "**/*.ts")),
    braces: files.filter((f) => minimatch(f, "**/*.{tsx,md}")),
    dot: files.filter((f) => minimatch(f, "*.ts", { dot: true })),
    negate: files.filter((f) => minimatch(f, "!**/*.ts")),
    extglob: ["foo.js", "bar.js", "baz.js"].filter((f) => minimatch(f, "+(foo|bar).js")),
    nocase: minimatch("README.MD", "*.md", { nocase: true }),
    matchBase: minimatch("a/b/c.js", "*.js", { matchBase: true }),
    braceExpand: new Minimatch("a/{b,c}/{1..3}").braceExpand(),
    set: new Minimatch("a/{b,c}/*.js").set.map((s) => s.map(String)),
    escape: escape("a*b?"),
  };
}
