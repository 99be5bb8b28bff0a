// node:stream's utilities given WHATWG streams, as Node's take them:
// finished (undici's fetch waits on it for every response body),
// stream/promises' finished, isErrored, isReadable, isWritable and
// isDisturbed.
import { finished, isErrored, isReadable, isWritable, isDisturbed } from "node:stream";
import { finished as finishedP } from "node:stream/promises";

const t = async (f) => {
  try {
    return await f();
  } catch (e) {
    return e && e.name ? `${e.name}${e.code ? " " + e.code : ""}: ${e.message}` : String(e);
  }
};
const state = (s) => [isErrored(s), isReadable(s), isWritable(s), isDisturbed(s)];
const when = (s, opts) =>
  new Promise((resolve) => {
    const log = [];
    const ret = finished(s, opts ?? {}, (err) => {
      log.push(err === undefined ? "done" : `err:${err?.name}:${err?.message ?? err}`);
      resolve(log);
    });
    log.push(typeof ret);
  });

export default async function () {
  const out = {};
  out.readableCloses = await t(async () => {
    let ctl;
    const rs = new ReadableStream({ start(c) { ctl = c; } });
    const before = state(rs);
    const order = [];
    const done = when(rs).then((log) => order.push("finished", ...log));
    ctl.enqueue("a");
    const reader = rs.getReader();
    order.push(JSON.stringify(await reader.read()));
    ctl.close();
    order.push("closed");
    await done;
    return { before, after: state(rs), order };
  });
  out.readableErrors = await t(async () => {
    let ctl;
    const rs = new ReadableStream({ start(c) { ctl = c; } });
    const p = when(rs);
    ctl.error(new TypeError("boom"));
    return { log: await p, after: state(rs) };
  });
  out.alreadyClosed = await t(async () => {
    const rs = new ReadableStream({ start(c) { c.close(); } });
    return { log: await when(rs), after: state(rs) };
  });
  out.queuedThenClose = await t(async () => {
    // close() with chunks still queued closes once they are read.
    let ctl;
    const rs = new ReadableStream({ start(c) { ctl = c; } });
    const seen = [];
    const p = when(rs).then((log) => seen.push(...log));
    ctl.enqueue(1);
    ctl.close();
    await new Promise((r) => setTimeout(r, 5));
    seen.push("before-read", String(isReadable(rs)));
    const reader = rs.getReader();
    await reader.read();
    await reader.read();
    await p;
    return seen;
  });
  out.byteStream = await t(async () => {
    let ctl;
    const rs = new ReadableStream({ type: "bytes", start(c) { ctl = c; } });
    const p = when(rs);
    ctl.enqueue(new Uint8Array([1, 2]));
    ctl.close();
    const text = await new Response(rs).text();
    return { log: await p, text, after: state(rs) };
  });
  out.cancelled = await t(async () => {
    const rs = new ReadableStream({ pull(c) { c.enqueue("x"); } });
    const p = when(rs);
    await rs.cancel("why");
    return { log: await p, after: state(rs) };
  });
  out.writableCloses = await t(async () => {
    const got = [];
    const ws = new WritableStream({ write(c) { got.push(c); } });
    const before = state(ws);
    const p = when(ws);
    const w = ws.getWriter();
    await w.write("x");
    await w.close();
    return { before, log: await p, got, after: state(ws) };
  });
  out.writableAborts = await t(async () => {
    const ws = new WritableStream({});
    const p = when(ws);
    await ws.abort(new RangeError("stop"));
    return { log: await p, after: state(ws) };
  });
  out.signal = await t(async () => {
    const ac = new AbortController();
    const rs = new ReadableStream({});
    const p = when(rs, { signal: ac.signal });
    ac.abort();
    return await p;
  });
  out.promises = await t(async () => {
    let ctl;
    const rs = new ReadableStream({ start(c) { ctl = c; } });
    const p = finishedP(rs).then((v) => `resolved:${v}`);
    ctl.close();
    const ok = await p;
    const rs2 = new ReadableStream({ start(c) { c.error(new Error("bad")); } });
    const bad = await finishedP(rs2).then(() => "resolved", (e) => `rejected:${e.message}`);
    return [ok, bad];
  });
  out.fetchBody = await t(async () => {
    const res = new Response("body text");
    const p = when(res.body);
    const before = state(res.body);
    const text = await res.text();
    return { before, text, log: await p, after: state(res.body) };
  });
  out.notAStream = await t(async () => finished({}, () => {}));
  out.plain = [isErrored({}), isReadable({}), isWritable({}), isDisturbed({})];
  return out;
}
