// node:crypto: hashes, HMACs, randomness, key derivation (pbkdf2, scrypt,
// hkdf), AES ciphers, and RSA / EC / Ed25519 keys with sign and verify (Go
// does the work), and the Web Crypto object that is also the crypto global.
(function (module, exports, require, lib) {
  'use strict';

  const { codeError, invalidArgType, outOfRange, validateFunction } = lib.errors;
  const { Buffer } = require('buffer');

  // toBytes returns the bytes of hash/HMAC input data: a string in
  // encoding (utf8 by default) or any ArrayBufferView.
  function toBytes(data, encoding, name) {
    if (typeof data === 'string') return Buffer.from(data, encoding ?? 'utf8');
    if (ArrayBuffer.isView(data)) return data;
    throw invalidArgType(name, 'of type string or an instance of Buffer, TypedArray, or DataView', data);
  }

  function keyBytes(key) {
    if (typeof key === 'string') return Buffer.from(key, 'utf8');
    if (ArrayBuffer.isView(key) || key instanceof ArrayBuffer) return key;
    if (key !== null && typeof key === 'object' && key.type === 'secret' && typeof key.export === 'function') return key.export();
    throw invalidArgType('key', 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, DataView, KeyObject, or CryptoKey', key);
  }

  function output(ab, encoding) {
    const buf = Buffer.from(ab);
    return encoding === undefined || encoding === 'buffer' ? buf : buf.toString(encoding);
  }

  const kHandle = Symbol('kHandle');
  const kFinalized = Symbol('kFinalized');

  function finalized() {
    return codeError(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
  }

  class Hash {
    constructor(algorithm, options) {
      if (typeof algorithm !== 'string' && !(algorithm instanceof Hash)) {
        throw invalidArgType('algorithm', 'of type string', algorithm);
      }
      this[kHandle] = algorithm instanceof Hash ? lib.hashCopy(algorithm[kHandle]) : lib.hashNew(algorithm, undefined);
      this[kFinalized] = false;
      this._streamOptions = options;
    }

    update(data, encoding) {
      if (this[kFinalized]) throw finalized();
      lib.hashUpdate(this[kHandle], toBytes(data, encoding, 'data'));
      return this;
    }

    digest(encoding) {
      if (this[kFinalized]) throw finalized();
      this[kFinalized] = true;
      return output(lib.hashDigest(this[kHandle]), encoding);
    }

    copy(options) {
      if (this[kFinalized]) throw finalized();
      return new Hash(this, options);
    }
  }

  class Hmac {
    constructor(hmac, key, options) {
      if (typeof hmac !== 'string') throw invalidArgType('hmac', 'of type string', hmac);
      this[kHandle] = lib.hashNew(hmac, keyBytes(key));
      this[kFinalized] = false;
      this._streamOptions = options;
    }

    update(data, encoding) {
      if (this[kFinalized]) throw finalized();
      lib.hashUpdate(this[kHandle], toBytes(data, encoding, 'data'));
      return this;
    }

    // digest after digest returns an empty result, as in Node.
    digest(encoding) {
      if (this[kFinalized]) return output(new ArrayBuffer(0), encoding);
      this[kFinalized] = true;
      return output(lib.hashDigest(this[kHandle]), encoding);
    }
  }

  // Hash and Hmac are Transform streams in Node (write data in, read the
  // digest out), made lazily so that crypto users who never stream do not
  // load node:stream: the first stream method used turns the instance into
  // a Transform. The digest pushed at the end leaves digest() usable, as
  // in Node.
  const kStream = Symbol('kStream');
  const streamMethods = ['write', 'end', 'pipe', 'unpipe', 'on', 'once', 'addListener', 'prependListener',
    'prependOnceListener', 'removeListener', 'off', 'removeAllListeners', 'emit', 'listenerCount', 'listeners',
    'rawListeners', 'eventNames', 'read', 'setEncoding', 'pause', 'resume', 'isPaused', 'destroy', 'cork', 'uncork',
    'setDefaultEncoding', 'wrap', 'unshift'];
  function lazyTransform(Class) {
    const stubs = {};
    const init = (self) => {
      if (self[kStream]) return;
      const { Transform } = require('stream');
      if (Object.getPrototypeOf(Class.prototype) !== Transform.prototype) {
        Object.setPrototypeOf(Class.prototype, Transform.prototype);
        Object.setPrototypeOf(Class, Transform);
      }
      self[kStream] = true;
      Transform.call(self, self._streamOptions);
    };
    for (const name of streamMethods) {
      stubs[name] = function (...args) {
        init(this);
        return require('stream').Transform.prototype[name].apply(this, args);
      };
    }
    for (const [name, fn] of Object.entries(stubs)) {
      Object.defineProperty(Class.prototype, name, { value: fn, writable: true, configurable: true });
    }
    Object.defineProperty(Class.prototype, Symbol.asyncIterator ?? Symbol.for('Symbol.asyncIterator'), {
      configurable: true,
      writable: true,
      value() {
        init(this);
        return require('stream').Readable.prototype[Symbol.asyncIterator ?? Symbol.for('Symbol.asyncIterator')].call(this);
      },
    });
    for (const name of ['_readableState', '_writableState']) {
      // pipeline and finished look for these; reading one starts the stream.
      Object.defineProperty(Class.prototype, name, {
        configurable: true,
        get() {
          init(this);
          return Object.prototype.hasOwnProperty.call(this, name) ? this[name] : undefined;
        },
        set(v) {
          Object.defineProperty(this, name, { value: v, writable: true, configurable: true });
        },
      });
    }
    Object.defineProperty(Class.prototype, Symbol.for('pigo.stream'), { value: 'transform', configurable: true });
    Class.prototype._transform = function (chunk, encoding, cb) {
      try {
        this.update(chunk, encoding);
      } catch (e) {
        cb(e);
        return;
      }
      cb();
    };
    Class.prototype._flush = function (cb) {
      this.push(Buffer.from(lib.hashDigest(this[kHandle])));
      cb();
    };
  }
  lazyTransform(Hash);
  lazyTransform(Hmac);

  function createHash(algorithm, options) {
    return new Hash(algorithm, options);
  }

  function createHmac(hmac, key, options) {
    return new Hmac(hmac, key, options);
  }

  // hash is Node 21's one-shot crypto.hash(algorithm, data, outputEncoding).
  function hash(algorithm, data, outputEncoding = 'hex') {
    if (typeof data !== 'string' && !ArrayBuffer.isView(data)) {
      throw invalidArgType('data', 'of type string or an instance of Buffer, TypedArray, or DataView', data);
    }
    return createHash(algorithm).update(data).digest(outputEncoding);
  }

  // ---- randomness ----

  function validateSize(size, name = 'size') {
    if (typeof size !== 'number') throw invalidArgType(name, 'of type number', size);
    if (!Number.isInteger(size) || size < 0 || size > 2 ** 31 - 1) throw outOfRange(name, '>= 0 && <= 2147483647', size);
  }

  function defer(fn) {
    if (typeof queueMicrotask === 'function') queueMicrotask(fn);
    else Promise.resolve().then(fn);
  }

  function randomBytes(size, callback) {
    validateSize(size);
    if (callback !== undefined) validateFunction(callback, 'callback');
    const buf = Buffer.alloc(size);
    lib.randomFill(buf);
    if (callback === undefined) return buf;
    defer(() => callback(null, buf));
    return undefined;
  }

  function fillRange(buf, offset, size) {
    if (!ArrayBuffer.isView(buf) && !(buf instanceof ArrayBuffer)) {
      throw invalidArgType('buf', 'an instance of ArrayBuffer or ArrayBufferView', buf);
    }
    const u8 = buf instanceof ArrayBuffer ? new Uint8Array(buf) : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    const elementSize = buf.BYTES_PER_ELEMENT ?? 1;
    offset = offset === undefined ? 0 : offset * elementSize;
    size = size === undefined ? u8.length - offset : size * elementSize;
    if (offset < 0 || offset > u8.length) throw outOfRange('offset', `>= 0 && <= ${u8.length}`, offset);
    if (size < 0 || offset + size > u8.length) throw outOfRange('size + offset', `<= ${u8.length}`, size + offset);
    lib.randomFill(u8.subarray(offset, offset + size));
    return buf;
  }

  function randomFillSync(buf, offset, size) {
    return fillRange(buf, offset, size);
  }

  function randomFill(buf, offset, size, callback) {
    if (typeof offset === 'function') {
      callback = offset;
      offset = undefined;
    } else if (typeof size === 'function') {
      callback = size;
      size = undefined;
    }
    validateFunction(callback, 'callback');
    fillRange(buf, offset, size);
    defer(() => callback(null, buf));
  }

  // randomInt returns a uniform integer in [min, max).
  function randomInt(min, max, callback) {
    if (typeof max === 'function' || max === undefined) {
      callback = max;
      max = min;
      min = 0;
    }
    if (callback !== undefined) validateFunction(callback, 'callback');
    if (!Number.isSafeInteger(min)) throw invalidArgType('min', 'a safe integer', min);
    if (!Number.isSafeInteger(max)) throw invalidArgType('max', 'a safe integer', max);
    if (max <= min) {
      throw outOfRange('max', `greater than the value of "min" (${min})`, max);
    }
    const range = max - min;
    if (range > 2 ** 48 - 1) throw outOfRange('max - min', '<= 281474976710655', range);
    // Rejection sampling over 48 random bits.
    const limit = 2 ** 48 - (2 ** 48 % range);
    const bytes = new Uint8Array(6);
    let n;
    do {
      lib.randomFill(bytes);
      n = bytes.reduce((acc, b) => acc * 256 + b, 0);
    } while (n >= limit);
    const result = min + (n % range);
    if (callback === undefined) return result;
    defer(() => callback(null, result));
    return undefined;
  }

  function randomUUID(options) {
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw invalidArgType('options', 'of type object', options);
    }
    return lib.randomUUID();
  }

  function domException(message, name) {
    if (typeof DOMException === 'function') return new DOMException(message, name);
    const err = new Error(message);
    err.name = name;
    return err;
  }

  const integerArrays = new Set(['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
    'Uint32Array', 'BigInt64Array', 'BigUint64Array']);
  const typedArrayTag = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array).prototype, Symbol.toStringTag).get;

  function getRandomValues(data) {
    if (!integerArrays.has(typedArrayTag.call(data))) {
      throw domException('The data argument must be an integer-type TypedArray', 'TypeMismatchError');
    }
    if (data.byteLength > 65536) throw domException('The requested length exceeds 65,536 bytes', 'QuotaExceededError');
    lib.randomFill(data);
    return data;
  }

  function timingSafeEqual(buf1, buf2) {
    if (!ArrayBuffer.isView(buf1) && !(buf1 instanceof ArrayBuffer)) {
      throw invalidArgType('buf1', 'an instance of ArrayBuffer, Buffer, TypedArray, or DataView', buf1);
    }
    if (!ArrayBuffer.isView(buf2) && !(buf2 instanceof ArrayBuffer)) {
      throw invalidArgType('buf2', 'an instance of ArrayBuffer, Buffer, TypedArray, or DataView', buf2);
    }
    if (buf1.byteLength !== buf2.byteLength) {
      throw codeError(RangeError, 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH', 'Input buffers must have the same byte length');
    }
    return lib.timingSafeEqual(buf1, buf2);
  }

  // ---- Web Crypto ----

  function illegalConstructor() {
    throw new TypeError('Illegal constructor');
  }

  class SubtleCrypto {
    constructor() {
      illegalConstructor();
    }

    async digest(algorithm, data) {
      const name = typeof algorithm === 'string' ? algorithm : algorithm?.name;
      if (typeof name !== 'string') throw domException('Unrecognized algorithm name', 'NotSupportedError');
      if (!ArrayBuffer.isView(data) && !(data instanceof ArrayBuffer)) {
        throw codeError(TypeError, 'ERR_INVALID_ARG_TYPE',
          "Failed to execute 'digest' on 'SubtleCrypto': 2nd argument is not instance of ArrayBuffer, Buffer, TypedArray, or DataView.");
      }
      // Digest a copy, as Web Crypto does, so later writes cannot race.
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data.slice(0)) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
      const out = lib.digest(name, bytes);
      if (out === null) throw domException('Unrecognized algorithm name', 'NotSupportedError');
      return out;
    }
  }
  Object.defineProperty(SubtleCrypto.prototype, Symbol.toStringTag, { value: 'SubtleCrypto', configurable: true });

  class Crypto {
    constructor() {
      illegalConstructor();
    }

    get subtle() {
      return subtle;
    }

    getRandomValues(data) {
      return getRandomValues(data);
    }

    randomUUID() {
      return lib.randomUUID();
    }
  }
  Object.defineProperty(Crypto.prototype, Symbol.toStringTag, { value: 'Crypto', configurable: true });

  const subtle = Object.create(SubtleCrypto.prototype);
  const webcrypto = Object.create(Crypto.prototype);

  // ---- key derivation ----

  function kdfBytes(v, name) {
    if (typeof v === 'string') return Buffer.from(v, 'utf8');
    if (v instanceof ArrayBuffer) return new Uint8Array(v);
    if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    if (v !== null && typeof v === 'object' && v.type === 'secret' && typeof v.export === 'function') return v.export();
    throw invalidArgType(name, 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', v);
  }

  function checkInt(v, name, min, max) {
    if (typeof v !== 'number') throw invalidArgType(name, 'of type number', v);
    if (!Number.isInteger(v)) throw outOfRange(name, 'an integer', v);
    if (v < min || v > max) throw outOfRange(name, `>= ${min} && <= ${max}`, v);
    return v;
  }

  function checkDigest(digest) {
    if (typeof digest !== 'string') throw invalidArgType('digest', 'of type string', digest);
    if (!lib.hashes.includes(digest.toLowerCase()) && !lib.hashes.includes(digest.toLowerCase().replace(/^rsa-/, ''))) {
      throw codeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${digest}`);
    }
    return digest;
  }

  function pbkdf2Params(password, salt, iterations, keylen, digest) {
    return {
      password: kdfBytes(password, 'password'),
      salt: kdfBytes(salt, 'salt'),
      iterations: checkInt(iterations, 'iterations', 1, 2147483647),
      keylen: checkInt(keylen, 'keylen', 0, 2147483647),
      digest: checkDigest(digest),
    };
  }

  function pbkdf2Sync(password, salt, iterations, keylen, digest) {
    return Buffer.from(lib.deriveSync('pbkdf2', pbkdf2Params(password, salt, iterations, keylen, digest)));
  }
  function pbkdf2(password, salt, iterations, keylen, digest, callback) {
    if (typeof digest === 'function') {
      callback = digest;
      digest = undefined;
    }
    const params = pbkdf2Params(password, salt, iterations, keylen, digest);
    validateFunction(callback, 'callback');
    lib.derive('pbkdf2', params, lib.bindContext((err, ab) => (err ? callback(new Error(err)) : callback(null, Buffer.from(ab)))));
  }

  function scryptParams(password, salt, keylen, options) {
    const o = options ?? {};
    const has = (a, b) => o[a] !== undefined && o[b] !== undefined;
    if (has('N', 'cost') || has('r', 'blockSize') || has('p', 'parallelization')) {
      throw codeError(TypeError, 'ERR_INCOMPATIBLE_OPTION_PAIR', 'Option "N" cannot be used in combination with option "cost"');
    }
    const N = o.N ?? o.cost ?? 16384;
    const r = o.r ?? o.blockSize ?? 8;
    const p = o.p ?? o.parallelization ?? 1;
    const maxmem = o.maxmem ?? 32 << 20;
    if (N < 2 || (N & (N - 1)) !== 0 || r < 1 || p < 1) {
      throw codeError(RangeError, 'ERR_CRYPTO_INVALID_SCRYPT_PARAMS', 'Invalid scrypt params');
    }
    if (128 * N * r > maxmem) {
      throw codeError(RangeError, 'ERR_CRYPTO_INVALID_SCRYPT_PARAMS', 'Invalid scrypt params: error:030000AC:digital envelope routines::memory limit exceeded');
    }
    return {
      password: kdfBytes(password, 'password'),
      salt: kdfBytes(salt, 'salt'),
      keylen: checkInt(keylen, 'keylen', 0, 2147483647),
      N, r, p,
    };
  }
  function scryptSync(password, salt, keylen, options) {
    return Buffer.from(lib.deriveSync('scrypt', scryptParams(password, salt, keylen, options)));
  }
  function scrypt(password, salt, keylen, options, callback) {
    if (typeof options === 'function') {
      callback = options;
      options = undefined;
    }
    const params = scryptParams(password, salt, keylen, options);
    validateFunction(callback, 'callback');
    lib.derive('scrypt', params, lib.bindContext((err, ab) => (err ? callback(new Error(err)) : callback(null, Buffer.from(ab)))));
  }

  function hkdfParams(digest, ikm, salt, info, keylen) {
    const params = {
      digest: checkDigest(digest),
      key: kdfBytes(ikm, 'ikm'),
      salt: kdfBytes(salt, 'salt'),
      info: kdfBytes(info, 'info'),
      keylen: checkInt(keylen, 'length', 0, 2147483647),
    };
    if (params.info.byteLength > 1024) throw outOfRange('info', 'must not contain more than 1024 bytes', params.info.byteLength);
    return params;
  }
  function hkdfSync(digest, ikm, salt, info, keylen) {
    return lib.deriveSync('hkdf', hkdfParams(digest, ikm, salt, info, keylen));
  }
  function hkdf(digest, ikm, salt, info, keylen, callback) {
    const params = hkdfParams(digest, ikm, salt, info, keylen);
    validateFunction(callback, 'callback');
    lib.derive('hkdf', params, lib.bindContext((err, ab) => (err ? callback(new Error(err)) : callback(null, ab))));
  }

  // ---- ciphers ----

  const kCipher = Symbol('kCipher');
  const kDecoder = Symbol('kDecoder');
  let cipherClasses;

  function osslError(reason, code) {
    const err = new Error(`error:${code === 'ERR_OSSL_BAD_DECRYPT' ? '1C800064' : '1C80006B'}:Provider routines::${reason}`);
    err.library = 'Provider routines';
    err.reason = reason;
    err.code = code;
    return err;
  }

  // Cipheriv and Decipheriv are Transform streams, built on first use so
  // that requiring crypto does not load stream.
  function getCipherClasses() {
    if (cipherClasses) return cipherClasses;
    const { Transform } = require('stream');
    const { StringDecoder } = require('string_decoder');

    function init(self, decrypt, cipher, key, iv, options) {
      if (typeof cipher !== 'string') throw invalidArgType('cipher', 'of type string', cipher);
      const keyB = kdfBytes(key, 'key');
      if (iv !== null && iv !== undefined) iv = kdfBytes(iv, 'iv');
      const h = lib.cipherNew(cipher, keyB, iv ?? null, decrypt, options?.authTagLength ?? 0);
      if (h === 'cipher') throw codeError(Error, 'ERR_CRYPTO_UNKNOWN_CIPHER', 'Unknown cipher');
      if (h === 'key') throw codeError(RangeError, 'ERR_CRYPTO_INVALID_KEYLEN', 'Invalid key length');
      if (h === 'iv') throw codeError(TypeError, 'ERR_CRYPTO_INVALID_IV', 'Invalid initialization vector');
      self[kCipher] = { h, done: false, decrypt, gcm: /-gcm$/i.test(cipher) };
      Transform.call(self, options);
    }
    function out(self, ab, enc) {
      const buf = Buffer.from(ab);
      if (enc === undefined || enc === null || enc === 'buffer') return buf;
      if (!self[kDecoder] || self[kDecoder].encoding !== enc) self[kDecoder] = new StringDecoder(enc);
      return self[kDecoder].write(buf);
    }
    const proto = {
      update(data, inputEncoding, outputEncoding) {
        const st = this[kCipher];
        if (st.done) throw new Error('Trying to add data in unsupported state');
        if (typeof data === 'string') data = Buffer.from(data, inputEncoding ?? 'utf8');
        else if (!ArrayBuffer.isView(data)) {
          throw invalidArgType('data', 'of type string or an instance of Buffer, TypedArray, or DataView', data);
        }
        return out(this, st.h.update(data), outputEncoding);
      },
      final(outputEncoding) {
        const st = this[kCipher];
        if (st.done) throw codeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state');
        st.done = true;
        const r = st.h.final();
        if (typeof r === 'string') {
          if (r === 'auth') throw new Error('Unsupported state or unable to authenticate data');
          if (r === 'bad decrypt') throw osslError('bad decrypt', 'ERR_OSSL_BAD_DECRYPT');
          throw osslError('wrong final block length', 'ERR_OSSL_WRONG_FINAL_BLOCK_LENGTH');
        }
        const res = out(this, r, outputEncoding);
        if (typeof res === 'string' && this[kDecoder]) return res + this[kDecoder].end();
        return res;
      },
      setAutoPadding(ap = true) {
        this[kCipher].h.setAutoPadding(!!ap);
        return this;
      },
      setAAD(buf) {
        this[kCipher].h.setAAD(kdfBytes(buf, 'buffer'));
        return this;
      },
      _transform(chunk, encoding, cb) {
        try {
          cb(null, this.update(chunk, encoding));
        } catch (e) {
          cb(e);
        }
      },
      _flush(cb) {
        try {
          this.push(this.final());
        } catch (e) {
          cb(e);
          return;
        }
        cb();
      },
    };
    function Cipheriv(cipher, key, iv, options) {
      if (!(this instanceof Cipheriv)) return new Cipheriv(cipher, key, iv, options);
      init(this, false, cipher, key, iv, options);
    }
    Object.setPrototypeOf(Cipheriv.prototype, Transform.prototype);
    Object.setPrototypeOf(Cipheriv, Transform);
    Object.assign(Cipheriv.prototype, proto);
    Cipheriv.prototype.getAuthTag = function () {
      const st = this[kCipher];
      const tag = st.gcm && st.done ? st.h.getAuthTag() : undefined;
      if (tag === undefined) throw codeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation getAuthTag');
      return Buffer.from(tag);
    };
    function Decipheriv(cipher, key, iv, options) {
      if (!(this instanceof Decipheriv)) return new Decipheriv(cipher, key, iv, options);
      init(this, true, cipher, key, iv, options);
    }
    Object.setPrototypeOf(Decipheriv.prototype, Transform.prototype);
    Object.setPrototypeOf(Decipheriv, Transform);
    Object.assign(Decipheriv.prototype, proto);
    Decipheriv.prototype.setAuthTag = function (tag) {
      const st = this[kCipher];
      if (!st.gcm || st.done) throw codeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation setAuthTag');
      st.h.setAuthTag(kdfBytes(tag, 'buffer'));
      return this;
    };
    cipherClasses = { Cipheriv, Decipheriv };
    return cipherClasses;
  }

  function createCipheriv(cipher, key, iv, options) {
    return new (getCipherClasses().Cipheriv)(cipher, key, iv, options);
  }
  function createDecipheriv(cipher, key, iv, options) {
    return new (getCipherClasses().Decipheriv)(cipher, key, iv, options);
  }

  // ---- asymmetric keys, sign and verify ----

  const kKey = Symbol('kKey');
  const kSecret = Symbol('kSecret');
  let constructing = false;

  // KeyObject wraps a Go key handle (crypto_keys.go) or secret bytes.
  class KeyObject {
    constructor(type, handle) {
      if (!constructing) throw invalidArgType('handle', 'of type object', handle);
      this[kKey] = handle;
      this._type = type;
    }

    get type() {
      return this._type;
    }

    get asymmetricKeyType() {
      return this._type === 'secret' ? undefined : this[kKey].asymmetricKeyType;
    }

    get asymmetricKeyDetails() {
      if (this._type === 'secret') return undefined;
      const d = { ...this[kKey].details };
      if (d.publicExponent !== undefined) d.publicExponent = BigInt(d.publicExponent);
      return d;
    }

    get symmetricKeySize() {
      return this._type === 'secret' ? this[kKey].byteLength : undefined;
    }

    export(options) {
      if (this._type === 'secret') {
        if (options?.format === 'jwk') return { kty: 'oct', k: Buffer.from(this[kKey]).toString('base64url') };
        return Buffer.from(this[kKey]);
      }
      if (options === null || typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
      const format = options.format ?? 'pem';
      if (format !== 'pem' && format !== 'der' && format !== 'jwk') {
        throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The property 'options.format' must be one of: 'pem', 'der', 'jwk'. Received '${format}'`);
      }
      if (options.cipher !== undefined || options.passphrase !== undefined) {
        throw new Error('not supported yet: node:crypto.KeyObject.export with a cipher');
      }
      const r = lib.keyExport(this[kKey].key, format, options.type ?? '');
      if (r && typeof r === 'object' && typeof r.error === 'string') throw new Error(r.error);
      if (r instanceof ArrayBuffer) return Buffer.from(r);
      return r;
    }

    equals(other) {
      if (!(other instanceof KeyObject)) throw invalidArgType('otherKeyObject', 'an instance of KeyObject', other);
      if (other.type !== this.type) return false;
      if (this._type === 'secret') return Buffer.from(this[kKey]).equals(Buffer.from(other[kKey]));
      const fmt = this._type === 'private' ? { type: 'pkcs8', format: 'der' } : { type: 'spki', format: 'der' };
      return this.export(fmt).equals(other.export(fmt));
    }

    static from() {
      throw new Error('not supported yet: node:crypto.KeyObject.from');
    }
  }
  Object.defineProperty(KeyObject.prototype, Symbol.toStringTag, { value: 'KeyObject', configurable: true });

  function makeKey(type, handle) {
    constructing = true;
    try {
      return new KeyObject(type, handle);
    } finally {
      constructing = false;
    }
  }

  function osslUnsupported() {
    return codeError(Error, 'ERR_OSSL_UNSUPPORTED', 'error:1E08010C:DECODER routines::unsupported');
  }

  function keyFromInfo(info) {
    if (typeof info === 'string') {
      if (info.startsWith('not supported yet')) throw new Error(info);
      throw osslUnsupported();
    }
    return makeKey(info.type, info);
  }

  // parseKey turns createPrivateKey / createPublicKey / sign input into a
  // KeyObject: a KeyObject, PEM text, or {key, format, type, encoding}.
  function parseKey(input, wantPrivate) {
    if (input instanceof KeyObject) {
      if (wantPrivate && input.type !== 'private') {
        throw codeError(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', `Invalid key object type ${input.type}, expected private.`);
      }
      if (!wantPrivate && input.type === 'private') return makeKey('public', lib.keyPublic(input[kKey].key));
      if (input.type === 'secret') {
        throw codeError(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', `Invalid key object type secret, expected ${wantPrivate ? 'private' : 'public'}.`);
      }
      return input;
    }
    let data = input, format = 'pem', type = '', encoding;
    if (input !== null && typeof input === 'object' && !ArrayBuffer.isView(input) && !(input instanceof ArrayBuffer)) {
      if (input.key instanceof KeyObject) return parseKey(input.key, wantPrivate);
      data = input.key;
      format = input.format ?? 'pem';
      type = input.type ?? '';
      encoding = input.encoding;
      if (input.passphrase !== undefined && format === 'pem' && /ENCRYPTED/.test(String(data))) {
        throw new Error('not supported yet: node:crypto encrypted private keys');
      }
      if (format === 'jwk') {
        if (data === null || typeof data !== 'object') throw invalidArgType('key.key', 'of type object', data);
        const info = lib.keyParseJWK(data, wantPrivate);
        if (typeof info === 'string') {
          if (info.startsWith('not supported yet')) throw new Error(info);
          throw codeError(TypeError, 'ERR_CRYPTO_INVALID_JWK', /^Invalid JWK \w+ key$/.test(info) ? info : 'Invalid JWK data');
        }
        return makeKey(info.type, info);
      }
    }
    if (typeof data === 'string') data = Buffer.from(data, encoding ?? 'utf8');
    else if (data instanceof ArrayBuffer) data = new Uint8Array(data);
    else if (!ArrayBuffer.isView(data)) {
      throw invalidArgType('key', 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, DataView, KeyObject, or CryptoKey', input);
    }
    return keyFromInfo(lib.keyParse(data, format, type, wantPrivate));
  }

  function createPrivateKey(key) {
    return parseKey(key, true);
  }
  function createPublicKey(key) {
    return parseKey(key, false);
  }
  function createSecretKey(key, encoding) {
    const bytes = typeof key === 'string' ? Buffer.from(key, encoding ?? 'utf8') : kdfBytes(key, 'key');
    return makeKey('secret', Buffer.from(bytes));
  }

  function keygenParams(type, options) {
    if (typeof type !== 'string') throw invalidArgType('type', 'of type string', type);
    if (type !== 'rsa' && type !== 'ec' && type !== 'ed25519') {
      if (['rsa-pss', 'dsa', 'ed448', 'x25519', 'x448', 'dh'].includes(type)) {
        throw new Error(`not supported yet: node:crypto.generateKeyPair('${type}')`);
      }
      throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'type' must be a supported key type. Received '${type}'`);
    }
    const o = options ?? {};
    if (type === 'rsa') checkInt(o.modulusLength, 'options.modulusLength', 512, 16384);
    if (type === 'ec' && typeof o.namedCurve !== 'string') throw invalidArgType('options.namedCurve', 'of type string', o.namedCurve);
    return { modulusLength: o.modulusLength ?? 0, publicExponent: o.publicExponent ?? 65537, namedCurve: o.namedCurve ?? '' };
  }

  function keygenResult(info, options) {
    if (typeof info === 'string') throw new Error(info);
    const priv = makeKey('private', info);
    const pub = makeKey('public', lib.keyPublic(info.key));
    const enc = (key, e) => (e ? key.export(e) : key);
    return { publicKey: enc(pub, options?.publicKeyEncoding), privateKey: enc(priv, options?.privateKeyEncoding) };
  }

  function generateKeyPairSync(type, options) {
    return keygenResult(lib.keyGenerate(type, keygenParams(type, options)), options);
  }
  function generateKeyPair(type, options, callback) {
    if (typeof options === 'function') {
      callback = options;
      options = undefined;
    }
    const params = keygenParams(type, options);
    validateFunction(callback, 'callback');
    lib.keyGenerateAsync(type, params, lib.bindContext((err, info) => {
      if (err) {
        callback(new Error(err));
        return;
      }
      let r;
      try {
        r = keygenResult(info, options);
      } catch (e) {
        callback(e);
        return;
      }
      callback(null, r.publicKey, r.privateKey);
    }));
  }

  // promisify(generateKeyPair) resolves to {publicKey, privateKey}.
  Object.defineProperty(generateKeyPair, Symbol.for('nodejs.util.promisify.custom'), {
    value: (type, options) => new Promise((resolve, reject) => {
      generateKeyPair(type, options, (err, publicKey, privateKey) => (err ? reject(err) : resolve({ publicKey, privateKey })));
    }),
  });

  function signOptions(algorithm, key) {
    const o = key !== null && typeof key === 'object' && !(key instanceof KeyObject) && !ArrayBuffer.isView(key) ? key : {};
    return {
      digest: algorithm ?? null,
      padding: o.padding,
      saltLength: o.saltLength,
      dsaEncoding: o.dsaEncoding,
    };
  }

  function signError(r) {
    if (r.startsWith('Invalid digest')) return codeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', r);
    return new Error(r);
  }

  function sign(algorithm, data, key, callback) {
    if (algorithm !== null && algorithm !== undefined && typeof algorithm !== 'string') {
      throw invalidArgType('algorithm', 'of type string', algorithm);
    }
    const bytes = toBytes(data, undefined, 'data');
    const k = parseKey(key, true);
    const r = lib.keySign(k[kKey].key, bytes, signOptions(algorithm, key));
    if (typeof r === 'string') {
      if (callback) {
        queueMicrotask(() => callback(signError(r)));
        return;
      }
      throw signError(r);
    }
    const out = Buffer.from(r);
    if (typeof callback === 'function') {
      queueMicrotask(() => callback(null, out));
      return;
    }
    return out;
  }

  function verify(algorithm, data, key, signature, callback) {
    if (algorithm !== null && algorithm !== undefined && typeof algorithm !== 'string') {
      throw invalidArgType('algorithm', 'of type string', algorithm);
    }
    const bytes = toBytes(data, undefined, 'data');
    const k = parseKey(key, false);
    const sig = toBytes(signature, undefined, 'signature');
    const r = lib.keyVerify(k[kKey].key, bytes, sig, signOptions(algorithm, key));
    if (typeof r === 'string') {
      if (callback) {
        queueMicrotask(() => callback(signError(r)));
        return;
      }
      throw signError(r);
    }
    if (typeof callback === 'function') {
      queueMicrotask(() => callback(null, r));
      return;
    }
    return r;
  }

  // Sign and Verify collect data like a Hash, then sign or verify it.
  class Sign {
    constructor(algorithm) {
      if (typeof algorithm !== 'string') throw invalidArgType('algorithm', 'of type string', algorithm);
      if (!lib.hashes.includes(algorithm.toLowerCase().replace(/^rsa-/, ''))) {
        throw codeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', 'Invalid digest');
      }
      this._alg = algorithm;
      this._chunks = [];
    }
    update(data, encoding) {
      this._chunks.push(Buffer.from(toBytes(data, encoding, 'data')));
      return this;
    }
    sign(key, outputEncoding) {
      const out = sign(this._alg, Buffer.concat(this._chunks), key);
      return outputEncoding && outputEncoding !== 'buffer' ? out.toString(outputEncoding) : out;
    }
  }
  class Verify {
    constructor(algorithm) {
      if (typeof algorithm !== 'string') throw invalidArgType('algorithm', 'of type string', algorithm);
      if (!lib.hashes.includes(algorithm.toLowerCase().replace(/^rsa-/, ''))) {
        throw codeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', 'Invalid digest');
      }
      this._alg = algorithm;
      this._chunks = [];
    }
    update(data, encoding) {
      this._chunks.push(Buffer.from(toBytes(data, encoding, 'data')));
      return this;
    }
    verify(key, signature, sigEncoding) {
      const sig = typeof signature === 'string' ? Buffer.from(signature, sigEncoding ?? 'utf8') : signature;
      return verify(this._alg, Buffer.concat(this._chunks), key, sig);
    }
  }

  function notSupported(name) {
    return function () {
      throw codeError(Error, 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM', `crypto.${name} is not supported by pigo`);
    };
  }

  // ---- Web Crypto (crypto.subtle) beyond digest ----
  //
  // Built on the node:crypto pieces above: HMAC; AES-GCM, AES-CBC and
  // AES-CTR; PBKDF2 and HKDF; ECDSA (P-256/384/521), Ed25519,
  // RSASSA-PKCS1-v1_5 and RSA-PSS, with raw, jwk, spki and pkcs8 import
  // and export as Web Crypto allows them. RSA-OAEP, ECDH, X25519, AES-KW
  // and wrapKey / unwrapKey reject with NotSupportedError.

  const kKeyObject = Symbol('kKeyObject');
  const hashNames = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' };
  const canonicalAlg = {};
  for (const n of ['HMAC', 'AES-GCM', 'AES-CBC', 'AES-CTR', 'PBKDF2', 'HKDF', 'ECDSA', 'Ed25519', 'RSASSA-PKCS1-v1_5', 'RSA-PSS',
    'RSA-OAEP', 'ECDH', 'X25519', 'AES-KW', 'SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']) {
    canonicalAlg[n.toUpperCase()] = n;
  }

  class CryptoKey {
    constructor() {
      illegalConstructor();
    }
    get type() {
      return this._type;
    }
    get extractable() {
      return this._extractable;
    }
    get algorithm() {
      return this._algorithm;
    }
    get usages() {
      return this._usages;
    }
  }
  Object.defineProperty(CryptoKey.prototype, Symbol.toStringTag, { value: 'CryptoKey', configurable: true });

  function makeCryptoKey(type, extractable, algorithm, usages, keyObject) {
    const k = Object.create(CryptoKey.prototype);
    k._type = type;
    k._extractable = !!extractable;
    k._algorithm = algorithm;
    k._usages = [...usages];
    k[kKeyObject] = keyObject;
    return k;
  }

  function algName(algorithm) {
    const raw = typeof algorithm === 'string' ? algorithm : algorithm?.name;
    if (typeof raw !== 'string') throw domException('Algorithm: Unrecognized name', 'NotSupportedError');
    const name = canonicalAlg[raw.toUpperCase()];
    if (!name) throw domException('Unrecognized algorithm name', 'NotSupportedError');
    return name;
  }

  function hashOf(h) {
    const name = algName(h);
    if (!hashNames[name]) throw domException('Unrecognized algorithm name', 'NotSupportedError');
    return name;
  }

  function bytesOf(data) {
    if (data instanceof ArrayBuffer) return Buffer.from(new Uint8Array(data));
    if (ArrayBuffer.isView(data)) return Buffer.from(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    throw codeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The data must be an ArrayBuffer, TypedArray or DataView');
  }

  function toAB(buf) {
    return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
  }

  function checkUsage(key, usage) {
    if (!(key instanceof CryptoKey)) throw codeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "key" argument must be an instance of CryptoKey.');
    if (!key.usages.includes(usage)) throw domException('The requested operation is not valid for the provided key', 'InvalidAccessError');
  }

  const unsupportedAlg = new Set(['RSA-OAEP', 'ECDH', 'X25519', 'AES-KW']);
  function notSupportedAlg(name) {
    return domException(`not supported yet: node:crypto.subtle ${name}`, 'NotSupportedError');
  }

  const curveBits = { 'P-256': 256, 'P-384': 384, 'P-521': 521 };
  function asymAlgorithm(name, keyObject, algorithm) {
    if (name === 'ECDSA') return { name, namedCurve: algorithm.namedCurve };
    if (name === 'Ed25519') return { name };
    const d = keyObject.asymmetricKeyDetails;
    return { name, modulusLength: d.modulusLength, publicExponent: new Uint8Array([1, 0, 1]), hash: { name: hashOf(algorithm.hash) } };
  }

  const subtleMethods = {
    async generateKey(algorithm, extractable, usages) {
      const name = algName(algorithm);
      if (unsupportedAlg.has(name)) throw notSupportedAlg(name);
      if (name === 'HMAC') {
        const hash = hashOf(algorithm.hash);
        const length = algorithm.length ?? { 'SHA-1': 512, 'SHA-256': 512, 'SHA-384': 1024, 'SHA-512': 1024 }[hash];
        return makeCryptoKey('secret', extractable, { name, length, hash: { name: hash } }, usages, createSecretKey(randomBytes(length / 8)));
      }
      if (name.startsWith('AES-')) {
        if (![128, 192, 256].includes(algorithm.length)) throw domException('AES key length must be 128, 192 or 256 bits', 'OperationError');
        return makeCryptoKey('secret', extractable, { name, length: algorithm.length }, usages, createSecretKey(randomBytes(algorithm.length / 8)));
      }
      let pair;
      if (name === 'ECDSA') {
        if (!curveBits[algorithm.namedCurve]) throw domException('Unrecognized namedCurve', 'NotSupportedError');
        pair = generateKeyPairSync('ec', { namedCurve: algorithm.namedCurve });
      } else if (name === 'Ed25519') {
        pair = generateKeyPairSync('ed25519');
      } else if (name === 'RSASSA-PKCS1-v1_5' || name === 'RSA-PSS') {
        pair = await new Promise((resolve, reject) => generateKeyPair('rsa', { modulusLength: algorithm.modulusLength },
          (err, publicKey, privateKey) => (err ? reject(err) : resolve({ publicKey, privateKey }))));
      } else {
        throw domException('Unrecognized algorithm name', 'NotSupportedError');
      }
      const alg = asymAlgorithm(name, pair.publicKey, algorithm);
      return {
        publicKey: makeCryptoKey('public', true, alg, usages.filter((u) => u === 'verify'), pair.publicKey),
        privateKey: makeCryptoKey('private', extractable, alg, usages.filter((u) => u === 'sign'), pair.privateKey),
      };
    },

    async importKey(format, keyData, algorithm, extractable, usages) {
      const name = algName(algorithm);
      if (unsupportedAlg.has(name)) throw notSupportedAlg(name);
      const secret = name === 'HMAC' || name.startsWith('AES-') || name === 'PBKDF2' || name === 'HKDF';
      if (secret) {
        let bytes;
        if (format === 'raw') bytes = bytesOf(keyData);
        else if (format === 'jwk' && keyData?.kty === 'oct') bytes = Buffer.from(keyData.k, 'base64url');
        else throw domException('Unsupported key format for ' + name, 'NotSupportedError');
        let alg = { name };
        if (name === 'HMAC') alg = { name, length: bytes.length * 8, hash: { name: hashOf(algorithm.hash) } };
        else if (name.startsWith('AES-')) {
          if (![16, 24, 32].includes(bytes.length)) throw domException('Invalid key length', 'DataError');
          alg = { name, length: bytes.length * 8 };
        }
        return makeCryptoKey('secret', (name === 'PBKDF2' || name === 'HKDF') ? false : extractable, alg, usages, createSecretKey(bytes));
      }
      let keyObject;
      try {
        if (format === 'spki') keyObject = createPublicKey({ key: bytesOf(keyData), format: 'der', type: 'spki' });
        else if (format === 'pkcs8') keyObject = createPrivateKey({ key: bytesOf(keyData), format: 'der', type: 'pkcs8' });
        else if (format === 'jwk') {
          const alg = rsaJwkAlg({ name, hash: algorithm.hash && { name: hashOf(algorithm.hash) } });
          if (alg && keyData.alg !== undefined && keyData.alg !== alg) throw domException('JWK "alg" does not match the requested algorithm', 'DataError');
          keyObject = keyData.d !== undefined ? createPrivateKey({ key: keyData, format: 'jwk' }) : createPublicKey({ key: keyData, format: 'jwk' });
        } else if (format === 'raw' && name === 'Ed25519') {
          keyObject = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: bytesOf(keyData).toString('base64url') }, format: 'jwk' });
        } else {
          throw domException('Unsupported key format for ' + name, 'NotSupportedError');
        }
      } catch (e) {
        if (e && (e.name === 'NotSupportedError' || e.name === 'DataError')) throw e;
        throw domException('Invalid keyData', 'DataError');
      }
      const want = { ECDSA: 'ec', Ed25519: 'ed25519', 'RSASSA-PKCS1-v1_5': 'rsa', 'RSA-PSS': 'rsa' }[name];
      if (keyObject.asymmetricKeyType !== want) throw domException('Invalid key type', 'DataError');
      let alg;
      if (name === 'ECDSA') {
        const curve = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' }[keyObject.asymmetricKeyDetails.namedCurve];
        if (algorithm.namedCurve !== curve) throw domException('Named curve mismatch', 'DataError');
        alg = { name, namedCurve: curve };
      } else {
        alg = asymAlgorithm(name, keyObject, algorithm);
      }
      return makeCryptoKey(keyObject.type, extractable, alg, usages, keyObject);
    },

    async exportKey(format, key) {
      if (!(key instanceof CryptoKey)) throw codeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "key" argument must be an instance of CryptoKey.');
      // Node names this one InvalidAccessException.
      if (!key.extractable) throw domException('key is not extractable', 'InvalidAccessException');
      const ko = key[kKeyObject];
      if (key.type === 'secret') {
        if (format === 'raw') return toAB(ko.export());
        if (format === 'jwk') {
          const jwk = { key_ops: [...key.usages], ext: true, kty: 'oct', k: ko.export().toString('base64url') };
          const { name } = key.algorithm;
          if (name === 'HMAC') jwk.alg = 'HS' + key.algorithm.hash.name.slice(4);
          else if (name.startsWith('AES-')) jwk.alg = `A${key.algorithm.length}${name.slice(4)}`;
          return jwk;
        }
        throw domException('Unsupported export format', 'NotSupportedError');
      }
      if (format === 'spki' && key.type === 'public') return toAB(ko.export({ type: 'spki', format: 'der' }));
      if (format === 'pkcs8' && key.type === 'private') return toAB(ko.export({ type: 'pkcs8', format: 'der' }));
      if (format === 'jwk') {
        const jwk = { key_ops: [...key.usages], ext: true, ...ko.export({ format: 'jwk' }) };
        const alg = rsaJwkAlg(key.algorithm);
        if (alg) jwk.alg = alg;
        return jwk;
      }
      if (format === 'raw' && key.type === 'public' && key.algorithm.name === 'Ed25519') {
        return toAB(Buffer.from(ko.export({ format: 'jwk' }).x, 'base64url'));
      }
      throw domException('Unsupported export format', 'InvalidAccessError');
    },

    async sign(algorithm, key, data) {
      const name = algName(algorithm);
      checkUsage(key, 'sign');
      const bytes = bytesOf(data);
      if (name !== key.algorithm.name) throw domException('Algorithm mismatch', 'InvalidAccessError');
      if (name === 'HMAC') return toAB(createHmac(hashNames[key.algorithm.hash.name], key[kKeyObject].export()).update(bytes).digest());
      if (name === 'Ed25519') return toAB(sign(null, bytes, key[kKeyObject]));
      if (name === 'ECDSA') return toAB(sign(hashNames[hashOf(algorithm.hash)], bytes, { key: key[kKeyObject], dsaEncoding: 'ieee-p1363' }));
      if (name === 'RSASSA-PKCS1-v1_5') return toAB(sign(hashNames[key.algorithm.hash.name], bytes, key[kKeyObject]));
      if (name === 'RSA-PSS') {
        return toAB(sign(hashNames[key.algorithm.hash.name], bytes, { key: key[kKeyObject], padding: 6, saltLength: algorithm.saltLength }));
      }
      throw domException('Unrecognized algorithm name', 'NotSupportedError');
    },

    async verify(algorithm, key, signature, data) {
      const name = algName(algorithm);
      checkUsage(key, 'verify');
      const bytes = bytesOf(data);
      const sig = bytesOf(signature);
      if (name !== key.algorithm.name) throw domException('Algorithm mismatch', 'InvalidAccessError');
      if (name === 'HMAC') {
        const mac = createHmac(hashNames[key.algorithm.hash.name], key[kKeyObject].export()).update(bytes).digest();
        return mac.length === sig.length && timingSafeEqual(mac, sig);
      }
      if (name === 'Ed25519') return verify(null, bytes, key[kKeyObject], sig);
      if (name === 'ECDSA') return verify(hashNames[hashOf(algorithm.hash)], bytes, { key: key[kKeyObject], dsaEncoding: 'ieee-p1363' }, sig);
      if (name === 'RSASSA-PKCS1-v1_5') return verify(hashNames[key.algorithm.hash.name], bytes, key[kKeyObject], sig);
      if (name === 'RSA-PSS') {
        return verify(hashNames[key.algorithm.hash.name], bytes, { key: key[kKeyObject], padding: 6, saltLength: algorithm.saltLength }, sig);
      }
      throw domException('Unrecognized algorithm name', 'NotSupportedError');
    },

    async encrypt(algorithm, key, data) {
      return aesOp(algorithm, key, data, 'encrypt');
    },

    async decrypt(algorithm, key, data) {
      return aesOp(algorithm, key, data, 'decrypt');
    },

    async deriveBits(algorithm, baseKey, length) {
      const name = algName(algorithm);
      checkUsage(baseKey, 'deriveBits');
      return deriveBitsImpl(name, algorithm, baseKey, length);
    },

    async deriveKey(algorithm, baseKey, derivedKeyAlgorithm, extractable, usages) {
      const name = algName(algorithm);
      checkUsage(baseKey, 'deriveKey');
      const target = algName(derivedKeyAlgorithm);
      let length = derivedKeyAlgorithm.length;
      if (target === 'HMAC' && length === undefined) {
        length = { 'SHA-1': 512, 'SHA-256': 512, 'SHA-384': 1024, 'SHA-512': 1024 }[hashOf(derivedKeyAlgorithm.hash)];
      }
      const bits = await deriveBitsImpl(name, algorithm, baseKey, length);
      return subtleMethods.importKey('raw', bits, derivedKeyAlgorithm, extractable, usages);
    },

    async wrapKey() {
      throw notSupportedAlg('wrapKey');
    },
    async unwrapKey() {
      throw notSupportedAlg('unwrapKey');
    },
  };

  // rsaJwkAlg is the JWK "alg" of an RSA Web Crypto key (RS256, PS384...).
  function rsaJwkAlg(algorithm) {
    const prefix = { 'RSASSA-PKCS1-v1_5': 'RS', 'RSA-PSS': 'PS' }[algorithm.name];
    if (!prefix || !algorithm.hash) return undefined;
    return algorithm.hash.name === 'SHA-1' ? prefix + '1' : prefix + algorithm.hash.name.slice(4);
  }

  function deriveBitsImpl(name, algorithm, baseKey, length) {
    if (name !== baseKey.algorithm.name) throw domException('Algorithm mismatch', 'InvalidAccessError');
    if (typeof length !== 'number' || length % 8 !== 0) throw domException('length must be a multiple of 8', 'OperationError');
    const secret = baseKey[kKeyObject].export();
    const hash = hashNames[hashOf(algorithm.hash)];
    if (name === 'PBKDF2') {
      return new Promise((resolve, reject) => pbkdf2(secret, bytesOf(algorithm.salt), algorithm.iterations, length / 8, hash,
        (err, key) => (err ? reject(domException(err.message, 'OperationError')) : resolve(toAB(key)))));
    }
    if (name === 'HKDF') {
      return new Promise((resolve, reject) => hkdf(hash, secret, bytesOf(algorithm.salt), bytesOf(algorithm.info), length / 8,
        (err, ab) => (err ? reject(domException(err.message, 'OperationError')) : resolve(ab))));
    }
    throw notSupportedAlg(name);
  }

  function aesOp(algorithm, key, data, op) {
    const name = algName(algorithm);
    checkUsage(key, op);
    if (name !== key.algorithm.name) throw domException('Algorithm mismatch', 'InvalidAccessError');
    if (!name.startsWith('AES-') || name === 'AES-KW') throw notSupportedAlg(name);
    const bytes = bytesOf(data);
    const raw = key[kKeyObject].export();
    const cipherName = `aes-${raw.length * 8}-${name.slice(4).toLowerCase()}`;
    const iv = bytesOf(name === 'AES-CTR' ? algorithm.counter : algorithm.iv);
    try {
      if (name === 'AES-GCM') {
        const tagLength = (algorithm.tagLength ?? 128) / 8;
        if (op === 'encrypt') {
          const c = createCipheriv(cipherName, raw, iv, { authTagLength: tagLength });
          if (algorithm.additionalData) c.setAAD(bytesOf(algorithm.additionalData));
          return toAB(Buffer.concat([c.update(bytes), c.final(), c.getAuthTag()]));
        }
        const d = createDecipheriv(cipherName, raw, iv, { authTagLength: tagLength });
        if (algorithm.additionalData) d.setAAD(bytesOf(algorithm.additionalData));
        d.setAuthTag(bytes.subarray(bytes.length - tagLength));
        return toAB(Buffer.concat([d.update(bytes.subarray(0, bytes.length - tagLength)), d.final()]));
      }
      const c = op === 'encrypt' ? createCipheriv(cipherName, raw, iv) : createDecipheriv(cipherName, raw, iv);
      return toAB(Buffer.concat([c.update(bytes), c.final()]));
    } catch (e) {
      throw domException(op === 'decrypt' ? 'The operation failed for an operation-specific reason' : e.message, 'OperationError');
    }
  }

  for (const [name, fn] of Object.entries(subtleMethods)) {
    Object.defineProperty(SubtleCrypto.prototype, name, { value: fn, writable: true, enumerable: true, configurable: true });
  }

  Object.assign(exports, {
    Hash,
    Hmac,
    createHash,
    createHmac,
    hash,
    getHashes: () => lib.hashes.slice(),
    randomBytes,
    pseudoRandomBytes: randomBytes,
    randomFill,
    randomFillSync,
    randomInt,
    randomUUID,
    getRandomValues,
    timingSafeEqual,
    webcrypto,
    subtle,
    // The padding and salt-length constants sign / verify accept.
    constants: {
      RSA_PKCS1_PADDING: 1, RSA_NO_PADDING: 3, RSA_PKCS1_OAEP_PADDING: 4, RSA_X931_PADDING: 5, RSA_PKCS1_PSS_PADDING: 6,
      RSA_PSS_SALTLEN_DIGEST: -1, RSA_PSS_SALTLEN_MAX_SIGN: -2, RSA_PSS_SALTLEN_AUTO: -2,
      POINT_CONVERSION_COMPRESSED: 2, POINT_CONVERSION_UNCOMPRESSED: 4, POINT_CONVERSION_HYBRID: 6,
    },
    pbkdf2,
    pbkdf2Sync,
    scrypt,
    scryptSync,
    hkdf,
    hkdfSync,
    createCipheriv,
    createDecipheriv,
    getCiphers: () => lib.ciphers.slice(),
    KeyObject,
    createPrivateKey,
    createPublicKey,
    createSecretKey,
    generateKeyPair,
    generateKeyPairSync,
    sign,
    verify,
    Sign,
    Verify,
    createSign: (algorithm, options) => new Sign(algorithm, options),
    createVerify: (algorithm, options) => new Verify(algorithm, options),
  });
  // The CryptoKey global (not a member of node:crypto in Node).
  Object.defineProperty(exports, '_CryptoKey', { value: CryptoKey });
  for (const name of ['Cipheriv', 'Decipheriv']) {
    Object.defineProperty(exports, name, {
      enumerable: true,
      configurable: true,
      get: () => getCipherClasses()[name],
    });
  }
  for (const name of ['publicEncrypt', 'privateDecrypt', 'publicDecrypt', 'privateEncrypt', 'createECDH', 'createDiffieHellman',
    'getDiffieHellman', 'diffieHellman', 'generateKey', 'generateKeySync', 'generatePrime', 'generatePrimeSync', 'checkPrime',
    'checkPrimeSync', 'createCipher', 'createDecipher', 'X509Certificate', 'Certificate']) {
    exports[name] = notSupported(name);
  }
})
