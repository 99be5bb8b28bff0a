// node:timers and node:timers/promises, over the runtime's timer globals
// (looked up at call time, so they are the host's). module.exports.promises
// is what timers/promises exports.
(function (module, exports, require, lib) {
  'use strict';

  const { validateObject, validateAbortSignal, AbortError } = lib.errors;
  const asyncIterator = Symbol.asyncIterator ?? Symbol.for('Symbol.asyncIterator');

  const g = globalThis;
  const immediate = (fn, ...args) => (typeof g.setImmediate === 'function' ? g.setImmediate(fn, ...args) : g.setTimeout(fn, 0, ...args));
  const clearImmediate_ = (id) => (typeof g.clearImmediate === 'function' ? g.clearImmediate(id) : g.clearTimeout(id));

  function abortError(signal) {
    return new AbortError(undefined, { cause: signal?.reason });
  }

  function checkOptions(options) {
    validateObject(options, 'options');
    validateAbortSignal(options.signal, 'options.signal');
    return options.signal;
  }

  // later schedules resolve(value) with schedule and cancels it on abort.
  function later(schedule, cancel, value, options) {
    let signal;
    try {
      signal = checkOptions(options);
    } catch (e) {
      return Promise.reject(e);
    }
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        cancel(id);
        reject(abortError(signal));
      };
      const id = schedule(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  const promises = {
    setTimeout(delay, value, options = {}) {
      return later((fn) => g.setTimeout(fn, delay), (id) => g.clearTimeout(id), value, options);
    },
    setImmediate(value, options = {}) {
      return later((fn) => immediate(fn), clearImmediate_, value, options);
    },
    // setInterval yields value once per delay; ticks that pass while the
    // consumer is busy are counted, not lost.
    setInterval(delay, value, options = {}) {
      const signal = checkOptions(options);
      let ticks = 0;
      let wake = null;
      let done = false;
      let id = null;
      const start = () => {
        id = g.setInterval(() => {
          ticks++;
          if (wake !== null) {
            const w = wake;
            wake = null;
            w();
          }
        }, delay);
      };
      const onAbort = () => {
        if (wake !== null) {
          const w = wake;
          wake = null;
          w();
        }
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const stop = () => {
        done = true;
        if (id !== null) g.clearInterval(id);
        signal?.removeEventListener('abort', onAbort);
      };
      const iterator = {
        async next() {
          if (id === null && !done) start();
          if (signal?.aborted) {
            stop();
            throw abortError(signal);
          }
          if (done) return { value: undefined, done: true };
          if (ticks === 0) await new Promise((resolve) => { wake = resolve; });
          if (signal?.aborted) {
            stop();
            throw abortError(signal);
          }
          if (done) return { value: undefined, done: true };
          ticks--;
          return { value, done: false };
        },
        async return() {
          stop();
          if (wake !== null) wake();
          return { value: undefined, done: true };
        },
      };
      iterator[asyncIterator] = function () {
        return this;
      };
      return iterator;
    },
    scheduler: {
      wait(delay, options = {}) {
        return promises.setTimeout(delay, undefined, options);
      },
      yield() {
        return promises.setImmediate();
      },
    },
  };

  Object.assign(exports, {
    setTimeout: (...args) => g.setTimeout(...args),
    clearTimeout: (id) => g.clearTimeout(id),
    setInterval: (...args) => g.setInterval(...args),
    clearInterval: (id) => g.clearInterval(id),
    setImmediate: (...args) => immediate(...args),
    clearImmediate: (id) => clearImmediate_(id),
    promises,
  });
})
