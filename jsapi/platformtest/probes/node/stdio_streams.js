// The stream properties of child process stdio and fs streams that
// libraries size their own streams from (merge-streams, execa), and how the
// stdio of a child that cannot start ends (execa waits for it).
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const props = (s) => [s.readableObjectMode, s.readableHighWaterMark, s.writableObjectMode, s.writableHighWaterMark];

export default async function () {
  const out = {};
  const child = spawn("true");
  out.childStdin = props(child.stdin);
  out.childStdout = props(child.stdout);
  out.childStderr = props(child.stderr);
  await new Promise((resolve) => child.on("close", resolve));
  const dir = mkdtempSync(join(tmpdir(), "pigo-probe-"));
  const ws = createWriteStream(join(dir, "f"));
  out.fsWrite = props(ws);
  await new Promise((resolve) => ws.end("x", resolve));
  const rs = createReadStream(join(dir, "f"));
  out.fsRead = props(rs);
  for await (const _ of rs);

  const failed = spawn("no-such-command-pigo");
  const events = { child: [], stdin: [], stdout: [], stderr: [] };
  failed.on("error", (e) => events.child.push("error:" + e.code));
  failed.on("close", (code) => events.child.push("close:" + code));
  for (const name of ["stdin", "stdout", "stderr"]) {
    for (const ev of ["end", "close", "error"]) failed[name].on(ev, () => events[name].push(ev));
  }
  failed.stdout.resume();
  failed.stderr.resume();
  await new Promise((resolve) => failed.on("close", () => setTimeout(resolve, 50)));
  out.spawnFailure = events;
  out.spawnFailureState = [failed.pid, failed.exitCode, failed.stdin.destroyed, failed.stdout.destroyed, failed.stdout.readableEnded, failed.stderr.readableEnded];
  return out;
}
