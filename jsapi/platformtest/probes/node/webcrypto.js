// crypto.subtle beyond digest: HMAC, AES-GCM/CBC/CTR, PBKDF2, HKDF,
// Ed25519, ECDSA, RSASSA-PKCS1-v1_5 and RSA-PSS with known keys (results
// compared byte for byte where deterministic, by verification otherwise).
const subtle = globalThis.crypto.subtle;
const enc = new TextEncoder();
const hex = (ab) => Buffer.from(ab).toString("hex");

export default async function () {
  const out = {};
  const t = async (k, fn) => {
    try {
      out[k] = await fn();
    } catch (e) {
      out[k] = "threw " + e.name;
    }
  };
  const data = enc.encode("web crypto data");

  await t("hmac", async () => {
    const key = await subtle.importKey("raw", enc.encode("secret"), { name: "HMAC", hash: "SHA-256" }, true, ["sign", "verify"]);
    const sig = await subtle.sign("HMAC", key, data);
    const jwk = await subtle.exportKey("jwk", key);
    return [hex(sig), await subtle.verify("HMAC", key, sig, data), await subtle.verify("HMAC", key, new Uint8Array(32), data),
      key.algorithm, key.type, key.extractable, key.usages, jwk, key instanceof CryptoKey];
  });
  await t("hmacGenerate", async () => {
    const key = await subtle.generateKey({ name: "HMAC", hash: "SHA-512" }, true, ["sign"]);
    return [key.algorithm, (await subtle.exportKey("raw", key)).byteLength];
  });
  await t("aesGcm", async () => {
    const key = await subtle.importKey("raw", new Uint8Array(32).fill(7), "AES-GCM", true, ["encrypt", "decrypt"]);
    const iv = new Uint8Array(12).fill(1);
    const ct = await subtle.encrypt({ name: "AES-GCM", iv, additionalData: enc.encode("aad") }, key, data);
    const pt = await subtle.decrypt({ name: "AES-GCM", iv, additionalData: enc.encode("aad") }, key, ct);
    let tampered;
    try {
      const bad = new Uint8Array(ct);
      bad[0] ^= 1;
      await subtle.decrypt({ name: "AES-GCM", iv, additionalData: enc.encode("aad") }, key, bad);
      tampered = "decrypted";
    } catch (e) {
      tampered = e.name;
    }
    return [hex(ct), Buffer.from(pt).toString(), tampered, key.algorithm, await subtle.exportKey("jwk", key)];
  });
  await t("aesCbcCtr", async () => {
    const raw = new Uint8Array(16).fill(3);
    const cbc = await subtle.importKey("raw", raw, { name: "AES-CBC" }, false, ["encrypt", "decrypt"]);
    const ctr = await subtle.importKey("raw", raw, { name: "AES-CTR" }, false, ["encrypt"]);
    const iv = new Uint8Array(16).fill(9);
    const c1 = await subtle.encrypt({ name: "AES-CBC", iv }, cbc, data);
    const c2 = await subtle.encrypt({ name: "AES-CTR", counter: iv, length: 64 }, ctr, data);
    return [hex(c1), Buffer.from(await subtle.decrypt({ name: "AES-CBC", iv }, cbc, c1)).toString(), hex(c2)];
  });
  await t("pbkdf2", async () => {
    const base = await subtle.importKey("raw", enc.encode("password"), "PBKDF2", false, ["deriveBits", "deriveKey"]);
    const bits = await subtle.deriveBits({ name: "PBKDF2", salt: enc.encode("salt"), iterations: 1000, hash: "SHA-256" }, base, 256);
    const aes = await subtle.deriveKey({ name: "PBKDF2", salt: enc.encode("salt"), iterations: 1000, hash: "SHA-256" }, base,
      { name: "AES-GCM", length: 128 }, true, ["encrypt"]);
    return [hex(bits), hex(await subtle.exportKey("raw", aes)), aes.algorithm];
  });
  await t("hkdf", async () => {
    const base = await subtle.importKey("raw", enc.encode("ikm"), "HKDF", false, ["deriveBits"]);
    return hex(await subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: enc.encode("s"), info: enc.encode("i") }, base, 128));
  });
  await t("ed25519", async () => {
    const pkcs8 = Buffer.from("302e020100300506032b657004220420" + "11".repeat(32), "hex");
    const priv = await subtle.importKey("pkcs8", pkcs8, "Ed25519", true, ["sign"]);
    const sig = await subtle.sign("Ed25519", priv, data);
    const jwk = await subtle.exportKey("jwk", priv);
    const pub = await subtle.importKey("raw", Buffer.from(jwk.x, "base64url"), "Ed25519", true, ["verify"]);
    return [hex(sig), await subtle.verify("Ed25519", pub, sig, data), pub.algorithm, hex(await subtle.exportKey("spki", pub)), jwk.kty];
  });
  await t("ecdsa", async () => {
    const pair = await subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
    const sig = await subtle.sign({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, data);
    const spki = await subtle.exportKey("spki", pair.publicKey);
    const pub = await subtle.importKey("spki", spki, { name: "ECDSA", namedCurve: "P-256" }, true, ["verify"]);
    return [sig.byteLength, await subtle.verify({ name: "ECDSA", hash: "SHA-256" }, pub, sig, data), pair.publicKey.algorithm,
      pair.privateKey.usages, pair.publicKey.usages, Object.keys(await subtle.exportKey("jwk", pair.privateKey)).sort()];
  });
  await t("rsa", async () => {
    const pair = await subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
      true, ["sign", "verify"]);
    const sig = await subtle.sign("RSASSA-PKCS1-v1_5", pair.privateKey, data);
    const pss = await subtle.importKey("pkcs8", await subtle.exportKey("pkcs8", pair.privateKey), { name: "RSA-PSS", hash: "SHA-256" }, false, ["sign"]);
    const pssPub = await subtle.importKey("jwk", await subtle.exportKey("jwk", pair.publicKey), { name: "RSA-PSS", hash: "SHA-256" }, false, ["verify"]);
    const psig = await subtle.sign({ name: "RSA-PSS", saltLength: 32 }, pss, data);
    return [sig.byteLength, await subtle.verify("RSASSA-PKCS1-v1_5", pair.publicKey, sig, data),
      await subtle.verify({ name: "RSA-PSS", saltLength: 32 }, pssPub, psig, data), pair.publicKey.algorithm.modulusLength,
      [...pair.publicKey.algorithm.publicExponent], pair.publicKey.algorithm.hash];
  });
  await t("rsaPss", async () => {
    const pair = await subtle.generateKey({ name: "RSA-PSS", modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-384" },
      true, ["sign", "verify"]);
    const sig = await subtle.sign({ name: "RSA-PSS", saltLength: 20 }, pair.privateKey, data);
    const pub = await subtle.importKey("spki", await subtle.exportKey("spki", pair.publicKey), { name: "RSA-PSS", hash: "SHA-384" }, false, ["verify"]);
    const jwk = await subtle.exportKey("jwk", pair.publicKey);
    const fromJwk = await subtle.importKey("jwk", jwk, { name: "RSA-PSS", hash: "SHA-384" }, true, ["verify"]);
    return [sig.byteLength, await subtle.verify({ name: "RSA-PSS", saltLength: 20 }, pub, sig, data),
      await subtle.verify({ name: "RSA-PSS", saltLength: 20 }, fromJwk, sig, data), jwk.alg, pub.algorithm.hash];
  });
  await t("wrongUsage", async () => {
    const key = await subtle.importKey("raw", enc.encode("k"), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    return subtle.sign("HMAC", key, data);
  });
  await t("notExtractable", async () => {
    const key = await subtle.importKey("raw", enc.encode("k"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return subtle.exportKey("raw", key);
  });
  await t("unknownAlg", () => subtle.generateKey({ name: "NOPE" }, true, ["sign"]));
  return out;
}
