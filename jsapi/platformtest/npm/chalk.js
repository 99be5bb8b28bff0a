// chalk: colors at each level, nesting, hex/rgb, chalk.level detection.
import chalk, { Chalk } from "chalk";

export default async function () {
  const out = {};
  const c3 = new Chalk({ level: 3 });
  const c1 = new Chalk({ level: 1 });
  const c0 = new Chalk({ level: 0 });
  out.red = JSON.stringify(c3.red("x"));
  out.nested = JSON.stringify(c3.bold.underline(`a ${c3.blue("b")} c`));
  out.hex = JSON.stringify(c3.hex("#ff8800")("h"));
  out.rgbLevel1 = JSON.stringify(c1.rgb(10, 200, 30)("r"));
  out.bg = JSON.stringify(c3.bgGreen.black("g"));
  out.none = c0.red("plain");
  out.visible = JSON.stringify(c3.visible("v"));
  // No TTY and no FORCE_COLOR on either side.
  out.defaultLevel = chalk.level;
  return out;
}
