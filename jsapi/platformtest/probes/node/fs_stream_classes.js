// fs.ReadStream and fs.WriteStream: the classes of createReadStream's and
// createWriteStream's streams, callable with or without new.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
const t = async (f) => { try { return await f(); } catch (e) { return `${e.name}${e.code ? " " + e.code : ""}: ${e.message}`; } };
const read = (s) => new Promise((resolve, reject) => { let d = ""; s.setEncoding("utf8"); s.on("data", (c) => (d += c)); s.on("end", () => resolve(d)); s.on("error", reject); });
export default async function () {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fsc-"));
  const file = path.join(dir, "a.txt");
  fs.writeFileSync(file, "hello streams");
  const out = {};
  out.types = [typeof fs.ReadStream, typeof fs.WriteStream, fs.ReadStream.name, fs.WriteStream.name];
  out.created = await t(async () => {
    const s = fs.createReadStream(file);
    const r = [s instanceof fs.ReadStream, s instanceof fs.WriteStream, s instanceof Readable, s.constructor === fs.ReadStream, s.constructor.name];
    return r.concat([await read(s)]);
  });
  out.withNew = await t(async () => {
    const s = new fs.ReadStream(file, { start: 6 });
    return [s instanceof fs.ReadStream, await read(s)];
  });
  out.withoutNew = await t(async () => {
    const s = fs.ReadStream(file, { end: 4 });
    return [s instanceof fs.ReadStream, await read(s)];
  });
  out.write = await t(async () => {
    const target = path.join(dir, "b.txt");
    const w = new fs.WriteStream(target);
    const r = [w instanceof fs.WriteStream, w instanceof fs.ReadStream, w instanceof Writable, w.constructor.name];
    await new Promise((resolve, reject) => { w.on("error", reject); w.end("written", resolve); });
    return r.concat([fs.readFileSync(target, "utf8")]);
  });
  out.plain = [({}) instanceof fs.ReadStream, null instanceof fs.WriteStream];
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}
