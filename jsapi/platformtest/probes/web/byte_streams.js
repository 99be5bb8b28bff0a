// Readable byte streams: ReadableByteStreamController, BYOB readers and
// requests, tee and fetch bodies, as Node 22 has them.
const t = async (f) => {
  try {
    return await f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};
const msg = async (f) => {
  try {
    return await f();
  } catch (e) {
    return e && e.name ? `${e.name}: ${e.message}` : String(e);
  }
};
const show = (r) => (r.value === undefined ? { done: r.done } : { done: r.done, type: r.value.constructor.name, bytes: Array.from(new Uint8Array(r.value.buffer, r.value.byteOffset, r.value.byteLength)) });
const bytes = (...a) => new Uint8Array(a);
const controlled = (source = {}, strategy = undefined) => {
  let ctl;
  const rs = new ReadableStream({ type: "bytes", ...source, start: (c) => (ctl = c) }, strategy);
  return [rs, ctl];
};

export default async function () {
  const out = {};
  out.globals = await t(() => [typeof ReadableByteStreamController, typeof ReadableStreamBYOBReader, typeof ReadableStreamBYOBRequest]);
  out.tags = await t(() => {
    const [rs, c] = controlled();
    const r = rs.getReader({ mode: "byob" });
    return [Object.prototype.toString.call(c), Object.prototype.toString.call(r), c instanceof ReadableByteStreamController, r instanceof ReadableStreamBYOBReader];
  });
  out.controller = await t(() => {
    const [, c] = controlled();
    const [, c2] = controlled({}, { highWaterMark: 16 });
    return [c.constructor.name, c.desiredSize, c.byobRequest, c2.desiredSize];
  });
  out.defaultReader = await t(async () => {
    const rs = new ReadableStream({
      type: "bytes",
      start(c) {
        c.enqueue(bytes(1, 2));
        c.enqueue(new Uint16Array([0x0403]));
        c.close();
      },
    });
    const r = rs.getReader();
    return [show(await r.read()), show(await r.read()), show(await r.read()), await r.closed];
  });
  out.enqueueTransfers = await t(() => {
    const [, c] = controlled();
    const chunk = bytes(1, 2, 3);
    c.enqueue(chunk);
    return [chunk.byteLength, chunk.buffer.byteLength, c.desiredSize];
  });
  out.byobRead = await t(async () => {
    const rs = new ReadableStream({
      type: "bytes",
      start(c) {
        c.enqueue(bytes(1, 2, 3, 4, 5));
        c.close();
      },
    });
    const r = rs.getReader({ mode: "byob" });
    const buf = new ArrayBuffer(3);
    const a = await r.read(new Uint8Array(buf));
    const shownA = show(a);
    const b = await r.read(new Uint8Array(a.value.buffer));
    const c = await r.read(new Uint8Array(3));
    return [buf.byteLength, shownA, a.value.byteLength, show(b), show(c)];
  });
  out.byobTypedViews = await t(async () => {
    const rs = new ReadableStream({
      type: "bytes",
      start(c) {
        c.enqueue(bytes(1, 0, 2, 0, 3));
        c.close();
      },
    });
    const r = rs.getReader({ mode: "byob" });
    const a = await r.read(new Uint16Array(4));
    const b = await r.read(new DataView(new ArrayBuffer(4)));
    return [show(a), a.value.length, show(b)];
  });
  out.readMin = await t(async () => {
    const [rs, c] = controlled();
    const r = rs.getReader({ mode: "byob" });
    const p = r.read(new Uint8Array(6), { min: 4 });
    let settled = false;
    p.then(() => (settled = true));
    c.enqueue(bytes(1, 2));
    await null;
    await null;
    const early = settled;
    c.enqueue(bytes(3, 4, 5));
    return [early, show(await p)];
  });
  out.readMinErrors = await msg(async () => {
    const r = new ReadableStream({ type: "bytes" }).getReader({ mode: "byob" });
    const e = [];
    for (const [view, opts] of [[undefined], [new Uint8Array(0)], [new Uint8Array(4), { min: 0 }], [new Uint8Array(4), { min: 5 }], [new DataView(new ArrayBuffer(4)), { min: 5 }]]) {
      e.push(await r.read(view, opts).then(() => "ok", (x) => `${x.name}: ${x.message}`));
    }
    return e;
  });
  out.respond = await t(async () => {
    const [rs, c] = controlled();
    const r = rs.getReader({ mode: "byob" });
    const p = r.read(new Uint8Array(4));
    const req = c.byobRequest;
    const first = [req.constructor.name, req.view.constructor.name, req.view.byteLength, c.byobRequest === req];
    req.view.set([9, 8], 0);
    req.respond(2);
    const invalidated = [req.view, c.byobRequest];
    return [first, invalidated, show(await p)];
  });
  out.respondErrors = await msg(async () => {
    const [rs, c] = controlled();
    rs.getReader({ mode: "byob" }).read(new Uint8Array(4));
    const req = c.byobRequest;
    const e = [];
    for (const f of [() => req.respond(0), () => req.respond(5), () => req.respondWithNewView(new Uint8Array(2))]) {
      try {
        f();
        e.push("ok");
      } catch (x) {
        e.push(x.name);
      }
    }
    req.respond(1);
    try {
      req.respond(1);
    } catch (x) {
      e.push(`${x.name}: ${x.message}`);
    }
    return e;
  });
  out.respondWithNewView = await t(async () => {
    const [rs, c] = controlled();
    const r = rs.getReader({ mode: "byob" });
    const p = r.read(new Uint8Array(8).subarray(2));
    const v = c.byobRequest.view;
    const nv = new Uint8Array(v.buffer, v.byteOffset, 3);
    nv.set([5, 6, 7]);
    c.byobRequest.respondWithNewView(nv);
    const res = await p;
    return [show(res), res.value.byteOffset, res.value.buffer.byteLength];
  });
  out.respondPartialThenMore = await t(async () => {
    const [rs, c] = controlled();
    const r = rs.getReader({ mode: "byob" });
    const p = r.read(new Uint16Array(2));
    c.byobRequest.view[0] = 1;
    c.byobRequest.respond(1);
    const pending = c.byobRequest.view.byteLength;
    c.byobRequest.view.set([2, 3]);
    c.byobRequest.respond(2);
    return [pending, show(await p)];
  });
  out.pullWithByobRequest = await t(async () => {
    const seen = [];
    let n = 0;
    const rs = new ReadableStream({
      type: "bytes",
      pull(c) {
        const req = c.byobRequest;
        seen.push(req ? req.view.byteLength : null);
        if (n++ === 2) {
          c.close();
          req?.respond(0);
          return;
        }
        req.view[0] = n;
        req.respond(1);
      },
    });
    const r = rs.getReader({ mode: "byob" });
    const got = [];
    for (;;) {
      const x = await r.read(new Uint8Array(4));
      got.push(show(x));
      if (x.done) break;
    }
    return [seen, got];
  });
  out.autoAllocate = await t(async () => {
    const seen = [];
    let n = 0;
    const rs = new ReadableStream({
      type: "bytes",
      autoAllocateChunkSize: 4,
      pull(c) {
        const req = c.byobRequest;
        seen.push(req && [req.view.constructor.name, req.view.byteLength]);
        if (n++ === 1) {
          c.close();
          req.respond(0);
          return;
        }
        req.view.set([7, 7, 7]);
        req.respond(3);
      },
    });
    const r = rs.getReader();
    return [show(await r.read()), show(await r.read()), seen];
  });
  out.autoAllocateEnqueue = await t(async () => {
    const rs = new ReadableStream({
      type: "bytes",
      autoAllocateChunkSize: 8,
      pull(c) {
        c.enqueue(bytes(4, 2));
        c.close();
      },
    });
    const r = rs.getReader();
    return [show(await r.read()), show(await r.read())];
  });
  out.constructorErrors = await msg(() => {
    const e = [];
    for (const f of [
      () => new ReadableStream({ type: "bytes" }, { size: () => 1 }),
      () => new ReadableStream({ type: "bytes", autoAllocateChunkSize: 0 }),
      () => new ReadableStream({ type: "bogus" }),
      () => new ReadableStream().getReader({ mode: "bogus" }),
    ]) {
      try {
        f();
        e.push("ok");
      } catch (x) {
        e.push(`${x.name}: ${x.message}`);
      }
    }
    try {
      new ReadableStream().getReader({ mode: "byob" });
    } catch (x) {
      e.push(x.name);
    }
    return e;
  });
  out.enqueueErrors = await msg(() => {
    const [, c] = controlled();
    const e = [];
    for (const f of [() => c.enqueue("x"), () => c.enqueue(new Uint8Array(0)), () => c.close(), () => c.enqueue(bytes(1)), () => c.close()]) {
      try {
        f();
        e.push("ok");
      } catch (x) {
        e.push(`${x.name}: ${x.message}`);
      }
    }
    return e;
  });
  out.cancel = await t(async () => {
    let reason;
    const [rs, c] = controlled({ cancel: (r) => (reason = r) });
    c.enqueue(bytes(1));
    const r = rs.getReader({ mode: "byob" });
    const a = await r.read(new Uint8Array(1));
    const p = r.read(new Uint8Array(1));
    await r.cancel("why");
    return [show(a), show(await p), reason, c.byobRequest, await r.closed];
  });
  out.error = await t(async () => {
    const [rs, c] = controlled();
    const r = rs.getReader({ mode: "byob" });
    const p = r.read(new Uint8Array(2)).then(() => "ok", (e) => e.message);
    c.error(new Error("boom"));
    const after = await r.read(new Uint8Array(2)).then(() => "ok", (e) => e.message);
    return [await p, after, c.desiredSize, await r.closed.then(() => "ok", (e) => e.message)];
  });
  out.closeWithPendingPullInto = await t(async () => {
    const [rs, c] = controlled();
    const r = rs.getReader({ mode: "byob" });
    const p = r.read(new Uint8Array(4));
    c.close();
    const view = c.byobRequest.view.byteLength;
    c.byobRequest.respond(0);
    return [view, show(await p), await r.closed];
  });
  out.closePartialRead = await msg(async () => {
    const [rs, c] = controlled();
    const r = rs.getReader({ mode: "byob" });
    const p = r.read(new Uint16Array(2)).then(() => "ok", (e) => `${e.name}: ${e.message}`);
    c.enqueue(bytes(1));
    let thrown;
    try {
      c.close();
    } catch (e) {
      thrown = `${e.name}: ${e.message}`;
    }
    return [thrown, await p];
  });
  out.closeRequestedDrains = await t(async () => {
    const [rs, c] = controlled();
    c.enqueue(bytes(1, 2, 3));
    c.close();
    const r = rs.getReader({ mode: "byob" });
    return [show(await r.read(new Uint8Array(2))), show(await r.read(new Uint8Array(2))), show(await r.read(new Uint8Array(2)))];
  });
  out.releaseLock = await msg(async () => {
    const [rs, c] = controlled();
    const r = rs.getReader({ mode: "byob" });
    const p = r.read(new Uint8Array(4)).then(() => "ok", (e) => e.name);
    r.releaseLock();
    c.enqueue(bytes(6));
    const d = rs.getReader();
    return [await p, rs.locked, show(await d.read()), await r.read(new Uint8Array(1)).then(() => "ok", (e) => e.message)];
  });
  out.releaseAfterPartialRespond = await t(async () => {
    const [rs, c] = controlled();
    const r = rs.getReader({ mode: "byob" });
    r.read(new Uint8Array(4), { min: 4 }).catch(() => {});
    c.byobRequest.view[0] = 42;
    c.byobRequest.respond(1);
    r.releaseLock();
    const d = rs.getReader();
    const first = d.read();
    c.enqueue(bytes(43));
    return [show(await first), show(await d.read())];
  });
  out.tee = await t(async () => {
    const rs = new ReadableStream({
      type: "bytes",
      start(c) {
        c.enqueue(bytes(1, 2, 3));
        c.close();
      },
    });
    const [a, b] = rs.tee();
    const ra = a.getReader({ mode: "byob" });
    const rb = b.getReader();
    const a1 = await ra.read(new Uint8Array(2));
    const a2 = await ra.read(new Uint8Array(2));
    const a3 = await ra.read(new Uint8Array(2));
    const b1 = await rb.read();
    const b2 = await rb.read();
    return [show(a1), show(a2), show(a3), show(b1), show(b2), b1.value !== a1.value];
  });
  out.teeBothByob = await t(async () => {
    let n = 0;
    const rs = new ReadableStream({
      type: "bytes",
      pull(c) {
        n++;
        if (n > 2) {
          c.close();
          c.byobRequest?.respond(0);
          return;
        }
        c.enqueue(bytes(n, n, n));
      },
    });
    const [a, b] = rs.tee();
    const ra = a.getReader({ mode: "byob" });
    const rb = b.getReader({ mode: "byob" });
    const got = [];
    for (let i = 0; i < 3; i++) got.push(show(await ra.read(new Uint8Array(2))), show(await rb.read(new Uint8Array(4))));
    return [got, n];
  });
  out.teeOneCanceled = await t(async () => {
    const rs = new ReadableStream({
      type: "bytes",
      start(c) {
        c.enqueue(bytes(1, 2));
        c.close();
      },
    });
    const [a, b] = rs.tee();
    const canceled = b.cancel("no");
    const r = a.getReader({ mode: "byob" });
    return [show(await r.read(new Uint8Array(4))), show(await r.read(new Uint8Array(4))), await canceled];
  });
  out.teeError = await t(async () => {
    const [rs, c] = controlled();
    const [a, b] = rs.tee();
    const pa = a.getReader({ mode: "byob" }).read(new Uint8Array(2)).then(() => "ok", (e) => e.message);
    const pb = b.getReader().read().then(() => "ok", (e) => e.message);
    c.error(new Error("bad"));
    return [await pa, await pb];
  });
  out.teeCancel = await t(async () => {
    let reason;
    const [rs] = controlled({ cancel: (r) => (reason = r) });
    const [a, b] = rs.tee();
    await Promise.all([a.cancel("x"), b.cancel("y")]);
    return reason;
  });
  out.responseBody = await t(async () => {
    const r = new Response("hello").body.getReader({ mode: "byob" });
    const a = await r.read(new Uint8Array(2));
    const b = await r.read(new Uint8Array(8));
    const c = await r.read(new Uint8Array(8));
    return [show(a), show(b), show(c)];
  });
  out.responseClone = await t(async () => {
    const res = new Response("abc");
    const clone = res.clone();
    const r = clone.body.getReader({ mode: "byob" });
    return [show(await r.read(new Uint8Array(8))), await res.text()];
  });
  out.blobBody = await t(async () => {
    const r = new Response(new Blob(["xyz"])).body.getReader({ mode: "byob" });
    return show(await r.read(new Uint8Array(2)));
  });
  out.blobStream = await t(async () => {
    const r = new Blob(["abcde"]).stream().getReader({ mode: "byob" });
    const got = [];
    for (;;) {
      const x = await r.read(new Uint8Array(2));
      got.push(show(x));
      if (x.done) break;
    }
    return got;
  });
  out.blobStreamDefault = await t(async () => {
    const r = new Blob(["abc"]).stream().getReader();
    return [show(await r.read()), show(await r.read())];
  });
  // Chunks and views over a SharedArrayBuffer are refused, as V8's
  // ArrayBuffer checks refuse them (TypeError; V8's message names the
  // incompatible receiver).
  const sab = (f) => {
    try {
      const r = f();
      return r && r.then ? r.then((v) => ["ok", typeof v], (e) => [e.name]) : ["ok", typeof r];
    } catch (e) {
      return [e.name];
    }
  };
  {
    let c;
    new ReadableStream({ type: "bytes", start: (ctrl) => void (c = ctrl) });
    out.sharedEnqueue = [
      sab(() => c.enqueue(new Uint8Array(new SharedArrayBuffer(4)))),
      sab(() => c.enqueue(new DataView(new SharedArrayBuffer(2)))),
      sab(() => c.enqueue(new Uint8Array(4))),
    ];
    const byob = new ReadableStream({ type: "bytes" }).getReader({ mode: "byob" });
    out.sharedByobRead = await sab(() => byob.read(new Uint8Array(new SharedArrayBuffer(4))));
    let c3;
    const r3 = new ReadableStream({ type: "bytes", pull: (ctrl) => void (c3 = ctrl) }).getReader({ mode: "byob" });
    r3.read(new Uint8Array(4)).catch(() => {});
    await new Promise((r) => setTimeout(r, 1));
    out.sharedRespondWithNewView = sab(() => c3.byobRequest.respondWithNewView(new Uint8Array(new SharedArrayBuffer(4))));
    out.sharedAfter = sab(() => c3.byobRequest.respond(0));
  }
  return out;
}
