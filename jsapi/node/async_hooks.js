// node:async_hooks: AsyncLocalStorage and AsyncResource. The context is a
// Map from AsyncLocalStorage instance to store, replaced (never mutated)
// on every change and kept by async_hooks.go, whose goja tracker carries
// it into promise reactions and await continuations.
//
// Propagation, and its limits in pigo:
//   - await, then/catch/finally, queueMicrotask and process.nextTick
//     (both promise jobs in pigo): propagated by the tracker;
//   - setTimeout, setInterval, setImmediate (global and node:timers):
//     propagated by wrappers installed when this module is first required;
//   - node:stream's deferred work (its nextTick queue): each tick runs in
//     the context it was queued in (stream.go reads the tracker);
//   - callback-style host APIs (the fs, child_process and dns functions
//     taking a trailing callback): propagated by wrapping those module
//     functions at the same time; promise-style host APIs are promises
//     and need nothing;
//   - callbacks and events that pigo's Go side delivers (fs streams, child
//     processes, zlib, net, http, dns, crypto) run in the context of the
//     code that made the resource or started the operation, as Node's
//     async resources do (lib.bindContext, sysEmitters). Server-side
//     events (a net 'connection', an http 'request') run in the context
//     listen() was called in; Node gives them none at all.
//   - event listeners of JS emitters: like Node, a listener runs in the
//     context of the emit.
//   - only resources made after this module is first required carry a
//     context; createHook, executionAsyncResource and the other low-level
//     hooks are not provided and throw.
(function (module, exports, require, lib) {
  'use strict';

  const { invalidArgType, validateFunction } = lib.errors;
  const empty = new Map();

  function current() {
    return lib.getContext() || empty;
  }

  // runIn runs fn with ctx as the context, restoring the previous one.
  function runIn(ctx, fn, thisArg, args) {
    const prev = lib.getContext();
    lib.setContext(ctx);
    try {
      return fn.apply(thisArg, args);
    } finally {
      lib.setContext(prev);
    }
  }

  // wrap returns fn bound to the context current now.
  function wrap(fn) {
    if (typeof fn !== 'function') return fn;
    const ctx = lib.getContext();
    if (ctx === undefined) return fn;
    return function (...args) {
      return runIn(ctx, fn, this, args);
    };
  }

  function AsyncLocalStorage() {
    if (!(this instanceof AsyncLocalStorage)) throw new TypeError("Class constructor AsyncLocalStorage cannot be invoked without 'new'");
    this._enabled = false;
  }
  AsyncLocalStorage.prototype.getStore = function () {
    if (!this._enabled) return undefined;
    return current().get(this);
  };
  AsyncLocalStorage.prototype.run = function (store, callback, ...args) {
    const ctx = new Map(current());
    ctx.set(this, store);
    this._enabled = true;
    return runIn(ctx, callback, undefined, args);
  };
  AsyncLocalStorage.prototype.exit = function (callback, ...args) {
    if (!this._enabled) return callback.apply(undefined, args);
    const ctx = new Map(current());
    ctx.delete(this);
    return runIn(ctx, callback, undefined, args);
  };
  AsyncLocalStorage.prototype.enterWith = function (store) {
    const ctx = new Map(current());
    ctx.set(this, store);
    this._enabled = true;
    lib.setContext(ctx);
  };
  AsyncLocalStorage.prototype.disable = function () {
    if (!this._enabled) return;
    this._enabled = false;
    const ctx = current();
    if (ctx.has(this)) {
      const next = new Map(ctx);
      next.delete(this);
      lib.setContext(next);
    }
  };
  AsyncLocalStorage.bind = function (fn) {
    validateFunction(fn, 'fn');
    const ctx = current();
    return function (...args) {
      return runIn(ctx, fn, this, args);
    };
  };
  AsyncLocalStorage.snapshot = function () {
    const ctx = current();
    return function (fn, ...args) {
      return runIn(ctx, fn, this, args);
    };
  };

  let nextId = 1;
  function AsyncResource(type, opts) {
    if (!(this instanceof AsyncResource)) throw new TypeError("Class constructor AsyncResource cannot be invoked without 'new'");
    if (typeof type !== 'string') throw invalidArgType('type', 'of type string', type);
    this._ctx = current();
    this._type = type;
    this._asyncId = ++nextId;
    this._triggerId = typeof opts === 'number' ? opts : (opts?.triggerAsyncId ?? 1);
  }
  AsyncResource.prototype.runInAsyncScope = function (fn, thisArg, ...args) {
    return runIn(this._ctx, fn, thisArg, args);
  };
  AsyncResource.prototype.bind = function (fn, thisArg) {
    validateFunction(fn, 'fn');
    const self = this;
    const bound = function (...args) {
      return self.runInAsyncScope(fn, thisArg === undefined ? this : thisArg, ...args);
    };
    Object.defineProperty(bound, 'length', { value: fn.length });
    bound.asyncResource = this;
    return bound;
  };
  AsyncResource.prototype.emitDestroy = function () {
    return this;
  };
  AsyncResource.prototype.asyncId = function () {
    return this._asyncId;
  };
  AsyncResource.prototype.triggerAsyncId = function () {
    return this._triggerId;
  };
  AsyncResource.bind = function (fn, type, thisArg) {
    return new AsyncResource(type || fn.name || 'bound-anonymous-fn').bind(fn, thisArg);
  };

  const unsupported = (name) => function () {
    throw new Error('not supported yet: node:async_hooks.' + name);
  };

  // Install the wrappers that carry the context through timers and
  // callback-style host APIs (see the header). Once per runtime: the
  // globals and module objects are per runtime too.
  const g = globalThis;
  for (const name of ['setTimeout', 'setInterval', 'setImmediate']) {
    const orig = g[name];
    if (typeof orig !== 'function' || orig.__pigoALS) continue;
    const wrapped = function (fn, ...rest) {
      return orig.call(this, wrap(fn), ...rest);
    };
    Object.defineProperty(wrapped, 'name', { value: name });
    wrapped.__pigoALS = true;
    if (orig[Symbol.for('nodejs.util.promisify.custom')]) {
      wrapped[Symbol.for('nodejs.util.promisify.custom')] = orig[Symbol.for('nodejs.util.promisify.custom')];
    }
    try {
      g[name] = wrapped;
    } catch {
      // A frozen timer global keeps working, without propagation.
    }
  }
  function wrapTrailingCallbacks(specifier) {
    let mod;
    try {
      mod = require(specifier);
    } catch {
      return;
    }
    for (const key of Object.keys(mod)) {
      const orig = mod[key];
      if (typeof orig !== 'function' || orig.__pigoALS || /^[A-Z]/.test(key) || key.endsWith('Sync')) continue;
      const wrapped = function (...args) {
        const last = args.length - 1;
        if (last >= 0 && typeof args[last] === 'function') args[last] = wrap(args[last]);
        return orig.apply(this, args);
      };
      for (const k of Reflect.ownKeys(orig)) {
        if (k !== 'length' && k !== 'name' && k !== 'prototype') {
          try {
            wrapped[k] = orig[k];
          } catch {}
        }
      }
      Object.defineProperty(wrapped, 'name', { value: orig.name });
      wrapped.__pigoALS = true;
      try {
        mod[key] = wrapped;
      } catch {}
    }
  }
  wrapTrailingCallbacks('fs');
  wrapTrailingCallbacks('child_process');

  exports.AsyncLocalStorage = AsyncLocalStorage;
  exports.AsyncResource = AsyncResource;
  exports.executionAsyncId = () => 1;
  exports.triggerAsyncId = () => 0;
  exports.createHook = unsupported('createHook');
  exports.executionAsyncResource = unsupported('executionAsyncResource');
  exports.asyncWrapProviders = Object.freeze({ __proto__: null });
})
