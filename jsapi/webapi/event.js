// Event, CustomEvent and EventTarget: the minimal DOM event model, with no
// tree (no capture or bubbling), which is what AbortSignal needs.
(function (internal) {
  'use strict';

  const { DOMException, invoke, reportError, now } = internal;

  // Set by Event's static block: EventTarget drives an event's private state.
  let beginDispatch, endDispatch, setPassive, stopped;
  // Set by EventTarget's static block: dispatchEvent without the method
  // lookup, for AbortSignal.
  let dispatch;

  class Event {
    #type;
    #bubbles;
    #cancelable;
    #composed;
    #timeStamp;
    #defaultPrevented = false;
    #target = null;
    #currentTarget = null;
    #phase = 0;
    #dispatching = false;
    #passive = false;
    #stop = false;
    #stopImmediate = false;

    constructor(type, init = undefined) {
      if (arguments.length === 0) {
        throw new TypeError('The "type" argument must be specified');
      }
      if (init !== undefined && init !== null && typeof init !== 'object') {
        throw new TypeError('The "options" argument must be of type object.');
      }
      this.#type = `${type}`;
      this.#bubbles = !!init?.bubbles;
      this.#cancelable = !!init?.cancelable;
      this.#composed = !!init?.composed;
      this.#timeStamp = now();
    }

    get type() { return this.#type; }
    get bubbles() { return this.#bubbles; }
    get cancelable() { return this.#cancelable; }
    get composed() { return this.#composed; }
    get timeStamp() { return this.#timeStamp; }
    get defaultPrevented() { return this.#defaultPrevented; }
    get target() { return this.#target; }
    get srcElement() { return this.#target; }
    get currentTarget() { return this.#currentTarget; }
    get eventPhase() { return this.#phase; }
    get isTrusted() { return false; }
    get returnValue() { return !this.#defaultPrevented; }
    set returnValue(v) { if (!v) this.preventDefault(); }
    get cancelBubble() { return this.#stop; }
    set cancelBubble(v) { if (v) this.#stop = true; }

    preventDefault() {
      if (this.#cancelable && !this.#passive) this.#defaultPrevented = true;
    }

    stopPropagation() {
      this.#stop = true;
    }

    stopImmediatePropagation() {
      this.#stop = true;
      this.#stopImmediate = true;
    }

    composedPath() {
      return this.#currentTarget === null ? [] : [this.#currentTarget];
    }

    static {
      beginDispatch = (event, target) => {
        if (!(#type in event)) throw new TypeError('The "event" argument must be an instance of Event.');
        if (event.#dispatching) throw new DOMException('The event is already being dispatched.', 'InvalidStateError');
        event.#dispatching = true;
        event.#target = target;
        event.#currentTarget = target;
        event.#phase = 2; // AT_TARGET
      };
      endDispatch = (event) => {
        event.#dispatching = false;
        event.#currentTarget = null;
        event.#phase = 0;
        event.#stop = false;
        event.#stopImmediate = false;
        event.#passive = false;
      };
      setPassive = (event, passive) => { event.#passive = passive; };
      stopped = (event) => event.#stopImmediate;
    }
  }

  const phases = { NONE: 0, CAPTURING_PHASE: 1, AT_TARGET: 2, BUBBLING_PHASE: 3 };
  for (const [name, value] of Object.entries(phases)) {
    Object.defineProperty(Event, name, { value, enumerable: true });
    Object.defineProperty(Event.prototype, name, { value, enumerable: true });
  }
  Object.defineProperty(Event.prototype, Symbol.toStringTag, { value: 'Event', configurable: true });

  class CustomEvent extends Event {
    #detail;

    constructor(type, init = undefined) {
      if (arguments.length === 0) {
        throw new TypeError('The "type" argument must be specified');
      }
      super(type, init);
      this.#detail = init?.detail ?? null;
    }

    get detail() { return this.#detail; }
  }
  Object.defineProperty(CustomEvent.prototype, Symbol.toStringTag, { value: 'CustomEvent', configurable: true });

  // flatten turns addEventListener's third argument into its parts.
  function flatten(options) {
    if (typeof options === 'boolean') return { capture: options, once: false, passive: false, signal: undefined };
    if (options === null || typeof options !== 'object') return { capture: false, once: false, passive: false, signal: undefined };
    return { capture: !!options.capture, once: !!options.once, passive: !!options.passive, signal: options.signal };
  }

  class EventTarget {
    // type -> listener records in registration order. A record is
    // {callback, capture, once, passive, removed}; removed lets a dispatch
    // that copied the list skip listeners removed during it.
    #listeners = new Map();

    addEventListener(type, callback, options = undefined) {
      if (arguments.length < 2) {
        throw new TypeError('The "type" and "listener" arguments must be specified');
      }
      if (callback === null || callback === undefined) return;
      if (typeof callback !== 'function' && typeof callback !== 'object') {
        throw new TypeError('The "listener" argument must be a function or an object with a handleEvent method.');
      }
      const { capture, once, passive, signal } = flatten(options);
      if (signal !== undefined && signal !== null && signal.aborted) return;
      type = `${type}`;
      let list = this.#listeners.get(type);
      if (list === undefined) {
        list = [];
        this.#listeners.set(type, list);
      }
      if (list.some((r) => r.callback === callback && r.capture === capture)) return;
      const record = { callback, capture, once, passive, removed: false };
      list.push(record);
      if (signal !== undefined && signal !== null) {
        // Without weak references (goja has none) this abort listener
        // outlives a manual removeEventListener until the signal aborts.
        signal.addEventListener('abort', () => this.#remove(type, record), { once: true });
      }
    }

    removeEventListener(type, callback, options = undefined) {
      const capture = typeof options === 'boolean' ? options : !!options?.capture;
      const list = this.#listeners.get(`${type}`);
      const record = list?.find((r) => r.callback === callback && r.capture === capture);
      if (record !== undefined) this.#remove(`${type}`, record);
    }

    dispatchEvent(event) {
      return dispatch(this, event);
    }

    static {
      dispatch = (target, event) => {
        beginDispatch(event, target);
        try {
          const list = target.#listeners.get(event.type);
          if (list !== undefined) {
            for (const record of list.slice()) {
              if (record.removed) continue;
              if (record.once) target.#remove(event.type, record);
              target.#call(record, event);
              if (stopped(event)) break;
            }
          }
        } finally {
          endDispatch(event);
        }
        return !event.defaultPrevented;
      };
    }

    #call(record, event) {
      setPassive(event, record.passive);
      try {
        const cb = record.callback;
        if (typeof cb === 'function') {
          invoke(cb, this, event);
          return;
        }
        // A callback object is asked for handleEvent on every dispatch.
        let handleEvent;
        try {
          handleEvent = cb.handleEvent;
        } catch (e) {
          reportError(e);
          return;
        }
        if (typeof handleEvent === 'function') {
          invoke(handleEvent, cb, event);
        } else {
          reportError(new TypeError('The "listener" argument must have a handleEvent method.'));
        }
      } finally {
        setPassive(event, false);
      }
    }

    #remove(type, record) {
      record.removed = true;
      const list = this.#listeners.get(type);
      const i = list === undefined ? -1 : list.indexOf(record);
      if (i >= 0) list.splice(i, 1);
      if (list !== undefined && list.length === 0) this.#listeners.delete(type);
    }
  }
  Object.defineProperty(EventTarget.prototype, Symbol.toStringTag, { value: 'EventTarget', configurable: true });

  internal.dispatch = dispatch;

  return { Event, CustomEvent, EventTarget };
})
