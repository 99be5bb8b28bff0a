// The Set methods of ES2025 (in Node 22), which the pinned goja lacks:
// split from lang.js so they run on a runtime's first read of one of them
// (webapi.go's lazyProps), with lang.js's helpers from internal.lang.
(function (internal) {
  "use strict";
  const exports = {};
  const { define, isObject, toIntegerOrInfinity } = internal.lang;

  // --- Set methods (ES2025, in Node 22) ---
  function setLike(other) {
    if (!isObject(other)) throw new TypeError("The 'other' argument must be set-like");
    const size = Number(other.size);
    if (Number.isNaN(size)) throw new TypeError("The 'other' argument must have a numeric size");
    const has = other.has;
    const keys = other.keys;
    if (typeof has !== "function" || typeof keys !== "function") throw new TypeError("The 'other' argument must be set-like");
    return {
      size: toIntegerOrInfinity(size),
      has: (v) => Boolean(has.call(other, v)),
      *keys() {
        const it = keys.call(other);
        for (;;) {
          const r = it.next();
          if (r.done) return;
          yield r.value;
        }
      },
    };
  }
  const thisSet = (s) => {
    if (!(s instanceof Set)) throw new TypeError("Method called on incompatible receiver");
    return s;
  };
  const setMethods = {
    union(other) {
      const o = setLike(other);
      const out = new Set(thisSet(this));
      for (const v of o.keys()) out.add(v);
      return out;
    },
    intersection(other) {
      const s = thisSet(this);
      const o = setLike(other);
      const out = new Set();
      if (s.size <= o.size) {
        for (const v of [...s]) if (o.has(v)) out.add(v);
      } else {
        for (const v of o.keys()) if (s.has(v)) out.add(v);
      }
      return out;
    },
    difference(other) {
      const s = thisSet(this);
      const o = setLike(other);
      const out = new Set(s);
      if (s.size <= o.size) {
        for (const v of [...s]) if (o.has(v)) out.delete(v);
      } else {
        for (const v of o.keys()) out.delete(v);
      }
      return out;
    },
    symmetricDifference(other) {
      const s = thisSet(this);
      const o = setLike(other);
      const out = new Set(s);
      for (const v of o.keys()) {
        if (s.has(v)) out.delete(v);
        else out.add(v);
      }
      return out;
    },
    isSubsetOf(other) {
      const s = thisSet(this);
      const o = setLike(other);
      if (s.size > o.size) return false;
      for (const v of [...s]) if (!o.has(v)) return false;
      return true;
    },
    isSupersetOf(other) {
      const s = thisSet(this);
      const o = setLike(other);
      if (s.size < o.size) return false;
      for (const v of o.keys()) if (!s.has(v)) return false;
      return true;
    },
    isDisjointFrom(other) {
      const s = thisSet(this);
      const o = setLike(other);
      if (s.size <= o.size) {
        for (const v of [...s]) if (o.has(v)) return false;
      } else {
        for (const v of o.keys()) if (s.has(v)) return false;
      }
      return true;
    },
  };
  for (const [name, fn] of Object.entries(setMethods)) define(Set.prototype, name, fn);

  return exports;
})
