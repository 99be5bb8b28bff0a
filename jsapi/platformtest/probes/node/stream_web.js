// node:stream's bridges to WHATWG streams: Readable.toWeb and
// Readable.fromWeb.
import { Readable } from "node:stream";

const t = async (f) => {
  try {
    return await f();
  } catch (e) {
    return e && e.name ? `${e.name}${e.code ? " " + e.code : ""}` : String(e);
  }
};
const drain = async (rs) => {
  const out = [];
  for await (const c of rs) out.push(typeof c === "string" ? c : `${c.constructor.name}:${Array.from(c).join(",")}`);
  return out;
};

export default async function () {
  const out = {};
  out.toWeb = await t(async () => {
    const rs = Readable.toWeb(Readable.from([Buffer.from("ab"), Buffer.from("c")], { objectMode: false }));
    return [rs instanceof ReadableStream, await drain(rs)];
  });
  out.toWebObjectMode = await t(async () => drain(Readable.toWeb(Readable.from(["x", "y"]))));
  out.toWebNotBytes = await t(() => {
    try {
      Readable.toWeb(Readable.from(["x"])).getReader({ mode: "byob" });
      return "byob";
    } catch (e) {
      return e.name;
    }
  });
  out.toWebError = await t(async () => {
    const r = new Readable({ read() {} });
    const rs = Readable.toWeb(r);
    const p = rs.getReader().read().then(() => "ok", (e) => e.message);
    r.destroy(new Error("bad"));
    return p;
  });
  out.toWebCancel = await t(async () => {
    const r = new Readable({ read() {} });
    const rs = Readable.toWeb(r);
    await rs.cancel(new Error("stop"));
    await new Promise((res) => setTimeout(res, 5));
    return [r.destroyed, r.errored?.message ?? null];
  });
  out.toWebBackpressure = await t(async () => {
    let reads = 0;
    const r = new Readable({
      highWaterMark: 4,
      read() {
        reads++;
        if (reads > 50) this.push(null);
        else this.push(Buffer.from("abcd"));
      },
    });
    const rs = Readable.toWeb(r);
    await new Promise((res) => setTimeout(res, 20));
    return reads < 50;
  });
  out.toWebBadArg = await t(() => Readable.toWeb({}));
  out.fromWeb = await t(async () => {
    const rs = new ReadableStream({
      start(c) {
        c.enqueue(new Uint8Array([104, 105]));
        c.enqueue(new Uint8Array([33]));
        c.close();
      },
    });
    const r = Readable.fromWeb(rs);
    // Chunk boundaries follow Node's nextTick scheduling; the bytes and
    // their type are what the bridge decides.
    const types = new Set();
    let text = "";
    for await (const c of r) {
      types.add(c.constructor.name);
      text += c.toString();
    }
    return [[...types], text, rs.locked];
  });
  out.fromWebEncoding = await t(async () => {
    const r = Readable.fromWeb(new Response("héllo").body, { encoding: "utf8" });
    let s = "";
    for await (const c of r) s += c;
    return s;
  });
  out.fromWebObjectMode = await t(async () => {
    const r = Readable.fromWeb(ReadableStream.from([1, { a: 2 }]), { objectMode: true });
    const got = [];
    for await (const c of r) got.push(c);
    return got;
  });
  out.fromWebError = await t(async () => {
    const rs = new ReadableStream({
      pull(c) {
        c.error(new Error("web bad"));
      },
    });
    const r = Readable.fromWeb(rs);
    return new Promise((res) => {
      r.on("error", (e) => res(e.message));
      r.resume();
    });
  });
  out.fromWebDestroyCancels = await t(async () => {
    let reason;
    const rs = new ReadableStream({ cancel: (x) => (reason = x) });
    const r = Readable.fromWeb(rs);
    r.on("error", () => {});
    r.destroy(new Error("gone"));
    await new Promise((res) => r.on("close", res));
    return reason?.message ?? String(reason);
  });
  out.fromWebBadArg = await t(() => Readable.fromWeb({}));
  return out;
}
