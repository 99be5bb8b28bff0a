// node:http and node:https: IncomingMessage (a
// Readable), ServerResponse and ClientRequest (Writables), Server and
// Agent in Node's shape; http.go does the protocol work with Go's
// net/http. Differences from Node, all from using net/http underneath:
// header names arrive canonicalised (rawHeaders shows "Content-Type" even
// if the peer sent "content-type"); there is no socket-level access
// (req.socket is a stand-in with the addresses) and no CONNECT handling;
// upgrades hand the raw connection to 'upgrade' listeners as a net.Socket.
(function (module, exports, require, lib) {
  'use strict';

  const EE = require('events');
  const { Readable, Writable } = require('stream');
  const { Buffer } = require('buffer');
  const net = require('net');
  const { codeError, invalidArgType } = lib.errors;
  const netError = net._netError;
  const secure = lib.secure;
  const defaultProtocol = secure ? 'https:' : 'http:';

  const STATUS_CODES = {
    100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints", 200: "OK",
    201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
    205: "Reset Content", 206: "Partial Content", 207: "Multi-Status", 208: "Already Reported",
    226: "IM Used", 300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other",
    304: "Not Modified", 305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
    400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
    408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
    413: "Payload Too Large", 414: "URI Too Long", 415: "Unsupported Media Type",
    416: "Range Not Satisfiable", 417: "Expectation Failed", 418: "I'm a Teapot", 421: "Misdirected Request",
    422: "Unprocessable Entity", 423: "Locked", 424: "Failed Dependency", 425: "Too Early",
    426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
    431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
    504: "Gateway Timeout", 505: "HTTP Version Not Supported", 506: "Variant Also Negotiates",
    507: "Insufficient Storage", 508: "Loop Detected", 509: "Bandwidth Limit Exceeded", 510: "Not Extended",
    511: "Network Authentication Required",
  };
  const METHODS = [
    'ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK', 'M-SEARCH',
    'MERGE', 'MKACTIVITY', 'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST', 'PROPFIND',
    'PROPPATCH', 'PURGE', 'PUT', 'QUERY', 'REBIND', 'REPORT', 'SEARCH', 'SOURCE', 'SUBSCRIBE', 'TRACE',
    'UNBIND', 'UNLINK', 'UNLOCK', 'UNSUBSCRIBE',
  ];

  const tokenRe = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
  const badValueRe = /[^\t\x20-\x7e\x80-\xff]/;

  function validateHeaderName(name, label = 'Header name') {
    if (typeof name !== 'string' || !name || !tokenRe.test(name)) {
      throw codeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', `${label} must be a valid HTTP token ["${name}"]`);
    }
  }
  function validateHeaderValue(name, value) {
    if (value === undefined) {
      throw codeError(TypeError, 'ERR_HTTP_INVALID_HEADER_VALUE', `Invalid value "${value}" for header "${name}"`);
    }
    if (badValueRe.test(String(value))) {
      throw codeError(TypeError, 'ERR_INVALID_CHAR', `Invalid character in header content ["${name}"]`);
    }
  }

  // Node's rules for repeated incoming headers: set-cookie collects an
  // array, a few keep the first value, cookie joins with "; ", the rest
  // with ", ".
  const singleValued = new Set(['content-type', 'content-length', 'user-agent', 'referer', 'host', 'authorization',
    'proxy-authorization', 'if-modified-since', 'if-unmodified-since', 'from', 'location', 'max-forwards',
    'retry-after', 'etag', 'last-modified', 'server', 'age', 'expires']);
  function headersFromRaw(raw) {
    const out = {};
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const k = raw[i].toLowerCase();
      const v = raw[i + 1];
      if (k === 'set-cookie') {
        (out[k] ??= []).push(v);
      } else if (out[k] === undefined) {
        out[k] = v;
      } else if (!singleValued.has(k)) {
        out[k] += (k === 'cookie' ? '; ' : ', ') + v;
      }
    }
    return out;
  }

  function fakeSocket(addr) {
    const s = new EE();
    Object.assign(s, {
      remoteAddress: addr?.address,
      remotePort: addr?.port,
      remoteFamily: addr?.family,
      encrypted: secure || undefined,
      setTimeout() { return this; },
      setNoDelay() { return this; },
      setKeepAlive() { return this; },
      destroy() { return this; },
      end() { return this; },
      ref() { return this; },
      unref() { return this; },
      address() { return {}; },
    });
    return s;
  }

  // ---- IncomingMessage ----

  const kHandle = Symbol('kHandle');

  function IncomingMessage(socket) {
    if (!(this instanceof IncomingMessage)) return new IncomingMessage(socket);
    Readable.call(this);
    this.socket = socket ?? null;
    this.httpVersionMajor = 1;
    this.httpVersionMinor = 1;
    this.httpVersion = '1.1';
    this.complete = false;
    this.rawHeaders = [];
    this.headers = {};
    this.rawTrailers = [];
    this.trailers = {};
    this.aborted = false;
    this.upgrade = false;
    this.url = '';
    this.method = null;
    this.statusCode = null;
    this.statusMessage = null;
    this[kHandle] = null;
  }
  Object.setPrototypeOf(IncomingMessage.prototype, Readable.prototype);
  Object.setPrototypeOf(IncomingMessage, Readable);
  Object.defineProperty(IncomingMessage.prototype, 'connection', {
    configurable: true,
    get() { return this.socket; },
  });
  Object.defineProperty(IncomingMessage.prototype, 'headersDistinct', {
    configurable: true,
    get() {
      const out = {};
      for (let i = 0; i + 1 < this.rawHeaders.length; i += 2) (out[this.rawHeaders[i].toLowerCase()] ??= []).push(this.rawHeaders[i + 1]);
      return out;
    },
  });

  IncomingMessage.prototype._attach = function (h) {
    this[kHandle] = h;
    this.rawHeaders = h.rawHeaders;
    this.headers = headersFromRaw(h.rawHeaders);
    this.httpVersion = h.httpVersion;
    const [maj, min] = h.httpVersion.split('.');
    this.httpVersionMajor = Number(maj);
    this.httpVersionMinor = Number(min);
    // The body arrives from Go, in the async context the message was
    // attached in (the request handler's, the response callback's).
    h.hooks.onData = lib.bindContext((ab) => this.push(Buffer.from(ab)));
    h.hooks.onEnd = lib.bindContext(() => {
      this.complete = true;
      this.push(null);
    });
    h.hooks.onError = lib.bindContext((info) => this.destroy(netError(info)));
    h.hooks.onAborted = lib.bindContext(() => {
      if (this.complete) return;
      this.aborted = true;
      this.emit('aborted');
      const e = new Error('aborted');
      e.code = 'ECONNRESET';
      this.destroy(e);
    });
  };
  IncomingMessage.prototype._read = function () {
    if (this[kHandle]) this[kHandle].read();
  };
  IncomingMessage.prototype._destroy = function (err, cb) {
    if (this[kHandle] && this[kHandle].close && !this.complete) this[kHandle].close();
    // A destroyed request whose body was not read does not report an
    // error nobody listens for.
    if (err && this.listenerCount('error') === 0) err = null;
    cb(err);
  };
  IncomingMessage.prototype.setTimeout = function (ms, cb) {
    if (cb) this.on('timeout', cb);
    return this;
  };

  // ---- OutgoingMessage: the header store both writers share ----

  const kHeaders = Symbol('kHeaders');

  function OutgoingMessage(options) {
    if (!(this instanceof OutgoingMessage)) return new OutgoingMessage(options);
    Writable.call(this, options);
    this[kHeaders] = new Map(); // lower name → [name, value]
    this.headersSent = false;
    this.sendDate = true;
    this.chunkedEncoding = false;
    this.useChunkedEncodingByDefault = true;
  }
  Object.setPrototypeOf(OutgoingMessage.prototype, Writable.prototype);
  Object.setPrototypeOf(OutgoingMessage, Writable);

  OutgoingMessage.prototype.setHeader = function (name, value) {
    if (this.headersSent) throw codeError(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot set headers after they are sent to the client');
    validateHeaderName(name);
    validateHeaderValue(name, value);
    this[kHeaders].set(name.toLowerCase(), [name, value]);
    return this;
  };
  OutgoingMessage.prototype.appendHeader = function (name, value) {
    if (this.headersSent) throw codeError(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot append headers after they are sent to the client');
    validateHeaderName(name);
    validateHeaderValue(name, value);
    const key = name.toLowerCase();
    const cur = this[kHeaders].get(key);
    if (!cur) this[kHeaders].set(key, [name, value]);
    else this[kHeaders].set(key, [cur[0], [].concat(cur[1], value)]);
    return this;
  };
  OutgoingMessage.prototype.getHeader = function (name) {
    if (typeof name !== 'string') throw invalidArgType('name', 'of type string', name);
    return this[kHeaders].get(name.toLowerCase())?.[1];
  };
  OutgoingMessage.prototype.getHeaders = function () {
    const out = Object.create(null);
    for (const [k, [, v]] of this[kHeaders]) out[k] = v;
    return out;
  };
  OutgoingMessage.prototype.getHeaderNames = function () {
    return [...this[kHeaders].keys()];
  };
  OutgoingMessage.prototype.getRawHeaderNames = function () {
    return [...this[kHeaders].values()].map((e) => e[0]);
  };
  OutgoingMessage.prototype.hasHeader = function (name) {
    if (typeof name !== 'string') throw invalidArgType('name', 'of type string', name);
    return this[kHeaders].has(name.toLowerCase());
  };
  OutgoingMessage.prototype.removeHeader = function (name) {
    if (this.headersSent) throw codeError(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot remove headers after they are sent to the client');
    this[kHeaders].delete(String(name).toLowerCase());
  };
  OutgoingMessage.prototype._flatHeaders = function () {
    const out = [];
    for (const [, [name, value]] of this[kHeaders]) {
      if (Array.isArray(value)) for (const v of value) out.push(name, String(v));
      else out.push(name, String(value));
    }
    return out;
  };
  OutgoingMessage.prototype.setTimeout = function (ms, cb) {
    if (cb) this.on('timeout', cb);
    return this;
  };
  OutgoingMessage.prototype.addTrailers = function () {};
  OutgoingMessage.prototype.flushHeaders = function () {};
  Object.defineProperty(OutgoingMessage.prototype, 'finished', {
    configurable: true,
    get() { return this.writableEnded; },
  });
  Object.defineProperty(OutgoingMessage.prototype, 'connection', {
    configurable: true,
    get() { return this.socket; },
  });

  function setHeadersFrom(msg, headers) {
    if (Array.isArray(headers)) {
      if (headers.length && Array.isArray(headers[0])) {
        for (const [k, v] of headers) msg.appendHeader(k, v);
      } else {
        for (let i = 0; i + 1 < headers.length; i += 2) msg.appendHeader(headers[i], headers[i + 1]);
      }
    } else if (headers && typeof headers === 'object') {
      for (const k of Object.keys(headers)) if (headers[k] !== undefined) msg.setHeader(k, headers[k]);
    }
  }

  // ---- ServerResponse ----

  const kLast = Symbol('kLast');
  const kWrote = Symbol('kWrote');
  // writeHead() fixes the head before the body is known, so Node frames
  // the body chunked (unless it has a Content-Length).
  const kHeadFixed = Symbol('kHeadFixed');

  function ServerResponse(req) {
    if (!(this instanceof ServerResponse)) return new ServerResponse(req);
    OutgoingMessage.call(this);
    this.req = req;
    this.socket = req?.socket ?? null;
    this.statusCode = 200;
    this.statusMessage = undefined;
    this.strictContentLength = false;
    this[kHandle] = null;
    this[kWrote] = false;
    this[kLast] = null;
  }
  Object.setPrototypeOf(ServerResponse.prototype, OutgoingMessage.prototype);
  Object.setPrototypeOf(ServerResponse, OutgoingMessage);

  ServerResponse.prototype.writeHead = function (statusCode, reason, headers) {
    if (this.headersSent) throw codeError(Error, 'ERR_HTTP_HEADERS_SENT', 'Cannot write headers after they are sent to the client');
    if (typeof reason !== 'string') {
      headers = reason;
      reason = undefined;
    }
    statusCode |= 0;
    if (statusCode < 100 || statusCode > 999) {
      throw codeError(RangeError, 'ERR_HTTP_INVALID_STATUS_CODE', `Invalid status code: ${statusCode}`);
    }
    this.statusCode = statusCode;
    if (reason !== undefined) this.statusMessage = reason;
    checkStatusMessage(this);
    setHeadersFrom(this, headers);
    this[kHeadFixed] = true;
    return this;
  };
  ServerResponse.prototype.writeContinue = function () {};
  ServerResponse.prototype.writeProcessing = function () {};
  ServerResponse.prototype.flushHeaders = function () {
    if (this.headersSent) return;
    this._head();
    this[kHandle].op('head', this.statusCode, this._flatHeaders(), null, null, this.statusMessage);
  };
  ServerResponse.prototype._head = function () {
    checkStatusMessage(this);
    this.headersSent = true;
  };
  // The reason phrase goes on the wire as given (http.go), so it is
  // checked like a header value, as Node's writeHead does.
  function checkStatusMessage(res) {
    if (res.headersSent) return;
    res.statusMessage ||= STATUS_CODES[res.statusCode] || 'unknown';
    if (badValueRe.test(String(res.statusMessage))) {
      throw codeError(TypeError, 'ERR_INVALID_CHAR', 'Invalid character in statusMessage');
    }
  }
  ServerResponse.prototype._write = function (chunk, encoding, cb) {
    const first = !this.headersSent;
    this._head();
    this[kWrote] = true;
    this[kHandle].op('write', this.statusCode, first ? this._flatHeaders() : null, chunk, (err) => cb(err ? new Error(err) : null), this.statusMessage);
  };
  ServerResponse.prototype.end = function (chunk, encoding, cb) {
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      cb = encoding;
      encoding = undefined;
    }
    checkStatusMessage(this);
    // A body given only to end() goes out with the head and a
    // Content-Length, as Node sends it.
    if (chunk !== undefined && chunk !== null && !this[kWrote] && !this[kHeadFixed] && !this.writableEnded) {
      this[kLast] = typeof chunk === 'string' ? Buffer.from(chunk, encoding || 'utf8') : chunk;
      chunk = undefined;
    }
    return Writable.prototype.end.call(this, chunk, encoding, cb);
  };
  ServerResponse.prototype._final = function (cb) {
    let first = !this.headersSent;
    this._head();
    if (first && this[kHeadFixed]) {
      // The head goes out (flushed) before the end, so it is chunked.
      this[kHandle].op('head', this.statusCode, this._flatHeaders(), null, null, this.statusMessage);
      first = false;
    }
    const last = this[kLast];
    this[kLast] = null;
    this[kHandle].op('end', this.statusCode, first ? this._flatHeaders() : null, last, (err) => cb(err ? new Error(err) : null), this.statusMessage);
  };
  ServerResponse.prototype._destroy = function (err, cb) {
    if (!this.writableFinished && this[kHandle] && !this.req?.aborted) this[kHandle].op('abort', 0, null, null, null);
    cb(err);
  };
  ServerResponse.prototype.assignSocket = function () {};
  ServerResponse.prototype.detachSocket = function () {};

  // ---- Server ----

  function Server(options, requestListener) {
    if (!(this instanceof Server)) return new Server(options, requestListener);
    EE.call(this);
    if (typeof options === 'function') {
      requestListener = options;
      options = {};
    }
    this.options = { ...options };
    if (requestListener) this.on('request', requestListener);
    this._handle = null;
    this._addr = null;
    this.listening = false;
    this.timeout = 0;
    this.keepAliveTimeout = 5000;
    this.headersTimeout = 60000;
    this.requestTimeout = 300000;
    this.maxHeadersCount = null;
    this.maxRequestsPerSocket = 0;
  }
  Object.setPrototypeOf(Server.prototype, EE.prototype);
  Object.setPrototypeOf(Server, EE);

  Server.prototype.listen = function (...args) {
    const [opts, cb] = net._listenArgs(args);
    if (this.listening || this._handle) {
      throw codeError(Error, 'ERR_SERVER_ALREADY_LISTEN', 'Listen method has been called more than once without closing.');
    }
    if (opts.path) throw new Error('not supported yet: node:http.Server.listen(path)');
    const port = opts.port === undefined || opts.port === null ? 0 : net._validatePort(opts.port, 'options.port');
    if (cb) this.once('listening', cb);
    // Called with no arguments it answers whether upgrades are taken.
    const onUpgrade = lib.bindContext((h, handle, head) => (h === undefined ? this.listenerCount('upgrade') > 0 : this._onUpgrade(h, handle, head)));
    this._handle = lib.serve(opts.host || '', port, this._tls ?? null, lib.bindContext((h) => this._onRequest(h)), lib.bindContext((err, addr) => {
      if (err) {
        this._handle = null;
        this.emit('error', netError(err));
        return;
      }
      this._addr = addr;
      this.listening = true;
      this.emit('listening');
    }), onUpgrade);
    return this;
  };

  // upgradedMessage is the IncomingMessage of an upgrade (the request a
  // server gets, the 101 response a client gets): headers only, over the
  // connection's own net.Socket.
  function upgradedMessage(h, handle) {
    const socket = new net.Socket({ handle });
    const msg = new IncomingMessage(socket);
    h.hooks = {};
    msg._attach(h);
    msg[kHandle] = null;
    msg.upgrade = true;
    msg.complete = true;
    msg.push(null);
    return msg;
  }

  Server.prototype._onUpgrade = function (h, handle, head) {
    const req = upgradedMessage(h, handle);
    req.method = h.method;
    req.url = h.url;
    this.emit('upgrade', req, req.socket, Buffer.from(head));
  };

  Server.prototype._onRequest = function (h) {
    const socket = fakeSocket(h.remote);
    const req = new IncomingMessage(socket);
    req.method = h.method;
    req.url = h.url;
    req._attach(h);
    const res = new ServerResponse(req);
    res[kHandle] = h;
    res.on('finish', () => {
      // The request is over: a body nobody read is dropped.
      if (!req.complete && !req.destroyed) req.destroy();
    });
    // A client that goes away closes the response too (SSE handlers wait
    // for res 'close').
    req.once('aborted', () => {
      if (!res.writableFinished && !res.destroyed) res.destroy();
    });
    if (this.listenerCount('request') === 0) {
      res.statusCode = 404;
      res.end();
      return;
    }
    this.emit('request', req, res);
  };

  Server.prototype.close = function (cb) {
    if (typeof cb === 'function') {
      if (!this.listening) {
        queueMicrotask(() => cb(codeError(Error, 'ERR_SERVER_NOT_RUNNING', 'Server is not running.')));
      } else {
        this.once('close', cb);
      }
    }
    const h = this._handle;
    this._handle = null;
    if (this.listening) {
      this.listening = false;
      h.close(() => this.emit('close'));
    }
    return this;
  };
  Server.prototype.closeAllConnections = function () {
    if (this._handle) this._handle.closeAll();
  };
  Server.prototype.closeIdleConnections = function () {};
  Server.prototype.address = function () {
    return this.listening ? { ...this._addr } : null;
  };
  Server.prototype.setTimeout = function (ms, cb) {
    this.timeout = ms;
    if (cb) this.on('timeout', cb);
    return this;
  };
  Server.prototype.ref = function () {
    return this;
  };
  Server.prototype.unref = function () {
    return this;
  };

  function createServer(options, requestListener) {
    const srv = new Server(options, requestListener);
    if (secure) {
      // https: the TLS options (cert, key, ca, requestCert...) go to Go.
      const o = typeof options === 'function' ? {} : { ...(options?.secureContext?.context ?? {}), ...options };
      if (o.cert === undefined || o.key === undefined) throw new Error('not supported yet: node:https.createServer without cert and key (pfx, SNICallback)');
      srv._tls = o;
    }
    return srv;
  }

  // ---- Agent ----

  function Agent(options) {
    if (!(this instanceof Agent)) return new Agent(options);
    EE.call(this);
    this.options = { path: null, ...options };
    this.keepAlive = !!options?.keepAlive;
    this.keepAliveMsecs = options?.keepAliveMsecs ?? 1000;
    this.maxSockets = options?.maxSockets ?? Infinity;
    this.maxFreeSockets = options?.maxFreeSockets ?? 256;
    this.maxTotalSockets = options?.maxTotalSockets ?? Infinity;
    this.defaultPort = secure ? 443 : 80;
    this.protocol = defaultProtocol;
    this.requests = Object.create(null);
    this.sockets = Object.create(null);
    this.freeSockets = Object.create(null);
  }
  Object.setPrototypeOf(Agent.prototype, EE.prototype);
  Object.setPrototypeOf(Agent, EE);
  Agent.prototype.destroy = function () {};
  Agent.prototype.getName = function (options = {}) {
    return `${options.host || 'localhost'}:${options.port || ''}:${options.localAddress || ''}`;
  };
  const globalAgent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

  // ---- ClientRequest ----

  const kChunks = Symbol('kChunks');
  const kTimer = Symbol('kTimer');

  function ClientRequest(input, options, cb) {
    if (!(this instanceof ClientRequest)) return new ClientRequest(input, options, cb);
    // Finishing the body is not the end of a request: it is destroyed when
    // the response ends or on error.
    OutgoingMessage.call(this, { autoDestroy: false });
    if (typeof input === 'string' || (input && typeof input.href === 'string' && typeof input.protocol === 'string' && !(input instanceof ClientRequest) && input.searchParams)) {
      const u = new URL(String(input));
      const fromUrl = {
        protocol: u.protocol,
        hostname: u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname,
        port: u.port ? Number(u.port) : undefined,
        path: u.pathname + u.search,
        auth: u.username || u.password ? `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}` : undefined,
      };
      if (typeof options === 'function') {
        cb = options;
        options = {};
      }
      options = { ...fromUrl, ...options };
    } else {
      cb = options;
      options = { ...input };
    }
    if (typeof cb === 'function') this.once('response', cb);
    const protocol = options.protocol || defaultProtocol;
    if (protocol !== defaultProtocol) {
      throw codeError(TypeError, 'ERR_INVALID_PROTOCOL', `Protocol "${protocol}" not supported. Expected "${defaultProtocol}"`);
    }
    let host = options.hostname || options.host || 'localhost';
    if (!options.hostname && typeof options.host === 'string' && /^[^\[]*:\d+$/.test(options.host)) host = options.host.split(':')[0];
    const port = options.port ? Number(options.port) : options.defaultPort || (secure ? 443 : 80);
    const method = (options.method || 'GET').toUpperCase();
    if (!tokenRe.test(method)) throw codeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', `Method must be a valid HTTP token ["${options.method}"]`);
    const path = options.path || '/';
    if (/[\u0000-\u0020]/.test(path)) throw codeError(TypeError, 'ERR_UNESCAPED_CHARACTERS', 'Request path contains unescaped characters');
    this.method = method;
    this.path = path;
    this.host = host;
    this.protocol = protocol;
    this.port = port;
    this.agent = options.agent ?? globalAgent;
    this.reusedSocket = false;
    this.aborted = false;
    this.res = null;
    this.socket = fakeSocket(null);
    this[kChunks] = [];
    this[kHandle] = null;
    this[kTimer] = null;
    setHeadersFrom(this, options.headers);
    if (options.auth && !this.hasHeader('authorization')) {
      this.setHeader('Authorization', 'Basic ' + Buffer.from(options.auth).toString('base64'));
    }
    if (!this.hasHeader('host')) {
      const hostHeader = host.includes(':') ? `[${host}]` : host;
      this.setHeader('Host', port === (secure ? 443 : 80) ? hostHeader : `${hostHeader}:${port}`);
    }
    if (options.timeout) this.setTimeout(options.timeout);
    if (options.signal) {
      const signal = options.signal;
      const onAbort = () => this.destroy(Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' }));
      if (signal.aborted) queueMicrotask(onAbort);
      else {
        signal.addEventListener('abort', onAbort, { once: true });
        this.once('close', () => signal.removeEventListener('abort', onAbort));
      }
    }
    if (secure) {
      const a = this.agent?.options ?? {};
      const pick = (k) => options[k] ?? a[k];
      if (['ca', 'rejectUnauthorized', 'cert', 'key', 'servername'].some((k) => pick(k) !== undefined)) {
        this._tls = { ca: pick('ca'), rejectUnauthorized: pick('rejectUnauthorized'), cert: pick('cert'), key: pick('key'), servername: pick('servername') };
      }
    }
    const hostForUrl = host.includes(':') ? `[${host}]` : host;
    this._url = `${protocol}//${hostForUrl}:${port}${path}`;
  }
  Object.setPrototypeOf(ClientRequest.prototype, OutgoingMessage.prototype);
  Object.setPrototypeOf(ClientRequest, OutgoingMessage);

  // _start sends the head: streaming (chunked) once the body is written
  // to before end(), else with the whole body end() gave.
  ClientRequest.prototype._start = function (stream, body) {
    this.headersSent = true;
    this[kHandle] = lib.request(
      {
        url: this._url,
        method: this.method,
        headers: this._flatHeaders(),
        body,
        stream,
        tls: this._tls ?? null,
        onUpgrade: lib.bindContext((h, handle, head) => this._onUpgrade(h, handle, head)),
      },
      lib.bindContext((h) => this._onResponse(h)),
      lib.bindContext((info) => {
        if (info.aborted) {
          if (!this.destroyed) this.destroy();
          return;
        }
        this.destroy(netError(info));
      }),
    );
  };
  ClientRequest.prototype._write = function (chunk, encoding, cb) {
    if (!this[kHandle]) this._start(true, null);
    this[kHandle].write(chunk, (err) => cb(err ? new Error(err) : null));
  };
  ClientRequest.prototype.end = function (chunk, encoding, cb) {
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      cb = encoding;
      encoding = undefined;
    }
    // A body given only to end() goes out with a Content-Length, as Node
    // sends it.
    if (chunk !== undefined && chunk !== null && !this[kHandle] && !this.writableEnded) {
      this[kChunks].push(typeof chunk === 'string' ? Buffer.from(chunk, encoding || 'utf8') : chunk);
      chunk = undefined;
    }
    Writable.prototype.end.call(this, chunk, encoding, cb);
    return this;
  };
  ClientRequest.prototype._final = function (cb) {
    if (this[kHandle]) {
      this[kHandle].end(() => cb());
      return;
    }
    const body = this[kChunks].length ? Buffer.concat(this[kChunks]) : null;
    this[kChunks] = [];
    this._start(false, body);
    cb();
  };
  ClientRequest.prototype.flushHeaders = function () {
    if (!this[kHandle] && !this.destroyed) this._start(true, null);
  };
  ClientRequest.prototype._onResponse = function (h) {
    if (this[kTimer]) {
      clearTimeout(this[kTimer]);
      this[kTimer] = null;
    }
    const res = new IncomingMessage(this.socket);
    res.statusCode = h.statusCode;
    res.statusMessage = h.statusMessage;
    res.req = this;
    res._attach(h);
    this.res = res;
    res.on('end', () => {
      if (!this.destroyed) this.destroy();
    });
    if (this.listenerCount('response') === 0) {
      res.resume();
      return;
    }
    this.emit('response', res);
  };
  // A 101 answer: the 'upgrade' listeners get the connection; without one
  // it is closed, as in Node.
  ClientRequest.prototype._onUpgrade = function (h, handle, head) {
    if (this[kTimer]) {
      clearTimeout(this[kTimer]);
      this[kTimer] = null;
    }
    const res = upgradedMessage(h, handle);
    res.statusCode = h.statusCode;
    res.statusMessage = h.statusMessage;
    res.req = this;
    this.res = res;
    this.socket = res.socket;
    if (this.listenerCount('upgrade') === 0) {
      res.socket.destroy();
      this.destroy();
      return;
    }
    this.emit('upgrade', res, res.socket, Buffer.from(head));
  };
  ClientRequest.prototype._destroy = function (err, cb) {
    if (this[kTimer]) clearTimeout(this[kTimer]);
    if (this.res && !this.res.complete && !this.res.destroyed) {
      this.res.aborted = true;
      this.res.emit('aborted');
      this.res.destroy();
    }
    if (this[kHandle] && (!this.res || !this.res.complete)) this[kHandle].abort();
    cb(err);
  };
  ClientRequest.prototype.abort = function () {
    if (this.aborted) return;
    this.aborted = true;
    queueMicrotask(() => this.emit('abort'));
    this.destroy();
  };
  ClientRequest.prototype.setTimeout = function (ms, cb) {
    if (cb) this.once('timeout', cb);
    if (this[kTimer]) clearTimeout(this[kTimer]);
    this[kTimer] = ms > 0 ? setTimeout(() => this.emit('timeout'), ms) : null;
    return this;
  };
  ClientRequest.prototype.setNoDelay = function () {};
  ClientRequest.prototype.setSocketKeepAlive = function () {};

  function request(input, options, cb) {
    return new ClientRequest(input, options, cb);
  }
  function get(input, options, cb) {
    const req = request(input, options, cb);
    req.end();
    return req;
  }

  exports.METHODS = METHODS;
  exports.STATUS_CODES = STATUS_CODES;
  exports.Agent = Agent;
  exports.globalAgent = globalAgent;
  exports.Server = Server;
  exports.createServer = createServer;
  exports.request = request;
  exports.get = get;
  if (!secure) {
    exports.ClientRequest = ClientRequest;
    exports.IncomingMessage = IncomingMessage;
    exports.OutgoingMessage = OutgoingMessage;
    exports.ServerResponse = ServerResponse;
    exports.validateHeaderName = validateHeaderName;
    exports.validateHeaderValue = validateHeaderValue;
    exports.setMaxIdleHTTPParsers = () => {};
    exports.maxHeaderSize = 16384;
  }
})
