// ignore: .gitignore semantics, negation, filter, test, checkIgnore.
import ignore from "ignore";

export default async function () {
  const ig = ignore().add(["node_modules/", "*.log", "!keep.log", "/dist", "docs/**/*.md", "# comment", "\\#hash"]);
  const paths = ["node_modules/x.js", "a.log", "keep.log", "dist/a.js", "src/dist/a.js", "docs/a/b.md", "docs/c.txt", "#hash", "src/x.ts"];
  return {
    ignores: paths.map((p) => ig.ignores(p)),
    filter: ig.filter(paths),
    test: ["keep.log", "a.log"].map((p) => (({ ignored, unignored }) => ({ ignored, unignored }))(ig.test(p))),
    invalid: (() => {
      try {
        return ig.ignores("/abs/path");
      } catch (e) {
        return e.name + ": " + e.message;
      }
    })(),
    isPathValid: [ignore.isPathValid("a/b"), ignore.isPathValid("../a"), ignore.isPathValid("")],
    caseInsensitive: ignore({ ignorecase: true }).add("*.LOG").ignores("x.log"),
  };
}
