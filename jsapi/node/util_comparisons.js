// Deep equality as Node's lib/internal/util/comparisons.js defines it, for
// util.isDeepStrictEqual and assert.deepEqual/deepStrictEqual. Evaluates to
// a function returning isDeepEqual(a, b, strict).
(function () {
  'use strict';

  const hasOwn = Object.hasOwn;
  const objectToString = (v) => Object.prototype.toString.call(v);
  const propertyIsEnumerable = Object.prototype.propertyIsEnumerable;
  const boxedValueOf = [Number, String, Boolean, BigInt, Symbol].map((C) => C.prototype.valueOf);

  function unbox(v) {
    for (const valueOf of boxedValueOf) {
      try {
        return { value: valueOf.call(v) };
      } catch {
        // not this kind of box
      }
    }
    return undefined;
  }

  function isDate(v) {
    try {
      Date.prototype.getTime.call(v);
      return true;
    } catch {
      return false;
    }
  }

  function ownKeys(v, strict) {
    const keys = Object.keys(v);
    if (strict) {
      for (const s of Object.getOwnPropertySymbols(v)) {
        if (propertyIsEnumerable.call(v, s)) keys.push(s);
      }
    }
    return keys;
  }

  function isDeepEqual(a, b, strict) {
    return innerEqual(a, b, strict, new Map());
  }

  function primitiveEqual(a, b, strict) {
    if (strict) return Object.is(a, b);
    // eslint-disable-next-line eqeqeq
    return a == b || (a !== a && b !== b);
  }

  function innerEqual(a, b, strict, memo) {
    if (a === b) return a !== 0 || !strict || Object.is(a, b);
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
      if (typeof a === 'function' || typeof b === 'function') return false;
      if ((typeof a === 'object' && a !== null) || (typeof b === 'object' && b !== null)) return false;
      return primitiveEqual(a, b, strict);
    }
    if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    const tag = objectToString(a);
    if (tag !== objectToString(b)) return false;

    // Cycles: a pair already being compared is assumed equal.
    let seen = memo.get(a);
    if (seen?.has(b)) return true;
    if (seen === undefined) {
      seen = new Set();
      memo.set(a, seen);
    }
    seen.add(b);
    try {
      return compareObjects(a, b, strict, memo, tag);
    } finally {
      seen.delete(b);
    }
  }

  function compareObjects(a, b, strict, memo, tag) {
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
    } else if (isDate(a)) {
      if (!isDate(b) || a.getTime() !== b.getTime()) return false;
    } else if (a instanceof RegExp) {
      if (!(b instanceof RegExp) || a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
    } else if (a instanceof Error) {
      if (!(b instanceof Error) || a.message !== b.message || a.name !== b.name) return false;
    } else if (ArrayBuffer.isView(a)) {
      if (!ArrayBuffer.isView(b) || a.byteLength !== b.byteLength) return false;
      if (!strict && (tag === '[object Float32Array]' || tag === '[object Float64Array]')) {
        for (let i = 0; i < a.length; i++) if (!primitiveEqual(a[i], b[i], false)) return false;
      } else {
        const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
        const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
        for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
      }
      // Only the non-index keys are left to compare.
      const ka = ownKeys(a, strict).filter((k) => typeof k !== 'string' || !/^\d+$/.test(k));
      const kb = ownKeys(b, strict).filter((k) => typeof k !== 'string' || !/^\d+$/.test(k));
      return keysEqual(a, b, ka, kb, strict, memo);
    } else if (a instanceof ArrayBuffer) {
      if (!(b instanceof ArrayBuffer) || a.byteLength !== b.byteLength) return false;
      const x = new Uint8Array(a);
      const y = new Uint8Array(b);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    } else if (a instanceof Set) {
      if (!(b instanceof Set) || a.size !== b.size || !setEqual(a, b, strict, memo)) return false;
    } else if (a instanceof Map) {
      if (!(b instanceof Map) || a.size !== b.size || !mapEqual(a, b, strict, memo)) return false;
    } else {
      const ua = unbox(a);
      if (ua !== undefined) {
        const ub = unbox(b);
        if (ub === undefined || !Object.is(ua.value, ub.value)) return false;
      }
    }
    return keysEqual(a, b, ownKeys(a, strict), ownKeys(b, strict), strict, memo);
  }

  function keysEqual(a, b, ka, kb, strict, memo) {
    if (ka.length !== kb.length) return false;
    for (const k of ka) {
      if (typeof k === 'symbol' ? !propertyIsEnumerable.call(b, k) : !hasOwn(b, k) || !propertyIsEnumerable.call(b, k)) return false;
    }
    for (const k of ka) {
      if (!innerEqual(a[k], b[k], strict, memo)) return false;
    }
    return true;
  }

  function setEqual(a, b, strict, memo) {
    let pending = null;
    for (const v of a) {
      if (typeof v === 'object' && v !== null) {
        (pending ??= []).push(v);
      } else if (!b.has(v)) {
        if (strict) return false;
        (pending ??= []).push(v);
      }
    }
    if (pending === null) return true;
    const candidates = [];
    for (const v of b) {
      if ((typeof v === 'object' && v !== null) || !a.has(v)) candidates.push(v);
    }
    for (const v of pending) {
      const i = candidates.findIndex((c) => innerEqual(v, c, strict, memo));
      if (i === -1) return false;
      candidates.splice(i, 1);
    }
    return candidates.length === 0;
  }

  function mapEqual(a, b, strict, memo) {
    let pending = null;
    for (const [k, v] of a) {
      if (typeof k === 'object' && k !== null) {
        (pending ??= []).push([k, v]);
      } else if (!b.has(k)) {
        if (strict) return false;
        (pending ??= []).push([k, v]);
      } else if (!innerEqual(v, b.get(k), strict, memo)) {
        return false;
      }
    }
    if (pending === null) return true;
    const candidates = [];
    for (const [k, v] of b) {
      if ((typeof k === 'object' && k !== null) || !a.has(k)) candidates.push([k, v]);
    }
    for (const [k, v] of pending) {
      const i = candidates.findIndex(([ck, cv]) => innerEqual(k, ck, strict, memo) && innerEqual(v, cv, strict, memo));
      if (i === -1) return false;
      candidates.splice(i, 1);
    }
    return candidates.length === 0;
  }

  return isDeepEqual;
})
