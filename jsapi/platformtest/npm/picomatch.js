// picomatch: matchers, options, regex output, parse.
import picomatch from "picomatch";

export default async function () {
  const isTs = picomatch("**/*.ts");
  const notNode = picomatch(["**/*.js", "!**/node_modules/**"]);
  return {
    ts: ["a.ts", "x/y/z.ts", "a.tsx", ".h/a.ts"].map((f) => isTs(f)),
    dotOpt: picomatch("**/*.ts", { dot: true })(".h/a.ts"),
    multi: ["a.js", "node_modules/b.js"].map((f) => notNode(f)),
    regex: String(picomatch.makeRe("src/*.{js,ts}")),
    test: picomatch.test("foo.js", picomatch.makeRe("*.js")).isMatch,
    scan: (({ base, glob, isGlob, negated }) => ({ base, glob, isGlob, negated }))(picomatch.scan("!./foo/*.js")),
    posix: picomatch("[[:digit:]]*")("9lives"),
  };
}
