// node:crypto asymmetric keys: generation, parsing and export (PEM, DER,
// JWK), KeyObject, sign/verify (Ed25519, RSA PKCS#1 v1.5 and PSS, ECDSA)
// and createSign/createVerify, with fixed keys made by Node 22.
import crypto from "node:crypto";
import { promisify } from "node:util";

const ED_PRIV = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIBsO0gDoBnbK72CaVknGFAGbYRe+kp9hP6VypchR6u/N\n-----END PRIVATE KEY-----\n";
const RSA_PRIV = "-----BEGIN RSA PRIVATE KEY-----\nMIICXQIBAAKBgQC8jrFg/CXk9U1eHsX7Ugb3DgZ4neFkyWAge9rlEkJDGAjoMsfU\nw0XbpsGJjwMjG5MTypiZ95mRr2XKVoJIHGroI85NrUNRyvpl+1I6/m8XIyWfDx2Q\nmHh91Rg5Wxgo2xST1wWxfr5mfQFDusORaMeWBlCc4kkJDZz5WAvJyEarDwIDAQAB\nAoGAYXlGewN+N3ET0L8Jy9TootiOQdYkCW0Mk15Tly2sMXEAUcDGitdziowW6pyS\nm5iKnKWT46waqDRK46F68fo2zO1l4KJXHMI6lIA3h7caWBYUXEvLuWxkF8tVsZwO\nXaGXef4+Bw6rx1/NoXtfFd+LzfudPFXJhf/vpkTReWx9d/ECQQDb+Z33BYkjdKDl\nnfwAnHUoPjWtgED0kU2y7lcz1hVbY7NK/6SQ3GN10xCiKuBVC6r1yXZtrFu3rFiq\n3dIzW4gZAkEA22/mcMc1pNhVAt+gl2tYHTDqoXUh8Fim7jAKzuMn/9Zjx4eEl9cp\nH14/exicSt/1McQ2jN5rJYWVYFOK89tRZwJBAKfxTIPSqx/xpAGKe2IwEVY3IJ4l\nA/J0mQCZ7OO7d7S9Sp5gzNB4IktLaDCXUYw8izp5pDwZUjDJmSxijF//askCQQC3\nTkC30RF0xOou3lQuaRNQPz6g5VIWjlfT/PnqXUNaqeLsGL6ggLHvbDGnSKW2vmL6\n0aeoAVyMGYzwzJj0oC7dAkAE9T6M/xAs5UYbJOniR+A2+KjONj2UezMjpTy84dD6\nvTJ88fEeHq+f/HKoLDyxy7ppyMtwYbcqM69kwoPrSOXp\n-----END RSA PRIVATE KEY-----\n";
const EC_PRIV = "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIHlpf2uq5plUtt4EAz3zKWfJCwfchQFs0JyVGC8hk3vpoAoGCCqGSM49\nAwEHoUQDQgAEA23eCOTQrZvTBhIM0r1QMYTEKgTVWyyAknRsu63CSPTYM+Rz1HpO\nc6bVbmplcLKvJ6GW0VFwnA77AnHarMT34Q==\n-----END EC PRIVATE KEY-----\n";

export default async function () {
  const out = {};
  const t = async (k, fn) => {
    try {
      out[k] = await fn();
    } catch (e) {
      out[k] = "threw " + [e.name, e.code, e.message].join(" ");
    }
  };
  const msg = Buffer.from("message to sign");

  // First: Node 22 (OpenSSL 3) can report a stale error from an earlier
  // failed operation in a JWK import, so this runs before any failure.
  await t("jwkImport", () => {
    const out = [];
    for (const pem of [ED_PRIV, RSA_PRIV, EC_PRIV]) {
      const priv = crypto.createPrivateKey(pem);
      const jwk = priv.export({ format: "jwk" });
      const back = crypto.createPrivateKey({ key: jwk, format: "jwk" });
      const pub = crypto.createPublicKey({ key: crypto.createPublicKey(priv).export({ format: "jwk" }), format: "jwk" });
      const alg = priv.asymmetricKeyType === "ed25519" ? null : "sha256";
      const sig = crypto.sign(alg, msg, back);
      out.push([back.type, back.asymmetricKeyType, pub.type, back.equals(priv), crypto.verify(alg, msg, pub, sig)]);
    }
    return out;
  });
  await t("jwkBad", () => crypto.createPublicKey({ key: { kty: "EC", crv: "P-256", x: "AA", y: "AA" }, format: "jwk" }));
  await t("ed25519", () => {
    const priv = crypto.createPrivateKey(ED_PRIV);
    const pub = crypto.createPublicKey(priv);
    const sig = crypto.sign(null, msg, priv);
    return [priv.type, priv.asymmetricKeyType, pub.type, sig.toString("base64"), crypto.verify(null, msg, pub, sig),
      crypto.verify(null, Buffer.from("other"), pub, sig), priv.export({ type: "pkcs8", format: "pem" }) === ED_PRIV,
      pub.export({ format: "jwk" }), Object.keys(priv.asymmetricKeyDetails).length];
  });
  await t("rsa", () => {
    const priv = crypto.createPrivateKey({ key: RSA_PRIV, format: "pem" });
    const pub = crypto.createPublicKey(RSA_PRIV);
    const sig = crypto.sign("sha256", msg, priv);
    const signer = crypto.createSign("RSA-SHA256");
    signer.update("message ");
    signer.update("to sign");
    const sig2 = signer.sign(RSA_PRIV, "base64");
    const verifier = crypto.createVerify("sha256").update(msg);
    return [sig.toString("base64") === sig2, sig.toString("hex").slice(0, 32), crypto.verify("sha256", msg, pub, sig), verifier.verify(pub, sig2, "base64"),
      priv.asymmetricKeyDetails.modulusLength, typeof priv.asymmetricKeyDetails.publicExponent, String(priv.asymmetricKeyDetails.publicExponent),
      priv.export({ type: "pkcs1", format: "pem" }) === RSA_PRIV,
      pub.export({ type: "pkcs1", format: "pem" }).split("\n")[0], pub.export({ type: "spki", format: "der" }).length,
      Object.keys(priv.export({ format: "jwk" })).sort()];
  });
  await t("rsaPss", () => {
    const sig = crypto.sign("sha256", msg, { key: RSA_PRIV, padding: crypto.constants?.RSA_PKCS1_PSS_PADDING ?? 6, saltLength: 32 });
    return [sig.length, crypto.verify("sha256", msg, { key: crypto.createPublicKey(RSA_PRIV), padding: 6, saltLength: 32 }, sig)];
  });
  await t("ecdsa", () => {
    const priv = crypto.createPrivateKey(EC_PRIV);
    const pub = crypto.createPublicKey(priv);
    const der = crypto.sign("sha256", msg, priv);
    const p1363 = crypto.sign("sha256", msg, { key: priv, dsaEncoding: "ieee-p1363" });
    return [priv.asymmetricKeyDetails, crypto.verify("sha256", msg, pub, der), p1363.length,
      crypto.verify("sha256", msg, { key: pub, dsaEncoding: "ieee-p1363" }, p1363), priv.export({ type: "sec1", format: "pem" }) === EC_PRIV,
      Object.keys(pub.export({ format: "jwk" })).sort()];
  });
  await t("generate", () => {
    const ed = crypto.generateKeyPairSync("ed25519");
    const ec = crypto.generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const pem = crypto.generateKeyPairSync("ed25519", {
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    const s = crypto.sign(null, msg, pem.privateKey);
    return [ed.publicKey.type, ed.privateKey.type, ed.publicKey instanceof crypto.KeyObject, ec.privateKey.asymmetricKeyType,
      typeof pem.publicKey, pem.publicKey.split("\n")[0], crypto.verify(null, msg, pem.publicKey, s),
      ed.publicKey.equals(crypto.createPublicKey(ed.privateKey)), ed.publicKey.equals(ec.publicKey)];
  });
  await t("generateAsync", async () => {
    const [pub, priv] = await new Promise((res, rej) =>
      crypto.generateKeyPair("rsa", { modulusLength: 1024 }, (e, a, b) => (e ? rej(e) : res([a, b]))),
    );
    const viaPromisify = await promisify(crypto.generateKeyPair)("ed25519", {});
    return [pub.type, priv.asymmetricKeyDetails.modulusLength, Object.keys(viaPromisify).sort()];
  });
  await t("secret", () => {
    const k = crypto.createSecretKey(Buffer.from("sekrit"));
    return [k.type, k.symmetricKeySize, k.export().toString(), k.asymmetricKeyType === undefined,
      crypto.createHmac("sha256", k).update("x").digest("hex").slice(0, 16), k.export({ format: "jwk" })];
  });
  // OpenSSL words this error after its queue of earlier errors, so only
  // the class is compared.
  try {
    crypto.createPrivateKey("garbage");
    out.badPem = "no throw";
  } catch (e) {
    out.badPem = e.name;
  }
  await t("signWithPublic", () => crypto.sign("sha256", msg, crypto.createPublicKey(ED_PRIV)));
  await t("exportNoOptions", () => crypto.createPublicKey(ED_PRIV).export());
  await t("badDigest", () => crypto.createSign("nope"));
  await t("ctor", () => new crypto.KeyObject("secret", {}));
  return out;
}
