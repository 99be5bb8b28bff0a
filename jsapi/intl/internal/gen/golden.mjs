// Evaluates testdata/cases.js in Node 22 and prints [[expr, result], ...] as
// JSON; the Go test stores it as testdata/golden.json (-update) and compares
// it live when Node 22 is present. Results: JSON of the value, or
// "!Name: message" for a throw.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../testdata");
const cases = (0, eval)(fs.readFileSync(path.join(dir, "cases.js"), "utf8"));
const out = cases.map((expr) => {
  try {
    const v = (0, eval)("(" + expr + ")");
    return [expr, v === undefined ? "undefined" : JSON.stringify(v)];
  } catch (e) {
    return [expr, "!" + (e && e.constructor ? e.constructor.name : "Error") + ": " + (e && e.message)];
  }
});
process.stdout.write(JSON.stringify(out, null, 1) + "\n");
