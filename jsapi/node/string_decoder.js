// node:string_decoder: StringDecoder decodes a byte stream chunk by chunk
// without splitting characters: utf8 (through the TextDecoder global),
// utf16le, base64/base64url, and the stateless hex, latin1 and ascii.
(function (module, exports, require, lib) {
  'use strict';

  const { codeError, invalidArgType } = lib.errors;
  const { Buffer } = require('buffer');
  const kState = Symbol('kState');

  function normalize(enc) {
    const e = `${enc ?? 'utf8'}`.toLowerCase();
    switch (e) {
      case 'utf8': case 'utf-8': return 'utf8';
      case 'ucs2': case 'ucs-2': case 'utf16le': case 'utf-16le': return 'utf16le';
      case 'latin1': case 'binary': return 'latin1';
      case 'base64': case 'base64url': case 'hex': case 'ascii': return e;
      default: throw codeError(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${enc}`);
    }
  }

  function toBuffer(buf) {
    if (buf instanceof Uint8Array) return buf;
    if (ArrayBuffer.isView(buf)) return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    throw invalidArgType('buf', 'an instance of Buffer, TypedArray, or DataView', buf);
  }

  function concat(a, b) {
    if (a.length === 0) return b;
    const out = new Uint8Array(a.length + b.length);
    out.set(a);
    out.set(b, a.length);
    return out;
  }

  class StringDecoder {
    constructor(encoding) {
      this.encoding = normalize(encoding);
      this[kState] = {
        pending: new Uint8Array(0),
        utf8: this.encoding === 'utf8' ? new TextDecoder('utf-8', { ignoreBOM: true }) : null,
      };
    }

    write(buf) {
      if (typeof buf === 'string') return buf;
      const bytes = toBuffer(buf);
      const s = this[kState];
      switch (this.encoding) {
        case 'utf8':
          return s.utf8.decode(bytes, { stream: true });
        case 'utf16le': {
          let all = concat(s.pending, bytes);
          let end = all.length - (all.length % 2);
          // Hold back a high surrogate until its pair arrives.
          if (end >= 2) {
            const last = all[end - 2] | (all[end - 1] << 8);
            if (last >= 0xd800 && last <= 0xdbff) end -= 2;
          }
          s.pending = all.slice(end);
          all = all.subarray(0, end);
          return Buffer.from(all.buffer, all.byteOffset, all.byteLength).toString('utf16le');
        }
        case 'base64':
        case 'base64url': {
          const all = concat(s.pending, bytes);
          const end = all.length - (all.length % 3);
          s.pending = all.slice(end);
          const whole = all.subarray(0, end);
          return Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength).toString(this.encoding);
        }
        default:
          return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(this.encoding);
      }
    }

    end(buf) {
      let r = buf === undefined ? '' : this.write(buf);
      const s = this[kState];
      if (this.encoding === 'utf8') {
        r += s.utf8.decode();
      } else if (s.pending.length > 0) {
        const p = s.pending;
        s.pending = new Uint8Array(0);
        const whole = this.encoding === 'utf16le' ? p.subarray(0, p.length - (p.length % 2)) : p;
        r += Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength).toString(this.encoding);
      }
      return r;
    }

    text(buf, offset) {
      return this.write(toBuffer(buf).subarray(offset));
    }
  }

  exports.StringDecoder = StringDecoder;
})
