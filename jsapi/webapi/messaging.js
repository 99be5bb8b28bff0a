// MessageChannel, MessagePort, MessageEvent and BroadcastChannel within one
// runtime. Messages are structured clones delivered as macrotasks, like
// Node's; a port queues them until started (start(), onmessage, or a
// 'message' listener, as in Node).
(function (internal) {
  'use strict';

  const { Event, EventTarget, structuredClone } = internal;
  const kToken = Symbol('construct');

  // later runs fn as a macrotask: Node's timers when the runtime has them.
  function later(fn) {
    if (typeof globalThis.setImmediate === 'function') globalThis.setImmediate(fn);
    else if (typeof globalThis.setTimeout === 'function') globalThis.setTimeout(fn, 0);
    else Promise.resolve().then(fn);
  }

  class MessageEvent extends Event {
    #data;
    #origin;
    #lastEventId;
    #source;
    #ports;
    constructor(type, init = undefined) {
      if (arguments.length < 1) throw new TypeError('The "type" argument must be specified');
      super(type, init);
      const o = init ?? {};
      this.#data = o.data === undefined ? null : o.data;
      this.#origin = o.origin === undefined ? '' : `${o.origin}`;
      this.#lastEventId = o.lastEventId === undefined ? '' : `${o.lastEventId}`;
      this.#source = o.source ?? null;
      this.#ports = Object.freeze([...(o.ports ?? [])]);
    }
    get data() {
      return this.#data;
    }
    get origin() {
      return this.#origin;
    }
    get lastEventId() {
      return this.#lastEventId;
    }
    get source() {
      return this.#source;
    }
    get ports() {
      return this.#ports;
    }
  }
  Object.defineProperty(MessageEvent.prototype, Symbol.toStringTag, { value: 'MessageEvent', configurable: true });

  function cloneMessage(message, transfer) {
    const opts = Array.isArray(transfer) ? { transfer } : transfer ?? undefined;
    return structuredClone(message, opts);
  }

  // Node's NodeEventTarget helpers: on('message') listeners get the data.
  function nodeStyle(proto) {
    const wrapped = new WeakMap();
    const wrap = (type, fn) => {
      if (type !== 'message' && type !== 'messageerror') return fn;
      let w = wrapped.get(fn);
      if (!w) {
        w = (e) => fn.call(undefined, e.data);
        wrapped.set(fn, w);
      }
      return w;
    };
    const methods = {
      on(type, fn) {
        this.addEventListener(type, wrap(type, fn));
        return this;
      },
      once(type, fn) {
        this.addEventListener(type, wrap(type, fn), { once: true });
        return this;
      },
      off(type, fn) {
        this.removeEventListener(type, wrap(type, fn));
        return this;
      },
    };
    methods.addListener = methods.on;
    methods.removeListener = methods.off;
    for (const [k, v] of Object.entries(methods)) Object.defineProperty(proto, k, { value: v, writable: true, configurable: true });
  }

  // handlerProperty defines on<type> that also starts a port.
  function handlerProperty(proto, type, onSet) {
    const handlers = new WeakMap();
    Object.defineProperty(proto, 'on' + type, {
      get() {
        return handlers.get(this)?.fn ?? null;
      },
      set(fn) {
        const old = handlers.get(this);
        if (old) this.removeEventListener(type, old.listener);
        if (typeof fn === 'function') {
          const listener = (e) => fn.call(this, e);
          handlers.set(this, { fn, listener });
          EventTarget.prototype.addEventListener.call(this, type, listener);
          if (onSet) onSet(this);
        } else {
          handlers.delete(this);
        }
      },
      configurable: true,
    });
  }

  class MessagePort extends EventTarget {
    #other = null;
    #queue = [];
    #started = false;
    #closed = false;
    #scheduled = false;
    #ref = true;
    constructor(token) {
      if (token !== kToken) throw new TypeError('Illegal constructor');
      super();
    }
    static _entangle(a, b) {
      a.#other = b;
      b.#other = a;
    }
    postMessage(message, transfer = undefined) {
      if (arguments.length < 1) throw new TypeError('The "message" argument must be specified');
      const data = cloneMessage(message, transfer);
      const other = this.#other;
      if (this.#closed || other === null) return;
      other.#queue.push(data);
      other.#flushSoon();
    }
    start() {
      if (this.#started) return;
      this.#started = true;
      this.#flushSoon();
    }
    close() {
      if (this.#closed) return;
      const other = this.#other;
      this.#closed = true;
      this.#other = null;
      later(() => this.dispatchEvent(new Event('close')));
      if (other !== null && !other.#closed) {
        // Messages already sent still arrive before the other side closes.
        other.#closed = true;
        other.#other = null;
        later(() => {
          other.#flush();
          other.dispatchEvent(new Event('close'));
        });
      }
    }
    addEventListener(type, listener, options = undefined) {
      super.addEventListener(type, listener, options);
      if (`${type}` === 'message') this.start();
    }
    ref() {
      this.#ref = true;
      return this;
    }
    unref() {
      this.#ref = false;
      return this;
    }
    hasRef() {
      return this.#ref && !this.#closed;
    }
    #flushSoon() {
      if (!this.#started || this.#scheduled) return;
      this.#scheduled = true;
      later(() => {
        this.#scheduled = false;
        this.#flush();
      });
    }
    #flush() {
      if (!this.#started) return;
      while (this.#queue.length > 0) {
        const data = this.#queue.shift();
        this.dispatchEvent(new MessageEvent('message', { data }));
      }
    }
  }
  handlerProperty(MessagePort.prototype, 'message', (port) => port.start());
  handlerProperty(MessagePort.prototype, 'messageerror');
  nodeStyle(MessagePort.prototype);
  // Node's ports and channels carry no tag of their own: [object EventTarget], [object Object].
  const entangle = MessagePort._entangle;
  delete MessagePort._entangle;

  class MessageChannel {
    #port1;
    #port2;
    constructor() {
      this.#port1 = new MessagePort(kToken);
      this.#port2 = new MessagePort(kToken);
      entangle(this.#port1, this.#port2);
    }
    get port1() {
      return this.#port1;
    }
    get port2() {
      return this.#port2;
    }
  }

  // BroadcastChannel reaches the other channels of the same name in this
  // runtime (pigo runs no other threads that could listen).
  const channels = new Map(); // name → Set<BroadcastChannel>
  class BroadcastChannel extends EventTarget {
    #name;
    #closed = false;
    constructor(name) {
      if (arguments.length < 1) throw new TypeError('The "name" argument must be specified');
      super();
      this.#name = `${name}`;
      let set = channels.get(this.#name);
      if (!set) channels.set(this.#name, (set = new Set()));
      set.add(this);
    }
    get name() {
      return this.#name;
    }
    postMessage(message) {
      if (arguments.length < 1) throw new TypeError('The "message" argument must be specified');
      if (this.#closed) throw new internal.DOMException('BroadcastChannel is closed.', 'InvalidStateError');
      const data = cloneMessage(message);
      for (const ch of channels.get(this.#name) ?? []) {
        if (ch === this) continue;
        later(() => {
          if (!ch.#closed) ch.dispatchEvent(new MessageEvent('message', { data }));
        });
      }
    }
    close() {
      if (this.#closed) return;
      this.#closed = true;
      const set = channels.get(this.#name);
      set?.delete(this);
      if (set?.size === 0) channels.delete(this.#name);
    }
    ref() {
      return this;
    }
    unref() {
      return this;
    }
  }
  handlerProperty(BroadcastChannel.prototype, 'message');
  handlerProperty(BroadcastChannel.prototype, 'messageerror');
  Object.defineProperty(BroadcastChannel.prototype, Symbol.toStringTag, { value: 'BroadcastChannel', configurable: true });

  internal.uncloneableNames = [...(internal.uncloneableNames || []), 'MessagePort', 'MessageChannel', 'BroadcastChannel'];
  return { MessageEvent, MessagePort, MessageChannel, BroadcastChannel };
});
