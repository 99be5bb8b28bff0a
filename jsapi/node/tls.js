// node:tls: tls.connect gives a TLSSocket, a net.Socket whose connection
// tls.go dialled and secured with Go's crypto/tls; verification follows
// rejectUnauthorized (on by default) against options.ca or the system
// roots. tls.createServer serves cert/key (PEM) with a handshake per
// connection; tls.connect({socket}) upgrades a connected net.Socket
// (STARTTLS). Not provided: pfx, SNI callbacks, session resumption, OCSP.
(function (module, exports, require, lib) {
  'use strict';

  const net = require('net');
  const netError = net._netError;
  const kInfo = Symbol('kInfo');

  function TLSSocket(socket, options) {
    if (!(this instanceof TLSSocket)) return new TLSSocket(socket, options);
    if (socket) throw new Error('not supported yet: node:tls.TLSSocket over an existing socket');
    net.Socket.call(this, options);
    this.encrypted = true;
    this.authorized = false;
    this.authorizationError = null;
    this.alpnProtocol = false;
    this[kInfo] = null;
  }
  Object.setPrototypeOf(TLSSocket.prototype, net.Socket.prototype);
  Object.setPrototypeOf(TLSSocket, net.Socket);

  TLSSocket.prototype.getPeerCertificate = function () {
    return this[kInfo]?.peer ? { ...this[kInfo].peer } : {};
  };
  TLSSocket.prototype.getProtocol = function () {
    return this[kInfo]?.protocol ?? null;
  };
  TLSSocket.prototype.getCipher = function () {
    return this[kInfo] ? { name: this[kInfo].cipher, standardName: this[kInfo].cipher, version: this[kInfo].protocol } : null;
  };
  TLSSocket.prototype.setServername = function () {};
  TLSSocket.prototype.getSession = function () {
    return undefined;
  };
  TLSSocket.prototype.isSessionReused = function () {
    return false;
  };

  function tlsError(info) {
    const e = new Error(info.tls);
    e.code = info.code;
    return e;
  }

  function connect(...args) {
    let options = {};
    let cb;
    if (typeof args[args.length - 1] === 'function') cb = args.pop();
    if (args[0] !== null && typeof args[0] === 'object') options = { ...args[0] };
    else {
      options.port = args[0];
      if (typeof args[1] === 'string') {
        options.host = args[1];
        if (args[2] && typeof args[2] === 'object') options = { ...args[2], ...options };
      } else if (args[1] && typeof args[1] === 'object') {
        options = { ...args[1], ...options };
      }
    }
    if (options.path) throw new Error('not supported yet: node:tls.connect({ path })');
    const ctx = options.secureContext?.context ?? {};
    const host = options.host || 'localhost';
    const tlsOpts = {
      servername: options.servername ?? (net.isIP(host) ? undefined : host),
      rejectUnauthorized: options.rejectUnauthorized !== false,
      ca: options.ca ?? ctx.ca,
      cert: options.cert ?? ctx.cert,
      key: options.key ?? ctx.key,
      ALPNProtocols: options.ALPNProtocols,
      minVersion: options.minVersion ?? ctx.minVersion,
      maxVersion: options.maxVersion ?? ctx.maxVersion,
    };
    const socket = new TLSSocket(null, { allowHalfOpen: options.allowHalfOpen });
    if (cb) socket.once('secureConnect', cb);
    if (options.socket) {
      upgrade(socket, options.socket, tlsOpts, host);
      return socket;
    }
    socket._connectImpl = (h, p, path, done) => {
      lib.connect(h, p, tlsOpts, (err, handle) => {
        if (err && err.tls !== undefined) {
          done(null, null, tlsError(err));
          return;
        }
        if (handle) {
          const info = handle.tls;
          socket[kInfo] = info;
          socket.authorized = info.authorized;
          socket.authorizationError = info.authorizationError ?? null;
          socket.alpnProtocol = info.alpnProtocol || false;
        }
        done(err, handle);
      });
    };
    socket.once('connect', () => socket.emit('secureConnect'));
    socket.connect({ port: options.port, host });
    return socket;
  }

  const unsupported = (name) => function () {
    throw new Error('not supported yet: node:tls.' + name);
  };

  // upgrade secures an already connected net.Socket (STARTTLS): the
  // TLSSocket takes over its connection once the handshake is done;
  // writes made meanwhile wait, as while connecting.
  function upgrade(socket, raw, tlsOpts, host) {
    if (!(raw instanceof net.Socket)) throw new Error('not supported yet: node:tls.connect({ socket }) with a socket that is not a net.Socket');
    socket.connecting = true;
    const start = () => {
      const h = net._takeHandle(raw);
      if (!h) {
        socket.destroy(Object.assign(new Error('Socket is closed'), { code: 'ERR_SOCKET_CLOSED' }));
        return;
      }
      lib.startTLS(h, host, tlsOpts, lib.bindContext((err, info) => {
        socket.connecting = false;
        if (err) {
          h.close();
          socket.destroy(tlsError(err));
          return;
        }
        h.tls = info;
        socket[kInfo] = info;
        socket.authorized = info.authorized;
        socket.authorizationError = info.authorizationError ?? null;
        socket.alpnProtocol = info.alpnProtocol || false;
        socket._adopt(h);
        socket.emit('secureConnect');
      }));
    };
    if (raw.connecting) raw.once('connect', start);
    else start();
  }

  // Server is a net.Server whose connections arrive as TLSSockets after
  // the handshake ('secureConnection', also emitted as 'connection').
  function Server(options, listener) {
    if (!(this instanceof Server)) return new Server(options, listener);
    if (typeof options === 'function') {
      listener = options;
      options = {};
    }
    net.Server.call(this, options);
    this._tlsOptions = { ...(options?.secureContext?.context ?? {}), ...options };
    if (listener) this.on('secureConnection', listener);
  }
  Object.setPrototypeOf(Server.prototype, net.Server.prototype);
  Object.setPrototypeOf(Server, net.Server);
  Server.prototype.listen = function (...args) {
    const [opts, cb] = net._listenArgs(args);
    if (this.listening || this._handle) {
      throw Object.assign(new Error('Listen method has been called more than once without closing.'), { code: 'ERR_SERVER_ALREADY_LISTEN' });
    }
    if (opts.path) throw new Error('not supported yet: node:tls.Server.listen(path)');
    const port = opts.port === undefined || opts.port === null ? 0 : net._validatePort(opts.port, 'options.port');
    if (cb) this.once('listening', cb);
    this._closing = false;
    this._handle = lib.listen(opts.host || '', port, this._tlsOptions, lib.bindContext((h) => this._onSecure(h)), lib.bindContext((err, addr) => {
      if (err) {
        this._handle = null;
        this.emit('error', netError(err));
        return;
      }
      this._addr = addr;
      this.listening = true;
      this.emit('listening');
    }));
    return this;
  };
  Server.prototype._onSecure = function (h) {
    if (!this.listening) {
      h.close();
      return;
    }
    const s = new TLSSocket(null, { allowHalfOpen: !!this._tlsOptions.allowHalfOpen });
    s._attach(h);
    const info = h.tls;
    s[kInfo] = info;
    s.authorized = info.authorized;
    s.alpnProtocol = info.alpnProtocol || false;
    s.servername = info.servername || false;
    s.server = this;
    this._connections.add(s);
    s.on('close', () => {
      this._connections.delete(s);
      this._maybeClose();
    });
    this.emit('connection', s);
    this.emit('secureConnection', s);
    s._startReading();
  };
  Server.prototype.addContext = unsupported('Server.addContext');
  Server.prototype.setSecureContext = unsupported('Server.setSecureContext');

  exports.connect = connect;
  exports.TLSSocket = TLSSocket;
  exports.createSecureContext = (options) => ({ context: { ...options } });
  exports.SecureContext = function SecureContext(options) {
    this.context = { ...options };
  };
  exports.createServer = (options, listener) => new Server(options, listener);
  exports.Server = Server;
  exports.checkServerIdentity = unsupported('checkServerIdentity');
  exports.getCiphers = () => ['tls_aes_128_gcm_sha256', 'tls_aes_256_gcm_sha384', 'tls_chacha20_poly1305_sha256',
    'ecdhe-ecdsa-aes128-gcm-sha256', 'ecdhe-ecdsa-aes256-gcm-sha384', 'ecdhe-rsa-aes128-gcm-sha256', 'ecdhe-rsa-aes256-gcm-sha384'];
  exports.DEFAULT_MIN_VERSION = 'TLSv1.2';
  exports.DEFAULT_MAX_VERSION = 'TLSv1.3';
  exports.DEFAULT_ECDH_CURVE = 'auto';
  exports.DEFAULT_CIPHERS = 'TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_GCM_SHA256';
  Object.defineProperty(exports, 'rootCertificates', {
    enumerable: true,
    get: unsupported('rootCertificates'),
  });
})
