// pigo/fetch: the WHATWG fetch API as Node 20 exposes it (fetch, Request,
// Response, Headers) over Go's net/http (lib.start). Bodies are the
// ReadableStreams of fetch_stream.js (lib.streams).
(function (module, exports, require, lib) {
  'use strict';

  const customInspect = Symbol.for('nodejs.util.inspect.custom');
  const kBody = Symbol('kBody');
  const kHeaders = Symbol('kHeaders');
  const kGuard = Symbol('kGuard');
  const encoder = new TextEncoder();
  const decoder = () => new TextDecoder();

  function domException(message, name) {
    if (typeof DOMException === 'function') return new DOMException(message, name);
    const err = new Error(message);
    err.name = name;
    return err;
  }

  function abortReason(signal) {
    return signal?.reason ?? domException('This operation was aborted', 'AbortError');
  }

  const {
    ReadableStream,
    ReadableStreamDefaultReader,
    ReadableStreamDefaultController,
    ReadableByteStreamController,
    ReadableStreamBYOBReader,
    ReadableStreamBYOBRequest,
    errorStream,
    isDisturbed,
  } = lib.streams;

  // ---- Headers ----

  const tokenRe = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

  function normalizeValue(v) {
    return `${v}`.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  }

  function checkName(name, method) {
    const n = `${name}`;
    if (!tokenRe.test(n)) throw new TypeError(`Headers.${method}: "${n}" is an invalid header name.`);
    return n.toLowerCase();
  }

  function checkMutable(h) {
    if (h[kGuard] === 'immutable') throw new TypeError('immutable');
  }

  class Headers {
    constructor(init = undefined) {
      this[kHeaders] = new Map(); // lowercase name → values
      this[kGuard] = 'none';
      if (init === undefined || init === null) return;
      if (typeof init !== 'object') {
        throw new TypeError("Failed to construct 'Headers': The provided value is not of type '(record<ByteString, ByteString> or sequence<sequence<ByteString>>)'.");
      }
      if (init instanceof Headers) {
        for (const [k, vs] of init[kHeaders]) this[kHeaders].set(k, vs.slice());
      } else if (typeof init[Symbol.iterator] === 'function') {
        for (const pair of init) {
          const p = Array.from(pair);
          if (p.length !== 2) throw new TypeError('Headers constructor: expected name/value pair to be length 2, found ' + p.length + '.');
          this.append(p[0], p[1]);
        }
      } else {
        for (const key of Object.keys(init)) this.append(key, init[key]);
      }
    }

    append(name, value) {
      checkMutable(this);
      const key = checkName(name, 'append');
      const list = this[kHeaders].get(key);
      if (list === undefined) this[kHeaders].set(key, [normalizeValue(value)]);
      else list.push(normalizeValue(value));
    }

    delete(name) {
      checkMutable(this);
      this[kHeaders].delete(checkName(name, 'delete'));
    }

    get(name) {
      const list = this[kHeaders].get(checkName(name, 'get'));
      return list === undefined ? null : list.join(', ');
    }

    getSetCookie() {
      return (this[kHeaders].get('set-cookie') ?? []).slice();
    }

    has(name) {
      return this[kHeaders].has(checkName(name, 'has'));
    }

    set(name, value) {
      checkMutable(this);
      this[kHeaders].set(checkName(name, 'set'), [normalizeValue(value)]);
    }

    forEach(callback, thisArg = undefined) {
      if (typeof callback !== 'function') throw new TypeError("Headers.forEach: Argument 1 could not be converted to: Function.");
      for (const [k, v] of this) Reflect.apply(callback, thisArg, [v, k, this]);
    }

    * entries() {
      const names = [...this[kHeaders].keys()].sort();
      for (const name of names) {
        const list = this[kHeaders].get(name);
        if (list === undefined) continue;
        if (name === 'set-cookie') {
          for (const v of list) yield [name, v];
        } else {
          yield [name, list.join(', ')];
        }
      }
    }

    * keys() {
      for (const [k] of this.entries()) yield k;
    }

    * values() {
      for (const [, v] of this.entries()) yield v;
    }

    [Symbol.iterator]() {
      return this.entries();
    }

    [customInspect]() {
      const obj = {};
      for (const [k, v] of this) obj[k] = v;
      return obj;
    }
  }
  Object.defineProperty(Headers.prototype, Symbol.toStringTag, { value: 'Headers', configurable: true });

  function headersToFlat(h) {
    const flat = [];
    for (const [k, v] of h) flat.push(k, v);
    return flat;
  }

  // ---- bodies ----

  // closeBytes closes a body's byte stream; a BYOB read waiting on it ends
  // (done, with what it was given), as undici's bodies do.
  function closeBytes(c) {
    c.close();
    c.byobRequest?.respond(0);
  }

  // extractBody turns a BodyInit into {bytes, stream, type}: bytes for
  // data known up front, stream for a ReadableStream.
  function extractBody(body) {
    if (body instanceof ReadableStream) {
      if (body.locked || isDisturbed(body)) throw new TypeError('Response body object should not be disturbed or locked');
      return { bytes: null, stream: body, type: null };
    }
    if (typeof body === 'string') return { bytes: encoder.encode(body), stream: null, type: 'text/plain;charset=UTF-8' };
    if (typeof URLSearchParams === 'function' && body instanceof URLSearchParams) {
      return { bytes: encoder.encode(body.toString()), stream: null, type: 'application/x-www-form-urlencoded;charset=UTF-8' };
    }
    if (body instanceof ArrayBuffer) return { bytes: new Uint8Array(body.slice(0)), stream: null, type: null };
    if (ArrayBuffer.isView(body)) {
      return { bytes: new Uint8Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength)), stream: null, type: null };
    }
    if (typeof Blob === 'function' && body instanceof Blob) {
      const blob = body;
      const stream = new ReadableStream({
        type: 'bytes',
        async pull(c) {
          c.enqueue(new Uint8Array(await blob.arrayBuffer()));
          closeBytes(c);
        },
      }, { highWaterMark: 0 });
      return { bytes: null, stream, type: blob.type || null };
    }
    if (typeof FormData === 'function' && body instanceof FormData) {
      // The webapi FormData encodes itself as multipart/form-data.
      const encode = FormData[Symbol.for('pigo.formData.encode')];
      if (typeof encode !== 'function') throw new TypeError('not supported: FormData bodies (FormData was replaced)');
      const { bytes, type } = encode(body);
      return { bytes, stream: null, type };
    }
    return { bytes: encoder.encode(`${body}`), stream: null, type: 'text/plain;charset=UTF-8' };
  }

  function bodyState(extracted) {
    return { bytes: extracted?.bytes ?? null, stream: extracted?.stream ?? null, used: false };
  }

  // streamOf returns the body's stream, making one for known bytes.
  function streamOf(b) {
    if (b.stream === null && b.bytes !== null) {
      const bytes = b.bytes;
      b.bytes = null;
      b.stream = new ReadableStream({
        type: 'bytes',
        start(c) {
          if (bytes.length > 0) c.enqueue(bytes);
          c.close();
        },
      });
    }
    return b.stream;
  }

  function isUsed(b) {
    return b.used || (b.stream !== null && isDisturbed(b.stream));
  }

  async function readAll(stream) {
    const reader = stream.getReader();
    const chunks = [];
    let total = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (!(value instanceof Uint8Array)) {
        throw new TypeError('Received non-Uint8Array chunk');
      }
      chunks.push(value);
      total += value.length;
    }
    reader.releaseLock();
    if (chunks.length === 1) return chunks[0];
    const out = new Uint8Array(total);
    let pos = 0;
    for (const c of chunks) {
      out.set(c, pos);
      pos += c.length;
    }
    return out;
  }

  // consume reads the whole body once.
  function consume(self) {
    const b = self[kBody];
    if (isUsed(b) || (b.stream !== null && b.stream.locked)) {
      return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    }
    b.used = true;
    if (b.stream === null) {
      const bytes = b.bytes ?? new Uint8Array(0);
      b.bytes = null;
      return Promise.resolve(bytes);
    }
    return readAll(b.stream);
  }

  function cloneBody(b) {
    if (isUsed(b) || (b.stream !== null && b.stream.locked)) throw new TypeError('Response.clone: Body has already been consumed.');
    if (b.stream === null) return { bytes: b.bytes === null ? null : b.bytes.slice(), stream: null, used: false };
    const [s1, s2] = b.stream.tee();
    b.stream = s1;
    return { bytes: null, stream: s2, used: false };
  }

  // The Body mixin, shared by Request and Response.
  const bodyMixin = {
    get body() {
      return streamOf(this[kBody]);
    },
    get bodyUsed() {
      return isUsed(this[kBody]);
    },
    arrayBuffer() {
      return consume(this).then((u8) => (u8.byteOffset === 0 && u8.byteLength === u8.buffer.byteLength ? u8.buffer : u8.slice().buffer));
    },
    bytes() {
      return consume(this);
    },
    text() {
      return consume(this).then((u8) => decoder().decode(u8));
    },
    json() {
      return this.text().then((t) => JSON.parse(t));
    },
    blob() {
      return consume(this).then((u8) => {
        if (typeof Blob !== 'function') throw new TypeError('pigo: Blob is not available');
        return new Blob([u8], { type: this.headers.get('content-type') ?? '' });
      });
    },
    formData() {
      return consume(this).then((u8) => {
        const parse = typeof FormData === 'function' ? FormData[Symbol.for('pigo.formData.parse')] : undefined;
        if (typeof parse !== 'function') throw new TypeError('not supported: Body.formData() (FormData was replaced)');
        return parse(u8, this.headers.get('content-type'));
      });
    },
  };

  function mixBody(proto) {
    for (const key of Object.keys(Object.getOwnPropertyDescriptors(bodyMixin))) {
      const desc = Object.getOwnPropertyDescriptor(bodyMixin, key);
      desc.enumerable = false;
      Object.defineProperty(proto, key, desc);
    }
  }

  // ---- Request ----

  const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);
  const normalizedMethods = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
  const kRequest = Symbol('kRequest');

  function parseURL(input) {
    try {
      return new URL(`${input}`);
    } catch (e) {
      throw new TypeError(`Failed to parse URL from ${input}`, { cause: e });
    }
  }

  class Request {
    constructor(input, init = {}) {
      if (init === null || (typeof init !== 'object' && init !== undefined)) {
        throw new TypeError("Failed to construct 'Request': cannot convert to dictionary.");
      }
      init ??= {};
      let r;
      let inputBody = null;
      if (input instanceof Request) {
        const from = input[kRequest];
        r = { ...from, headers: new Headers(from.headers) };
        inputBody = input[kBody];
      } else {
        const url = parseURL(input);
        if (url.username !== '' || url.password !== '') {
          throw new TypeError(`Request cannot be constructed from a URL that includes credentials: ${input}`);
        }
        r = { url: url.href, method: 'GET', headers: new Headers(), redirect: 'follow', signal: null, keepalive: false };
      }
      if (init.method !== undefined) {
        let method = `${init.method}`;
        if (!tokenRe.test(method)) throw new TypeError(`'${method}' is not a valid HTTP method.`);
        const upper = method.toUpperCase();
        if (forbiddenMethods.has(upper)) throw new TypeError(`'${method}' HTTP method is unsupported.`);
        if (normalizedMethods.has(upper)) method = upper;
        r.method = method;
      }
      if (init.headers !== undefined) r.headers = new Headers(init.headers);
      if (init.redirect !== undefined) {
        if (!['follow', 'manual', 'error'].includes(init.redirect)) {
          throw new TypeError(`Failed to construct 'Request': The provided value '${init.redirect}' is not a valid enum value of type RequestRedirect.`);
        }
        r.redirect = init.redirect;
      }
      if (init.keepalive !== undefined) r.keepalive = Boolean(init.keepalive);
      if (init.signal !== undefined && init.signal !== null) {
        if (typeof init.signal !== 'object' || !('aborted' in init.signal)) {
          throw new TypeError("Failed to construct 'Request': member signal is not of type AbortSignal.");
        }
        r.signal = init.signal;
      }
      if (r.signal === null || r.signal === undefined) r.signal = typeof AbortController === 'function' ? new AbortController().signal : null;

      let body;
      if (init.body !== undefined && init.body !== null) {
        if (r.method === 'GET' || r.method === 'HEAD') throw new TypeError('Request with GET/HEAD method cannot have body.');
        const extracted = extractBody(init.body);
        if (extracted.type !== null && !r.headers.has('content-type')) r.headers.set('content-type', extracted.type);
        body = bodyState(extracted);
      } else if (inputBody !== null && (inputBody.bytes !== null || inputBody.stream !== null)) {
        if (isUsed(inputBody)) throw new TypeError('Cannot construct a Request with a Request object that has already been used.');
        body = { bytes: inputBody.bytes, stream: inputBody.stream, used: false };
        inputBody.used = true;
      } else {
        body = bodyState(null);
      }
      this[kRequest] = r;
      this[kBody] = body;
    }

    get method() { return this[kRequest].method; }
    get url() { return this[kRequest].url; }
    get headers() { return this[kRequest].headers; }
    get redirect() { return this[kRequest].redirect; }
    get signal() { return this[kRequest].signal; }
    get keepalive() { return this[kRequest].keepalive; }
    get cache() { return 'default'; }
    get credentials() { return 'same-origin'; }
    get destination() { return ''; }
    get integrity() { return ''; }
    get mode() { return 'cors'; }
    get referrer() { return 'about:client'; }
    get referrerPolicy() { return ''; }
    get duplex() { return 'half'; }

    clone() {
      const c = Object.create(Request.prototype);
      c[kRequest] = { ...this[kRequest], headers: new Headers(this[kRequest].headers) };
      c[kBody] = cloneBody(this[kBody]);
      return c;
    }
  }
  mixBody(Request.prototype);
  Object.defineProperty(Request.prototype, Symbol.toStringTag, { value: 'Request', configurable: true });

  // ---- Response ----

  const nullBodyStatus = new Set([101, 103, 204, 205, 304]);
  const redirectStatus = new Set([301, 302, 303, 307, 308]);
  const kResponse = Symbol('kResponse');

  class Response {
    constructor(body = null, init = {}) {
      init ??= {};
      const status = init.status ?? 200;
      if (!Number.isInteger(status) || status < 200 || status > 599) {
        throw new RangeError(`init["status"] must be in the range of 200 to 599, inclusive.`);
      }
      const statusText = init.statusText === undefined ? '' : `${init.statusText}`;
      const headers = new Headers(init.headers);
      let state = bodyState(null);
      if (body !== null && body !== undefined) {
        if (nullBodyStatus.has(status)) throw new TypeError('Response constructor: Invalid response status code ' + status);
        const extracted = extractBody(body);
        if (extracted.type !== null && !headers.has('content-type')) headers.set('content-type', extracted.type);
        state = bodyState(extracted);
      }
      this[kResponse] = { status, statusText, headers, url: '', redirected: false, type: 'default' };
      this[kBody] = state;
    }

    get status() { return this[kResponse].status; }
    get statusText() { return this[kResponse].statusText; }
    get ok() { const s = this[kResponse].status; return s >= 200 && s <= 299; }
    get headers() { return this[kResponse].headers; }
    get url() { return this[kResponse].url; }
    get redirected() { return this[kResponse].redirected; }
    get type() { return this[kResponse].type; }

    clone() {
      const c = Object.create(Response.prototype);
      const r = this[kResponse];
      c[kResponse] = { ...r, headers: new Headers(r.headers) };
      c[kResponse].headers[kGuard] = r.headers[kGuard];
      c[kBody] = cloneBody(this[kBody]);
      return c;
    }

    static error() {
      const r = new Response(null, { status: 200 });
      Object.assign(r[kResponse], { status: 0, type: 'error' });
      r.headers[kGuard] = 'immutable';
      return r;
    }

    static json(data, init = {}) {
      const text = JSON.stringify(data);
      if (text === undefined) throw new TypeError('Value is not JSON serializable');
      const headers = new Headers(init?.headers);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      return new Response(text, { ...init, headers });
    }

    static redirect(url, status = 302) {
      const parsed = parseURL(url);
      if (!redirectStatus.has(status)) throw new RangeError(`Invalid status code ${status}`);
      const r = new Response(null, { status, headers: { location: parsed.href } });
      r.headers[kGuard] = 'immutable';
      return r;
    }
  }
  mixBody(Response.prototype);
  Object.defineProperty(Response.prototype, Symbol.toStringTag, { value: 'Response', configurable: true });

  // ---- fetch ----

  function networkError(record) {
    const cause = new Error(record.error);
    if (record.code !== undefined) cause.code = record.code;
    return new TypeError('fetch failed', { cause });
  }

  function fetch(input, init = undefined) {
    return new Promise((resolve, reject) => {
      const request = new Request(input, init);
      const r = request[kRequest];
      const signal = r.signal;
      if (signal?.aborted) throw abortReason(signal);

      const headers = new Headers(r.headers);
      const defaults = [['accept', '*/*'], ['accept-language', '*'], ['sec-fetch-mode', 'cors'], ['user-agent', 'node']];
      for (const [k, v] of defaults) if (!headers.has(k)) headers.set(k, v);

      const b = request[kBody];
      if (isUsed(b)) throw new TypeError('Body is unusable: Body has already been read');
      const bodyPromise = b.stream === null && b.bytes === null ? Promise.resolve(null) : consume(request);

      let settled = false;
      let handle = null;
      let stream = null;
      const onAbort = () => {
        const reason = abortReason(signal);
        handle?.abort();
        if (!settled) {
          settled = true;
          reject(reason);
        } else if (stream !== null) {
          errorStream(stream, reason);
        }
      };
      const cleanup = () => signal?.removeEventListener('abort', onAbort);
      signal?.addEventListener('abort', onAbort, { once: true });

      bodyPromise.then((bytes) => {
        if (signal?.aborted) return;
        handle = lib.start({ url: r.url, method: r.method, headers: headersToFlat(headers), body: bytes, redirect: r.redirect });
        return handle.head.then((head) => {
          if (settled) return;
          settled = true;
          if (head.error !== undefined) {
            cleanup();
            reject(head.aborted ? abortReason(signal) : networkError(head));
            return;
          }
          const hasBody = r.method !== 'HEAD' && !nullBodyStatus.has(head.status);
          if (hasBody) {
            stream = new ReadableStream({
              type: 'bytes',
              pull(c) {
                return handle.read().then((chunk) => {
                  if (chunk === null) {
                    cleanup();
                    closeBytes(c);
                  } else if (chunk instanceof ArrayBuffer) {
                    c.enqueue(new Uint8Array(chunk));
                  } else {
                    cleanup();
                    c.error(chunk.aborted ? abortReason(signal) : networkError(chunk));
                  }
                });
              },
              cancel() {
                cleanup();
                handle.abort();
              },
            }, { highWaterMark: 0 });
          } else {
            cleanup();
            handle.abort();
          }
          const response = Object.create(Response.prototype);
          const responseHeaders = new Headers();
          for (let i = 0; i + 1 < head.headers.length; i += 2) responseHeaders.append(head.headers[i], head.headers[i + 1]);
          responseHeaders[kGuard] = 'immutable';
          response[kResponse] = {
            status: head.status,
            statusText: head.statusText,
            headers: responseHeaders,
            url: head.url,
            redirected: head.redirected,
            type: 'basic',
          };
          response[kBody] = bodyState({ bytes: null, stream });
          resolve(response);
        });
      }).catch((e) => {
        cleanup();
        if (!settled) {
          settled = true;
          reject(e);
        }
      });
    });
  }

  Object.assign(exports, {
    fetch,
    Request,
    Response,
    Headers,
    ReadableStream,
    ReadableStreamDefaultReader,
    ReadableStreamDefaultController,
    ReadableByteStreamController,
    ReadableStreamBYOBReader,
    ReadableStreamBYOBRequest,
  });
})
