// jsonc-parser: parse with comments, errors, tree, edits, visitor, format.
import * as jsonc from "jsonc-parser";

const SRC = `{
  // comment
  "a": 1, /* block */
  "b": [true, null, "s",],
  "c": { "d": 2.5 }
}`;

export default async function () {
  const errors = [];
  const out = {};
  out.parse = jsonc.parse(SRC, errors, { allowTrailingComma: true });
  out.errors = errors;
  const bad = [];
  jsonc.parse('{"a": 1,, "b"}', bad);
  out.badErrors = bad.map((e) => [jsonc.printParseErrorCode(e.error), e.offset]);
  const tree = jsonc.parseTree(SRC);
  out.node = jsonc.getNodeValue(jsonc.findNodeAtLocation(tree, ["c", "d"]));
  out.path = jsonc.getLocation(SRC, SRC.indexOf("2.5")).path;
  const edits = jsonc.modify(SRC, ["c", "e"], "new", { formattingOptions: { insertSpaces: true, tabSize: 2 } });
  out.modified = jsonc.applyEdits(SRC, edits);
  out.format = jsonc.applyEdits('{"x":[1,2],"y":{}}', jsonc.format('{"x":[1,2],"y":{}}', undefined, { insertSpaces: true, tabSize: 2 }));
  out.strip = jsonc.stripComments(SRC);
  const seen = [];
  jsonc.visit(SRC, { onObjectProperty: (p) => seen.push(p), onComment: (o, l) => seen.push("#" + l) });
  out.visit = seen;
  return out;
}
