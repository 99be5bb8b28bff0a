// node:crypto key derivation (pbkdf2, scrypt, hkdf) and AES ciphers
// (cbc, ecb, ctr, gcm): known answers, round trips, streams and errors.
import crypto from "node:crypto";
import { promisify } from "node:util";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

function err(e) {
  return [e.name, e.message, e.code];
}

export default async function () {
  const out = {};
  const t = (k, fn) => {
    try {
      out[k] = fn();
    } catch (e) {
      out[k] = "threw " + err(e).join(" ");
    }
  };
  t("pbkdf2Sync", () => crypto.pbkdf2Sync("pw", "salt", 1000, 32, "sha256").toString("hex"));
  t("pbkdf2Sha512", () => crypto.pbkdf2Sync(Buffer.from("pw"), Buffer.from("salt"), 1, 16, "sha512").toString("hex"));
  out.pbkdf2Cb = await new Promise((res) =>
    crypto.pbkdf2("pw", "salt", 1000, 32, "sha256", (e, k) => res(e ? String(e) : k.toString("hex"))),
  );
  out.pbkdf2Promisified = (await promisify(crypto.pbkdf2)("a", "b", 10, 8, "sha1")).toString("hex");
  t("pbkdf2BadDigest", () => crypto.pbkdf2Sync("pw", "salt", 1, 8, "nope"));
  t("pbkdf2NoDigest", () => crypto.pbkdf2Sync("pw", "salt", 1, 8));
  t("scryptSync", () => crypto.scryptSync("pw", "salt", 32).toString("hex"));
  t("scryptOpts", () => crypto.scryptSync("pw", "salt", 16, { N: 1024, r: 8, p: 1 }).toString("hex"));
  out.scryptCb = await new Promise((res) =>
    crypto.scrypt("pw", "salt", 16, { cost: 1024 }, (e, k) => res(e ? String(e) : k.toString("hex"))),
  );
  t("scryptBadN", () => crypto.scryptSync("pw", "salt", 16, { N: 1000 }));
  t("hkdfSync", () => {
    const ab = crypto.hkdfSync("sha256", "key", "salt", "info", 32);
    return [ab instanceof ArrayBuffer, Buffer.from(ab).toString("hex")];
  });
  out.hkdfCb = await new Promise((res) =>
    crypto.hkdf("sha512", Buffer.from("key"), "", "", 16, (e, ab) => res(e ? String(e) : Buffer.from(ab).toString("hex"))),
  );

  const key = Buffer.alloc(32, 1);
  const iv = Buffer.alloc(16, 2);
  t("cbcKnown", () => {
    const c = crypto.createCipheriv("aes-256-cbc", key, iv);
    return c.update("hello world", "utf8", "hex") + c.final("hex");
  });
  for (const name of ["aes-128-cbc", "aes-192-cbc", "aes-256-cbc", "aes-128-ctr", "aes-256-ctr", "aes-128-ecb", "aes-256-ecb"]) {
    t("roundTrip_" + name, () => {
      const k = Buffer.alloc(Number(name.split("-")[1]) / 8, 7);
      const v = name.endsWith("ecb") ? null : Buffer.alloc(16, 9);
      const text = "The quick brown fox jumps over the lazy dog, twice over.";
      const c = crypto.createCipheriv(name, k, v);
      const ct = Buffer.concat([c.update(text.slice(0, 10)), c.update(text.slice(10)), c.final()]);
      const d = crypto.createDecipheriv(name, k, v);
      const pt = d.update(ct.toString("base64"), "base64", "utf8") + d.final("utf8");
      return [ct.toString("hex"), pt === text];
    });
  }
  t("noPadding", () => {
    const c = crypto.createCipheriv("aes-128-cbc", Buffer.alloc(16), Buffer.alloc(16));
    c.setAutoPadding(false);
    const ct = Buffer.concat([c.update(Buffer.alloc(32, 65)), c.final()]);
    return ct.length;
  });
  t("noPaddingPartial", () => {
    const c = crypto.createCipheriv("aes-128-cbc", Buffer.alloc(16), Buffer.alloc(16));
    c.setAutoPadding(false);
    c.update("abc");
    return c.final();
  });
  t("badDecrypt", () => {
    const d = crypto.createDecipheriv("aes-256-cbc", key, iv);
    d.update("00112233445566778899aabbccddeeff", "hex");
    d.final();
  });
  t("badKey", () => crypto.createCipheriv("aes-256-cbc", Buffer.alloc(5), iv));
  t("badIv", () => crypto.createCipheriv("aes-256-cbc", key, Buffer.alloc(3)));
  t("unknownCipher", () => crypto.createCipheriv("nope", key, iv));
  t("gcm", () => {
    const nonce = Buffer.alloc(12, 3);
    const g = crypto.createCipheriv("aes-256-gcm", key, nonce);
    g.setAAD(Buffer.from("aad"));
    const first = g.update("secret");
    const ct = Buffer.concat([first, g.final()]);
    const tag = g.getAuthTag();
    const d = crypto.createDecipheriv("aes-256-gcm", key, nonce);
    d.setAAD(Buffer.from("aad"));
    d.setAuthTag(tag);
    const pt = d.update(ct, undefined, "utf8") + d.final("utf8");
    return [first.length, ct.toString("hex"), tag.toString("hex"), pt];
  });
  t("gcmBadTag", () => {
    const nonce = Buffer.alloc(12, 3);
    const d = crypto.createDecipheriv("aes-256-gcm", key, nonce);
    d.setAuthTag(Buffer.alloc(16));
    d.update(Buffer.from("8b0477e89af0", "hex"));
    d.final();
  });
  t("getAuthTagEarly", () => crypto.createCipheriv("aes-128-gcm", Buffer.alloc(16), Buffer.alloc(12)).getAuthTag());
  t("updateAfterFinal", () => {
    const c = crypto.createCipheriv("aes-128-ctr", Buffer.alloc(16), Buffer.alloc(16));
    c.final();
    c.update("x");
  });
  try {
    const c = crypto.createCipheriv("aes-128-ctr", Buffer.alloc(16), Buffer.alloc(16));
    const chunks = [];
    c.on("data", (d) => chunks.push(d));
    await new Promise((res) => {
      c.on("end", res);
      c.write("stream ");
      c.end("mode");
    });
    out.cipherStream = Buffer.concat(chunks).toString("hex");
  } catch (e) {
    out.cipherStream = String(e);
  }
  try {
    const h = crypto.createHash("sha256");
    await pipeline(Readable.from(["ab", "c"]), h);
    const h2 = crypto.createHmac("sha256", "k");
    h2.setEncoding("hex");
    let streamed = "";
    h2.on("data", (d) => (streamed += d));
    h2.write("ab");
    h2.end("c");
    await new Promise((r) => h2.on("end", r));
    out.hashStream = [h.digest("hex"), streamed, h instanceof Transform, crypto.createHash("md5") instanceof Readable,
      crypto.createHash("sha1").update("x").digest("hex")];
  } catch (e) {
    out.hashStream = String(e);
  }
  out.shape = [
    crypto.getCiphers().includes("aes-256-gcm"),
    typeof crypto.Cipheriv,
    crypto.createCipheriv("aes-128-ctr", Buffer.alloc(16), Buffer.alloc(16)) instanceof crypto.Cipheriv,
  ];
  return out;
}
