// More node:stream behaviour: encodings split across chunks, pause/resume
// events, pipe/unpipe events, highWaterMark 0, objectMode transforms,
// Duplex.from, errors through pipeline, the events helpers on streams.
import { Readable, Writable, Transform, PassThrough, Duplex, pipeline, finished, addAbortSignal } from "node:stream";
import { once, on } from "node:events";

async function run(out, name, fn) {
  try {
    out[name] = await fn();
  } catch (e) {
    out[name] = "threw " + String(e) + (e && e.code ? " " + e.code : "");
  }
}

export default async function () {
  const out = {};
  await run(out, "utf8Split", async () => {
    const euro = Buffer.from("€uro");
    const r = new Readable({ read() {} });
    r.setEncoding("utf8");
    r.push(euro.subarray(0, 1));
    r.push(euro.subarray(1, 2));
    r.push(euro.subarray(2));
    r.push(null);
    const got = [];
    r.on("data", (d) => got.push(d));
    await once(r, "end");
    return got;
  });
  await run(out, "pauseResumeEvents", async () => {
    const log = [];
    const r = Readable.from(["a", "b", "c"]);
    r.on("pause", () => log.push("pause"));
    r.on("resume", () => log.push("resume"));
    r.on("data", (d) => {
      log.push("data:" + d);
      if (d === "a") {
        r.pause();
        setTimeout(() => r.resume(), 2);
      }
    });
    await once(r, "end");
    return log;
  });
  await run(out, "pipeEvents", async () => {
    const log = [];
    const src = new PassThrough();
    const dst = new PassThrough();
    dst.on("pipe", (s) => log.push("pipe:" + (s === src)));
    dst.on("unpipe", (s) => log.push("unpipe:" + (s === src)));
    src.pipe(dst);
    src.unpipe(dst);
    log.push("flowing:" + src.readableFlowing);
    return log;
  });
  await run(out, "hwmZero", async () => {
    const log = [];
    const r = new Readable({
      highWaterMark: 0,
      read() {
        log.push("read");
        this.push(log.length > 2 ? null : "x");
      },
    });
    for await (const c of r) log.push("chunk:" + c);
    return log;
  });
  await run(out, "objectTransform", async () => {
    const t = new Transform({
      objectMode: true,
      transform(obj, enc, cb) {
        if (obj.skip) return cb();
        this.push({ ...obj, seen: true });
        cb();
      },
    });
    const got = [];
    t.on("data", (o) => got.push(o));
    t.write({ a: 1 });
    t.write({ skip: true });
    t.end({ b: 2 });
    await once(t, "end");
    return got;
  });
  await run(out, "duplexFromGenerator", async () => {
    const d = Duplex.from(async function* (source) {
      for await (const chunk of source) yield String(chunk).toUpperCase();
    });
    const got = [];
    d.on("data", (c) => got.push(String(c)));
    d.write("ab");
    d.end("cd");
    await once(d, "end");
    return got;
  });
  await run(out, "pipelineTransformError", async () => {
    const log = [];
    const err = await new Promise((resolve) => {
      pipeline(
        Readable.from(["1", "2", "3"]),
        new Transform({
          transform(c, e, cb) {
            if (String(c) === "2") cb(new Error("bad chunk"));
            else cb(null, c);
          },
        }),
        new Writable({ write(c, e, cb) { log.push(String(c)); cb(); } }),
        resolve,
      );
    });
    return [err && err.message, log];
  });
  await run(out, "finishedError", async () => {
    const w = new Writable({ write(c, e, cb) { cb(new Error("write failed")); } });
    w.on("error", () => {});
    const p = new Promise((resolve) => finished(w, (e) => resolve(e && e.message)));
    w.write("x");
    return await p;
  });
  await run(out, "abortSignal", async () => {
    const ac = new AbortController();
    const r = addAbortSignal(ac.signal, new Readable({ read() {} }));
    const p = new Promise((resolve) => r.on("error", (e) => resolve([e.name, e.code])));
    ac.abort();
    return await p;
  });
  await run(out, "eventsOn", async () => {
    const r = Readable.from(["x", "y"]);
    const got = [];
    const ac = new AbortController();
    r.on("end", () => ac.abort());
    try {
      for await (const [chunk] of on(r, "data", { signal: ac.signal })) got.push(chunk);
    } catch (e) {
      got.push(e.name);
    }
    return got;
  });
  await run(out, "writableState", async () => {
    const w = new Writable({ highWaterMark: 3, write(c, e, cb) { setTimeout(cb, 1); } });
    const r1 = w.write("ab");
    const r2 = w.write("cd");
    const snap = [r1, r2, w.writableLength, w.writableNeedDrain, w.writableHighWaterMark, w.writableObjectMode];
    await once(w, "drain");
    snap.push(w.writableLength, w.writableNeedDrain);
    w.destroy();
    await once(w, "close");
    snap.push(w.destroyed, w.writable, w.closed);
    return snap;
  });
  await run(out, "readableState", async () => {
    const r = new Readable({ read() {} });
    const snap = [r.readable, r.readableFlowing, r.readableEnded, r.readableLength, r.readableObjectMode, r.destroyed];
    r.push("abc");
    snap.push(r.readableLength);
    r.push(null);
    r.resume();
    await once(r, "end");
    snap.push(r.readableEnded, r.readable, r.readableFlowing);
    return snap;
  });
  return out;
}
