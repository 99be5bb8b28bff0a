// execa: run processes (node itself), stdout/stderr, exit codes, input, pipes, lines.
import { execa, execaSync, execaNode, $ } from "execa";

export default async function () {
  const out = {};
  const r = await execa("sh", ["-c", "echo out; echo err >&2"]);
  out.basic = [r.stdout, r.stderr, r.exitCode, r.failed, r.command];
  out.sync = execaSync("printf", ["%s-%s", "a", "b"]).stdout;
  out.input = (await execa("cat", { input: "fed in" })).stdout;
  out.lines = (await execa("printf", ["x\\ny\\n"], { lines: true })).stdout;
  try {
    await execa("sh", ["-c", "echo bad >&2; exit 3"]);
  } catch (e) {
    out.fail = [e.name, e.exitCode, e.stderr, e.shortMessage];
  }
  out.reject = (await execa("sh", ["-c", "exit 2"], { reject: false })).exitCode;
  out.env = (await execa("sh", ["-c", "echo $PROBE_X"], { env: { PROBE_X: "set" } })).stdout;
  out.shell = (await execa("echo a | tr a b", { shell: true })).stdout;
  out.pipe = (await execa("printf", ["3\\n1\\n2\\n"]).pipe("sort")).stdout;
  out.template = (await $`echo ${"two words"}`).stdout;
  try {
    await execa("no-such-command-pigo");
  } catch (e) {
    out.enoent = [e.code, e.failed];
  }
  try {
    await execa("sleep", ["5"], { timeout: 50 });
  } catch (e) {
    out.timeout = [e.timedOut, e.signal, e.isTerminated];
  }
  out.node = typeof execaNode;
  return out;
}
