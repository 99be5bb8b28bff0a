// node:readline over piped streams: line splitting, close order,
// question(), prompts, async iteration and the promise API.
import readline from "node:readline";
import readlinePromises from "node:readline/promises";
import { Readable, PassThrough, Writable } from "node:stream";

function sink() {
  const chunks = [];
  const w = new Writable({ write(c, e, cb) { chunks.push(String(c)); cb(); } });
  w.text = () => chunks.join("");
  return w;
}

export default async function () {
  const out = {};

  try {
    const log = [];
    const rl = readline.createInterface({ input: Readable.from(["one\ntw", "o\r\nthree\rfour\n\nlast"]) });
    rl.on("line", (l) => log.push("line:" + JSON.stringify(l)));
    rl.on("close", () => log.push("close"));
    await new Promise((res) => rl.on("close", res));
    out.lines = log;
  } catch (e) {
    out.lines = String(e);
  }

  try {
    const got = [];
    const input = Readable.from([Buffer.from("héllo\nwor"), Buffer.from("ld\n")]);
    const rl = readline.createInterface({ input, crlfDelay: Infinity });
    for await (const line of rl) got.push(line);
    out.asyncIter = got;
  } catch (e) {
    out.asyncIter = String(e);
  }

  try {
    const input = new PassThrough();
    const output = sink();
    const rl = readline.createInterface({ input, output, terminal: false });
    const answer = await new Promise((res) => {
      rl.question("Name? ", res);
      input.write("Ada\n");
    });
    rl.setPrompt("$ ");
    rl.prompt();
    const p2 = new Promise((res) => rl.once("line", res));
    input.write("cmd\n");
    const line = await p2;
    rl.close();
    out.question = [answer, line, output.text(), rl.getPrompt(), rl.terminal, rl.closed];
  } catch (e) {
    out.question = String(e);
  }

  try {
    const input = new PassThrough();
    const output = sink();
    const rl = readlinePromises.createInterface({ input, output });
    const p = rl.question("Q: ");
    input.end("A\n");
    out.promises = [await p, output.text()];
    rl.close();
  } catch (e) {
    out.promises = String(e);
  }

  try {
    const rl = readline.createInterface({ input: new PassThrough() });
    rl.close();
    rl.question("x", () => {});
    out.useAfterClose = "no error";
  } catch (e) {
    out.useAfterClose = [e.name, e.code];
  }

  try {
    const input = new PassThrough();
    const rl = readline.createInterface({ input });
    const events = [];
    rl.on("pause", () => events.push("pause"));
    rl.on("resume", () => events.push("resume"));
    rl.on("close", () => events.push("close"));
    rl.pause();
    rl.resume();
    rl.close();
    rl.close();
    out.pauseResume = events;
  } catch (e) {
    out.pauseResume = String(e);
  }

  try {
    const s = sink();
    readline.cursorTo(s, 3);
    readline.cursorTo(s, 1, 2);
    readline.moveCursor(s, -2, 1);
    readline.clearLine(s, 0);
    readline.clearScreenDown(s);
    await new Promise((r) => setTimeout(r, 1));
    out.ansi = JSON.stringify(s.text());
  } catch (e) {
    out.ansi = String(e);
  }

  out.shape = [
    typeof readline.Interface,
    typeof readline.emitKeypressEvents,
    typeof readlinePromises.Readline,
    readline.promises === readlinePromises,
  ];
  return out;
}
