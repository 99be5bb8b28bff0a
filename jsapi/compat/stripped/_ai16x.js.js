var __knownSymbol = (name, symbol) => (symbol = Symbol[name]) ? symbol : /* @__PURE__ */ Symbol.for("Symbol." + name);
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
var __typeError = (msg) => {
  throw TypeError(msg);
};
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
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
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var __accessCheck = (obj, member, msg) => member.has(obj) || __typeError("Cannot " + msg);
var __privateGet = (obj, member, getter) => (__accessCheck(obj, member, "read from private field"), getter ? getter.call(obj) : member.get(obj));
var __privateAdd = (obj, member, value) => member.has(obj) ? __typeError("Cannot add the same private member more than once") : member instanceof WeakSet ? member.add(obj) : member.set(obj, value);
var __privateSet = (obj, member, value, setter) => (__accessCheck(obj, member, "write to private field"), setter ? setter.call(obj, value) : member.set(obj, value), value);
var __privateMethod = (obj, member, method) => (__accessCheck(obj, member, "access private method"), method);
var __privateWrapper = (obj, member, setter, getter) => ({
  set _(value) {
    __privateSet(obj, member, value, setter);
  },
  get _() {
    return __privateGet(obj, member, getter);
  }
});
var require_options = __commonJS({
  "partial-json/dist/options.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.Allow = exports2.ALL = exports2.COLLECTION = exports2.ATOM = exports2.SPECIAL = exports2.INF = exports2._INFINITY = exports2.INFINITY = exports2.NAN = exports2.BOOL = exports2.NULL = exports2.OBJ = exports2.ARR = exports2.NUM = exports2.STR = void 0;
    exports2.STR = 1;
    exports2.NUM = 2;
    exports2.ARR = 4;
    exports2.OBJ = 8;
    exports2.NULL = 16;
    exports2.BOOL = 32;
    exports2.NAN = 64;
    exports2.INFINITY = 128;
    exports2._INFINITY = 256;
    exports2.INF = exports2.INFINITY | exports2._INFINITY;
    exports2.SPECIAL = exports2.NULL | exports2.BOOL | exports2.INF | exports2.NAN;
    exports2.ATOM = exports2.STR | exports2.NUM | exports2.SPECIAL;
    exports2.COLLECTION = exports2.ARR | exports2.OBJ;
    exports2.ALL = exports2.ATOM | exports2.COLLECTION;
    exports2.Allow = { STR: exports2.STR, NUM: exports2.NUM, ARR: exports2.ARR, OBJ: exports2.OBJ, NULL: exports2.NULL, BOOL: exports2.BOOL, NAN: exports2.NAN, INFINITY: exports2.INFINITY, _INFINITY: exports2._INFINITY, INF: exports2.INF, SPECIAL: exports2.SPECIAL, ATOM: exports2.ATOM, COLLECTION: exports2.COLLECTION, ALL: exports2.ALL };
    exports2.default = exports2.Allow;
  }
});
var require_dist = __commonJS({
  "partial-json/dist/index.js"(exports2) {
    "use strict";
    var __createBinding = exports2 && exports2.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __exportStar = exports2 && exports2.__exportStar || function(m, exports22) {
      for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports22, p)) __createBinding(exports22, m, p);
    };
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.Allow = exports2.MalformedJSON = exports2.PartialJSON = exports2.parseJSON = exports2.parse = void 0;
    var options_1 = require_options();
    Object.defineProperty(exports2, "Allow", { enumerable: true, get: function() {
      return options_1.Allow;
    } });
    __exportStar(require_options(), exports2);
    var PartialJSON = class extends Error {
    };
    exports2.PartialJSON = PartialJSON;
    var MalformedJSON = class extends Error {
    };
    exports2.MalformedJSON = MalformedJSON;
    function parseJSON(jsonString, allowPartial = options_1.Allow.ALL) {
      if (typeof jsonString !== "string") {
        throw new TypeError(`expecting str, got ${typeof jsonString}`);
      }
      if (!jsonString.trim()) {
        throw new Error(`${jsonString} is empty`);
      }
      return _parseJSON(jsonString.trim(), allowPartial);
    }
    exports2.parseJSON = parseJSON;
    var _parseJSON = (jsonString, allow) => {
      const length = jsonString.length;
      let index = 0;
      const markPartialJSON = (msg) => {
        throw new PartialJSON(`${msg} at position ${index}`);
      };
      const throwMalformedError = (msg) => {
        throw new MalformedJSON(`${msg} at position ${index}`);
      };
      const parseAny = () => {
        skipBlank();
        if (index >= length)
          markPartialJSON("Unexpected end of input");
        if (jsonString[index] === '"')
          return parseStr();
        if (jsonString[index] === "{")
          return parseObj();
        if (jsonString[index] === "[")
          return parseArr();
        if (jsonString.substring(index, index + 4) === "null" || options_1.Allow.NULL & allow && length - index < 4 && "null".startsWith(jsonString.substring(index))) {
          index += 4;
          return null;
        }
        if (jsonString.substring(index, index + 4) === "true" || options_1.Allow.BOOL & allow && length - index < 4 && "true".startsWith(jsonString.substring(index))) {
          index += 4;
          return true;
        }
        if (jsonString.substring(index, index + 5) === "false" || options_1.Allow.BOOL & allow && length - index < 5 && "false".startsWith(jsonString.substring(index))) {
          index += 5;
          return false;
        }
        if (jsonString.substring(index, index + 8) === "Infinity" || options_1.Allow.INFINITY & allow && length - index < 8 && "Infinity".startsWith(jsonString.substring(index))) {
          index += 8;
          return Infinity;
        }
        if (jsonString.substring(index, index + 9) === "-Infinity" || options_1.Allow._INFINITY & allow && 1 < length - index && length - index < 9 && "-Infinity".startsWith(jsonString.substring(index))) {
          index += 9;
          return -Infinity;
        }
        if (jsonString.substring(index, index + 3) === "NaN" || options_1.Allow.NAN & allow && length - index < 3 && "NaN".startsWith(jsonString.substring(index))) {
          index += 3;
          return NaN;
        }
        return parseNum();
      };
      const parseStr = () => {
        const start = index;
        let escape = false;
        index++;
        while (index < length && (jsonString[index] !== '"' || escape && jsonString[index - 1] === "\\")) {
          escape = jsonString[index] === "\\" ? !escape : false;
          index++;
        }
        if (jsonString.charAt(index) == '"') {
          try {
            return JSON.parse(jsonString.substring(start, ++index - Number(escape)));
          } catch (e) {
            throwMalformedError(String(e));
          }
        } else if (options_1.Allow.STR & allow) {
          try {
            return JSON.parse(jsonString.substring(start, index - Number(escape)) + '"');
          } catch (e) {
            return JSON.parse(jsonString.substring(start, jsonString.lastIndexOf("\\")) + '"');
          }
        }
        markPartialJSON("Unterminated string literal");
      };
      const parseObj = () => {
        index++;
        skipBlank();
        const obj = {};
        try {
          while (jsonString[index] !== "}") {
            skipBlank();
            if (index >= length && options_1.Allow.OBJ & allow)
              return obj;
            const key = parseStr();
            skipBlank();
            index++;
            try {
              const value = parseAny();
              obj[key] = value;
            } catch (e) {
              if (options_1.Allow.OBJ & allow)
                return obj;
              else
                throw e;
            }
            skipBlank();
            if (jsonString[index] === ",")
              index++;
          }
        } catch (e) {
          if (options_1.Allow.OBJ & allow)
            return obj;
          else
            markPartialJSON("Expected '}' at end of object");
        }
        index++;
        return obj;
      };
      const parseArr = () => {
        index++;
        const arr = [];
        try {
          while (jsonString[index] !== "]") {
            arr.push(parseAny());
            skipBlank();
            if (jsonString[index] === ",") {
              index++;
            }
          }
        } catch (e) {
          if (options_1.Allow.ARR & allow) {
            return arr;
          }
          markPartialJSON("Expected ']' at end of array");
        }
        index++;
        return arr;
      };
      const parseNum = () => {
        if (index === 0) {
          if (jsonString === "-")
            throwMalformedError("Not sure what '-' is");
          try {
            return JSON.parse(jsonString);
          } catch (e) {
            if (options_1.Allow.NUM & allow)
              try {
                return JSON.parse(jsonString.substring(0, jsonString.lastIndexOf("e")));
              } catch (e2) {
              }
            throwMalformedError(String(e));
          }
        }
        const start = index;
        if (jsonString[index] === "-")
          index++;
        while (jsonString[index] && ",]}".indexOf(jsonString[index]) === -1)
          index++;
        if (index == length && !(options_1.Allow.NUM & allow))
          markPartialJSON("Unterminated number literal");
        try {
          return JSON.parse(jsonString.substring(start, index));
        } catch (e) {
          if (jsonString.substring(start, index) === "-")
            markPartialJSON("Not sure what '-' is");
          try {
            return JSON.parse(jsonString.substring(start, jsonString.lastIndexOf("e")));
          } catch (e2) {
            throwMalformedError(String(e2));
          }
        }
      };
      const skipBlank = () => {
        while (index < length && " \n\r	".includes(jsonString[index])) {
          index++;
        }
      };
      return parseAny();
    };
    var parse = parseJSON;
    exports2.parse = parse;
  }
});
var stdin_exports = __defProp({}, "__esModule", { value: true });
__export(stdin_exports, {
  AI_TELEMETRY_SCHEMA: () => AI_TELEMETRY_SCHEMA,
  CACHE_WARMING_IDLE_CONTINUATION_PROBABILITY: () => CACHE_WARMING_IDLE_CONTINUATION_PROBABILITY,
  CACHE_WARMING_MAX_AGE_MS: () => CACHE_WARMING_MAX_AGE_MS,
  CACHE_WARMING_MAX_IDLE_AGE_MS: () => CACHE_WARMING_MAX_IDLE_AGE_MS,
  CACHE_WARMING_MINIMUM_EXPECTED_SAVINGS: () => CACHE_WARMING_MINIMUM_EXPECTED_SAVINGS,
  DEFAULT_MAX_AGENT_RETRY_DELAY_MS: () => DEFAULT_MAX_AGENT_RETRY_DELAY_MS,
  InMemoryCredentialStore: () => InMemoryCredentialStore,
  InMemoryModelsStore: () => InMemoryModelsStore,
  ModelsError: () => ModelsError,
  PI_AI_VERSION: () => PI_AI_VERSION,
  PI_ATTRIBUTION: () => PI_ATTRIBUTION,
  StreamingJsonParser: () => StreamingJsonParser,
  ToolCallArgumentsStream: () => ToolCallArgumentsStream
});
stdin_exports.evaluateCacheWarming = evaluateCacheWarming;
stdin_exports.formatUserAgent = formatUserAgent;
stdin_exports.getAttributionHeaders = getAttributionHeaders;
stdin_exports.getCacheWarmingDelayMs = getCacheWarmingDelayMs;
stdin_exports.getCacheWarmingRequestOptions = getCacheWarmingRequestOptions;
stdin_exports.getClientVersion = getClientVersion;
stdin_exports.getIdentityHeaders = getIdentityHeaders;
stdin_exports.getModelType = getModelType;
stdin_exports.getOpenCodeSessionHeaders = getOpenCodeSessionHeaders;
stdin_exports.getPromptCacheTtlMs = getPromptCacheTtlMs;
stdin_exports.hasApi = hasApi;
stdin_exports.isCacheWarmingReplayable = isCacheWarmingReplayable;
stdin_exports.isModelType = isModelType;
stdin_exports.isRecoverableLength = isRecoverableLength;
stdin_exports.isRetryableAssistantError = isRetryableAssistantError;
stdin_exports.lazyApi = lazyApi;
stdin_exports.lazyStream = lazyStream;
stdin_exports.mergeClientIdentity = mergeClientIdentity;
stdin_exports.parseToolCallArguments = parseToolCallArguments;
stdin_exports.retryAssistantCall = retryAssistantCall;
stdin_exports.retryDelayMs = retryDelayMs;
stdin_exports.withClientIdentity = withClientIdentity;
module.exports = stdin_exports;
var FifoQueue = class {
  constructor() {
    __publicField(this, "incoming", []);
    __publicField(this, "outgoing", []);
  }
  get length() {
    return this.incoming.length + this.outgoing.length;
  }
  enqueue(value) {
    this.incoming.push(value);
  }
  dequeue() {
    if (this.outgoing.length === 0) {
      while (this.incoming.length > 0) {
        this.outgoing.push(this.incoming.pop());
      }
    }
    return this.outgoing.pop();
  }
};
var EventStream = class {
  constructor(isComplete, extractResult) {
    __publicField(this, "queue", new FifoQueue());
    __publicField(this, "waiting", new FifoQueue());
    __publicField(this, "done", false);
    __publicField(this, "finalResultPromise");
    __publicField(this, "resolveFinalResult");
    __publicField(this, "isComplete");
    __publicField(this, "extractResult");
    this.isComplete = isComplete;
    this.extractResult = extractResult;
    this.finalResultPromise = new Promise((resolve) => {
      this.resolveFinalResult = resolve;
    });
  }
  push(event) {
    if (this.done)
      return;
    if (this.isComplete(event)) {
      this.done = true;
      this.resolveFinalResult(this.extractResult(event));
    }
    const waiter = this.waiting.dequeue();
    if (waiter) {
      waiter({ value: event, done: false });
    } else {
      this.queue.enqueue(event);
    }
  }
  end(result) {
    this.done = true;
    if (result !== void 0) {
      this.resolveFinalResult(result);
    }
    while (this.waiting.length > 0) {
      const waiter = this.waiting.dequeue();
      waiter({ value: void 0, done: true });
    }
  }
  [Symbol.asyncIterator]() {
    return __asyncGenerator(this, null, function* () {
      while (true) {
        if (this.queue.length > 0) {
          yield this.queue.dequeue();
        } else if (this.done) {
          return;
        } else {
          const result = yield new __await(new Promise((resolve) => this.waiting.enqueue(resolve)));
          if (result.done)
            return;
          yield result.value;
        }
      }
    });
  }
  result() {
    return this.finalResultPromise;
  }
};
var _startedAt, _startedAtMonotonic, _AssistantMessageEventStream_instances, time_fn;
var AssistantMessageEventStream = class extends EventStream {
  constructor() {
    super((event) => event.type === "done" || event.type === "error", (event) => {
      if (event.type === "done") {
        return event.message;
      } else if (event.type === "error") {
        return event.error;
      }
      throw new Error("Unexpected event type for final result");
    });
    __privateAdd(this, _AssistantMessageEventStream_instances);
    __privateAdd(this, _startedAt, Date.now());
    __privateAdd(this, _startedAtMonotonic, performance.now());
  }
  push(event) {
    if (event.type === "done")
      __privateMethod(this, _AssistantMessageEventStream_instances, time_fn).call(this, event.message);
    else if (event.type === "error")
      __privateMethod(this, _AssistantMessageEventStream_instances, time_fn).call(this, event.error);
    super.push(event);
  }
  end(result) {
    if (result !== void 0)
      __privateMethod(this, _AssistantMessageEventStream_instances, time_fn).call(this, result);
    super.end(result);
  }
};
_startedAt = /* @__PURE__ */ new WeakMap();
_startedAtMonotonic = /* @__PURE__ */ new WeakMap();
_AssistantMessageEventStream_instances = /* @__PURE__ */ new WeakSet();
time_fn = function(message) {
  if (this.done || message.durationMs !== void 0 || message.timestamp < __privateGet(this, _startedAt))
    return;
  message.durationMs = Math.max(0, Math.round(performance.now() - __privateGet(this, _startedAtMonotonic)));
};
function createSetupErrorMessage(model2, error, timestamp, stopReason) {
  return {
    role: "assistant",
    content: [],
    api: model2.api,
    provider: model2.provider,
    model: model2.id,
    usage: {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }
    },
    stopReason,
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp
  };
}
function hasResult(source) {
  return typeof source.result === "function";
}
async function forwardStream(target, source, observer, observeResult) {
  let result;
  try {
    for (var iter = __forAwait(source), more, temp, error; more = !(temp = await iter.next()).done; more = false) {
      const event = temp.value;
      target.push(event);
      observer?.onEvent?.(event);
      if (event.type === "done")
        result = event.message;
      else if (event.type === "error")
        result = event.error;
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
  if (hasResult(source))
    result = await source.result();
  target.end(result);
  observeResult(result);
}
function lazyStream(model2, setup, observer, signal) {
  const startedAt = Date.now();
  const outer = new AssistantMessageEventStream();
  let observedResult = false;
  const observeResult = (result) => {
    if (observedResult)
      return;
    observedResult = true;
    observer?.onResult?.(result);
  };
  setup().then((inner) => forwardStream(outer, inner, observer, observeResult)).catch((error) => {
    const reason = signal?.aborted ? "aborted" : "error";
    const message = createSetupErrorMessage(model2, error, startedAt, reason);
    const event = { type: "error", reason, error: message };
    outer.push(event);
    observer?.onEvent?.(event);
    outer.end(message);
    observeResult(message);
  });
  return outer;
}
function lazyApi(load, capabilities) {
  const api = {
    stream: (model2, context, options) => lazyStream(model2, async () => (await load()).stream(model2, context, options), void 0, options?.signal),
    streamSimple: (model2, context, options) => lazyStream(model2, async () => (await load()).streamSimple(model2, context, options), void 0, options?.signal)
  };
  if (capabilities?.fetchDeferred) {
    api.fetchDeferred = (model2, handle, options) => lazyStream(model2, async () => {
      const implementation = await load();
      if (!implementation.fetchDeferred)
        throw new Error("API does not support deferred responses");
      return implementation.fetchDeferred(model2, handle, options);
    }, void 0, options?.signal);
  }
  if (capabilities?.cancelDeferred) {
    api.cancelDeferred = async (model2, handle, options) => {
      const implementation = await load();
      if (!implementation.cancelDeferred)
        throw new Error("API cannot cancel deferred responses");
      await implementation.cancelDeferred(model2, handle, options);
    };
  }
  return api;
}
function abortReason(signal) {
  if (signal.reason !== void 0)
    return signal.reason;
  const error = new Error("The operation was aborted");
  error.name = "AbortError";
  return error;
}
function operationSignal(signal) {
  return signal ?? new AbortController().signal;
}
function raceWithAbortSignal(operation, signal) {
  if (signal.aborted) {
    void operation.catch(() => {
    });
    return Promise.reject(abortReason(signal));
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const cleanup = () => signal.removeEventListener("abort", onAbort);
    const onAbort = () => {
      if (settled)
        return;
      settled = true;
      cleanup();
      reject(abortReason(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    void operation.then((value) => {
      if (settled)
        return;
      settled = true;
      cleanup();
      resolve(value);
    }, (error) => {
      if (settled)
        return;
      settled = true;
      cleanup();
      reject(error);
    });
    if (signal.aborted)
      onAbort();
  });
}
var InMemoryCredentialStore = class {
  constructor() {
    __publicField(this, "credentials", /* @__PURE__ */ new Map());
    __publicField(this, "chains", /* @__PURE__ */ new Map());
  }
  /** Serialize tasks per provider id without releasing the chain before active work settles. */
  enqueue(providerId, task, options) {
    const signal = operationSignal(options?.signal);
    const previous = this.chains.get(providerId) ?? Promise.resolve();
    const queued = (async () => {
      await previous.catch(() => {
      });
      signal.throwIfAborted();
      return task();
    })();
    const tail = queued.catch(() => {
    });
    this.chains.set(providerId, tail);
    void tail.then(() => {
      if (this.chains.get(providerId) === tail)
        this.chains.delete(providerId);
    });
    return raceWithAbortSignal(queued, signal);
  }
  async read(providerId, options) {
    options?.signal?.throwIfAborted();
    return this.credentials.get(providerId);
  }
  async list(options) {
    options?.signal?.throwIfAborted();
    return [...this.credentials].map(([providerId, credential]) => ({ providerId, type: credential.type }));
  }
  modify(providerId, fn, options) {
    return this.enqueue(providerId, async () => {
      const current = this.credentials.get(providerId);
      const next = await fn(current);
      options?.signal?.throwIfAborted();
      if (next !== void 0)
        this.credentials.set(providerId, next);
      return next ?? current;
    }, options);
  }
  delete(providerId, options) {
    return this.enqueue(providerId, async () => {
      this.credentials.delete(providerId);
    }, options);
  }
};
function formatThrownValue(value) {
  if (value instanceof Error)
    return value.message || value.name;
  if (typeof value === "string")
    return value;
  return String(value);
}
var ModelsError = class extends Error {
  constructor(code, message, options) {
    super(withCauseDetail(message, options?.cause), options);
    __publicField(this, "code");
    this.name = "ModelsError";
    this.code = code;
  }
};
function withCauseDetail(message, cause) {
  if (cause === void 0 || cause === null)
    return message;
  const detail = formatThrownValue(cause).trim();
  if (!detail || message.includes(detail))
    return message;
  return `${message}: ${detail}`;
}
var InMemoryModelsStore = class {
  constructor() {
    __publicField(this, "entries", /* @__PURE__ */ new Map());
  }
  async read(providerId, options) {
    options?.signal?.throwIfAborted();
    const entry = this.entries.get(providerId);
    return entry ? structuredClone(entry) : void 0;
  }
  async write(providerId, entry, options) {
    options?.signal?.throwIfAborted();
    this.entries.set(providerId, structuredClone(entry));
  }
  async delete(providerId, options) {
    options?.signal?.throwIfAborted();
    this.entries.delete(providerId);
  }
};
async function startNoopSpan(_options, callback) {
  return callback(noopTelemetrySpan);
}
var noopCounter = Object.freeze({ add: () => {
} });
var noopUpDownCounter = Object.freeze({ add: () => {
} });
var noopHistogram = Object.freeze({ record: () => {
} });
var NOOP_TELEMETRY_METRICS = Object.freeze({
  counter: () => noopCounter,
  upDownCounter: () => noopUpDownCounter,
  histogram: () => noopHistogram
});
var NOOP_TELEMETRY_PROPAGATION = Object.freeze({
  inject: () => void 0,
  extract: () => NOOP_TELEMETRY_CONTEXT
});
var noopTelemetrySpan = {
  metrics: NOOP_TELEMETRY_METRICS,
  propagation: NOOP_TELEMETRY_PROPAGATION,
  startSpan: startNoopSpan,
  addLink: () => {
  },
  addEvent: () => {
  },
  setAttributes: () => {
  },
  setStatus: () => {
  }
};
Object.freeze(noopTelemetrySpan);
var NOOP_TELEMETRY_CONTEXT = noopTelemetrySpan;
var anchor = performance.timeOrigin;
function defineTelemetrySchema(schema) {
  return schema;
}
var provider = { type: "string", description: "Provider identifier.", required: true };
var model = { type: "string", description: "Requested model identifier.", required: true };
var stop = {
  type: "string",
  description: "Normalized stop reason.",
  values: ["pending", "stop", "length", "toolUse", "error", "aborted", "deferred"]
};
var request = {
  description: "One logical model request, including authentication and provider setup.",
  parents: { kind: "any" },
  startAttributes: {
    provider,
    api: { type: "string", description: "API identifier.", required: true },
    model,
    reasoning: { type: "string", description: "Scalar requested reasoning level.", required: false }
  },
  endAttributes: {
    stop,
    "usage.input": { type: "number", description: "Uncached input tokens." },
    "usage.output": { type: "number", description: "Output tokens." },
    "usage.cache_read": { type: "number", description: "Cache-read tokens." },
    "usage.cache_write": { type: "number", description: "Cache-write tokens." },
    "cost.total": { type: "number", description: "Total request cost in USD." },
    "response.id": { type: "string", description: "Provider response identifier.", cardinality: "high" }
  },
  events: {
    "pi.ai.first_chunk": { description: "First normalized stream event delivered.", attributes: {} },
    "pi.ai.block": {
      description: "A completed content block; content is never recorded.",
      attributes: {
        type: {
          type: "string",
          description: "Block kind.",
          values: ["text", "thinking", "tool_call"],
          required: true
        },
        index: { type: "number", description: "Content block index.", required: true },
        chars: { type: "number", description: "UTF-16 character count.", required: true },
        tool: { type: "string", description: "Tool name, for tool-call blocks only.", required: false }
      }
    }
  },
  status: {
    default: "ok",
    errorWhen: "Stop reason is error: provider_error with at most 500 error-message characters. Aborted stays ok."
  }
};
var AI_TELEMETRY_SCHEMA = defineTelemetrySchema({
  version: 1,
  spans: {
    "pi.ai.request": request,
    "pi.ai.poll": { ...request, description: "One deferred-response poll, not the deferred request's lifetime." }
  },
  metrics: {
    "pi.ai.request.duration": {
      kind: "histogram",
      description: "Logical request or poll duration.",
      unit: "ms",
      attributes: { provider, model, stop: { ...stop, required: true } }
    },
    "pi.ai.first_chunk.duration": {
      kind: "histogram",
      description: "Time to the first normalized stream event.",
      unit: "ms",
      attributes: { provider, model }
    },
    "pi.ai.tokens": {
      kind: "counter",
      description: "Reported model token usage; pending and deferred polls are excluded.",
      unit: "token",
      attributes: {
        provider,
        model,
        kind: {
          type: "string",
          description: "Token usage category.",
          values: ["input", "output", "cache_read", "cache_write"],
          required: true
        }
      }
    },
    "pi.ai.cost": {
      kind: "counter",
      description: "Reported model cost; pending and deferred polls are excluded.",
      unit: "USD",
      attributes: { provider, model }
    }
  }
});
var PI_AI_VERSION = "1.6.0";
var PI_ATTRIBUTION = { name: "pi", url: "https://pi.dev", categories: ["cli-agent"] };
var NVIDIA_NIM_HOST = "integrate.api.nvidia.com";
var OPENCODE_HOST = "opencode.ai";
function mergeClientIdentity(...sources) {
  let merged;
  for (const source of sources) {
    if (!source)
      continue;
    merged = { ...merged };
    if (source.userAgent !== void 0)
      merged.userAgent = source.userAgent;
    if (source.attribution !== void 0)
      merged.attribution = source.attribution;
    if (source.version !== void 0)
      merged.version = source.version;
  }
  return merged;
}
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
function getOpenCodeSessionHeaders(target, sessionId) {
  return sessionId && isOpenCode(target) ? { "x-opencode-session": sessionId } : void 0;
}
function getIdentityHeaders(target, identity) {
  return { "User-Agent": formatUserAgent(identity), ...getAttributionHeaders(target, identity) };
}
function isMutableModels(models) {
  return "setProvider" in models && "deleteProvider" in models && "clearProviders" in models;
}
function withClientIdentity(models, identity) {
  const withIdentity = (options) => ({ ...options, identity: mergeClientIdentity(identity, options?.identity) });
  const wrapped = {
    getProviders: () => models.getProviders(),
    getProvider: (id) => models.getProvider(id),
    getModels: (provider2) => models.getModels(provider2),
    getModel: (provider2, id) => models.getModel(provider2, id),
    getModelsOfType: (type, provider2) => models.getModelsOfType(type, provider2),
    getModelOfType: (type, provider2, id) => models.getModelOfType(type, provider2, id),
    getAllModels: (provider2) => models.getAllModels(provider2),
    refresh: (options) => models.refresh(options),
    checkAuth: (providerId, options) => models.checkAuth(providerId, options),
    getAvailable: (providerId, options) => models.getAvailable(providerId, options),
    getAvailableOfType: (type, providerId, options) => models.getAvailableOfType(type, providerId, options),
    getAllAvailable: (providerId, options) => models.getAllAvailable(providerId, options),
    getAuth: models.getAuth.bind(models),
    login: (providerId, type, interaction, options) => models.login(providerId, type, interaction, options),
    logout: (providerId, options) => models.logout(providerId, options),
    stream: (model2, context, options) => models.stream(model2, context, withIdentity(options)),
    complete: (model2, context, options) => models.complete(model2, context, withIdentity(options)),
    streamSimple: (model2, context, options) => models.streamSimple(model2, context, withIdentity(options)),
    completeSimple: (model2, context, options) => models.completeSimple(model2, context, withIdentity(options)),
    streamDeferred: (model2, handle, options) => models.streamDeferred(model2, handle, withIdentity(options)),
    fetchDeferred: (model2, handle, options) => models.fetchDeferred(model2, handle, withIdentity(options)),
    cancelDeferred: (model2, handle, options) => models.cancelDeferred(model2, handle, withIdentity(options)),
    generateImages: (model2, context, options) => models.generateImages(model2, context, withIdentity(options)),
    classify: (model2, context, options) => models.classify(model2, context, withIdentity(options))
  };
  if (!isMutableModels(models))
    return wrapped;
  const mutable = {
    ...wrapped,
    setProvider: (provider2) => models.setProvider(provider2),
    deleteProvider: (id) => models.deleteProvider(id),
    clearProviders: () => models.clearProviders()
  };
  return mutable;
}
function getModelType(model2) {
  return model2.type ?? "chat";
}
function isModelType(model2, type) {
  return getModelType(model2) === type;
}
function hasApi(model2, api) {
  return isModelType(model2, "chat") && model2.api === api;
}
function calculateCost(model2, usage) {
  const inputTokens = usage.input + usage.cacheRead + usage.cacheWrite;
  let rates = model2.cost;
  let matchedThreshold = -1;
  for (const tier of model2.cost.tiers ?? []) {
    if (inputTokens > tier.inputTokensAbove && tier.inputTokensAbove > matchedThreshold) {
      rates = tier;
      matchedThreshold = tier.inputTokensAbove;
    }
  }
  const longWrite = usage.cacheWrite1h ?? 0;
  const shortWrite = usage.cacheWrite - longWrite;
  usage.cost.input = rates.input / 1e6 * usage.input;
  usage.cost.output = rates.output / 1e6 * usage.output;
  usage.cost.cacheRead = rates.cacheRead / 1e6 * usage.cacheRead;
  usage.cost.cacheWrite = (rates.cacheWrite * shortWrite + rates.input * 2 * longWrite) / 1e6;
  usage.cost.total = usage.cost.input + usage.cost.output + usage.cost.cacheRead + usage.cost.cacheWrite;
  usage.cost.totalFromProvider = false;
  return usage.cost;
}
var procEnvCache = null;
function getBunSandboxEnvValue(name) {
  if (typeof process === "undefined" || !process.versions?.bun || Object.keys(process.env).length > 0) {
    return void 0;
  }
  if (procEnvCache === null) {
    procEnvCache = /* @__PURE__ */ new Map();
    try {
      const { readFileSync } = require("node:fs");
      const data = readFileSync("/proc/self/environ", "utf-8");
      for (const entry of data.split("\0")) {
        const idx = entry.indexOf("=");
        if (idx > 0) {
          procEnvCache.set(entry.slice(0, idx), entry.slice(idx + 1));
        }
      }
    } catch {
    }
  }
  return procEnvCache.get(name);
}
function getProviderEnvValue(name, env) {
  return env?.[name] || (typeof process !== "undefined" ? process.env[name] : void 0) || getBunSandboxEnvValue(name) || void 0;
}
var CACHE_WARMING_MAX_AGE_MS = 60 * 6e4;
var CACHE_WARMING_MAX_IDLE_AGE_MS = 30 * 6e4;
var CACHE_WARMING_MINIMUM_EXPECTED_SAVINGS = 0.05;
var CACHE_WARMING_IDLE_CONTINUATION_PROBABILITY = 0.15;
function getCacheWarmingDelayMs(ttlMs) {
  if (ttlMs <= 1e4)
    return void 0;
  return Math.max(1, Math.floor(Math.min(ttlMs * 0.9, ttlMs - 1e4)));
}
function getPromptCacheTtlMs(model2, options) {
  const retention = options?.cacheRetention ?? (getProviderEnvValue("PI_CACHE_RETENTION", options?.env) === "long" ? "long" : "short");
  if (retention === "none")
    return void 0;
  const seconds = model2.promptCache?.[retention];
  return seconds === void 0 ? void 0 : seconds * 1e3;
}
function isCacheWarmingReplayable(model2, options) {
  if (!options?.reasoning || model2.api !== "anthropic-messages")
    return true;
  return model2.compat?.forceAdaptiveThinking === true;
}
function getCacheWarmingRequestOptions(options, signal) {
  return { ...options, maxTokens: 1, disableContinuation: true, maxRetries: 0, signal };
}
function evaluateCacheWarming(model2, promptTokens, phase) {
  const cacheHitCost = price(model2, { cacheRead: promptTokens });
  const cacheMissCost = price(model2, model2.cost.cacheWrite > 0 ? { cacheWrite: promptTokens } : { input: promptTokens });
  const warmCost = price(model2, { cacheRead: promptTokens, output: 1 });
  const missCost = Math.max(0, cacheMissCost - cacheHitCost);
  const continuationProbability = phase === "idle" ? CACHE_WARMING_IDLE_CONTINUATION_PROBABILITY : 1;
  const economicsAvailable = promptTokens > 0 && (cacheHitCost > 0 || cacheMissCost > 0);
  const expectedSavings = continuationProbability * missCost - warmCost;
  return {
    phase,
    warmCost,
    missCost,
    continuationProbability,
    expectedSavings,
    economicsAvailable,
    action: expectedSavings >= CACHE_WARMING_MINIMUM_EXPECTED_SAVINGS ? "warm" : "stop"
  };
}
function price(model2, tokens) {
  const usage = {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    ...tokens
  };
  return calculateCost(model2, usage).total;
}
var import_partial_json = __toESM(require_dist(), 1);
var VALID_JSON_ESCAPES = /* @__PURE__ */ new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
function isControlCharacter(char) {
  const codePoint = char.codePointAt(0);
  return codePoint !== void 0 && codePoint >= 0 && codePoint <= 31;
}
function escapeControlCharacter(char) {
  switch (char) {
    case "\b":
      return "\\b";
    case "\f":
      return "\\f";
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    case "	":
      return "\\t";
    default:
      return `\\u${char.codePointAt(0)?.toString(16).padStart(4, "0") ?? "0000"}`;
  }
}
function repairJson(json) {
  let repaired = "";
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const char = json[index];
    if (!inString) {
      repaired += char;
      if (char === '"') {
        inString = true;
      }
      continue;
    }
    if (char === '"') {
      repaired += char;
      inString = false;
      continue;
    }
    if (char === "\\") {
      const nextChar = json[index + 1];
      if (nextChar === void 0) {
        repaired += "\\\\";
        continue;
      }
      if (nextChar === "u") {
        const unicodeDigits = json.slice(index + 2, index + 6);
        if (/^[0-9a-fA-F]{4}$/.test(unicodeDigits)) {
          repaired += `\\u${unicodeDigits}`;
          index += 5;
          continue;
        }
      }
      if (VALID_JSON_ESCAPES.has(nextChar)) {
        repaired += `\\${nextChar}`;
        index += 1;
        continue;
      }
      repaired += "\\\\";
      continue;
    }
    repaired += isControlCharacter(char) ? escapeControlCharacter(char) : char;
  }
  return repaired;
}
function parseJsonWithRepair(json) {
  try {
    return JSON.parse(json);
  } catch (error) {
    const repairedJson = repairJson(json);
    if (repairedJson !== json) {
      return JSON.parse(repairedJson);
    }
    throw error;
  }
}
function parseToolCallArguments(json) {
  if (!json?.trim())
    return { arguments: {} };
  try {
    const parsed = parseJsonWithRepair(json);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new Error("Tool arguments must be a JSON object");
    }
    return { arguments: parsed };
  } catch (error) {
    return {
      arguments: {},
      argumentsError: `${error instanceof Error ? error.message : String(error)}

Received arguments:
${json}`
    };
  }
}
function isRecoverableLength(message, desiredMaxOutput) {
  return message.stopReason === "length" && desiredMaxOutput > 0 && message.usage.output < desiredMaxOutput;
}
function buildProviderErrorPattern(patterns) {
  return new RegExp(patterns.join("|"), "i");
}
var NON_RETRYABLE_PROVIDER_LIMIT_ERROR_PATTERN = buildProviderErrorPattern([
  // OpenCode Go/free-tier limits returned as 429 JSON error types by OpenCode's
  // Zen API. These are subscription/account limits, not transient throttles.
  "GoUsageLimitError",
  "FreeUsageLimitError",
  // OpenCode Go subscription-limit text asks users to enable available-balance
  // usage after rolling/weekly/monthly limits are reached.
  "Monthly usage limit reached",
  "available balance",
  // Generic quota/budget/billing exhaustion. `insufficient_quota` is OpenAI's
  // quota/billing error code; the other strings cover common gateway wording.
  "insufficient_quota",
  "out of budget",
  "quota exceeded",
  "billing",
  // Sign in with ChatGPT: the subscription's shared usage limit, which resets
  // after hours rather than seconds.
  "subscription_sharing_usage_limit_exceeded",
  // Sign in with ChatGPT on a ChatGPT Business plan: a usage limit set by the
  // workspace admin. Only the admin can raise it.
  "subscription_sharing_workplace_individual_usage_limit_exceeded",
  // Zhipu/Z.ai (open.bigmodel.cn) error code 1308: the plan's usage limit is
  // reached, sent as HTTP 429. It resets after hours, not seconds (#11537).
  '"code"\\s*:\\s*"?1308(?![0-9])'
]);
var RETRYABLE_PROVIDER_ERROR_PATTERN = buildProviderErrorPattern([
  // Generic provider load, HTTP status, and server-side transient failures.
  "overloaded",
  "server_busy",
  "servers are currently busy",
  "currently experiencing high demand",
  "model is at capacity",
  "rate.?limit",
  "too many requests",
  // Status codes must not be part of a longer word or number, e.g. a request id or byte count (#11057).
  "(?<![a-z0-9])(?:429|500|502|503|504|520|524)(?![a-z0-9])",
  // Also matches "The service is temporarily unavailable" (#10965).
  "service.?(?:is.?)?(?:temporarily.?)?unavailable",
  "server.?error",
  "internal.?error",
  // Wrapper/provider text for transient upstream failures, including OpenRouter
  // "Provider returned error" responses (#2264) and gateway wording such as
  // "The upstream provider returned an error" (#10842).
  "provider.?returned.?(?:an.?)?error",
  "exceeded request buffer limit while retrying upstream",
  // Gateway failure relaying the upstream response stream, sent as an OpenAI
  // Responses `response.failed` event without an error code (#10920).
  "unable to forward upstream",
  // Other gateway upstream failures relayed as `response.failed` error codes (#10920).
  "upstream.?request.?failed",
  "upstream_stream_read_error",
  "stream was interrupted",
  "http/?2 stream failed",
  // Network, proxy, and fetch transport failures. This includes OpenAI Codex
  // raw-fetch failures such as "upstream connect", "connection refused", and
  // "reset before headers" (#733), plus OpenRouter connection drops (#3317).
  "network.?error",
  "connection.?error",
  "connection.?refused",
  "connection.?lost",
  // Gateway mid-stream drop relayed as an Anthropic-style `api_error` event,
  // e.g. {"type":"error","error":{"type":"api_error","message":"Connection closed."}} (#12064).
  "connection.?closed",
  "other side closed",
  "fetch failed",
  // node-fetch system errors, e.g. the Google ADC OAuth token refresh used by
  // google-vertex. The reason is often empty (#10996).
  "request to \\S+ failed, reason:",
  "getaddrinfo",
  // Bare Node socket error codes, e.g. "read ECONNRESET", "write EPIPE", or
  // "connect ETIMEDOUT 1.2.3.4:443" when a transport reports only the code (#12128).
  // The codes must not be part of a longer identifier.
  "(?<![a-z0-9_])(?:ECONNRESET|ECONNABORTED|ECONNREFUSED|ETIMEDOUT|EPIPE)(?![a-z0-9_])",
  "connection reset by peer",
  "ENOTFOUND",
  "EAI_AGAIN",
  "upstream.?connect",
  "reset before headers",
  "socket hang up",
  "socket connection was closed",
  "timed? out",
  "timeout",
  "terminated",
  // WebSocket transports can report close/error text instead of HTTP/fetch text.
  "websocket.?closed",
  "websocket.?error",
  // Codex 60-minute WebSocket lifetime limit, as code `websocket_connection_limit_reached` or as
  // text "Responses websocket connection limit reached". A retry opens a fresh connection (#12124).
  "websocket.?connection.?limit.?reached",
  // Premature stream endings from SDKs and transports. Anthropic can throw
  // "stream ended without ..." and "Anthropic stream ended before message_stop"
  // (#4433); Bedrock/Smithy can throw an HTTP/2 no-response error (#3594).
  "ended without",
  "stream ended before message_stop",
  "stream ended before a terminal response event",
  "http2 request did not get a response",
  // Codex CLI mid-stream disconnect, relayed by proxies that wrap the Codex CLI,
  // e.g. "stream disconnected before completion: stream closed before response.completed" (#11057).
  "stream disconnected before completion",
  // Magpie gateway relaying a dropped upstream Anthropic stream, e.g.
  // "Claude Code's stream from Anthropic was cut short after the reply had begun" (#11879).
  "cut short after the reply had begun",
  // Node ERR_HTTP2_STREAM_CANCEL: the HTTP/2 session died before the request was
  // sent, e.g. after the Bedrock SDK's 5-minute session timeout (#10379).
  "pending stream has been canceled",
  // Provider-requested retry delay cap failures should flow through the outer
  // retry policy so callers can surface/abort the backoff (#1123).
  "retry delay",
  // Explicit retry guidance emitted mid-stream by OpenAI Responses and Bedrock
  // stream exceptions (#6019).
  "you can retry your request",
  "try your request again",
  "please retry your request",
  // gRPC based providers (e.g. NVIDIA NIM)
  "ResourceExhausted",
  // Sign in with ChatGPT: usage or user data temporarily unavailable. Usage
  // failures can arrive mid-stream without an HTTP 503 in the message.
  "subscription_sharing_usage_unavailable",
  "subscription_sharing_user_unavailable"
]);
var DEFAULT_MAX_AGENT_RETRY_DELAY_MS = 6e4;
function retryDelayMs(policy, attempt) {
  const delay = policy.baseDelayMs * 2 ** Math.max(0, attempt - 1);
  const safeDelay = Number.isSafeInteger(delay) ? delay : Number.MAX_SAFE_INTEGER;
  return Math.min(safeDelay, policy.maxAgentDelayMs ?? DEFAULT_MAX_AGENT_RETRY_DELAY_MS);
}
var RetrySleepAbortError = class extends Error {
  constructor() {
    super("Aborted");
  }
};
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new RetrySleepAbortError());
      return;
    }
    const timeout = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timeout);
      reject(new RetrySleepAbortError());
    }, { once: true });
  });
}
async function retryAssistantCall(produce, policy, signal, callbacks) {
  const maxAttempts = policy?.enabled ? policy.maxRetries : 0;
  let attempt = 0;
  let lastRetry;
  for (; ; ) {
    const response = await produce();
    if (response.stopReason === "aborted") {
      if (lastRetry)
        await callbacks?.onRetryFinished?.(false, lastRetry.attempt);
      return response;
    }
    if (response.stopReason !== "error") {
      if (lastRetry)
        await callbacks?.onRetryFinished?.(true, lastRetry.attempt);
      return response;
    }
    if (attempt >= maxAttempts || !isRetryableAssistantError(response)) {
      if (lastRetry)
        await callbacks?.onRetryFinished?.(false, lastRetry.attempt, response.errorMessage);
      return response;
    }
    attempt++;
    lastRetry = { attempt, errorMessage: response.errorMessage || "Unknown error" };
    const delayMs = retryDelayMs(policy, attempt);
    await callbacks?.onRetryScheduled?.(attempt, maxAttempts, delayMs, lastRetry.errorMessage);
    try {
      await sleep(delayMs, signal);
    } catch (error) {
      await callbacks?.onRetryFinished?.(false, attempt, lastRetry.errorMessage);
      if (error instanceof RetrySleepAbortError) {
        const { errorMessage: _errorMessage, ...rest } = response;
        return { ...rest, stopReason: "aborted" };
      }
      throw error;
    }
    await callbacks?.onRetryAttemptStart?.();
  }
}
function isRetryableAssistantError(message) {
  if (message.stopReason !== "error" || !message.errorMessage)
    return false;
  const errorMessage = message.errorMessage;
  if (NON_RETRYABLE_PROVIDER_LIMIT_ERROR_PATTERN.test(errorMessage))
    return false;
  return RETRYABLE_PROVIDER_ERROR_PATTERN.test(errorMessage);
}
var MAX_REPORTED_DEPTH = 32;
var ROOT_SLOT = { kind: "root" };
var CREDIT_PER_APPEND = 256;
var CREDIT_PER_CHARACTER = 8;
var MAX_PENDING_SCALAR_LENGTH = 64;
var NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
var NUMBER_WITHOUT_EXPONENT_DIGITS = /^(-?(?:0|[1-9]\d*)(?:\.\d+)?)[eE][+-]?$/;
var LITERALS = [
  ["true", true],
  ["false", false],
  ["null", null]
];
var QUOTE = 34;
var BACKSLASH = 92;
var _root, _done, _stack, _string, _scalar, _scalarSlot, _pathCost, _credit, _dirty, _snapshot, _changes, _StreamingJsonParser_instances, readString_fn, readScalar_fn, structural_fn, valueSlot_fn, startString_fn, reportedPath_fn, report_fn, continueEscape_fn, appendString_fn, endString_fn, endScalar_fn, pendingScalar_fn, openContainer_fn, closeContainer_fn, valueEnded_fn, place_fn, copyOpenPath_fn;
var StreamingJsonParser = class {
  constructor() {
    __privateAdd(this, _StreamingJsonParser_instances);
    __privateAdd(this, _root);
    __privateAdd(this, _done, false);
    __privateAdd(this, _stack, []);
    __privateAdd(this, _string);
    __privateAdd(this, _scalar, "");
    __privateAdd(this, _scalarSlot);
    __privateAdd(this, _pathCost, 0);
    __privateAdd(this, _credit, 0);
    __privateAdd(this, _dirty, false);
    __privateAdd(this, _snapshot);
    __privateAdd(this, _changes, []);
  }
  /**
   * Read the next piece of text; returns the changes it made, in order. Costs time linear in `text.length`.
   */
  append(text) {
    __privateSet(this, _credit, __privateGet(this, _credit) + (CREDIT_PER_APPEND + CREDIT_PER_CHARACTER * text.length));
    __privateSet(this, _changes, []);
    if (__privateGet(this, _string) !== void 0)
      __privateGet(this, _string).change = void 0;
    let index = 0;
    while (index < text.length && !__privateGet(this, _done)) {
      const open = __privateGet(this, _string);
      if (open !== void 0)
        index = __privateMethod(this, _StreamingJsonParser_instances, readString_fn).call(this, open, text, index);
      else if (__privateGet(this, _scalar) !== "")
        index = __privateMethod(this, _StreamingJsonParser_instances, readScalar_fn).call(this, text, index);
      else
        __privateMethod(this, _StreamingJsonParser_instances, structural_fn).call(this, text[index++]);
    }
    return __privateGet(this, _changes);
  }
  /**
   * The value of the text read so far: `undefined` before a value starts, otherwise a plain JSON value that never
   * changes afterwards. Returns the previous snapshot while the text read since did not change the value, or while a
   * fresh copy of the open path is not yet paid for (see the module comment).
   */
  snapshot() {
    if (!__privateGet(this, _dirty))
      return __privateGet(this, _snapshot);
    const pending = __privateMethod(this, _StreamingJsonParser_instances, pendingScalar_fn).call(this);
    const cost = __privateGet(this, _pathCost) + (pending === void 0 ? 0 : 1);
    if (cost > __privateGet(this, _credit))
      return __privateGet(this, _snapshot);
    __privateSet(this, _credit, __privateGet(this, _credit) - cost);
    __privateSet(this, _dirty, false);
    __privateSet(this, _snapshot, __privateMethod(this, _StreamingJsonParser_instances, copyOpenPath_fn).call(this, pending));
    return __privateGet(this, _snapshot);
  }
};
_root = /* @__PURE__ */ new WeakMap();
_done = /* @__PURE__ */ new WeakMap();
_stack = /* @__PURE__ */ new WeakMap();
_string = /* @__PURE__ */ new WeakMap();
_scalar = /* @__PURE__ */ new WeakMap();
_scalarSlot = /* @__PURE__ */ new WeakMap();
_pathCost = /* @__PURE__ */ new WeakMap();
_credit = /* @__PURE__ */ new WeakMap();
_dirty = /* @__PURE__ */ new WeakMap();
_snapshot = /* @__PURE__ */ new WeakMap();
_changes = /* @__PURE__ */ new WeakMap();
_StreamingJsonParser_instances = /* @__PURE__ */ new WeakSet();
readString_fn = function(open, text, start) {
  let runStart = start;
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (open.escape !== "") {
      if (__privateMethod(this, _StreamingJsonParser_instances, continueEscape_fn).call(this, open, text[index])) {
        runStart = index + 1;
        continue;
      }
      runStart = index;
    }
    if (code === QUOTE) {
      if (index > runStart)
        __privateMethod(this, _StreamingJsonParser_instances, appendString_fn).call(this, open, text.slice(runStart, index));
      __privateMethod(this, _StreamingJsonParser_instances, endString_fn).call(this, open);
      return index + 1;
    }
    if (code === BACKSLASH) {
      if (index > runStart)
        __privateMethod(this, _StreamingJsonParser_instances, appendString_fn).call(this, open, text.slice(runStart, index));
      open.escape = "\\";
      runStart = index + 1;
    }
  }
  if (text.length > runStart)
    __privateMethod(this, _StreamingJsonParser_instances, appendString_fn).call(this, open, text.slice(runStart));
  return text.length;
};
readScalar_fn = function(text, start) {
  let end = start;
  while (end < text.length && !isDelimiter(text[end]))
    end++;
  if (end > start) {
    __privateSet(this, _scalar, __privateGet(this, _scalar) + text.slice(start, end));
    if (__privateGet(this, _scalarSlot) !== void 0)
      __privateSet(this, _dirty, true);
  }
  if (end < text.length)
    __privateMethod(this, _StreamingJsonParser_instances, endScalar_fn).call(this);
  return end;
};
structural_fn = function(char) {
  switch (char) {
    case " ":
    case "	":
    case "\n":
    case "\r":
      return;
    case '"':
      __privateMethod(this, _StreamingJsonParser_instances, startString_fn).call(this);
      return;
    case "{":
    case "[":
      __privateMethod(this, _StreamingJsonParser_instances, openContainer_fn).call(this, char === "{" ? {} : []);
      return;
    case "}":
    case "]":
      __privateMethod(this, _StreamingJsonParser_instances, closeContainer_fn).call(this);
      return;
    case ":": {
      const frame = __privateGet(this, _stack).at(-1);
      if (frame !== void 0 && !Array.isArray(frame.container) && frame.phase === "colon")
        frame.phase = "value";
      return;
    }
    case ",": {
      const frame = __privateGet(this, _stack).at(-1);
      if (frame !== void 0)
        frame.phase = Array.isArray(frame.container) ? "value" : "key";
      return;
    }
    default:
      __privateSet(this, _scalar, char);
      __privateSet(this, _scalarSlot, __privateMethod(this, _StreamingJsonParser_instances, valueSlot_fn).call(this));
      if (__privateGet(this, _scalarSlot) !== void 0)
        __privateSet(this, _dirty, true);
  }
};
valueSlot_fn = function() {
  const frame = __privateGet(this, _stack).at(-1);
  if (frame === void 0)
    return __privateGet(this, _root) === void 0 ? ROOT_SLOT : void 0;
  if (Array.isArray(frame.container))
    return { kind: "element", index: frame.container.length };
  if ((frame.phase === "value" || frame.phase === "colon") && frame.key !== void 0) {
    return { kind: "member", key: frame.key };
  }
  return void 0;
};
startString_fn = function() {
  const frame = __privateGet(this, _stack).at(-1);
  if (frame !== void 0 && !Array.isArray(frame.container) && (frame.phase === "key" || frame.phase === "comma")) {
    __privateSet(this, _string, { target: "key", slot: void 0, text: "", escape: "", path: void 0, change: void 0 });
    return;
  }
  const slot = __privateMethod(this, _StreamingJsonParser_instances, valueSlot_fn).call(this);
  const path = __privateMethod(this, _StreamingJsonParser_instances, reportedPath_fn).call(this, slot);
  __privateSet(this, _string, { target: "value", slot, text: "", escape: "", path, change: void 0 });
  __privateMethod(this, _StreamingJsonParser_instances, place_fn).call(this, slot, "");
  if (path !== void 0)
    __privateGet(this, _string).change = __privateMethod(this, _StreamingJsonParser_instances, report_fn).call(this, { kind: "set", path, value: "" });
};
reportedPath_fn = function(slot) {
  if (slot === void 0)
    return void 0;
  if (slot.kind === "root")
    return [];
  const frame = __privateGet(this, _stack).at(-1);
  if (!frame.reportsInside)
    return void 0;
  return [...frame.path, slot.kind === "member" ? slot.key : slot.index];
};
report_fn = function(change) {
  __privateGet(this, _changes).push(change);
  return change;
};
continueEscape_fn = function(open, char) {
  if (open.escape === "\\") {
    const decoded = SIMPLE_ESCAPES[char];
    if (decoded !== void 0) {
      open.escape = "";
      __privateMethod(this, _StreamingJsonParser_instances, appendString_fn).call(this, open, decoded);
      return true;
    }
    if (char === "u") {
      open.escape = "\\u";
      return true;
    }
    open.escape = "";
    __privateMethod(this, _StreamingJsonParser_instances, appendString_fn).call(this, open, "\\");
    return false;
  }
  if (isHexDigit(char)) {
    open.escape += char;
    if (open.escape.length < 6)
      return true;
    const decoded = String.fromCharCode(Number.parseInt(open.escape.slice(2), 16));
    open.escape = "";
    __privateMethod(this, _StreamingJsonParser_instances, appendString_fn).call(this, open, decoded);
    return true;
  }
  const literal = open.escape;
  open.escape = "";
  __privateMethod(this, _StreamingJsonParser_instances, appendString_fn).call(this, open, literal);
  return false;
};
appendString_fn = function(open, text) {
  open.text += text;
  if (open.target !== "value")
    return;
  __privateMethod(this, _StreamingJsonParser_instances, place_fn).call(this, open.slot, open.text);
  if (open.path === void 0)
    return;
  const change = open.change;
  if (change !== void 0 && __privateGet(this, _changes).at(-1) === change) {
    if (change.kind === "set")
      change.value = change.value + text;
    else
      change.text += text;
    return;
  }
  open.change = __privateMethod(this, _StreamingJsonParser_instances, report_fn).call(this, { kind: "append", path: open.path, text });
};
endString_fn = function(open) {
  __privateSet(this, _string, void 0);
  const frame = __privateGet(this, _stack).at(-1);
  if (open.target === "key") {
    if (frame === void 0)
      return;
    frame.key = open.text;
    frame.phase = "colon";
    return;
  }
  __privateMethod(this, _StreamingJsonParser_instances, valueEnded_fn).call(this, frame);
};
endScalar_fn = function() {
  const token = __privateGet(this, _scalar);
  const slot = __privateGet(this, _scalarSlot);
  __privateSet(this, _scalar, "");
  __privateSet(this, _scalarSlot, void 0);
  const value = scalarValue(token);
  if (value !== void 0) {
    __privateMethod(this, _StreamingJsonParser_instances, place_fn).call(this, slot, value);
    const path = __privateMethod(this, _StreamingJsonParser_instances, reportedPath_fn).call(this, slot);
    if (path !== void 0)
      __privateMethod(this, _StreamingJsonParser_instances, report_fn).call(this, { kind: "set", path, value });
  }
  __privateMethod(this, _StreamingJsonParser_instances, valueEnded_fn).call(this, __privateGet(this, _stack).at(-1));
};
pendingScalar_fn = function() {
  const slot = __privateGet(this, _scalarSlot);
  const token = __privateGet(this, _scalar);
  if (slot === void 0 || token === "" || token.length > MAX_PENDING_SCALAR_LENGTH)
    return void 0;
  const value = pendingScalarValue(token);
  return value === void 0 ? void 0 : { slot, value };
};
openContainer_fn = function(container) {
  const slot = __privateMethod(this, _StreamingJsonParser_instances, valueSlot_fn).call(this);
  const path = __privateMethod(this, _StreamingJsonParser_instances, reportedPath_fn).call(this, slot);
  __privateMethod(this, _StreamingJsonParser_instances, place_fn).call(this, slot, container);
  __privateGet(this, _stack).push({
    container,
    slot,
    path,
    reportsInside: path !== void 0 && path.length < MAX_REPORTED_DEPTH,
    size: 0,
    key: void 0,
    phase: Array.isArray(container) ? "value" : "key"
  });
  __privateSet(this, _pathCost, __privateGet(this, _pathCost) + 1);
  __privateSet(this, _dirty, true);
  if (path !== void 0)
    __privateMethod(this, _StreamingJsonParser_instances, report_fn).call(this, { kind: "set", path, value: Array.isArray(container) ? [] : {} });
};
closeContainer_fn = function() {
  const frame = __privateGet(this, _stack).pop();
  if (frame === void 0)
    return;
  __privateSet(this, _pathCost, __privateGet(this, _pathCost) - (frame.size + 1));
  __privateSet(this, _dirty, true);
  if (frame.path !== void 0 && !frame.reportsInside) {
    __privateMethod(this, _StreamingJsonParser_instances, report_fn).call(this, { kind: "set", path: frame.path, value: frame.container });
  }
  __privateMethod(this, _StreamingJsonParser_instances, valueEnded_fn).call(this, __privateGet(this, _stack).at(-1));
};
valueEnded_fn = function(frame) {
  if (frame === void 0) {
    if (__privateGet(this, _root) !== void 0)
      __privateSet(this, _done, true);
    return;
  }
  frame.phase = "comma";
};
place_fn = function(slot, value) {
  if (slot === void 0)
    return;
  __privateSet(this, _dirty, true);
  if (slot.kind === "root") {
    __privateSet(this, _root, value);
    return;
  }
  const frame = __privateGet(this, _stack).at(-1);
  if (slot.kind === "element") {
    const elements = frame.container;
    if (slot.index === elements.length) {
      frame.size++;
      __privateWrapper(this, _pathCost)._++;
    }
    elements[slot.index] = value;
    return;
  }
  const members = frame.container;
  if (!Object.hasOwn(members, slot.key)) {
    frame.size++;
    __privateWrapper(this, _pathCost)._++;
  }
  setMember(members, slot.key, value);
};
copyOpenPath_fn = function(pending) {
  if (__privateGet(this, _stack).length === 0)
    return pending?.slot.kind === "root" ? pending.value : __privateGet(this, _root);
  let child;
  let childSlot;
  for (let depth = __privateGet(this, _stack).length - 1; depth >= 0; depth--) {
    const frame = __privateGet(this, _stack)[depth];
    const copy = Array.isArray(frame.container) ? frame.container.slice() : { ...frame.container };
    if (depth === __privateGet(this, _stack).length - 1 && pending !== void 0)
      setSlot(copy, pending.slot, pending.value);
    if (child !== void 0 && childSlot !== void 0)
      setSlot(copy, childSlot, child);
    child = copy;
    childSlot = frame.slot;
  }
  return childSlot?.kind === "root" ? child : __privateGet(this, _root);
};
var _text, _parser, _snapshot2, _arguments, _ToolCallArgumentsStream_instances, partial_fn;
var ToolCallArgumentsStream = class {
  constructor() {
    __privateAdd(this, _ToolCallArgumentsStream_instances);
    __privateAdd(this, _text, "");
    __privateAdd(this, _parser, new StreamingJsonParser());
    __privateAdd(this, _snapshot2);
    __privateAdd(this, _arguments, {});
  }
  /** The raw argument text received so far. */
  get text() {
    return __privateGet(this, _text);
  }
  /** Append a piece of argument text; returns the partial arguments, a new object whenever they changed. */
  append(delta) {
    __privateSet(this, _text, __privateGet(this, _text) + delta);
    __privateGet(this, _parser).append(delta);
    return __privateMethod(this, _ToolCallArgumentsStream_instances, partial_fn).call(this);
  }
  /**
   * Take the provider's complete argument text. When it continues the text so far, returns the missing piece as
   * `delta`; otherwise starts over with `text`. Either way returns the partial arguments of `text`.
   */
  replace(text) {
    if (text.startsWith(__privateGet(this, _text))) {
      const delta = text.slice(__privateGet(this, _text).length);
      return { delta, arguments: delta === "" ? __privateMethod(this, _ToolCallArgumentsStream_instances, partial_fn).call(this) : this.append(delta) };
    }
    __privateSet(this, _text, "");
    __privateSet(this, _parser, new StreamingJsonParser());
    return { delta: void 0, arguments: this.append(text) };
  }
  /** The final arguments: one full parse of the complete text, which reports malformed arguments. */
  finish() {
    return parseToolCallArguments(__privateGet(this, _text));
  }
};
_text = /* @__PURE__ */ new WeakMap();
_parser = /* @__PURE__ */ new WeakMap();
_snapshot2 = /* @__PURE__ */ new WeakMap();
_arguments = /* @__PURE__ */ new WeakMap();
_ToolCallArgumentsStream_instances = /* @__PURE__ */ new WeakSet();
partial_fn = function() {
  const snapshot = __privateGet(this, _parser).snapshot();
  if (snapshot === __privateGet(this, _snapshot2))
    return __privateGet(this, _arguments);
  __privateSet(this, _snapshot2, snapshot);
  __privateSet(this, _arguments, typeof snapshot === "object" && snapshot !== null && !Array.isArray(snapshot) ? snapshot : {});
  return __privateGet(this, _arguments);
};
var SIMPLE_ESCAPES = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "	"
};
function isDelimiter(char) {
  return char === " " || char === "	" || char === "\n" || char === "\r" || char === "," || char === ":" || char === "{" || char === "}" || char === "[" || char === "]" || char === '"';
}
function isHexDigit(char) {
  return char >= "0" && char <= "9" || char >= "a" && char <= "f" || char >= "A" && char <= "F";
}
function scalarValue(token) {
  for (const [literal, value] of LITERALS)
    if (token === literal)
      return value;
  return NUMBER.test(token) ? Number(token) : void 0;
}
function pendingScalarValue(token) {
  for (const [literal, value] of LITERALS)
    if (literal.startsWith(token))
      return value;
  if (NUMBER.test(token))
    return Number(token);
  const mantissa = NUMBER_WITHOUT_EXPONENT_DIGITS.exec(token);
  return mantissa === null ? void 0 : Number(mantissa[1]);
}
function setSlot(container, slot, value) {
  if (slot.kind === "element")
    container[slot.index] = value;
  else if (slot.kind === "member")
    setMember(container, slot.key, value);
}
function setMember(members, key, value) {
  if (key === "__proto__") {
    Object.defineProperty(members, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    members[key] = value;
  }
}
