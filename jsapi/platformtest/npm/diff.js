// diff: line, word and char diffs, patches, apply, structured patches.
import * as Diff from "diff";

const A = "line one\nline two\nline three\nline four\n";
const B = "line one\nline 2\nline three\nline four\nline five\n";

export default async function () {
  const out = {};
  out.lines = Diff.diffLines(A, B).map((p) => [p.added, p.removed, p.count, p.value]);
  out.words = Diff.diffWords("the quick brown fox", "the slow brown dog").map((p) => [p.added, p.removed, p.value]);
  out.chars = Diff.diffChars("kitten", "sitting").map((p) => [p.added ? "+" : p.removed ? "-" : "=", p.value]);
  const patch = Diff.createTwoFilesPatch("a.txt", "b.txt", A, B, "old", "new");
  out.patch = patch;
  out.apply = Diff.applyPatch(A, patch) === B;
  out.applyBad = Diff.applyPatch("other\n", patch);
  out.structured = Diff.structuredPatch("a", "b", A, B).hunks.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines, h.lines]);
  out.parsed = Diff.parsePatch(patch).map((p) => [p.oldFileName, p.newFileName, p.hunks.length]);
  out.json = Diff.diffJson({ a: 1, b: [1, 2] }, { a: 2, b: [1, 2] }).map((p) => [!!p.added, !!p.removed, p.value]);
  out.arrays = Diff.diffArrays([1, 2, 3], [1, 3, 4]).map((p) => [!!p.added, !!p.removed, p.value]);
  return out;
}
