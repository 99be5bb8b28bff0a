// node:events: EventEmitter as Node 20's lib/events.js defines it (an ES5
// constructor function, so both `class X extends EventEmitter` and
// `EventEmitter.call(this)` + util.inherits work), plus once, on,
// getEventListeners, setMaxListeners and errorMonitor. module.exports is
// EventEmitter itself, as in Node.
(function (module, exports, require, lib) {
  'use strict';

  const { codeError, invalidArgType, outOfRange, validateFunction, validateAbortSignal, AbortError } = lib.errors;
  const kCapture = Symbol('kCapture');
  const errorMonitor = Symbol('events.errorMonitor');
  const captureRejectionSymbol = Symbol.for('nodejs.rejection');
  let defaultMaxListeners = 10;

  function EventEmitter(opts) {
    EventEmitter.init.call(this, opts);
  }

  EventEmitter.prototype._events = undefined;
  EventEmitter.prototype._eventsCount = 0;
  EventEmitter.prototype._maxListeners = undefined;

  // init sets up the emitter's own state; captureRejections is accepted
  // and ignored.
  EventEmitter.init = function init(opts) {
    if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
      this._events = Object.create(null);
      this._eventsCount = 0;
    }
    this._maxListeners = this._maxListeners || undefined;
    if (opts?.captureRejections !== undefined && typeof opts.captureRejections !== 'boolean') {
      throw invalidArgType('options.captureRejections', 'of type boolean', opts.captureRejections);
    }
    this[kCapture] = false;
  };

  function checkListener(listener) {
    validateFunction(listener, 'listener');
  }

  function inspectValue(v) {
    try {
      return require('util').inspect(v);
    } catch {
      return String(v);
    }
  }

  function checkMaxListeners(n) {
    if (typeof n !== 'number' || n < 0 || Number.isNaN(n)) {
      throw outOfRange('n', 'a non-negative number', n);
    }
  }

  EventEmitter.prototype.setMaxListeners = function setMaxListeners(n) {
    checkMaxListeners(n);
    this._maxListeners = n;
    return this;
  };

  function getMaxListeners(that) {
    return that._maxListeners === undefined ? defaultMaxListeners : that._maxListeners;
  }

  EventEmitter.prototype.getMaxListeners = function getMaxListeners_() {
    return getMaxListeners(this);
  };

  EventEmitter.prototype.emit = function emit(type, ...args) {
    let doError = type === 'error';
    const events = this._events;
    if (events !== undefined) {
      if (doError && events[errorMonitor] !== undefined) this.emit(errorMonitor, ...args);
      doError = doError && events.error === undefined;
    } else if (!doError) {
      return false;
    }

    if (doError) {
      const er = args.length > 0 ? args[0] : undefined;
      if (er instanceof Error) throw er;
      const err = codeError(Error, 'ERR_UNHANDLED_ERROR', `Unhandled error. (${inspectValue(er)})`);
      err.context = er;
      throw err;
    }

    const handler = events[type];
    if (handler === undefined) return false;
    if (typeof handler === 'function') {
      Reflect.apply(handler, this, args);
    } else {
      const listeners = handler.slice();
      for (let i = 0; i < listeners.length; ++i) Reflect.apply(listeners[i], this, args);
    }
    return true;
  };

  function addListener(target, type, listener, prepend) {
    checkListener(listener);
    let events = target._events;
    let existing;
    if (events === undefined) {
      events = target._events = Object.create(null);
      target._eventsCount = 0;
    } else {
      if (events.newListener !== undefined) {
        target.emit('newListener', type, listener.listener ?? listener);
        events = target._events;
      }
      existing = events[type];
    }

    if (existing === undefined) {
      events[type] = listener;
      ++target._eventsCount;
    } else {
      if (typeof existing === 'function') {
        existing = events[type] = prepend ? [listener, existing] : [existing, listener];
      } else if (prepend) {
        existing.unshift(listener);
      } else {
        existing.push(listener);
      }
      const m = getMaxListeners(target);
      if (m > 0 && existing.length > m && !existing.warned) {
        existing.warned = true;
        const name = target.constructor?.name ?? 'EventEmitter';
        lib.warn(`MaxListenersExceededWarning: Possible EventEmitter memory leak detected. ${existing.length} ` +
          `${String(type)} listeners added to [${name}]. Use emitter.setMaxListeners() to increase limit`);
      }
    }
    return target;
  }

  EventEmitter.prototype.addListener = function addListener_(type, listener) {
    return addListener(this, type, listener, false);
  };
  EventEmitter.prototype.on = EventEmitter.prototype.addListener;

  EventEmitter.prototype.prependListener = function prependListener(type, listener) {
    return addListener(this, type, listener, true);
  };

  function onceWrapper(...args) {
    if (!this.fired) {
      this.target.removeListener(this.type, this.wrapFn);
      this.fired = true;
      return Reflect.apply(this.listener, this.target, args);
    }
  }

  function onceWrap(target, type, listener) {
    const state = { fired: false, wrapFn: undefined, target, type, listener };
    const wrapped = onceWrapper.bind(state);
    wrapped.listener = listener;
    state.wrapFn = wrapped;
    return wrapped;
  }

  EventEmitter.prototype.once = function once(type, listener) {
    checkListener(listener);
    this.on(type, onceWrap(this, type, listener));
    return this;
  };

  EventEmitter.prototype.prependOnceListener = function prependOnceListener(type, listener) {
    checkListener(listener);
    this.prependListener(type, onceWrap(this, type, listener));
    return this;
  };

  EventEmitter.prototype.removeListener = function removeListener(type, listener) {
    checkListener(listener);
    const events = this._events;
    if (events === undefined) return this;
    const list = events[type];
    if (list === undefined) return this;

    if (list === listener || list.listener === listener) {
      this._eventsCount -= 1;
      if (this._eventsCount === 0) this._events = Object.create(null);
      else delete events[type];
      if (events.removeListener !== undefined) this.emit('removeListener', type, list.listener ?? listener);
    } else if (typeof list !== 'function') {
      let position = -1;
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i] === listener || list[i].listener === listener) {
          position = i;
          break;
        }
      }
      if (position < 0) return this;
      if (position === 0) list.shift();
      else list.splice(position, 1);
      if (list.length === 1) events[type] = list[0];
      if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
    }
    return this;
  };
  EventEmitter.prototype.off = EventEmitter.prototype.removeListener;

  EventEmitter.prototype.removeAllListeners = function removeAllListeners(type) {
    const events = this._events;
    if (events === undefined) return this;

    // Without removeListener listeners there is no one to tell.
    if (events.removeListener === undefined) {
      if (arguments.length === 0) {
        this._events = Object.create(null);
        this._eventsCount = 0;
      } else if (events[type] !== undefined) {
        if (--this._eventsCount === 0) this._events = Object.create(null);
        else delete events[type];
      }
      return this;
    }

    if (arguments.length === 0) {
      for (const key of Reflect.ownKeys(events)) {
        if (key === 'removeListener') continue;
        this.removeAllListeners(key);
      }
      this.removeAllListeners('removeListener');
      this._events = Object.create(null);
      this._eventsCount = 0;
      return this;
    }

    const listeners = events[type];
    if (typeof listeners === 'function') {
      this.removeListener(type, listeners);
    } else if (listeners !== undefined) {
      for (let i = listeners.length - 1; i >= 0; i--) this.removeListener(type, listeners[i]);
    }
    return this;
  };

  function listeners(target, type, unwrap) {
    const events = target._events;
    if (events === undefined) return [];
    const l = events[type];
    if (l === undefined) return [];
    if (typeof l === 'function') return unwrap ? [l.listener ?? l] : [l];
    return unwrap ? l.map((fn) => fn.listener ?? fn) : l.slice();
  }

  EventEmitter.prototype.listeners = function listeners_(type) {
    return listeners(this, type, true);
  };

  EventEmitter.prototype.rawListeners = function rawListeners(type) {
    return listeners(this, type, false);
  };

  function listenerCount(type, listener) {
    const events = this._events;
    if (events === undefined) return 0;
    const l = events[type];
    if (l === undefined) return 0;
    if (typeof l === 'function') return listener == null || l === listener || l.listener === listener ? 1 : 0;
    if (listener == null) return l.length;
    return l.filter((fn) => fn === listener || fn.listener === listener).length;
  }

  EventEmitter.prototype.listenerCount = listenerCount;

  EventEmitter.listenerCount = function (emitter, type) {
    if (typeof emitter.listenerCount === 'function') return emitter.listenerCount(type);
    return listenerCount.call(emitter, type);
  };

  EventEmitter.prototype.eventNames = function eventNames() {
    return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : [];
  };

  // ---- statics ----

  Object.defineProperty(EventEmitter, 'defaultMaxListeners', {
    enumerable: true,
    get() {
      return defaultMaxListeners;
    },
    set(n) {
      checkMaxListeners(n);
      defaultMaxListeners = n;
    },
  });

  Object.defineProperty(EventEmitter, 'captureRejections', {
    enumerable: true,
    get() {
      return false;
    },
    set(v) {
      if (typeof v !== 'boolean') throw invalidArgType('EventEmitter.captureRejections', 'of type boolean', v);
    },
  });

  EventEmitter.errorMonitor = errorMonitor;
  EventEmitter.captureRejectionSymbol = captureRejectionSymbol;
  EventEmitter.usingDomains = false;

  function isEventTarget(v) {
    return typeof v?.addEventListener === 'function' && typeof v?.removeEventListener === 'function';
  }

  // setMaxListeners(n, ...targets) sets the default when no target is given.
  EventEmitter.setMaxListeners = function setMaxListeners(n = defaultMaxListeners, ...targets) {
    checkMaxListeners(n);
    if (targets.length === 0) {
      defaultMaxListeners = n;
      return;
    }
    for (const target of targets) {
      if (typeof target?.setMaxListeners === 'function') target.setMaxListeners(n);
      else if (!isEventTarget(target)) throw invalidArgType('eventTargets', 'an instance of EventEmitter or EventTarget', target);
    }
  };

  EventEmitter.getMaxListeners = function getMaxListeners_(target) {
    if (typeof target?.getMaxListeners === 'function') return getMaxListeners(target);
    if (isEventTarget(target)) return defaultMaxListeners;
    throw invalidArgType('emitter', 'an instance of EventEmitter or EventTarget', target);
  };

  EventEmitter.getEventListeners = function getEventListeners(target, type) {
    if (typeof target?.listeners === 'function') return target.listeners(type);
    if (isEventTarget(target)) return [];
    throw invalidArgType('emitter', 'an instance of EventEmitter or EventTarget', target);
  };

  // addAbortListener calls listener once signal aborts (on a microtask if
  // it already has) and returns a Disposable that removes it (execa).
  const dispose = Symbol.dispose ?? Symbol.for('nodejs.dispose');
  EventEmitter.addAbortListener = function addAbortListener(signal, listener) {
    if (signal === undefined) throw invalidArgType('signal', 'an instance of AbortSignal', signal);
    validateAbortSignal(signal, 'signal');
    validateFunction(listener, 'listener');
    let remove;
    if (signal.aborted) {
      (typeof queueMicrotask === 'function' ? queueMicrotask : (f) => Promise.resolve().then(f))(() => listener());
    } else {
      signal.addEventListener('abort', listener, { once: true });
      remove = () => signal.removeEventListener('abort', listener);
    }
    return { __proto__: null, [dispose]() { remove?.(); } };
  };

  function abortError(signal) {
    return new AbortError(undefined, { cause: signal?.reason });
  }

  // once resolves with the arguments of the next `name` event; an 'error'
  // event first rejects (unless name is 'error'), and so does signal.
  EventEmitter.once = function once(emitter, name, options = {}) {
    const signal = options?.signal;
    validateAbortSignal(signal, 'options.signal');
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise((resolve, reject) => {
      const cleanups = [];
      const cleanup = () => {
        for (const fn of cleanups) fn();
      };
      const resolver = (...args) => {
        cleanup();
        resolve(args);
      };
      if (isEventTarget(emitter) && typeof emitter.on !== 'function') {
        emitter.addEventListener(name, resolver, { once: true });
        cleanups.push(() => emitter.removeEventListener(name, resolver));
      } else {
        emitter.once(name, resolver);
        cleanups.push(() => emitter.removeListener(name, resolver));
        if (name !== 'error') {
          const errorListener = (err) => {
            cleanup();
            reject(err);
          };
          emitter.once('error', errorListener);
          cleanups.push(() => emitter.removeListener('error', errorListener));
        }
      }
      if (signal !== undefined) {
        const onAbort = () => {
          cleanup();
          reject(abortError(signal));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        cleanups.push(() => signal.removeEventListener('abort', onAbort));
      }
    });
  };

  // on returns an async iterator over the arguments of `event` events; an
  // 'error' event makes the next next() reject, and so does signal.
  EventEmitter.on = function on(emitter, event, options = {}) {
    const signal = options?.signal;
    validateAbortSignal(signal, 'options.signal');
    if (signal?.aborted) throw abortError(signal);
    const unconsumed = [];
    const pending = [];
    let error = null;
    let finished = false;

    const eventHandler = (...args) => {
      const p = pending.shift();
      if (p) p.resolve({ value: args, done: false });
      else unconsumed.push(args);
    };
    const errorHandler = (err) => {
      const p = pending.shift();
      if (p) p.reject(err);
      else error = err;
      iterator.return();
    };
    const abortListener = () => errorHandler(abortError(signal));

    emitter.on(event, eventHandler);
    if (event !== 'error') emitter.on('error', errorHandler);
    signal?.addEventListener('abort', abortListener, { once: true });

    const iterator = {
      next() {
        const value = unconsumed.shift();
        if (value) return Promise.resolve({ value, done: false });
        if (error) {
          const p = Promise.reject(error);
          error = null;
          return p;
        }
        if (finished) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => pending.push({ resolve, reject }));
      },
      return() {
        emitter.removeListener(event, eventHandler);
        emitter.removeListener('error', errorHandler);
        signal?.removeEventListener('abort', abortListener);
        finished = true;
        for (const p of pending.splice(0)) p.resolve({ value: undefined, done: true });
        return Promise.resolve({ value: undefined, done: true });
      },
      throw(err) {
        error = err;
        emitter.removeListener(event, eventHandler);
        emitter.removeListener('error', errorHandler);
        return Promise.reject(err);
      },
    };
    iterator[Symbol.asyncIterator ?? Symbol.for('Symbol.asyncIterator')] = function () {
      return this;
    };
    return iterator;
  };

  EventEmitter.EventEmitter = EventEmitter;
  EventEmitter.errorMonitor = errorMonitor;
  if (typeof EventTarget === 'function') EventEmitter.EventTarget = EventTarget;
  if (typeof Event === 'function') EventEmitter.Event = Event;

  module.exports = EventEmitter;
})
