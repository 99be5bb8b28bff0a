// ReadableStream behaviour extensions rely on.
const t = async (f) => {
  try {
    return await f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};
const collect = async (rs) => {
  const out = [];
  for await (const c of rs) out.push(c);
  return out;
};

export default async function () {
  const out = {};
  out.basic = await t(async () => {
    const rs = new ReadableStream({
      start(c) {
        c.enqueue("a");
        c.enqueue("b");
        c.close();
      },
    });
    const r = rs.getReader();
    return [rs.locked, await r.read(), await r.read(), await r.read(), await r.closed];
  });
  out.pull = await t(async () => {
    let n = 0;
    const rs = new ReadableStream({
      pull(c) {
        if (n === 3) c.close();
        else c.enqueue(n++);
      },
    });
    return collect(rs);
  });
  out.desiredSize = await t(async () => {
    let ctl;
    new ReadableStream({ start: (c) => (ctl = c) }, { highWaterMark: 3 });
    const a = ctl.desiredSize;
    ctl.enqueue(1);
    return [a, ctl.desiredSize];
  });
  out.error = await t(async () => {
    const rs = new ReadableStream({
      start(c) {
        c.error(new Error("boom"));
      },
    });
    return rs.getReader().read().then(() => "ok", (e) => e.message);
  });
  out.cancel = await t(async () => {
    let reason;
    const rs = new ReadableStream({ cancel: (r) => (reason = r) });
    await rs.cancel("why");
    return reason;
  });
  out.tee = await t(async () => {
    const [a, b] = ReadableStream.from([1, 2]).tee();
    return [await collect(a), await collect(b)];
  });
  out.fromAsyncGen = await t(async () => {
    async function* g() {
      yield "x";
      yield "y";
    }
    return collect(ReadableStream.from(g()));
  });
  out.breakCancels = await t(async () => {
    let cancelled = false;
    const rs = new ReadableStream({
      pull(c) {
        c.enqueue(1);
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const v of rs) break;
    return [cancelled, rs.locked];
  });
  out.preventCancel = await t(async () => {
    const rs = ReadableStream.from([1, 2, 3]);
    for await (const v of rs.values({ preventCancel: true })) break;
    return [rs.locked, (await rs.getReader().read()).value];
  });
  out.lockedTwice = await t(() => {
    const rs = new ReadableStream();
    rs.getReader();
    return rs.getReader();
  });
  out.releaseLock = await t(async () => {
    const rs = ReadableStream.from(["a"]);
    const r = rs.getReader();
    r.releaseLock();
    return [rs.locked, (await rs.getReader().read()).value];
  });
  out.sizeStrategy = await t(async () => {
    let ctl;
    new ReadableStream({ start: (c) => (ctl = c) }, { highWaterMark: 10, size: (chunk) => chunk.length });
    ctl.enqueue("abcd");
    return ctl.desiredSize;
  });
  out.byob = await t(() => new ReadableStream({ type: "bytes" }).getReader({ mode: "byob" }) !== null);
  out.tag = await t(() => Object.prototype.toString.call(new ReadableStream()));
  out.responseBody = await t(async () => {
    const chunks = await collect(new Response("hello").body);
    return chunks.map((c) => c.constructor.name + ":" + c.length);
  });
  return out;
}
