// js-yaml: load, dump, schemas, errors.
import * as yaml from "js-yaml";

export default async function () {
  const out = {};
  out.load = yaml.load("a: 1\nb: [x, y]\nc: { d: true }\ne: ~\nf: 2001-12-14\n");
  out.loadDate = out.load.f instanceof Date ? out.load.f.toISOString() : String(out.load.f);
  out.dump = yaml.dump({ name: "pigo", list: [1, 2, { k: "v" }], long: "x".repeat(90), quoted: "yes" });
  out.dumpSorted = yaml.dump({ b: 1, a: 2 }, { sortKeys: true, indent: 4 });
  out.all = yaml.loadAll("- 1\n---\n- 2\n");
  try {
    yaml.load("a: b: c");
  } catch (e) {
    out.error = [e.name, e.reason, e.mark.line, e.mark.column];
  }
  out.json = yaml.load("x: 0x1F", { schema: yaml.JSON_SCHEMA });
  return out;
}
