// commander: options, arguments, subcommands, help text, errors (exitOverride).
import { Command, Option, InvalidArgumentError } from "commander";

function program(out) {
  const p = new Command("tool")
    .version("1.2.3")
    .description("A test CLI")
    .option("-v, --verbose", "more output")
    .option("-n, --num <n>", "a number", (v) => {
      const n = Number(v);
      if (Number.isNaN(n)) throw new InvalidArgumentError("Not a number.");
      return n;
    }, 1)
    .addOption(new Option("-m, --mode <mode>", "mode").choices(["a", "b"]).default("a"))
    .option("--no-color", "disable color")
    .exitOverride()
    .configureOutput({ writeOut: (s) => out.push(["out", s]), writeErr: (s) => out.push(["err", s]) });
  p.command("build")
    .argument("<src>", "source")
    .argument("[dest...]", "destinations")
    .option("-w, --watch")
    .action((src, dest, opts) => out.push(["build", src, dest, opts]));
  return p;
}

export default async function () {
  const res = {};
  let out = [];
  let p = program(out);
  p.parse(["-v", "-n", "7", "--no-color", "build", "a", "b", "c", "-w"], { from: "user" });
  res.parsed = [p.opts(), out];
  for (const [name, argv] of [
    ["help", ["--help"]],
    ["version", ["--version"]],
    ["badNum", ["-n", "x"]],
    ["badChoice", ["-m", "z"]],
    ["unknown", ["--nope"]],
    ["missingArg", ["build"]],
  ]) {
    out = [];
    p = program(out);
    try {
      p.parse(argv, { from: "user" });
      res[name] = ["no error", out];
    } catch (e) {
      res[name] = [e.code, e.exitCode, out];
    }
  }
  res.helpText = program([]).helpInformation();
  return res;
}
