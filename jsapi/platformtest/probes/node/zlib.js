// node:zlib: round trips in every form, Node-made data decompressed,
// errors, crc32, streams and options.
import zlib from "node:zlib";
import { promisify } from "node:util";
import { pipeline } from "node:stream/promises";
import { Readable, Writable } from "node:stream";

const TEXT = "The quick brown fox jumps over the lazy dog. ".repeat(20);
// Made by Node 22's zlib from TEXT.
const FROM_NODE = {
  gunzip: "H4sIAAAAAAAAAwvJSFUoLM1MzlZIKsovz1NIy69QyCrNLShWyC9LLVIoyUhVyEmsqlRIyU/XUwgZVTyqeFQxtRUDAOZKZrCEAwAA",
  inflate: "eJwLyUhVKCzNTM5WSCrKL89TSMuvUMgqzS0oVsgvSy1SKMlIVchJrKpUSMlP11MIGVU8qnhUMbUVAwBHpUMc",
  inflateRaw: "C8lIVSgszUzOVkgqyi/PU0jLr1DIKs0tKFbIL0stUijJSFXISayqVEjJT9dTCBlVPKp4VDG1FQMA",
  brotliDecompress: "G4MDiCwOeNPQlV2XELsXK6nK0JLMjK1BXObyNsgZnp4Ke4MNOHBIIG8kvkGnFc4cHieqKTjCibhPgwE=",
  unzip: "eJwLyUhVKCzNTM5WSCrKL89TSMuvUMgqzS0oVsgvSy1SKMlIVchJrKpUSMlP11MIGVU8qnhUMbUVAwBHpUMc",
};

function err(e) {
  return [e.name, e.message, e.code, e.errno];
}

export default async function () {
  const out = {};
  const pairs = [
    ["gzip", "gunzip"],
    ["deflate", "inflate"],
    ["deflateRaw", "inflateRaw"],
    ["brotliCompress", "brotliDecompress"],
    ["gzip", "unzip"],
    ["deflate", "unzip"],
  ];
  for (const [c, d] of pairs) {
    try {
      const packed = zlib[c + "Sync"](TEXT);
      out["sync_" + c + "_" + d] = [zlib[d + "Sync"](packed).toString() === TEXT, packed.length < TEXT.length];
      const viaCb = await new Promise((res, rej) => zlib[c](Buffer.from(TEXT), (e, b) => (e ? rej(e) : res(b))));
      const back = await promisify(zlib[d])(viaCb);
      out["async_" + c + "_" + d] = back.toString() === TEXT;
    } catch (e) {
      out["sync_" + c + "_" + d] = String(e);
    }
  }
  for (const [d, b64] of Object.entries(FROM_NODE)) {
    try {
      out["fromNode_" + d] = zlib[d + "Sync"](Buffer.from(b64, "base64")).toString() === TEXT;
    } catch (e) {
      out["fromNode_" + d] = String(e);
    }
  }
  out.gzipHeader = [...zlib.gzipSync("x").subarray(0, 4)];
  out.deflateHeader = [...zlib.deflateSync("x").subarray(0, 2)];
  out.levels = [0, 1, 9].map((level) => zlib.inflateSync(zlib.deflateSync(TEXT, { level })).length);
  out.dictionary = zlib
    .inflateSync(Buffer.from("eLsVOgPZywCzMuB8ADOjBg0=", "base64"), { dictionary: Buffer.from("hello dict") })
    .toString();
  out.empty = [zlib.gunzipSync(zlib.gzipSync("")).length, zlib.inflateSync(zlib.deflateSync(Buffer.alloc(0))).length];
  out.inputs = [
    zlib.inflateSync(zlib.deflateSync(new Uint8Array([1, 2, 3]))).toString("hex"),
    zlib.inflateSync(zlib.deflateSync(new Uint8Array([4, 5]).buffer)).toString("hex"),
  ];

  const bad = Buffer.from("hello world, not compressed");
  for (const d of ["gunzip", "inflate", "unzip"]) {
    try {
      zlib[d + "Sync"](bad);
      out["bad_" + d] = "no error";
    } catch (e) {
      out["bad_" + d] = err(e);
    }
  }
  try {
    zlib.gunzipSync(zlib.gzipSync("hello").subarray(0, 10));
  } catch (e) {
    out.truncated = err(e);
  }
  try {
    const g = zlib.gzipSync("hello");
    g[g.length - 5] ^= 1;
    zlib.gunzipSync(g);
  } catch (e) {
    out.badChecksum = err(e);
  }
  out.asyncError = await new Promise((res) => zlib.gunzip(bad, (e) => res(err(e))));
  try {
    zlib.deflateSync("x", { level: 42 });
  } catch (e) {
    out.badLevel = [e.name, e.code];
  }
  try {
    zlib.gzipSync(42);
  } catch (e) {
    out.badInput = [e.name, e.code];
  }
  try {
    zlib.gzip("x");
  } catch (e) {
    out.noCallback = [e.name, e.code];
  }

  out.crc32 = [zlib.crc32("hello"), zlib.crc32("world", zlib.crc32("hello ")), zlib.crc32(Buffer.from([1, 2, 3]))];
  out.constants = [zlib.constants.Z_BEST_COMPRESSION, zlib.constants.BROTLI_PARAM_QUALITY, zlib.codes.Z_DATA_ERROR, zlib.codes["-3"], zlib.Z_SYNC_FLUSH];

  try {
    const chunks = [];
    await pipeline(
      Readable.from([TEXT.slice(0, 100), TEXT.slice(100)]),
      zlib.createGzip(),
      zlib.createGunzip(),
      new Writable({ write(c, e, cb) { chunks.push(c); cb(); } }),
    );
    out.streamRoundTrip = Buffer.concat(chunks).toString() === TEXT;
  } catch (e) {
    out.streamRoundTrip = String(e);
  }
  try {
    const chunks = [];
    await pipeline(
      Readable.from([TEXT]),
      zlib.createBrotliCompress(),
      zlib.createBrotliDecompress(),
      new Writable({ write(c, e, cb) { chunks.push(c); cb(); } }),
    );
    out.brotliStream = Buffer.concat(chunks).toString() === TEXT;
  } catch (e) {
    out.brotliStream = String(e);
  }
  try {
    const inflater = zlib.createInflate();
    const got = [];
    inflater.on("data", (c) => got.push(c));
    const src = Buffer.from(FROM_NODE.inflate, "base64");
    for (let i = 0; i < src.length; i += 7) inflater.write(src.subarray(i, i + 7));
    inflater.end();
    await new Promise((res, rej) => inflater.on("end", res).on("error", rej));
    out.byteWiseInflate = Buffer.concat(got).toString() === TEXT;
  } catch (e) {
    out.byteWiseInflate = String(e);
  }
  try {
    const gz = zlib.createGzip();
    const got = [];
    gz.on("data", (c) => got.push(c));
    gz.write("partial ");
    await new Promise((res) => gz.flush(res));
    const flushed = Buffer.concat(got);
    out.flush = zlib.createGunzip && flushed.length > 10;
    gz.end("rest");
    await new Promise((res) => gz.on("end", res));
    out.flushRoundTrip = zlib.gunzipSync(Buffer.concat(got)).toString();
  } catch (e) {
    out.flush = String(e);
  }
  try {
    const g = zlib.createGunzip();
    const e = await new Promise((res) => {
      g.on("error", res);
      g.end(bad);
    });
    out.streamError = err(e);
  } catch (e) {
    out.streamError = String(e);
  }
  out.classes = [
    zlib.createGzip() instanceof zlib.Gzip,
    typeof zlib.Gzip,
    zlib.Gzip.name,
    new zlib.Deflate().bytesWritten,
    typeof zlib.createGzip().pipe,
  ];
  return out;
}
