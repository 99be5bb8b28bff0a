// WHATWG streams: WritableStream, TransformStream, pipes, text and
// compression streams.
const t = async (f) => {
  try {
    return await f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};
const collect = async (readable) => {
  const out = [];
  for await (const c of readable) out.push(c);
  return out;
};
const bytes = (chunks) => {
  const n = chunks.reduce((a, c) => a + c.length, 0);
  const u = new Uint8Array(n);
  let o = 0;
  for (const c of chunks) {
    u.set(c, o);
    o += c.length;
  }
  return u;
};

export default async function () {
  const out = {};
  out.writable = await t(async () => {
    const log = [];
    const ws = new WritableStream({
      start() {
        log.push("start");
      },
      async write(chunk) {
        log.push("write " + chunk);
      },
      close() {
        log.push("close");
      },
    });
    const w = ws.getWriter();
    const sizes = [w.desiredSize];
    await w.write("a");
    await w.write("b");
    await w.close();
    return [log, ws.locked, sizes];
  });
  out.writableBackpressure = await t(async () => {
    const ws = new WritableStream({ write: () => new Promise((r) => setTimeout(r, 1)) }, { highWaterMark: 2 });
    const w = ws.getWriter();
    const readyBefore = await Promise.race([w.ready.then(() => "ready"), Promise.resolve("pending")]);
    const p = [w.write(1), w.write(2), w.write(3)];
    const d = w.desiredSize;
    const readyDuring = await Promise.race([w.ready.then(() => "ready"), new Promise((r) => setTimeout(() => r("pending"), 0))]);
    await Promise.all(p);
    return [readyBefore, d, readyDuring, w.desiredSize];
  });
  out.writableError = await t(async () => {
    const ws = new WritableStream({
      write() {
        throw new Error("sink failed");
      },
    });
    const w = ws.getWriter();
    const r1 = await w.write("x").then(() => "ok", (e) => e.message);
    const r2 = await w.write("y").then(() => "ok", (e) => e.message);
    const closed = await w.closed.then(() => "ok", (e) => e.message);
    return [r1, r2, closed];
  });
  out.writableAbort = await t(async () => {
    let reason;
    const ws = new WritableStream({ abort: (r) => (reason = r) });
    await ws.abort("why");
    const w = ws.getWriter();
    const r = await w.write(1).then(() => "ok", (e) => e);
    return [reason, r];
  });
  out.writableLocked = await t(() => {
    const ws = new WritableStream();
    ws.getWriter();
    return ws.getWriter();
  });
  out.transformUpper = await t(async () => {
    const ts = new TransformStream({
      transform(chunk, c) {
        c.enqueue(chunk.toUpperCase());
      },
      flush(c) {
        c.enqueue("!");
      },
    });
    const w = ts.writable.getWriter();
    w.write("a");
    w.write("b");
    w.close();
    return collect(ts.readable);
  });
  out.transformIdentity = await t(async () => {
    const ts = new TransformStream();
    const w = ts.writable.getWriter();
    const r = ts.readable.getReader();
    const d0 = w.desiredSize;
    w.write(1);
    const first = await r.read();
    w.close();
    const end = await r.read();
    return [d0, first, end];
  });
  out.transformError = await t(async () => {
    const ts = new TransformStream({
      transform() {
        throw new TypeError("bad chunk");
      },
    });
    const w = ts.writable.getWriter();
    const rd = ts.readable.getReader().read().then(() => "ok", (e) => e.message);
    const wr = await w.write(1).then(() => "ok", (e) => e.message);
    return [wr, await rd];
  });
  out.pipeTo = await t(async () => {
    const got = [];
    const rs = ReadableStream.from(["x", "y", "z"]);
    await rs.pipeTo(new WritableStream({ write: (c) => got.push(c) }));
    return [got, rs.locked];
  });
  out.pipeThrough = await t(async () => {
    const rs = ReadableStream.from([1, 2, 3]);
    const doubled = rs.pipeThrough(new TransformStream({ transform: (c, ctl) => ctl.enqueue(c * 2) }));
    return collect(doubled);
  });
  out.pipeSourceError = await t(async () => {
    let aborted;
    const rs = new ReadableStream({
      start(c) {
        c.enqueue("a");
        c.error(new Error("src broke"));
      },
    });
    const r = await rs.pipeTo(new WritableStream({ abort: (e) => (aborted = e.message) })).then(() => "ok", (e) => e.message);
    return [r, aborted];
  });
  out.pipePreventClose = await t(async () => {
    const ws = new WritableStream();
    await ReadableStream.from(["a"]).pipeTo(ws, { preventClose: true });
    const w = ws.getWriter();
    await w.write("still open");
    return "ok";
  });
  out.pipeSignal = await t(async () => {
    const ac = new AbortController();
    ac.abort(new Error("stop"));
    const r = await ReadableStream.from(["a"]).pipeTo(new WritableStream(), { signal: ac.signal }).then(() => "ok", (e) => e.message);
    return r;
  });
  out.pipeThroughLocked = await t(() => {
    const rs = ReadableStream.from([]);
    rs.getReader();
    return rs.pipeThrough(new TransformStream());
  });
  out.textEncoderStream = await t(async () => {
    const s = new TextEncoderStream();
    const w = s.writable.getWriter();
    w.write("h\u00e9");
    w.write("\ud83d");
    w.write("\ude00");
    w.close();
    return [s.encoding, Array.from(bytes(await collect(s.readable)))];
  });
  out.textDecoderStream = await t(async () => {
    const s = new TextDecoderStream();
    const w = s.writable.getWriter();
    const enc = new TextEncoder().encode("a€b");
    w.write(enc.slice(0, 2));
    w.write(enc.slice(2));
    w.close();
    return [s.encoding, s.fatal, (await collect(s.readable)).join("")];
  });
  out.pipeTextStreams = await t(async () => {
    const rs = ReadableStream.from(["héllo ", "wörld"]);
    const text = rs.pipeThrough(new TextEncoderStream()).pipeThrough(new TextDecoderStream());
    return (await collect(text)).join("");
  });
  for (const format of ["gzip", "deflate", "deflate-raw", "brotli"]) {
    out["roundTrip_" + format] = await t(async () => {
      const input = "pigo ".repeat(1000) + "end";
      const compressed = bytes(await collect(ReadableStream.from([input]).pipeThrough(new TextEncoderStream()).pipeThrough(new CompressionStream(format))));
      const back = await collect(ReadableStream.from([compressed.slice(0, 7), compressed.slice(7)]).pipeThrough(new DecompressionStream(format)).pipeThrough(new TextDecoderStream()));
      return [compressed.length < 200, back.join("") === input];
    });
  }
  // Bytes compressed by Node's zlib (gzip of "hello\n"), decoded here.
  out.gunzipKnown = await t(async () => {
    const gz = new Uint8Array([31, 139, 8, 0, 0, 0, 0, 0, 0, 3, 203, 72, 205, 201, 201, 231, 2, 0, 32, 48, 58, 54, 6, 0, 0, 0]);
    return (await collect(ReadableStream.from([gz]).pipeThrough(new DecompressionStream("gzip")).pipeThrough(new TextDecoderStream()))).join("");
  });
  out.gunzipTruncated = await t(async () => {
    const gz = new Uint8Array([31, 139, 8, 0, 0, 0, 0, 0, 0, 3, 203, 72, 205]);
    return collect(ReadableStream.from([gz]).pipeThrough(new DecompressionStream("gzip")));
  });
  // Node's zlib brotli of "abc", fed a byte at a time.
  out.brotliKnown = await t(async () => {
    const br = [11, 1, 128, 97, 98, 99, 3].map((b) => new Uint8Array([b]));
    return (await collect(ReadableStream.from(br).pipeThrough(new DecompressionStream("brotli")).pipeThrough(new TextDecoderStream()))).join("");
  });
  out.brotliTruncated = await t(async () => {
    const br = new Uint8Array([11, 1, 128, 97]);
    return collect(ReadableStream.from([br]).pipeThrough(new DecompressionStream("brotli")));
  });
  out.compressionBadFormat = await t(() => new CompressionStream("lzma"));
  out.compressionBrotli = await t(() => typeof new CompressionStream("brotli"));
  out.compressionBadChunk = await t(async () => {
    const cs = new CompressionStream("gzip");
    const w = cs.writable.getWriter();
    return w.write("not bytes").then(() => "ok", (e) => e.name);
  });
  out.strategies = await t(() => [
    new CountQueuingStrategy({ highWaterMark: 3 }).highWaterMark,
    new CountQueuingStrategy({ highWaterMark: 3 }).size(),
    new ByteLengthQueuingStrategy({ highWaterMark: 8 }).size(new Uint8Array(5)),
  ]);
  out.tags = await t(() => [
    Object.prototype.toString.call(new WritableStream()),
    Object.prototype.toString.call(new TransformStream()),
    Object.prototype.toString.call(new CompressionStream("gzip")),
  ]);
  return out;
}
