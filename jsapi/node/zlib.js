// node:zlib: the gzip, deflate (zlib format), raw deflate, unzip and brotli
// codecs in Node's sync, callback, promisify-able and stream forms, plus
// crc32 and the constants. zlib.go does the byte work with Go's compress/*
// and andybalholm/brotli; this file gives the API its Node shape (argument
// checks, errors with code and errno, Transform streams). Zstandard, which
// Node 22 marks experimental, is not provided.
(function (module, exports, require, lib) {
  'use strict';

  const { Transform } = require('stream');
  const { Buffer } = require('buffer');
  const { codeError, invalidArgType, outOfRange } = lib.errors;

  // Node 22's zlib.constants (the Zstandard ones left out).
  const constants = Object.freeze({
    Z_NO_FLUSH: 0, Z_PARTIAL_FLUSH: 1, Z_SYNC_FLUSH: 2, Z_FULL_FLUSH: 3, Z_FINISH: 4, Z_BLOCK: 5, Z_OK: 0,
    Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3, Z_MEM_ERROR: -4,
    Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6, Z_NO_COMPRESSION: 0, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9,
    Z_DEFAULT_COMPRESSION: -1, Z_FILTERED: 1, Z_HUFFMAN_ONLY: 2, Z_RLE: 3, Z_FIXED: 4, Z_DEFAULT_STRATEGY: 0,
    ZLIB_VERNUM: 4880, DEFLATE: 1, INFLATE: 2, GZIP: 3, GUNZIP: 4, DEFLATERAW: 5, INFLATERAW: 6, UNZIP: 7,
    BROTLI_DECODE: 8, BROTLI_ENCODE: 9, Z_MIN_WINDOWBITS: 8, Z_MAX_WINDOWBITS: 15, Z_DEFAULT_WINDOWBITS: 15,
    Z_MIN_CHUNK: 64, Z_MAX_CHUNK: Infinity, Z_DEFAULT_CHUNK: 16384, Z_MIN_MEMLEVEL: 1, Z_MAX_MEMLEVEL: 9,
    Z_DEFAULT_MEMLEVEL: 8, Z_MIN_LEVEL: -1, Z_MAX_LEVEL: 9, Z_DEFAULT_LEVEL: -1, BROTLI_OPERATION_PROCESS: 0,
    BROTLI_OPERATION_FLUSH: 1, BROTLI_OPERATION_FINISH: 2, BROTLI_OPERATION_EMIT_METADATA: 3,
    BROTLI_PARAM_MODE: 0, BROTLI_MODE_GENERIC: 0, BROTLI_MODE_TEXT: 1, BROTLI_MODE_FONT: 2,
    BROTLI_DEFAULT_MODE: 0, BROTLI_PARAM_QUALITY: 1, BROTLI_MIN_QUALITY: 0, BROTLI_MAX_QUALITY: 11,
    BROTLI_DEFAULT_QUALITY: 11, BROTLI_PARAM_LGWIN: 2, BROTLI_MIN_WINDOW_BITS: 10,
    BROTLI_MAX_WINDOW_BITS: 24, BROTLI_LARGE_MAX_WINDOW_BITS: 30, BROTLI_DEFAULT_WINDOW: 22,
    BROTLI_PARAM_LGBLOCK: 3, BROTLI_MIN_INPUT_BLOCK_BITS: 16, BROTLI_MAX_INPUT_BLOCK_BITS: 24,
    BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING: 4, BROTLI_PARAM_SIZE_HINT: 5,
    BROTLI_PARAM_LARGE_WINDOW: 6, BROTLI_PARAM_NPOSTFIX: 7, BROTLI_PARAM_NDIRECT: 8,
    BROTLI_DECODER_RESULT_ERROR: 0, BROTLI_DECODER_RESULT_SUCCESS: 1,
    BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT: 2, BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: 3,
    BROTLI_DECODER_PARAM_DISABLE_RING_BUFFER_REALLOCATION: 0, BROTLI_DECODER_PARAM_LARGE_WINDOW: 1,
    BROTLI_DECODER_NO_ERROR: 0, BROTLI_DECODER_SUCCESS: 1, BROTLI_DECODER_NEEDS_MORE_INPUT: 2,
    BROTLI_DECODER_NEEDS_MORE_OUTPUT: 3, BROTLI_DECODER_ERROR_FORMAT_EXUBERANT_NIBBLE: -1,
    BROTLI_DECODER_ERROR_FORMAT_RESERVED: -2, BROTLI_DECODER_ERROR_FORMAT_EXUBERANT_META_NIBBLE: -3,
    BROTLI_DECODER_ERROR_FORMAT_SIMPLE_HUFFMAN_ALPHABET: -4,
    BROTLI_DECODER_ERROR_FORMAT_SIMPLE_HUFFMAN_SAME: -5, BROTLI_DECODER_ERROR_FORMAT_CL_SPACE: -6,
    BROTLI_DECODER_ERROR_FORMAT_HUFFMAN_SPACE: -7, BROTLI_DECODER_ERROR_FORMAT_CONTEXT_MAP_REPEAT: -8,
    BROTLI_DECODER_ERROR_FORMAT_BLOCK_LENGTH_1: -9, BROTLI_DECODER_ERROR_FORMAT_BLOCK_LENGTH_2: -10,
    BROTLI_DECODER_ERROR_FORMAT_TRANSFORM: -11, BROTLI_DECODER_ERROR_FORMAT_DICTIONARY: -12,
    BROTLI_DECODER_ERROR_FORMAT_WINDOW_BITS: -13, BROTLI_DECODER_ERROR_FORMAT_PADDING_1: -14,
    BROTLI_DECODER_ERROR_FORMAT_PADDING_2: -15, BROTLI_DECODER_ERROR_FORMAT_DISTANCE: -16,
    BROTLI_DECODER_ERROR_FORMAT_BLOCK_SWITCH: -17, BROTLI_DECODER_ERROR_DICTIONARY_NOT_SET: -19,
    BROTLI_DECODER_ERROR_INVALID_ARGUMENTS: -20, BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MODES: -21,
    BROTLI_DECODER_ERROR_ALLOC_TREE_GROUPS: -22, BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MAP: -25,
    BROTLI_DECODER_ERROR_ALLOC_RING_BUFFER_1: -26, BROTLI_DECODER_ERROR_ALLOC_RING_BUFFER_2: -27,
    BROTLI_DECODER_ERROR_ALLOC_BLOCK_TYPE_TREES: -30, BROTLI_DECODER_ERROR_UNREACHABLE: -31,
  });

  const codes = {
    Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2,
    Z_DATA_ERROR: -3, Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6,
  };
  for (const k of Object.keys(codes)) codes[codes[k]] = k;
  Object.freeze(codes);

  // zlibError builds Node's error from zlib.go's description.
  function zlibError(info) {
    if (info.brotli !== undefined) {
      const name = info.brotli;
      let code = 'ERR_BROTLI_DECOMPRESSION_FAILED', errno = -31;
      if (constants['BROTLI_DECODER_ERROR_FORMAT_' + name] !== undefined) {
        code = 'ERR__ERROR_FORMAT_' + name;
        errno = constants['BROTLI_DECODER_ERROR_FORMAT_' + name];
      } else if (constants['BROTLI_DECODER_ERROR_' + name] !== undefined) {
        code = 'ERR__ERROR_' + name;
        errno = constants['BROTLI_DECODER_ERROR_' + name];
      }
      const err = new Error('Decompression failed');
      err.errno = errno;
      err.code = code;
      return err;
    }
    const err = new Error(info.message);
    err.errno = info.errno;
    err.code = info.code;
    return err;
  }

  function checkRange(name, value, min, max, dflt) {
    if (value === undefined || value === null) return dflt;
    if (typeof value !== 'number') throw invalidArgType(name, 'of type number', value);
    if (!Number.isFinite(value) || value < min || value > max || !Number.isInteger(value)) {
      throw outOfRange(name, `>= ${min} and <= ${max}`, value);
    }
    return value;
  }

  const brotliKinds = new Set(['brotliCompress', 'brotliDecompress']);

  // normalize validates options as Node does and returns what zlib.go reads.
  function normalize(kind, opts) {
    if (opts === undefined || opts === null) opts = {};
    else if (typeof opts !== 'object') throw invalidArgType('options', 'of type object', opts);
    const out = {};
    checkRange('options.chunkSize', opts.chunkSize, 64, Infinity, 16384);
    if (brotliKinds.has(kind)) {
      const params = opts.params || {};
      out.quality = checkRange('options.params[BROTLI_PARAM_QUALITY]', params[constants.BROTLI_PARAM_QUALITY], 0, 11, 11);
      out.lgwin = checkRange('options.params[BROTLI_PARAM_LGWIN]', params[constants.BROTLI_PARAM_LGWIN], 10, 24, 22);
      return out;
    }
    out.level = checkRange('options.level', opts.level, -1, 9, -1);
    checkRange('options.windowBits', opts.windowBits, kind === 'deflateRaw' || kind === 'inflateRaw' ? 8 : 8, 15, 15);
    checkRange('options.memLevel', opts.memLevel, 1, 9, 8);
    out.strategy = checkRange('options.strategy', opts.strategy, 0, 4, 0);
    if (opts.dictionary !== undefined) {
      const d = opts.dictionary;
      if (!(d instanceof Uint8Array) && !(d instanceof ArrayBuffer) && !ArrayBuffer.isView(d)) {
        throw invalidArgType('options.dictionary', 'an instance of Buffer, TypedArray, DataView, or ArrayBuffer', d);
      }
      out.dictionary = toBytes(d, 'options.dictionary');
    }
    return out;
  }

  function toBytes(data, name = 'buffer') {
    if (typeof data === 'string') return Buffer.from(data);
    if (data instanceof Uint8Array) return data;
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    throw invalidArgType(name, 'of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer', data);
  }

  function wrapResult(ab, opts) {
    const buf = Buffer.from(ab);
    if (opts && opts.info) return { buffer: buf, engine: null };
    return buf;
  }

  function syncFn(kind) {
    return function (buffer, opts) {
      const bytes = toBytes(buffer);
      const o = normalize(kind, opts);
      const r = lib.oneShot(kind, bytes, o);
      if (!(r instanceof ArrayBuffer)) throw zlibError(r);
      const max = opts?.maxOutputLength;
      if (max !== undefined && r.byteLength > max) {
        throw codeError(RangeError, 'ERR_BUFFER_TOO_LARGE', `Cannot create a Buffer larger than ${max} bytes`);
      }
      return wrapResult(r, opts);
    };
  }

  function asyncFn(kind) {
    return function (buffer, opts, callback) {
      if (typeof opts === 'function') {
        callback = opts;
        opts = {};
      }
      if (typeof callback !== 'function') throw invalidArgType('callback', 'of type function', callback);
      const bytes = toBytes(buffer);
      const o = normalize(kind, opts);
      lib.oneShotAsync(kind, bytes, o, lib.bindContext((err, ab) => {
        if (err) callback(zlibError(err));
        else callback(null, wrapResult(ab, opts));
      }));
    };
  }

  const kHandle = Symbol('kHandle');
  const kFlushes = Symbol('kFlushes');

  // ZlibBase is the Transform every codec stream is: written chunks go to
  // the Go worker, its output is pushed as it arrives.
  function ZlibBase(kind, opts) {
    const o = normalize(kind, opts);
    Transform.call(this, { ...opts, readableObjectMode: false, writableObjectMode: false, objectMode: false });
    this.bytesWritten = 0;
    this._kind = kind;
    this[kFlushes] = [];
    // Output and errors arrive from Go; they run in the async context the
    // stream was created in.
    this[kHandle] = lib.open(kind, o,
      lib.bindContext((ab) => {
        if (!this.destroyed) this.push(Buffer.from(ab));
      }),
      lib.bindContext((info) => {
        this.destroy(zlibError(info));
      }));
  }
  Object.setPrototypeOf(ZlibBase.prototype, Transform.prototype);
  Object.setPrototypeOf(ZlibBase, Transform);

  ZlibBase.prototype._transform = function (chunk, encoding, cb) {
    if (typeof chunk === 'string') chunk = Buffer.from(chunk, encoding);
    this.bytesWritten += chunk.length;
    // An empty write queued by flush() carries the flush.
    const flush = chunk.length === 0 && this[kFlushes].length > 0;
    const done = flush ? this[kFlushes].shift() : null;
    this[kHandle].write(chunk, flush, () => {
      cb();
      if (done) done();
    });
  };
  ZlibBase.prototype._flush = function (cb) {
    this[kHandle].end(() => cb());
  };
  ZlibBase.prototype._destroy = function (err, cb) {
    this[kHandle].close();
    cb(err);
  };
  ZlibBase.prototype.flush = function (kind, callback) {
    if (typeof kind === 'function') {
      callback = kind;
      kind = undefined;
    }
    if (this.writableFinished || this.destroyed) {
      if (callback) queueMicrotask(callback);
      return;
    }
    if (this.writableEnded) {
      if (callback) this.once('end', callback);
      return;
    }
    this[kFlushes].push(() => {
      if (callback) callback();
    });
    this.write(Buffer.alloc(0));
  };
  ZlibBase.prototype.close = function (callback) {
    if (callback) require('stream').finished(this, callback);
    this.destroy();
  };
  ZlibBase.prototype.params = function () {
    throw new Error('not supported yet: node:zlib.params');
  };
  ZlibBase.prototype.reset = function () {
    throw new Error('not supported yet: node:zlib.reset');
  };
  Object.defineProperty(ZlibBase.prototype, '_closed', {
    configurable: true,
    get() {
      return this.destroyed;
    },
  });

  const classes = {
    Deflate: 'deflate', Inflate: 'inflate', Gzip: 'gzip', Gunzip: 'gunzip',
    DeflateRaw: 'deflateRaw', InflateRaw: 'inflateRaw', Unzip: 'unzip',
    BrotliCompress: 'brotliCompress', BrotliDecompress: 'brotliDecompress',
  };
  for (const [name, kind] of Object.entries(classes)) {
    // Named ES5 constructors callable with or without new, as in Node.
    const Ctor = {
      [name]: function (opts) {
        if (!(this instanceof Ctor)) return new Ctor(opts);
        ZlibBase.call(this, kind, opts);
      },
    }[name];
    Object.setPrototypeOf(Ctor.prototype, ZlibBase.prototype);
    Object.setPrototypeOf(Ctor, ZlibBase);
    exports[name] = Ctor;
    exports['create' + name] = function (opts) {
      return new Ctor(opts);
    };
    exports[kind] = asyncFn(kind);
    exports[kind + 'Sync'] = syncFn(kind);
  }

  const zstd = (member) => function () {
    throw new Error('not supported yet: node:zlib.' + member);
  };
  for (const m of ['ZstdCompress', 'ZstdDecompress', 'zstdCompress', 'zstdCompressSync', 'zstdDecompress',
    'zstdDecompressSync', 'createZstdCompress', 'createZstdDecompress']) {
    exports[m] = zstd(m);
  }

  exports.crc32 = function crc32(data, value = 0) {
    if (typeof data !== 'string' && !ArrayBuffer.isView(data)) {
      throw invalidArgType('data', 'of type string or an instance of Buffer, TypedArray, or DataView', data);
    }
    if (typeof value !== 'number') throw invalidArgType('value', 'of type number', value);
    return lib.crc32(toBytes(data), value >>> 0);
  };

  exports.constants = constants;
  exports.codes = codes;
  // The legacy flat constants (zlib.Z_OK, ...), as Node still exports them.
  for (const k of Object.keys(constants)) {
    if (!k.startsWith('BROTLI')) {
      Object.defineProperty(exports, k, { value: constants[k], enumerable: false, writable: false });
    }
  }
})
