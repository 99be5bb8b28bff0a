// WeakRef, FinalizationRegistry, SharedArrayBuffer and Atomics, which the
// pinned goja lacks: split from lang.js so they run on a runtime's first use
// (webapi.go's lazyModules), with lang.js's helpers from internal.lang.
(function (internal) {
  "use strict";
  const exports = {};
  const { define, defineGetter, isObject, toIntegerOrInfinity, byteLengthOf, sliceOf } = internal.lang;
  const shared = (internal.lang.shared ??= new WeakSet()); // the SharedArrayBuffers

  // --- WeakRef / FinalizationRegistry (ES2021) ---
  const canBeHeldWeakly = (v) => isObject(v) || (typeof v === "symbol" && Symbol.keyFor(v) === undefined);
  // Targets stay strongly held until the current job ends (KeepDuringJob).
  let kept = null;
  const keep = (v) => {
    if (kept === null) {
      kept = [];
      Promise.resolve().then(() => {
        kept = null;
      });
    }
    kept.push(v);
  };
  {
    class WeakRef {
      #deref;
      constructor(target) {
        if (new.target === undefined) throw new TypeError("Constructor WeakRef requires 'new'");
        if (!canBeHeldWeakly(target)) throw new TypeError("WeakRef: invalid target");
        // Symbols cannot be tracked weakly here; holding one strongly is
        // allowed (collection is never guaranteed).
        this.#deref = typeof target === "symbol" ? () => target : internal.weakRefTarget(target);
        keep(target);
      }
      deref() {
        const v = this.#deref();
        if (v !== undefined) keep(v);
        return v;
      }
      get [Symbol.toStringTag]() {
        return "WeakRef";
      }
    }
    Object.defineProperty(WeakRef.prototype, Symbol.toStringTag, { value: "WeakRef", configurable: true });
    exports.WeakRef = WeakRef;
  }
  {
    // Cleanup callbacks never run: the spec allows an implementation never
    // to call them, and goja cannot report collection on the loop.
    // Registrations are counted per unregister token, held weakly.
    class FinalizationRegistry {
      #cleanup;
      #tokens = new WeakMap();
      constructor(cleanupCallback) {
        if (new.target === undefined) throw new TypeError("Constructor FinalizationRegistry requires 'new'");
        if (typeof cleanupCallback !== "function") throw new TypeError("FinalizationRegistry: cleanup must be callable");
        this.#cleanup = cleanupCallback;
      }
      register(target, heldValue, unregisterToken = undefined) {
        if (!canBeHeldWeakly(target)) throw new TypeError("FinalizationRegistry.prototype.register: invalid target");
        if (Object.is(target, heldValue)) throw new TypeError("FinalizationRegistry.prototype.register: target and holdings must not be same");
        if (unregisterToken !== undefined) {
          if (!canBeHeldWeakly(unregisterToken) || typeof unregisterToken === "symbol") {
            if (!isObject(unregisterToken)) throw new TypeError("FinalizationRegistry.prototype.register: invalid unregister token");
          }
          this.#tokens.set(unregisterToken, (this.#tokens.get(unregisterToken) || 0) + 1);
        }
        return undefined;
      }
      unregister(unregisterToken) {
        if (!isObject(unregisterToken)) throw new TypeError("Invalid unregisterToken ('" + String(unregisterToken) + "')");
        return this.#tokens.delete(unregisterToken);
      }
    }
    Object.defineProperty(FinalizationRegistry.prototype, Symbol.toStringTag, { value: "FinalizationRegistry", configurable: true });
    exports.FinalizationRegistry = FinalizationRegistry;
  }

  // --- SharedArrayBuffer (one thread) ---
  // A SharedArrayBuffer is a goja ArrayBuffer re-prototyped, so typed arrays
  // and DataView accept it; nothing else can share its memory.
  {
    function SharedArrayBuffer(length) {
      if (new.target === undefined) throw new TypeError("Constructor SharedArrayBuffer requires 'new'");
      const buf = new ArrayBuffer(length);
      Object.setPrototypeOf(buf, new.target.prototype);
      shared.add(buf);
      return buf;
    }
    const sabProto = SharedArrayBuffer.prototype;
    const thisShared = (v) => {
      if (!shared.has(v)) throw new TypeError("Method SharedArrayBuffer.prototype method called on incompatible receiver");
      return v;
    };
    defineGetter(sabProto, "byteLength", function () {
      return byteLengthOf.call(thisShared(this));
    });
    defineGetter(sabProto, "growable", function () {
      thisShared(this);
      return false;
    });
    defineGetter(sabProto, "maxByteLength", function () {
      return byteLengthOf.call(thisShared(this));
    });
    define(sabProto, "slice", function slice(start, end) {
      const copy = sliceOf.call(thisShared(this), start, end);
      Object.setPrototypeOf(copy, sabProto);
      shared.add(copy);
      return copy;
    });
    define(sabProto, "grow", function grow() {
      throw new TypeError("not supported: growable SharedArrayBuffer (SharedArrayBuffer.prototype.grow)");
    });
    Object.defineProperty(sabProto, Symbol.toStringTag, { value: "SharedArrayBuffer", configurable: true });
    Object.defineProperty(SharedArrayBuffer, Symbol.species, {
      get: Object.defineProperty(function () {
        return this;
      }, "name", { value: "get [Symbol.species]" }),
      configurable: true,
    });
    exports.SharedArrayBuffer = SharedArrayBuffer;
  }

  // --- Atomics (one thread: every operation is trivially atomic) ---
  {
    const typedArrayProto = Object.getPrototypeOf(Int8Array.prototype);
    const tagOf = Object.getOwnPropertyDescriptor(typedArrayProto, Symbol.toStringTag).get;
    const integerTypes = ["Int8Array", "Uint8Array", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "BigInt64Array", "BigUint64Array"];
    const validate = (ta, waitable) => {
      const tag = tagOf.call(ta);
      if (waitable ? tag !== "Int32Array" && tag !== "BigInt64Array" : !integerTypes.includes(tag)) {
        throw new TypeError(`${tag ?? Object.prototype.toString.call(ta)} is not an ${waitable ? "Int32Array or BigInt64Array" : "integer typed array"}.`);
      }
      if (internal.arrayBufferDetached(ta.buffer)) throw new TypeError("Cannot perform Atomics operation on a detached ArrayBuffer");
      return tag;
    };
    const index = (ta, i) => {
      const k = toIntegerOrInfinity(i);
      if (!(k >= 0 && k < ta.length)) throw new RangeError("Invalid atomic access index");
      return k;
    };
    const coerce = (tag, v) => (tag.startsWith("Big") ? BigInt(v) : toIntegerOrInfinity(v));
    const rmw = (op) =>
      function (ta, i, v) {
        const tag = validate(ta, false);
        const k = index(ta, i);
        const val = coerce(tag, v);
        const old = ta[k];
        ta[k] = op(old, val);
        return old;
      };
    const Atomics = {};
    const fns = {
      add: rmw((a, b) => a + b),
      sub: rmw((a, b) => a - b),
      and: rmw((a, b) => a & b),
      or: rmw((a, b) => a | b),
      xor: rmw((a, b) => a ^ b),
      exchange: rmw((a, b) => b),
      compareExchange(ta, i, expected, replacement) {
        const tag = validate(ta, false);
        const k = index(ta, i);
        // Compare as the element type would store the expected value.
        const scratch = new globalThis[tag](1);
        scratch[0] = coerce(tag, expected);
        const rep = coerce(tag, replacement);
        const old = ta[k];
        if (old === scratch[0]) ta[k] = rep;
        return old;
      },
      load(ta, i) {
        validate(ta, false);
        return ta[index(ta, i)];
      },
      store(ta, i, v) {
        const tag = validate(ta, false);
        const k = index(ta, i);
        const val = coerce(tag, v);
        ta[k] = val;
        return tag.startsWith("Big") ? val : val === 0 ? 0 : val;
      },
      isLockFree(size) {
        const n = toIntegerOrInfinity(size);
        return n === 1 || n === 2 || n === 4 || n === 8;
      },
      wait(ta, i, value, timeout) {
        const tag = validate(ta, true);
        if (!shared.has(ta.buffer)) throw new TypeError(String(tag) + " is not a shared typed array.");
        const k = index(ta, i);
        const v = coerce(tag, value);
        const t = timeout === undefined ? Infinity : Number(timeout);
        const ms = Number.isNaN(t) ? Infinity : Math.max(t, 0);
        if (ta[k] !== v) return "not-equal";
        // No other thread exists to notify this one, so waiting without a
        // timeout would hang the runtime for good.
        if (ms === Infinity) throw new TypeError("not supported: Atomics.wait without a timeout (no other thread can notify)");
        internal.atomicsSleep(ms);
        return "timed-out";
      },
      waitAsync(ta, i, value, timeout) {
        const tag = validate(ta, true);
        if (!shared.has(ta.buffer)) throw new TypeError(String(tag) + " is not a shared typed array.");
        const k = index(ta, i);
        const v = coerce(tag, value);
        const t = timeout === undefined ? Infinity : Number(timeout);
        const ms = Number.isNaN(t) ? Infinity : Math.max(t, 0);
        if (ta[k] !== v) return { async: false, value: "not-equal" };
        if (ms === 0) return { async: false, value: "timed-out" };
        const w = { buffer: ta.buffer, byteIndex: ta.byteOffset + k * ta.BYTES_PER_ELEMENT };
        const promise = new Promise((resolve) => {
          w.resolve = resolve;
        });
        if (ms !== Infinity) {
          w.timer = setTimeout(() => {
            waiters.delete(w);
            w.resolve("timed-out");
          }, ms);
        }
        waiters.add(w);
        return { async: true, value: promise };
      },
      notify(ta, i, count) {
        const tag = validate(ta, true);
        const k = index(ta, i);
        let c = count === undefined ? Infinity : Math.max(toIntegerOrInfinity(count), 0);
        if (!shared.has(ta.buffer)) return 0;
        const byteIndex = ta.byteOffset + k * ta.BYTES_PER_ELEMENT;
        let n = 0;
        for (const w of waiters) {
          if (c <= 0) break;
          if (w.buffer === ta.buffer && w.byteIndex === byteIndex) {
            waiters.delete(w);
            if (w.timer !== undefined) clearTimeout(w.timer);
            w.resolve("ok");
            n++;
            c--;
          }
        }
        void tag;
        return n;
      },
    };
    const waiters = new Set();
    for (const [name, fn] of Object.entries(fns)) {
      Object.defineProperty(fn, "name", { value: name });
      Object.defineProperty(Atomics, name, { value: fn, writable: true, enumerable: false, configurable: true });
    }
    Object.defineProperty(Atomics, Symbol.toStringTag, { value: "Atomics", configurable: true });
    exports.Atomics = Atomics;
  }

  return exports;
});
