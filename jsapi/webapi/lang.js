// Language built-ins Node 22 (V8 12) has and the pinned goja lacks:
// ES2023-2025 additions, V8's Error.captureStackTrace, WeakRef and
// FinalizationRegistry, SharedArrayBuffer and Atomics (one thread), and
// Node's `global`. Each is installed only when missing, so a goja upgrade
// that adds one wins.
(function (internal) {
  "use strict";
  const exports = {};
  const define = (obj, name, value) => {
    if (Object.prototype.hasOwnProperty.call(obj, name)) return;
    if (typeof value === "function" && typeof name === "string") Object.defineProperty(value, "name", { value: name });
    Object.defineProperty(obj, name, { value, writable: true, enumerable: false, configurable: true });
  };
  const defineGetter = (obj, name, get) => {
    if (Object.prototype.hasOwnProperty.call(obj, name)) return;
    Object.defineProperty(get, "name", { value: "get " + name });
    Object.defineProperty(obj, name, { get, enumerable: false, configurable: true });
  };
  const isObject = (v) => (typeof v === "object" && v !== null) || typeof v === "function";
  const toIntegerOrInfinity = (v) => {
    const n = Number(v);
    if (Number.isNaN(n) || n === 0) return 0;
    if (!Number.isFinite(n)) return n;
    return Math.trunc(n);
  };
  const shared = new WeakSet(); // SharedArrayBuffers (see below)
  const asyncIteratorSymbol = Symbol.asyncIterator || Symbol.for("Symbol.asyncIterator");

  // Node's `global` is globalThis (writable, enumerable, configurable there).
  if (!("global" in globalThis)) {
    Object.defineProperty(globalThis, "global", { value: globalThis, writable: true, enumerable: true, configurable: true });
  }

  // --- Error.captureStackTrace / Error.stackTraceLimit (V8) ---
  // goja's frames ("\tat fn (file:1:2(34))") are parsed into V8-style
  // CallSites, for Error.prepareStackTrace (depd and friends), and printed
  // the way V8 prints them ("    at fn (file:1:2)").
  const frameRe = /^\s*at (?:(.*?) \((.*)\)|(.*))$/;
  function parseFrame(line) {
    const m = frameRe.exec(line);
    if (!m) return null;
    const fn = m[1] === undefined || m[1] === "" ? null : m[1];
    const loc = m[2] ?? m[3];
    if (loc === "native") return { fn, file: null, line: null, col: null, native: true };
    const lm = /^(.*):(\d+):(\d+)(?:\(\d+\))?$/.exec(loc);
    return { fn, file: lm ? lm[1] : loc, line: lm ? Number(lm[2]) : null, col: lm ? Number(lm[3]) : null, native: false };
  }
  function frameText(f) {
    const where = f.native ? "native" : f.line === null ? f.file : `${f.file}:${f.line}:${f.col}`;
    return f.fn ? `    at ${f.fn} (${where})` : `    at ${where}`;
  }
  class CallSite {
    #f;
    constructor(f) {
      this.#f = f;
    }
    getThis() {
      return undefined;
    }
    getTypeName() {
      return null;
    }
    getFunction() {
      return undefined;
    }
    getFunctionName() {
      return this.#f.fn;
    }
    getMethodName() {
      return null;
    }
    getFileName() {
      return this.#f.file ?? undefined;
    }
    getLineNumber() {
      return this.#f.line;
    }
    getColumnNumber() {
      return this.#f.col;
    }
    getEnclosingLineNumber() {
      return this.#f.line;
    }
    getEnclosingColumnNumber() {
      return this.#f.col;
    }
    getEvalOrigin() {
      return undefined;
    }
    getScriptNameOrSourceURL() {
      return this.#f.file ?? undefined;
    }
    getScriptHash() {
      return "";
    }
    getPosition() {
      return 0;
    }
    getPromiseIndex() {
      return null;
    }
    isToplevel() {
      return this.#f.fn === null;
    }
    isEval() {
      return false;
    }
    isNative() {
      return this.#f.native;
    }
    isConstructor() {
      return false;
    }
    isAsync() {
      return false;
    }
    isPromiseAll() {
      return false;
    }
    toString() {
      return frameText(this.#f).trim().slice(3);
    }
  }
  define(Error, "stackTraceLimit", 10);
  define(Error, "captureStackTrace", function captureStackTrace(obj, constructorOpt) {
    if (!isObject(obj)) throw new TypeError("Invalid argument");
    let lines = String(new Error().stack).split("\n").slice(1);
    lines = lines.slice(1); // this function's own frame
    let frames = lines.map(parseFrame).filter((f) => f !== null);
    if (typeof constructorOpt === "function") {
      const name = constructorOpt.name;
      const i = name ? frames.findIndex((f) => f.fn === name) : -1;
      // V8 leaves out everything above (and including) the topmost call of
      // constructorOpt; a function not on the stack leaves no frames.
      if (name) frames = i >= 0 ? frames.slice(i + 1) : [];
    }
    const limit = Error.stackTraceLimit;
    frames = typeof limit === "number" ? frames.slice(0, Math.max(0, limit)) : [];
    const prepare = Error.prepareStackTrace;
    const stack =
      typeof prepare === "function" && prepare !== defaultPrepare
        ? prepare(obj, frames.map((f) => new CallSite(f)))
        : [errorHeader(obj), ...frames.map(frameText)].join("\n");
    Object.defineProperty(obj, "stack", { value: stack, writable: true, enumerable: false, configurable: true });
  });
  function errorHeader(obj) {
    const name = obj.name === undefined ? "Error" : String(obj.name);
    const message = obj.message === undefined ? "" : String(obj.message);
    if (name === "") return message;
    if (message === "") return name;
    return name + ": " + message;
  }
  // Node installs a default Error.prepareStackTrace that formats as V8
  // does; wrappers (source-map-support and the like) call it. goja's own
  // error stacks do not go through it: only captureStackTrace does.
  const defaultPrepare = function ErrorPrepareStackTrace(error, trace) {
    return [errorHeader(error), ...trace.map((cs) => "    at " + cs.toString())].join("\n");
  };
  define(Error, "prepareStackTrace", defaultPrepare);
  Object.defineProperty(defaultPrepare, "name", { value: "ErrorPrepareStackTrace" });

  // --- Object.groupBy / Map.groupBy (ES2024) ---
  function group(items, callback, keyed) {
    if (items === null || items === undefined) throw new TypeError("groupBy called on null or undefined");
    if (typeof callback !== "function") throw new TypeError("callback is not a function");
    const groups = new Map();
    let k = 0;
    for (const value of items) {
      let key = callback(value, k++);
      if (!keyed) key = typeof key === "symbol" ? key : String(key);
      else if (key === 0) key = 0; // -0 → +0
      const list = groups.get(key);
      if (list) list.push(value);
      else groups.set(key, [value]);
    }
    return groups;
  }
  define(Object, "groupBy", function groupBy(items, callback) {
    const out = Object.create(null);
    for (const [key, list] of group(items, callback, false)) out[key] = list;
    return out;
  });
  define(Map, "groupBy", function groupBy(items, callback) {
    return group(items, callback, true);
  });

  // --- Promise.withResolvers (ES2024) ---
  define(Promise, "withResolvers", function withResolvers() {
    let resolve, reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  });

  // --- Array.fromAsync (ES2024) ---
  define(Array, "fromAsync", async function fromAsync(items, mapFn = undefined, thisArg = undefined) {
    if (mapFn !== undefined && typeof mapFn !== "function") throw new TypeError("mapFn is not a function");
    const out = typeof this === "function" && this !== Array ? new this() : [];
    let k = 0;
    const push = async (v) => {
      out[k] = mapFn === undefined ? v : await mapFn.call(thisArg, v, k);
      k++;
    };
    if (items === null || items === undefined) throw new TypeError("items is not iterable");
    const asyncIter = items[asyncIteratorSymbol];
    if (asyncIter !== undefined && asyncIter !== null) {
      const it = asyncIter.call(items);
      for (;;) {
        const r = await it.next();
        if (r.done) break;
        await push(r.value);
      }
    } else if (typeof items[Symbol.iterator] === "function") {
      for (const v of items) await push(await v);
    } else {
      const o = Object(items);
      const len = Math.min(Math.max(toIntegerOrInfinity(o.length), 0), Number.MAX_SAFE_INTEGER);
      for (let i = 0; i < len; i++) await push(await o[i]);
    }
    out.length = k;
    return out;
  });

  // --- String.prototype.isWellFormed / toWellFormed (ES2024) ---
  const loneSurrogate = (s, i) => {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      return !(d >= 0xdc00 && d <= 0xdfff) ? 1 : 2;
    }
    return c >= 0xdc00 && c <= 0xdfff ? 1 : 0;
  };
  const thisString = (v, name) => {
    if (v === null || v === undefined) throw new TypeError(`String.prototype.${name} called on null or undefined`);
    return String(v);
  };
  define(String.prototype, "isWellFormed", function isWellFormed() {
    const s = thisString(this, "isWellFormed");
    for (let i = 0; i < s.length; i++) {
      const l = loneSurrogate(s, i);
      if (l === 1) return false;
      if (l === 2) i++;
    }
    return true;
  });
  define(String.prototype, "toWellFormed", function toWellFormed() {
    const s = thisString(this, "toWellFormed");
    let out = "";
    for (let i = 0; i < s.length; i++) {
      const l = loneSurrogate(s, i);
      if (l === 1) out += "\ufffd";
      else if (l === 2) out += s[i] + s[++i];
      else out += s[i];
    }
    return out;
  });

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

  // --- Iterator helpers (ES2025, in Node 22) ---
  const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
  if (typeof globalThis.Iterator !== "function") {
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

  // --- Async generator functions' intrinsics ---
  // goja has no async generators: esbuild lowers each to a plain function
  // and the bundler passes it to the function registered below, which
  // gives it a real one's prototype chain, so the usual way to reach
  // %AsyncIteratorPrototype% works:
  //   Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype)
  // The objects such a function returns are esbuild's, with their own
  // next/return/throw. AsyncGeneratorFunction cannot compile source at run
  // time, so calling it throws.
  {
    const lockedData = (obj, name, value) =>
      Object.defineProperty(obj, name, { value, writable: false, enumerable: false, configurable: true });
    const tag = (obj, name) => lockedData(obj, Symbol.toStringTag, name);
    const AsyncIteratorPrototype = {};
    const asyncIterator = function () {
      return this;
    };
    Object.defineProperty(asyncIterator, "name", { value: "[Symbol.asyncIterator]" });
    define(AsyncIteratorPrototype, asyncIteratorSymbol, asyncIterator);

    const AsyncGeneratorPrototype = Object.create(AsyncIteratorPrototype);
    for (const name of ["next", "return", "throw"]) {
      // A lowered generator object has its own method; reached through the
      // prototype (AsyncGeneratorPrototype.next.call(gen, v)), it is used.
      const method = {
        [name](v) {
          const own = this !== null && typeof this === "object" && Object.prototype.hasOwnProperty.call(this, name) ? this[name] : undefined;
          if (typeof own !== "function" || own === AsyncGeneratorPrototype[name]) {
            return Promise.reject(new TypeError(name + " method called on incompatible receiver " + String(this)));
          }
          return own.call(this, v);
        },
      }[name];
      define(AsyncGeneratorPrototype, name, method);
    }
    tag(AsyncGeneratorPrototype, "AsyncGenerator");

    const AsyncGeneratorFunction = function AsyncGeneratorFunction() {
      throw new TypeError("not supported: AsyncGeneratorFunction cannot compile source at run time (async generators are compiled ahead of time)");
    };
    Object.defineProperty(AsyncGeneratorFunction, "length", { value: 1 });
    Object.setPrototypeOf(AsyncGeneratorFunction, Function);
    const AsyncGeneratorFunctionPrototype = Object.create(Function.prototype);
    Object.defineProperty(AsyncGeneratorFunction, "prototype", { value: AsyncGeneratorFunctionPrototype, writable: false, enumerable: false, configurable: false });
    lockedData(AsyncGeneratorFunctionPrototype, "constructor", AsyncGeneratorFunction);
    lockedData(AsyncGeneratorFunctionPrototype, "prototype", AsyncGeneratorPrototype);
    tag(AsyncGeneratorFunctionPrototype, "AsyncGeneratorFunction");
    lockedData(AsyncGeneratorPrototype, "constructor", AsyncGeneratorFunctionPrototype);

    const markAsyncGeneratorFunction = (fn) => {
      Object.setPrototypeOf(fn, AsyncGeneratorFunctionPrototype);
      Object.defineProperty(fn, "prototype", { value: Object.create(AsyncGeneratorPrototype), writable: true, enumerable: false, configurable: false });
      return fn;
    };
    Object.defineProperty(globalThis, Symbol.for("pigo.asyncGeneratorFunction"), { value: markAsyncGeneratorFunction });
  }

  // --- ArrayBuffer.prototype.transfer / detached (ES2024) ---
  const abProto = ArrayBuffer.prototype;
  const byteLengthOf = Object.getOwnPropertyDescriptor(abProto, "byteLength").get;
  const isDetached = (buf) => {
    byteLengthOf.call(buf); // TypeError for a non-ArrayBuffer
    return internal.arrayBufferDetached(buf);
  };
  defineGetter(abProto, "detached", function () {
    return isDetached(this);
  });
  defineGetter(abProto, "resizable", function () {
    byteLengthOf.call(this);
    return false;
  });
  defineGetter(abProto, "maxByteLength", function () {
    return byteLengthOf.call(this);
  });
  // goja's ArrayBuffers have a fixed length: say so instead of ignoring
  // maxByteLength (a caller checking .resizable sees false either way).
  define(abProto, "resize", function resize() {
    throw new TypeError("not supported: resizable ArrayBuffer (ArrayBuffer.prototype.resize)");
  });
  function transfer(buf, newLength, name) {
    if (isDetached(buf)) throw new TypeError(`Cannot perform ArrayBuffer.prototype.${name} on a detached ArrayBuffer`);
    const len = newLength === undefined ? byteLengthOf.call(buf) : toIntegerOrInfinity(newLength);
    if (len < 0 || len > Number.MAX_SAFE_INTEGER) throw new RangeError("Invalid array buffer length");
    const out = new ArrayBuffer(len);
    new Uint8Array(out).set(new Uint8Array(buf, 0, Math.min(len, byteLengthOf.call(buf))));
    internal.detachArrayBuffer(buf);
    return out;
  }
  // goja slices a detached buffer into an empty one; V8 throws.
  const sliceOf = abProto.slice;
  Object.defineProperty(abProto, "slice", {
    value: Object.defineProperty(function slice(start, end) {
      if (!shared.has(this) && isDetached(this)) throw new TypeError("Cannot perform ArrayBuffer.prototype.slice on a detached ArrayBuffer");
      return sliceOf.call(this, start, end);
    }, "length", { value: 2 }),
    writable: true,
    enumerable: false,
    configurable: true,
  });
  define(abProto, "transfer", function transfer_(newLength = undefined) {
    return transfer(this, newLength, "transfer");
  });
  Object.defineProperty(abProto.transfer, "name", { value: "transfer" });
  define(abProto, "transferToFixedLength", function transferToFixedLength(newLength = undefined) {
    return transfer(this, newLength, "transferToFixedLength");
  });

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
  if (typeof globalThis.WeakRef !== "function") {
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
  if (typeof globalThis.FinalizationRegistry !== "function") {
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
  internal.uncloneableNames = ["WeakRef", "FinalizationRegistry"];

  // --- SharedArrayBuffer (one thread) ---
  // A SharedArrayBuffer is a goja ArrayBuffer re-prototyped, so typed arrays
  // and DataView accept it; nothing else can share its memory.
  if (typeof globalThis.SharedArrayBuffer !== "function") {
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
  internal.isSharedArrayBuffer = (v) => shared.has(v);

  // --- Atomics (one thread: every operation is trivially atomic) ---
  if (typeof globalThis.Atomics !== "object") {
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
