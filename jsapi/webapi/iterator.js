// The Iterator global and the iterator helpers of ES2025 (in Node 22),
// which the pinned goja lacks: split from lang.js so they run on a
// runtime's first read of Iterator or of one of the helpers on
// %IteratorPrototype% (webapi.go's lazyModules and lazyProps), with
// lang.js's helpers from internal.lang.
(function (internal) {
  "use strict";
  const exports = {};
  const { define, isObject, toIntegerOrInfinity } = internal.lang;

  // --- Iterator helpers (ES2025, in Node 22) ---
  const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
  // Install makes the global a lazy accessor that runs this file: reading
  // it here would run that accessor again.
  const own = Object.getOwnPropertyDescriptor(globalThis, "Iterator");
  if (!own || own.get !== undefined) {
    function Iterator() {
      if (new.target === undefined || new.target === Iterator) throw new TypeError("Abstract class Iterator not directly constructable");
    }
    Object.defineProperty(Iterator, "prototype", { value: IteratorPrototype, writable: false, enumerable: false, configurable: false });
    const getIterated = (o) => {
      if (!isObject(o)) throw new TypeError(String(o) + " is not an object");
      const next = o.next;
      return { it: o, next };
    };
    const step = (rec) => {
      const r = rec.next.call(rec.it);
      if (!isObject(r)) throw new TypeError("Iterator result " + String(r) + " is not an object");
      return r;
    };
    const close = (rec) => {
      const ret = rec.it.return;
      if (ret !== undefined && ret !== null) ret.call(rec.it);
    };
    const callable = (fn, name) => {
      if (typeof fn !== "function") throw new TypeError(String(fn) + " is not a function");
      return fn;
    };
    // helper wraps a generator so that return() closes the underlying
    // iterator while it is still open, as IteratorHelper objects do.
    const HelperPrototype = Object.create(IteratorPrototype);
    const kGen = Symbol("gen");
    Object.defineProperty(HelperPrototype, "next", {
      value: function next() {
        return this[kGen].next();
      },
      writable: true,
      configurable: true,
    });
    Object.defineProperty(HelperPrototype, "return", {
      value: function return_() {
        return this[kGen].return(undefined);
      },
      writable: true,
      configurable: true,
    });
    Object.defineProperty(HelperPrototype.return, "name", { value: "return" });
    Object.defineProperty(HelperPrototype, Symbol.toStringTag, { value: "Iterator Helper", configurable: true });
    const helper = (rec, body) => {
      let open = true;
      function* gen() {
        let normal = false;
        try {
          yield* body(() => {
            const r = step(rec);
            if (r.done) open = false;
            return r;
          });
          normal = true;
        } finally {
          if (!normal && open) {
            open = false;
            close(rec);
          }
        }
      }
      const h = Object.create(HelperPrototype);
      Object.defineProperty(h, kGen, { value: gen() });
      return h;
    };
    const counter = (v, name) => {
      const n = Number(v);
      if (Number.isNaN(n)) throw new RangeError(String(v) + " must be positive");
      const k = toIntegerOrInfinity(n);
      if (k < 0) throw new RangeError(String(v) + " must be positive");
      return k;
    };
    const methods = {
      map(mapper) {
        const rec = getIterated(this);
        callable(mapper);
        return helper(rec, function* (next) {
          for (let i = 0; ; i++) {
            const r = next();
            if (r.done) return;
            yield mapper(r.value, i);
          }
        });
      },
      filter(predicate) {
        const rec = getIterated(this);
        callable(predicate);
        return helper(rec, function* (next) {
          for (let i = 0; ; i++) {
            const r = next();
            if (r.done) return;
            if (predicate(r.value, i)) yield r.value;
          }
        });
      },
      take(limit) {
        const rec = getIterated(this);
        const n = counter(limit);
        return helper(rec, function* (next) {
          for (let i = 0; i < n; i++) {
            const r = next();
            if (r.done) return;
            yield r.value;
          }
          // Exhausting the limit closes the underlying iterator.
          throw kTakeDone;
        });
      },
      drop(limit) {
        const rec = getIterated(this);
        const n = counter(limit);
        return helper(rec, function* (next) {
          for (let i = 0; i < n; i++) if (next().done) return;
          for (;;) {
            const r = next();
            if (r.done) return;
            yield r.value;
          }
        });
      },
      flatMap(mapper) {
        const rec = getIterated(this);
        callable(mapper);
        return helper(rec, function* (next) {
          for (let i = 0; ; i++) {
            const r = next();
            if (r.done) return;
            const inner = mapper(r.value, i);
            if (!isObject(inner) && typeof inner !== "string") throw new TypeError("flatMap mapper must return an iterable or iterator");
            if (typeof inner === "string") throw new TypeError("flatMap mapper must return an iterable or iterator");
            const m = inner[Symbol.iterator];
            yield* m === undefined || m === null ? { [Symbol.iterator]: () => inner } : inner;
          }
        });
      },
      reduce(reducer, ...init) {
        const rec = getIterated(this);
        callable(reducer);
        let acc;
        let i = 0;
        if (init.length === 0) {
          const r = step(rec);
          if (r.done) throw new TypeError("Reduce of empty iterator with no initial value");
          acc = r.value;
          i = 1;
        } else acc = init[0];
        for (;; i++) {
          const r = step(rec);
          if (r.done) return acc;
          try {
            acc = reducer(acc, r.value, i);
          } catch (e) {
            close(rec);
            throw e;
          }
        }
      },
      toArray() {
        const rec = getIterated(this);
        const out = [];
        for (;;) {
          const r = step(rec);
          if (r.done) return out;
          out.push(r.value);
        }
      },
      forEach(fn) {
        const rec = getIterated(this);
        callable(fn);
        for (let i = 0; ; i++) {
          const r = step(rec);
          if (r.done) return undefined;
          try {
            fn(r.value, i);
          } catch (e) {
            close(rec);
            throw e;
          }
        }
      },
      some(predicate) {
        return search(this, predicate, (hit, v) => (hit ? { v: true } : null), false);
      },
      every(predicate) {
        return search(this, predicate, (hit, v) => (!hit ? { v: false } : null), true);
      },
      find(predicate) {
        return search(this, predicate, (hit, v) => (hit ? { v } : null), undefined);
      },
    };
    const kTakeDone = Symbol("take done");
    // take() ends by throwing kTakeDone inside the generator so that the
    // finally block closes the source; the helper turns it into done.
    const takeNext = HelperPrototype.next;
    Object.defineProperty(HelperPrototype, "next", {
      value: function next() {
        try {
          return takeNext.call(this);
        } catch (e) {
          if (e === kTakeDone) return { value: undefined, done: true };
          throw e;
        }
      },
      writable: true,
      configurable: true,
    });
    function search(o, predicate, decide, otherwise) {
      const rec = getIterated(o);
      callable(predicate);
      for (let i = 0; ; i++) {
        const r = step(rec);
        if (r.done) return otherwise;
        let hit;
        try {
          hit = predicate(r.value, i);
        } catch (e) {
          close(rec);
          throw e;
        }
        const d = decide(Boolean(hit), r.value);
        if (d) {
          close(rec);
          return d.v;
        }
      }
    }
    for (const [name, fn] of Object.entries(methods)) define(IteratorPrototype, name, fn);
    Object.defineProperty(IteratorPrototype, Symbol.toStringTag, {
      get: Object.defineProperty(function () {
        return "Iterator";
      }, "name", { value: "get [Symbol.toStringTag]" }),
      set(v) {
        if (this === IteratorPrototype) throw new TypeError("Cannot assign to read only property");
        Object.defineProperty(this, Symbol.toStringTag, { value: v, writable: true, enumerable: true, configurable: true });
      },
      configurable: true,
    });
    // Iterator.from wraps an iterator that does not inherit the helpers.
    const WrapPrototype = Object.create(IteratorPrototype);
    define(WrapPrototype, "next", function next() {
      return step(this[kGen]);
    });
    define(WrapPrototype, "return", function return_() {
      const rec = this[kGen];
      const ret = rec.it.return;
      if (ret === undefined || ret === null) return { value: undefined, done: true };
      return ret.call(rec.it);
    });
    Object.defineProperty(WrapPrototype.return, "name", { value: "return" });
    define(Iterator, "from", function from(o) {
      let it = o;
      if (typeof o === "string" || isObject(o)) {
        const m = o[Symbol.iterator];
        if (m !== undefined && m !== null) it = m.call(o);
      } else {
        throw new TypeError(String(o) + " is not an object");
      }
      if (!isObject(it)) throw new TypeError(String(it) + " is not an object");
      if (it instanceof Iterator) return it;
      const w = Object.create(WrapPrototype);
      Object.defineProperty(w, kGen, { value: getIterated(it) });
      return w;
    });
    exports.Iterator = Iterator;
  }

  return exports;
})
