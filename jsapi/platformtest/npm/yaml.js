// yaml: parse, stringify, documents with comments, errors.
import YAML from "yaml";

const SRC = `# config
name: pigo
version: 1.2
list:
  - a
  - b: [1, 2]
anchors:
  base: &b { x: 1 }
  derived: { <<: *b, y: 2 }
multi: |
  line one
  line two
date: 2024-01-02
`;

export default async function () {
  const out = {};
  out.parse = YAML.parse(SRC, { merge: true });
  out.stringify = YAML.stringify({ a: [1, "two", { three: true }], s: "multi\nline", n: null });
  const doc = YAML.parseDocument(SRC);
  doc.set("name", "changed");
  out.docRoundTrip = doc.toString();
  out.comment = doc.commentBefore;
  try {
    YAML.parse("a: [1, 2\nb: c");
  } catch (e) {
    out.error = [e.name, e.code];
  }
  out.all = YAML.parseAllDocuments("a: 1\n---\nb: 2\n").map((d) => d.toJS());
  return out;
}
