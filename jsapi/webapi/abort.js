// AbortController and AbortSignal, including AbortSignal.abort, .timeout
// and .any.
(function (internal) {
  'use strict';

  const { DOMException, Event, EventTarget, dispatch, invoke, setTimeout } = internal;
  const create = Symbol('create');

  function abortError() {
    return new DOMException('This operation was aborted', 'AbortError');
  }

  // Set by AbortSignal's static block.
  let newSignal, signalAbort;

  class AbortSignal extends EventTarget {
    #aborted = false;
    #reason = undefined;
    #onabort = null;
    #onabortListener = null;
    // A signal made by any() follows its sources; every other signal keeps
    // the signals that follow it. Both links are dropped on abort, so a
    // long-lived source does not pin dependents that are already aborted.
    #sources = null;
    #dependents = null;

    constructor(key = undefined) {
      if (key !== create) throw new TypeError('Illegal constructor');
      super();
    }

    get aborted() {
      return this.#aborted;
    }

    get reason() {
      return this.#reason;
    }

    throwIfAborted() {
      if (this.#aborted) throw this.#reason;
    }

    get onabort() {
      return this.#onabort;
    }

    // An event handler attribute: one listener, added when first set and
    // kept in place while the handler changes.
    set onabort(handler) {
      const value = typeof handler === 'function' || (handler !== null && typeof handler === 'object') ? handler : null;
      if (value === null) {
        if (this.#onabortListener !== null) {
          this.removeEventListener('abort', this.#onabortListener);
          this.#onabortListener = null;
        }
      } else if (this.#onabortListener === null) {
        this.#onabortListener = (event) => {
          if (typeof this.#onabort === 'function') invoke(this.#onabort, this, event);
        };
        this.addEventListener('abort', this.#onabortListener);
      }
      this.#onabort = value;
    }

    static abort(reason = undefined) {
      const signal = new AbortSignal(create);
      signal.#aborted = true;
      signal.#reason = reason === undefined ? abortError() : reason;
      return signal;
    }

    static timeout(ms) {
      const delay = Number(ms);
      if (!Number.isFinite(delay) || Math.trunc(delay) < 0 || delay > Number.MAX_SAFE_INTEGER) {
        throw new TypeError(`The "delay" argument must be a non-negative finite number. Received ${String(ms)}`);
      }
      const signal = new AbortSignal(create);
      setTimeout(() => {
        signal.#abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
      }, Math.trunc(delay));
      return signal;
    }

    static any(signals) {
      if (signals === null || signals === undefined || typeof signals[Symbol.iterator] !== 'function') {
        throw new TypeError('The "signals" argument must be an iterable of AbortSignal.');
      }
      const list = [...signals];
      for (const s of list) {
        if (!(s instanceof AbortSignal) || !(#aborted in s)) {
          throw new TypeError('The "signals" argument must be an iterable of AbortSignal.');
        }
      }
      const result = new AbortSignal(create);
      for (const s of list) {
        if (s.#aborted) {
          result.#aborted = true;
          result.#reason = s.#reason;
          return result;
        }
      }
      result.#sources = new Set();
      for (const s of list) {
        // Follow a dependent signal's sources, not the signal itself, so
        // chains of any() stay one level deep.
        for (const source of s.#sources ?? [s]) {
          result.#sources.add(source);
          (source.#dependents ??= new Set()).add(result);
        }
      }
      return result;
    }

    // Node shows signals as AbortSignal { aborted: false }.
    [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
      return `AbortSignal ${inspect({ aborted: this.#aborted }, options)}`;
    }

    #abort(reason) {
      if (this.#aborted) return;
      this.#aborted = true;
      this.#reason = reason;
      const dependents = [];
      for (const d of this.#dependents ?? []) {
        if (d.#aborted) continue;
        d.#aborted = true;
        d.#reason = reason;
        dependents.push(d);
      }
      this.#dependents = null;
      this.#unlink();
      this.#fire();
      for (const d of dependents) {
        d.#unlink();
        d.#fire();
      }
    }

    #unlink() {
      for (const source of this.#sources ?? []) source.#dependents?.delete(this);
      this.#sources = null;
    }

    #fire() {
      dispatch(this, new Event('abort'));
    }

    static {
      newSignal = () => new AbortSignal(create);
      signalAbort = (signal, reason) => signal.#abort(reason === undefined ? abortError() : reason);
    }
  }
  Object.defineProperty(AbortSignal.prototype, Symbol.toStringTag, { value: 'AbortSignal', configurable: true });

  class AbortController {
    #signal = newSignal();

    get signal() {
      return this.#signal;
    }

    abort(reason = undefined) {
      signalAbort(this.#signal, reason);
    }
  }
  Object.defineProperty(AbortController.prototype, Symbol.toStringTag, { value: 'AbortController', configurable: true });

  // For Go: NewAbortController and its abort func.
  internal.newAbortController = () => {
    const controller = new AbortController();
    return [controller, controller.signal];
  };
  internal.abortSignal = signalAbort;

  return { AbortController, AbortSignal };
})
