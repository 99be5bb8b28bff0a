// node:net: TCP (and Unix socket) clients and servers. Socket is a
// stream.Duplex over a Go connection handle (net.go); Server accepts on a
// Go listener. Errors have Node's shape ("connect ECONNREFUSED
// 127.0.0.1:1" with errno, code, syscall, address, port).
(function (module, exports, require, lib) {
  'use strict';

  const EE = require('events');
  const { Duplex } = require('stream');
  const { Buffer } = require('buffer');
  const { codeError, invalidArgType } = lib.errors;

  function netError(info) {
    // Node words listen errors the libuv way ("listen EADDRINUSE: address
    // already in use ...") and connect errors without the description.
    let msg = `${info.syscall} ${info.code}`;
    if (info.syscall === 'listen' || info.syscall === 'bind') msg += ': ' + info.desc;
    if (info.syscall === 'getaddrinfo') msg += ' ' + info.address;
    else if (info.address !== undefined) msg += ' ' + info.address + (info.port !== undefined ? ':' + info.port : '');
    const e = new Error(msg);
    e.errno = info.errno;
    e.code = info.code;
    e.syscall = info.syscall;
    if (info.syscall === 'getaddrinfo') e.hostname = info.address;
    else {
      if (info.address !== undefined) e.address = info.address;
      if (info.port !== undefined) e.port = info.port;
    }
    return e;
  }

  function validatePort(port, name = 'Port') {
    const n = typeof port === 'string' && port.trim() !== '' ? Number(port) : port;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 65535) {
      const shown = typeof port === 'string' ? `type string ('${port}')` : `type ${typeof port} (${String(port)})`;
      throw codeError(RangeError, 'ERR_SOCKET_BAD_PORT', `${name} should be >= 0 and < 65536. Received ${shown}.`);
    }
    return n;
  }

  const kHandle = Symbol('kHandle');
  const kPendingWrite = Symbol('kPendingWrite');
  const kPendingRead = Symbol('kPendingRead');
  const kTimeout = Symbol('kTimeout');
  const kOpts = Symbol('kOpts');
  const kInContext = Symbol('kInContext');

  function Socket(options) {
    if (!(this instanceof Socket)) return new Socket(options);
    if (typeof options === 'number') options = { fd: options };
    options = { ...options };
    const handle = options.handle;
    delete options.handle;
    Duplex.call(this, { ...options, allowHalfOpen: !!options.allowHalfOpen, emitClose: true, autoDestroy: true });
    this.connecting = false;
    this.bytesRead = 0;
    this._bytesWritten = 0;
    this.server = null;
    this[kHandle] = null;
    this[kTimeout] = null;
    this[kOpts] = { noDelay: options.noDelay, keepAlive: options.keepAlive };
    // Events from the connection run in the async context the socket was
    // made in.
    this[kInContext] = lib.bindContext((fn, arg) => fn(arg));
    if (handle) this._attach(handle);
  }
  Object.setPrototypeOf(Socket.prototype, Duplex.prototype);
  Object.setPrototypeOf(Socket, Duplex);

  Socket.prototype._attach = function (h) {
    this[kHandle] = h;
    const run = this[kInContext];
    h.onData = (ab) => run((b) => {
      this.bytesRead += b.length;
      this._touch();
      this.push(b);
    }, Buffer.from(ab));
    // At the end, read(0) lets 'end' out even when nobody reads, as Node
    // does, so the socket can finish and close.
    h.onEnd = () => run(() => {
      this.push(null);
      this.read(0);
    });
    h.onError = (info) => run((i) => this.destroy(netError(i)), info);
    if (this[kOpts].noDelay) h.setNoDelay(true);
    if (this[kOpts].keepAlive) h.setKeepAlive(true);
    if (this[kPendingRead]) {
      this[kPendingRead] = false;
      h.read();
    }
  };

  // _adopt takes over a connected handle (tls upgrade): what connect does
  // once dialled, without its events.
  Socket.prototype._adopt = function (h) {
    this.connecting = false;
    this._attach(h);
    this._touch();
    const pending = this[kPendingWrite];
    this[kPendingWrite] = null;
    if (pending) this._write(...pending);
    this._startReading();
  };

  // _startReading begins reading a fresh connection (up to the high water
  // mark), as Node's sockets do, so EOF is seen without a consumer.
  Socket.prototype._startReading = function () {
    if (!this.isPaused() && !this.destroyed) this.read(0);
  };

  // 'close' carries hadError, as in Node.
  Socket.prototype.emit = function (ev, ...args) {
    if (ev === 'close' && args.length === 0) args = [!!this.errored];
    return Duplex.prototype.emit.call(this, ev, ...args);
  };

  Socket.prototype._read = function () {
    if (this[kHandle] && !this.connecting) this[kHandle].read();
    else this[kPendingRead] = true;
  };

  Socket.prototype._write = function (chunk, encoding, cb) {
    if (this.connecting || !this[kHandle]) {
      this[kPendingWrite] = [chunk, encoding, cb];
      return;
    }
    this._bytesWritten += chunk.length;
    this._touch();
    this[kHandle].write(chunk, (err) => (err ? cb(netError(err)) : cb()));
  };

  Socket.prototype._final = function (cb) {
    if (this.connecting || !this[kHandle]) {
      this.once('connect', () => this._final(cb));
      return;
    }
    this[kHandle].end((err) => (err ? cb(netError(err)) : cb()));
  };

  Socket.prototype._destroy = function (err, cb) {
    if (this[kHandle]) this[kHandle].close();
    this.connecting = false;
    if (this[kTimeout]) {
      clearTimeout(this[kTimeout].timer);
      this[kTimeout] = null;
    }
    const pending = this[kPendingWrite];
    this[kPendingWrite] = null;
    if (pending) pending[2](err || codeError(Error, 'ERR_SOCKET_CLOSED', 'Socket is closed'));
    cb(err);
  };

  function normalizeConnectArgs(args) {
    let opts, cb;
    if (args.length > 0 && args[0] !== null && typeof args[0] === 'object') {
      opts = { ...args[0] };
      cb = args[1];
    } else if (typeof args[0] === 'string' && !/^\d+$/.test(args[0])) {
      opts = { path: args[0] };
      cb = args[1];
    } else {
      opts = { port: args[0] };
      if (typeof args[1] === 'string') {
        opts.host = args[1];
        cb = args[2];
      } else {
        cb = args[1];
      }
    }
    return [opts, typeof cb === 'function' ? cb : undefined];
  }

  Socket.prototype.connect = function (...args) {
    const [opts, cb] = normalizeConnectArgs(args);
    if (this.connecting) throw codeError(Error, 'ERR_SOCKET_CONNECTING', 'Socket is already connecting');
    let port = 0;
    const path = opts.path ? String(opts.path) : '';
    if (!path) {
      if (opts.port === undefined || opts.port === null) {
        throw codeError(TypeError, 'ERR_MISSING_ARGS', 'The "options" or "port" or "path" argument must be specified');
      }
      port = validatePort(opts.port);
    }
    const host = opts.host || 'localhost';
    if (cb) this.once('connect', cb);
    if (opts.timeout) this.setTimeout(opts.timeout);
    if (opts.noDelay) this[kOpts].noDelay = true;
    if (opts.keepAlive) this[kOpts].keepAlive = true;
    this.connecting = true;
    if (this.destroyed) this._undestroy();
    // node:tls replaces the dialler (_connectImpl) and may report an
    // error it has already built (failure).
    const dial = this._connectImpl ?? lib.connect;
    dial(host, port, path, lib.bindContext((err, h, failure) => {
      this.connecting = false;
      if (err || failure) {
        this.destroy(failure ?? netError(err));
        return;
      }
      if (this.destroyed) {
        h.close();
        return;
      }
      this._attach(h);
      this._touch();
      this.emit('connect');
      this.emit('ready');
      this._startReading();
      const pending = this[kPendingWrite];
      this[kPendingWrite] = null;
      if (pending) this._write(...pending);
    }));
    return this;
  };

  Socket.prototype._touch = function () {
    const t = this[kTimeout];
    if (!t) return;
    clearTimeout(t.timer);
    t.timer = setTimeout(() => this.emit('timeout'), t.ms);
  };

  Socket.prototype.setTimeout = function (ms, cb) {
    if (this[kTimeout]) {
      clearTimeout(this[kTimeout].timer);
      this[kTimeout] = null;
    }
    if (typeof cb === 'function') {
      if (ms === 0) this.removeListener('timeout', cb);
      else this.once('timeout', cb);
    }
    if (ms > 0) {
      this[kTimeout] = { ms, timer: null };
      this._touch();
    }
    return this;
  };
  Object.defineProperty(Socket.prototype, 'timeout', {
    configurable: true,
    get() {
      return this[kTimeout] ? this[kTimeout].ms : undefined;
    },
  });

  Socket.prototype.setNoDelay = function (noDelay = true) {
    this[kOpts].noDelay = !!noDelay;
    if (this[kHandle]) this[kHandle].setNoDelay(!!noDelay);
    return this;
  };
  Socket.prototype.setKeepAlive = function (enable = false, delay) {
    this[kOpts].keepAlive = !!enable;
    if (this[kHandle]) this[kHandle].setKeepAlive(!!enable, delay ?? 0);
    return this;
  };
  Socket.prototype.address = function () {
    const h = this[kHandle];
    return h ? { ...h.local } : {};
  };
  Socket.prototype.ref = function () {
    return this;
  };
  Socket.prototype.unref = function () {
    return this;
  };
  Socket.prototype.destroySoon = function () {
    if (this.writable) this.end();
    if (this.writableFinished) this.destroy();
    else this.once('finish', () => this.destroy());
  };
  Socket.prototype.resetAndDestroy = function () {
    return this.destroy();
  };

  const remote = (key) => ({
    configurable: true,
    get() {
      const h = this[kHandle];
      return h && h.remote ? h.remote[key] : undefined;
    },
  });
  const local = (key) => ({
    configurable: true,
    get() {
      const h = this[kHandle];
      return h && h.local ? h.local[key] : undefined;
    },
  });
  Object.defineProperties(Socket.prototype, {
    remoteAddress: remote('address'),
    remotePort: remote('port'),
    remoteFamily: remote('family'),
    localAddress: local('address'),
    localPort: local('port'),
    localFamily: local('family'),
    bytesWritten: {
      configurable: true,
      get() {
        return this._bytesWritten;
      },
    },
    pending: {
      configurable: true,
      get() {
        return !this[kHandle] || this.connecting;
      },
    },
    readyState: {
      configurable: true,
      get() {
        if (this.connecting) return 'opening';
        if (this.readable && this.writable) return 'open';
        if (this.readable && !this.writable) return 'readOnly';
        if (!this.readable && this.writable) return 'writeOnly';
        return 'closed';
      },
    },
  });

  // ---- Server ----

  function Server(options, listener) {
    if (!(this instanceof Server)) return new Server(options, listener);
    EE.call(this);
    if (typeof options === 'function') {
      listener = options;
      options = {};
    }
    this[kOpts] = { ...options };
    if (listener) this.on('connection', listener);
    this._handle = null;
    this._connections = new Set();
    this._closing = false;
    this._addr = null;
    this.listening = false;
    this.maxConnections = undefined;
  }
  Object.setPrototypeOf(Server.prototype, EE.prototype);
  Object.setPrototypeOf(Server, EE);

  function normalizeListenArgs(args) {
    let cb;
    if (typeof args[args.length - 1] === 'function') cb = args.pop();
    let opts = {};
    const a = args[0];
    if (a !== null && typeof a === 'object') opts = { ...a };
    else if (typeof a === 'string' && !/^\d+$/.test(a)) opts = { path: a };
    else {
      opts.port = a;
      if (typeof args[1] === 'string') opts.host = args[1];
      if (typeof args[1] === 'number') opts.backlog = args[1];
      if (typeof args[2] === 'number') opts.backlog = args[2];
    }
    return [opts, cb];
  }

  Object.defineProperty(exports, '_listenArgs', { value: normalizeListenArgs });

  Server.prototype.listen = function (...args) {
    const [opts, cb] = normalizeListenArgs(args);
    if (this.listening || this._handle) {
      throw codeError(Error, 'ERR_SERVER_ALREADY_LISTEN', 'Listen method has been called more than once without closing.');
    }
    const path = opts.path ? String(opts.path) : '';
    const port = path ? 0 : opts.port === undefined || opts.port === null ? 0 : validatePort(opts.port, 'options.port');
    if (cb) this.once('listening', cb);
    this._closing = false;
    this._handle = lib.listen(opts.host || '', port, path, lib.bindContext((h) => this._onConnection(h)), lib.bindContext((err, addr) => {
      if (err) {
        this._handle = null;
        this.emit('error', netError(err));
        return;
      }
      this._addr = addr.path !== undefined ? addr.path : addr;
      this.listening = true;
      this.emit('listening');
    }));
    return this;
  };

  Server.prototype._onConnection = function (h) {
    if (!this.listening || (this.maxConnections !== undefined && this._connections.size >= this.maxConnections)) {
      h.close();
      return;
    }
    const s = new Socket({ handle: h, allowHalfOpen: !!this[kOpts].allowHalfOpen, noDelay: this[kOpts].noDelay, keepAlive: this[kOpts].keepAlive });
    s.server = this;
    this._connections.add(s);
    s.on('close', () => {
      this._connections.delete(s);
      this._maybeClose();
    });
    if (this[kOpts].pauseOnConnect) s.pause();
    this.emit('connection', s);
    s._startReading();
  };

  Server.prototype._maybeClose = function () {
    if (this._closing && this._connections.size === 0 && !this._closeEmitted) {
      this._closeEmitted = true;
      queueMicrotask(() => this.emit('close'));
    }
  };

  Server.prototype.close = function (cb) {
    if (typeof cb === 'function') {
      if (!this.listening) {
        this.once('close', () => cb(codeError(Error, 'ERR_SERVER_NOT_RUNNING', 'Server is not running.')));
      } else {
        this.once('close', cb);
      }
    }
    if (this._handle) {
      this._handle.close();
      this._handle = null;
    }
    this.listening = false;
    this._closing = true;
    this._closeEmitted = false;
    this._maybeClose();
    return this;
  };

  Server.prototype.address = function () {
    if (!this.listening) return null;
    return typeof this._addr === 'string' ? this._addr : { ...this._addr };
  };
  Server.prototype.getConnections = function (cb) {
    const n = this._connections.size;
    if (typeof cb === 'function') queueMicrotask(() => cb(null, n));
    return this;
  };
  Server.prototype.ref = function () {
    return this;
  };
  Server.prototype.unref = function () {
    return this;
  };

  function createServer(options, listener) {
    return new Server(options, listener);
  }
  function connect(...args) {
    const [opts] = normalizeConnectArgs(args.slice());
    const s = new Socket(opts);
    if (opts.timeout) s.setTimeout(opts.timeout);
    return s.connect(...args);
  }

  const unsupported = (name) => function () {
    throw new Error('not supported yet: node:net.' + name);
  };

  exports.Socket = Socket;
  exports.Stream = Socket;
  exports.Server = Server;
  exports.createServer = createServer;
  exports.connect = connect;
  exports.createConnection = connect;
  exports.isIP = (s) => (typeof s === 'string' ? lib.isIP(s) : 0);
  exports.isIPv4 = (s) => exports.isIP(s) === 4;
  exports.isIPv6 = (s) => exports.isIP(s) === 6;
  exports.getDefaultAutoSelectFamily = () => true;
  exports.setDefaultAutoSelectFamily = () => {};
  exports.getDefaultAutoSelectFamilyAttemptTimeout = () => 250;
  exports.setDefaultAutoSelectFamilyAttemptTimeout = () => {};
  exports.BlockList = unsupported('BlockList');
  exports.SocketAddress = unsupported('SocketAddress');
  // For node:tls over an existing socket: take the connection handle away
  // from a connected socket (which then no longer reads or closes it).
  Object.defineProperty(exports, '_takeHandle', {
    value(socket) {
      const h = socket[kHandle];
      if (!h) return null;
      socket[kHandle] = null;
      h.onData = h.onEnd = h.onError = null;
      return h;
    },
  });
  // For node:http, which shares the error shape and port checks.
  Object.defineProperty(exports, '_netError', { value: netError });
  Object.defineProperty(exports, '_validatePort', { value: validatePort });
})
