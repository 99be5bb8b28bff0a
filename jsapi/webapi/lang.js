// Language built-ins Node 22 (V8 12) has and the pinned goja lacks:
// ES2023-2025 additions, V8's Error.captureStackTrace and Node's `global`
// (WeakRef, FinalizationRegistry, SharedArrayBuffer and Atomics are in
// memory.js). Each is installed only when missing, so a goja upgrade
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
  const asyncIteratorSymbol = Symbol.asyncIterator || Symbol.for("Symbol.asyncIterator");

  // Node's `global` is globalThis (writable, enumerable, configurable there).
  if (!("global" in globalThis)) {
    Object.defineProperty(globalThis, "global", { value: globalThis, writable: true, enumerable: true, configurable: true });
  }

  // --- Error.captureStackTrace / Error.stackTraceLimit (V8) ---
  // goja's frames ("\tat fn (file:1:2(34))") are parsed into V8-style
  // CallSites, for Error.prepareStackTrace (depd and friends), and printed
  // the way V8 prints them ("    at fn (file:1:2)"). The helpers are made
  // on the first captureStackTrace or prepareStackTrace call: each function
  // object costs every runtime, and most never capture a stack.
  let stackTools;
  const makeStackTools = () => {
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
    // CallSite is made on the first captureStackTrace that needs it: its
    // two dozen methods would cost every runtime.
    let CallSite;
    const callSite = (f) => new (CallSite ??= callSiteClass())(f);
    const callSiteClass = () => class CallSite {
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
    };
    function errorHeader(obj) {
      const name = obj.name === undefined ? "Error" : String(obj.name);
      const message = obj.message === undefined ? "" : String(obj.message);
      if (name === "") return message;
      if (message === "") return name;
      return name + ": " + message;
    }
    return { parseFrame, frameText, callSite, errorHeader };
  };
  const stackHelpers = () => (stackTools ??= makeStackTools());
  define(Error, "stackTraceLimit", 10);
  define(Error, "captureStackTrace", function captureStackTrace(obj, constructorOpt) {
    if (!isObject(obj)) throw new TypeError("Invalid argument");
    const { parseFrame, frameText, callSite, errorHeader } = stackHelpers();
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
        ? prepare(obj, frames.map(callSite))
        : [errorHeader(obj), ...frames.map(frameText)].join("\n");
    Object.defineProperty(obj, "stack", { value: stack, writable: true, enumerable: false, configurable: true });
  });
  // Node installs a default Error.prepareStackTrace that formats as V8
  // does; wrappers (source-map-support and the like) call it. goja's own
  // error stacks do not go through it: only captureStackTrace does.
  const defaultPrepare = function ErrorPrepareStackTrace(error, trace) {
    return [stackHelpers().errorHeader(error), ...trace.map((cs) => "    at " + cs.toString())].join("\n");
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

  // --- Async generator functions' intrinsics ---
  // goja has no async generators: esbuild lowers each to a plain function
  // and the bundler passes it to the function registered below, which
  // gives it a real one's prototype chain, so the usual way to reach
  // %AsyncIteratorPrototype% works:
  //   Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype)
  // The objects such a function returns are esbuild's, with their own
  // next/return/throw. AsyncGeneratorFunction compiles its source through
  // the same lowering (asyncgen.go). The intrinsics are made on the first call
  // (nothing else reaches them): most runtimes have no async generator.
  let asyncGeneratorIntrinsics;
  const makeAsyncGeneratorIntrinsics = () => {
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

    // V8's source text of each constructed function, for toString.
    const sourceTexts = new WeakMap();
    let usingSourceTexts = false;
    const AsyncGeneratorFunction = function AsyncGeneratorFunction(...args) {
      const body = args.length ? String(args.pop()) : "";
      const params = args.map(String).join(",");
      const fn = internal.compileAsyncGenerator(params, body);
      if (!usingSourceTexts) {
        usingSourceTexts = true;
        internal.useSourceTexts((f) => sourceTexts.get(f));
      }
      sourceTexts.set(fn, "async function* anonymous(" + params + "\n) {\n" + body + "\n}");
      return fn;
    };
    Object.defineProperty(AsyncGeneratorFunction, "length", { value: 1 });
    Object.setPrototypeOf(AsyncGeneratorFunction, Function);
    const AsyncGeneratorFunctionPrototype = Object.create(Function.prototype);
    Object.defineProperty(AsyncGeneratorFunction, "prototype", { value: AsyncGeneratorFunctionPrototype, writable: false, enumerable: false, configurable: false });
    lockedData(AsyncGeneratorFunctionPrototype, "constructor", AsyncGeneratorFunction);
    lockedData(AsyncGeneratorFunctionPrototype, "prototype", AsyncGeneratorPrototype);
    tag(AsyncGeneratorFunctionPrototype, "AsyncGeneratorFunction");
    lockedData(AsyncGeneratorPrototype, "constructor", AsyncGeneratorFunctionPrototype);
    return { AsyncGeneratorPrototype, AsyncGeneratorFunctionPrototype };
  };
  const markAsyncGeneratorFunction = (fn) => {
    const { AsyncGeneratorPrototype, AsyncGeneratorFunctionPrototype } = (asyncGeneratorIntrinsics ??= makeAsyncGeneratorIntrinsics());
    Object.setPrototypeOf(fn, AsyncGeneratorFunctionPrototype);
    Object.defineProperty(fn, "prototype", { value: Object.create(AsyncGeneratorPrototype), writable: true, enumerable: false, configurable: false });
    return fn;
  };
  Object.defineProperty(globalThis, Symbol.for("pigo.asyncGeneratorFunction"), { value: markAsyncGeneratorFunction });

  // --- for-of (bundler/forof.go) ---
  // forOf(o) is what a rewritten for-of loops over: o itself when it is an
  // array iterated the built-in way (the loop indexes it, reading length
  // and each element as the array iterator does), else a stepper running
  // the iterator protocol as for-of does.
  const arrayValues = Array.prototype[Symbol.iterator];
  const arrayIteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]());
  const arrayIteratorNext = arrayIteratorPrototype.next;
  // The stepper class is made on the first loop over something other than
  // an array: most runtimes never loop over anything else.
  let ForOfStepper;
  const forOfStepperClass = () => {
    const notObject = (what, v) => new TypeError(`${what} ${typeof v === "symbol" ? v.toString() : v} is not an object`);
    class Stepper {
      constructor(o, method) {
        const it = method.call(o);
        if (Object(it) !== it) throw notObject("Result of the Symbol.iterator method", it);
        this.it = it;
        this.nextMethod = it.next;
        this.done = false;
        this.count = 0;
        this.current = undefined;
      }
      // length is what the loop reads before each element, as it reads an
      // array's (so one loop serves both without a test per step): it is
      // IteratorStep and IteratorValue, the count of steps taken (one more
      // than the loop's index) or 0 once done. An error here leaves the
      // iterator done (for-of does not close it then).
      get length() {
        this.done = true;
        const r = this.nextMethod.call(this.it);
        if (Object(r) !== r) throw notObject("Iterator result", r);
        if (r.done) return 0;
        this.current = r.value;
        this.done = false;
        return ++this.count;
      }
      // close is IteratorClose after break, return or continue to an outer
      // loop: return()'s errors and a non-object result throw.
      close() {
        if (this.done) return;
        this.done = true;
        const ret = this.it.return;
        if (ret == null) return;
        const r = ret.call(this.it);
        if (Object(r) !== r) throw notObject("Iterator result", r);
      }
      // abort is IteratorClose while an error propagates: that error wins.
      abort() {
        if (this.done) return;
        this.done = true;
        try {
          const ret = this.it.return;
          if (ret != null) ret.call(this.it);
        } catch {}
      }
    }
    // The loop's element read, stepper[index], finds no such property on
    // the stepper nor its class and reaches this proxy, which answers with
    // the value of the last step. (No Object.prototype under it.)
    Object.setPrototypeOf(Stepper.prototype, new Proxy(Object.create(null), { get: (_target, _key, stepper) => stepper.current }));
    return Stepper;
  };
  // forOf.f tells the loop which it got (true: the array), so the loop
  // needs no Array.isArray of its own. It runs once per loop entered (a
  // render may enter thousands): Symbol.iterator and Array.isArray are
  // read once, here, rather than looked up as globals on every call.
  const iteratorSymbol = Symbol.iterator;
  const isArray = Array.isArray;
  // notIterable is V8's TypeError for a for-of source o that is not
  // iterable: the loop's text naming its source (msg, from the bundler)
  // when o has no Symbol.iterator, else o's type, as V8 words it.
  const notIterable = (o, method, msg) => {
    if (method == null && msg !== undefined) return new TypeError(msg);
    let site = typeof o;
    if (o === null) site = "object null";
    else if (site === "boolean" || site === "number") site += " " + String(o);
    else if (site === "string") site += ' "' + o + '"';
    return new TypeError(site + " is not iterable (cannot read property Symbol(Symbol.iterator))");
  };
  function forOf(o, msg) {
    const method = o == null ? undefined : o[iteratorSymbol];
    if (method === arrayValues && arrayIteratorPrototype.next === arrayIteratorNext && isArray(o)) {
      forOf.f = true;
      return o;
    }
    if (typeof method !== "function") throw notIterable(o, method, msg);
    const stepper = new (ForOfStepper ??= forOfStepperClass())(o, method);
    forOf.f = false;
    return stepper;
  }
  forOf.f = false;
  Object.defineProperty(globalThis, Symbol.for("pigo.forOf"), { value: forOf });

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
      if (!helpers.shared?.has(this) && isDetached(this)) throw new TypeError("Cannot perform ArrayBuffer.prototype.slice on a detached ArrayBuffer");
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

  // WeakRef, FinalizationRegistry, SharedArrayBuffer and Atomics are in
  // memory.js, which runs on first use and takes these helpers.
  // shared is the WeakSet of SharedArrayBuffers, which memory.js makes
  // with the first one: a WeakSet costs every runtime that has none.
  const helpers = { define, defineGetter, isObject, toIntegerOrInfinity, byteLengthOf, sliceOf, shared: undefined };
  internal.lang = helpers;
  internal.uncloneableNames = ["WeakRef", "FinalizationRegistry"];
  return exports;
});
