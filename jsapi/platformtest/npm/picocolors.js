// picocolors: createColors on and off, nesting, support detection.
import pc from "picocolors";

export default async function () {
  const on = pc.createColors(true);
  const off = pc.createColors(false);
  return {
    red: JSON.stringify(on.red("x")),
    nested: JSON.stringify(on.bold(`a ${on.green("b")} c`)),
    bg: JSON.stringify(on.bgBlue(on.white("w"))),
    off: off.red("plain"),
    supported: pc.isColorSupported,
    keys: Object.keys(on).sort(),
  };
}
