// node:stream's bridges to WHATWG streams for writables and duplexes:
// Writable.toWeb/fromWeb and Duplex.toWeb/fromWeb.
import { Writable, Duplex, PassThrough, Readable } from "node:stream";

const t = async (f) => {
  try {
    return await f();
  } catch (e) {
    return e && e.name ? `${e.name}${e.code ? " " + e.code : ""}` : String(e);
  }
};
const show = (c) => (typeof c === "string" ? c : `${c.constructor.name}:${Array.from(c).join(",")}`);
const sink = (opts = {}) => {
  const got = [];
  const w = new Writable({
    ...opts,
    write(chunk, enc, cb) {
      got.push(show(chunk));
      setTimeout(cb, 1);
    },
  });
  return { w, got };
};

export default async function () {
  const out = {};
  out.toWeb = await t(async () => {
    const { w, got } = sink({ highWaterMark: 4 });
    const ws = Writable.toWeb(w);
    const writer = ws.getWriter();
    const sizes = [writer.desiredSize];
    await writer.write(new Uint8Array([1, 2]));
    await writer.write(new Uint8Array([3]));
    sizes.push(writer.desiredSize);
    await writer.close();
    return [ws instanceof WritableStream, got, sizes, w.writableFinished];
  });
  out.toWebObjectMode = await t(async () => {
    const { w, got } = sink({ objectMode: true, highWaterMark: 2 });
    const ws = Writable.toWeb(w);
    const writer = ws.getWriter();
    const size = writer.desiredSize;
    await writer.write("a");
    await writer.write("b");
    await writer.close();
    return [size, got];
  });
  out.toWebAbort = await t(async () => {
    const { w } = sink();
    const ws = Writable.toWeb(w);
    await ws.getWriter().abort(new Error("stop"));
    await new Promise((r) => setTimeout(r, 5));
    return [w.destroyed, w.errored?.message ?? null];
  });
  out.toWebDestroyed = await t(async () => {
    const { w } = sink();
    w.destroy();
    const writer = Writable.toWeb(w).getWriter();
    return await writer.write(new Uint8Array([1])).then(() => "wrote", (e) => e.name);
  });
  out.toWebError = await t(async () => {
    const w = new Writable({
      write(c, e, cb) {
        cb(new Error("bad write"));
      },
    });
    w.on("error", () => {});
    const writer = Writable.toWeb(w).getWriter();
    const first = await writer.write(new Uint8Array([1])).then(() => "ok", (e) => e.message);
    const closed = await writer.closed.then(() => "closed", (e) => e.message);
    return [first, closed];
  });
  out.toWebBadArg = await t(() => Writable.toWeb({}));
  out.fromWeb = await t(async () => {
    const got = [];
    const ws = new WritableStream({
      write(chunk) {
        got.push(show(chunk));
      },
      close() {
        got.push("close");
      },
    });
    const w = Writable.fromWeb(ws);
    w.write("hé");
    w.write(Buffer.from([7, 8]));
    w.write("6869", "hex");
    await new Promise((r) => w.end(r));
    return [w instanceof Writable, got, ws.locked];
  });
  out.fromWebObjectMode = await t(async () => {
    const got = [];
    const w = Writable.fromWeb(new WritableStream({ write: (c) => void got.push(c) }), { objectMode: true });
    w.write({ a: 1 });
    w.write("s");
    await new Promise((r) => w.end(r));
    return [w.writableObjectMode, got];
  });
  out.fromWebError = await t(async () => {
    const w = Writable.fromWeb(
      new WritableStream({
        write() {
          throw new Error("sink failed");
        },
      }),
    );
    return await new Promise((r) => {
      w.on("error", (e) => r(["error", e.message, w.destroyed]));
      w.write("x");
    });
  });
  out.fromWebDestroy = await t(async () => {
    let reason;
    const w = Writable.fromWeb(new WritableStream({ abort: (r) => void (reason = r) }));
    w.on("error", () => {});
    w.destroy(new Error("gone"));
    await new Promise((r) => setTimeout(r, 5));
    return [w.destroyed, reason?.message ?? null];
  });
  out.fromWebBadArg = await t(() => Writable.fromWeb(new ReadableStream()));
  out.duplexToWeb = await t(async () => {
    const p = new PassThrough();
    const { readable, writable } = Duplex.toWeb(p);
    const writer = writable.getWriter();
    writer.write(new Uint8Array([1, 2]));
    writer.close();
    const chunks = [];
    for await (const c of readable) chunks.push(show(c));
    return [readable instanceof ReadableStream, writable instanceof WritableStream, chunks];
  });
  out.duplexToWebBadArg = await t(() => Duplex.toWeb(new Writable()));
  out.duplexFromWeb = await t(async () => {
    const got = [];
    const readable = ReadableStream.from(["r1", "r2"]);
    const writable = new WritableStream({ write: (c) => void got.push(show(c)) });
    const d = Duplex.fromWeb({ readable, writable }, { encoding: "utf8" });
    const read = [];
    d.on("data", (c) => read.push(c));
    d.write("w1");
    await new Promise((r) => d.end("w2", r));
    await new Promise((r) => (d.readableEnded ? r() : d.on("end", r)));
    return [d instanceof Duplex, read, got];
  });
  out.duplexFromWebBadArg = await t(() => Duplex.fromWeb({ readable: new ReadableStream() }));
  out.roundTrip = await t(async () => {
    const { w, got } = sink();
    const back = Writable.fromWeb(Writable.toWeb(w));
    back.write("x");
    await new Promise((r) => back.end(r));
    return got;
  });
  out.readableUntouched = await t(async () => {
    const chunks = [];
    for await (const c of Readable.toWeb(Readable.from(["k"]))) chunks.push(c);
    return chunks;
  });
  return out;
}
