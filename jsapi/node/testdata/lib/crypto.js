const crypto = require('crypto');
// Vectors from node 20: createHash(alg).update('The quick brown fox').update(Buffer.from([0, 1, 255])).digest('hex')
// and createHmac(alg, 'key').update('data').digest('base64').
const want = {
  md5: '9a6855011b1068e006b9b23a0c4a027b',
  'md5-hmac': 'nVxz74VZTTTsRDi3yX5R2A==',
  sha1: '452afbbbea36793b92d02fc838e4ec113519d64a',
  'sha1-hmac': 'EEFSxb/coHvGM+69RhmfAlXJ9J0=',
  sha256: '0bd27a90ec0f86e7d56f095898e388ab6172c897db9bd8084f2bf8216ca9f52e',
  'sha256-hmac': 'UDH+PZicbRU3oBP6bnOdojRj/a7DtwE32Cjjas4iG9A=',
  sha384: 'e9cf4c4b8ea6b1593831cc4ef34b8925b681be722820f7a2870777ecd859c2e5904a969c2d39a69eb716c364d2068804',
  'sha384-hmac': 'xfl62f0QIMF019wCz4PEwb8V7iDsVVtpCtWOYtqKAO5EzNtly4yArP0Sfr7laJWK',
  sha512: '6274150c64b66271ed8c530f07b75dabf34b19a0e0f89f2c55bf7370f346564c7659556a614bff08305506ab43ab4ab0bb11dcf5c316f7019c42fe276fdc7fb7',
  'sha512-hmac': 'PFlToY9zA+xlO6FwrjNPr6COOEby7+MXuH786CN2JTy1Kowx3c3lo6Lu4YPCs0y5H4XmTdvDJfdpKxmUc1ecWA==',
};
for (const alg of ['md5', 'sha1', 'sha256', 'sha384', 'sha512']) {
  eq(crypto.createHash(alg).update('The quick brown fox').update(Buffer.from([0, 1, 255])).digest('hex'), want[alg], alg);
  eq(crypto.createHmac(alg, 'key').update('data').digest('base64'), want[`${alg}-hmac`], `${alg} hmac`);
  eq(crypto.createHmac(alg, Buffer.from('key')).update(new TextEncoder().encode('data')).digest('base64'), want[`${alg}-hmac`], `${alg} hmac bytes`);
}
eq(crypto.createHash('sha256').update('abc').digest('base64url'), 'ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0', 'base64url digest');
eq(crypto.createHash('SHA1').update('é', 'latin1').digest('hex'), '1599e9fa41ec68c80230491902786bee889f5bcb', 'latin1 input');
eq(crypto.createHash('md5').update('00ff', 'hex').digest('hex'), 'd07d34efac6328007ad67c7e0a985e00', 'hex input');
const digest = crypto.createHash('sha256').update('abc').digest();
check(Buffer.isBuffer(digest) && digest.length === 32, 'digest() is a Buffer');
eq(crypto.createHash('sha256').update('abc').digest('latin1').length, 32, 'latin1 digest');
const h = crypto.createHash('sha256').update('a');
const copy = h.copy();
h.update('bc');
eq(copy.update('bc').digest('hex'), h.digest('hex'), 'copy');
throwsWith(() => h.digest(), (e) => e.code === 'ERR_CRYPTO_HASH_FINALIZED' && e.message === 'Digest already called', 'digest twice');
throwsWith(() => h.update('x'), (e) => e.code === 'ERR_CRYPTO_HASH_FINALIZED', 'update after digest');
throwsWith(() => crypto.createHash('nope'), (e) => e.message === 'Digest method not supported', 'unknown hash');
throwsWith(() => crypto.createHash('sha256').update(5), (e) => e.code === 'ERR_INVALID_ARG_TYPE', 'update number');
check(crypto.getHashes().includes('sha256'), 'getHashes');

// Randomness.
const uuid = crypto.randomUUID();
check(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(uuid), `randomUUID format: ${uuid}`);
check(crypto.randomUUID() !== uuid, 'randomUUID differs');
const rb = crypto.randomBytes(32);
check(Buffer.isBuffer(rb) && rb.length === 32 && rb.some((b) => b !== 0), 'randomBytes');
const viaCb = await new Promise((resolve, reject) => crypto.randomBytes(8, (err, b) => (err ? reject(err) : resolve(b))));
eq(viaCb.length, 8, 'randomBytes callback');
for (let i = 0; i < 200; i++) {
  const r = crypto.randomInt(3, 7);
  check(Number.isInteger(r) && r >= 3 && r < 7, `randomInt range ${r}`);
}
check(crypto.randomInt(1) === 0, 'randomInt(max)');
throwsWith(() => crypto.randomInt(0, 2 ** 49), (e) => e.code === 'ERR_OUT_OF_RANGE', 'randomInt range limit');
const u32 = crypto.getRandomValues(new Uint32Array(4));
check(u32 instanceof Uint32Array && u32.some((v) => v !== 0), 'getRandomValues');
throwsWith(() => crypto.getRandomValues(new Float32Array(2)), (e) => e.name === 'TypeMismatchError', 'getRandomValues float');
throwsWith(() => crypto.getRandomValues(new Uint8Array(65537)), (e) => e.name === 'QuotaExceededError', 'getRandomValues quota');
const filled = crypto.randomFillSync(new Uint8Array(16), 8);
check(filled.subarray(0, 8).every((b) => b === 0), 'randomFillSync offset');

// timingSafeEqual.
check(crypto.timingSafeEqual(Buffer.from('abc'), Buffer.from('abc')) && !crypto.timingSafeEqual(Buffer.from('abc'), Buffer.from('abd')), 'timingSafeEqual');
throwsWith(() => crypto.timingSafeEqual(Buffer.from('a'), Buffer.from('ab')), (e) => e.code === 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH', 'timingSafeEqual length');

// Web Crypto, as pi's OAuth PKCE code uses it.
check(globalThis.crypto === crypto.webcrypto && crypto.webcrypto.subtle === crypto.subtle, 'crypto global is webcrypto');
eq(Object.prototype.toString.call(globalThis.crypto), '[object Crypto]', 'Crypto tag');
const verifierBytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
const verifier = btoa(String.fromCharCode(...verifierBytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const hashed = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
check(hashed instanceof ArrayBuffer && hashed.byteLength === 32, 'subtle.digest ArrayBuffer');
eq(Buffer.from(hashed).toString('hex'), crypto.createHash('sha256').update(verifier).digest('hex'), 'subtle.digest matches createHash');
eq(Buffer.from(await crypto.subtle.digest({ name: 'sha-1' }, new Uint8Array([97, 98, 99]).buffer)).toString('hex'),
  'a9993e364706816aba3e25717850c26c9cd0d89d', 'subtle.digest SHA-1 ArrayBuffer');
await rejectsWith(crypto.subtle.digest('SHA-999', new Uint8Array(1)), (e) => e.name === 'NotSupportedError', 'subtle unknown alg');
await rejectsWith(crypto.subtle.digest('SHA-256', 'abc'), (e) => e instanceof TypeError, 'subtle bad data');
check(/^[0-9a-f-]{36}$/.test(globalThis.crypto.randomUUID()), 'webcrypto randomUUID');
