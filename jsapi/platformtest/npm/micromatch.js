// micromatch: match lists, isMatch, not, braces, scan.
import micromatch from "micromatch";

export default async function () {
  const list = ["a.js", "b.md", "src/c.js", "src/d/e.ts", "test/f.spec.js"];
  return {
    match: micromatch(list, ["**/*.js", "!test/**"]),
    isMatch: [micromatch.isMatch("src/c.js", "src/*.js"), micromatch.isMatch("src/d/e.ts", "src/*.ts")],
    not: micromatch.not(list, "**/*.js"),
    braces: micromatch.braces("a/{1..3}/{x,y}", { expand: true }),
    contains: micromatch.contains("aa/bb/cc", "*b"),
    capture: micromatch.capture("test/*.js", "test/foo.js"),
    scan: (({ base, glob, isGlob }) => ({ base, glob, isGlob }))(micromatch.scan("src/**/*.js")),
    regex: String(micromatch.makeRe("*.{js,ts}")),
  };
}
