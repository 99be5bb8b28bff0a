// semver: parse, compare, ranges, coerce, inc.
import semver from "semver";

export default async function () {
  const vs = ["1.2.3", "1.10.0", "1.2.3-beta.2", "1.2.3-beta.10", "0.9.0", "2.0.0-rc.1"];
  return {
    valid: ["1.2.3", "v1.2.3", "1.2", "a.b.c"].map((v) => semver.valid(v)),
    sorted: semver.sort([...vs]),
    rsorted: semver.rsort([...vs]),
    satisfies: [
      semver.satisfies("1.2.3", "^1.0.0"),
      semver.satisfies("2.0.0", "^1.0.0"),
      semver.satisfies("1.2.3-beta.2", ">=1.2.3-beta.1 <2"),
      semver.satisfies("1.5.0", "1.x || >=3"),
    ],
    maxSatisfying: semver.maxSatisfying(vs, "~1.2.0"),
    coerce: [semver.coerce("v2")?.version, semver.coerce("release 3.4.5 final")?.version],
    inc: [semver.inc("1.2.3", "minor"), semver.inc("1.2.3", "prerelease", "alpha"), semver.inc("1.2.3-alpha.0", "prerelease")],
    diff: semver.diff("1.2.3", "1.3.0"),
    range: new semver.Range("^1.2.3 || 2.x").range,
    parse: (({ major, minor, patch, prerelease, build }) => ({ major, minor, patch, prerelease, build }))(semver.parse("3.4.5-rc.1+build.7")),
    gt: semver.gt("1.10.0", "1.9.9"),
  };
}
