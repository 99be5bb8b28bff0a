// node:querystring: parse / stringify with Node's rules ('+' is a space,
// repeated keys collect arrays, malformed escapes decode byte-wise instead
// of throwing, maxKeys), escape / unescape / unescapeBuffer.
(function (module, exports, require, lib) {
  'use strict';

  const { Buffer } = require('buffer');
  const { codeError } = lib.errors;

  function hexVal(c) {
    if (c >= 48 && c <= 57) return c - 48;
    if (c >= 65 && c <= 70) return c - 55;
    if (c >= 97 && c <= 102) return c - 87;
    return -1;
  }

  // unescapeBuffer decodes %XX sequences into bytes, leaving malformed
  // ones as they are (and '+' as a space when decodeSpaces).
  function unescapeBuffer(s, decodeSpaces) {
    const src = Buffer.from(String(s));
    const out = Buffer.allocUnsafe(src.length);
    let n = 0;
    for (let i = 0; i < src.length; i++) {
      const c = src[i];
      if (c === 43 && decodeSpaces) {
        out[n++] = 32;
        continue;
      }
      if (c === 37 && i + 2 < src.length) {
        const hi = hexVal(src[i + 1]), lo = hexVal(src[i + 2]);
        if (hi >= 0 && lo >= 0) {
          out[n++] = hi * 16 + lo;
          i += 2;
          continue;
        }
      }
      out[n++] = c;
    }
    return out.subarray(0, n);
  }

  function unescape(s, decodeSpaces) {
    try {
      return decodeURIComponent(s);
    } catch {
      return unescapeBuffer(s, decodeSpaces).toString();
    }
  }

  function escape(str) {
    if (typeof str !== 'string') {
      if (typeof str === 'object') str = String(str);
      else str += '';
    }
    try {
      return encodeURIComponent(str);
    } catch {
      throw codeError(URIError, 'ERR_INVALID_URI', 'URI malformed');
    }
  }

  function stringifyPrimitive(v) {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return '' + v;
    if (typeof v === 'bigint') return '' + v;
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    return '';
  }

  function stringify(obj, sep, eq, options) {
    sep = sep || '&';
    eq = eq || '=';
    const encode = typeof options?.encodeURIComponent === 'function' ? options.encodeURIComponent : escape;
    if (obj === null || typeof obj !== 'object') return '';
    const parts = [];
    for (const k of Object.keys(obj)) {
      const v = obj[k];
      const ks = encode(stringifyPrimitive(k)) + eq;
      if (Array.isArray(v)) {
        for (const item of v) parts.push(ks + encode(stringifyPrimitive(item)));
      } else {
        parts.push(ks + encode(stringifyPrimitive(v)));
      }
    }
    return parts.join(sep);
  }

  function parse(qs, sep, eq, options) {
    const obj = Object.create(null);
    if (typeof qs !== 'string' || qs.length === 0) return obj;
    sep = sep ? String(sep) : '&';
    eq = eq ? String(eq) : '=';
    let maxKeys = 1000;
    if (options && typeof options.maxKeys === 'number') maxKeys = options.maxKeys;
    const decode = typeof options?.decodeURIComponent === 'function' ? options.decodeURIComponent : unescape;
    let pairs = qs.split(sep);
    if (maxKeys > 0 && pairs.length > maxKeys) pairs = pairs.slice(0, maxKeys);
    const dec = (s) => {
      s = s.replace(/\+/g, ' ');
      try {
        return decode(s, true);
      } catch {
        return unescape(s, true);
      }
    };
    for (const pair of pairs) {
      if (pair.length === 0 && pairs.length > 1) continue;
      const i = pair.indexOf(eq);
      const k = dec(i >= 0 ? pair.slice(0, i) : pair);
      const v = i >= 0 ? dec(pair.slice(i + eq.length)) : '';
      if (!(k in obj)) obj[k] = v;
      else if (Array.isArray(obj[k])) obj[k].push(v);
      else obj[k] = [obj[k], v];
    }
    return obj;
  }

  exports.unescapeBuffer = unescapeBuffer;
  exports.unescape = unescape;
  exports.escape = escape;
  exports.stringify = stringify;
  exports.encode = stringify;
  exports.parse = parse;
  exports.decode = parse;
})
