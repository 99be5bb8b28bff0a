// node:buffer: Buffer as a subclass of Uint8Array, laid out like Node's
// (lib/buffer.js): instances are FastBuffers, Buffer.prototype is
// FastBuffer.prototype, and Buffer itself is a plain function whose
// prototype chain leads to Uint8Array, so TypedArray methods that build
// their result through the species constructor (subarray, slice, map,
// filter) produce Buffers.
(function (module, exports, require, lib) {
  'use strict';

  const { codeError, invalidArgType, outOfRange } = lib.errors;
  const kMaxLength = 2 ** 32;
  const kStringMaxLength = 536870888;
  const INSPECT_MAX_BYTES = 50;
  const customInspect = Symbol.for('nodejs.util.inspect.custom');
  const utf8Decoder = typeof TextDecoder === 'function' ? new TextDecoder('utf-8', { ignoreBOM: true }) : null;

  class FastBuffer extends Uint8Array {}

  function Buffer(arg, encodingOrOffset, length) {
    if (typeof arg === 'number') {
      if (typeof encodingOrOffset === 'string') {
        throw invalidArgType('string', 'of type string', arg);
      }
      return Buffer.alloc(arg);
    }
    return Buffer.from(arg, encodingOrOffset, length);
  }
  Object.defineProperty(Buffer, 'name', { value: 'Buffer' });
  Buffer.prototype = FastBuffer.prototype;
  Object.defineProperty(FastBuffer.prototype, 'constructor', { value: Buffer, writable: true, configurable: true });
  Object.setPrototypeOf(Buffer, Uint8Array);
  Buffer.poolSize = 8 * 1024;

  // ---- encodings ----

  // normalizeEncoding maps Node's encoding names to canonical ones;
  // undefined for an unknown name.
  function normalizeEncoding(enc) {
    if (enc == null || enc === 'utf8' || enc === 'utf-8') return 'utf8';
    switch (`${enc}`.toLowerCase()) {
      case 'utf8': case 'utf-8': case '': return 'utf8';
      case 'ucs2': case 'ucs-2': case 'utf16le': case 'utf-16le': return 'utf16le';
      case 'latin1': case 'binary': return 'latin1';
      case 'base64': return 'base64';
      case 'base64url': return 'base64url';
      case 'hex': return 'hex';
      case 'ascii': return 'ascii';
      default: return undefined;
    }
  }

  function unknownEncoding(enc) {
    return codeError(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${enc}`);
  }

  function getEncoding(enc) {
    const e = normalizeEncoding(enc);
    if (e === undefined) throw unknownEncoding(enc);
    return e;
  }

  function wrap(ab) {
    return new FastBuffer(ab);
  }

  // encode returns the bytes of string s in canonical encoding enc.
  function encode(s, enc) {
    switch (enc) {
      case 'utf8': return wrap(lib.utf8Encode(s));
      case 'hex': return wrap(lib.hexDecode(s));
      case 'base64': case 'base64url': return wrap(lib.base64Decode(s));
      case 'latin1': case 'ascii': {
        const b = new FastBuffer(s.length);
        for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
        return b;
      }
      case 'utf16le': {
        const b = new FastBuffer(s.length * 2);
        for (let i = 0; i < s.length; i++) {
          const c = s.charCodeAt(i);
          b[2 * i] = c;
          b[2 * i + 1] = c >>> 8;
        }
        return b;
      }
    }
    throw unknownEncoding(enc);
  }

  // decode renders bytes u8 (a Uint8Array) in canonical encoding enc.
  function decode(u8, enc) {
    switch (enc) {
      case 'utf8': return utf8Decoder !== null ? utf8Decoder.decode(u8) : lib.utf8Decode(u8);
      case 'hex': return lib.hexEncode(u8);
      case 'base64': return lib.base64Encode(u8, false);
      case 'base64url': return lib.base64Encode(u8, true);
      case 'latin1': case 'ascii': {
        const mask = enc === 'ascii' ? 0x7f : 0xff;
        let s = '';
        for (let i = 0; i < u8.length; i += 4096) {
          const chunk = Array.from(u8.subarray(i, i + 4096), (b) => b & mask);
          s += String.fromCharCode.apply(null, chunk);
        }
        return s;
      }
      case 'utf16le': {
        let s = '';
        for (let i = 0; i + 1 < u8.length; i += 2) s += String.fromCharCode(u8[i] | (u8[i + 1] << 8));
        return s;
      }
    }
    throw unknownEncoding(enc);
  }

  function byteLengthOf(s, enc) {
    switch (enc) {
      case 'utf8': return lib.utf8Length(s);
      case 'utf16le': return s.length * 2;
      case 'latin1': case 'ascii': return s.length;
      case 'hex': return s.length >>> 1;
      case 'base64': case 'base64url': {
        let n = s.length;
        if (n > 0 && s.charCodeAt(n - 1) === 0x3d) n--;
        if (n > 1 && s.charCodeAt(n - 1) === 0x3d) n--;
        return (n * 3) >>> 2;
      }
    }
    throw unknownEncoding(enc);
  }

  // ---- static methods ----

  function isAnyArrayBuffer(v) {
    return v instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && v instanceof SharedArrayBuffer);
  }

  function fromArrayBuffer(ab, byteOffset, length) {
    byteOffset = byteOffset === undefined ? 0 : +byteOffset || 0;
    const max = ab.byteLength - byteOffset;
    if (max < 0) throw codeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', '"offset" is outside of buffer bounds');
    if (length === undefined) length = max;
    else {
      length = +length || 0;
      if (length > 0 && length > max) throw codeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', '"length" is outside of buffer bounds');
      if (length < 0) length = 0;
    }
    return new FastBuffer(ab, byteOffset, length);
  }

  function fromArrayLike(obj) {
    const b = new FastBuffer(obj.length);
    b.set(obj);
    return b;
  }

  Buffer.from = function from(value, encodingOrOffset, length) {
    if (typeof value === 'string') return encode(value, getEncoding(encodingOrOffset));
    if (typeof value === 'object' && value !== null) {
      if (isAnyArrayBuffer(value)) return fromArrayBuffer(value, encodingOrOffset, length);
      if (ArrayBuffer.isView(value)) {
        if (value instanceof Uint8Array) return fromArrayLike(value);
        if (value instanceof DataView) return fromArrayLike(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
        return fromArrayLike(value);
      }
      const valueOf = typeof value.valueOf === 'function' ? value.valueOf() : undefined;
      if (valueOf != null && valueOf !== value && (typeof valueOf === 'string' || typeof valueOf === 'object')) {
        return from(valueOf, encodingOrOffset, length);
      }
      if (value.length !== undefined || isAnyArrayBuffer(value.buffer)) {
        return typeof value.length !== 'number' ? new FastBuffer() : fromArrayLike(value);
      }
      if (value.type === 'Buffer' && Array.isArray(value.data)) return fromArrayLike(value.data);
      if (typeof value[Symbol.toPrimitive] === 'function') {
        const primitive = value[Symbol.toPrimitive]('string');
        if (typeof primitive === 'string') return encode(primitive, getEncoding(encodingOrOffset));
      }
    }
    throw invalidArgType('first argument',
      'of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object', value);
  };

  function validateSize(size) {
    if (typeof size !== 'number') throw invalidArgType('size', 'of type number', size);
    if (!(size >= 0 && size <= kMaxLength)) throw outOfRange('size', `>= 0 && <= ${kMaxLength}`, size);
  }

  Buffer.alloc = function alloc(size, fill, encoding) {
    validateSize(size);
    const b = new FastBuffer(size);
    if (fill !== undefined && fill !== 0 && size > 0) b.fill(fill, 0, b.length, encoding);
    return b;
  };

  Buffer.allocUnsafe = function allocUnsafe(size) {
    validateSize(size);
    return new FastBuffer(size);
  };

  Buffer.allocUnsafeSlow = function allocUnsafeSlow(size) {
    validateSize(size);
    return new FastBuffer(size);
  };

  Buffer.isBuffer = function isBuffer(b) {
    return b instanceof Buffer;
  };

  Buffer.isEncoding = function isEncoding(enc) {
    return typeof enc === 'string' && enc.length !== 0 && normalizeEncoding(enc) !== undefined;
  };

  Buffer.byteLength = function byteLength(string, encoding) {
    if (typeof string !== 'string') {
      if (ArrayBuffer.isView(string) || isAnyArrayBuffer(string)) return string.byteLength;
      throw invalidArgType('string', 'of type string or an instance of Buffer or ArrayBuffer', string);
    }
    return byteLengthOf(string, normalizeEncoding(encoding) ?? 'utf8');
  };

  function toU8(v, name) {
    if (v instanceof Uint8Array) return v;
    throw invalidArgType(name, 'an instance of Buffer or Uint8Array', v);
  }

  Buffer.compare = function compare(a, b) {
    return lib.compare(toU8(a, 'buf1'), toU8(b, 'buf2'));
  };

  Buffer.concat = function concat(list, length) {
    if (!Array.isArray(list)) throw invalidArgType('list', 'an instance of Array', list);
    if (list.length === 0) return new FastBuffer();
    if (length === undefined) {
      length = 0;
      for (let i = 0; i < list.length; i++) length += toU8(list[i], `list[${i}]`).length;
    } else if (typeof length !== 'number') {
      throw invalidArgType('length', 'of type number', length);
    }
    const out = Buffer.allocUnsafe(length);
    let pos = 0;
    for (let i = 0; i < list.length && pos < length; i++) {
      const b = toU8(list[i], `list[${i}]`);
      const n = Math.min(b.length, length - pos);
      out.set(n === b.length ? b : b.subarray(0, n), pos);
      pos += n;
    }
    if (pos < length) out.fill(0, pos);
    return out;
  };

  // ---- prototype ----

  const proto = FastBuffer.prototype;

  proto.toString = function toString(encoding, start, end) {
    if (arguments.length === 0) return decode(this, 'utf8');
    const len = this.length;
    if (start <= 0) start = 0;
    else if (start >= len) return '';
    else start = Math.trunc(start) || 0;
    if (end === undefined || end > len) end = len;
    else end = Math.trunc(end) || 0;
    if (end <= start) return '';
    const enc = encoding === undefined ? 'utf8' : getEncoding(encoding);
    return decode(start === 0 && end === len ? this : this.subarray(start, end), enc);
  };
  proto.toLocaleString = proto.toString;

  // Node's per-encoding methods (utf8Slice, utf8Write, ...), which some
  // packages (undici) call directly.
  for (const enc of ['ascii', 'base64', 'base64url', 'latin1', 'hex', 'ucs2', 'utf8']) {
    const methods = {
      [`${enc}Slice`](start = 0, end = this.length) {
        return this.toString(enc, start, end);
      },
      [`${enc}Write`](string, offset = 0, length = this.length - offset) {
        return this.write(string, offset, length, enc);
      },
    };
    Object.assign(proto, methods);
  }

  proto.toJSON = function toJSON() {
    return { type: 'Buffer', data: Array.from(this) };
  };

  proto.equals = function equals(other) {
    toU8(other, 'otherBuffer');
    return this === other || lib.compare(this, other) === 0;
  };

  proto.compare = function compare(target, targetStart = 0, targetEnd = target?.length, sourceStart = 0, sourceEnd = this.length) {
    toU8(target, 'target');
    return lib.compare(this.subarray(sourceStart, sourceEnd), target.subarray(targetStart, targetEnd));
  };

  proto.copy = function copy(target, targetStart = 0, sourceStart = 0, sourceEnd = this.length) {
    toU8(target, 'target');
    targetStart = Math.max(0, Math.trunc(targetStart) || 0);
    sourceStart = Math.max(0, Math.trunc(sourceStart) || 0);
    sourceEnd = Math.min(this.length, Math.trunc(sourceEnd) || 0);
    if (targetStart >= target.length || sourceStart >= sourceEnd) return 0;
    const n = Math.min(sourceEnd - sourceStart, target.length - targetStart);
    target.set(this.subarray(sourceStart, sourceStart + n), targetStart);
    return n;
  };

  // slice shares memory, unlike Uint8Array.prototype.slice.
  proto.slice = function slice(start, end) {
    return this.subarray(start, end);
  };

  const u8fill = Uint8Array.prototype.fill;
  proto.fill = function fill(value, offset, end, encoding) {
    if (typeof offset === 'string') {
      encoding = offset;
      offset = 0;
      end = this.length;
    } else if (typeof end === 'string') {
      encoding = end;
      end = this.length;
    }
    offset = offset === undefined ? 0 : offset;
    end = end === undefined ? this.length : end;
    if (offset < 0 || end > this.length) throw outOfRange('offset', `>= 0 && <= ${this.length}`, offset);
    if (end <= offset) return this;
    if (typeof value === 'number' || typeof value === 'boolean') {
      u8fill.call(this, value & 255, offset, end);
      return this;
    }
    let bytes;
    if (typeof value === 'string') {
      const enc = encoding === undefined ? 'utf8' : getEncoding(encoding);
      if (value.length === 0) {
        u8fill.call(this, 0, offset, end);
        return this;
      }
      bytes = encode(value, enc);
      if (bytes.length === 0) {
        throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'value' is invalid. Received '${value}'`);
      }
    } else if (ArrayBuffer.isView(value)) {
      bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    } else {
      u8fill.call(this, Number(value) & 255, offset, end);
      return this;
    }
    for (let i = offset; i < end; i += bytes.length) {
      this.set(i + bytes.length <= end ? bytes : bytes.subarray(0, end - i), i);
    }
    return this;
  };

  proto.write = function write(string, offset, length, encoding) {
    if (typeof string !== 'string') throw invalidArgType('argument', 'of type string', string);
    if (offset === undefined) {
      offset = 0;
      length = this.length;
    } else if (typeof offset === 'string') {
      encoding = offset;
      offset = 0;
      length = this.length;
    } else {
      if (offset < 0 || offset > this.length) throw outOfRange('offset', `>= 0 && <= ${this.length}`, offset);
      if (typeof length === 'string') {
        encoding = length;
        length = this.length - offset;
      } else if (length === undefined || length > this.length - offset) {
        length = this.length - offset;
      }
    }
    const enc = encoding === undefined ? 'utf8' : getEncoding(encoding);
    const bytes = encode(string, enc);
    let n = Math.min(bytes.length, length);
    if (enc === 'utf8' && n < bytes.length) {
      // Never write part of a character.
      while (n > 0 && (bytes[n] & 0xc0) === 0x80) n--;
    } else if (enc === 'utf16le') {
      n -= n % 2;
    }
    this.set(bytes.subarray(0, n), offset);
    return n;
  };

  function searchArgs(buf, value, byteOffset, encoding, forward) {
    if (typeof byteOffset === 'string') {
      encoding = byteOffset;
      byteOffset = undefined;
    } else if (byteOffset > 0x7fffffff) {
      byteOffset = 0x7fffffff;
    } else if (byteOffset < -0x80000000) {
      byteOffset = -0x80000000;
    }
    byteOffset = +byteOffset;
    if (Number.isNaN(byteOffset)) byteOffset = forward ? 0 : buf.length;
    byteOffset = Math.trunc(byteOffset);
    let needle;
    if (typeof value === 'number') {
      needle = new Uint8Array([value >>> 0 & 255]);
    } else if (typeof value === 'string') {
      needle = encode(value, encoding === undefined ? 'utf8' : getEncoding(encoding));
    } else if (value instanceof Uint8Array) {
      needle = value;
    } else {
      throw invalidArgType('value', 'one of type number or string or an instance of Buffer or Uint8Array', value);
    }
    return lib.indexOf(buf, needle, byteOffset, forward);
  }

  proto.indexOf = function indexOf(value, byteOffset, encoding) {
    return searchArgs(this, value, byteOffset, encoding, true);
  };
  proto.lastIndexOf = function lastIndexOf(value, byteOffset, encoding) {
    return searchArgs(this, value, byteOffset, encoding, false);
  };
  proto.includes = function includes(value, byteOffset, encoding) {
    return this.indexOf(value, byteOffset, encoding) !== -1;
  };

  function swap(buf, size) {
    if (buf.length % size !== 0) {
      throw codeError(RangeError, 'ERR_INVALID_BUFFER_SIZE', `Buffer size must be a multiple of ${size * 8}-bits`);
    }
    for (let i = 0; i < buf.length; i += size) {
      for (let a = i, b = i + size - 1; a < b; a++, b--) {
        const t = buf[a];
        buf[a] = buf[b];
        buf[b] = t;
      }
    }
    return buf;
  }
  proto.swap16 = function swap16() { return swap(this, 2); };
  proto.swap32 = function swap32() { return swap(this, 4); };
  proto.swap64 = function swap64() { return swap(this, 8); };

  proto[customInspect] = function inspect() {
    const max = exports.INSPECT_MAX_BYTES;
    let str = lib.hexEncode(this.subarray(0, max)).replace(/(.{2})/g, '$1 ').trim();
    const remaining = this.length - max;
    if (remaining > 0) str += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
    const name = this.constructor === Buffer ? 'Buffer' : (this.constructor?.name ?? 'Buffer');
    return `<${name} ${str}>`;
  };

  // ---- numeric reads and writes ----

  function checkOffset(buf, offset, size) {
    if (offset === undefined) offset = 0;
    if (typeof offset !== 'number') throw invalidArgType('offset', 'of type number', offset);
    if (!Number.isInteger(offset)) throw outOfRange('offset', 'an integer', offset);
    if (offset < 0 || offset + size > buf.length) {
      if (buf.length - size < 0) {
        throw codeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', 'Attempt to access memory outside buffer bounds');
      }
      throw outOfRange('offset', `>= 0 and <= ${buf.length - size}`, offset);
    }
    return offset;
  }

  function view(buf) {
    return new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  function checkValue(value, min, max, size, big) {
    if (big ? typeof value !== 'bigint' : typeof value !== 'number') {
      throw invalidArgType('value', big ? 'of type bigint' : 'of type number', value);
    }
    if (value < min || value > max) {
      const n = big ? 'n' : '';
      let range;
      if (size > 4) {
        range = min === 0 || min === 0n
          ? `>= 0${n} and < 2${n} ** ${size * 8}${n}`
          : `>= -(2${n} ** ${size * 8 - 1}${n}) and < 2${n} ** ${size * 8 - 1}${n}`;
      } else {
        range = `>= ${min}${n} and <= ${max}${n}`;
      }
      throw outOfRange('value', range, big ? `${value}n` : value);
    }
  }

  // Fixed-size accessors: [name, size, DataView type, min, max].
  const fixed = [
    ['UInt8', 1, 'Uint8', 0, 0xff],
    ['Int8', 1, 'Int8', -0x80, 0x7f],
    ['UInt16', 2, 'Uint16', 0, 0xffff],
    ['Int16', 2, 'Int16', -0x8000, 0x7fff],
    ['UInt32', 4, 'Uint32', 0, 0xffffffff],
    ['Int32', 4, 'Int32', -0x80000000, 0x7fffffff],
    ['Float', 4, 'Float32'],
    ['Double', 8, 'Float64'],
    ['BigUInt64', 8, 'BigUint64', 0n, 2n ** 64n - 1n],
    ['BigInt64', 8, 'BigInt64', -(2n ** 63n), 2n ** 63n - 1n],
  ];
  for (const [name, size, type, min, max] of fixed) {
    const get = DataView.prototype[`get${type}`];
    const set = DataView.prototype[`set${type}`];
    const big = type.startsWith('Big');
    const ends = size === 1 ? [''] : ['LE', 'BE'];
    for (const end of ends) {
      const little = end === 'LE';
      const read = function (offset = 0) {
        offset = checkOffset(this, offset, size);
        return get.call(view(this), offset, little);
      };
      const write = function (value, offset = 0) {
        if (min !== undefined) checkValue(value, min, max, size, big);
        else value = +value;
        offset = checkOffset(this, offset, size);
        set.call(view(this), offset, value, little);
        return offset + size;
      };
      Object.defineProperty(read, 'name', { value: `read${name}${end}` });
      Object.defineProperty(write, 'name', { value: `write${name}${end}` });
      for (const n of new Set([name, name.replace('UInt', 'Uint')])) {
        proto[`read${n}${end}`] = read;
        proto[`write${n}${end}`] = write;
      }
    }
  }

  function checkByteLength(byteLength) {
    if (typeof byteLength !== 'number') throw invalidArgType('byteLength', 'of type number', byteLength);
    if (!Number.isInteger(byteLength) || byteLength < 1 || byteLength > 6) throw outOfRange('byteLength', '>= 1 and <= 6', byteLength);
  }

  // Variable-size accessors (readUIntLE(offset, byteLength) and friends)
  // work on at most 6 bytes, so plain numbers hold them exactly.
  function readVar(buf, offset, byteLength, little, signed) {
    checkByteLength(byteLength);
    offset = checkOffset(buf, offset, byteLength);
    let v = 0;
    for (let i = 0; i < byteLength; i++) {
      const b = buf[offset + (little ? byteLength - 1 - i : i)];
      v = v * 256 + b;
    }
    const limit = 2 ** (8 * byteLength);
    if (signed && v >= limit / 2) v -= limit;
    return v;
  }

  function writeVar(buf, value, offset, byteLength, little, signed) {
    checkByteLength(byteLength);
    const limit = 2 ** (8 * byteLength);
    if (signed) checkValue(value, -limit / 2, limit / 2 - 1, byteLength, false);
    else checkValue(value, 0, limit - 1, byteLength, false);
    offset = checkOffset(buf, offset, byteLength);
    let v = value < 0 ? value + limit : value;
    for (let i = 0; i < byteLength; i++) {
      buf[offset + (little ? i : byteLength - 1 - i)] = v % 256;
      v = Math.floor(v / 256);
    }
    return offset + byteLength;
  }

  for (const [n, signed] of [['UInt', false], ['Uint', false], ['Int', true]]) {
    for (const end of ['LE', 'BE']) {
      const little = end === 'LE';
      proto[`read${n}${end}`] = function (offset, byteLength) {
        return readVar(this, offset, byteLength, little, signed);
      };
      proto[`write${n}${end}`] = function (value, offset, byteLength) {
        return writeVar(this, value, offset, byteLength, little, signed);
      };
    }
  }

  // ---- module ----

  function SlowBuffer(size) {
    return Buffer.allocUnsafeSlow(size);
  }
  SlowBuffer.prototype = FastBuffer.prototype;
  Object.setPrototypeOf(SlowBuffer, Uint8Array);

  exports.Buffer = Buffer;
  exports.SlowBuffer = SlowBuffer;
  exports.kMaxLength = kMaxLength;
  exports.kStringMaxLength = kStringMaxLength;
  exports.constants = Object.freeze({ MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: kStringMaxLength });
  exports.INSPECT_MAX_BYTES = INSPECT_MAX_BYTES;
  exports.isUtf8 = function isUtf8(input) {
    if (!ArrayBuffer.isView(input) && !isAnyArrayBuffer(input)) {
      throw invalidArgType('input', 'an instance of ArrayBuffer, Buffer, or TypedArray', input);
    }
    return lib.isUtf8(input);
  };
  exports.isAscii = function isAscii(input) {
    if (!ArrayBuffer.isView(input) && !isAnyArrayBuffer(input)) {
      throw invalidArgType('input', 'an instance of ArrayBuffer, Buffer, or TypedArray', input);
    }
    return lib.isAscii(input);
  };
  if (typeof atob === 'function') exports.atob = atob;
  if (typeof btoa === 'function') exports.btoa = btoa;
})
