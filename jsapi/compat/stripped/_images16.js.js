var __knownSymbol = (name, symbol) => (symbol = Symbol[name]) ? symbol : /* @__PURE__ */ Symbol.for("Symbol." + name);
var __typeError = (msg) => {
  throw TypeError(msg);
};
var __await = function(promise, isYieldStar) {
  this[0] = promise;
  this[1] = isYieldStar;
};
var __asyncGenerator = (__this, __arguments, generator) => {
  var resume = (k, v, yes, no) => {
    try {
      var x = generator[k](v), isAwait = (v = x.value) instanceof __await, done = x.done;
      Promise.resolve(isAwait ? v[0] : v).then((y) => isAwait ? resume(k === "return" ? k : "next", v[1] ? { done: y.done, value: y.value } : y, yes, no) : yes({ value: y, done })).catch((e) => resume("throw", e, yes, no));
    } catch (e) {
      no(e);
    }
  }, method = (k, call, wait, clear) => it[k] = (x) => (call = new Promise((yes, no, run) => (run = () => resume(k, x, yes, no), q ? q.then(run) : run())), clear = () => q === wait && (q = 0), q = wait = call.then(clear, clear), call), q, it = {};
  return generator = generator.apply(__this, __arguments), it[__knownSymbol("asyncIterator")] = () => it, method("next"), method("throw"), method("return"), it;
};
var __yieldStar = (value) => {
  var obj = value[__knownSymbol("asyncIterator")], isAwait = false, method, it = {};
  if (obj == null) {
    obj = value[__knownSymbol("iterator")]();
    method = (k) => it[k] = (x) => obj[k](x);
  } else {
    obj = obj.call(value);
    method = (k) => it[k] = (v) => {
      if (isAwait) {
        isAwait = false;
        if (k === "throw") throw v;
        return v;
      }
      isAwait = true;
      return {
        done: false,
        value: new __await(new Promise((resolve) => {
          var x = obj[k](v);
          if (!(x instanceof Object)) __typeError("Object expected");
          resolve(x);
        }), 1)
      };
    };
  }
  return it[__knownSymbol("iterator")] = () => it, method("next"), "throw" in obj ? method("throw") : it.throw = (x) => {
    throw x;
  }, "return" in obj && method("return"), it;
};
var __forAwait = (obj, it, method) => (it = obj[__knownSymbol("asyncIterator")]) ? it.call(obj) : (obj = obj[__knownSymbol("iterator")](), it = {}, method = (key, fn) => (fn = obj[key]) && (it[key] = (arg) => new Promise((yes, no, done) => (arg = fn.call(obj, arg), done = arg.done, Promise.resolve(arg.value).then((value) => yes({ value, done }), no)))), method("next"), method("return"), it);
var WeakRef = globalThis.WeakRef || class {
  constructor(v) {
    this.v = v;
  }
  deref() {
    return this.v;
  }
};
var FinalizationRegistry = globalThis.FinalizationRegistry || class {
  register() {
  }
  unregister() {
  }
};
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var require_x509_transport_state = __commonJS({
  "@earendil-works/pi-ai/node_modules/openai/internal/auth/x509-transport-state.js"(exports2, module2) {
    "use strict";
    if (typeof module2 !== "undefined" && module2 !== globalThis.module && typeof exports2 !== "undefined" && module2.exports === exports2) {
      Object.defineProperty(exports2, "__esModule", { value: true });
      exports2.findX509Credential = exports2.rememberX509Credential = exports2.findX509OAuthError = exports2.rememberX509OAuthError = exports2.isApprovedX509Client = exports2.markApprovedX509Client = exports2.isRetryableX509IssuerError = exports2.markRetryableX509IssuerError = exports2.isTransientX509ConnectionError = exports2.markTransientX509ConnectionError = exports2.rememberRegisteredX509Transport = exports2.findRegisteredX509Transport = void 0;
      const registeredX509Transports2 = /* @__PURE__ */ new WeakMap();
      const transientX509ConnectionErrors2 = /* @__PURE__ */ new WeakSet();
      const retryableX509IssuerErrors2 = /* @__PURE__ */ new WeakSet();
      const approvedX509Clients2 = /* @__PURE__ */ new WeakSet();
      const approvedX509OAuthErrors2 = /* @__PURE__ */ new WeakMap();
      const approvedX509Credentials2 = /* @__PURE__ */ new WeakMap();
      exports2.findRegisteredX509Transport = WeakMap.prototype.get.bind(registeredX509Transports2);
      exports2.rememberRegisteredX509Transport = WeakMap.prototype.set.bind(registeredX509Transports2);
      exports2.markTransientX509ConnectionError = WeakSet.prototype.add.bind(transientX509ConnectionErrors2);
      exports2.isTransientX509ConnectionError = WeakSet.prototype.has.bind(transientX509ConnectionErrors2);
      exports2.markRetryableX509IssuerError = WeakSet.prototype.add.bind(retryableX509IssuerErrors2);
      exports2.isRetryableX509IssuerError = WeakSet.prototype.has.bind(retryableX509IssuerErrors2);
      exports2.markApprovedX509Client = WeakSet.prototype.add.bind(approvedX509Clients2);
      exports2.isApprovedX509Client = WeakSet.prototype.has.bind(approvedX509Clients2);
      exports2.rememberX509OAuthError = WeakMap.prototype.set.bind(approvedX509OAuthErrors2);
      exports2.findX509OAuthError = WeakMap.prototype.get.bind(approvedX509OAuthErrors2);
      exports2.rememberX509Credential = WeakMap.prototype.set.bind(approvedX509Credentials2);
      exports2.findX509Credential = WeakMap.prototype.get.bind(approvedX509Credentials2);
    }
  }
});
var stdin_exports = __defProp({}, "__esModule", { value: true });
__export(stdin_exports, {
  generateImages: () => generateImages
});
module.exports = stdin_exports;
function __classPrivateFieldSet(receiver, state2, value, kind, f) {
  if (kind === "m")
    throw new TypeError("Private method is not writable");
  if (kind === "a" && !f)
    throw new TypeError("Private accessor was defined without a setter");
  if (typeof state2 === "function" ? receiver !== state2 || !f : !state2.has(receiver))
    throw new TypeError("Cannot write private member to an object whose class did not declare it");
  return kind === "a" ? f.call(receiver, value) : f ? f.value = value : state2.set(receiver, value), value;
}
function __classPrivateFieldGet(receiver, state2, kind, f) {
  if (kind === "a" && !f)
    throw new TypeError("Private accessor was defined without a getter");
  if (typeof state2 === "function" ? receiver !== state2 || !f : !state2.has(receiver))
    throw new TypeError("Cannot read private member from an object whose class did not declare it");
  return kind === "m" ? f : kind === "a" ? f.call(receiver) : f ? f.value : state2.get(receiver);
}
var uuid4 = function() {
  const { crypto } = globalThis;
  if (crypto?.randomUUID) {
    uuid4 = crypto.randomUUID.bind(crypto);
    return crypto.randomUUID();
  }
  const u8 = new Uint8Array(1);
  const randomByte = crypto ? () => crypto.getRandomValues(u8)[0] : () => Math.random() * 255 & 255;
  return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) => (+c ^ randomByte() & 15 >> +c / 4).toString(16));
};
function isAbortError(err) {
  return typeof err === "object" && err !== null && // Spec-compliant fetch implementations
  ("name" in err && err.name === "AbortError" || // Expo fetch
  "message" in err && String(err.message).includes("FetchRequestCanceledException"));
}
var castToError = (err) => {
  if (err instanceof Error)
    return err;
  if (typeof err === "object" && err !== null) {
    try {
      if (Object.prototype.toString.call(err) === "[object Error]") {
        const hasCause = "cause" in err;
        const error = new Error(err.message, hasCause ? { cause: err.cause } : {});
        if (err.stack)
          error.stack = err.stack;
        if (hasCause && !Object.prototype.hasOwnProperty.call(error, "cause"))
          error.cause = err.cause;
        if (err.name)
          error.name = err.name;
        return error;
      }
    } catch {
    }
    try {
      return new Error(JSON.stringify(err));
    } catch {
    }
  }
  return new Error(err);
};
var OpenAIError = class extends Error {
};
var APIError = class _APIError extends OpenAIError {
  constructor(status, error, message, headers) {
    super(`${_APIError.makeMessage(status, error, message)}`);
    this.status = status;
    this.headers = headers;
    this.requestID = headers?.get("x-request-id");
    this.error = error;
    const data = error;
    this.code = data?.["code"];
    this.param = data?.["param"];
    this.type = data?.["type"];
  }
  static makeMessage(status, error, message) {
    const msg = error?.message ? typeof error.message === "string" ? error.message : JSON.stringify(error.message) : error ? JSON.stringify(error) : message;
    if (status && msg) {
      return `${status} ${msg}`;
    }
    if (status) {
      return `${status} status code (no body)`;
    }
    if (msg) {
      return msg;
    }
    return "(no status code or body)";
  }
  static generate(status, errorResponse, message, headers) {
    if (!status || !headers) {
      return new APIConnectionError({ message, cause: castToError(errorResponse) });
    }
    const error = errorResponse?.["error"];
    if (status === 400) {
      return new BadRequestError(status, error, message, headers);
    }
    if (status === 401) {
      return new AuthenticationError(status, error, message, headers);
    }
    if (status === 403) {
      return new PermissionDeniedError(status, error, message, headers);
    }
    if (status === 404) {
      return new NotFoundError(status, error, message, headers);
    }
    if (status === 409) {
      return new ConflictError(status, error, message, headers);
    }
    if (status === 422) {
      return new UnprocessableEntityError(status, error, message, headers);
    }
    if (status === 429) {
      return new RateLimitError(status, error, message, headers);
    }
    if (status >= 500) {
      return new InternalServerError(status, error, message, headers);
    }
    return new _APIError(status, error, message, headers);
  }
};
var APIUserAbortError = class extends APIError {
  constructor({ message } = {}) {
    super(void 0, void 0, message || "Request was aborted.", void 0);
  }
};
var APIConnectionError = class extends APIError {
  constructor({ message, cause }) {
    super(void 0, void 0, message || "Connection error.", void 0);
    if (cause)
      this.cause = cause;
  }
};
var APIConnectionTimeoutError = class extends APIConnectionError {
  constructor({ message } = {}) {
    super({ message: message ?? "Request timed out." });
  }
};
var BadRequestError = class extends APIError {
};
var AuthenticationError = class extends APIError {
};
var PermissionDeniedError = class extends APIError {
};
var NotFoundError = class extends APIError {
};
var ConflictError = class extends APIError {
};
var UnprocessableEntityError = class extends APIError {
};
var RateLimitError = class extends APIError {
};
var InternalServerError = class extends APIError {
};
var InvalidWebhookSignatureError = class extends Error {
  constructor(message) {
    super(message);
  }
};
var OAuthError = class extends APIError {
  constructor(status, error, headers) {
    let finalMessage = "OAuth2 authentication error";
    let error_code = void 0;
    if (error && typeof error === "object") {
      const errorData = error;
      error_code = errorData["error"];
      const description = errorData["error_description"];
      if (description && typeof description === "string") {
        finalMessage = description;
      } else if (error_code) {
        finalMessage = error_code;
      }
    }
    super(status, error, finalMessage, headers);
    this.error_code = error_code;
  }
};
var SubjectTokenProviderError = class extends OpenAIError {
  constructor(message, provider, cause) {
    super(message);
    this.provider = provider;
    this.cause = cause;
  }
};
var startsWithSchemeRegexp = /^[a-z][a-z0-9+.-]*:/i;
var isAbsoluteURL = (url) => {
  return startsWithSchemeRegexp.test(url);
};
var isArray = (val) => (isArray = Array.isArray, isArray(val));
var isReadonlyArray = isArray;
function maybeObj(x) {
  if (typeof x !== "object") {
    return {};
  }
  return x ?? {};
}
function isEmptyObj(obj) {
  if (!obj)
    return true;
  for (const _k in obj)
    return false;
  return true;
}
function hasOwn(obj, key) {
  return Object.prototype.hasOwnProperty.call(obj, key);
}
var validatePositiveInteger = (name, n) => {
  if (typeof n !== "number" || !Number.isInteger(n)) {
    throw new OpenAIError(`${name} must be an integer`);
  }
  if (n < 0) {
    throw new OpenAIError(`${name} must be a positive integer`);
  }
  return n;
};
var safeJSON = (text) => {
  try {
    return JSON.parse(text);
  } catch (err) {
    return void 0;
  }
};
var sleep = (ms, ...signals) => new Promise((resolve, reject) => {
  const activeSignals = [...new Set(signals.filter((signal) => signal != null))];
  let timeout;
  let settled = false;
  const cleanup = () => {
    for (const signal of activeSignals) {
      try {
        signal.removeEventListener("abort", abort);
      } catch {
      }
    }
  };
  const settle = (callback) => {
    if (settled) {
      return;
    }
    settled = true;
    if (timeout !== void 0) {
      clearTimeout(timeout);
      timeout = void 0;
    }
    cleanup();
    callback();
  };
  const abort = () => {
    settle(() => reject());
  };
  if (activeSignals.some((signal) => signal.aborted)) {
    abort();
    return;
  }
  timeout = setTimeout(() => {
    settle(resolve);
  }, ms);
  for (const signal of activeSignals) {
    if (settled) {
      break;
    }
    try {
      signal.addEventListener("abort", abort, { once: true });
    } catch (error) {
      settle(() => reject(error));
    }
  }
  if (activeSignals.some((signal) => signal.aborted)) {
    abort();
  }
});
var weakGlobals = globalThis;
var finalizer = (
  // oxlint-disable-next-line anti-slop/no-runtime-typeof -- Weak references and finalizers are optional host capabilities, so probe them before constructing either.
  typeof weakGlobals.FinalizationRegistry === "function" ? new weakGlobals.FinalizationRegistry((cleanup) => {
    try {
      cleanup();
    } catch {
    }
  }) : void 0
);
var callbackOwners = /* @__PURE__ */ new WeakMap();
var subscriptions = /* @__PURE__ */ new WeakMap();
function subscribeWeakly(signal, reference, registry) {
  let subscription = subscriptions.get(signal);
  if (!subscription) {
    const callbacks = /* @__PURE__ */ new Set();
    const abort = () => {
      subscriptions.delete(signal);
      for (const callback of callbacks) {
        registry.unregister(callback);
        callback.deref()?.();
      }
      callbacks.clear();
    };
    subscription = { callbacks, abort };
    signal.addEventListener("abort", abort, { once: true });
    subscriptions.set(signal, subscription);
  }
  const owner = subscription;
  owner.callbacks.add(reference);
  return () => {
    owner.callbacks.delete(reference);
    registry.unregister(reference);
    if (owner.callbacks.size === 0) {
      if (subscriptions.get(signal) === owner) {
        subscriptions.delete(signal);
      }
      signal.removeEventListener("abort", owner.abort);
    }
  };
}
function releaseOnAbort(signal, callbacks, abort) {
  signal.addEventListener("abort", () => callbacks.deref()?.delete(abort), { once: true });
}
function retainRequestAbortCallback(owner, abort, requestSignal) {
  if (typeof weakGlobals.WeakRef === "function" && finalizer && !requestSignal.aborted) {
    let callbacks = callbackOwners.get(owner);
    if (!callbacks) {
      callbacks = /* @__PURE__ */ new Set();
      callbackOwners.set(owner, callbacks);
    }
    callbacks.add(abort);
    releaseOnAbort(requestSignal, new weakGlobals.WeakRef(callbacks), abort);
  }
}
function addRequestAbortListener(signal, abort, requestSignal) {
  if (signal.aborted) {
    abort();
    return () => {
    };
  }
  if (typeof weakGlobals.WeakRef !== "function" || !finalizer) {
    signal.addEventListener("abort", abort, { once: true });
    return () => signal.removeEventListener("abort", abort);
  }
  const reference = new weakGlobals.WeakRef(abort);
  const cleanup = subscribeWeakly(signal, reference, finalizer);
  finalizer.register(abort, cleanup, reference);
  retainRequestAbortCallback(requestSignal, abort, requestSignal);
  return cleanup;
}
function getDefaultFetch() {
  if (typeof fetch !== "undefined") {
    return fetch;
  }
  throw new Error("`fetch` is not defined as a global; Either pass `fetch` to the client, `new OpenAI({ fetch })` or polyfill the global, `globalThis.fetch = fetch`");
}
function makeReadableStream(...args) {
  const ReadableStream2 = globalThis.ReadableStream;
  if (typeof ReadableStream2 === "undefined") {
    throw new Error("`ReadableStream` is not defined as a global; You will need to polyfill it, `globalThis.ReadableStream = ReadableStream`");
  }
  return new ReadableStream2(...args);
}
function ReadableStreamFrom(iterable, strategy) {
  let iter = Symbol.asyncIterator in iterable ? iterable[Symbol.asyncIterator]() : iterable[Symbol.iterator]();
  return makeReadableStream({
    start() {
    },
    async pull(controller) {
      const { done, value } = await iter.next();
      if (done) {
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
    async cancel() {
      await iter.return?.();
    }
  }, strategy);
}
function ReadableStreamToAsyncIterable(stream) {
  if (stream[Symbol.asyncIterator])
    return stream;
  const reader = stream.getReader();
  return {
    async next() {
      try {
        const result = await reader.read();
        if (result?.done)
          reader.releaseLock();
        return result;
      } catch (e) {
        reader.releaseLock();
        throw e;
      }
    },
    async return() {
      const cancelPromise = reader.cancel();
      reader.releaseLock();
      await cancelPromise;
      return { done: true, value: void 0 };
    },
    [Symbol.asyncIterator]() {
      return this;
    }
  };
}
async function CancelReadableStream(stream) {
  if (stream === null || typeof stream !== "object")
    return;
  if (stream[Symbol.asyncIterator]) {
    await stream[Symbol.asyncIterator]().return?.();
    return;
  }
  const reader = stream.getReader();
  const cancelPromise = reader.cancel();
  reader.releaseLock();
  await cancelPromise;
}
var encodeUTF8_;
function encodeUTF8(str) {
  let encoder;
  return (encodeUTF8_ ?? (encoder = new globalThis.TextEncoder(), encodeUTF8_ = encoder.encode.bind(encoder)))(str);
}
var decodeUTF8_;
function decodeUTF8(bytes) {
  let decoder;
  return (decodeUTF8_ ?? (decoder = new globalThis.TextDecoder(), decodeUTF8_ = decoder.decode.bind(decoder)))(bytes);
}
var _LineDecoder_instances;
var _LineDecoder_buffer;
var _LineDecoder_start;
var _LineDecoder_end;
var _LineDecoder_searchIndex;
var _LineDecoder_skipLeadingLF;
var _LineDecoder_append;
var MAX_RETAINED_BUFFER_BYTES = 64 * 1024;
var LineDecoder = class {
  /** Creates a decoder with no buffered bytes or pending newline continuation. */
  constructor() {
    _LineDecoder_instances.add(this);
    _LineDecoder_buffer.set(this, void 0);
    _LineDecoder_start.set(this, void 0);
    _LineDecoder_end.set(this, void 0);
    _LineDecoder_searchIndex.set(this, void 0);
    _LineDecoder_skipLeadingLF.set(this, void 0);
    __classPrivateFieldSet(this, _LineDecoder_buffer, new Uint8Array(), "f");
    __classPrivateFieldSet(this, _LineDecoder_start, 0, "f");
    __classPrivateFieldSet(this, _LineDecoder_end, 0, "f");
    __classPrivateFieldSet(this, _LineDecoder_searchIndex, 0, "f");
    __classPrivateFieldSet(this, _LineDecoder_skipLeadingLF, false, "f");
  }
  /**
   * Appends a text or UTF-8 byte chunk and returns every newly completed line.
   *
   * Incomplete lines remain buffered for the next call. A trailing `\r`
   * completes its line immediately, and a following `\n` is consumed as its
   * continuation. `null` and `undefined` are ignored and do not flush buffered
   * content.
   */
  decode(chunk) {
    if (chunk == null) {
      return [];
    }
    let binaryChunk;
    if (chunk instanceof ArrayBuffer) {
      binaryChunk = new Uint8Array(chunk);
    } else if (typeof chunk === "string") {
      binaryChunk = encodeUTF8(chunk);
    } else {
      binaryChunk = chunk;
    }
    if (binaryChunk.length === 0) {
      return [];
    }
    if (__classPrivateFieldGet(this, _LineDecoder_skipLeadingLF, "f")) {
      __classPrivateFieldSet(this, _LineDecoder_skipLeadingLF, false, "f");
      if (binaryChunk[0] === 10) {
        binaryChunk = binaryChunk.subarray(1);
      }
      if (binaryChunk.length === 0) {
        return [];
      }
    }
    __classPrivateFieldGet(this, _LineDecoder_instances, "m", _LineDecoder_append).call(this, binaryChunk);
    const lines = [];
    let patternIndex;
    while ((patternIndex = findNewlineIndex(__classPrivateFieldGet(this, _LineDecoder_buffer, "f"), __classPrivateFieldGet(this, _LineDecoder_searchIndex, "f"), __classPrivateFieldGet(this, _LineDecoder_end, "f"))) != null) {
      const line = decodeUTF8(__classPrivateFieldGet(this, _LineDecoder_buffer, "f").subarray(__classPrivateFieldGet(this, _LineDecoder_start, "f"), patternIndex.preceding));
      lines.push(line);
      __classPrivateFieldSet(this, _LineDecoder_start, patternIndex.index, "f");
      if (patternIndex.carriage) {
        if (__classPrivateFieldGet(this, _LineDecoder_start, "f") < __classPrivateFieldGet(this, _LineDecoder_end, "f") && __classPrivateFieldGet(this, _LineDecoder_buffer, "f")[__classPrivateFieldGet(this, _LineDecoder_start, "f")] === 10) {
          __classPrivateFieldSet(this, _LineDecoder_start, __classPrivateFieldGet(this, _LineDecoder_start, "f") + 1, "f");
        } else if (__classPrivateFieldGet(this, _LineDecoder_start, "f") === __classPrivateFieldGet(this, _LineDecoder_end, "f")) {
          __classPrivateFieldSet(this, _LineDecoder_skipLeadingLF, true, "f");
        }
      }
      __classPrivateFieldSet(this, _LineDecoder_searchIndex, __classPrivateFieldGet(this, _LineDecoder_start, "f"), "f");
    }
    __classPrivateFieldSet(this, _LineDecoder_searchIndex, __classPrivateFieldGet(this, _LineDecoder_end, "f"), "f");
    if (__classPrivateFieldGet(this, _LineDecoder_start, "f") === __classPrivateFieldGet(this, _LineDecoder_end, "f")) {
      __classPrivateFieldSet(this, _LineDecoder_start, 0, "f");
      __classPrivateFieldSet(this, _LineDecoder_end, 0, "f");
      __classPrivateFieldSet(this, _LineDecoder_searchIndex, 0, "f");
      if (__classPrivateFieldGet(this, _LineDecoder_buffer, "f").length > MAX_RETAINED_BUFFER_BYTES) {
        __classPrivateFieldSet(this, _LineDecoder_buffer, new Uint8Array(), "f");
      }
    } else if (lines.length > 0 && __classPrivateFieldGet(this, _LineDecoder_buffer, "f").length > MAX_RETAINED_BUFFER_BYTES) {
      const length = __classPrivateFieldGet(this, _LineDecoder_end, "f") - __classPrivateFieldGet(this, _LineDecoder_start, "f");
      if (length <= MAX_RETAINED_BUFFER_BYTES || __classPrivateFieldGet(this, _LineDecoder_buffer, "f").length > length * 4) {
        const capacity = length <= MAX_RETAINED_BUFFER_BYTES ? Math.min(Math.max(length * 2, 256), MAX_RETAINED_BUFFER_BYTES) : length * 2;
        const buffer = new Uint8Array(capacity);
        buffer.set(__classPrivateFieldGet(this, _LineDecoder_buffer, "f").subarray(__classPrivateFieldGet(this, _LineDecoder_start, "f"), __classPrivateFieldGet(this, _LineDecoder_end, "f")));
        __classPrivateFieldSet(this, _LineDecoder_buffer, buffer, "f");
        __classPrivateFieldSet(this, _LineDecoder_start, 0, "f");
        __classPrivateFieldSet(this, _LineDecoder_end, length, "f");
        __classPrivateFieldSet(this, _LineDecoder_searchIndex, length, "f");
      }
    }
    return lines;
  }
  /** Emits the remaining unterminated line, or returns an empty array when idle. */
  flush() {
    __classPrivateFieldSet(this, _LineDecoder_skipLeadingLF, false, "f");
    if (__classPrivateFieldGet(this, _LineDecoder_start, "f") === __classPrivateFieldGet(this, _LineDecoder_end, "f")) {
      return [];
    }
    return this.decode("\n");
  }
};
_LineDecoder_buffer = /* @__PURE__ */ new WeakMap(), _LineDecoder_start = /* @__PURE__ */ new WeakMap(), _LineDecoder_end = /* @__PURE__ */ new WeakMap(), _LineDecoder_searchIndex = /* @__PURE__ */ new WeakMap(), _LineDecoder_skipLeadingLF = /* @__PURE__ */ new WeakMap(), _LineDecoder_instances = /* @__PURE__ */ new WeakSet(), _LineDecoder_append = function _LineDecoder_append2(chunk) {
  if (__classPrivateFieldGet(this, _LineDecoder_end, "f") + chunk.length > __classPrivateFieldGet(this, _LineDecoder_buffer, "f").length) {
    const length = __classPrivateFieldGet(this, _LineDecoder_end, "f") - __classPrivateFieldGet(this, _LineDecoder_start, "f");
    if (__classPrivateFieldGet(this, _LineDecoder_start, "f") >= __classPrivateFieldGet(this, _LineDecoder_buffer, "f").length / 2 && length + chunk.length <= __classPrivateFieldGet(this, _LineDecoder_buffer, "f").length) {
      __classPrivateFieldGet(this, _LineDecoder_buffer, "f").copyWithin(0, __classPrivateFieldGet(this, _LineDecoder_start, "f"), __classPrivateFieldGet(this, _LineDecoder_end, "f"));
    } else {
      const capacity = Math.max(__classPrivateFieldGet(this, _LineDecoder_buffer, "f").length * 2, length + chunk.length, 256);
      const buffer = new Uint8Array(capacity);
      buffer.set(__classPrivateFieldGet(this, _LineDecoder_buffer, "f").subarray(__classPrivateFieldGet(this, _LineDecoder_start, "f"), __classPrivateFieldGet(this, _LineDecoder_end, "f")));
      __classPrivateFieldSet(this, _LineDecoder_buffer, buffer, "f");
    }
    __classPrivateFieldSet(this, _LineDecoder_searchIndex, __classPrivateFieldGet(this, _LineDecoder_searchIndex, "f") - __classPrivateFieldGet(this, _LineDecoder_start, "f"), "f");
    __classPrivateFieldSet(this, _LineDecoder_end, length, "f");
    __classPrivateFieldSet(this, _LineDecoder_start, 0, "f");
  }
  __classPrivateFieldGet(this, _LineDecoder_buffer, "f").set(chunk, __classPrivateFieldGet(this, _LineDecoder_end, "f"));
  __classPrivateFieldSet(this, _LineDecoder_end, __classPrivateFieldGet(this, _LineDecoder_end, "f") + chunk.length, "f");
};
LineDecoder.NEWLINE_CHARS = /* @__PURE__ */ new Set(["\n", "\r"]);
LineDecoder.NEWLINE_REGEXP = /\r\n|[\n\r]/g;
function findNewlineIndex(buffer, start, end) {
  const newline = 10;
  const carriage = 13;
  for (let i = start; i < end; i++) {
    if (buffer[i] === newline) {
      return { preceding: i, index: i + 1, carriage: false };
    }
    if (buffer[i] === carriage) {
      return { preceding: i, index: i + 1, carriage: true };
    }
  }
  return null;
}
function findDoubleNewlineIndex(buffer) {
  for (let i = 0; i < buffer.length - 1; i++) {
    const firstEndingLength = lineEndingLength(buffer, i);
    if (firstEndingLength > 0) {
      const secondEndingIndex = i + firstEndingLength;
      const secondEndingLength = lineEndingLength(buffer, secondEndingIndex);
      if (secondEndingLength > 0) {
        return secondEndingIndex + secondEndingLength;
      }
    }
  }
  return -1;
}
function lineEndingLength(buffer, index) {
  const newline = 10;
  const carriage = 13;
  if (buffer[index] === newline) {
    return 1;
  }
  if (buffer[index] === carriage) {
    return buffer[index + 1] === newline ? 2 : 1;
  }
  return 0;
}
var levelNumbers = {
  off: 0,
  error: 200,
  warn: 300,
  info: 400,
  debug: 500
};
var parseLogLevel = (maybeLevel, sourceName, client) => {
  if (!maybeLevel) {
    return void 0;
  }
  if (hasOwn(levelNumbers, maybeLevel)) {
    return maybeLevel;
  }
  loggerFor(client).warn(`${sourceName} was set to ${JSON.stringify(maybeLevel)}, expected one of ${JSON.stringify(Object.keys(levelNumbers))}`);
  return void 0;
};
function noop() {
}
function makeLogFn(fnLevel, logger, logLevel) {
  if (!logger || levelNumbers[fnLevel] > levelNumbers[logLevel]) {
    return noop;
  } else {
    return logger[fnLevel].bind(logger);
  }
}
var noopLogger = {
  error: noop,
  warn: noop,
  info: noop,
  debug: noop
};
var cachedLoggers = /* @__PURE__ */ new WeakMap();
function loggerFor(client) {
  const logger = client.logger;
  const logLevel = client.logLevel ?? "off";
  if (!logger) {
    return noopLogger;
  }
  const cachedLogger = cachedLoggers.get(logger);
  if (cachedLogger && cachedLogger[0] === logLevel) {
    return cachedLogger[1];
  }
  const levelLogger = {
    error: makeLogFn("error", logger, logLevel),
    warn: makeLogFn("warn", logger, logLevel),
    info: makeLogFn("info", logger, logLevel),
    debug: makeLogFn("debug", logger, logLevel)
  };
  cachedLoggers.set(logger, [logLevel, levelLogger]);
  return levelLogger;
}
var sensitiveQueryNames = /* @__PURE__ */ new Set([
  "apikey",
  "accesstoken",
  "refreshtoken",
  "sessiontoken",
  "sessionid",
  "idtoken",
  "authtoken",
  "authorization",
  "token",
  "password",
  "clientsecret",
  "signingsecret",
  "sig",
  "signature",
  "xgoogsignature",
  "xgoogcredential",
  "xamzsecuritytoken",
  "xamzsignature",
  "xamzcredential"
]);
function isSensitiveQueryParameter(name) {
  const normalized = name.toLowerCase().replace(/[-_]/gu, "");
  return sensitiveQueryNames.has(normalized) || sensitiveQueryNames.has(normalized.replace(/^x/u, ""));
}
var sensitiveHeaderNames = /* @__PURE__ */ new Set([
  "authorization",
  "proxy-authorization",
  "api-key",
  "x-api-key",
  "x-amz-security-token",
  "cookie",
  "set-cookie",
  "x-session-token",
  "x-session-id",
  "x-auth-token",
  "x-id-token"
]);
function isSensitiveHeader(name) {
  return sensitiveHeaderNames.has(name.toLowerCase().replace(/_/gu, "-")) || isSensitiveQueryParameter(name);
}
function redactURL(value) {
  const url = new URL(value);
  url.username = "";
  url.password = "";
  url.hash = "";
  for (const name of url.searchParams.keys()) {
    if (isSensitiveQueryParameter(name)) {
      url.searchParams.set(name, "***");
    }
  }
  return url.href;
}
var formatRequestDetails = (details) => {
  if (details.options) {
    details.options = { ...details.options };
    delete details.options["headers"];
    if (details.options.path) {
      const path2 = details.options.path;
      const redacted = new URL(redactURL(new URL(path2, "https://redacted.invalid").href));
      details.options.path = redacted.origin === "https://redacted.invalid" ? `${path2.startsWith("/") ? "/" : ""}${redacted.pathname.slice(1)}${redacted.search}` : redacted.href;
    }
    if (details.options.query) {
      details.options.query = Object.fromEntries(Object.entries(details.options.query).map(([name, value]) => [
        name,
        isSensitiveQueryParameter(name) ? "***" : value
      ]));
    }
  }
  if (details.url) {
    details.url = redactURL(details.url);
  }
  if (details.headers) {
    details.headers = Object.fromEntries((details.headers instanceof Headers ? [...details.headers] : Object.entries(details.headers)).map(([name, value]) => [name, isSensitiveHeader(name) ? "***" : value]));
  }
  if ("retryOfRequestLogID" in details) {
    if (details.retryOfRequestLogID) {
      details.retryOf = details.retryOfRequestLogID;
    }
    delete details.retryOfRequestLogID;
  }
  return details;
};
var _Stream_instances;
var _Stream_client;
var _Stream_isTeeBranch;
var _Stream_cancelIterator;
function isTransportAbortError(error) {
  return !(error instanceof APIError) && isAbortError(error);
}
function createStreamTeeQueue() {
  let entries = [];
  let head = 0;
  let canceled = false;
  return {
    get length() {
      return entries.length - head;
    },
    get canceled() {
      return canceled;
    },
    enqueue(value) {
      if (!canceled) {
        entries.push(value);
      }
    },
    dequeue() {
      if (head === entries.length) {
        return void 0;
      }
      const value = entries[head];
      entries[head] = void 0;
      head += 1;
      if (head === entries.length) {
        entries = [];
        head = 0;
      } else if (head >= 1024 && head * 2 >= entries.length) {
        entries = entries.slice(head);
        head = 0;
      }
      return value;
    },
    cancel() {
      canceled = true;
      entries.length = 0;
      head = 0;
    }
  };
}
var Stream = class _Stream {
  /** Wraps an asynchronous event iterator and the controller that owns its request. */
  constructor(iterator, controller, client) {
    _Stream_instances.add(this);
    _Stream_client.set(this, void 0);
    _Stream_isTeeBranch.set(this, false);
    this.iterator = iterator;
    this.controller = controller;
    __classPrivateFieldSet(this, _Stream_client, client, "f");
  }
  /**
   * Decodes an SSE response into parsed JSON events.
   *
   * The resulting stream can be consumed only once, ignores events after `[DONE]`, and
   * surfaces API error payloads as `APIError` instances in the default `legacy` mode.
   * In `events` mode, every parsed JSON payload remains a stream item. When
   * `synthesizeEventData` is enabled, each item also includes its SSE event name.
   * Custom factories that wrap this method should forward the optional fifth
   * argument to preserve the selected delivery mode.
   */
  static fromSSEResponse(response, controller, client, synthesizeEventData, streamMode = "legacy") {
    let consumed = false;
    const logger = client ? loggerFor(client) : console;
    function iterator() {
      return __asyncGenerator(this, null, function* () {
        if (consumed) {
          throw new OpenAIError("Cannot iterate over a consumed stream, use `.tee()` to split the stream.");
        }
        consumed = true;
        let done = false;
        let receivedCompletionSentinel = false;
        const messages = _iterSSEMessages(response, controller);
        const closeMessages = messages.return.bind(messages);
        messages.return = (value) => {
          if (!receivedCompletionSentinel) {
            controller.abort();
          }
          return closeMessages(value);
        };
        try {
          try {
            for (var iter = __forAwait(messages), more, temp, error; more = !(temp = yield new __await(iter.next())).done; more = false) {
              const sse = temp.value;
              if (sse.data === "[DONE]") {
                receivedCompletionSentinel = true;
                break;
              }
              let data;
              try {
                data = JSON.parse(sse.data);
              } catch {
                logger.error(`Could not parse message into JSON:`);
                logger.error(`From chunk:`);
                throw new SyntaxError("Error reading response: malformed server-sent event JSON.");
              }
              if (streamMode === "legacy") {
                if (sse.event?.startsWith("thread.")) {
                  yield { event: sse.event, data };
                  continue;
                }
                if (sse.event === "error") {
                  throw new APIError(void 0, data?.error ?? data, void 0, response.headers);
                }
                if (data && data.error) {
                  throw new APIError(void 0, data.error, void 0, response.headers);
                }
              }
              yield synthesizeEventData ? { event: sse.event, data } : data;
            }
          } catch (temp) {
            error = [temp];
          } finally {
            try {
              more && (temp = iter.return) && (yield new __await(temp.call(iter)));
            } finally {
              if (error)
                throw error[0];
            }
          }
          done = true;
        } catch (e) {
          if (receivedCompletionSentinel || isTransportAbortError(e) || controller.signal.aborted && e === controller.signal.reason) {
            return;
          }
          throw e;
        } finally {
          if (!done) {
            controller.abort();
          }
        }
      });
    }(globalThis[Symbol.for("pigo.asyncGeneratorFunction")] || Object)(iterator);
    return new _Stream(iterator, controller, client);
  }
  /**
   * Generates a Stream from a newline-separated ReadableStream
   * where each item is a JSON value.
   */
  static fromReadableStream(readableStream, controller, client) {
    let consumed = false;
    function iterLines() {
      return __asyncGenerator(this, null, function* () {
        const lineDecoder = new LineDecoder();
        const reader = readableStream.getReader();
        let closed = false;
        let cancelPromise;
        const cancel = () => {
          cancelPromise ?? (cancelPromise = reader.cancel());
          cancelPromise.catch(() => void 0);
        };
        controller.signal.addEventListener("abort", cancel, { once: true });
        try {
          if (controller.signal.aborted) {
            cancel();
            return;
          }
          while (true) {
            const { value: chunk, done } = yield new __await(reader.read());
            if (done) {
              closed = true;
              break;
            }
            if (controller.signal.aborted) {
              return;
            }
            for (const line of lineDecoder.decode(chunk)) {
              if (controller.signal.aborted) {
                return;
              }
              yield line;
            }
          }
          if (controller.signal.aborted) {
            return;
          }
          for (const line of lineDecoder.flush()) {
            if (controller.signal.aborted) {
              return;
            }
            yield line;
          }
        } finally {
          controller.signal.removeEventListener("abort", cancel);
          if (!closed) {
            cancel();
          }
          reader.releaseLock();
        }
      });
    }(globalThis[Symbol.for("pigo.asyncGeneratorFunction")] || Object)(iterLines);
    function iterator() {
      return __asyncGenerator(this, null, function* () {
        if (consumed) {
          throw new OpenAIError("Cannot iterate over a consumed stream, use `.tee()` to split the stream.");
        }
        consumed = true;
        let done = false;
        try {
          try {
            for (var iter = __forAwait(iterLines()), more, temp, error; more = !(temp = yield new __await(iter.next())).done; more = false) {
              const line = temp.value;
              if (line) {
                let data;
                try {
                  data = JSON.parse(line);
                } catch (error2) {
                  if (error2 instanceof SyntaxError) {
                    throw new SyntaxError("Error reading response: malformed newline-delimited JSON.");
                  }
                  throw error2;
                }
                yield data;
              }
            }
          } catch (temp) {
            error = [temp];
          } finally {
            try {
              more && (temp = iter.return) && (yield new __await(temp.call(iter)));
            } finally {
              if (error)
                throw error[0];
            }
          }
          done = true;
        } catch (e) {
          if (controller.signal.aborted || isAbortError(e)) {
            return;
          }
          throw e;
        } finally {
          if (!done) {
            controller.abort();
          }
        }
      });
    }(globalThis[Symbol.for("pigo.asyncGeneratorFunction")] || Object)(iterator);
    return new _Stream(iterator, controller, client);
  }
  /** Starts consuming this stream; attempting to consume it again throws. */
  [(_Stream_client = /* @__PURE__ */ new WeakMap(), _Stream_isTeeBranch = /* @__PURE__ */ new WeakMap(), _Stream_instances = /* @__PURE__ */ new WeakSet(), Symbol.asyncIterator)]() {
    return this.iterator();
  }
  /** Beta-only iterator decoration for Agents helpers, preserving custom stream identity.
   * @internal
   */
  __betaTransformIterator(transform) {
    this.iterator = transform(this.iterator.bind(this));
  }
  /**
   * Splits the stream into two streams which can be
   * independently read from at different speeds.
   * Closing a branch discards its buffered events without stopping its sibling.
   * Future reads on that branch finish immediately; previously issued `next()`
   * promises remain shared with its sibling and may still resolve with events.
   * Closing both branches invokes the source iterator's `return()` when available.
   * For {@link Stream.fromReadableStream}, closing both branches before iteration
   * starts does not cancel the supplied readable; cancel that readable directly.
   */
  tee() {
    const { controller } = this;
    const left = createStreamTeeQueue();
    const right = createStreamTeeQueue();
    const iterator = this.iterator();
    const teeIterator = (queue) => ({
      next: () => {
        if (queue.canceled) {
          return Promise.resolve({ value: void 0, done: true });
        }
        if (queue.length === 0) {
          const result = iterator.next();
          left.enqueue(result);
          right.enqueue(result);
        }
        return queue.dequeue();
      },
      return: async () => {
        if (!queue.canceled) {
          queue.cancel();
          if (left.canceled && right.canceled) {
            await __classPrivateFieldGet(this, _Stream_instances, "m", _Stream_cancelIterator).call(this, iterator, controller);
          }
        }
        return { value: void 0, done: true };
      }
    });
    const branch = (queue) => {
      const stream = new _Stream(() => teeIterator(queue), controller, __classPrivateFieldGet(this, _Stream_client, "f"));
      __classPrivateFieldSet(stream, _Stream_isTeeBranch, true, "f");
      return stream;
    };
    return [branch(left), branch(right)];
  }
  /**
   * Converts this stream to a newline-separated ReadableStream of
   * JSON stringified values in the stream
   * which can be turned back into a Stream with `Stream.fromReadableStream()`.
   * Canceling a response-backed readable aborts its request. Canceling a tee
   * branch discards its buffered events and leaves sibling consumers running.
   * Read or serialization failures also release the iterator without replacing the original error.
   */
  toReadableStream() {
    const { controller } = this;
    let iter;
    let cancellation;
    const cancel = () => cancellation ?? (cancellation = __classPrivateFieldGet(this, _Stream_instances, "m", _Stream_cancelIterator).call(this, iter, controller));
    return makeReadableStream({
      start: async () => {
        iter = this[Symbol.asyncIterator]();
      },
      async pull(ctrl) {
        try {
          const { value, done } = await iter.next();
          if (done) {
            return ctrl.close();
          }
          const bytes = encodeUTF8(JSON.stringify(value) + "\n");
          ctrl.enqueue(bytes);
        } catch (err) {
          ctrl.error(err);
          void cancel().catch(() => void 0);
        }
      },
      cancel
    });
  }
};
_Stream_cancelIterator = async function _Stream_cancelIterator2(iterator, controller) {
  const returnMethod = iterator.return;
  if (returnMethod) {
    if (!__classPrivateFieldGet(this, _Stream_isTeeBranch, "f")) {
      controller.abort();
    }
    await Reflect.apply(returnMethod, iterator, []);
  }
};
function createAbortableSSESource(body, signal) {
  const reader = typeof body.getReader === "function" ? body.getReader() : void 0;
  const source = reader ? {
    next: () => reader.read(),
    return: () => reader.cancel()
  } : ReadableStreamToAsyncIterable(body)[Symbol.asyncIterator]();
  const ended = { value: void 0, done: true };
  let closed = false;
  let canceled = false;
  let cancellation;
  let interrupt;
  const waitForAbort = () => (
    // oxlint-disable-next-line promise/avoid-new -- AbortSignal callbacks need a portable Promise bridge.
    new Promise((resolve) => {
      interrupt = resolve;
    })
  );
  const cancel = () => {
    if (canceled || closed) {
      return cancellation;
    }
    canceled = true;
    try {
      cancellation = Promise.resolve(source.return?.());
    } catch (error) {
      cancellation = Promise.reject(error);
    }
    cancellation.catch(() => void 0);
    return cancellation;
  };
  const abort = () => {
    queueMicrotask(() => {
      interrupt?.();
      cancel();
    });
  };
  const iterator = {
    async next() {
      if (signal.aborted) {
        return ended;
      }
      const aborted = waitForAbort().then(() => ended);
      try {
        const result = await Promise.race([source.next(), aborted]);
        if (signal.aborted) {
          return ended;
        }
        if (result.done) {
          closed = true;
          return ended;
        }
        return { value: result.value, done: false };
      } catch (error) {
        if (signal.aborted && (isAbortError(error) || error === signal.reason)) {
          return ended;
        }
        throw error;
      } finally {
        interrupt = void 0;
      }
    },
    async return() {
      const pending = cancel();
      if (pending && !signal.aborted) {
        const aborted = waitForAbort();
        try {
          if (!signal.aborted) {
            await Promise.race([pending, aborted]);
          }
        } finally {
          interrupt = void 0;
        }
      }
      return ended;
    },
    [Symbol.asyncIterator]() {
      return this;
    }
  };
  return {
    iterator,
    start() {
      signal.addEventListener("abort", abort, { once: true });
      if (signal.aborted) {
        abort();
      }
    },
    async cleanup(failed) {
      let cleanupError;
      try {
        signal.removeEventListener("abort", abort);
      } catch (error) {
        cleanupError = error;
      }
      if (!closed) {
        const pending = cancel();
        if (pending && !failed && !signal.aborted) {
          try {
            await pending;
          } catch (error) {
            cleanupError ?? (cleanupError = error);
          }
        }
      }
      if (reader) {
        try {
          reader.releaseLock();
        } catch (error) {
          cleanupError ?? (cleanupError = error);
        }
      }
      if (cleanupError !== void 0 && !failed && !signal.aborted) {
        throw cleanupError;
      }
    }
  };
}
function _iterSSEMessages(response, controller) {
  return __asyncGenerator(this, null, function* () {
    if (!response.body) {
      controller.abort();
      if (globalThis.navigator !== void 0 && globalThis.navigator.product === "ReactNative") {
        throw new OpenAIError(`The default react-native fetch implementation does not support streaming. Please use expo/fetch: https://docs.expo.dev/versions/latest/sdk/expo/#expofetch-api`);
      }
      throw new OpenAIError(`Attempted to iterate over a response with no body`);
    }
    const sseDecoder = new SSEDecoder();
    const lineDecoder = new LineDecoder();
    const { signal } = controller;
    const source = createAbortableSSESource(response.body, signal);
    let failed = false;
    try {
      source.start();
      try {
        for (var iter = __forAwait(iterSSEChunks(source.iterator)), more, temp, error; more = !(temp = yield new __await(iter.next())).done; more = false) {
          const sseChunk = temp.value;
          if (signal.aborted) {
            return;
          }
          for (const line of lineDecoder.decode(sseChunk)) {
            if (signal.aborted) {
              return;
            }
            const sse = sseDecoder.decode(line);
            if (sse) {
              yield sse;
            }
          }
        }
      } catch (temp) {
        error = [temp];
      } finally {
        try {
          more && (temp = iter.return) && (yield new __await(temp.call(iter)));
        } finally {
          if (error)
            throw error[0];
        }
      }
      if (signal.aborted) {
        return;
      }
      for (const line of lineDecoder.flush()) {
        if (signal.aborted) {
          return;
        }
        const sse = sseDecoder.decode(line);
        if (sse) {
          yield sse;
        }
      }
      if (signal.aborted) {
        return;
      }
      const pending = sseDecoder.flush();
      if (pending) {
        yield pending;
      }
    } catch (error2) {
      failed = true;
      if (!signal.aborted || !isAbortError(error2) && error2 !== signal.reason) {
        throw error2;
      }
    } finally {
      yield new __await(source.cleanup(failed));
    }
  });
}(globalThis[Symbol.for("pigo.asyncGeneratorFunction")] || Object)(_iterSSEMessages);
var DOUBLE_NEWLINE_DELIMITER_MAX_OVERLAP_BYTES = 3;
function iterSSEChunks(iterator) {
  return __asyncGenerator(this, null, function* () {
    let data = new Uint8Array();
    let dataStart = 0;
    let dataEnd = 0;
    let searchStartIndex = 0;
    try {
      for (var iter = __forAwait(iterator), more, temp, error; more = !(temp = yield new __await(iter.next())).done; more = false) {
        const chunk = temp.value;
        if (chunk == null) {
          continue;
        }
        let binaryChunk;
        if (chunk instanceof ArrayBuffer) {
          binaryChunk = new Uint8Array(chunk);
        } else if (typeof chunk === "string") {
          binaryChunk = encodeUTF8(chunk);
        } else {
          binaryChunk = chunk;
        }
        if (dataEnd + binaryChunk.length > data.length) {
          const bufferedLength = dataEnd - dataStart;
          if (dataStart >= data.length / 2 && bufferedLength + binaryChunk.length <= data.length) {
            data.copyWithin(0, dataStart, dataEnd);
          } else {
            const newData = new Uint8Array(Math.max(data.length * 2, bufferedLength + binaryChunk.length));
            newData.set(data.subarray(dataStart, dataEnd));
            data = newData;
          }
          searchStartIndex -= dataStart;
          dataStart = 0;
          dataEnd = bufferedLength;
        }
        data.set(binaryChunk, dataEnd);
        dataEnd += binaryChunk.length;
        let patternIndex;
        while ((patternIndex = findDoubleNewlineIndex(data.subarray(searchStartIndex, dataEnd))) !== -1) {
          patternIndex += searchStartIndex;
          yield data.slice(dataStart, patternIndex);
          dataStart = patternIndex;
          searchStartIndex = dataStart;
        }
        searchStartIndex = Math.max(dataStart, dataEnd - DOUBLE_NEWLINE_DELIMITER_MAX_OVERLAP_BYTES);
      }
    } catch (temp) {
      error = [temp];
    } finally {
      try {
        more && (temp = iter.return) && (yield new __await(temp.call(iter)));
      } finally {
        if (error)
          throw error[0];
      }
    }
    if (dataEnd > dataStart) {
      yield data.slice(dataStart, dataEnd);
    }
  });
}(globalThis[Symbol.for("pigo.asyncGeneratorFunction")] || Object)(iterSSEChunks);
var SSEDecoder = class {
  constructor() {
    this.event = null;
    this.data = [];
    this.chunks = [];
  }
  decode(line) {
    if (line.endsWith("\r")) {
      line = line.slice(0, -1);
    }
    if (!line) {
      if (!this.event && !this.data.length) {
        return null;
      }
      const sse = {
        event: this.event,
        data: this.data.join("\n"),
        raw: this.chunks
      };
      this.event = null;
      this.data = [];
      this.chunks = [];
      return sse;
    }
    this.chunks.push(line);
    if (line.startsWith(":")) {
      return null;
    }
    const [fieldname, , initialValue] = partition(line, ":");
    let value = initialValue;
    if (value.startsWith(" ")) {
      value = value.slice(1);
    }
    if (fieldname === "event") {
      this.event = value;
    } else if (fieldname === "data") {
      this.data.push(value);
    }
    return null;
  }
  /**
   * Emits a pending event at EOF when the stream omitted the trailing blank
   * line. Returns `null` when no event is in progress so a record that already
   * ended with a blank line is not delivered twice.
   */
  flush() {
    return this.decode("");
  }
};
function partition(str, delimiter) {
  const index = str.indexOf(delimiter);
  if (index !== -1) {
    return [str.slice(0, index), delimiter, str.slice(index + delimiter.length)];
  }
  return [str, "", ""];
}
async function defaultParseResponse(client, props) {
  const { response, requestLogID, retryOfRequestLogID, startTime } = props;
  let jsonBodyLength;
  const body = await (async () => {
    if (props.options.stream) {
      loggerFor(client).debug("response", response.status, response.url, response.headers, response.body);
      if (props.options.__streamClass) {
        return props.options.__streamClass.fromSSEResponse(response, props.controller, client, props.options.__synthesizeEventData, props.options.__streamMode);
      }
      return Stream.fromSSEResponse(response, props.controller, client, props.options.__synthesizeEventData, props.options.__streamMode);
    }
    if (response.status === 204) {
      return null;
    }
    if (props.options.__binaryResponse) {
      return response;
    }
    const contentType = response.headers.get("content-type");
    const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
    const isJSON = mediaType?.includes("application/json") || mediaType?.endsWith("+json");
    if (isJSON) {
      const contentLength = response.headers.get("content-length");
      if (contentLength === "0") {
        return void 0;
      }
      const bodyText = await response.text();
      if (!bodyText) {
        return void 0;
      }
      const json = JSON.parse(bodyText);
      jsonBodyLength = bodyText.length;
      return addRequestID(json, response);
    }
    const text = await response.text();
    return text;
  })().catch((error) => {
    throw asAbortError(error, props.controller.signal);
  });
  if (client.logLevel === "debug") {
    loggerFor(client).debug(`[${requestLogID}] response parsed`, formatRequestDetails({
      retryOfRequestLogID,
      url: response.url,
      status: response.status,
      body: jsonBodyLength === void 0 ? body : { type: "json", length: jsonBodyLength },
      durationMs: Date.now() - startTime
    }));
  }
  return body;
}
function asAbortError(error, signal) {
  if (!signal.aborted || error !== signal.reason || isAbortError(error)) {
    return error;
  }
  const message = "This operation was aborted";
  const DOMExceptionConstructor = globalThis.DOMException;
  return typeof DOMExceptionConstructor === "function" ? new DOMExceptionConstructor(message, "AbortError") : Object.assign(new Error(message), { name: "AbortError" });
}
function addRequestID(value, response) {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return value;
  }
  return Object.defineProperty(value, "_request_id", {
    value: response.headers.get("x-request-id"),
    enumerable: false
  });
}
var VERSION = "7.59.0";
var isRunningInBrowser = () => {
  return (
    // @ts-ignore
    typeof window !== "undefined" && // @ts-ignore
    typeof window.document !== "undefined" && // @ts-ignore
    typeof navigator !== "undefined"
  );
};
function getDetectedPlatform() {
  if (typeof Deno !== "undefined" && Deno.build != null) {
    return "deno";
  }
  if (typeof EdgeRuntime !== "undefined") {
    return "edge";
  }
  if (Object.prototype.toString.call(typeof globalThis.process !== "undefined" ? globalThis.process : 0) === "[object process]") {
    return "node";
  }
  return "unknown";
}
var getPlatformProperties = () => {
  const detectedPlatform = getDetectedPlatform();
  if (detectedPlatform === "deno") {
    return {
      "X-Stainless-Lang": "js",
      "X-Stainless-Package-Version": VERSION,
      "X-Stainless-OS": normalizePlatform(Deno.build.os),
      "X-Stainless-Arch": normalizeArch(Deno.build.arch),
      "X-Stainless-Runtime": "deno",
      "X-Stainless-Runtime-Version": typeof Deno.version === "string" ? Deno.version : Deno.version?.deno ?? "unknown"
    };
  }
  if (typeof EdgeRuntime !== "undefined") {
    return {
      "X-Stainless-Lang": "js",
      "X-Stainless-Package-Version": VERSION,
      "X-Stainless-OS": "Unknown",
      "X-Stainless-Arch": `other:${EdgeRuntime}`,
      "X-Stainless-Runtime": "edge",
      "X-Stainless-Runtime-Version": globalThis.process?.version ?? "unknown"
    };
  }
  if (detectedPlatform === "node") {
    return {
      "X-Stainless-Lang": "js",
      "X-Stainless-Package-Version": VERSION,
      "X-Stainless-OS": normalizePlatform(globalThis.process.platform ?? "unknown"),
      "X-Stainless-Arch": normalizeArch(globalThis.process.arch ?? "unknown"),
      "X-Stainless-Runtime": "node",
      "X-Stainless-Runtime-Version": globalThis.process.version ?? "unknown"
    };
  }
  const browserInfo = getBrowserInfo();
  if (browserInfo) {
    return {
      "X-Stainless-Lang": "js",
      "X-Stainless-Package-Version": VERSION,
      "X-Stainless-OS": "Unknown",
      "X-Stainless-Arch": "unknown",
      "X-Stainless-Runtime": `browser:${browserInfo.browser}`,
      "X-Stainless-Runtime-Version": browserInfo.version
    };
  }
  return {
    "X-Stainless-Lang": "js",
    "X-Stainless-Package-Version": VERSION,
    "X-Stainless-OS": "Unknown",
    "X-Stainless-Arch": "unknown",
    "X-Stainless-Runtime": "unknown",
    "X-Stainless-Runtime-Version": "unknown"
  };
};
function getBrowserInfo() {
  if (typeof navigator === "undefined" || !navigator) {
    return null;
  }
  const browserPatterns = [
    { key: "edge", pattern: /\bEdg(?:e|A|iOS)?\b(?:\W+(\d+)\.(\d+)(?:\.(\d+))?)?/ },
    { key: "ie", pattern: /MSIE(?:\W+(\d+)\.(\d+)(?:\.(\d+))?)?/ },
    { key: "ie", pattern: /Trident(?:.*rv\:(\d+)\.(\d+)(?:\.(\d+))?)?/ },
    { key: "chrome", pattern: /Chrome(?:\W+(\d+)\.(\d+)(?:\.(\d+))?)?/ },
    { key: "firefox", pattern: /Firefox(?:\W+(\d+)\.(\d+)(?:\.(\d+))?)?/ },
    { key: "safari", pattern: /(?:Version\W+(\d+)\.(\d+)(?:\.(\d+))?)?(?:\W+Mobile\S*)?\W+Safari/ }
  ];
  for (const { key, pattern } of browserPatterns) {
    const match = pattern.exec(navigator.userAgent);
    if (match) {
      const major = match[1] || 0;
      const minor = match[2] || 0;
      const patch = match[3] || 0;
      return { browser: key, version: `${major}.${minor}.${patch}` };
    }
  }
  return null;
}
var normalizeArch = (arch) => {
  if (arch === "x32")
    return "x32";
  if (arch === "x86_64" || arch === "x64")
    return "x64";
  if (arch === "arm")
    return "arm";
  if (arch === "aarch64" || arch === "arm64")
    return "arm64";
  if (arch)
    return `other:${arch}`;
  return "unknown";
};
var normalizePlatform = (platform) => {
  platform = platform.toLowerCase();
  if (platform.includes("ios"))
    return "iOS";
  if (platform === "android")
    return "Android";
  if (platform === "darwin")
    return "MacOS";
  if (platform === "win32")
    return "Windows";
  if (platform === "freebsd")
    return "FreeBSD";
  if (platform === "openbsd")
    return "OpenBSD";
  if (platform === "linux")
    return "Linux";
  if (platform)
    return `Other:${platform}`;
  return "Unknown";
};
var _platformHeaders;
var getPlatformHeaders = () => {
  return _platformHeaders ?? (_platformHeaders = getPlatformProperties());
};
var jsonRequestBodyObservers = /* @__PURE__ */ new WeakMap();
function observeJSONRequestBody(body, observer) {
  let observers = jsonRequestBodyObservers.get(body);
  if (!observers) {
    observers = /* @__PURE__ */ new Set();
    jsonRequestBodyObservers.set(body, observers);
  }
  observers.add(observer);
  return () => {
    const active = jsonRequestBodyObservers.get(body);
    if (!active) {
      return;
    }
    active.delete(observer);
    if (active.size === 0) {
      jsonRequestBodyObservers.delete(body);
    }
  };
}
var FallbackEncoder = ({ headers, body }) => {
  const observers = typeof body === "object" && body !== null ? jsonRequestBodyObservers.get(body) : void 0;
  let encoded;
  if (!observers || observers.size === 0) {
    encoded = JSON.stringify(body);
  } else {
    const active = [...observers];
    encoded = JSON.stringify(body, function(key, value) {
      let observed = value;
      for (const observer of active) {
        const replacement = observer.value(this, key, observed);
        if (replacement !== void 0) {
          observed = replacement;
        }
      }
      return observed;
    });
    for (const observer of active) {
      observer.complete();
    }
  }
  return {
    bodyHeaders: {
      "content-type": "application/json"
    },
    body: encoded
  };
};
var default_format = "RFC3986";
var default_formatter = String;
var formatters = {
  RFC1738: (v) => String(v).replace(/%20/g, "+"),
  RFC3986: default_formatter
};
var RFC1738 = "RFC1738";
var cachedHas;
var has = (obj, key) => {
  const resolvedHas = cachedHas ?? Object.hasOwn ?? Function.prototype.call.bind(Object.prototype.hasOwnProperty);
  cachedHas = resolvedHas;
  return resolvedHas(obj, key);
};
var hex_table = /* @__PURE__ */ (() => {
  const array = [];
  for (let i = 0; i < 256; ++i) {
    array.push("%" + ((i < 16 ? "0" : "") + i.toString(16)).toUpperCase());
  }
  return array;
})();
var limit = 1024;
var encode = (str, _defaultEncoder, charset, _kind, format) => {
  if (str.length === 0) {
    return str;
  }
  let string = str;
  if (typeof str === "symbol") {
    string = Symbol.prototype.toString.call(str);
  } else if (typeof str !== "string") {
    string = String(str);
  }
  if (charset === "iso-8859-1") {
    return escape(string).replace(/%u[0-9a-f]{4}/gi, ($0) => "%26%23" + Number.parseInt($0.slice(2), 16) + "%3B");
  }
  let out = "";
  for (let j = 0; j < string.length; ) {
    let segmentEnd = Math.min((Math.floor(j / limit) + 1) * limit, string.length);
    if (segmentEnd < string.length && string.codePointAt(segmentEnd - 1) > 65535) {
      segmentEnd += 1;
    }
    const segment = string.length >= limit ? string.slice(j, segmentEnd) : string;
    const arr = [];
    for (let i = 0; i < segment.length; ++i) {
      let c = segment.charCodeAt(i);
      if (c === 45 || // -
      c === 46 || // .
      c === 95 || // _
      c === 126 || // ~
      c >= 48 && c <= 57 || // 0-9
      c >= 65 && c <= 90 || // a-z
      c >= 97 && c <= 122 || // A-Z
      format === RFC1738 && (c === 40 || c === 41)) {
        arr[arr.length] = segment.charAt(i);
        continue;
      }
      if (c < 128) {
        arr[arr.length] = hex_table[c];
        continue;
      }
      if (c < 2048) {
        arr[arr.length] = hex_table[192 | c >> 6] + hex_table[128 | c & 63];
        continue;
      }
      if (c < 55296 || c >= 57344) {
        arr[arr.length] = hex_table[224 | c >> 12] + hex_table[128 | c >> 6 & 63] + hex_table[128 | c & 63];
        continue;
      }
      i += 1;
      c = 65536 + ((c & 1023) << 10 | segment.charCodeAt(i) & 1023);
      arr[arr.length] = hex_table[240 | c >> 18] + hex_table[128 | c >> 12 & 63] + hex_table[128 | c >> 6 & 63] + hex_table[128 | c & 63];
    }
    out += arr.join("");
    j = segmentEnd;
  }
  return out;
};
function is_buffer(obj) {
  if (!obj || typeof obj !== "object") {
    return false;
  }
  return !!(obj.constructor && obj.constructor.isBuffer && obj.constructor.isBuffer(obj));
}
function maybe_map(val, fn) {
  if (isArray(val)) {
    const mapped = [];
    for (const item of val) {
      mapped.push(fn(item));
    }
    return mapped;
  }
  return fn(val);
}
var array_prefix_generators = {
  brackets(prefix) {
    return String(prefix) + "[]";
  },
  comma: "comma",
  indices(prefix, key) {
    return String(prefix) + "[" + key + "]";
  },
  repeat: String
};
var push_to_array = function push_to_array2(arr, value_or_array) {
  Array.prototype.push.apply(arr, isArray(value_or_array) ? value_or_array : [value_or_array]);
};
var toISOString;
var defaults = {
  addQueryPrefix: false,
  allowDots: false,
  allowEmptyArrays: false,
  arrayFormat: "indices",
  charset: "utf-8",
  charsetSentinel: false,
  delimiter: "&",
  encode: true,
  encodeDotInKeys: false,
  encoder: encode,
  encodeValuesOnly: false,
  format: default_format,
  formatter: default_formatter,
  /** @deprecated */
  indices: false,
  serializeDate(date) {
    return (toISOString ?? (toISOString = Function.prototype.call.bind(Date.prototype.toISOString)))(date);
  },
  skipNulls: false,
  strictNullHandling: false
};
function is_non_nullish_primitive(v) {
  return typeof v === "string" || typeof v === "number" || typeof v === "boolean" || typeof v === "symbol" || typeof v === "bigint";
}
var sentinel = {};
function inner_stringify(object, prefix, generateArrayPrefix, commaRoundTrip, allowEmptyArrays, strictNullHandling, skipNulls, encodeDotInKeys, encoder, filter, sort, allowDots, serializeDate, format, formatter, encodeValuesOnly, charset, sideChannel) {
  let obj = object;
  let tmp_sc = sideChannel;
  let step = 0;
  let find_flag = false;
  while ((tmp_sc = tmp_sc.get(sentinel)) !== void 0 && !find_flag) {
    const pos = tmp_sc.get(object);
    step += 1;
    if (pos !== void 0) {
      if (pos === step) {
        throw new RangeError("Cyclic object value");
      } else {
        find_flag = true;
      }
    }
    if (tmp_sc.get(sentinel) === void 0) {
      step = 0;
    }
  }
  if (typeof filter === "function") {
    obj = filter(prefix, obj);
  } else if (obj instanceof Date) {
    obj = serializeDate?.(obj);
  } else if (generateArrayPrefix === "comma" && isArray(obj)) {
    obj = maybe_map(obj, (value) => {
      if (value instanceof Date) {
        return serializeDate?.(value);
      }
      return value;
    });
  }
  if (obj === null) {
    if (strictNullHandling) {
      return encoder && !encodeValuesOnly ? (
        // @ts-expect-error
        encoder(prefix, defaults.encoder, charset, "key", format)
      ) : prefix;
    }
    obj = "";
  }
  if (is_non_nullish_primitive(obj) || is_buffer(obj)) {
    if (encoder) {
      const key_value = encodeValuesOnly ? prefix : (
        // @ts-expect-error
        encoder(prefix, defaults.encoder, charset, "key", format)
      );
      return [
        formatter?.(key_value) + "=" + // @ts-expect-error
        formatter?.(encoder(obj, defaults.encoder, charset, "value", format))
      ];
    }
    return [formatter?.(prefix) + "=" + formatter?.(String(obj))];
  }
  const values = [];
  if (obj === void 0) {
    return values;
  }
  let obj_keys;
  if (generateArrayPrefix === "comma" && isArray(obj)) {
    if (encodeValuesOnly && encoder) {
      obj = maybe_map(obj, encoder);
    }
    obj_keys = [{ value: obj.length > 0 ? obj.join(",") || null : void 0 }];
  } else if (isArray(filter)) {
    obj_keys = filter;
  } else {
    const keys = Object.keys(obj);
    if (sort) {
      keys.sort(sort);
    }
    obj_keys = keys;
  }
  const encoded_prefix = encodeDotInKeys ? String(prefix).replace(/\./g, "%2E") : String(prefix);
  const adjusted_prefix = commaRoundTrip && isArray(obj) && obj.length === 1 ? encoded_prefix + "[]" : encoded_prefix;
  if (allowEmptyArrays && isArray(obj) && obj.length === 0) {
    return adjusted_prefix + "[]";
  }
  for (const key of obj_keys) {
    const value = (
      // @ts-ignore
      typeof key === "object" && key.value !== void 0 ? key.value : obj[key]
    );
    if (skipNulls && value === null) {
      continue;
    }
    const encoded_key = allowDots && encodeDotInKeys ? key.replace(/\./g, "%2E") : key;
    let key_prefix;
    if (isArray(obj)) {
      key_prefix = typeof generateArrayPrefix === "function" ? generateArrayPrefix(adjusted_prefix, encoded_key) : adjusted_prefix;
    } else {
      key_prefix = adjusted_prefix + (allowDots ? "." + encoded_key : "[" + encoded_key + "]");
    }
    sideChannel.set(object, step);
    const valueSideChannel = new WeakMap([[sentinel, sideChannel]]);
    push_to_array(values, inner_stringify(
      value,
      key_prefix,
      generateArrayPrefix,
      commaRoundTrip,
      allowEmptyArrays,
      strictNullHandling,
      skipNulls,
      encodeDotInKeys,
      // @ts-ignore
      generateArrayPrefix === "comma" && encodeValuesOnly && isArray(obj) ? null : encoder,
      filter,
      sort,
      allowDots,
      serializeDate,
      format,
      formatter,
      encodeValuesOnly,
      charset,
      valueSideChannel
    ));
  }
  return values;
}
function normalize_stringify_options(opts = defaults) {
  if (opts.allowEmptyArrays !== void 0 && typeof opts.allowEmptyArrays !== "boolean") {
    throw new TypeError("`allowEmptyArrays` option can only be `true` or `false`, when provided");
  }
  if (opts.encodeDotInKeys !== void 0 && typeof opts.encodeDotInKeys !== "boolean") {
    throw new TypeError("`encodeDotInKeys` option can only be `true` or `false`, when provided");
  }
  if (opts.encoder !== null && opts.encoder !== void 0 && typeof opts.encoder !== "function") {
    throw new TypeError("Encoder has to be a function.");
  }
  const charset = opts.charset || defaults.charset;
  if (opts.charset !== void 0 && opts.charset !== "utf-8" && opts.charset !== "iso-8859-1") {
    throw new TypeError("The charset option must be either utf-8, iso-8859-1, or undefined");
  }
  let format = default_format;
  if (opts.format !== void 0) {
    if (!has(formatters, opts.format)) {
      throw new TypeError("Unknown format option provided.");
    }
    format = opts.format;
  }
  const formatter = formatters[format];
  let filter = defaults.filter;
  if (typeof opts.filter === "function" || isArray(opts.filter)) {
    filter = opts.filter;
  }
  let arrayFormat;
  if (opts.arrayFormat && opts.arrayFormat in array_prefix_generators) {
    arrayFormat = opts.arrayFormat;
  } else if ("indices" in opts) {
    arrayFormat = opts.indices ? "indices" : "repeat";
  } else {
    arrayFormat = defaults.arrayFormat;
  }
  if ("commaRoundTrip" in opts && typeof opts.commaRoundTrip !== "boolean") {
    throw new TypeError("`commaRoundTrip` must be a boolean, or absent");
  }
  let allowDots;
  if (opts.allowDots === void 0) {
    allowDots = !!opts.encodeDotInKeys === true ? true : defaults.allowDots;
  } else {
    allowDots = !!opts.allowDots;
  }
  return {
    addQueryPrefix: typeof opts.addQueryPrefix === "boolean" ? opts.addQueryPrefix : defaults.addQueryPrefix,
    // @ts-ignore
    allowDots,
    allowEmptyArrays: typeof opts.allowEmptyArrays === "boolean" ? !!opts.allowEmptyArrays : defaults.allowEmptyArrays,
    arrayFormat,
    charset,
    charsetSentinel: typeof opts.charsetSentinel === "boolean" ? opts.charsetSentinel : defaults.charsetSentinel,
    commaRoundTrip: !!opts.commaRoundTrip,
    delimiter: opts.delimiter === void 0 ? defaults.delimiter : opts.delimiter,
    encode: typeof opts.encode === "boolean" ? opts.encode : defaults.encode,
    encodeDotInKeys: typeof opts.encodeDotInKeys === "boolean" ? opts.encodeDotInKeys : defaults.encodeDotInKeys,
    encoder: typeof opts.encoder === "function" ? opts.encoder : defaults.encoder,
    encodeValuesOnly: typeof opts.encodeValuesOnly === "boolean" ? opts.encodeValuesOnly : defaults.encodeValuesOnly,
    filter,
    format,
    formatter,
    serializeDate: typeof opts.serializeDate === "function" ? opts.serializeDate : defaults.serializeDate,
    skipNulls: typeof opts.skipNulls === "boolean" ? opts.skipNulls : defaults.skipNulls,
    // @ts-ignore
    sort: typeof opts.sort === "function" ? opts.sort : null,
    strictNullHandling: typeof opts.strictNullHandling === "boolean" ? opts.strictNullHandling : defaults.strictNullHandling
  };
}
function stringify(object, opts = {}) {
  let obj = object;
  const options = normalize_stringify_options(opts);
  let obj_keys;
  let filter;
  if (typeof options.filter === "function") {
    filter = options.filter;
    obj = filter("", obj);
  } else if (isArray(options.filter)) {
    filter = options.filter;
    obj_keys = filter;
  }
  const keys = [];
  if (typeof obj !== "object" || obj === null) {
    return "";
  }
  const generateArrayPrefix = array_prefix_generators[options.arrayFormat];
  const commaRoundTrip = generateArrayPrefix === "comma" && options.commaRoundTrip;
  if (!obj_keys) {
    obj_keys = Object.keys(obj);
  }
  if (options.sort) {
    obj_keys.sort(options.sort);
  }
  const sideChannel = /* @__PURE__ */ new WeakMap();
  for (const key of obj_keys) {
    if (options.skipNulls && obj[key] === null) {
      continue;
    }
    push_to_array(keys, inner_stringify(
      obj[key],
      key,
      // @ts-expect-error
      generateArrayPrefix,
      commaRoundTrip,
      options.allowEmptyArrays,
      options.strictNullHandling,
      options.skipNulls,
      options.encodeDotInKeys,
      options.encode ? options.encoder : null,
      options.filter,
      options.sort,
      options.allowDots,
      options.serializeDate,
      options.format,
      options.formatter,
      options.encodeValuesOnly,
      options.charset,
      sideChannel
    ));
  }
  const joined = keys.join(options.delimiter);
  let prefix = options.addQueryPrefix === true ? "?" : "";
  if (options.charsetSentinel) {
    prefix += options.charset === "iso-8859-1" ? (
      // encodeURIComponent('&#10003;'), the "numeric entity" representation of a checkmark
      "utf8=%26%2310003%3B&"
    ) : (
      // encodeURIComponent('✓')
      "utf8=%E2%9C%93&"
    );
  }
  return joined.length > 0 ? prefix + joined : "";
}
function stringifyQuery(query) {
  return stringify(query, { arrayFormat: "brackets" });
}
var endpoints = /* @__PURE__ */ new Map([
  ["global", "https://api.openai.com/v1"],
  ["us", "https://us.api.openai.com/v1"],
  ["eu", "https://eu.api.openai.com/v1"],
  ["ae", "https://ae.api.openai.com/v1"],
  ["au", "https://au.api.openai.com/v1"],
  ["in", "https://in.api.openai.com/v1"],
  ["jp", "https://jp.api.openai.com/v1"]
]);
function resolveDataResidency(options) {
  if (options.dataResidency === null || options.dataResidency === void 0) {
    return void 0;
  }
  if (hasOwn(options, "baseURL")) {
    throw new OpenAIError("The `dataResidency` and `baseURL` options are mutually exclusive.");
  }
  const endpoint = endpoints.get(options.dataResidency);
  if (endpoint === void 0) {
    throw new OpenAIError("Invalid `dataResidency`; expected one of: global, us, eu, ae, au, in, jp.");
  }
  return endpoint;
}
var _APIPromise_client;
var APIPromise = class _APIPromise extends Promise {
  constructor(client, responsePromise, parseResponse = defaultParseResponse) {
    super((resolve) => {
      resolve(null);
    });
    this.responsePromise = responsePromise;
    this.parseResponse = parseResponse;
    _APIPromise_client.set(this, void 0);
    __classPrivateFieldSet(this, _APIPromise_client, client, "f");
  }
  _thenUnwrap(transform) {
    return new _APIPromise(__classPrivateFieldGet(this, _APIPromise_client, "f"), this.responsePromise, async (client, props) => addRequestID(transform(await this.parseResponse(client, props), props), props.response));
  }
  /**
   * Gets the raw `Response` instance instead of parsing the response
   * data.
   *
   * If you want to parse the response body but still get the `Response`
   * instance, you can use {@link withResponse()}.
   *
   * 👋 Getting the wrong TypeScript type for `Response`?
   * Try setting `"moduleResolution": "NodeNext"` or add `"lib": ["DOM"]`
   * to your `tsconfig.json`.
   */
  asResponse() {
    return this.responsePromise.then((p) => p.response);
  }
  /**
   * Gets the parsed response data, the raw `Response` instance and the ID of the request,
   * returned via the X-Request-ID header which is useful for debugging requests and reporting
   * issues to OpenAI.
   *
   * If you just want to get the raw `Response` instance without parsing it,
   * you can use {@link asResponse()}.
   *
   * 👋 Getting the wrong TypeScript type for `Response`?
   * Try setting `"moduleResolution": "NodeNext"` or add `"lib": ["DOM"]`
   * to your `tsconfig.json`.
   */
  async withResponse() {
    const [data, response] = await Promise.all([this.parse(), this.asResponse()]);
    return { data, response, request_id: response.headers.get("x-request-id") };
  }
  parse() {
    if (!this.parsedPromise) {
      this.parsedPromise = this.responsePromise.then((data) => this.parseResponse(__classPrivateFieldGet(this, _APIPromise_client, "f"), data));
    }
    return this.parsedPromise;
  }
  then(onfulfilled, onrejected) {
    return this.parse().then(onfulfilled, onrejected);
  }
  catch(onrejected) {
    return this.parse().catch(onrejected);
  }
  finally(onfinally) {
    return this.parse().finally(onfinally);
  }
};
_APIPromise_client = /* @__PURE__ */ new WeakMap();
var _AbstractPage_client;
var AbstractPage = class {
  constructor(client, response, body, options) {
    _AbstractPage_client.set(this, void 0);
    __classPrivateFieldSet(this, _AbstractPage_client, client, "f");
    this.options = options;
    this.response = response;
    this.body = body;
  }
  hasNextPage() {
    const items = this.getPaginatedItems();
    if (!items.length)
      return false;
    return this.nextPageRequestOptions() != null;
  }
  async getNextPage() {
    const nextOptions = this.nextPageRequestOptions();
    if (!nextOptions) {
      throw new OpenAIError("No next page expected; please check `.hasNextPage()` before calling `.getNextPage()`.");
    }
    return await __classPrivateFieldGet(this, _AbstractPage_client, "f").requestAPIList(this.constructor, nextOptions);
  }
  iterPages() {
    return __asyncGenerator(this, null, function* () {
      let page = this;
      yield page;
      while (page.hasNextPage()) {
        page = yield new __await(page.getNextPage());
        yield page;
      }
    });
  }
  [(_AbstractPage_client = /* @__PURE__ */ new WeakMap(), Symbol.asyncIterator)]() {
    return __asyncGenerator(this, null, function* () {
      try {
        for (var iter = __forAwait(this.iterPages()), more, temp, error; more = !(temp = yield new __await(iter.next())).done; more = false) {
          const page = temp.value;
          for (const item of page.getPaginatedItems()) {
            yield item;
          }
        }
      } catch (temp) {
        error = [temp];
      } finally {
        try {
          more && (temp = iter.return) && (yield new __await(temp.call(iter)));
        } finally {
          if (error)
            throw error[0];
        }
      }
    });
  }
};
var PagePromise = class extends APIPromise {
  constructor(client, request, Page2) {
    super(client, request, async (client2, props) => new Page2(client2, props.response, await defaultParseResponse(client2, props), props.options));
  }
  /**
   * Allow auto-paginating iteration on an unawaited list call, eg:
   *
   *    for await (const item of client.items.list()) {
   *      console.log(item)
   *    }
   */
  [Symbol.asyncIterator]() {
    return __asyncGenerator(this, null, function* () {
      const page = yield new __await(this);
      try {
        for (var iter = __forAwait(page), more, temp, error; more = !(temp = yield new __await(iter.next())).done; more = false) {
          const item = temp.value;
          yield item;
        }
      } catch (temp) {
        error = [temp];
      } finally {
        try {
          more && (temp = iter.return) && (yield new __await(temp.call(iter)));
        } finally {
          if (error)
            throw error[0];
        }
      }
    });
  }
};
var Page = class extends AbstractPage {
  constructor(client, response, body, options) {
    super(client, response, body, options);
    this.data = body.data || [];
    this.object = body.object;
  }
  getPaginatedItems() {
    return this.data ?? [];
  }
  nextPageRequestOptions() {
    return null;
  }
};
var CursorPage = class extends AbstractPage {
  constructor(client, response, body, options) {
    super(client, response, body, options);
    this.data = body.data || [];
    this.has_more = body.has_more || false;
  }
  getPaginatedItems() {
    return this.data ?? [];
  }
  hasNextPage() {
    if (this.has_more === false) {
      return false;
    }
    return super.hasNextPage();
  }
  nextPageRequestOptions() {
    const data = this.getPaginatedItems();
    const id = data[data.length - 1]?.id;
    if (!id) {
      return null;
    }
    return {
      ...this.options,
      query: {
        ...maybeObj(this.options.query),
        after: id
      }
    };
  }
};
var ConversationCursorPage = class extends AbstractPage {
  constructor(client, response, body, options) {
    super(client, response, body, options);
    this.data = body.data || [];
    this.has_more = body.has_more || false;
    this.last_id = body.last_id || "";
  }
  getPaginatedItems() {
    return this.data ?? [];
  }
  hasNextPage() {
    if (this.has_more === false) {
      return false;
    }
    return super.hasNextPage();
  }
  nextPageRequestOptions() {
    const cursor = this.last_id;
    if (!cursor) {
      return null;
    }
    return {
      ...this.options,
      query: {
        ...maybeObj(this.options.query),
        after: cursor
      }
    };
  }
};
var NextCursorPage = class extends AbstractPage {
  constructor(client, response, body, options) {
    super(client, response, body, options);
    this.data = body.data || [];
    this.has_more = body.has_more || false;
    this.next = body.next || null;
  }
  getPaginatedItems() {
    return this.data ?? [];
  }
  hasNextPage() {
    if (this.has_more === false) {
      return false;
    }
    return this.nextPageRequestOptions() != null;
  }
  nextPageRequestOptions() {
    const cursor = this.next;
    if (!cursor) {
      return null;
    }
    return {
      ...this.options,
      query: {
        ...maybeObj(this.options.query),
        after: cursor
      }
    };
  }
};
var TokenPage = class extends AbstractPage {
  constructor(client, response, body, options) {
    super(client, response, body, options);
    this.data = body.data || [];
    this.has_more = body.has_more || false;
    this.next = body.next || null;
  }
  getPaginatedItems() {
    return this.data ?? [];
  }
  hasNextPage() {
    if (this.has_more === false) {
      return false;
    }
    return this.nextPageRequestOptions() != null;
  }
  nextPageRequestOptions() {
    const cursor = this.next;
    if (!cursor) {
      return null;
    }
    return {
      ...this.options,
      query: {
        ...maybeObj(this.options.query),
        page: cursor
      }
    };
  }
};
var SUBJECT_TOKEN_TYPES = {
  jwt: "urn:ietf:params:oauth:token-type:jwt",
  id: "urn:ietf:params:oauth:token-type:id_token"
};
var TOKEN_EXCHANGE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:token-exchange";
var MAX_REFRESH_BUFFER_FRACTION = 0.5;
function calculateExpiresAt(expiresIn, exchangeStartedAt) {
  if (typeof expiresIn !== "number" || !Number.isFinite(expiresIn) || expiresIn <= 0) {
    throw new OpenAIError("Token exchange response has invalid 'expires_in' field");
  }
  const now = Date.now();
  const fullLifetimeDeadline = now + expiresIn * 1e3;
  if (!Number.isSafeInteger(fullLifetimeDeadline) || fullLifetimeDeadline <= now) {
    throw new OpenAIError("Token exchange response has invalid 'expires_in' field");
  }
  const expiresAt = fullLifetimeDeadline - (performance.now() - exchangeStartedAt);
  if (expiresAt <= now) {
    throw new OpenAIError("Workload identity token expired before its exchange completed.");
  }
  return expiresAt;
}
function calculateRefreshAt(expiresAt, lifetimeSeconds, refreshBufferSeconds) {
  const configuredBufferMs = (refreshBufferSeconds ?? 1200) * 1e3;
  const effectiveBufferMs = Math.min(configuredBufferMs, lifetimeSeconds * 1e3 * MAX_REFRESH_BUFFER_FRACTION);
  return expiresAt - effectiveBufferMs;
}
var NATIVE_RESPONSE_PROTOTYPE = Response.prototype;
var READ_NATIVE_RESPONSE_BODY = NATIVE_RESPONSE_PROTOTYPE.arrayBuffer;
function isResponsePrototype(response, prototype) {
  const constructor = Object.getOwnPropertyDescriptor(prototype, "constructor")?.value;
  if (prototype === response || typeof constructor !== "function" || Object.getOwnPropertyDescriptor(constructor, "name")?.value !== "Response" || Object.getOwnPropertyDescriptor(constructor, "prototype")?.value !== prototype) {
    return false;
  }
  const tag = Object.getOwnPropertyDescriptor(prototype, Symbol.toStringTag);
  return (tag?.value === "Response" || typeof tag?.get === "function") && typeof Object.getOwnPropertyDescriptor(prototype, "headers")?.get === "function" && typeof Object.getOwnPropertyDescriptor(prototype, "ok")?.get === "function" && typeof Object.getOwnPropertyDescriptor(prototype, "status")?.get === "function";
}
function isResponseBodyPrototype(prototype, responsePrototype) {
  if (prototype === responsePrototype) {
    return true;
  }
  const constructor = Object.getOwnPropertyDescriptor(prototype, "constructor")?.value;
  return responsePrototype !== null && Object.getPrototypeOf(responsePrototype) === prototype && typeof constructor === "function" && Object.getOwnPropertyDescriptor(constructor, "name")?.value === "Body" && Object.getOwnPropertyDescriptor(constructor, "prototype")?.value === prototype;
}
function decodeNativeResponseBody(body) {
  const scope = globalThis;
  return new TextDecoder("utf-8", { ignoreBOM: typeof scope.Bun?.version === "string" }).decode(body);
}
async function parseOAuthTokenResponse(response) {
  let readText;
  let responsePrototype = null;
  for (let depth = 0, prototype = response; prototype !== null && depth < 16; prototype = Object.getPrototypeOf(prototype), depth += 1) {
    if (prototype === NATIVE_RESPONSE_PROTOTYPE) {
      break;
    }
    if (isResponsePrototype(response, prototype)) {
      responsePrototype = prototype;
    }
    const parser = Object.getOwnPropertyDescriptor(prototype, "json");
    if (!parser) {
      continue;
    }
    if (typeof parser.value !== "function") {
      break;
    }
    const bodyReader = Object.getOwnPropertyDescriptor(prototype, "text")?.value;
    if (typeof bodyReader === "function" && isResponseBodyPrototype(prototype, responsePrototype)) {
      readText = bodyReader;
      break;
    }
    return parser.value.call(response);
  }
  const body = readText === void 0 ? decodeNativeResponseBody(await READ_NATIVE_RESPONSE_BODY.call(response)) : await readText.call(response);
  try {
    return JSON.parse(body);
  } catch {
    throw new SyntaxError("Token exchange response contains invalid JSON");
  }
}
function isUnsafeAccessToken(accessToken) {
  const scope = globalThis;
  if (typeof scope.Bun?.version === "string") {
    return /[^\t\u0020-\u007E]|^[\t ]|[\t ]$/u.test(accessToken);
  }
  return /[^\t\u0020-\u007E\u0080-\u00FF]|^[\t ]|[\t ]$/u.test(accessToken);
}
var WorkloadIdentityAuth = class _WorkloadIdentityAuth {
  /**
   * Creates a workload-identity token cache and OAuth token-exchange client.
   *
   * @param config External identity provider, OpenAI service account, and refresh settings.
   * @param fetch Optional fetch implementation for calls to the OpenAI token endpoint.
   */
  constructor(config, fetch2) {
    this.cachedToken = null;
    this.refreshPromise = null;
    this.tokenGeneration = 0;
    this.tokenExchangeUrl = "https://auth.openai.com/oauth/token";
    const { identityProviderId, serviceAccountId, clientId, refreshBufferSeconds, provider } = config;
    this.config = {
      identityProviderId,
      serviceAccountId,
      // Spread creates an own data property without invoking inherited setters or changing the object prototype.
      ...clientId === void 0 ? {} : { clientId },
      // Spread creates an own data property without invoking inherited setters or changing the object prototype.
      ...refreshBufferSeconds === void 0 ? {} : { refreshBufferSeconds },
      provider: {
        tokenType: provider.tokenType,
        getToken: provider.getToken.bind(provider)
      }
    };
    this.fetch = fetch2 ?? getDefaultFetch();
  }
  /**
   * Returns a valid OpenAI access token, exchanging or refreshing credentials as needed.
   *
   * Cached tokens nearing expiration are returned immediately while a background
   * refresh runs. Concurrent callers share the same in-flight token exchange.
   *
   * @throws {OAuthError} When the token endpoint rejects the subject token or identity.
   * @throws {APIError} When another unsuccessful HTTP response prevents token exchange.
   * @throws {OpenAIError} When a successful exchange has an invalid access token or expiration.
   */
  async getToken() {
    if (!this.cachedToken || _WorkloadIdentityAuth.isTokenExpired(this.cachedToken)) {
      if (this.refreshPromise) {
        return await this.refreshPromise;
      }
      const refreshPromise = this.refreshToken(this.tokenGeneration);
      this.refreshPromise = refreshPromise;
      try {
        return await refreshPromise;
      } finally {
        if (this.refreshPromise === refreshPromise) {
          this.refreshPromise = null;
        }
      }
    }
    if (_WorkloadIdentityAuth.needsRefresh(this.cachedToken) && !this.refreshPromise) {
      const refreshPromise = this.refreshToken(this.tokenGeneration).finally(() => {
        if (this.refreshPromise === refreshPromise) {
          this.refreshPromise = null;
        }
      });
      this.refreshPromise = refreshPromise;
      void refreshPromise.catch(() => null);
    }
    return this.cachedToken.token;
  }
  async refreshToken(generation) {
    const subjectToken = await this.config.provider.getToken();
    const body = {
      grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
      subject_token: subjectToken,
      subject_token_type: SUBJECT_TOKEN_TYPES[this.config.provider.tokenType],
      identity_provider_id: this.config.identityProviderId,
      service_account_id: this.config.serviceAccountId
    };
    if (this.config.clientId) {
      body["client_id"] = this.config.clientId;
    }
    const exchangeStartedAt = performance.now();
    const response = await this.fetch(this.tokenExchangeUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json"
      },
      body: JSON.stringify(body),
      redirect: "manual"
    });
    if (!response.ok) {
      const errorText = await response.text();
      let body2 = void 0;
      try {
        body2 = JSON.parse(errorText);
      } catch {
      }
      if (response.status === 400 || response.status === 401 || response.status === 403) {
        throw new OAuthError(response.status, body2, response.headers);
      }
      throw APIError.generate(response.status, body2, `Token exchange failed with status ${response.status}`, response.headers);
    }
    const tokenResponse = await parseOAuthTokenResponse(response);
    const accessToken = typeof tokenResponse === "object" && tokenResponse !== null && "access_token" in tokenResponse ? tokenResponse.access_token : void 0;
    if (typeof accessToken !== "string" || accessToken.trim().length === 0 || isUnsafeAccessToken(accessToken)) {
      throw new OpenAIError("Token exchange response missing 'access_token' field");
    }
    const expiresIn = tokenResponse.expires_in ?? 3600;
    const expiresAt = calculateExpiresAt(expiresIn, exchangeStartedAt);
    if (this.tokenGeneration === generation) {
      this.cachedToken = {
        token: accessToken,
        expiresAt,
        refreshAt: calculateRefreshAt(expiresAt, expiresIn, this.config.refreshBufferSeconds)
      };
    }
    return accessToken;
  }
  static isTokenExpired(cachedToken) {
    return Date.now() >= cachedToken.expiresAt;
  }
  static needsRefresh(cachedToken) {
    return Date.now() >= cachedToken.refreshAt;
  }
  /** Discards the cached access token so the next request performs a fresh exchange. */
  invalidateToken() {
    this.tokenGeneration += 1;
    this.cachedToken = null;
    this.refreshPromise = null;
  }
};
var X509_API_BASE_URL = "https://mtls.api.openai.com/v1";
function assertX509APIOrigin(value) {
  let target;
  try {
    target = new URL(value);
  } catch {
    throw new OpenAIError("X.509 workload identity requires the approved global mTLS API origin.");
  }
  if (target.origin !== "https://mtls.api.openai.com" || target.username || target.password) {
    throw new OpenAIError("X.509 workload identity requires the approved global mTLS API origin.");
  }
  for (const name of target.searchParams.keys()) {
    if (isSensitiveQueryParameter(name)) {
      throw new OpenAIError("X.509 workload identity cannot send conflicting query authentication credentials.");
    }
  }
  return target;
}
var brand_privateNullableHeaders = /* @__PURE__ */ Symbol("brand.privateNullableHeaders");
var httpTokenHeaderName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
function* iterateHeaders(headers) {
  if (!headers)
    return;
  if (brand_privateNullableHeaders in headers) {
    const { values, nulls } = headers;
    yield* __yieldStar(values.entries());
    for (const name of nulls) {
      yield [name, null];
    }
    return;
  }
  let shouldClear = false;
  let iter;
  const iterator = Symbol.iterator in headers ? headers[Symbol.iterator] : void 0;
  if (typeof iterator === "function") {
    iter = { [Symbol.iterator]: () => iterator.call(headers) };
  } else {
    shouldClear = true;
    iter = Object.entries(headers ?? {});
  }
  for (let row of iter) {
    const name = row[0];
    if (typeof name !== "string")
      throw new TypeError("expected header name to be a string");
    const values = isReadonlyArray(row[1]) ? row[1] : [row[1]];
    let didClear = false;
    for (const value of values) {
      if (value === void 0)
        continue;
      if (shouldClear && !didClear) {
        didClear = true;
        yield [name, null];
      }
      yield [name, value];
    }
  }
}
var buildHeaders = (newHeaders) => {
  const targetHeaders = new Headers();
  const nullHeaders = /* @__PURE__ */ new Set();
  for (const headers of newHeaders) {
    const seenHeaders = /* @__PURE__ */ new Set();
    for (const [name, value] of iterateHeaders(headers)) {
      if (!httpTokenHeaderName.test(name)) {
        throw new TypeError(`Header name must be a valid HTTP token ["${name}"]`);
      }
      const lowerName = name.toLowerCase();
      if (!seenHeaders.has(lowerName)) {
        targetHeaders.delete(lowerName);
        seenHeaders.add(lowerName);
      }
      if (value === null) {
        targetHeaders.delete(lowerName);
        nullHeaders.add(lowerName);
      } else {
        targetHeaders.append(lowerName, value);
        nullHeaders.delete(lowerName);
      }
    }
  }
  return { [brand_privateNullableHeaders]: true, values: targetHeaders, nulls: nullHeaders };
};
var x509_transport_state_browser_exports = {};
__export(x509_transport_state_browser_exports, {
  findRegisteredX509Transport: () => findRegisteredX509Transport,
  findX509Credential: () => findX509Credential,
  findX509OAuthError: () => findX509OAuthError,
  isApprovedX509Client: () => isApprovedX509Client,
  isRetryableX509IssuerError: () => isRetryableX509IssuerError,
  isTransientX509ConnectionError: () => isTransientX509ConnectionError,
  markApprovedX509Client: () => markApprovedX509Client,
  markRetryableX509IssuerError: () => markRetryableX509IssuerError,
  markTransientX509ConnectionError: () => markTransientX509ConnectionError,
  rememberRegisteredX509Transport: () => rememberRegisteredX509Transport,
  rememberX509Credential: () => rememberX509Credential,
  rememberX509OAuthError: () => rememberX509OAuthError
});
var registeredX509Transports = /* @__PURE__ */ new WeakMap();
var transientX509ConnectionErrors = /* @__PURE__ */ new WeakSet();
var retryableX509IssuerErrors = /* @__PURE__ */ new WeakSet();
var approvedX509Clients = /* @__PURE__ */ new WeakSet();
var approvedX509OAuthErrors = /* @__PURE__ */ new WeakMap();
var approvedX509Credentials = /* @__PURE__ */ new WeakMap();
var findRegisteredX509Transport = WeakMap.prototype.get.bind(registeredX509Transports);
var rememberRegisteredX509Transport = WeakMap.prototype.set.bind(registeredX509Transports);
var markTransientX509ConnectionError = WeakSet.prototype.add.bind(transientX509ConnectionErrors);
var isTransientX509ConnectionError = WeakSet.prototype.has.bind(transientX509ConnectionErrors);
var markRetryableX509IssuerError = WeakSet.prototype.add.bind(retryableX509IssuerErrors);
var isRetryableX509IssuerError = WeakSet.prototype.has.bind(retryableX509IssuerErrors);
var markApprovedX509Client = WeakSet.prototype.add.bind(approvedX509Clients);
var isApprovedX509Client = WeakSet.prototype.has.bind(approvedX509Clients);
var rememberX509OAuthError = WeakMap.prototype.set.bind(approvedX509OAuthErrors);
var findX509OAuthError = WeakMap.prototype.get.bind(approvedX509OAuthErrors);
var rememberX509Credential = WeakMap.prototype.set.bind(approvedX509Credentials);
var findX509Credential = WeakMap.prototype.get.bind(approvedX509Credentials);
var nodeState = __toESM(require_x509_transport_state(), 1);
var state = typeof nodeState.findRegisteredX509Transport === "function" ? nodeState : x509_transport_state_browser_exports;
var {
  findRegisteredX509Transport: findRegisteredX509Transport3,
  rememberRegisteredX509Transport: rememberRegisteredX509Transport2,
  markTransientX509ConnectionError: markTransientX509ConnectionError2,
  isTransientX509ConnectionError: isTransientX509ConnectionError2,
  markRetryableX509IssuerError: markRetryableX509IssuerError2,
  isRetryableX509IssuerError: isRetryableX509IssuerError2,
  markApprovedX509Client: markApprovedX509Client2,
  isApprovedX509Client: isApprovedX509Client2,
  rememberX509OAuthError: rememberX509OAuthError2,
  findX509OAuthError: findX509OAuthError2,
  rememberX509Credential: rememberX509Credential2,
  findX509Credential: findX509Credential2
} = state;
function resolveX509Transport(value) {
  if (!value || typeof value !== "object") {
    throw new OpenAIError("X.509 workload identity requires an approved X.509 transport capability.");
  }
  const registered = findRegisteredX509Transport3(value);
  if (!registered) {
    throw new OpenAIError("X.509 workload identity requires an approved X.509 transport capability.");
  }
  return registered;
}
var _X509WorkloadIdentityAuth_instances;
var _a;
var _X509WorkloadIdentityAuth_identityProviderId;
var _X509WorkloadIdentityAuth_serviceAccountId;
var _X509WorkloadIdentityAuth_configuredRefreshBufferMs;
var _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds;
var _X509WorkloadIdentityAuth_organization;
var _X509WorkloadIdentityAuth_project;
var _X509WorkloadIdentityAuth_transport;
var _X509WorkloadIdentityAuth_refreshBufferMs;
var _X509WorkloadIdentityAuth_cachedToken;
var _X509WorkloadIdentityAuth_refresh;
var _X509WorkloadIdentityAuth_tokenGeneration;
var _X509WorkloadIdentityAuth_cancelRequestBody;
var _X509WorkloadIdentityAuth_assignToken;
var _X509WorkloadIdentityAuth_recoverRefreshFailure;
var _X509WorkloadIdentityAuth_fallbackToken;
var _X509WorkloadIdentityAuth_retireRefresh;
var _X509WorkloadIdentityAuth_beginRefresh;
var _X509WorkloadIdentityAuth_refreshToken;
var _X509WorkloadIdentityAuth_preflight;
var _X509WorkloadIdentityAuth_scope;
var _X509WorkloadIdentityAuth_assertTenantHeaders;
var FORBIDDEN_TRANSPORT_OPTIONS = ["dispatcher", "agent", "client", "tls", "proxy"];
var headerValue = (headers, name) => Headers.prototype.get.call(headers, name);
var DEFAULT_REFRESH_BUFFER_MS = 20 * 60 * 1e3;
var FAILED_REFRESH_COOLDOWN_MS = 1e3;
var userAbortError = (signal) => {
  const error = new APIUserAbortError();
  Object.defineProperty(error, "cause", { value: signal.reason, writable: true, configurable: true });
  return error;
};
function assertSafeHeaders(headers) {
  for (const name of Headers.prototype.keys.call(headers)) {
    const canonical = name.toLowerCase().split("_").join("-");
    if (canonical !== "authorization" && isSensitiveHeader(canonical) || canonical === "host") {
      throw new OpenAIError("X.509 workload identity cannot send conflicting authentication credentials.");
    }
  }
}
function exchangeDeadline(timeout, callerSignal) {
  const deadline = new AbortController();
  const timer = timeout === void 0 ? void 0 : setTimeout(() => deadline.abort(new APIConnectionTimeoutError()), timeout);
  const timerHandle = timer;
  if (typeof timerHandle === "object" && timerHandle !== null && "unref" in timerHandle && typeof timerHandle.unref === "function") {
    timerHandle.unref();
  }
  const cancel = () => deadline.abort(callerSignal?.reason);
  callerSignal?.addEventListener("abort", cancel, { once: true });
  if (callerSignal?.aborted) {
    cancel();
  }
  return {
    signal: deadline.signal,
    dispose: () => {
      callerSignal?.removeEventListener("abort", cancel);
      if (timer) {
        clearTimeout(timer);
      }
    }
  };
}
function waitForRefresh(attempt, signal) {
  let abort;
  const canceled = new Promise((_resolve, reject) => {
    abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    if (signal.aborted) {
      abort();
    }
  });
  return {
    result: Promise.race([attempt.promise, canceled]),
    dispose: () => {
      if (abort) {
        signal.removeEventListener("abort", abort);
      }
    }
  };
}
function isX509WorkloadIdentity(identity) {
  if (!identity || typeof identity !== "object") {
    return false;
  }
  let providerOwner = identity;
  while (providerOwner !== null && providerOwner !== Object.prototype) {
    const provider = Object.getOwnPropertyDescriptor(providerOwner, "provider");
    if (provider) {
      if (!("value" in provider) || provider.value !== void 0) {
        return false;
      }
      break;
    }
    providerOwner = Object.getPrototypeOf(providerOwner);
  }
  let current = identity;
  while (current !== null && current !== Object.prototype) {
    const discriminator = Object.getOwnPropertyDescriptor(current, "type");
    if (discriminator) {
      if (!("value" in discriminator)) {
        throw new OpenAIError("X.509 workload identity type must be a plain data property.");
      }
      return discriminator.value === "x509";
    }
    current = Object.getPrototypeOf(current);
  }
  return false;
}
function assertX509FetchOptions(options) {
  if (!options) {
    return;
  }
  for (const name of FORBIDDEN_TRANSPORT_OPTIONS) {
    if (hasOwn(options, name)) {
      throw new OpenAIError("X.509 workload identity cannot override its approved transport capability.");
    }
  }
  const redirect = Object.getOwnPropertyDescriptor(options, "redirect")?.value;
  if (redirect !== void 0 && redirect !== "manual") {
    throw new OpenAIError("X.509 workload identity requests require manual redirects.");
  }
}
function assertX509RequestOptions(options) {
  assertX509FetchOptions(options);
  if (options && ["body", "headers", "method", "signal"].some((name) => hasOwn(options, name))) {
    throw new OpenAIError("X.509 workload identity cannot override its request body, headers, method, or signal through fetch options.");
  }
}
function snapshotX509RequestOptions(options) {
  assertX509RequestOptions(options);
  const snapshot = { ...options };
  assertX509RequestOptions(snapshot);
  return snapshot;
}
var X509WorkloadIdentityAuth = class {
  /** Captures one registered, immutable certificate identity and its enrolled selectors. */
  constructor(identity, transport, organization, project) {
    _X509WorkloadIdentityAuth_instances.add(this);
    _X509WorkloadIdentityAuth_identityProviderId.set(this, void 0);
    _X509WorkloadIdentityAuth_serviceAccountId.set(this, void 0);
    _X509WorkloadIdentityAuth_configuredRefreshBufferMs.set(this, void 0);
    _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds.set(this, void 0);
    _X509WorkloadIdentityAuth_organization.set(this, void 0);
    _X509WorkloadIdentityAuth_project.set(this, void 0);
    _X509WorkloadIdentityAuth_transport.set(this, void 0);
    _X509WorkloadIdentityAuth_refreshBufferMs.set(this, void 0);
    _X509WorkloadIdentityAuth_cachedToken.set(this, void 0);
    _X509WorkloadIdentityAuth_refresh.set(this, void 0);
    _X509WorkloadIdentityAuth_tokenGeneration.set(this, 0);
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_transport, resolveX509Transport(transport), "f");
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_identityProviderId, identity.identityProviderId, "f");
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_serviceAccountId, identity.serviceAccountId, "f");
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferMs, identity.refreshBufferMs, "f");
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds, identity.refreshBufferSeconds, "f");
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_organization, organization, "f");
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_project, project, "f");
    if (__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferMs, "f") !== void 0 && __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds, "f") !== void 0) {
      throw new OpenAIError("X.509 workload identity cannot combine refreshBufferSeconds and refreshBufferMs.");
    }
    if (__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferMs, "f") !== void 0 && (!Number.isSafeInteger(__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferMs, "f")) || __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferMs, "f") < 0)) {
      throw new OpenAIError("X.509 workload identity requires a nonnegative integer refreshBufferMs.");
    }
    if (__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds, "f") !== void 0 && (!Number.isSafeInteger(__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds, "f")) || __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds, "f") < 0 || !Number.isSafeInteger(__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds, "f") * 1e3))) {
      throw new OpenAIError("X.509 workload identity requires a nonnegative integer refreshBufferSeconds.");
    }
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_refreshBufferMs, __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds, "f") === void 0 ? __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferMs, "f") ?? DEFAULT_REFRESH_BUFFER_MS : __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds, "f") * 1e3, "f");
  }
  /** Reconstructs the immutable selectors captured before caller-owned identity mutation. */
  identitySnapshot() {
    return {
      type: "x509",
      identityProviderId: __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_identityProviderId, "f"),
      serviceAccountId: __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_serviceAccountId, "f"),
      // Spread creates an own data property without invoking inherited setters or changing the object prototype.
      ...__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferMs, "f") === void 0 ? {} : { refreshBufferMs: __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferMs, "f") },
      // Spread creates an own data property without invoking inherited setters or changing the object prototype.
      ...__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds, "f") === void 0 ? {} : { refreshBufferSeconds: __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds, "f") }
    };
  }
  /** Preserves explicitly headerless requests without presenting a certificate to the issuer. */
  static shouldAuthenticate(options, defaultHeaders, requestHeaders = options.headers) {
    return !buildHeaders([defaultHeaders, requestHeaders]).nulls.has("authorization");
  }
  /** Snapshots each caller-owned header layer once while preserving nulls and precedence. */
  snapshotHeaders(defaultHeaders, requestHeaders) {
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    scope.defaultHeaders ?? (scope.defaultHeaders = buildHeaders([defaultHeaders]));
    scope.requestHeaders ?? (scope.requestHeaders = buildHeaders([requestHeaders]));
    return this.headerSnapshots();
  }
  /** Returns the already rendered caller headers without touching mutable inputs again. */
  headerSnapshots() {
    const { defaultHeaders, requestHeaders } = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    if (!defaultHeaders || !requestHeaders) {
      throw new OpenAIError("X.509 workload identity requires snapshotted request headers.");
    }
    return { defaultHeaders, requestHeaders };
  }
  /** Captures enrolled public tenant selectors once before certificate presentation. */
  snapshotTenant(organization, project) {
    if (organization !== __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_organization, "f") || project !== __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_project, "f")) {
      throw new OpenAIError("X.509 workload identity cannot override its enrolled organization or project.");
    }
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    scope.tenant = { organization, project };
    return scope.tenant;
  }
  /** Returns the tenant selectors already approved for this logical request. */
  tenantSnapshot() {
    const { tenant } = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    if (!tenant) {
      throw new OpenAIError("X.509 workload identity requires snapshotted tenant selectors.");
    }
    return tenant;
  }
  /** Validates and retains the exact destination that authenticated dispatch will use. */
  snapshotAPIURL(value) {
    assertX509APIOrigin(value);
    __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this).apiURL = value;
  }
  /** Reads the already-approved destination without rerendering caller-owned request options. */
  requestAPIURL() {
    const { apiURL } = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    if (apiURL === void 0) {
      throw new OpenAIError("X.509 workload identity requires a snapshotted API destination.");
    }
    return apiURL;
  }
  /** Captures the exact caller settings approved for authenticated dispatch. */
  snapshotRequest(signal, timeout, fetchOptions) {
    var _b;
    (_b = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this)).request ?? (_b.request = { signal, timeout, fetchOptions });
  }
  /** Returns immutable request settings without invoking caller-owned accessors again. */
  requestSnapshot() {
    const { request } = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    if (!request) {
      throw new OpenAIError("X.509 workload identity requires snapshotted request settings.");
    }
    return request;
  }
  /** Suspends an already-running network budget during retry-local asynchronous preparation. */
  beginRequestPreparation() {
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    if (scope.deadlineArmed && scope.preparationStartedAt === void 0) {
      scope.preparationStartedAt = performance.now();
      scope.preparationWallStartedAt = Date.now();
    }
  }
  /** Begins local request construction without charging protected hook latency to the network. */
  beginRequestPlanning() {
    __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this).phase = "planning";
  }
  /** Arms one absolute network deadline only after all local request preparation completes. */
  beginRequestNetwork() {
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    if (!scope.deadlineArmed) {
      scope.wallStartedAt = Date.now();
      scope.monotonicStartedAt = performance.now();
      scope.deadlineArmed = true;
    } else if (scope.preparationStartedAt !== void 0) {
      scope.monotonicStartedAt += performance.now() - scope.preparationStartedAt;
      scope.wallStartedAt += Date.now() - (scope.preparationWallStartedAt ?? Date.now());
      delete scope.preparationStartedAt;
      delete scope.preparationWallStartedAt;
    }
  }
  /** Keeps certificate authentication outside overridable request construction. */
  isPlanningRequest() {
    return __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this).phase === "planning";
  }
  /** Approves the final overridden destination and transport before minting a bearer. */
  authorizePlannedRequest(url, request, timeout, allowHookSignal = false) {
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    const headers = Object.getOwnPropertyDescriptor(request, "headers");
    const body = Object.getOwnPropertyDescriptor(request, "body");
    const signal = Object.getOwnPropertyDescriptor(request, "signal");
    const redirect = Object.getOwnPropertyDescriptor(request, "redirect");
    if (scope.phase !== "planning" || !headers || !(headers.value instanceof Headers) || !body && "body" in request || [body, signal, redirect].some((descriptor) => descriptor && !("value" in descriptor))) {
      throw new OpenAIError("X.509 workload identity requires an approved final request.");
    }
    this.snapshotAPIURL(url);
    assertX509FetchOptions(request);
    try {
      assertSafeHeaders(headers.value);
    } catch {
      throw new OpenAIError("X.509 workload identity cannot use caller-supplied authentication credentials.");
    }
    if (headerValue(headers.value, "Authorization") !== null) {
      throw new OpenAIError("X.509 workload identity cannot use caller-supplied authorization credentials.");
    }
    __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_assertTenantHeaders).call(this, headers.value);
    if (!allowHookSignal && (signal?.value ?? void 0) !== (this.requestSnapshot().signal ?? void 0)) {
      throw new OpenAIError("X.509 workload identity must preserve its approved request signal.");
    }
    const approved = this.requestSnapshot();
    scope.request = { ...approved, timeout: Math.min(approved.timeout, timeout) };
    scope.phase = "authorizing";
  }
  /** Owns only SDK-created iterator adapters until authenticated dispatch takes responsibility. */
  ownRequestBody(body, source) {
    if (body instanceof ReadableStream && body !== source) {
      __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this).materializedBody = body;
    }
  }
  /** Recognizes every one-shot upload before issuer authentication or request replay. */
  static isStreamingRequestBody(body) {
    return globalThis.ReadableStream !== void 0 && body instanceof globalThis.ReadableStream || typeof body === "object" && body !== null && (Symbol.asyncIterator in body || Symbol.iterator in body && "next" in body && typeof body.next === "function");
  }
  /** Retires abandoned upload adapters without masking or blocking their authentication failure. */
  retireRequestBody() {
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    const body = scope.materializedBody;
    delete scope.materializedBody;
    if (body) {
      void __classPrivateFieldGet(_a, _a, "m", _X509WorkloadIdentityAuth_cancelRequestBody).call(_a, body);
    }
  }
  /** Transfers the dispatched upload while retiring any SDK-owned body replaced by a hook. */
  releaseRequestBody(body) {
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    if (scope.materializedBody === body) {
      delete scope.materializedBody;
    } else {
      this.retireRequestBody();
    }
  }
  /** Retains caller-only cancellation separately from SDK-created deadline controllers. */
  setEffectiveSignal(signal) {
    if (signal) {
      __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this).effectiveSignal = signal;
    } else {
      delete __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this).effectiveSignal;
    }
  }
  /** Uses protected-hook cancellation when an authenticated attempt enters retry backoff. */
  effectiveSignal() {
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    return scope.effectiveSignal ?? scope.request?.signal;
  }
  /** Establishes an independent scope even when concurrent requests share caller options. */
  // oxlint-disable-next-line anti-slop/no-object-parameters -- Logical request owners are opaque identity tokens; their properties are never read.
  runRequest(operation, requestOwner) {
    return __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").run(async () => {
      const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").current();
      if (!scope) {
        throw new OpenAIError("X.509 workload identity requires an active certificate request scope.");
      }
      scope.owner = this;
      scope.requestOwner = requestOwner;
      try {
        return await operation();
      } finally {
        this.retireRequestBody();
        this.releaseRequestCredentials();
        delete scope.requestOwner;
        delete scope.owner;
      }
    });
  }
  /** Reports whether a public request-building call already belongs to an active logical operation. */
  // oxlint-disable-next-line anti-slop/no-object-parameters -- Request scope membership compares the opaque caller token by identity only.
  inRequest(requestOwner) {
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").current();
    return scope?.owner === this && scope.requestOwner === requestOwner && scope.phase !== "authorizing";
  }
  /** Shares a cache only when the complete, privately snapshotted credential identity matches. */
  matches(other) {
    return __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f") === __classPrivateFieldGet(other, _X509WorkloadIdentityAuth_transport, "f") && __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_identityProviderId, "f") === __classPrivateFieldGet(other, _X509WorkloadIdentityAuth_identityProviderId, "f") && __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_serviceAccountId, "f") === __classPrivateFieldGet(other, _X509WorkloadIdentityAuth_serviceAccountId, "f") && __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_organization, "f") === __classPrivateFieldGet(other, _X509WorkloadIdentityAuth_organization, "f") && __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_project, "f") === __classPrivateFieldGet(other, _X509WorkloadIdentityAuth_project, "f") && __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_refreshBufferMs, "f") === __classPrivateFieldGet(other, _X509WorkloadIdentityAuth_refreshBufferMs, "f");
  }
  /** Binds deferred response parsing to the original logical request and its unchanged deadline. */
  continuation() {
    const { wallStartedAt, monotonicStartedAt, deadlineArmed, request, requestOwner, effectiveSignal } = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    const scope = {
      wallStartedAt,
      monotonicStartedAt,
      owner: this,
      // Spread creates an own data property without invoking inherited setters or changing the object prototype.
      ...deadlineArmed ? { deadlineArmed } : {},
      // Spread creates an own data property without invoking inherited setters or changing the object prototype.
      ...request ? { request } : {},
      // Spread creates an own data property without invoking inherited setters or changing the object prototype.
      ...effectiveSignal ? { effectiveSignal } : {},
      // Spread creates an own data property without invoking inherited setters or changing the object prototype.
      ...requestOwner ? { requestOwner } : {}
    };
    return (operation) => __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").resume(scope, async () => {
      try {
        return await operation();
      } finally {
        this.releaseRequestCredentials();
        delete scope.requestOwner;
        delete scope.owner;
      }
    });
  }
  /** Removes dispatched bearer material before settled request promises can retain their scope. */
  releaseRequestCredentials() {
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    delete scope.request;
    delete scope.phase;
    delete scope.deadlineArmed;
    delete scope.preparationStartedAt;
    delete scope.preparationWallStartedAt;
    delete scope.effectiveSignal;
    delete scope.materializedBody;
    delete scope.apiURL;
    delete scope.tenant;
    delete scope.token;
    delete scope.defaultHeaders;
    delete scope.requestHeaders;
    delete scope.tokenGeneration;
    delete scope.headers;
    delete scope.authorization;
  }
  /** Returns the original authentication start so response consumption shares its request deadline. */
  requestStartedAt(_options) {
    return __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").current()?.wallStartedAt;
  }
  /** Distinguishes issued workload credentials from independent admin or headerless requests. */
  usedWorkloadToken(_options) {
    return __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").current()?.token !== void 0;
  }
  /** Returns the budget left after certificate authentication without starting another timeout. */
  remainingTimeout(_options, timeout) {
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").current();
    if (scope === void 0) {
      return timeout;
    }
    const remaining = timeout - (performance.now() - scope.monotonicStartedAt);
    if (remaining <= 0) {
      throw new APIConnectionTimeoutError();
    }
    return remaining;
  }
  /** Cancels active retry timers promptly without changing public caller-abort semantics. */
  async waitForRetry(duration, signal) {
    try {
      await __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").sleep(duration, signal);
    } catch (error) {
      if (signal?.aborted) {
        throw userAbortError(signal);
      }
      throw error;
    }
  }
  /** Trusts only issuer or connection failures privately branded by the approved transport. */
  static isRetryableFailure(error) {
    return typeof error === "object" && error !== null && (isTransientX509ConnectionError2(error) || isRetryableX509IssuerError2(error));
  }
  /** Reads safe retry hints only from a privately branded, sanitized issuer response. */
  static retryHeaders(error) {
    if (!error || typeof error !== "object" || !isRetryableX509IssuerError2(error)) {
      return void 0;
    }
    const headers = Object.getOwnPropertyDescriptor(error, "headers")?.value;
    return headers instanceof Headers ? headers : void 0;
  }
  /** Exchanges the exact certificate capability selected for the matching API dispatch. */
  async getToken(options, context) {
    const callerSignal = context ? context.signal : options?.signal;
    if (callerSignal?.aborted) {
      throw userAbortError(callerSignal);
    }
    if (options) {
      assertX509RequestOptions(context ? context.fetchOptions : options.fetchOptions);
    }
    __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_preflight).call(this, context);
    const scope = options ? __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this) : void 0;
    const cached = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_cachedToken, "f");
    if (cached && performance.now() < cached.refreshAt && Date.now() < cached.wallRefreshAt) {
      return __classPrivateFieldGet(_a, _a, "m", _X509WorkloadIdentityAuth_assignToken).call(_a, scope, cached);
    }
    const remaining = context && options ? this.remainingTimeout(options, context.timeout) : context?.timeout;
    const { signal, dispose } = exchangeDeadline(remaining, callerSignal);
    if (callerSignal?.aborted) {
      dispose();
      throw userAbortError(callerSignal);
    }
    const attempt = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_refresh, "f") ?? __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_beginRefresh).call(this);
    attempt.waiters += 1;
    const waiter = waitForRefresh(attempt, signal);
    try {
      const exchanged = await waiter.result;
      const refreshed = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_cachedToken, "f");
      if (!refreshed || refreshed.accessToken !== exchanged.accessToken) {
        throw new APIUserAbortError();
      }
      return __classPrivateFieldGet(_a, _a, "m", _X509WorkloadIdentityAuth_assignToken).call(_a, scope, refreshed);
    } catch (error) {
      return await __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_recoverRefreshFailure).call(this, error, attempt, cached, scope, options, context);
    } finally {
      waiter.dispose();
      dispose();
      attempt.waiters -= 1;
      __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_retireRefresh).call(this, attempt);
    }
  }
  /** Invalidates only the workload-token generation actually rejected by the current request. */
  invalidateToken() {
    const rejected = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").current();
    if (!rejected?.token || __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_cachedToken, "f")?.accessToken !== rejected.token || __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_cachedToken, "f").generation !== rejected.tokenGeneration) {
      return;
    }
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_tokenGeneration, __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_tokenGeneration, "f") + 1, "f");
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_cachedToken, void 0, "f");
    const refresh = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_refresh, "f");
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_refresh, void 0, "f");
    refresh?.controller.abort(new APIUserAbortError());
  }
  /** Binds the minted credential to the original headers before protected request hooks run. */
  bindRequest(options, request, adminAPIKey) {
    if (!(request.headers instanceof Headers)) {
      throw new OpenAIError("X.509 workload identity requires the original workload authorization headers.");
    }
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    const { token } = scope;
    const security = options.__security ?? { bearerAuth: true };
    let approvedAuthorization = token ? `Bearer ${token}` : null;
    if (!token && security.adminAPIKeyAuth && adminAPIKey !== null && headerValue(request.headers, "Authorization") !== null) {
      approvedAuthorization = new Headers({ Authorization: `Bearer ${adminAPIKey}` }).get("Authorization");
    }
    scope.headers = request.headers;
    scope.authorization = approvedAuthorization;
    this.assertRequest(request);
  }
  /** Rebinds an equivalent protected-hook container without relaxing final dispatch identity checks. */
  adoptRequestHeaders(request) {
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_scope).call(this);
    const original = scope.headers;
    if (!(original instanceof Headers) || !(request.headers instanceof Headers)) {
      throw new OpenAIError("X.509 workload identity must preserve its issued workload authorization.");
    }
    scope.headers = request.headers;
    try {
      this.assertRequest(request);
    } catch (error) {
      scope.headers = original;
      throw error;
    }
  }
  /** Rejects request hooks that replace the selected bearer or its approved header identity. */
  assertRequest(request) {
    const { headers } = request;
    if (!(headers instanceof Headers)) {
      throw new OpenAIError("X.509 workload identity must preserve its issued workload authorization.");
    }
    const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").current();
    if (!scope || scope.headers !== headers || scope.authorization === void 0 || headerValue(headers, "Authorization") !== scope.authorization) {
      throw new OpenAIError("X.509 workload identity must preserve its issued workload authorization.");
    }
    __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_assertTenantHeaders).call(this, headers);
    assertSafeHeaders(headers);
  }
  /** Returns a guarded final dispatcher while preserving all existing request hook object identities. */
  fetch() {
    return async (input, init = {}) => {
      const target = assertX509APIOrigin(typeof input === "string" || input instanceof URL ? input : input.url);
      assertX509FetchOptions(init);
      this.assertRequest(init);
      const approved = init.headers;
      if (!(approved instanceof Headers)) {
        throw new OpenAIError("X.509 workload identity must preserve its issued workload authorization.");
      }
      const headers = new Headers([...Headers.prototype.entries.call(approved)]);
      assertSafeHeaders(headers);
      init.headers = headers;
      init.redirect = "manual";
      return await __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").dispatch(target, init);
    };
  }
};
_a = X509WorkloadIdentityAuth, _X509WorkloadIdentityAuth_identityProviderId = /* @__PURE__ */ new WeakMap(), _X509WorkloadIdentityAuth_serviceAccountId = /* @__PURE__ */ new WeakMap(), _X509WorkloadIdentityAuth_configuredRefreshBufferMs = /* @__PURE__ */ new WeakMap(), _X509WorkloadIdentityAuth_configuredRefreshBufferSeconds = /* @__PURE__ */ new WeakMap(), _X509WorkloadIdentityAuth_organization = /* @__PURE__ */ new WeakMap(), _X509WorkloadIdentityAuth_project = /* @__PURE__ */ new WeakMap(), _X509WorkloadIdentityAuth_transport = /* @__PURE__ */ new WeakMap(), _X509WorkloadIdentityAuth_refreshBufferMs = /* @__PURE__ */ new WeakMap(), _X509WorkloadIdentityAuth_cachedToken = /* @__PURE__ */ new WeakMap(), _X509WorkloadIdentityAuth_refresh = /* @__PURE__ */ new WeakMap(), _X509WorkloadIdentityAuth_tokenGeneration = /* @__PURE__ */ new WeakMap(), _X509WorkloadIdentityAuth_instances = /* @__PURE__ */ new WeakSet(), _X509WorkloadIdentityAuth_cancelRequestBody = async function _X509WorkloadIdentityAuth_cancelRequestBody2(body) {
  try {
    await CancelReadableStream(body);
  } catch {
  }
}, _X509WorkloadIdentityAuth_assignToken = function _X509WorkloadIdentityAuth_assignToken2(scope, token) {
  if (scope) {
    scope.token = token.accessToken;
    scope.tokenGeneration = token.generation;
  }
  return token.accessToken;
}, _X509WorkloadIdentityAuth_recoverRefreshFailure = async function _X509WorkloadIdentityAuth_recoverRefreshFailure2(error, attempt, cached, scope, options, context) {
  const callerSignal = context ? context.signal : options?.signal;
  if (callerSignal?.aborted) {
    throw userAbortError(callerSignal);
  }
  if (attempt.controller.signal.aborted && attempt.generation !== __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_tokenGeneration, "f")) {
    return await this.getToken(options, context);
  }
  const fallback = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_fallbackToken).call(this, error, cached, scope);
  if (fallback !== void 0) {
    return fallback;
  }
  if (error && typeof error === "object" && !(error instanceof OAuthError)) {
    const oauth = findX509OAuthError2(error);
    if (oauth) {
      throw new OAuthError(oauth.status, oauth.error, oauth.headers);
    }
  }
  throw error;
}, _X509WorkloadIdentityAuth_fallbackToken = function _X509WorkloadIdentityAuth_fallbackToken2(error, cached, scope) {
  if (!cached || cached !== __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_cachedToken, "f") || performance.now() >= cached.expiresAt || Date.now() >= cached.wallExpiresAt || !_a.isRetryableFailure(error)) {
    return void 0;
  }
  const headers = _a.retryHeaders(error);
  const milliseconds = headers?.get("retry-after-ms");
  let requested = milliseconds ? Number(milliseconds) : void 0;
  const retryAfter = headers?.get("retry-after");
  if (retryAfter && (requested === void 0 || Number.isNaN(requested))) {
    const seconds = Number(retryAfter);
    requested = Number.isNaN(seconds) ? Date.parse(retryAfter) - Date.now() : seconds * 1e3;
  }
  const cooldown = requested !== void 0 && Number.isFinite(requested) && requested >= 0 && requested <= 6e4 ? Math.max(FAILED_REFRESH_COOLDOWN_MS, requested) : FAILED_REFRESH_COOLDOWN_MS;
  cached.refreshAt = Math.min(cached.expiresAt, performance.now() + cooldown);
  cached.wallRefreshAt = Math.min(cached.wallExpiresAt, Date.now() + cooldown);
  return __classPrivateFieldGet(_a, _a, "m", _X509WorkloadIdentityAuth_assignToken).call(_a, scope, cached);
}, _X509WorkloadIdentityAuth_retireRefresh = function _X509WorkloadIdentityAuth_retireRefresh2(attempt) {
  if (attempt.waiters !== 0 || __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_refresh, "f") !== attempt) {
    return;
  }
  queueMicrotask(() => {
    if (attempt.waiters === 0 && __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_refresh, "f") === attempt) {
      __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_refresh, void 0, "f");
      __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_tokenGeneration, __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_tokenGeneration, "f") + 1, "f");
      attempt.controller.abort(new APIUserAbortError());
    }
  });
}, _X509WorkloadIdentityAuth_beginRefresh = function _X509WorkloadIdentityAuth_beginRefresh2() {
  const controller = new AbortController();
  const generation = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_tokenGeneration, "f");
  const attempt = {
    controller,
    generation,
    waiters: 0,
    promise: __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_instances, "m", _X509WorkloadIdentityAuth_refreshToken).call(this, controller, generation)
  };
  __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_refresh, attempt, "f");
  return attempt;
}, _X509WorkloadIdentityAuth_refreshToken = async function _X509WorkloadIdentityAuth_refreshToken2(controller, generation) {
  const startedAt = performance.now();
  const wallStartedAt = Date.now();
  try {
    const token = await __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").exchange(__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_identityProviderId, "f"), __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_serviceAccountId, "f"), controller.signal);
    const lifetime = token.expiresIn * 1e3;
    const expiresAt = startedAt + lifetime;
    const wallExpiresAt = wallStartedAt + lifetime;
    if (performance.now() >= expiresAt || Date.now() >= wallExpiresAt) {
      throw new OpenAIError("X.509 workload identity token expired before its exchange completed.");
    }
    if (__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_tokenGeneration, "f") !== generation || controller.signal.aborted || __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_refresh, "f")?.controller !== controller) {
      throw new APIUserAbortError();
    }
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_tokenGeneration, __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_tokenGeneration, "f") + 1, "f");
    __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_cachedToken, {
      accessToken: token.accessToken,
      generation: __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_tokenGeneration, "f"),
      expiresAt,
      refreshAt: expiresAt - Math.min(__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_refreshBufferMs, "f"), lifetime / 2),
      wallExpiresAt,
      wallRefreshAt: wallExpiresAt - Math.min(__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_refreshBufferMs, "f"), lifetime / 2)
    }, "f");
    return token;
  } finally {
    if (__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_refresh, "f")?.controller === controller) {
      __classPrivateFieldSet(this, _X509WorkloadIdentityAuth_refresh, void 0, "f");
    }
  }
}, _X509WorkloadIdentityAuth_preflight = function _X509WorkloadIdentityAuth_preflight2(context) {
  if (!context) {
    return;
  }
  if (context.organization !== __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_organization, "f") || context.project !== __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_project, "f")) {
    throw new OpenAIError("X.509 workload identity cannot override its enrolled organization or project.");
  }
  assertX509APIOrigin(context.apiURL);
  const supplied = buildHeaders([context.defaultHeaders, context.requestHeaders]);
  if (__classPrivateFieldGet(this, _X509WorkloadIdentityAuth_organization, "f") !== null && supplied.nulls.has("openai-organization") || __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_project, "f") !== null && supplied.nulls.has("openai-project")) {
    throw new OpenAIError("X.509 workload identity cannot omit its enrolled organization or project.");
  }
  for (const name of supplied.values.keys()) {
    const canonical = name.toLowerCase().split("_").join("-");
    if ((canonical === "openai-organization" || canonical === "openai-project") && (name !== canonical || headerValue(supplied.values, name) !== (canonical === "openai-organization" ? context.organization : context.project))) {
      throw new OpenAIError("X.509 workload identity cannot override its enrolled organization or project.");
    }
    if (isSensitiveHeader(canonical) || canonical === "host") {
      throw new OpenAIError("X.509 workload identity cannot use caller-supplied authentication credentials.");
    }
  }
}, _X509WorkloadIdentityAuth_scope = function _X509WorkloadIdentityAuth_scope2() {
  const scope = __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_transport, "f").current();
  if (!scope || scope.owner !== this) {
    throw new OpenAIError("X.509 workload identity requires an active certificate request scope.");
  }
  return scope;
}, _X509WorkloadIdentityAuth_assertTenantHeaders = function _X509WorkloadIdentityAuth_assertTenantHeaders2(headers) {
  if (headerValue(headers, "OpenAI-Organization") !== __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_organization, "f") || headerValue(headers, "OpenAI-Project") !== __classPrivateFieldGet(this, _X509WorkloadIdentityAuth_project, "f")) {
    throw new OpenAIError("X.509 workload identity cannot override its enrolled organization or project.");
  }
  for (const name of Headers.prototype.keys.call(headers)) {
    const canonical = name.toLowerCase().split("_").join("-");
    if ((canonical === "openai-organization" || canonical === "openai-project") && name !== canonical) {
      throw new OpenAIError("X.509 workload identity cannot override its enrolled organization or project.");
    }
  }
};
function normalizeX509CredentialOptions(options) {
  const { credential } = options;
  if (credential === void 0) {
    return { credential, options };
  }
  const registered = findX509Credential2(credential);
  if (!registered) {
    throw new OpenAIError("An X.509 credential must be created by the SDK authentication helper.");
  }
  const conflicting = ["apiKey", "adminAPIKey", "workloadIdentity", "x509Transport"].filter((name) => {
    const value = options[name];
    return value !== null && value !== void 0;
  });
  if (conflicting.length > 0) {
    throw new OpenAIError(`The \`credential\` option cannot be combined with ${conflicting.map((name) => `\`${name}\``).join(", ")}.`);
  }
  return {
    credential,
    options: {
      ...options,
      apiKey: null,
      adminAPIKey: null,
      baseURL: options.baseURL ?? null,
      organization: options.organization ?? null,
      project: options.project ?? null,
      workloadIdentity: registered.identity,
      x509Transport: registered.transport
    }
  };
}
function overridesOrdinaryAuthentication({ apiKey, adminAPIKey }) {
  return apiKey !== null && apiKey !== void 0 || adminAPIKey !== null && adminAPIKey !== void 0;
}
function prepareProviderClone(inherited, overrides) {
  const inheritedProvider = inherited.provider;
  const replacingProvider = overrides.credential ?? overrides.workloadIdentity;
  const provider = overrides.provider ?? (replacingProvider ? void 0 : inheritedProvider);
  if (provider !== inheritedProvider) {
    delete inherited.baseURL;
    delete inherited.organization;
    delete inherited.project;
    delete inherited.defaultHeaders;
    delete inherited.defaultQuery;
    delete inherited.fetchOptions;
    delete inherited.fetch;
  }
  if (provider) {
    delete inherited.apiKey;
    delete inherited.adminAPIKey;
    delete inherited.credential;
    delete inherited.workloadIdentity;
    delete inherited.x509Transport;
    delete inherited.baseURL;
  }
  return provider;
}
function prepareX509ClientClone(inherited, overrides, credential, currentlyX509) {
  const nextIdentity = hasOwn(overrides, "workloadIdentity") ? overrides.workloadIdentity : inherited.workloadIdentity;
  const dropping = credential !== void 0 && (overridesOrdinaryAuthentication(overrides) && overrides.workloadIdentity === void 0 || overrides.provider !== void 0);
  if (credential !== void 0 && hasOwn(overrides, "workloadIdentity")) {
    delete inherited.x509Transport;
  }
  const inheritedCredential = credential !== void 0 && !dropping && overrides.credential === void 0 && !hasOwn(overrides, "workloadIdentity") && !hasOwn(overrides, "x509Transport") ? credential : void 0;
  const nextCredential = overrides.credential === void 0 ? inheritedCredential : overrides.credential;
  const nextX509 = nextCredential !== void 0 || !dropping && isX509WorkloadIdentity(nextIdentity);
  if (currentlyX509 !== nextX509) {
    delete inherited.fetch;
    delete inherited.baseURL;
    delete inherited.organization;
    delete inherited.project;
    delete inherited.defaultHeaders;
    delete inherited.defaultQuery;
    delete inherited.fetchOptions;
    if (nextX509) {
      inherited.apiKey = null;
    } else {
      delete inherited.x509Transport;
      if (dropping) {
        delete inherited.workloadIdentity;
      }
    }
  }
  if (nextCredential !== void 0) {
    delete inherited.apiKey;
    delete inherited.adminAPIKey;
    delete inherited.workloadIdentity;
    delete inherited.x509Transport;
    inherited.credential = nextCredential;
    if (overrides.credential !== void 0) {
      delete inherited.organization;
      delete inherited.project;
      delete inherited.defaultHeaders;
      delete inherited.defaultQuery;
      delete inherited.fetchOptions;
    }
  }
  return { credential: nextCredential, provider: prepareProviderClone(inherited, overrides) };
}
var brand_privateStreamingFile = /* @__PURE__ */ Symbol("brand.privateStreamingFile");
function toStreamingFile(data, name, options) {
  if (typeof name !== "string" || !name) {
    throw new TypeError("toStreamingFile requires a non-empty file name");
  }
  const type = options?.type;
  if (type) {
    validateStreamingFileType(type);
  }
  return {
    [brand_privateStreamingFile]: true,
    data,
    name,
    ...type ? { type } : {}
  };
}
var checkFileSupport = () => {
  if (typeof File === "undefined") {
    const { process: process2 } = globalThis;
    const isOldNode = typeof process2?.versions?.node === "string" && Number.parseInt(process2.versions.node.split("."), 10) < 20;
    throw new Error("`File` is not defined as a global, which is required for file uploads." + (isOldNode ? " Update to a supported Node.js LTS release, or set `globalThis.File` to `import('node:buffer').File`." : ""));
  }
};
function makeFile(fileBits, fileName, options) {
  checkFileSupport();
  return new File(fileBits, fileName ?? "unknown_file", options);
}
function getName(value, options) {
  if (typeof value !== "object" || value === null) {
    return void 0;
  }
  const name = "name" in value ? value.name : void 0;
  const explicitName = name && String(name) || "filename" in value && value.filename && String(value.filename);
  if (explicitName) {
    return options?.stripFilename === false ? normalizeFilenamePath(explicitName) : basename(explicitName);
  }
  const url = "url" in value && value.url && String(value.url);
  if (url) {
    try {
      const filename = basename(new URL(url).pathname);
      return filename === void 0 ? void 0 : basename(decodeURLFilename(filename));
    } catch {
      return basename(url);
    }
  }
  const path2 = "path" in value && value.path && String(value.path);
  return path2 ? basename(path2) : void 0;
}
function basename(value) {
  return value.split(/[\\/]/).pop() || void 0;
}
function decodeURLFilename(filename) {
  try {
    const decodedFilename = decodeURIComponent(filename);
    if (/%(?:0[AD]|22)/i.test(decodedFilename)) {
      return filename;
    }
    return decodedFilename.replace(/[\u0000-\u001F\u007F]/gu, encodeURIComponent);
  } catch {
    return filename;
  }
}
function normalizeFilenamePath(value) {
  const normalized = value.replace(/\\/g, "/");
  if (normalized.startsWith("/") || /^[A-Za-z]:/.test(normalized) || normalized.split("/").includes("..")) {
    throw new TypeError("Upload file name must be a safe relative path without parent directory segments");
  }
  return normalized;
}
var arrayBufferByteLengthGetter = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength")?.get;
function isArrayBuffer(value) {
  try {
    return arrayBufferByteLengthGetter?.call(value) !== void 0;
  } catch {
    return false;
  }
}
var isAsyncIterable = (value) => value != null && typeof value === "object" && typeof value[Symbol.asyncIterator] === "function";
var maybeMultipartFormRequestOptions = async (opts, fetch2, formOptions) => {
  if (!hasUploadableValue(opts.body)) {
    return opts.__metadata?.["finalizeMultipart"] === true && formOptions?.stripFilenames === false ? { ...opts, __metadata: { ...opts.__metadata, preserveMultipartFilenames: true } } : opts;
  }
  const finalizedOptions = opts.__metadata?.["finalizeMultipart"] === true ? { ...opts, __metadata: { ...opts.__metadata, finalizeMultipart: false } } : opts;
  if (hasStreamingUploadableValue(opts.body)) {
    return createStreamingFormRequestOptions(finalizedOptions, formOptions);
  }
  return { ...finalizedOptions, body: await createForm(finalizedOptions.body, fetch2, formOptions) };
};
var supportsFormDataMap = /* @__PURE__ */ new WeakMap();
function supportsFormData(fetchObject) {
  const fetch2 = typeof fetchObject === "function" ? fetchObject : fetchObject.fetch;
  const cached = supportsFormDataMap.get(fetch2);
  if (cached) {
    return cached;
  }
  const promise = (async () => {
    try {
      let FetchResponse;
      if ("Response" in fetch2) {
        FetchResponse = fetch2.Response;
      } else {
        const response = await fetch2("data:,");
        await response.arrayBuffer();
        FetchResponse = response.constructor;
      }
      const data = new FormData();
      if (data.toString() === await new FetchResponse(data).text()) {
        return false;
      }
      return true;
    } catch {
      return true;
    }
  })();
  supportsFormDataMap.set(fetch2, promise);
  return promise;
}
var createForm = async (body, fetch2, options = {}) => {
  if (!await supportsFormData(fetch2)) {
    throw new TypeError("The provided fetch function does not support file uploads with the current global FormData class.");
  }
  const form = new FormData();
  await Promise.all(Object.entries(body || {}).map(([key, value]) => addFormValue(form, key, value, options)));
  return form;
};
var isBlob = (value) => value instanceof Blob;
var isReadableStream = (value) => typeof value === "object" && value !== null && "getReader" in value && typeof value.getReader === "function";
var isStreamingFile = (value) => typeof value === "object" && value !== null && brand_privateStreamingFile in value;
var isUploadable = (value) => typeof value === "object" && value !== null && (value instanceof Response || isAsyncIterable(value) || isReadableStream(value) || isStreamingFile(value) || isBlob(value));
var hasStreamingUploadableValue = (value) => {
  if (isStreamingFile(value) || isAsyncIterable(value) || isReadableStream(value)) {
    return true;
  }
  if (Array.isArray(value)) {
    return value.some(hasStreamingUploadableValue);
  }
  if (value && typeof value === "object" && !isBlob(value) && !(value instanceof Response)) {
    for (const k of Object.keys(value)) {
      if (hasStreamingUploadableValue(value[k])) {
        return true;
      }
    }
  }
  return false;
};
var hasUploadableValue = (value) => {
  if (isUploadable(value)) {
    return true;
  }
  if (Array.isArray(value)) {
    return value.some(hasUploadableValue);
  }
  if (value && typeof value === "object") {
    for (const k of Object.keys(value)) {
      if (hasUploadableValue(value[k])) {
        return true;
      }
    }
  }
  return false;
};
var snapshotPreservedUploadEntries = (entries, filenames) => {
  const snapshot = [];
  for (const entry of entries) {
    if (isUploadable(entry.value) && !filenames.has(entry.value)) {
      filenames.set(entry.value, getStreamingFileName(entry.value, { stripFilenames: false }));
    }
    snapshot.push(entry);
  }
  return snapshot;
};
var streamingFormFinalizers = /* @__PURE__ */ new WeakMap();
var finalizeStreamingFormRequestOptions = (opts) => {
  if (typeof opts.body !== "object" || opts.body === null) {
    return;
  }
  const finalize = streamingFormFinalizers.get(opts.body);
  if (finalize) {
    opts.stream = finalize();
    streamingFormFinalizers.delete(opts.body);
  }
};
var createStreamingFormRequestOptions = (opts, options = {}) => {
  const entries = iterateFormEntries(opts.body);
  const preservedFilenames = options.stripFilenames === false ? /* @__PURE__ */ new WeakMap() : void 0;
  let multipartEntries = preservedFilenames ? snapshotPreservedUploadEntries(entries, preservedFilenames) : entries;
  const boundary = `openai-${Math.random().toString(36).slice(2)}`;
  function multipartBody() {
    return __asyncGenerator(this, null, function* () {
      yield* __yieldStar(iterateMultipartBody(multipartEntries, boundary, options, preservedFilenames));
    });
  }(globalThis[Symbol.for("pigo.asyncGeneratorFunction")] || Object)(multipartBody);
  const body = ReadableStreamFrom(multipartBody(), opts.__metadata?.["streamFromBody"] === true ? { highWaterMark: 0 } : void 0);
  const originalBody = opts.body;
  if (opts.__metadata?.["streamFromBody"] === true && typeof originalBody === "object" && originalBody !== null) {
    streamingFormFinalizers.set(body, () => {
      const capturedBody = { ...originalBody };
      const capturedEntries = iterateFormEntries(capturedBody);
      multipartEntries = preservedFilenames ? snapshotPreservedUploadEntries(capturedEntries, preservedFilenames) : capturedEntries;
      const stream = Object.getOwnPropertyDescriptor(capturedBody, "stream")?.value;
      return stream === true || stream === "true";
    });
  }
  return {
    ...opts,
    body,
    headers: buildHeaders([{ "content-type": `multipart/form-data; boundary=${boundary}` }, opts.headers])
  };
};
function iterateMultipartBody(entries, boundary, options, preservedFilenames) {
  return __asyncGenerator(this, null, function* () {
    try {
      for (var iter = __forAwait(entries), more, temp, error; more = !(temp = yield new __await(iter.next())).done; more = false) {
        const { key, value } = temp.value;
        if (isUploadable(value)) {
          const filename = preservedFilenames?.get(value) ?? getStreamingFileName(value, options);
          const type = getStreamingFileType(value);
          yield encodeUTF8(`--${boundary}\r
`);
          yield encodeUTF8(`Content-Disposition: form-data; name="${escapeHeaderValue(key)}"; filename="${escapeHeaderValue(filename)}"\r
Content-Type: ${type}\r
\r
`);
          yield* __yieldStar(iterateBytes(getStreamingFileData(value)));
        } else {
          yield encodeUTF8(`--${boundary}\r
`);
          yield encodeUTF8(`Content-Disposition: form-data; name="${escapeHeaderValue(key)}"\r
\r
${String(value)}`);
        }
        yield encodeUTF8("\r\n");
      }
    } catch (temp) {
      error = [temp];
    } finally {
      try {
        more && (temp = iter.return) && (yield new __await(temp.call(iter)));
      } finally {
        if (error)
          throw error[0];
      }
    }
    yield encodeUTF8(`--${boundary}--\r
`);
  });
}(globalThis[Symbol.for("pigo.asyncGeneratorFunction")] || Object)(iterateMultipartBody);
function* iterateFormEntries(body) {
  if (!body || typeof body !== "object") {
    return;
  }
  for (const [key, value] of Object.entries(body)) {
    yield* __yieldStar(iterateFormValue(key, value));
  }
}
function* iterateFormValue(key, value) {
  if (value === void 0) {
    return;
  }
  if (value == null) {
    throw new TypeError(`Received null for "${key}"; to pass null in FormData, you must use the string 'null'`);
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || isUploadable(value)) {
    yield { key, value };
  } else if (Array.isArray(value)) {
    for (const entry of value) {
      yield* __yieldStar(iterateFormValue(key + "[]", entry));
    }
  } else if (typeof value === "object") {
    for (const [name, prop] of Object.entries(value)) {
      yield* __yieldStar(iterateFormValue(`${key}[${name}]`, prop));
    }
  } else {
    throw new TypeError(`Invalid value given to form, expected a string, number, boolean, object, Array, File or Blob but got ${value} instead`);
  }
}
function getStreamingFileName(value, options) {
  if (isStreamingFile(value)) {
    const { name } = value;
    if (typeof name !== "string" || !name) {
      throw new TypeError("Streaming upload file name must be a non-empty string");
    }
    return options.stripFilenames === false ? normalizeFilenamePath(name) : basename(name) ?? "unknown_file";
  }
  return getName(value, { stripFilename: options.stripFilenames }) ?? "unknown_file";
}
function getStreamingFileType(value) {
  let type;
  if (isStreamingFile(value) || isBlob(value)) {
    ({ type } = value);
  } else if (value instanceof Response) {
    type = value.headers.get("content-type") ?? void 0;
  }
  return validateStreamingFileType(type || "application/octet-stream");
}
function validateStreamingFileType(type) {
  if (typeof type !== "string") {
    throw new TypeError("Streaming upload content type must be a string");
  }
  for (let index = 0; index < type.length; index += 1) {
    const character = type.codePointAt(index) ?? 0;
    if (character <= 31 || character === 127) {
      throw new TypeError("Streaming upload content type must not contain control characters");
    }
  }
  return type;
}
function getStreamingFileData(value) {
  if (isStreamingFile(value)) {
    return value.data;
  }
  return value;
}
function iterateBytes(value) {
  return __asyncGenerator(this, null, function* () {
    if (typeof value === "string") {
      yield encodeUTF8(value);
    } else if (ArrayBuffer.isView(value)) {
      yield new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    } else if (isArrayBuffer(value)) {
      yield new Uint8Array(value);
    } else if (value instanceof Response) {
      yield* __yieldStar(iterateBytes(value.body || (yield new __await(value.blob()))));
    } else if (value instanceof Blob) {
      if (typeof value.stream === "function") {
        yield* __yieldStar(iterateBytes(value.stream()));
      } else {
        yield new Uint8Array(yield new __await(value.arrayBuffer()));
      }
    } else if (isReadableStream(value)) {
      try {
        for (var iter = __forAwait(ReadableStreamToAsyncIterable(value)), more, temp, error; more = !(temp = yield new __await(iter.next())).done; more = false) {
          const chunk = temp.value;
          yield* __yieldStar(iterateBytes(chunk));
        }
      } catch (temp) {
        error = [temp];
      } finally {
        try {
          more && (temp = iter.return) && (yield new __await(temp.call(iter)));
        } finally {
          if (error)
            throw error[0];
        }
      }
    } else if (isAsyncIterable(value)) {
      try {
        for (var iter2 = __forAwait(value), more2, temp2, error2; more2 = !(temp2 = yield new __await(iter2.next())).done; more2 = false) {
          const chunk = temp2.value;
          yield* __yieldStar(iterateBytes(chunk));
        }
      } catch (temp2) {
        error2 = [temp2];
      } finally {
        try {
          more2 && (temp2 = iter2.return) && (yield new __await(temp2.call(iter2)));
        } finally {
          if (error2)
            throw error2[0];
        }
      }
    } else {
      throw new TypeError(`Invalid streaming file chunk: ${String(value)}`);
    }
  });
}(globalThis[Symbol.for("pigo.asyncGeneratorFunction")] || Object)(iterateBytes);
function escapeHeaderValue(value) {
  return Array.from(value, (character) => {
    const codePoint = character.codePointAt(0) ?? 0;
    return codePoint <= 31 || codePoint === 127 || character === '"' || character === "\\" ? encodeURIComponent(character) : character;
  }).join("");
}
var addFormValue = async (form, key, value, options) => {
  if (value === void 0) {
    return;
  }
  if (value == null) {
    throw new TypeError(`Received null for "${key}"; to pass null in FormData, you must use the string 'null'`);
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    form.append(key, String(value));
  } else if (value instanceof Response) {
    const blob = await value.blob();
    form.append(key, makeFile([blob], getName(value, { stripFilename: options.stripFilenames }), { type: blob.type }));
  } else if (isAsyncIterable(value)) {
    form.append(key, makeFile([await new Response(ReadableStreamFrom(value)).blob()], getName(value, { stripFilename: options.stripFilenames })));
  } else if (isBlob(value)) {
    const filename = getName(value, { stripFilename: options.stripFilenames });
    if (filename === void 0) {
      form.append(key, value);
    } else {
      form.append(key, value, filename);
    }
  } else if (Array.isArray(value)) {
    const entries = await Promise.all(value.map(async (entry) => {
      const entryForm = new FormData();
      await addFormValue(entryForm, key + "[]", entry, options);
      return entryForm;
    }));
    for (const entryForm of entries) {
      if (!entryForm) {
        continue;
      }
      for (const [entryKey, entryValue] of entryForm.entries()) {
        form.append(entryKey, entryValue);
      }
    }
  } else if (typeof value === "object") {
    await Promise.all(Object.entries(value).map(([name, prop]) => addFormValue(form, `${key}[${name}]`, prop, options)));
  } else {
    throw new TypeError(`Invalid value given to form, expected a string, number, boolean, object, Array, File or Blob but got ${value} instead`);
  }
};
var isBlobLike = (value) => value != null && typeof value === "object" && typeof value.size === "number" && typeof value.type === "string" && typeof value.text === "function" && typeof value.slice === "function" && typeof value.arrayBuffer === "function";
var isFileLike = (value) => value != null && typeof value === "object" && typeof value.name === "string" && typeof value.lastModified === "number" && isBlobLike(value);
var isResponseLike = (value) => value != null && typeof value === "object" && typeof value.url === "string" && typeof value.blob === "function";
var hasFilePropertyOverrides = (value, options) => options?.type != null && options.type !== value.type || options?.lastModified != null && options.lastModified !== value.lastModified || options?.endings != null;
var canReuseNativeFile = (value, name, options) => (name == null || name === value.name) && !hasFilePropertyOverrides(value, options);
async function toFile(value, name, options) {
  checkFileSupport();
  value = await value;
  if (isFileLike(value)) {
    const fileOptions = {
      ...options,
      type: options?.type ?? value.type,
      lastModified: options?.lastModified ?? value.lastModified
    };
    if (value instanceof File) {
      if (canReuseNativeFile(value, name, options)) {
        return value;
      }
      return makeFile([value], name ?? value.name, fileOptions);
    }
    return makeFile([await value.arrayBuffer()], name ?? value.name, fileOptions);
  }
  if (isResponseLike(value)) {
    const blob = await value.blob();
    name ?? (name = getName(value));
    const responseOptions = options?.type === void 0 && blob.type ? { ...options, type: blob.type } : options;
    return makeFile(await getBytes(blob), name, responseOptions);
  }
  const parts = await getBytes(value);
  name ?? (name = getName(value));
  if (options?.type === void 0) {
    const typedPart = parts.find((part) => typeof part === "object" && "type" in part && !!part.type);
    if (typedPart) {
      options = { ...options, type: typedPart.type };
    }
  }
  return makeFile(parts, name, options);
}
async function getBytes(value) {
  const parts = [];
  if (typeof value === "string" || ArrayBuffer.isView(value) || // includes Uint8Array, Buffer, etc.
  isArrayBuffer(value)) {
    parts.push(value);
  } else if (isBlobLike(value)) {
    parts.push(value instanceof Blob ? value : new Blob([await value.arrayBuffer()], { type: value.type }));
  } else if (isAsyncIterable(value)) {
    try {
      for (var iter = __forAwait(value), more, temp, error; more = !(temp = await iter.next()).done; more = false) {
        const chunk = temp.value;
        parts.push(...await getBytes(chunk));
      }
    } catch (temp) {
      error = [temp];
    } finally {
      try {
        more && (temp = iter.return) && await temp.call(iter);
      } finally {
        if (error)
          throw error[0];
      }
    }
  } else {
    const constructor = value?.constructor?.name;
    throw new Error(`Unexpected data type: ${typeof value}${constructor ? `; constructor: ${constructor}` : ""}${propsForError(value)}`);
  }
  return parts;
}
function propsForError(value) {
  if (typeof value !== "object" || value === null) {
    return "";
  }
  const props = Object.getOwnPropertyNames(value);
  return `; props: [${props.map((p) => `"${p}"`).join(", ")}]`;
}
var APIResource = class {
  constructor(client) {
    this._client = client;
  }
};
function encodeURIPath(str) {
  return str.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]+/g, encodeURIComponent);
}
var EMPTY = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.create(null));
var createPathTagFunction = (pathEncoder = encodeURIPath) => function path2(statics, ...params) {
  if (statics.length === 1) {
    return statics[0];
  }
  let postPath = false;
  const invalidSegments = [];
  let path3 = "";
  for (let index = 0; index < statics.length; index += 1) {
    if (index in statics) {
      const currentValue = statics[index];
      if (/[?#]/.test(currentValue)) {
        postPath = true;
      }
      const value = params[index];
      let encoded = (postPath ? encodeURIComponent : pathEncoder)("" + value);
      if (index !== params.length && (value == null || // oxlint-disable-next-line anti-slop/no-runtime-typeof -- Path parameters may arrive from JavaScript callers and require runtime validation before URL encoding.
      typeof value === "object" && // handle values from other realms
      value.toString === Object.getPrototypeOf(Object.getPrototypeOf(value.hasOwnProperty ?? EMPTY) ?? EMPTY)?.toString)) {
        encoded = value + "";
        invalidSegments.push({
          start: path3.length + currentValue.length,
          length: encoded.length,
          error: `Value of type ${Object.prototype.toString.call(value).slice(8, -1)} is not a valid path parameter`
        });
      }
      path3 += currentValue + (index === params.length ? "" : encoded);
    }
  }
  const pathOnly = path3.split(/[?#]/, 1)[0];
  const invalidSegmentPattern = /(?<=^|\/)(?:\.|%2e){1,2}(?=\/|$)/gi;
  let match;
  while ((match = invalidSegmentPattern.exec(pathOnly)) !== null) {
    invalidSegments.push({
      start: match.index,
      length: match[0].length,
      error: `Value "${match[0]}" can't be safely passed as a path parameter`
    });
  }
  invalidSegments.sort((a, b) => a.start - b.start);
  if (invalidSegments.length > 0) {
    let lastEnd = 0;
    let underline = "";
    for (const segment of invalidSegments) {
      const spaces = " ".repeat(segment.start - lastEnd);
      const arrows = "^".repeat(segment.length);
      lastEnd = segment.start + segment.length;
      underline += spaces + arrows;
    }
    throw new OpenAIError(`Path parameters result in path with invalid segments:
${invalidSegments.map((e) => e.error).join("\n")}
${path3}
${underline}`);
  }
  return path3;
};
var path = /* @__PURE__ */ createPathTagFunction(encodeURIPath);
function resolveResourceRequestOptions(options, buildOptions) {
  return Promise.resolve(options).then(buildOptions);
}
var normalizeRequestOptionsForQueryKeys = /* @__PURE__ */ new Set([
  "method",
  "path",
  "query",
  "body",
  "headers",
  "maxRetries",
  "stream",
  "timeout",
  "httpAgent",
  "fetchOptions",
  "signal",
  "idempotencyKey",
  "defaultBaseURL",
  "__metadata",
  "__binaryRequest",
  "__binaryResponse",
  "__streamClass",
  "__streamMode",
  "__security",
  "__synthesizeEventData"
]);
function normalizeRequestOptionsForQuery(value, queryKeys, options) {
  if (typeof value !== "object" || value === null)
    return void 0;
  const entries = Object.entries(Object.getOwnPropertyDescriptors(value)).filter(([, descriptor]) => descriptor.enumerable && (!("value" in descriptor) || descriptor.value !== void 0));
  const keys = entries.map(([key]) => key);
  const requestOnly = keys.some((key) => normalizeRequestOptionsForQueryKeys.has(key) && !queryKeys.includes(key));
  if (!requestOnly)
    return void 0;
  if (options !== void 0 || keys.some((key) => !normalizeRequestOptionsForQueryKeys.has(key) || queryKeys.includes(key))) {
    throw new TypeError("Query parameters and request options must be passed as separate arguments.");
  }
  if (keys.some((key) => !["headers", "maxRetries", "timeout", "signal", "idempotencyKey", "query"].includes(key))) {
    throw new TypeError("Pass transport overrides in the explicit request options argument.");
  }
  return Object.fromEntries(entries.map(([key, descriptor]) => {
    if ("value" in descriptor)
      return [key, descriptor.value];
    return [key, descriptor.get ? Reflect.apply(descriptor.get, value, []) : void 0];
  }));
}
var Messages = class extends APIResource {
  list(completionID, query = {}, options) {
    const normalizeRequestOptionsForQueryOptions = normalizeRequestOptionsForQuery(query, ["after", "limit", "order"], options);
    if (normalizeRequestOptionsForQueryOptions !== void 0) {
      options = normalizeRequestOptionsForQueryOptions;
      query = {};
    }
    query = query;
    return this._client.getAPIList(path`/chat/completions/${completionID}/messages`, CursorPage, resolveResourceRequestOptions(options, (options2) => ({
      query,
      ...options2,
      __security: { bearerAuth: true }
    })));
  }
};
var unsupported = () => {
  throw new Error("pigo: not part of the OpenAI SDK subset pi's image generation uses");
};
var ChatCompletionRunner = { runTools: unsupported };
var ChatCompletionStreamingRunner = { runTools: unsupported };
var ChatCompletionStream = { createChatCompletion: unsupported };
var parseChatCompletion = unsupported;
var validateInputTools = unsupported;
function normalizeChatCompletionChunk(chunk) {
  if (!Array.isArray(chunk?.choices)) {
    return chunk;
  }
  return {
    ...chunk,
    choices: chunk.choices.map((choice) => ({ ...choice, finish_reason: choice.finish_reason ?? null }))
  };
}
function normalizeChatCompletionStream(stream) {
  const iterator = stream[Symbol.asyncIterator].bind(stream);
  stream[Symbol.asyncIterator] = (globalThis[Symbol.for("pigo.asyncGeneratorFunction")] || Object)(function normalizedChunks() {
    return __asyncGenerator(this, null, function* () {
      const source = { [Symbol.asyncIterator]: iterator };
      try {
        for (var iter = __forAwait(source), more, temp, error; more = !(temp = yield new __await(iter.next())).done; more = false) {
          const chunk = temp.value;
          yield normalizeChatCompletionChunk(chunk);
        }
      } catch (temp) {
        error = [temp];
      } finally {
        try {
          more && (temp = iter.return) && (yield new __await(temp.call(iter)));
        } finally {
          if (error)
            throw error[0];
        }
      }
    });
  });
  return stream;
}
function resolveResourceRequestOptions2(options, buildOptions) {
  return Promise.resolve(options).then(buildOptions);
}
function withBodyFinalization(options, finalization) {
  return { ...options, __metadata: { ...options.__metadata, ...finalization } };
}
var normalizeRequestOptionsForQueryKeys2 = /* @__PURE__ */ new Set([
  "method",
  "path",
  "query",
  "body",
  "headers",
  "maxRetries",
  "stream",
  "timeout",
  "httpAgent",
  "fetchOptions",
  "signal",
  "idempotencyKey",
  "defaultBaseURL",
  "__metadata",
  "__binaryRequest",
  "__binaryResponse",
  "__streamClass",
  "__streamMode",
  "__security",
  "__synthesizeEventData"
]);
function normalizeRequestOptionsForQuery2(value, queryKeys, options) {
  if (typeof value !== "object" || value === null)
    return void 0;
  const entries = Object.entries(Object.getOwnPropertyDescriptors(value)).filter(([, descriptor]) => descriptor.enumerable && (!("value" in descriptor) || descriptor.value !== void 0));
  const keys = entries.map(([key]) => key);
  const requestOnly = keys.some((key) => normalizeRequestOptionsForQueryKeys2.has(key) && !queryKeys.includes(key));
  if (!requestOnly)
    return void 0;
  if (options !== void 0 || keys.some((key) => !normalizeRequestOptionsForQueryKeys2.has(key) || queryKeys.includes(key))) {
    throw new TypeError("Query parameters and request options must be passed as separate arguments.");
  }
  if (keys.some((key) => !["headers", "maxRetries", "timeout", "signal", "idempotencyKey", "query"].includes(key))) {
    throw new TypeError("Pass transport overrides in the explicit request options argument.");
  }
  return Object.fromEntries(entries.map(([key, descriptor]) => {
    if ("value" in descriptor)
      return [key, descriptor.value];
    return [key, descriptor.get ? Reflect.apply(descriptor.get, value, []) : void 0];
  }));
}
var Completions = class extends APIResource {
  constructor() {
    super(...arguments);
    this.messages = new Messages(this._client);
  }
  create(body, options) {
    return this._client.post("/chat/completions", resolveResourceRequestOptions2(options, (options2) => withBodyFinalization({ body, ...options2, stream: body.stream ?? false, __security: { bearerAuth: true } }, { streamFromBody: true })))._thenUnwrap((result, props) => props.options.stream ? normalizeChatCompletionStream(result) : result);
  }
  /**
   * Get a stored chat completion. Only Chat Completions that have been created with
   * the `store` parameter set to `true` will be returned.
   *
   * @example
   * ```ts
   * const chatCompletion =
   *   await client.chat.completions.retrieve('completion_id');
   * ```
   */
  retrieve(completionID, options) {
    return this._client.get(path`/chat/completions/${completionID}`, resolveResourceRequestOptions2(options, (options2) => ({ ...options2, __security: { bearerAuth: true } })));
  }
  /**
   * Modify a stored chat completion. Only Chat Completions that have been created
   * with the `store` parameter set to `true` can be modified. Currently, the only
   * supported modification is to update the `metadata` field.
   *
   * @example
   * ```ts
   * const chatCompletion = await client.chat.completions.update(
   *   'completion_id',
   *   { metadata: { foo: 'string' } },
   * );
   * ```
   */
  update(completionID, body, options) {
    return this._client.post(path`/chat/completions/${completionID}`, resolveResourceRequestOptions2(options, (options2) => ({
      body,
      ...options2,
      __security: { bearerAuth: true }
    })));
  }
  list(query = {}, options) {
    const normalizeRequestOptionsForQueryOptions = normalizeRequestOptionsForQuery2(query, ["after", "limit", "metadata", "model", "order"], options);
    if (normalizeRequestOptionsForQueryOptions !== void 0) {
      options = normalizeRequestOptionsForQueryOptions;
      query = {};
    }
    query = query;
    return this._client.getAPIList("/chat/completions", CursorPage, resolveResourceRequestOptions2(options, (options2) => ({
      query,
      ...options2,
      __security: { bearerAuth: true }
    })));
  }
  /**
   * Delete a stored chat completion. Only Chat Completions that have been created
   * with the `store` parameter set to `true` can be deleted.
   *
   * @example
   * ```ts
   * const chatCompletionDeleted =
   *   await client.chat.completions.delete('completion_id');
   * ```
   */
  delete(completionID, options) {
    return this._client.delete(path`/chat/completions/${completionID}`, resolveResourceRequestOptions2(options, (options2) => ({ ...options2, __security: { bearerAuth: true } })));
  }
  parse(body, options) {
    validateInputTools(body.tools);
    return this._client.chat.completions.create(body, {
      ...options,
      __metadata: { ...options?.__metadata, helperMethod: "chat.completions.parse" }
    })._thenUnwrap((completion) => parseChatCompletion(completion, body));
  }
  runTools(body, options) {
    if (body.stream) {
      return ChatCompletionStreamingRunner.runTools(this._client, body, options);
    }
    return ChatCompletionRunner.runTools(this._client, body, options);
  }
  /**
   * Creates a chat completion stream
   */
  stream(body, options) {
    return ChatCompletionStream.createChatCompletion(this._client, body, options);
  }
};
Completions.Messages = Messages;
var Chat = class extends APIResource {
  constructor() {
    super(...arguments);
    this.completions = new Completions(this._client);
  }
};
Chat.Completions = Completions;
var Resource = class {
  constructor(client) {
    this._client = client;
  }
};
var readEnv = (env) => {
  try {
    if (typeof globalThis.process !== "undefined") {
      return globalThis.process.env?.[env]?.trim() || void 0;
    }
    if (typeof globalThis.Deno !== "undefined") {
      return globalThis.Deno.env?.get?.(env)?.trim() || void 0;
    }
  } catch {
    return void 0;
  }
  return void 0;
};
var brand_privateBedrockClient = /* @__PURE__ */ Symbol.for("openai.privateBedrockClient");
function assertValidBedrockBearerCredential(credential) {
  if (/^[\t ]|[\t ]$/.test(credential)) {
    throw new TypeError("Bedrock bearer credential contains an invalid HTTP header value.");
  }
  for (const character of credential) {
    const value = character.codePointAt(0) ?? 0;
    if (value < 32 && value !== 9 || value === 127 || value > 255) {
      throw new TypeError("Bedrock bearer credential contains an invalid HTTP header value.");
    }
  }
}
function mergeWebSocketAuthHeaders(options, authHeaders, removedHeaders) {
  const headers = new Map(Object.entries(authHeaders).map(([name, value]) => [name.toLowerCase(), value]));
  for (const name of removedHeaders) {
    headers.delete(name);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    headers.set(name, value);
  }
  return { ...options, headers: Object.fromEntries(headers) };
}
var webSocketHeaderRemovals = /* @__PURE__ */ new WeakMap();
var realtimeCacheContext = /* @__PURE__ */ Symbol.for("openai.realtimeAPIKeyCacheContext");
var cacheContext;
function getDeferredRealtimeAPIKeyCache(client) {
  const deferred = client[realtimeCacheContext]?.getStore();
  return deferred?.client === client ? deferred : void 0;
}
function validateCapturedAPIKey(client, credential) {
  if (credential !== null && brand_privateBedrockClient in client) {
    assertValidBedrockBearerCredential(credential);
  }
  return credential;
}
async function resolveRealtimeAPIKey(client, deferCache = false) {
  let apiKey;
  const current = {
    client,
    commit: () => apiKey === void 0 ? client.apiKey : apiKey
  };
  const capture = (resolved) => {
    apiKey = resolved;
  };
  const invoke = () => client._callApiKey(capture);
  const context = client[realtimeCacheContext] ?? cacheContext;
  if (deferCache && context && !client[realtimeCacheContext]) {
    Object.defineProperty(client, realtimeCacheContext, { value: context });
  }
  const isProvider = await (context ? context.run(deferCache ? current : void 0, invoke) : invoke());
  return {
    apiKey: apiKey === void 0 ? client.apiKey : apiKey,
    isProvider,
    commit: () => {
      const hookKey = current.providerKey !== void 0 && apiKey !== void 0 && apiKey !== current.providerKey ? validateCapturedAPIKey(client, apiKey) : void 0;
      const cached = current.commit();
      return hookKey === void 0 ? validateCapturedAPIKey(client, cached) : hookKey;
    }
  };
}
var providerTimeoutKey = /* @__PURE__ */ Symbol.for("openai.node.providerTimeout.v1");
function isProviderTimeoutError(error) {
  return error instanceof APIConnectionTimeoutError || error instanceof Error && providerTimeoutKey in error && error[providerTimeoutKey] === true;
}
var providerDefinitionsKey = /* @__PURE__ */ Symbol.for("openai.node.providerDefinitions.v1");
var providerGlobal = globalThis;
var existingProviderDefinitions = providerGlobal[providerDefinitionsKey];
var providerDefinitions = existingProviderDefinitions ?? /* @__PURE__ */ new WeakMap();
if (!existingProviderDefinitions) {
  Object.defineProperty(providerGlobal, providerDefinitionsKey, { value: providerDefinitions });
}
function configureProvider(provider) {
  const definition = providerDefinitions.get(provider);
  if (!definition) {
    throw new Error("Invalid provider. Providers must be created with createProvider().");
  }
  return definition.configure();
}
var _OpenAI_instances;
var _a2;
var _OpenAI_encoder;
var _OpenAI_x509Authentication;
var _OpenAI_x509Credential;
var _OpenAI_x509Fetch;
var _OpenAI_explicitDataResidency;
var _OpenAI_responseAttempts;
var _OpenAI_sanitizedLoggers;
var _OpenAI_baseURLOverridden;
var _OpenAI_normalizeRetries;
var _OpenAI_isSensitiveLogKey;
var _OpenAI_sanitizeLogValue;
var _OpenAI_sanitizeLogger;
function isRunningInBrowserOrBrowserWorker() {
  if (isRunningInBrowser())
    return true;
  const scope = globalThis;
  return typeof scope.WorkerGlobalScope === "function" && scope instanceof scope.WorkerGlobalScope && typeof scope.WorkerNavigator === "function" && scope.navigator instanceof scope.WorkerNavigator && typeof scope.navigator?.userAgent === "string" && scope.navigator.userAgent !== "Cloudflare-Workers" && scope.process?.versions?.node === void 0 && scope.Deno === void 0 && scope.Bun === void 0 && scope.EdgeRuntime === void 0 && scope.WebSocketPair === void 0;
}
var WORKLOAD_IDENTITY_API_KEY_PLACEHOLDER = "workload-identity-auth";
var inheritedDataResidencySelection = /* @__PURE__ */ Symbol("inheritedDataResidencySelection");
var OpenAI = class {
  /**
   * API Client for interfacing with the OpenAI API.
   *
   * @param {string | null | undefined} [opts.apiKey=process.env['OPENAI_API_KEY'] ?? null]
   * @param {string | null | undefined} [opts.adminAPIKey=process.env['OPENAI_ADMIN_KEY'] ?? null]
   * @param {string | null | undefined} [opts.organization=process.env['OPENAI_ORG_ID'] ?? null]
   * @param {string | null | undefined} [opts.project=process.env['OPENAI_PROJECT_ID'] ?? null]
   * @param {string | null | undefined} [opts.webhookSecret=process.env['OPENAI_WEBHOOK_SECRET'] ?? null]
   * @param {string} [opts.baseURL=process.env['OPENAI_BASE_URL'] ?? https://api.openai.com/v1] - Override the default base URL for the API.
   * @param {Provider} [opts.provider] - Configure a third-party API provider. Mutually exclusive with top-level authentication and base URL options.
   * @param {number} [opts.timeout=10 minutes] - The maximum amount of time (in milliseconds) the client will wait for a response before timing out.
   * @param {MergedRequestInit} [opts.fetchOptions] - Additional `RequestInit` options to be passed to `fetch` calls.
   * @param {Fetch} [opts.fetch] - Specify a custom `fetch` function implementation.
   * @param {number} [opts.maxRetries=2] - The maximum number of times the client will retry a request.
   * @param {HeadersLike} opts.defaultHeaders - Default headers to include with every request to the API.
   * @param {Record<string, string | undefined>} opts.defaultQuery - Default query parameters to include with every request to the API.
   * @param {boolean} [opts.dangerouslyAllowBrowser=false] - By default, client-side use of this library is not allowed, as it risks exposing your secret API credentials to attackers.
   */
  constructor(clientOptions = {}) {
    _OpenAI_instances.add(this);
    _OpenAI_encoder.set(this, void 0);
    _OpenAI_x509Authentication.set(this, void 0);
    _OpenAI_x509Credential.set(this, void 0);
    _OpenAI_x509Fetch.set(this, void 0);
    _OpenAI_explicitDataResidency.set(this, false);
    _OpenAI_responseAttempts.set(this, /* @__PURE__ */ new WeakMap());
    this._apiKeyInvocation = 0;
    this._lastCachedAPIKeyInvocation = 0;
    this.decisions = new Resource(this);
    this.completions = new Resource(this);
    this.chat = new Chat(this);
    this.embeddings = new Resource(this);
    this.files = new Resource(this);
    this.images = new Resource(this);
    this.contentProvenanceChecks = new Resource(this);
    this.audio = new Resource(this);
    this.moderations = new Resource(this);
    this.models = new Resource(this);
    this.fineTuning = new Resource(this);
    this.graders = new Resource(this);
    this.vectorStores = new Resource(this);
    this.safety = new Resource(this);
    this.webhooks = new Resource(this);
    this.beta = new Resource(this);
    this.batches = new Resource(this);
    this.uploads = new Resource(this);
    this.admin = new Resource(this);
    this.responses = new Resource(this);
    this.live = new Resource(this);
    this.realtime = new Resource(this);
    this.conversations = new Resource(this);
    this.evals = new Resource(this);
    this.containers = new Resource(this);
    this.skills = new Resource(this);
    this.videos = new Resource(this);
    const { credential, options: normalizedOptions } = normalizeX509CredentialOptions(clientOptions);
    clientOptions = normalizedOptions;
    const residencyBaseURL = resolveDataResidency(clientOptions);
    const provider = clientOptions.provider;
    const { baseURL = provider ? null : readEnv("OPENAI_BASE_URL"), dataResidency: _dataResidency, [inheritedDataResidencySelection]: inheritedResidencySelection = false, apiKey = provider ? null : readEnv("OPENAI_API_KEY") ?? null, adminAPIKey = provider ? null : readEnv("OPENAI_ADMIN_KEY") ?? null, organization = provider ? null : readEnv("OPENAI_ORG_ID") ?? null, project = provider ? null : readEnv("OPENAI_PROJECT_ID") ?? null, webhookSecret = readEnv("OPENAI_WEBHOOK_SECRET") ?? null, workloadIdentity, x509Transport, credential: _credential, ...opts } = clientOptions;
    if (provider) {
      const conflictingOptions = ["apiKey", "adminAPIKey", "workloadIdentity", "x509Transport", "baseURL", "dataResidency"].filter((key) => (key === "workloadIdentity" ? workloadIdentity : clientOptions[key]) != null);
      if (conflictingOptions.length) {
        throw new OpenAIError(`The \`provider\` option cannot be used with ${conflictingOptions.map((key) => `\`${key}\``).join(", ")}. Configure authentication and the base URL through the provider instead.`);
      }
    }
    const identity = isX509WorkloadIdentity(workloadIdentity) ? { x509: workloadIdentity, legacy: void 0 } : { x509: void 0, legacy: workloadIdentity };
    const x509Identity = identity.x509;
    const usesX509Identity = x509Identity !== void 0;
    const providerRuntime = provider ? configureProvider(provider) : void 0;
    const options = {
      apiKey,
      adminAPIKey,
      organization,
      project,
      webhookSecret,
      workloadIdentity,
      x509Transport,
      provider,
      ...opts,
      baseURL: providerRuntime?.baseURL ?? residencyBaseURL ?? (baseURL || (usesX509Identity ? X509_API_BASE_URL : `https://api.openai.com/v1`))
    };
    if (x509Transport && !usesX509Identity) {
      throw new OpenAIError("An X.509 transport requires an X.509 workload identity.");
    }
    if (usesX509Identity) {
      if (residencyBaseURL !== void 0 || inheritedResidencySelection) {
        throw new OpenAIError("X.509 workload identity does not support data residency selection.");
      }
      if (clientOptions.fetch !== void 0) {
        throw new OpenAIError("X.509 workload identity does not support a custom fetch implementation.");
      }
      assertX509APIOrigin(options.baseURL);
      assertX509RequestOptions(options.fetchOptions);
      if (this.fetchWithAuth !== _a2.prototype.fetchWithAuth || this.fetchWithTimeout !== _a2.prototype.fetchWithTimeout) {
        throw new OpenAIError("X.509 workload identity does not support overridden fetch dispatch hooks.");
      }
    }
    if (apiKey && workloadIdentity) {
      throw new OpenAIError("The `apiKey` and `workloadIdentity` options are mutually exclusive");
    }
    if (!providerRuntime && !apiKey && !adminAPIKey && !workloadIdentity) {
      throw new OpenAIError("Missing credentials. Please pass an `apiKey`, `workloadIdentity`, `adminAPIKey`, or set the `OPENAI_API_KEY` or `OPENAI_ADMIN_KEY` environment variable.");
    }
    if (!options.dangerouslyAllowBrowser && isRunningInBrowserOrBrowserWorker()) {
      throw new OpenAIError("It looks like you're running in a browser-like environment.\n\nThis is disabled by default, as it risks exposing your secret API credentials to attackers.\nIf you understand the risks and have appropriate mitigations in place,\nyou can set the `dangerouslyAllowBrowser` option to `true`, e.g.,\n\nnew OpenAI({ apiKey, dangerouslyAllowBrowser: true });\n\nhttps://help.openai.com/en/articles/5112595-best-practices-for-api-key-safety\n");
    }
    this.baseURL = options.baseURL;
    __classPrivateFieldSet(this, _OpenAI_explicitDataResidency, residencyBaseURL !== void 0 || inheritedResidencySelection, "f");
    this.timeout = options.timeout ?? _a2.DEFAULT_TIMEOUT;
    this.logger = __classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_sanitizeLogger).call(this, options.logger ?? console);
    const defaultLogLevel = "warn";
    this.logLevel = defaultLogLevel;
    this.logLevel = parseLogLevel(options.logLevel, "ClientOptions.logLevel", this) ?? parseLogLevel(readEnv("OPENAI_LOG"), "process.env['OPENAI_LOG']", this) ?? defaultLogLevel;
    this.fetchOptions = options.fetchOptions;
    this.maxRetries = __classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_normalizeRetries).call(this, options.maxRetries);
    this.fetch = options.fetch ?? getDefaultFetch();
    __classPrivateFieldSet(this, _OpenAI_encoder, FallbackEncoder, "f");
    const customHeadersEnv = provider || credential ? void 0 : readEnv("OPENAI_CUSTOM_HEADERS");
    if (customHeadersEnv) {
      const parsed = {};
      for (const line of customHeadersEnv.split("\n")) {
        const colon = line.indexOf(":");
        if (colon >= 0) {
          parsed[line.substring(0, colon).trim()] = line.substring(colon + 1).trim();
        }
      }
      options.defaultHeaders = buildHeaders([parsed, options.defaultHeaders]);
    }
    this._options = options;
    this._provider = providerRuntime;
    if (x509Identity) {
      const authentication = new X509WorkloadIdentityAuth(x509Identity, x509Transport, organization, project);
      this._workloadIdentityAuth = authentication;
      __classPrivateFieldSet(this, _OpenAI_x509Authentication, authentication, "f");
      __classPrivateFieldSet(this, _OpenAI_x509Credential, credential, "f");
      __classPrivateFieldSet(this, _OpenAI_x509Fetch, authentication.fetch(), "f");
      this.fetch = __classPrivateFieldGet(this, _OpenAI_x509Fetch, "f");
      markApprovedX509Client2(this);
    } else if (identity.legacy) {
      this._workloadIdentityAuth = new WorkloadIdentityAuth(identity.legacy, this.fetch);
    }
    this.apiKey = typeof apiKey === "string" ? apiKey : null;
    this.adminAPIKey = adminAPIKey;
    this.organization = organization;
    this.project = project;
    this.webhookSecret = webhookSecret;
  }
  /**
   * Create a new client instance re-using the same options given to the current client with optional overriding.
   */
  withOptions(options) {
    const residencyBaseURL = resolveDataResidency(options);
    const x509Authentication = __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f");
    const inheritedOptions = {
      ...this._options,
      baseURL: this.baseURL,
      maxRetries: this.maxRetries,
      timeout: this.timeout,
      logger: this.logger,
      logLevel: this.logLevel,
      fetch: __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f") ? void 0 : this.fetch,
      fetchOptions: this.fetchOptions,
      apiKey: this._options.apiKey,
      adminAPIKey: this.adminAPIKey,
      workloadIdentity: x509Authentication?.identitySnapshot() ?? this._options.workloadIdentity,
      x509Transport: this._options.x509Transport,
      organization: this.organization,
      project: this.project,
      webhookSecret: this.webhookSecret
    };
    const { credential, provider } = prepareX509ClientClone(inheritedOptions, options, __classPrivateFieldGet(this, _OpenAI_x509Credential, "f"), x509Authentication !== void 0);
    if (residencyBaseURL !== void 0) {
      delete inheritedOptions.baseURL;
    }
    const clientOptions = {
      ...inheritedOptions,
      ...options,
      credential,
      provider,
      [inheritedDataResidencySelection]: __classPrivateFieldGet(this, _OpenAI_explicitDataResidency, "f") && residencyBaseURL === void 0 && !hasOwn(options, "baseURL") && options.credential === void 0 && !provider
    };
    const client = new this.constructor(clientOptions);
    if (provider && new URL(client.baseURL).origin !== new URL(this.baseURL).origin) {
      Object.assign(client._options, {
        defaultHeaders: options.defaultHeaders,
        defaultQuery: options.defaultQuery,
        fetchOptions: options.fetchOptions,
        fetch: options.fetch
      });
      client.fetchOptions = options.fetchOptions;
      client.fetch = options.fetch ?? getDefaultFetch();
      client.organization = options.organization ?? null;
      client.project = options.project ?? null;
    }
    if (__classPrivateFieldGet(this, _OpenAI_x509Authentication, "f") && __classPrivateFieldGet(client, _OpenAI_x509Authentication, "f") && this.baseURL === client.baseURL && __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f").matches(__classPrivateFieldGet(client, _OpenAI_x509Authentication, "f"))) {
      client._workloadIdentityAuth = __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f");
      __classPrivateFieldSet(client, _OpenAI_x509Authentication, __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f"), "f");
      __classPrivateFieldSet(client, _OpenAI_x509Fetch, __classPrivateFieldGet(this, _OpenAI_x509Fetch, "f"), "f");
    }
    return client;
  }
  defaultQuery() {
    return this._options.defaultQuery;
  }
  /** @internal Client request headers for each new WebSocket handshake. */
  _buildWebSocketHeaders(authHeaders, removedHeaders) {
    const context = webSocketHeaderRemovals.get(this);
    if (context?.baseHeaders) {
      return mergeWebSocketAuthHeaders({ headers: context.baseHeaders }, authHeaders, context.removedHeaders ?? /* @__PURE__ */ new Set()).headers;
    }
    const headers = buildHeaders([
      {
        "User-Agent": this.getUserAgent(),
        "OpenAI-Organization": this.organization,
        "OpenAI-Project": this.project
      },
      authHeaders,
      this._options.defaultHeaders
    ]);
    headers.nulls.forEach((name) => (removedHeaders ?? context?.removedHeaders)?.add(name));
    const result = Object.fromEntries(headers.values);
    if (context) {
      context.baseHeaders = { ...result };
    }
    return result;
  }
  validateHeaders({ values, nulls }, schemes = {
    bearerAuth: true,
    adminAPIKeyAuth: true
  }) {
    if (values.get("authorization") || values.get("api-key")) {
      return;
    }
    if (nulls.has("authorization") || nulls.has("api-key")) {
      return;
    }
    if (this._workloadIdentityAuth && schemes.bearerAuth) {
      return;
    }
    throw new Error('Could not resolve authentication method. Expected either apiKey or adminAPIKey to be set. Or for one of the "Authorization" or "api-key" headers to be explicitly omitted');
  }
  async authHeaders(opts, schemes = {
    bearerAuth: true,
    adminAPIKeyAuth: true
  }) {
    const authentication = __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f") ?? this._workloadIdentityAuth;
    if (authentication instanceof X509WorkloadIdentityAuth && schemes.adminAPIKeyAuth && this.adminAPIKey !== null) {
      return await this.adminAPIKeyAuth(opts);
    }
    return buildHeaders([
      schemes.bearerAuth ? await this.bearerAuth(opts) : null,
      schemes.adminAPIKeyAuth ? await this.adminAPIKeyAuth(opts) : null
    ]);
  }
  async bearerAuth(opts) {
    const authentication = __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f") ?? this._workloadIdentityAuth;
    if (authentication) {
      if (authentication instanceof X509WorkloadIdentityAuth) {
        if (authentication === this._workloadIdentityAuth && (this.fetchWithAuth !== _a2.prototype.fetchWithAuth || this.fetchWithTimeout !== _a2.prototype.fetchWithTimeout)) {
          throw new OpenAIError("X.509 workload identity does not support overridden fetch dispatch hooks.");
        }
        const snapshots = authentication.headerSnapshots();
        if (!X509WorkloadIdentityAuth.shouldAuthenticate(opts, snapshots.defaultHeaders, snapshots.requestHeaders)) {
          return void 0;
        }
      }
      const token = authentication instanceof X509WorkloadIdentityAuth ? await authentication.getToken(opts, {
        apiURL: authentication.requestAPIURL(),
        ...authentication.headerSnapshots(),
        ...authentication.requestSnapshot(),
        signal: authentication.effectiveSignal(),
        ...authentication.tenantSnapshot()
      }) : await authentication.getToken();
      return buildHeaders([{ Authorization: `Bearer ${token}` }]);
    }
    const { apiKey } = await resolveRealtimeAPIKey(this);
    if (apiKey == null) {
      return void 0;
    }
    return buildHeaders([{ Authorization: `Bearer ${apiKey}` }]);
  }
  async adminAPIKeyAuth(opts) {
    if (this.adminAPIKey == null) {
      return void 0;
    }
    return buildHeaders([{ Authorization: `Bearer ${this.adminAPIKey}` }]);
  }
  stringifyQuery(query) {
    return stringifyQuery(query);
  }
  getUserAgent() {
    return `${this.constructor.name}/JS ${VERSION}`;
  }
  defaultIdempotencyKey() {
    return `stainless-node-retry-${uuid4()}`;
  }
  makeStatusError(status, error, message, headers) {
    const normalizedError = error && typeof error === "object" && error.error == null ? { error } : error;
    return APIError.generate(status, normalizedError, message, headers);
  }
  _hasApiKeyProvider() {
    return typeof this._options.apiKey === "function";
  }
  /**
   * Resolves and retains a provider key, returning whether a provider was invoked.
   * Overrides should forward `capture` (or call it with their resolved key) for local credentials.
   * @internal
   */
  async _callApiKey(capture) {
    if (this._provider) {
      capture?.(this.apiKey);
      return false;
    }
    const apiKey = this._options.apiKey;
    if (typeof apiKey !== "function") {
      capture?.(this.apiKey);
      return false;
    }
    const deferredCache = getDeferredRealtimeAPIKeyCache(this);
    const invocation = ++this._apiKeyInvocation;
    let token;
    try {
      token = await apiKey();
    } catch (err) {
      if (err instanceof OpenAIError)
        throw err;
      throw new OpenAIError(
        `Failed to get token from 'apiKey' function: ${err.message}`,
        // @ts-ignore
        { cause: err }
      );
    }
    if (typeof token !== "string" || !token) {
      throw new OpenAIError(`Expected 'apiKey' function argument to return a string but it returned ${token}`);
    }
    const resolvedToken = token;
    const commit = () => {
      if (capture)
        validateCapturedAPIKey(this, resolvedToken);
      if (invocation < this._lastCachedAPIKeyInvocation) {
        return resolvedToken;
      }
      this.apiKey = resolvedToken;
      const cached2 = capture ? this.apiKey : resolvedToken;
      this._lastCachedAPIKeyInvocation = invocation;
      return cached2;
    };
    if (deferredCache) {
      deferredCache.providerKey = resolvedToken;
      deferredCache.commit = commit;
    }
    const cached = deferredCache ? validateCapturedAPIKey(this, resolvedToken) : commit();
    capture?.(cached);
    return true;
  }
  buildURL(path2, query, defaultBaseURL) {
    const baseURL = !__classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_baseURLOverridden).call(this) && defaultBaseURL || this.baseURL;
    let url;
    let baseQuery = {};
    let baseParams;
    if (isAbsoluteURL(path2)) {
      url = new URL(path2);
    } else if (baseURL.includes("?")) {
      const base = new URL(baseURL);
      baseParams = new URLSearchParams(base.search);
      baseQuery = Object.fromEntries(baseParams);
      base.search = "";
      base.hash = "";
      url = new URL(base.toString() + (base.pathname.endsWith("/") && path2.startsWith("/") ? path2.slice(1) : path2));
    } else {
      url = new URL(baseURL + (baseURL.endsWith("/") && path2.startsWith("/") ? path2.slice(1) : path2));
    }
    const defaultQuery = this.defaultQuery();
    const pathQuery = Object.fromEntries(url.searchParams);
    let overridingQuery;
    if (!isEmptyObj(baseQuery) || !isEmptyObj(defaultQuery) || !isEmptyObj(pathQuery)) {
      overridingQuery = { ...pathQuery, ...defaultQuery, ...query };
      query = { ...baseQuery, ...overridingQuery };
    }
    if (typeof query === "object" && query && !Array.isArray(query)) {
      url.search = this.stringifyQuery(query);
      if (baseParams && overridingQuery) {
        const seen = /* @__PURE__ */ new Set();
        const repeated = /* @__PURE__ */ new Set();
        for (const key of baseParams.keys()) {
          if (seen.has(key) && !hasOwn(overridingQuery, key)) {
            repeated.add(key);
          }
          seen.add(key);
        }
        if (repeated.size) {
          const merged = new URLSearchParams();
          for (const [key, value] of url.searchParams) {
            if (!repeated.has(key))
              merged.append(key, value);
          }
          for (const [key, value] of baseParams) {
            if (repeated.has(key))
              merged.append(key, value);
          }
          url.search = merged.toString();
        }
      }
    }
    return url.toString();
  }
  /**
   * Used as a callback for mutating the given `FinalRequestOptions` object.
   * Function-based credentials are resolved later, when building authentication
   * headers, including for direct `buildRequest()` calls. Overriding this hook
   * does not bypass that resolution.
   */
  async prepareOptions(options) {
  }
  /**
   * Used as a callback for mutating the given `RequestInit` object.
   *
   * This is useful for cases where you want to add certain headers based off of
   * the request properties, e.g. `method` or `url`.
   */
  async prepareRequest(request, { url, options }) {
  }
  get(path2, opts) {
    return this.methodRequest("get", path2, opts);
  }
  post(path2, opts) {
    return this.methodRequest("post", path2, opts);
  }
  patch(path2, opts) {
    return this.methodRequest("patch", path2, opts);
  }
  put(path2, opts) {
    return this.methodRequest("put", path2, opts);
  }
  delete(path2, opts) {
    return this.methodRequest("delete", path2, opts);
  }
  methodRequest(method, path2, opts) {
    return this.request(Promise.resolve(opts).then((opts2) => {
      return { method, path: path2, ...opts2 };
    }));
  }
  request(options, remainingRetries = null) {
    const authentication = __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f") ?? this._workloadIdentityAuth;
    const request = authentication instanceof X509WorkloadIdentityAuth ? Promise.resolve(options).then((resolved) => authentication.runRequest(() => this.makeRequest(resolved, remainingRetries, void 0), this)) : this.makeRequest(options, remainingRetries, void 0);
    return this.responsePromise(request);
  }
  responsePromise(request, parse = (client, props) => this.parseResponseWithTimeout(client, props)) {
    const promise = new APIPromise(this, request, (client, props) => {
      const resume = __classPrivateFieldGet(this, _OpenAI_responseAttempts, "f").get(props.controller)?.continueRequest;
      return resume ? resume(() => parse(client, props)) : parse(client, props);
    });
    promise.withResponse = async () => {
      const data = await promise;
      const { response } = await request;
      return { data, response, request_id: response.headers.get("x-request-id") };
    };
    promise._thenUnwrap = (transform) => this.responsePromise(request, async (client, props) => addRequestID(transform(await parse(client, props), props), props.response));
    return promise;
  }
  async parseResponseWithTimeout(client, props) {
    if (props.options.stream || props.options.__binaryResponse || props.response.status === 204 || props.response.headers.get("content-length") === "0") {
      return defaultParseResponse(client, props);
    }
    while (true) {
      const attempt = __classPrivateFieldGet(this, _OpenAI_responseAttempts, "f").get(props.controller);
      const timeout = attempt?.timeout ?? props.options.timeout ?? this.timeout;
      const x509Authentication = attempt?.authentication;
      const callerSignal = x509Authentication ? props.controller.signal : props.options.signal;
      const abortError = () => x509Authentication && callerSignal ? this._makeUserAbortError(callerSignal) : new APIUserAbortError();
      let remaining;
      try {
        remaining = x509Authentication?.remainingTimeout(props.options, timeout) ?? Math.max(0, props.startTime + timeout - Date.now());
      } catch (error) {
        const cancellation = callerSignal?.aborted ? abortError() : void 0;
        props.controller.abort();
        void CancelReadableStream(props.response.body).catch(() => void 0);
        throw cancellation ?? error;
      }
      let timer;
      let abortListener;
      let timedOut = false;
      try {
        if (callerSignal?.aborted && attempt?.helperMethod !== "runTools") {
          throw abortError();
        }
        const timeoutPromise = new Promise((_, reject) => {
          timer = setTimeout(() => {
            timedOut = true;
            props.controller.abort();
            reject(new APIConnectionTimeoutError());
          }, remaining);
          if (callerSignal) {
            abortListener = () => {
              if (!timedOut)
                reject(abortError());
            };
            callerSignal.addEventListener("abort", abortListener, { once: true });
          }
        });
        return await Promise.race([defaultParseResponse(client, props), timeoutPromise]);
      } catch (error) {
        if (callerSignal?.aborted && !timedOut) {
          throw abortError();
        }
        if (!timedOut) {
          if (x509Authentication && error instanceof SyntaxError) {
            throw new SyntaxError("X.509 workload identity API response contains invalid JSON.");
          }
          if (x509Authentication && !(error instanceof OpenAIError)) {
            throw new APIConnectionError({
              message: "X.509 workload identity API response body could not be read."
            });
          }
          throw error;
        }
        const retriesRemaining = attempt?.retriesRemaining ?? 0;
        if (!retriesRemaining || attempt?.hasStreamingBody || props.options.__metadata?.["hasStreamingBody"] || globalThis.ReadableStream && props.options.body instanceof globalThis.ReadableStream || typeof props.options.body === "object" && props.options.body !== null && (Symbol.asyncIterator in props.options.body || Symbol.iterator in props.options.body && "next" in props.options.body && typeof props.options.body.next === "function")) {
          throw new APIConnectionTimeoutError();
        }
        if (timer !== void 0)
          clearTimeout(timer);
        if (abortListener)
          callerSignal?.removeEventListener("abort", abortListener);
        abortListener = void 0;
        const next = await this.retryRequest(props.options, retriesRemaining, props.retryOfRequestLogID ?? props.requestLogID, void 0, props.requestSignal);
        Object.assign(props, next);
      } finally {
        if (timer !== void 0)
          clearTimeout(timer);
        if (abortListener)
          callerSignal?.removeEventListener("abort", abortListener);
      }
    }
  }
  /** Keeps terminal X.509 error-body consumption inside the original logical request deadline. */
  async readX509ResponseError(response, options, timeout, controller, authentication) {
    const deadline = new AbortController();
    const callerSignal = controller.signal;
    let timedOut = false;
    const cancel = () => deadline.abort(callerSignal.reason);
    callerSignal.addEventListener("abort", cancel, { once: true });
    if (callerSignal.aborted) {
      cancel();
    }
    try {
      const remaining = authentication.remainingTimeout(options, timeout);
      const expiration = authentication.waitForRetry(remaining, deadline.signal).then(() => {
        throw new APIConnectionTimeoutError();
      });
      const body = await Promise.race([
        response.text().catch(() => "X.509 workload identity API response body could not be read."),
        expiration
      ]);
      if (callerSignal.aborted) {
        throw this._makeUserAbortError(callerSignal);
      }
      return body;
    } catch (error) {
      if (error instanceof APIConnectionTimeoutError) {
        timedOut = !callerSignal.aborted;
        controller.abort();
        void CancelReadableStream(response.body).catch(() => void 0);
      }
      if (callerSignal.aborted && !timedOut) {
        throw this._makeUserAbortError(callerSignal);
      }
      throw error;
    } finally {
      callerSignal.removeEventListener("abort", cancel);
      deadline.abort();
    }
  }
  async makeRequest(optionsInput, retriesRemaining, retryOfRequestLogID) {
    const options = await optionsInput;
    const maxRetries = __classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_normalizeRetries).call(this, options.maxRetries ?? this.maxRetries);
    if (retriesRemaining == null) {
      retriesRemaining = maxRetries;
    } else {
      retriesRemaining = Math.min(__classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_normalizeRetries).call(this, retriesRemaining), maxRetries);
    }
    const x509Authentication = __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f");
    x509Authentication?.beginRequestPreparation();
    await this.prepareOptions(options);
    x509Authentication?.beginRequestPlanning();
    let built;
    try {
      const candidate = await this.buildRequest(options, {
        retryCount: maxRetries - retriesRemaining
      });
      built = { req: candidate.req, url: candidate.url, timeout: candidate.timeout };
      if (x509Authentication) {
        validatePositiveInteger("timeout", built.timeout);
        x509Authentication.authorizePlannedRequest(built.url, built.req, built.timeout);
        if (X509WorkloadIdentityAuth.isStreamingRequestBody(built.req.body)) {
          options.__metadata = { ...options.__metadata, hasStreamingBody: true };
        }
        await this.prepareRequest(built.req, { url: built.url, options });
        await this._provider?.prepareRequest?.(built.req, {
          url: built.url,
          options,
          timeout: built.timeout
        });
        x509Authentication.beginRequestPlanning();
        x509Authentication.authorizePlannedRequest(built.url, built.req, built.timeout, true);
        if (X509WorkloadIdentityAuth.isStreamingRequestBody(built.req.body)) {
          options.__metadata = { ...options.__metadata, hasStreamingBody: true };
        }
        const callerSignal2 = x509Authentication.requestSnapshot().signal;
        if (callerSignal2?.aborted || built.req.signal?.aborted) {
          throw this._makeUserAbortError(callerSignal2?.aborted ? callerSignal2 : built.req.signal);
        }
        x509Authentication.setEffectiveSignal(built.req.signal || callerSignal2 ? createRequestController(built.req.signal ?? callerSignal2, callerSignal2).signal : void 0);
        x509Authentication.beginRequestNetwork();
        const security2 = options.__security ?? { bearerAuth: true };
        const authenticationHeaders = await this.authHeaders(options, security2);
        const suppliedHeaders = x509Authentication.headerSnapshots();
        const supplied = buildHeaders([suppliedHeaders.defaultHeaders, suppliedHeaders.requestHeaders]);
        for (const [name, value] of authenticationHeaders?.values ?? []) {
          if (!supplied.nulls.has(name) && !built.req.headers.has(name)) {
            built.req.headers.set(name, value);
          }
        }
        this.validateHeaders(buildHeaders([supplied, built.req.headers]), security2);
      }
    } catch (error) {
      x509Authentication?.retireRequestBody();
      if (x509Authentication && retriesRemaining && !options.__metadata?.["hasStreamingBody"] && X509WorkloadIdentityAuth.isRetryableFailure(error)) {
        return await this.retryRequest(options, retriesRemaining, retryOfRequestLogID ?? "x509-token-exchange", X509WorkloadIdentityAuth.retryHeaders(error));
      }
      throw error;
    }
    const { req, url } = built;
    const timeout = x509Authentication ? Math.min(built.timeout, x509Authentication.requestSnapshot().timeout) : built.timeout;
    x509Authentication?.bindRequest(options, req, this.adminAPIKey);
    let hasStreamingBody = options.__metadata?.["hasStreamingBody"] === true;
    let providerAuthStartedAt;
    let providerAuthTimeout;
    if (!x509Authentication) {
      await this.prepareRequest(req, { url, options });
      if (this._provider?.timeoutIncludesAuth) {
        providerAuthStartedAt = { wallTime: Date.now(), monotonicTime: performance.now() };
      }
      try {
        await this._provider?.prepareRequest?.(req, { url, options, timeout });
      } catch (error) {
        if (!providerAuthStartedAt || !isProviderTimeoutError(error)) {
          throw error;
        }
        providerAuthTimeout = error;
      }
    }
    x509Authentication?.adoptRequestHeaders(req);
    if (x509Authentication && X509WorkloadIdentityAuth.isStreamingRequestBody(req.body)) {
      hasStreamingBody = true;
    }
    const requestLogID = "log_" + (Math.random() * (1 << 24) | 0).toString(16).padStart(6, "0");
    const retryLogStr = retryOfRequestLogID === void 0 ? "" : `, retryOf: ${retryOfRequestLogID}`;
    const startTime = x509Authentication?.requestStartedAt(options) ?? providerAuthStartedAt?.wallTime ?? Date.now();
    if (this.logLevel === "debug") {
      const body = typeof req.body === "string" ? { type: "string", length: req.body.length } : req.body;
      loggerFor(this).debug(`[${requestLogID}] sending request`, formatRequestDetails({
        retryOfRequestLogID,
        method: options.method,
        url,
        options: x509Authentication ? { body, ...x509Authentication.requestSnapshot() } : { ...options, body },
        headers: req.headers
      }));
    }
    const callerSignal = x509Authentication ? x509Authentication.requestSnapshot().signal : options.signal;
    if (callerSignal?.aborted || req.signal?.aborted) {
      throw this._makeUserAbortError(callerSignal?.aborted ? callerSignal : req.signal);
    }
    const security = options.__security ?? { bearerAuth: true };
    const controller = x509Authentication || this.fetchWithTimeout === _a2.prototype.fetchWithTimeout ? createRequestController(req.signal ?? (x509Authentication ? callerSignal : void 0), x509Authentication ? callerSignal : void 0) : new AbortController();
    const remainingTimeout = x509Authentication?.remainingTimeout(options, timeout) ?? (providerAuthStartedAt ? timeout - (performance.now() - providerAuthStartedAt.monotonicTime) : timeout);
    if (providerAuthStartedAt && remainingTimeout <= 0) {
      providerAuthTimeout ?? (providerAuthTimeout = new APIConnectionTimeoutError());
    }
    const fetchWithAuth = x509Authentication ? _a2.prototype.fetchWithAuth : this.fetchWithAuth;
    x509Authentication?.releaseRequestBody(req.body);
    const response = providerAuthTimeout ?? await fetchWithAuth.call(this, url, req, remainingTimeout, controller, security).catch(castToError);
    const headersTime = Date.now();
    if (response instanceof globalThis.Error) {
      const retryMessage = `retrying, ${retriesRemaining} attempts remaining`;
      if (callerSignal?.aborted || req.signal?.aborted) {
        throw this._makeUserAbortError(callerSignal?.aborted ? callerSignal : req.signal);
      }
      const isTimeout = isAbortError(response) || /timed? ?out/i.test(String(response) + ("cause" in response ? String(response.cause) : ""));
      if (retriesRemaining && !hasStreamingBody && (!x509Authentication || isTransientX509ConnectionError2(response))) {
        loggerFor(this).info(`[${requestLogID}] connection ${isTimeout ? "timed out" : "failed"} - ${retryMessage}`);
        loggerFor(this).debug(`[${requestLogID}] connection ${isTimeout ? "timed out" : "failed"} (${retryMessage})`, formatRequestDetails({
          retryOfRequestLogID,
          url,
          durationMs: headersTime - startTime,
          message: x509Authentication ? "X.509 workload identity API connection failed." : response.message
        }));
        return this.retryRequest(options, retriesRemaining, retryOfRequestLogID ?? requestLogID, void 0, req.signal);
      }
      const terminalMessage = hasStreamingBody ? "error; streaming body cannot be retried" : "error; no more retries left";
      loggerFor(this).info(`[${requestLogID}] connection ${isTimeout ? "timed out" : "failed"} - ${terminalMessage}`);
      loggerFor(this).debug(`[${requestLogID}] connection ${isTimeout ? "timed out" : "failed"} (${terminalMessage})`, formatRequestDetails({
        retryOfRequestLogID,
        url,
        durationMs: headersTime - startTime,
        message: x509Authentication ? "X.509 workload identity API connection failed." : response.message
      }));
      if (response instanceof OAuthError || response instanceof SubjectTokenProviderError) {
        throw response;
      }
      if (isTimeout) {
        const transportCause = "cause" in response ? response.cause : void 0;
        const isHeadersTimeout = typeof transportCause === "object" && transportCause !== null && "code" in transportCause && transportCause.code === "UND_ERR_HEADERS_TIMEOUT";
        const timeoutError = isHeadersTimeout ? new APIConnectionTimeoutError({
          message: "Request timed out. Node.js fetch timed out waiting for response headers; configure a matching undici fetch and fetchOptions.dispatcher with an Agent whose headersTimeout is at least the SDK timeout."
        }) : new APIConnectionTimeoutError();
        if (x509Authentication) {
          throw new APIConnectionTimeoutError();
        }
        throw Object.assign(timeoutError, { cause: response });
      }
      if (x509Authentication) {
        throw new APIConnectionError({ message: "X.509 workload identity API connection failed." });
      }
      throw new APIConnectionError({
        message: getConnectionErrorMessage(response),
        cause: response
      });
    }
    const specialHeaders = [...response.headers.entries()].filter(([name]) => name === "x-request-id").map(([name, value]) => ", " + name + ": " + JSON.stringify(value)).join("");
    const responseInfo = `[${requestLogID}${retryLogStr}${specialHeaders}] ${req.method} ${redactURL(url)} ${response.ok ? "succeeded" : "failed"} with status ${response.status} in ${headersTime - startTime}ms`;
    if (!response.ok) {
      const rejectedX509Credential = response.status === 401 && x509Authentication && security.bearerAuth && x509Authentication.usedWorkloadToken(options);
      if (rejectedX509Credential) {
        x509Authentication.invalidateToken();
      }
      if (response.status === 401 && (x509Authentication || this._workloadIdentityAuth) && security.bearerAuth && (!x509Authentication || x509Authentication.usedWorkloadToken(options)) && (!x509Authentication || retriesRemaining > 0) && !hasStreamingBody && !options.__metadata?.["workloadIdentityTokenRefreshed"]) {
        if (x509Authentication) {
          void CancelReadableStream(response.body).catch(() => void 0);
        } else {
          await CancelReadableStream(response.body);
          this._workloadIdentityAuth?.invalidateToken();
        }
        const replayOptions = {
          ...options,
          __metadata: {
            ...options.__metadata,
            workloadIdentityTokenRefreshed: true
          }
        };
        return this.makeRequest(replayOptions, x509Authentication ? retriesRemaining - 1 : retriesRemaining, retryOfRequestLogID ?? requestLogID);
      }
      const shouldRetry = rejectedX509Credential && options.__metadata?.["workloadIdentityTokenRefreshed"] ? false : await this.shouldRetry(response);
      if (retriesRemaining && shouldRetry && !hasStreamingBody) {
        const retryMessage2 = `retrying, ${retriesRemaining} attempts remaining`;
        if (x509Authentication) {
          void CancelReadableStream(response.body).catch(() => void 0);
        } else {
          await CancelReadableStream(response.body);
        }
        loggerFor(this).info(`${responseInfo} - ${retryMessage2}`);
        loggerFor(this).debug(`[${requestLogID}] response error (${retryMessage2})`, formatRequestDetails({
          retryOfRequestLogID,
          url: response.url,
          status: response.status,
          headers: response.headers,
          durationMs: headersTime - startTime
        }));
        return this.retryRequest(options, retriesRemaining, retryOfRequestLogID ?? requestLogID, response.headers, req.signal);
      }
      const retryMessage = shouldRetry ? hasStreamingBody ? `error; streaming body cannot be retried` : `error; no more retries left` : `error; not retryable`;
      loggerFor(this).info(`${responseInfo} - ${retryMessage}`);
      const errText = x509Authentication ? await this.readX509ResponseError(response, options, timeout, controller, x509Authentication) : await response.text().catch((err2) => castToError(err2).message);
      const errJSON = safeJSON(errText);
      const errMessage = errJSON ? void 0 : errText;
      loggerFor(this).debug(`[${requestLogID}] response error (${retryMessage})`, formatRequestDetails({
        retryOfRequestLogID,
        url: response.url,
        status: response.status,
        headers: response.headers,
        message: errMessage,
        durationMs: Date.now() - startTime
      }));
      const err = this.makeStatusError(response.status, errJSON, errMessage, response.headers);
      throw err;
    }
    loggerFor(this).info(responseInfo);
    loggerFor(this).debug(`[${requestLogID}] response start`, formatRequestDetails({
      retryOfRequestLogID,
      url: response.url,
      status: response.status,
      headers: response.headers,
      durationMs: headersTime - startTime
    }));
    const continueRequest = x509Authentication?.continuation();
    x509Authentication?.releaseRequestCredentials();
    __classPrivateFieldGet(this, _OpenAI_responseAttempts, "f").set(controller, {
      timeout,
      retriesRemaining,
      hasStreamingBody,
      ...x509Authentication ? { authentication: x509Authentication } : {},
      helperMethod: options.__metadata?.["helperMethod"],
      ...continueRequest ? { continueRequest } : {}
    });
    return {
      response,
      options,
      controller,
      requestSignal: req.signal,
      requestLogID,
      retryOfRequestLogID,
      startTime
    };
  }
  getAPIList(path2, Page2, opts) {
    return this.requestAPIList(Page2, opts && "then" in opts ? opts.then((opts2) => ({ method: "get", path: path2, ...opts2 })) : { method: "get", path: path2, ...opts });
  }
  requestAPIList(Page2, options) {
    const authentication = __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f") ?? this._workloadIdentityAuth;
    const request = authentication instanceof X509WorkloadIdentityAuth ? Promise.resolve(options).then((resolved) => authentication.runRequest(() => this.makeRequest(resolved, null, void 0), this)) : this.makeRequest(options, null, void 0);
    const page = new PagePromise(this, request, Page2);
    const guarded = this.responsePromise(request, async (client, props) => {
      const body = await this.parseResponseWithTimeout(client, props);
      return new Page2(client, props.response, body, props.options);
    });
    page.then = guarded.then.bind(guarded);
    page.catch = guarded.catch.bind(guarded);
    page.finally = guarded.finally.bind(guarded);
    page.withResponse = guarded.withResponse.bind(guarded);
    page._thenUnwrap = guarded._thenUnwrap.bind(guarded);
    return page;
  }
  async fetchWithAuth(url, init, timeout, controller, schemes = {
    bearerAuth: true,
    adminAPIKeyAuth: true
  }) {
    if (this._workloadIdentityAuth && !__classPrivateFieldGet(this, _OpenAI_x509Fetch, "f") && schemes.bearerAuth) {
      const headers = init.headers;
      const authHeader = headers.get("Authorization");
      if (authHeader === `Bearer ${WORKLOAD_IDENTITY_API_KEY_PLACEHOLDER}`) {
        const token = await this._workloadIdentityAuth.getToken();
        headers.set("Authorization", `Bearer ${token}`);
      }
    }
    const fetchWithTimeout = __classPrivateFieldGet(this, _OpenAI_x509Fetch, "f") ? _a2.prototype.fetchWithTimeout : this.fetchWithTimeout;
    const response = await fetchWithTimeout.call(this, url, init, timeout, controller);
    return response;
  }
  async fetchWithTimeout(url, init, ms, controller) {
    const { signal, method, ...options } = init || {};
    const abort = this._makeAbort(controller);
    const composed = !!signal && composedCallerSignals.get(controller) === signal;
    const cleanup = signal && !composed ? addRequestAbortListener(signal, abort, controller.signal) : void 0;
    const timeout = setTimeout(abort, ms);
    const isReadableBody = globalThis.ReadableStream && options.body instanceof globalThis.ReadableStream || typeof options.body === "object" && options.body !== null && Symbol.asyncIterator in options.body;
    const fetchOptions = {
      signal: controller.signal,
      ...isReadableBody ? { duplex: "half" } : {},
      method: "GET",
      ...options
    };
    if (method) {
      fetchOptions.method = method.toUpperCase();
    }
    try {
      const response = await (__classPrivateFieldGet(this, _OpenAI_x509Fetch, "f") ?? this.fetch).call(void 0, url, fetchOptions);
      if (cleanup) {
        retainRequestAbortCallback(response.body ?? response, abort, controller.signal);
      }
      return response;
    } catch (err) {
      cleanup?.();
      throw err;
    } finally {
      clearTimeout(timeout);
    }
  }
  async shouldRetry(response) {
    const shouldRetryHeader = response.headers.get("x-should-retry");
    if (shouldRetryHeader === "true")
      return true;
    if (shouldRetryHeader === "false")
      return false;
    if (response.status === 408)
      return true;
    if (response.status === 409)
      return true;
    if (response.status === 429)
      return true;
    if (response.status >= 500)
      return true;
    return false;
  }
  async retryRequest(options, retriesRemaining, requestLogID, responseHeaders, requestSignal = options.signal) {
    let timeoutMillis;
    const retryAfterMillisHeader = responseHeaders?.get("retry-after-ms");
    if (retryAfterMillisHeader) {
      const timeoutMs = parseFloat(retryAfterMillisHeader);
      if (!Number.isNaN(timeoutMs)) {
        timeoutMillis = timeoutMs;
      }
    }
    const retryAfterHeader = responseHeaders?.get("retry-after");
    if (retryAfterHeader && timeoutMillis === void 0) {
      const timeoutSeconds = parseFloat(retryAfterHeader);
      if (!Number.isNaN(timeoutSeconds)) {
        timeoutMillis = timeoutSeconds * 1e3;
      } else {
        timeoutMillis = Date.parse(retryAfterHeader) - Date.now();
      }
    }
    if (timeoutMillis === void 0 || !Number.isFinite(timeoutMillis) || timeoutMillis < 0 || timeoutMillis > 60 * 1e3) {
      const maxRetries = __classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_normalizeRetries).call(this, options.maxRetries ?? this.maxRetries);
      timeoutMillis = this.calculateDefaultRetryTimeoutMillis(retriesRemaining, maxRetries);
    }
    const x509Authentication = __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f");
    if (x509Authentication) {
      const remaining = x509Authentication.remainingTimeout(options, x509Authentication.requestSnapshot().timeout);
      if (timeoutMillis >= remaining) {
        throw new APIConnectionTimeoutError();
      }
    }
    if (x509Authentication) {
      await x509Authentication.waitForRetry(timeoutMillis, x509Authentication.effectiveSignal());
    } else {
      const retrySignals = requestSignal === options.signal ? [requestSignal] : [requestSignal, options.signal];
      try {
        await sleep(timeoutMillis, ...retrySignals);
      } catch (error) {
        const abortedSignal = retrySignals.find((signal) => signal?.aborted);
        if (abortedSignal) {
          throw this._makeUserAbortError(abortedSignal);
        }
        throw error;
      }
    }
    return this.makeRequest(options, retriesRemaining - 1, requestLogID);
  }
  calculateDefaultRetryTimeoutMillis(retriesRemaining, maxRetries) {
    const initialRetryDelay = 0.5;
    const maxRetryDelay = 8;
    const numRetries = maxRetries - retriesRemaining;
    const sleepSeconds = Math.min(initialRetryDelay * Math.pow(2, numRetries), maxRetryDelay);
    const jitter = 1 - Math.random() * 0.25;
    return sleepSeconds * jitter * 1e3;
  }
  /**
   * Builds a request, resolving callback credentials when constructing authentication
   * headers, after any subclass request-option rewrites. Calling this method directly
   * also resolves credentials. Complete replacement builders own authentication and
   * can call `this.authHeaders()` to resolve headers with request-local credentials.
   */
  async buildRequest(inputOptions, { retryCount = 0 } = {}) {
    if (__classPrivateFieldGet(this, _OpenAI_x509Authentication, "f") && !__classPrivateFieldGet(this, _OpenAI_x509Authentication, "f").inRequest(this)) {
      const authentication = __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f");
      return await authentication.runRequest(async () => {
        const built = await _a2.prototype.buildRequest.call(this, inputOptions, { retryCount });
        authentication.releaseRequestBody(built.req.body);
        return built;
      }, this);
    }
    const options = { ...inputOptions };
    const x509Authentication = __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f");
    const x509Tenant = x509Authentication?.snapshotTenant(this.organization, this.project);
    const x509Headers = x509Authentication?.snapshotHeaders(this._options.defaultHeaders, options.headers);
    if (x509Headers) {
      options.headers = x509Headers.requestHeaders;
    }
    const x509ClientFetchOptions = x509Authentication ? snapshotX509RequestOptions(this.fetchOptions) : void 0;
    const x509RequestFetchOptions = x509Authentication ? snapshotX509RequestOptions(options.fetchOptions) : void 0;
    const { method, path: path2, query, defaultBaseURL } = options;
    const url = this.buildURL(path2, query, defaultBaseURL);
    x509Authentication?.snapshotAPIURL(url);
    const explicitTimeout = "timeout" in options;
    if (explicitTimeout)
      validatePositiveInteger("timeout", options.timeout);
    options.timeout = options.timeout ?? this.timeout;
    if (x509Authentication && x509RequestFetchOptions) {
      x509Authentication.snapshotRequest(options.signal, options.timeout, x509RequestFetchOptions);
    }
    if (x509Authentication) {
      const snapshot = x509Authentication.requestSnapshot();
      options.timeout = snapshot.timeout;
      if (snapshot.signal === void 0) {
        delete options.signal;
      } else {
        options.signal = snapshot.signal;
      }
    }
    const authenticationHeaders = this._provider || x509Authentication ? void 0 : await this.authHeaders(inputOptions, inputOptions.__security ?? { bearerAuth: true });
    if (options.__metadata?.["finalizeMultipart"] === true && hasUploadableValue(options.body)) {
      const multipartHeaders = buildHeaders([options.headers]);
      multipartHeaders.values.delete("content-type");
      multipartHeaders.nulls.delete("content-type");
      const finalized = await maybeMultipartFormRequestOptions({ ...options, headers: multipartHeaders }, this, options.__metadata?.["preserveMultipartFilenames"] === true ? { stripFilenames: false } : void 0);
      inputOptions.body = options.body = finalized.body;
      options.headers = finalized.headers;
      inputOptions.__metadata = options.__metadata = {
        ...finalized.__metadata,
        finalizedMultipart: {
          body: finalized.body,
          contentType: buildHeaders([finalized.headers]).values.get("content-type")
        }
      };
    }
    if (options.__metadata?.["streamFromBody"] === true) {
      finalizeStreamingFormRequestOptions(options);
      inputOptions.stream = options.stream;
    }
    const isRawJSON = JSON.isRawJSON;
    let jsonRoot;
    let jsonRootVisited = false;
    let jsonStream = false;
    let jsonSerialized = false;
    const stopObserving = options.__metadata?.["streamFromBody"] === true && typeof options.body === "object" && options.body !== null ? observeJSONRequestBody(options.body, {
      value(holder, key, value) {
        if (!jsonRootVisited) {
          jsonRootVisited = true;
          jsonRoot = value;
        } else if (holder === jsonRoot && key === "stream") {
          jsonStream = value === true;
          if (isRawJSON?.(value)) {
            jsonStream = value.rawJSON === "true";
          } else if (value !== null && typeof value === "object") {
            try {
              jsonStream = Boolean.prototype.valueOf.call(value);
            } catch {
            }
          }
        }
        return void 0;
      },
      complete() {
        jsonSerialized = true;
      }
    }) : void 0;
    let encodedBody;
    try {
      encodedBody = this.buildBody({ options });
    } finally {
      stopObserving?.();
    }
    const { bodyHeaders, body, isStreamingBody } = encodedBody;
    const captureResponseParser = options.__metadata?.["captureResponseParser"];
    if (typeof captureResponseParser === "function") {
      captureResponseParser(options);
    }
    if (options.__metadata?.["streamFromBody"] === true) {
      if (body instanceof FormData) {
        inputOptions.stream = options.stream = body.get("stream") === "true";
      } else if (jsonSerialized && jsonRoot !== null && typeof jsonRoot === "object" && !Array.isArray(jsonRoot) && !isRawJSON?.(jsonRoot)) {
        inputOptions.stream = options.stream = jsonStream;
      }
    }
    if (isStreamingBody) {
      inputOptions.__metadata = {
        ...inputOptions.__metadata,
        hasStreamingBody: true
      };
      x509Authentication?.ownRequestBody(body, options.body);
    }
    let finalizedContentType;
    const finalizedMultipart = options.__metadata?.["finalizedMultipart"];
    if (typeof finalizedMultipart === "object" && finalizedMultipart !== null && "body" in finalizedMultipart && "contentType" in finalizedMultipart) {
      const { body: multipartBody, contentType } = finalizedMultipart;
      if (multipartBody === body) {
        if (typeof contentType === "string") {
          finalizedContentType = contentType;
        } else if (contentType === null) {
          finalizedContentType = null;
        }
      }
    }
    const reqHeaders = await this.buildHeaders({
      options: inputOptions,
      method,
      bodyHeaders,
      authenticationHeaders,
      retryCount,
      x509Headers,
      x509Timeout: explicitTimeout ? options.timeout : void 0,
      x509Tenant
    });
    if (finalizedContentType === null)
      reqHeaders.delete("content-type");
    else if (finalizedContentType !== void 0)
      reqHeaders.set("content-type", finalizedContentType);
    const req = {
      method,
      headers: reqHeaders,
      ...options.signal && { signal: options.signal },
      ...globalThis.ReadableStream && body instanceof globalThis.ReadableStream && { duplex: "half" },
      ...body && { body },
      ...(x509Authentication ? x509ClientFetchOptions : this.fetchOptions) ?? {},
      ...(x509Authentication ? x509RequestFetchOptions : options.fetchOptions) ?? {}
    };
    return { req, url, timeout: options.timeout };
  }
  async buildHeaders({ options, method, bodyHeaders, authenticationHeaders, retryCount, x509Headers, x509Timeout, x509Tenant }) {
    let idempotencyHeaders = {};
    if (this.idempotencyHeader && method !== "get") {
      if (!options.idempotencyKey)
        options.idempotencyKey = this.defaultIdempotencyKey();
      idempotencyHeaders[this.idempotencyHeader] = options.idempotencyKey;
    }
    const helperMethod = options.__metadata?.["helperMethod"];
    const timeout = x509Headers ? x509Timeout : options.timeout;
    const headers = buildHeaders([
      idempotencyHeaders,
      {
        Accept: "application/json",
        ...!isRunningInBrowserOrBrowserWorker() ? { "User-Agent": this.getUserAgent() } : void 0,
        "X-Stainless-Retry-Count": String(retryCount),
        ...timeout ? { "X-Stainless-Timeout": String(Math.trunc(timeout / 1e3)) } : {},
        ...getPlatformHeaders(),
        ...typeof helperMethod === "string" ? { "X-Stainless-Helper-Method": helperMethod } : {},
        "OpenAI-Organization": x509Tenant ? x509Tenant.organization : this.organization,
        "OpenAI-Project": x509Tenant ? x509Tenant.project : this.project
      },
      // X.509 owns streaming uploads before authentication so it can retire them on failure.
      __classPrivateFieldGet(this, _OpenAI_x509Authentication, "f") && !__classPrivateFieldGet(this, _OpenAI_x509Authentication, "f").isPlanningRequest() ? await this.authHeaders(options, options.__security ?? { bearerAuth: true }) : authenticationHeaders,
      x509Headers?.defaultHeaders ?? this._options.defaultHeaders,
      bodyHeaders,
      x509Headers?.requestHeaders ?? options.headers
    ]);
    if (!this._provider && !__classPrivateFieldGet(this, _OpenAI_x509Authentication, "f")?.isPlanningRequest()) {
      this.validateHeaders(headers, options.__security ?? { bearerAuth: true });
    }
    return headers.values;
  }
  _makeAbort(controller) {
    return () => controller.abort();
  }
  _makeUserAbortError(signal) {
    const error = new APIUserAbortError();
    Object.defineProperty(error, "cause", { value: signal.reason, writable: true, configurable: true });
    return error;
  }
  buildBody({ options }) {
    const { body, headers: rawHeaders } = options;
    if (!body) {
      if (body === void 0 && "body" in options) {
        return { ...__classPrivateFieldGet(this, _OpenAI_encoder, "f").call(this, { body, headers: buildHeaders([rawHeaders]) }), isStreamingBody: false };
      }
      return { bodyHeaders: void 0, body: void 0, isStreamingBody: false };
    }
    const headers = buildHeaders([rawHeaders]);
    const isReadableStream2 = typeof globalThis.ReadableStream !== "undefined" && body instanceof globalThis.ReadableStream;
    const isRetryableBody = !isReadableStream2 && (typeof body === "string" || body instanceof ArrayBuffer || ArrayBuffer.isView(body) || typeof globalThis.Blob !== "undefined" && body instanceof globalThis.Blob || body instanceof URLSearchParams || body instanceof FormData);
    if (
      // Pass raw type verbatim
      ArrayBuffer.isView(body) || body instanceof ArrayBuffer || body instanceof DataView || typeof body === "string" && // Preserve legacy string encoding behavior for now
      headers.values.has("content-type") || // `Blob` is superset of `File`
      globalThis.Blob && body instanceof globalThis.Blob || // `FormData` -> `multipart/form-data`
      body instanceof FormData || // `URLSearchParams` -> `application/x-www-form-urlencoded`
      body instanceof URLSearchParams || // Send chunked stream (each chunk has own `length`)
      isReadableStream2
    ) {
      return { bodyHeaders: void 0, body, isStreamingBody: !isRetryableBody };
    } else if (typeof body === "object" && (Symbol.asyncIterator in body || Symbol.iterator in body && "next" in body && typeof body.next === "function")) {
      return {
        bodyHeaders: void 0,
        body: ReadableStreamFrom(body),
        isStreamingBody: true
      };
    } else if (typeof body === "object" && headers.values.get("content-type") === "application/x-www-form-urlencoded") {
      return {
        bodyHeaders: { "content-type": "application/x-www-form-urlencoded" },
        body: this.stringifyQuery(body),
        isStreamingBody: false
      };
    } else {
      return { ...__classPrivateFieldGet(this, _OpenAI_encoder, "f").call(this, { body, headers }), isStreamingBody: false };
    }
  }
};
_a2 = OpenAI, _OpenAI_encoder = /* @__PURE__ */ new WeakMap(), _OpenAI_x509Authentication = /* @__PURE__ */ new WeakMap(), _OpenAI_x509Credential = /* @__PURE__ */ new WeakMap(), _OpenAI_x509Fetch = /* @__PURE__ */ new WeakMap(), _OpenAI_explicitDataResidency = /* @__PURE__ */ new WeakMap(), _OpenAI_responseAttempts = /* @__PURE__ */ new WeakMap(), _OpenAI_instances = /* @__PURE__ */ new WeakSet(), _OpenAI_baseURLOverridden = function _OpenAI_baseURLOverridden2() {
  return __classPrivateFieldGet(this, _OpenAI_explicitDataResidency, "f") || this._provider !== void 0 || this.baseURL !== "https://api.openai.com/v1";
}, _OpenAI_normalizeRetries = function _OpenAI_normalizeRetries2(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : 2;
}, _OpenAI_isSensitiveLogKey = function _OpenAI_isSensitiveLogKey2(key) {
  const normalized = key.replace(/[^a-z0-9]/gi, "").toLowerCase();
  if (/authorization|authentication|cookie|session|signature|assertion|connectionstring|devicecode|codeverifier|accountkey|mtlskey|proxyauth|^(?:auth|key|sig|sas|jwt|bearer|pfx|p12)$|(?:sid|token|secret|password|passwd|pwd|credential|passphrase|apikey|accesskey|privatekey|username)s?$/.test(normalized)) {
    return true;
  }
  const prefix = /api|access|secret|private|security|refresh|id|bearer|aws|azure|openai|admin|client|proxy|auth/.exec(normalized);
  return prefix !== null && /key|token|secret|password|passwd|pwd|credential|auth/.test(normalized.slice(prefix.index + prefix[0].length));
}, _OpenAI_sanitizeLogValue = function _OpenAI_sanitizeLogValue2(value, seen) {
  const maxDepth = 64;
  const maxValues = 4096;
  const redactString = (entry) => entry.replace(/(\/\/)([^/\s?#]*@)(?=[^/\s?#]+)/g, "$1[REDACTED]@").replace(/(^|[\s/])([^/\s]+)/g, (match, prefix, token) => {
    const start = prefix === "/" ? token.search(/[=(]/) + 1 : 0;
    if (prefix === "/" && start === 0)
      return match;
    const colon = token.indexOf(":", start + 1);
    let at = token.length - 2;
    while (at >= 0 && (token[at] !== "@" || token[at + 1] === "@"))
      at--;
    return colon >= 0 && at > colon ? `${prefix}${token.slice(0, start)}[REDACTED]${token.slice(at)}` : match;
  }).replace(/(^|[\s,;])([a-z][a-z0-9_-]*)(\s*:\s*)([^\r\n,;]+)/gi, (match, prefix, key, separator) => __classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_isSensitiveLogKey).call(this, key) ? `${prefix}${key}${separator}[REDACTED]` : match).replace(/(^|[?&#;])([^=&;\s?#/]+)=([^&;\s#]+)/g, (match, separator, key) => {
    let decoded = key;
    try {
      decoded = globalThis.decodeURIComponent(key);
    } catch {
    }
    return __classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_isSensitiveLogKey).call(this, decoded) ? `${separator}${key}=[REDACTED]` : match;
  });
  const getLogString = (entry) => {
    try {
      return globalThis.String.prototype.valueOf.call(entry);
    } catch {
      return void 0;
    }
  };
  const isSensitiveLogLabel = (entry) => {
    const label = getLogString(entry);
    if (label !== void 0)
      return __classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_isSensitiveLogKey).call(this, label);
    try {
      return entry instanceof globalThis.String;
    } catch {
      return true;
    }
  };
  const pending = [];
  const pendingMaps = [];
  let sanitizedValue;
  const getOwnLogDescriptor = (entry, key) => {
    try {
      return {
        descriptor: globalThis.Object.getOwnPropertyDescriptor(entry, key),
        failed: false
      };
    } catch {
      return { descriptor: void 0, failed: true };
    }
  };
  const enqueue = (entry, depth, assign) => {
    if (depth > maxDepth || pending.length >= maxValues) {
      assign("[REDACTED]");
      return;
    }
    pending.push({ value: entry, depth, assign });
  };
  enqueue(value, 0, (entry) => {
    sanitizedValue = entry;
  });
  for (let cursor = 0; cursor < pending.length; cursor += 1) {
    const { value: current, depth, assign } = pending[cursor];
    if (typeof current === "string") {
      assign(redactString(current));
      continue;
    }
    if (typeof current === "function" || typeof current === "symbol") {
      assign("[REDACTED]");
      continue;
    }
    if (typeof current !== "object" || current === null) {
      assign(current);
      continue;
    }
    const previous = seen.get(current);
    if (previous !== void 0) {
      assign(previous);
      continue;
    }
    try {
      const boxedString = getLogString(current);
      if (boxedString !== void 0) {
        const sanitized2 = new globalThis.String(redactString(boxedString));
        seen.set(current, sanitized2);
        assign(sanitized2);
        continue;
      }
      if (current instanceof globalThis.String) {
        seen.set(current, "[REDACTED]");
        assign("[REDACTED]");
        continue;
      }
      const RuntimeHeaders = globalThis.Headers;
      if (typeof RuntimeHeaders === "function" && current instanceof RuntimeHeaders) {
        const sanitized2 = new RuntimeHeaders();
        seen.set(current, sanitized2);
        assign(sanitized2);
        RuntimeHeaders.prototype.forEach.call(current, (entry, key) => {
          sanitized2.set(key, __classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_isSensitiveLogKey).call(this, key) ? "[REDACTED]" : redactString(entry));
        });
        continue;
      }
      if (current instanceof URL) {
        const sanitized2 = new URL(URL.prototype.toString.call(current));
        seen.set(current, sanitized2);
        assign(sanitized2);
        if (sanitized2.username)
          sanitized2.username = "[REDACTED]";
        if (sanitized2.password)
          sanitized2.password = "[REDACTED]";
        for (const [key] of sanitized2.searchParams) {
          if (__classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_isSensitiveLogKey).call(this, key))
            sanitized2.searchParams.set(key, "[REDACTED]");
        }
        if (sanitized2.hash)
          sanitized2.hash = redactString(sanitized2.hash);
        continue;
      }
      if (Array.isArray(current)) {
        const lengthDescriptor = getOwnLogDescriptor(current, "length");
        if (lengthDescriptor.failed || !lengthDescriptor.descriptor || !("value" in lengthDescriptor.descriptor) || typeof lengthDescriptor.descriptor.value !== "number") {
          seen.set(current, "[REDACTED]");
          assign("[REDACTED]");
          continue;
        }
        const sanitized2 = [];
        seen.set(current, sanitized2);
        assign(sanitized2);
        const limit2 = Math.min(lengthDescriptor.descriptor.value, maxValues);
        const firstDescriptor = getOwnLogDescriptor(current, "0");
        const firstKey = !firstDescriptor.failed && firstDescriptor.descriptor && "value" in firstDescriptor.descriptor ? firstDescriptor.descriptor.value : void 0;
        for (let index = 0; index < limit2; index += 1) {
          const property = index === 0 ? firstDescriptor : getOwnLogDescriptor(current, `${index}`);
          if (property.failed) {
            sanitized2[index] = "[REDACTED]";
            continue;
          }
          const descriptor = property.descriptor;
          if (!descriptor?.enumerable)
            continue;
          if (index === 1 && (firstDescriptor.failed || firstDescriptor.descriptor && !("value" in firstDescriptor.descriptor) || isSensitiveLogLabel(firstKey))) {
            sanitized2[index] = "[REDACTED]";
            continue;
          }
          if (!("value" in descriptor)) {
            sanitized2[index] = "[REDACTED]";
            continue;
          }
          enqueue(descriptor.value, depth + 1, (entry) => {
            sanitized2[index] = entry;
          });
        }
        sanitized2.length = limit2;
        if (lengthDescriptor.descriptor.value > limit2)
          sanitized2[limit2] = "[REDACTED]";
        continue;
      }
      if (current instanceof globalThis.Map) {
        const sanitized2 = new globalThis.Map();
        const entries = [];
        pendingMaps.push({ map: sanitized2, entries });
        seen.set(current, sanitized2);
        assign(sanitized2);
        globalThis.Map.prototype.forEach.call(current, (entry, key) => {
          const pair = ["[REDACTED]", "[REDACTED]"];
          entries.push(pair);
          enqueue(key, depth + 1, (safeKey) => {
            if (typeof safeKey !== "function" && typeof safeKey !== "symbol" && !(typeof key === "object" && key !== null && safeKey === key)) {
              pair[0] = safeKey;
            }
          });
          if (isSensitiveLogLabel(key)) {
            return;
          }
          enqueue(entry, depth + 1, (safeEntry) => {
            pair[1] = safeEntry;
          });
        });
        continue;
      }
      if (current instanceof globalThis.Set) {
        const sanitized2 = new globalThis.Set();
        seen.set(current, sanitized2);
        assign(sanitized2);
        globalThis.Set.prototype.forEach.call(current, (entry) => {
          enqueue(entry, depth + 1, (safeEntry) => {
            sanitized2.add(safeEntry);
          });
        });
        continue;
      }
      if (current instanceof globalThis.Date) {
        assign(new globalThis.Date(globalThis.Date.prototype.getTime.call(current)));
        continue;
      }
      const RuntimeReadableStream = globalThis.ReadableStream;
      if (typeof RuntimeReadableStream === "function" && current instanceof RuntimeReadableStream || current instanceof globalThis.ArrayBuffer || globalThis.ArrayBuffer.isView(current)) {
        seen.set(current, "[REDACTED]");
        assign("[REDACTED]");
        continue;
      }
      let keys;
      try {
        keys = globalThis.Reflect.ownKeys(current);
      } catch {
        seen.set(current, "[REDACTED]");
        assign("[REDACTED]");
        continue;
      }
      const sanitized = {};
      seen.set(current, sanitized);
      assign(sanitized);
      for (const key of keys) {
        if (typeof key !== "string")
          continue;
        const property = getOwnLogDescriptor(current, key);
        if (property.failed) {
          sanitized[key] = "[REDACTED]";
          continue;
        }
        const descriptor = property.descriptor;
        if (!descriptor?.enumerable)
          continue;
        if (__classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_isSensitiveLogKey).call(this, key)) {
          sanitized[key] = "[REDACTED]";
          continue;
        }
        if (!("value" in descriptor)) {
          sanitized[key] = "[REDACTED]";
          continue;
        }
        enqueue(descriptor.value, depth + 1, (safeEntry) => {
          sanitized[key] = safeEntry;
        });
      }
    } catch {
      seen.set(current, "[REDACTED]");
      assign("[REDACTED]");
    }
  }
  for (const { map, entries } of pendingMaps) {
    for (const [key, entry] of entries)
      map.set(key, entry);
  }
  return sanitizedValue;
}, _OpenAI_sanitizeLogger = function _OpenAI_sanitizeLogger2(logger) {
  if (__classPrivateFieldGet(_a2, _a2, "f", _OpenAI_sanitizedLoggers).has(logger))
    return logger;
  const sanitized = new globalThis.Proxy(/* @__PURE__ */ Object.create(null), {
    get: (_facade, property) => {
      const value = globalThis.Reflect.get(logger, property, logger);
      if (typeof value !== "function")
        return value;
      if (typeof property !== "string" || !["debug", "info", "warn", "error", "trace", "log"].includes(property)) {
        return value.bind(logger);
      }
      return (...args) => {
        const seen = /* @__PURE__ */ new WeakMap();
        return globalThis.Reflect.apply(value, logger, args.map((entry) => __classPrivateFieldGet(this, _OpenAI_instances, "m", _OpenAI_sanitizeLogValue).call(this, entry, seen)));
      };
    },
    set: (_facade, property, value) => globalThis.Reflect.set(logger, property, value, logger)
  });
  __classPrivateFieldGet(_a2, _a2, "f", _OpenAI_sanitizedLoggers).add(sanitized);
  return sanitized;
};
_OpenAI_sanitizedLoggers = { value: new globalThis.WeakSet() };
OpenAI.OpenAI = _a2;
OpenAI.DEFAULT_TIMEOUT = 6e5;
OpenAI.OpenAIError = OpenAIError;
OpenAI.APIError = APIError;
OpenAI.APIConnectionError = APIConnectionError;
OpenAI.APIConnectionTimeoutError = APIConnectionTimeoutError;
OpenAI.APIUserAbortError = APIUserAbortError;
OpenAI.NotFoundError = NotFoundError;
OpenAI.ConflictError = ConflictError;
OpenAI.RateLimitError = RateLimitError;
OpenAI.BadRequestError = BadRequestError;
OpenAI.AuthenticationError = AuthenticationError;
OpenAI.InternalServerError = InternalServerError;
OpenAI.PermissionDeniedError = PermissionDeniedError;
OpenAI.UnprocessableEntityError = UnprocessableEntityError;
OpenAI.InvalidWebhookSignatureError = InvalidWebhookSignatureError;
OpenAI.toFile = toFile;
OpenAI.toStreamingFile = toStreamingFile;
OpenAI.Decisions = Resource;
OpenAI.Completions = Resource;
OpenAI.Chat = Chat;
OpenAI.Embeddings = Resource;
OpenAI.Files = Resource;
OpenAI.Images = Resource;
OpenAI.ContentProvenanceChecks = Resource;
OpenAI.Audio = Resource;
OpenAI.Moderations = Resource;
OpenAI.Models = Resource;
OpenAI.FineTuning = Resource;
OpenAI.Graders = Resource;
OpenAI.VectorStores = Resource;
OpenAI.Safety = Resource;
OpenAI.Webhooks = Resource;
OpenAI.Beta = Resource;
OpenAI.Batches = Resource;
OpenAI.Uploads = Resource;
OpenAI.Admin = Resource;
OpenAI.Responses = Resource;
OpenAI.Live = Resource;
OpenAI.Realtime = Resource;
OpenAI.Conversations = Resource;
OpenAI.Evals = Resource;
OpenAI.Containers = Resource;
OpenAI.Skills = Resource;
OpenAI.Videos = Resource;
OpenAI.ConversationCursorPage = ConversationCursorPage;
OpenAI.CursorPage = CursorPage;
OpenAI.NextCursorPage = NextCursorPage;
OpenAI.Page = Page;
OpenAI.TokenPage = TokenPage;
var composedCallerSignals = /* @__PURE__ */ new WeakMap();
function createRequestController(callerSignal, originalSignal) {
  const controller = new AbortController();
  if (!callerSignal)
    return controller;
  const nativeAbortSignal = globalThis.AbortSignal;
  if (typeof nativeAbortSignal?.any !== "function" || !(callerSignal instanceof nativeAbortSignal)) {
    return controller;
  }
  try {
    const signals = [controller.signal, callerSignal];
    if (originalSignal && originalSignal !== callerSignal) {
      signals.push(originalSignal);
    }
    const composed = nativeAbortSignal.any(signals);
    Object.defineProperty(controller, "signal", { value: composed, configurable: true });
    composedCallerSignals.set(controller, callerSignal);
  } catch {
  }
  return controller;
}
function getConnectionErrorMessage(error) {
  if (isUndiciDispatcherVersionMismatchError(error)) {
    return `Connection error. This may be caused by passing an undici dispatcher, such as ProxyAgent, that is incompatible with the fetch implementation. If you are using undici's ProxyAgent, pass the fetch implementation from the same undici package: import { fetch, ProxyAgent } from 'undici'; new OpenAI({ fetch, fetchOptions: { dispatcher: new ProxyAgent(...) } });`;
  }
  return void 0;
}
function isUndiciDispatcherVersionMismatchError(error) {
  let current = error;
  for (let i = 0; i < 8 && current && typeof current === "object"; i++) {
    const err = current;
    if (err.code === "UND_ERR_INVALID_ARG" && typeof err.message === "string" && err.message.includes("invalid onRequestStart method")) {
      return true;
    }
    current = err.cause;
  }
  return false;
}
function ownedSlice(text, start, end = text.length) {
  return `${text.slice(start, end)} `.slice(0, -1);
}
var MAX_PROVIDER_ERROR_BODY_CHARS = 4e3;
function normalizeProviderError(error) {
  if (!(error instanceof Error)) {
    return { message: safeJsonStringify(error), messageCarriesBody: false };
  }
  const sdkError = error;
  const status = extractStatus(sdkError);
  const body = extractBody(sdkError);
  const messageCarriesBody = body === void 0 || error.message.includes(body);
  const message = status === void 0 && body === void 0 ? withCauseDetail(error) : error.message;
  return {
    status,
    body,
    message,
    messageCarriesBody
  };
}
var MAX_CAUSE_DEPTH = 5;
function withCauseDetail(error) {
  let deepest;
  let current = error.cause;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth++) {
    deepest = current;
    current = current.cause;
  }
  if (!deepest)
    return error.message;
  let detail = (deepest.message || deepest.name).trim();
  const code = deepest.code;
  if ((typeof code === "string" || typeof code === "number") && !detail.includes(String(code))) {
    detail = detail ? `${detail} (${code})` : String(code);
  }
  if (!detail || error.message.includes(detail))
    return error.message;
  return error.message ? `${error.message}: ${detail}` : detail;
}
function extractStatus(error) {
  if (typeof error.statusCode === "number")
    return error.statusCode;
  if (typeof error.status === "number")
    return error.status;
  if (typeof error.$metadata?.httpStatusCode === "number")
    return error.$metadata.httpStatusCode;
  if (typeof error.$response?.statusCode === "number")
    return error.$response.statusCode;
  return void 0;
}
function extractBody(error) {
  const bodyText = pickBodyText(error);
  if (bodyText === void 0)
    return void 0;
  const trimmed = bodyText.trim();
  if (trimmed.length === 0)
    return void 0;
  return truncateErrorText(trimmed, MAX_PROVIDER_ERROR_BODY_CHARS);
}
function pickBodyText(error) {
  if (typeof error.body === "string")
    return error.body;
  if (isPlainNonEmptyObject(error.error))
    return safeJsonStringify(error.error);
  const responseBody = error.$response?.body;
  if (typeof responseBody === "string")
    return responseBody;
  if (isReadableStreamLike(responseBody))
    return void 0;
  if (isPlainNonEmptyObject(responseBody))
    return safeJsonStringify(responseBody);
  return void 0;
}
function isReadableStreamLike(value) {
  return typeof value === "object" && value !== null && "pipe" in value && typeof value.pipe === "function";
}
function isPlainNonEmptyObject(value) {
  if (typeof value !== "object" || value === null)
    return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null)
    return false;
  return Object.keys(value).length > 0;
}
function formatProviderError(norm, prefix) {
  if (norm.messageCarriesBody || norm.status === void 0 || norm.body === void 0) {
    return prefix !== void 0 && norm.status !== void 0 ? `${prefix} (${norm.status}): ${norm.message}` : norm.message;
  }
  return prefix !== void 0 ? `${prefix} (${norm.status}): ${norm.body}` : `${norm.status}: ${norm.body}`;
}
function truncateErrorText(text, maxChars) {
  if (text.length <= maxChars)
    return text;
  return `${ownedSlice(text, 0, maxChars)}... [truncated ${text.length - maxChars} chars]`;
}
function safeJsonStringify(value) {
  try {
    const serialized = JSON.stringify(value);
    return serialized === void 0 ? String(value) : serialized;
  } catch {
    return String(value);
  }
}
function headersToRecord(headers) {
  const result = {};
  for (const [key, value] of headers.entries()) {
    result[key] = value;
  }
  return result;
}
function providerHeadersToRecord(...headerSources) {
  const merged = /* @__PURE__ */ new Map();
  for (const source of headerSources) {
    for (const [name, value] of Object.entries(source ?? {})) {
      const normalizedName = name.toLowerCase();
      merged.delete(normalizedName);
      if (value !== null)
        merged.set(normalizedName, [name, value]);
    }
  }
  return merged.size > 0 ? Object.fromEntries(merged.values()) : void 0;
}
var PI_AI_VERSION = "1.6.0";
var NVIDIA_NIM_HOST = "integrate.api.nvidia.com";
var OPENCODE_HOST = "opencode.ai";
function getClientVersion(identity) {
  return identity?.version ?? PI_AI_VERSION;
}
function runtimeDescription() {
  if (typeof process === "undefined")
    return void 0;
  const versions = process.versions;
  if (versions?.bun)
    return `bun/${versions.bun}`;
  if (versions?.node)
    return `node/${process.version}`;
  return void 0;
}
function formatUserAgent(identity) {
  const mode = identity?.userAgent ?? "detailed";
  if (typeof mode === "object")
    return mode.custom;
  if (mode === "short")
    return "pi";
  const product = `pi/${getClientVersion(identity)}`;
  const runtime = runtimeDescription();
  return runtime ? `${product} (${process.platform}; ${runtime}; ${process.arch})` : `${product} (browser)`;
}
function matchesHost(baseUrl, expectedHost) {
  try {
    return new URL(baseUrl).hostname === expectedHost;
  } catch {
    return false;
  }
}
function isOpenRouter(target) {
  return target.provider === "openrouter" || target.baseUrl.includes("openrouter.ai");
}
function isNvidiaNim(target) {
  return target.provider === "nvidia" || matchesHost(target.baseUrl, NVIDIA_NIM_HOST);
}
function isOpenCode(target) {
  return target.provider === "opencode" || target.provider === "opencode-go" || matchesHost(target.baseUrl, OPENCODE_HOST);
}
function getAttributionHeaders(target, identity) {
  const attribution = identity?.attribution;
  if (!attribution)
    return {};
  const { name, url, categories } = attribution;
  if (isOpenRouter(target)) {
    return {
      "HTTP-Referer": url,
      "X-OpenRouter-Title": name,
      ...categories === void 0 || categories.length === 0 ? {} : { "X-OpenRouter-Categories": categories.join(",") }
    };
  }
  if (isNvidiaNim(target))
    return { "X-BILLING-INVOKE-ORIGIN": name.charAt(0).toUpperCase() + name.slice(1) };
  if (isOpenCode(target))
    return { "x-opencode-client": name };
  return {};
}
function getIdentityHeaders(target, identity) {
  return { "User-Agent": formatUserAgent(identity), ...getAttributionHeaders(target, identity) };
}
var DEFAULT_MAX_RETRY_DELAY_MS = 6e4;
function isProviderError(error) {
  if (!(error instanceof Error) || !("status" in error) || !("headers" in error))
    return false;
  return (error.status === void 0 || typeof error.status === "number") && (error.headers === void 0 || error.headers instanceof Headers);
}
function isRetryableProviderError(error) {
  const shouldRetry = error.headers?.get("x-should-retry");
  if (shouldRetry === "true")
    return true;
  if (shouldRetry === "false")
    return false;
  if (error.status === void 0)
    return true;
  return error.status === 408 || error.status === 409 || error.status === 429 || typeof error.status === "number" && error.status >= 500;
}
function validateServerRetryDelayMs(delayMs, maxRetryDelayMs, providerErrorMessage) {
  const maxDelayMs = maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
  if (maxDelayMs > 0 && delayMs > maxDelayMs) {
    throw new Error(`Server requested ${Math.ceil(delayMs / 1e3)}s retry delay (max: ${Math.ceil(maxDelayMs / 1e3)}s). ${providerErrorMessage}`);
  }
  return delayMs;
}
function getRetryDelayMs(error, retryIndex, maxRetryDelayMs) {
  const retryAfterMs = error.headers?.get("retry-after-ms");
  if (retryAfterMs) {
    const value = Number.parseFloat(retryAfterMs);
    if (Number.isFinite(value))
      return validateServerRetryDelayMs(value, maxRetryDelayMs, error.message);
  }
  const retryAfter = error.headers?.get("retry-after");
  if (retryAfter) {
    const seconds = Number.parseFloat(retryAfter);
    const delayMs = Number.isNaN(seconds) ? Date.parse(retryAfter) - Date.now() : seconds * 1e3;
    if (Number.isFinite(delayMs))
      return validateServerRetryDelayMs(delayMs, maxRetryDelayMs, error.message);
  }
  const exponentialDelay = Math.min(0.5 * 2 ** retryIndex, 8) * 1e3;
  return exponentialDelay * (1 - Math.random() * 0.25);
}
function createAbortError() {
  const error = new Error("Request aborted");
  error.name = "AbortError";
  return error;
}
function abortableSleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(createAbortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timeout);
      reject(createAbortError());
    };
    const timeout = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
async function retryProviderRequest(request, options = {}) {
  const maxRetries = options.maxRetries ?? 0;
  let retriesRemaining = maxRetries;
  for (; ; ) {
    try {
      return await request();
    } catch (error) {
      if (options.signal?.aborted)
        throw createAbortError();
      if (retriesRemaining <= 0 || !isProviderError(error) || !isRetryableProviderError(error))
        throw error;
      if (error.status !== void 0 && options.noRetryStatuses?.includes(error.status))
        throw error;
      const retryIndex = maxRetries - retriesRemaining;
      retriesRemaining--;
      await abortableSleep(getRetryDelayMs(error, retryIndex, options.maxRetryDelayMs), options.signal);
    }
  }
}
function sanitizeSurrogates(text) {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "");
}
var generateImages = async (model, context, options) => {
  const output = {
    api: model.api,
    provider: model.provider,
    model: model.id,
    output: [],
    stopReason: "stop",
    timestamp: Date.now()
  };
  try {
    const apiKey = options?.apiKey;
    if (!apiKey) {
      throw new Error(`No API key for provider: ${model.provider}`);
    }
    const client = createClient(model, apiKey, options?.headers, options?.fetch, options?.identity);
    let params = buildParams(model, context);
    const nextParams = await options?.onPayload?.(params, model);
    if (nextParams !== void 0) {
      params = nextParams;
    }
    const requestOptions = {
      ...options?.signal ? { signal: options.signal } : {},
      ...options?.timeoutMs !== void 0 ? { timeout: options.timeoutMs } : {},
      maxRetries: 0
    };
    const { data: response, response: rawResponse } = await retryProviderRequest(() => client.chat.completions.create(params, requestOptions).withResponse(), {
      maxRetries: options?.maxRetries,
      maxRetryDelayMs: options?.maxRetryDelayMs,
      signal: options?.signal
    });
    await options?.onResponse?.({ status: rawResponse.status, headers: headersToRecord(rawResponse.headers) }, model);
    const imageResponse = response;
    output.responseId = imageResponse.id;
    if (imageResponse.usage) {
      output.usage = parseUsage(imageResponse.usage, model);
    }
    const choice = imageResponse.choices[0];
    if (choice) {
      const content = choice.message.content;
      if (typeof content === "string" && content.length > 0) {
        output.output.push({ type: "text", text: content });
      }
      for (const image of choice.message.images ?? []) {
        const imageUrl = typeof image.image_url === "string" ? image.image_url : image.image_url?.url;
        if (!imageUrl?.startsWith("data:"))
          continue;
        const matches = imageUrl.match(/^data:([^;]+);base64,(.+)$/);
        if (!matches)
          continue;
        output.output.push({
          type: "image",
          mimeType: matches[1],
          data: matches[2]
        });
      }
    }
    return output;
  } catch (error) {
    output.stopReason = options?.signal?.aborted ? "aborted" : "error";
    output.errorMessage = formatProviderError(normalizeProviderError(error));
    return output;
  }
};
function createClient(model, apiKey, optionsHeaders, fetch2, identity) {
  return new OpenAI({
    apiKey,
    baseURL: model.baseUrl,
    dangerouslyAllowBrowser: true,
    fetch: fetch2,
    defaultHeaders: providerHeadersToRecord(getIdentityHeaders(model, identity), model.headers, optionsHeaders)
  });
}
function buildParams(model, context) {
  const content = context.input.map((item) => {
    if (item.type === "text") {
      return {
        type: "text",
        text: sanitizeSurrogates(item.text)
      };
    }
    return {
      type: "image_url",
      image_url: {
        url: `data:${item.mimeType};base64,${item.data}`
      }
    };
  });
  return {
    model: model.id,
    messages: [
      {
        role: "user",
        content
      }
    ],
    stream: false,
    modalities: model.output.includes("text") ? ["image", "text"] : ["image"]
  };
}
function parseUsage(rawUsage, model) {
  const promptTokens = rawUsage.prompt_tokens || 0;
  const reportedCachedTokens = rawUsage.prompt_tokens_details?.cached_tokens || 0;
  const cacheWriteTokens = rawUsage.prompt_tokens_details?.cache_write_tokens || 0;
  const cacheReadTokens = cacheWriteTokens > 0 ? Math.max(0, reportedCachedTokens - cacheWriteTokens) : reportedCachedTokens;
  const input = Math.max(0, promptTokens - cacheReadTokens - cacheWriteTokens);
  const output = rawUsage.completion_tokens || 0;
  const usage = {
    input,
    output,
    cacheRead: cacheReadTokens,
    cacheWrite: cacheWriteTokens,
    totalTokens: input + output + cacheReadTokens + cacheWriteTokens,
    cost: {
      input: model.cost.input / 1e6 * input,
      output: model.cost.output / 1e6 * output,
      cacheRead: model.cost.cacheRead / 1e6 * cacheReadTokens,
      cacheWrite: model.cost.cacheWrite / 1e6 * cacheWriteTokens,
      total: 0,
      totalFromProvider: false
    }
  };
  usage.cost.total = usage.cost.input + usage.cost.output + usage.cost.cacheRead + usage.cost.cacheWrite;
  return usage;
}
