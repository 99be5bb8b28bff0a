// fs.promises.open's FileHandle: reading, writing, positions, closing
// (with operations in flight), readableWebStream (a byte stream) and the
// errors of a closed or locked handle.
import fsp from "node:fs/promises";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
const t = async (f) => { try { return await f(); } catch (e) { return `${e.name}${e.code ? " " + e.code : ""}: ${e.message}`; } };
export default async function () {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fh-"));
  const file = path.join(dir, "a.txt");
  fs.writeFileSync(file, "hello world");
  const out = {};
  out.open = await t(async () => {
    const fh = await fsp.open(file, "r");
    const r = [typeof fh.fd, fh.fd > 2, Object.prototype.toString.call(fh), fh.constructor.name];
    await fh.close();
    return r.concat([fh.fd]);
  });
  out.web = await t(async () => {
    const fh = await fsp.open(file);
    const rs = fh.readableWebStream();
    const chunks = [];
    for await (const c of rs) chunks.push([c.constructor.name, Buffer.from(c).toString()]);
    const again = await t(() => fh.readableWebStream());
    await fh.close();
    return [rs instanceof ReadableStream, chunks, again];
  });
  out.webByob = await t(async () => {
    const fh = await fsp.open(file);
    const r = fh.readableWebStream({ type: "bytes" }).getReader({ mode: "byob" });
    const a = await r.read(new Uint8Array(5));
    const b = await r.read(new Uint8Array(100));
    r.releaseLock();
    await fh.close();
    return [Buffer.from(a.value).toString(), Buffer.from(b.value).toString(), a.done];
  });
  out.webDefaultByob = await t(async () => {
    const fh = await fsp.open(file);
    try { fh.readableWebStream().getReader({ mode: "byob" }); return "byob ok"; } catch (e) { return e.name; } finally { await fh.close(); }
  });
  out.webClosed = await t(async () => {
    const fh = await fsp.open(file);
    await fh.close();
    return fh.readableWebStream();
  });
  out.webBadType = await t(async () => {
    const fh = await fsp.open(file);
    try { return fh.readableWebStream({ type: "nope" }); } finally { await fh.close(); }
  });
  out.webCancel = await t(async () => {
    const fh = await fsp.open(file);
    const rs = fh.readableWebStream();
    await rs.cancel();
    return [await t(() => fh.stat().then(s=>s.size)), await t(() => fh.close())];
  });
  out.rw = await t(async () => {
    const fh = await fsp.open(path.join(dir, "b.txt"), "w+");
    const w = await fh.write("abcdef");
    const w2 = await fh.write(Buffer.from("XY"), 0, 2, 1);
    const buf = Buffer.alloc(10);
    const r = await fh.read(buf, 0, 10, 0);
    const st = await fh.stat();
    await fh.truncate(3);
    const rf = await fh.readFile({ encoding: "utf8" });
    await fh.writeFile("zz");
    await fh.appendFile("!");
    await fh.sync(); await fh.datasync();
    await fh.close();
    return [w.bytesWritten, typeof w.buffer, w2.bytesWritten, r.bytesRead, buf.toString("utf8", 0, r.bytesRead), r.buffer === buf, st.size, st.isFile(), rf, fs.readFileSync(path.join(dir, "b.txt"), "utf8")];
  });
  out.readFile = await t(async () => { const fh = await fsp.open(file); const s = await fh.readFile("utf8"); const again = await fh.readFile("utf8"); await fh.close(); return [s, again]; });
  out.readNoArgs = await t(async () => { const fh = await fsp.open(file); const r = await fh.read(); await fh.close(); return [r.bytesRead, r.buffer.length, r.buffer.toString("utf8", 0, r.bytesRead)]; });
  out.closedOps = await t(async () => { const fh = await fsp.open(file); await fh.close(); return [await t(() => fh.stat()), await t(() => fh.read(Buffer.alloc(1), 0, 1, 0)), await t(() => fh.close())]; });
  out.missing = await t(() => fsp.open(path.join(dir, "nope"))).then((m) => m.replace(dir, "<dir>"));
  out.dispose = await t(async () => { const fh = await fsp.open(file); await fh[Symbol.asyncDispose ?? Symbol.for("nodejs.asyncDispose")](); return fh.fd; });
  out.closeEvent = await t(async () => { const fh = await fsp.open(file); let ev = 0; fh.on("close", () => ev++); await fh.close(); return ev; });
  out.closeInFlight = await t(async () => {
    const fh = await fsp.open(file);
    const reading = fh.read(Buffer.alloc(5), 0, 5, 0);
    const closing = fh.close();
    const fdWhileClosing = fh.fd;
    const r = await reading;
    await closing;
    return [r.bytesRead, fdWhileClosing > 2, fh.fd];
  });
  // Mode and times by descriptor: FileHandle and fs.fchmod / futimes.
  out.modeAndTimes = await t(async () => {
    const m = path.join(dir, "m.txt");
    fs.writeFileSync(m, "x");
    const fh = await fsp.open(m, "r+");
    await fh.chmod(0o600);
    await fh.utimes(1000, 2000);
    const s = await fh.stat();
    await fh.close();
    const fd = fs.openSync(m, "r");
    fs.fchmodSync(fd, 0o640);
    fs.futimesSync(fd, new Date(5000), new Date(6000));
    const s2 = fs.fstatSync(fd);
    const bad = await t(() => fs.fchmodSync(fd));
    await new Promise((r) => fs.fchmod(fd, 0o644, r));
    const s3 = fs.fstatSync(fd);
    fs.closeSync(fd);
    const closed = await t(() => fs.fchmodSync(fd, 0o600));
    return [(s.mode & 0o777).toString(8), s.mtimeMs, s.atimeMs, (s2.mode & 0o777).toString(8), s2.mtimeMs, bad, (s3.mode & 0o777).toString(8), closed];
  });
  // Streams and lines over a handle, vectored reads and writes.
  const lined = path.join(dir, "lines.txt");
  fs.writeFileSync(lined, "one\ntwo\r\nthree");
  out.readStream = await t(async () => {
    const fh = await fsp.open(lined);
    const rs = fh.createReadStream({ encoding: "utf8", start: 2, end: 9, highWaterMark: 3 });
    const chunks = [];
    for await (const c of rs) chunks.push(c);
    return [chunks, rs.constructor.name, rs.bytesRead, fh.fd];
  });
  out.readLines = await t(async () => {
    const fh = await fsp.open(lined);
    const lines = [];
    for await (const l of fh.readLines()) lines.push(l);
    return [lines, fh.fd];
  });
  out.writeStream = await t(async () => {
    const fh = await fsp.open(path.join(dir, "w.txt"), "w");
    const ws = fh.createWriteStream();
    ws.write("ab");
    ws.end("cd");
    await new Promise((r) => ws.on("close", r));
    return [fs.readFileSync(path.join(dir, "w.txt"), "utf8"), fh.fd, ws.bytesWritten, ws.constructor.name];
  });
  out.writeStreamAt = await t(async () => {
    const fh = await fsp.open(lined, "r+");
    const ws = fh.createWriteStream({ start: 1 });
    await new Promise((r) => ws.end("XX", r));
    return fs.readFileSync(lined, "utf8");
  });
  out.vectors = await t(async () => {
    const fh = await fsp.open(path.join(dir, "v.txt"), "w+");
    const wv = await fh.writev([Buffer.from("ab"), Buffer.from("cde")]);
    const a = Buffer.alloc(2);
    const b = Buffer.alloc(10);
    const rv = await fh.readv([a, b], 0);
    await fh.close();
    return [wv.bytesWritten, wv.buffers.length, rv.bytesRead, a.toString(), b.toString("utf8", 0, 3)];
  });
  out.noAutoClose = await t(async () => {
    const fh = await fsp.open(lined);
    const rs = fh.createReadStream({ autoClose: false });
    for await (const c of rs) void c;
    const open = fh.fd > 2;
    await fh.close();
    return [open, fh.fd];
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}
