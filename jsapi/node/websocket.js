// The WebSocket global (WHATWG WebSocket, as Node 22's undici client):
// an EventTarget whose connection lives in websocket.go (lib.connect).
(function (module, exports, require, lib) {
  'use strict';

  const kToken = Symbol('kToken');
  const states = { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 };
  const encoder = new TextEncoder();

  function domError(message, name) {
    return new DOMException(message, name);
  }

  class CloseEvent extends Event {
    #code;
    #reason;
    #wasClean;
    constructor(type, init = undefined) {
      super(type, init);
      this.#code = init?.code ?? 0;
      this.#reason = init?.reason ?? '';
      this.#wasClean = init?.wasClean ?? false;
    }
    get code() {
      return this.#code;
    }
    get reason() {
      return this.#reason;
    }
    get wasClean() {
      return this.#wasClean;
    }
  }

  class ErrorEvent extends Event {
    #message;
    #error;
    constructor(type, init = undefined) {
      super(type, init);
      this.#message = init?.message ?? '';
      this.#error = init?.error;
    }
    get message() {
      return this.#message;
    }
    get error() {
      return this.#error;
    }
  }

  function parseURL(url) {
    let u;
    try {
      u = new URL(`${url}`);
    } catch (e) {
      throw domError(`Failed to construct 'WebSocket': The URL '${url}' is invalid.`, 'SyntaxError');
    }
    if (u.protocol === 'http:') u.protocol = 'ws:';
    else if (u.protocol === 'https:') u.protocol = 'wss:';
    if (u.protocol !== 'ws:' && u.protocol !== 'wss:') {
      throw domError(`Failed to construct 'WebSocket': The URL's scheme must be either 'http', 'https', 'ws', or 'wss'. '${u.protocol}' is not allowed.`, 'SyntaxError');
    }
    if (u.hash !== '' || `${url}`.endsWith('#')) {
      throw domError(`Failed to construct 'WebSocket': The URL contains a fragment identifier ('${u.hash}'). Fragment identifiers are not allowed in WebSocket URLs.`, 'SyntaxError');
    }
    return u.href;
  }

  const tokenChars = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

  class WebSocket extends EventTarget {
    #url;
    #state = states.CONNECTING;
    #protocol = '';
    #extensions = '';
    #binaryType = 'blob';
    #buffered = 0;
    #conn;
    #handlers = {};
    #sendChain = null; // pending Blob reads keep sends in order

    constructor(url, protocols = []) {
      super();
      this.#url = parseURL(url);
      let list = protocols;
      if (protocols !== null && typeof protocols === 'object' && typeof protocols[Symbol.iterator] === 'function') list = [...protocols];
      else if (typeof protocols === 'string') list = [protocols];
      else if (protocols && typeof protocols === 'object' && 'protocols' in protocols) list = [].concat(protocols.protocols ?? []);
      else list = [`${protocols}`];
      list = list.map((p) => `${p}`);
      if (new Set(list.map((p) => p.toLowerCase())).size !== list.length || list.some((p) => !tokenChars.test(p))) {
        throw domError("Failed to construct 'WebSocket': The subprotocol is invalid.", 'SyntaxError');
      }
      this.#conn = lib.connect(this.#url, list, (type, a, b, c) => this.#event(type, a, b, c));
    }

    #event(type, a, b, c) {
      switch (type) {
        case 'open':
          if (this.#state !== states.CONNECTING) return;
          this.#state = states.OPEN;
          this.#protocol = a;
          this.#extensions = b;
          this.dispatchEvent(new Event('open'));
          return;
        case 'message': {
          if (this.#state !== states.OPEN) return;
          let data = a;
          if (typeof a !== 'string' && this.#binaryType === 'blob') data = new Blob([a]);
          this.dispatchEvent(new MessageEvent('message', { data, origin: new URL(this.#url).origin }));
          return;
        }
        case 'sent':
          this.#buffered = Math.max(0, this.#buffered - a);
          return;
        case 'error':
          this.dispatchEvent(new ErrorEvent('error', { message: a, error: new TypeError(a) }));
          return;
        case 'close':
          this.#state = states.CLOSED;
          this.dispatchEvent(new CloseEvent('close', { code: a, reason: b, wasClean: c }));
      }
    }

    get url() {
      return this.#url;
    }
    get readyState() {
      return this.#state;
    }
    get bufferedAmount() {
      return this.#buffered;
    }
    get extensions() {
      return this.#extensions;
    }
    get protocol() {
      return this.#protocol;
    }
    get binaryType() {
      return this.#binaryType;
    }
    set binaryType(v) {
      if (v === 'blob' || v === 'arraybuffer') this.#binaryType = v;
    }

    send(data) {
      if (arguments.length < 1) throw new TypeError("Failed to execute 'send' on 'WebSocket': 1 argument required, but only 0 present.");
      if (this.#state === states.CONNECTING) throw domError('Sent before connected.', 'InvalidStateError');
      if (this.#state !== states.OPEN) return;
      let frame;
      if (typeof data === 'string') frame = () => [data, true, encoder.encode(data).length];
      else if (data instanceof ArrayBuffer) frame = () => [data.slice(0), false, data.byteLength];
      else if (ArrayBuffer.isView(data)) frame = () => [data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength), false, data.byteLength];
      else if (typeof Blob === 'function' && data instanceof Blob) {
        this.#buffered += data.size;
        const read = data.arrayBuffer();
        const prev = this.#sendChain ?? Promise.resolve();
        this.#sendChain = prev.then(() => read).then((ab) => {
          this.#buffered -= ab.byteLength;
          this.#write(ab, false, ab.byteLength);
        });
        return;
      } else frame = () => [`${data}`, true, encoder.encode(`${data}`).length];
      const [payload, isText, size] = frame();
      if (this.#sendChain) {
        this.#buffered += size;
        this.#sendChain = this.#sendChain.then(() => {
          this.#buffered -= size;
          this.#write(payload, isText, size);
        });
        return;
      }
      this.#write(payload, isText, size);
    }

    #write(payload, isText, size) {
      if (this.#state !== states.OPEN) return;
      this.#buffered += size;
      this.#conn.send(payload, isText);
    }

    close(code = undefined, reason = undefined) {
      if (code !== undefined && code !== 1000 && !(code >= 3000 && code <= 4999)) {
        throw domError(`Failed to execute 'close' on 'WebSocket': The close code must be either 1000, or between 3000 and 4999. ${code} is neither.`, 'InvalidAccessError');
      }
      const why = reason === undefined ? '' : `${reason}`;
      if (encoder.encode(why).length > 123) {
        throw domError("Failed to execute 'close' on 'WebSocket': The message must not be greater than 123 bytes.", 'SyntaxError');
      }
      if (this.#state === states.CLOSING || this.#state === states.CLOSED) return;
      this.#state = states.CLOSING;
      this.#conn.close(code ?? 1000, why);
    }
  }
  for (const [name, value] of Object.entries(states)) {
    Object.defineProperty(WebSocket, name, { value, enumerable: true });
    Object.defineProperty(WebSocket.prototype, name, { value, enumerable: true });
  }
  for (const type of ['open', 'message', 'error', 'close']) {
    const handlers = new WeakMap();
    Object.defineProperty(WebSocket.prototype, 'on' + type, {
      get() {
        return handlers.get(this)?.fn ?? null;
      },
      set(fn) {
        const old = handlers.get(this);
        if (old) this.removeEventListener(type, old.listener);
        if (typeof fn === 'function') {
          const listener = (e) => fn.call(this, e);
          handlers.set(this, { fn, listener });
          this.addEventListener(type, listener);
        } else {
          handlers.delete(this);
        }
      },
      enumerable: true,
      configurable: true,
    });
  }
  Object.defineProperty(WebSocket.prototype, Symbol.toStringTag, { value: 'WebSocket', configurable: true });

  void kToken;
  module.exports = { WebSocket, CloseEvent, ErrorEvent };
})
