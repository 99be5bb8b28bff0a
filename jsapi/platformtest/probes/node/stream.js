// node:stream semantics: modes, objectMode, backpressure, event order,
// destroy, Readable.from, pipeline, finished and async iteration.
import stream from "node:stream";
import { pipeline as pipelineP, finished as finishedP } from "node:stream/promises";
import consumers from "node:stream/consumers";

const { Readable, Writable, Duplex, Transform, PassThrough } = stream;

function tickWait(n = 5) {
  return new Promise((r) => setTimeout(r, n));
}

async function run(out, name, fn) {
  try {
    out[name] = await fn();
  } catch (e) {
    out[name] = "threw " + String(e) + (e && e.code ? " " + e.code : "");
  }
}

function counter(n, opts) {
  let i = 0;
  return new Readable({
    ...opts,
    read() {
      i++;
      if (i > n) this.push(null);
      else this.push(opts && opts.objectMode ? { i } : "c" + i);
    },
  });
}

export default async function () {
  const out = {};

  await run(out, "shape", () => ({
    streamIsFn: typeof stream,
    same: stream.Stream === stream,
    dup: new Duplex() instanceof Writable,
    tr: new Transform() instanceof Readable,
    pt: new PassThrough() instanceof Duplex,
    rNoNew: Readable() instanceof Readable,
    hwm: [new Readable().readableHighWaterMark, new Writable().writableHighWaterMark, new Readable({ objectMode: true }).readableHighWaterMark],
    defaultHWM: stream.getDefaultHighWaterMark(false),
  }));

  await run(out, "flowingOrder", async () => {
    const log = [];
    const r = counter(3);
    r.on("data", (c) => log.push("data:" + c));
    r.on("end", () => log.push("end"));
    r.on("close", () => log.push("close"));
    await finishedP(r);
    await tickWait();
    return log;
  });

  await run(out, "pausedReadable", async () => {
    const log = [];
    const r = counter(3);
    r.setEncoding("utf8");
    r.on("readable", () => {
      let c;
      while ((c = r.read()) !== null) log.push("read:" + c);
      log.push("readable");
    });
    r.on("end", () => log.push("end"));
    await new Promise((res) => r.on("close", res));
    return log;
  });

  await run(out, "readN", async () => {
    const r = new Readable({ read() {} });
    r.push("abcdef");
    r.push("gh");
    const a = r.read(3);
    const b = r.read(4);
    const len = r.readableLength;
    r.push(null);
    const c = r.read();
    return [String(a), String(b), len, String(c)];
  });

  await run(out, "objectMode", async () => {
    const r = counter(3, { objectMode: true });
    const got = [];
    r.on("data", (o) => got.push(o));
    await finishedP(r);
    return got;
  });

  await run(out, "writableOrder", async () => {
    const log = [];
    const w = new Writable({
      highWaterMark: 4,
      write(chunk, enc, cb) {
        log.push("write:" + chunk.toString() + ":" + enc);
        setTimeout(cb, 1);
      },
      final(cb) {
        log.push("final");
        cb();
      },
    });
    w.on("drain", () => log.push("drain"));
    w.on("finish", () => log.push("finish"));
    w.on("close", () => log.push("close"));
    log.push("ret1:" + w.write("ab"));
    log.push("ret2:" + w.write("cde"));
    log.push("needDrain:" + w.writableNeedDrain);
    log.push("len:" + w.writableLength);
    w.end("f", () => log.push("endcb"));
    log.push("ended:" + w.writableEnded);
    await new Promise((res) => w.on("close", res));
    log.push("finished:" + w.writableFinished);
    return log;
  });

  await run(out, "writeAfterEnd", async () => {
    const w = new Writable({ write(c, e, cb) { cb(); } });
    const log = [];
    w.on("error", (e) => log.push("error:" + e.code));
    w.end();
    w.write("x", (e) => log.push("cb:" + (e && e.code)));
    await tickWait();
    return log;
  });

  await run(out, "decodeStringsFalse", async () => {
    const got = [];
    const w = new Writable({ decodeStrings: false, write(c, e, cb) { got.push([typeof c, e]); cb(); } });
    w.write("x");
    w.write(Buffer.from("y"));
    w.end();
    await finishedP(w);
    return got;
  });

  await run(out, "writev", async () => {
    const got = [];
    const w = new Writable({
      write(c, e, cb) { got.push("w:" + c); setTimeout(cb, 1); },
      writev(chunks, cb) { got.push("v:" + chunks.map((x) => x.chunk.toString()).join(",")); cb(); },
    });
    w.write("a");
    w.write("b");
    w.write("c");
    w.end();
    await finishedP(w);
    return got;
  });

  await run(out, "cork", async () => {
    const got = [];
    const w = new Writable({ write(c, e, cb) { got.push(String(c)); cb(); } });
    w.cork();
    w.write("a");
    w.write("b");
    got.push("corked:" + w.writableCorked);
    w.uncork();
    w.end();
    await finishedP(w);
    return got;
  });

  await run(out, "transformUpper", async () => {
    const t = new Transform({
      transform(chunk, enc, cb) {
        cb(null, chunk.toString().toUpperCase());
      },
      flush(cb) {
        this.push("!");
        cb();
      },
    });
    const log = [];
    t.on("data", (c) => log.push(String(c)));
    t.on("finish", () => log.push("finish"));
    t.on("end", () => log.push("end"));
    t.on("close", () => log.push("close"));
    t.write("ab");
    t.end("cd");
    await new Promise((res) => t.on("close", res));
    return log;
  });

  await run(out, "destroyOrder", async () => {
    const log = [];
    const r = new Readable({ read() {} });
    r.on("error", (e) => log.push("error:" + e.message));
    r.on("close", () => log.push("close"));
    r.on("end", () => log.push("end"));
    r.destroy(new Error("boom"));
    log.push("destroyed:" + r.destroyed);
    log.push("errored:" + (r.errored && r.errored.message));
    r.push("x");
    await tickWait();
    return log;
  });

  await run(out, "destroyNoError", async () => {
    const log = [];
    const w = new Writable({ write(c, e, cb) { cb(); }, destroy(err, cb) { log.push("_destroy:" + err); cb(); } });
    w.on("close", () => log.push("close"));
    w.on("finish", () => log.push("finish"));
    w.destroy();
    w.destroy();
    await tickWait();
    return log;
  });

  await run(out, "readableFrom", async () => {
    const a = await Readable.from(["a", "b", "c"]).toArray();
    const b = await Readable.from("whole").toArray();
    const gen = function* () { yield 1; yield 2; };
    const c = await Readable.from(gen()).toArray();
    const d = await Readable.from(Buffer.from("buf"), { objectMode: false }).toArray();
    return [a, b, c, d.map(String)];
  });

  await run(out, "asyncIteration", async () => {
    const got = [];
    for await (const chunk of counter(4)) got.push(String(chunk));
    const early = counter(10);
    for await (const chunk of early) {
      got.push("first:" + chunk);
      break;
    }
    got.push("destroyedAfterBreak:" + early.destroyed);
    return got;
  });

  await run(out, "asyncIterationError", async () => {
    const r = new Readable({ read() { this.destroy(new Error("bad read")); } });
    try {
      for await (const c of r) void c;
      return "no error";
    } catch (e) {
      return "caught " + e.message;
    }
  });

  await run(out, "pipeBackpressure", async () => {
    const log = [];
    let n = 0;
    const r = new Readable({
      highWaterMark: 2,
      objectMode: true,
      read() {
        n++;
        log.push("read" + n);
        this.push(n <= 5 ? n : null);
      },
    });
    const w = new Writable({
      objectMode: true,
      highWaterMark: 1,
      write(c, e, cb) {
        log.push("write" + c);
        setTimeout(cb, 2);
      },
    });
    r.pipe(w);
    await finishedP(w);
    return log;
  });

  await run(out, "pipelineCallback", async () => {
    const got = [];
    const err = await new Promise((res) => {
      stream.pipeline(
        Readable.from(["x", "y"]),
        new Transform({ objectMode: true, transform(c, e, cb) { cb(null, c + c); } }),
        new Writable({ objectMode: true, write(c, e, cb) { got.push(c); cb(); } }),
        (e) => res(e === undefined ? "undefined" : String(e)),
      );
    });
    return [err, got];
  });

  await run(out, "pipelineError", async () => {
    const log = [];
    const src = new Readable({ read() {} });
    const dst = new Writable({ write(c, e, cb) { cb(); } });
    dst.on("close", () => log.push("dst close"));
    const p = new Promise((res) => stream.pipeline(src, dst, (e) => res(e && e.message)));
    src.push("a");
    setTimeout(() => src.destroy(new Error("src failed")), 1);
    log.push(await p);
    await tickWait();
    log.push("dstDestroyed:" + dst.destroyed);
    return log;
  });

  await run(out, "pipelinePromisesGenerators", async () => {
    const got = [];
    await pipelineP(
      Readable.from([1, 2, 3]),
      async function* (source) {
        for await (const n of source) yield n * 10;
      },
      new Writable({ objectMode: true, write(c, e, cb) { got.push(c); cb(); } }),
    );
    const result = await pipelineP(
      Readable.from(["a", "b"]),
      async function (source) {
        let s = "";
        for await (const c of source) s += c;
        return s;
      },
    );
    return [got, result === undefined ? "undefined" : result];
  });

  await run(out, "finishedCallback", async () => {
    const r = counter(2);
    const p = new Promise((res) => stream.finished(r, (e) => res(String(e))));
    r.resume();
    const premature = new Readable({ read() {} });
    const p2 = new Promise((res) => stream.finished(premature, (e) => res(e && e.code)));
    premature.destroy();
    return [await p, await p2];
  });

  await run(out, "duplexHalfOpen", async () => {
    const log = [];
    const d = new Duplex({
      allowHalfOpen: false,
      read() {},
      write(c, e, cb) { log.push("w:" + c); cb(); },
    });
    d.on("finish", () => log.push("finish"));
    d.on("end", () => log.push("end"));
    d.on("close", () => log.push("close"));
    d.write("a");
    d.push("r");
    d.push(null);
    d.resume();
    await new Promise((res) => d.on("close", res));
    return log;
  });

  await run(out, "passThroughPipe", async () => {
    const pt = new PassThrough();
    const chunks = [];
    pt.on("data", (c) => chunks.push(c.toString()));
    Readable.from(["1", "2", "3"]).pipe(pt);
    await finishedP(pt);
    return chunks;
  });

  await run(out, "pushAfterEOF", async () => {
    const r = new Readable({ read() {} });
    const errs = [];
    r.on("error", (e) => errs.push(e.code));
    r.push(null);
    r.push("x");
    await tickWait();
    return errs;
  });

  await run(out, "unshiftAndState", async () => {
    const r = new Readable({ read() {} });
    r.push("world");
    r.unshift("hello ");
    const s = String(r.read());
    return [s, r.readableFlowing, r.isPaused(), r.pause().isPaused(), r.readableFlowing];
  });

  await run(out, "nullWrite", () => {
    try {
      new Writable({ write(c, e, cb) { cb(); } }).write(null);
      return "no throw";
    } catch (e) {
      return e.code;
    }
  });

  await run(out, "inheritsLegacy", async () => {
    function Legacy(opts) {
      Readable.call(this, opts);
      this.n = 0;
    }
    Object.setPrototypeOf(Legacy.prototype, Readable.prototype);
    Legacy.prototype._read = function () {
      this.push(this.n < 2 ? String(this.n++) : null);
    };
    const l = new Legacy();
    return (await l.toArray()).map(String);
  });

  await run(out, "mapFilter", async () => {
    const r = Readable.from([1, 2, 3, 4]).filter((x) => x % 2 === 0).map((x) => x * 3);
    return await r.toArray();
  });

  await run(out, "consumers", async () => [
    await consumers.text(Readable.from(["h\u00e9", "llo"])),
    await consumers.json(Readable.from(['{"a":', "[1,2]}"])),
    (await consumers.buffer(Readable.from([Buffer.from("ab"), Buffer.from("c")]))).toString("hex"),
    (await consumers.arrayBuffer(Readable.from(["xyz"]))).byteLength,
  ]);

  return out;
}
