// node:module: createRequire, builtinModules and isBuiltin. pigo bundles an
// extension's own files ahead of time, so the require that createRequire
// returns serves only host modules (node built-ins, pi packages) and
// throws MODULE_NOT_FOUND for everything else.
(function (module, exports, require, lib) {
  'use strict';

  const { codeError, validateString } = lib.errors;

  // Node 20's require('module').builtinModules.
  const builtinModules = Object.freeze([
    '_http_agent', '_http_client', '_http_common', '_http_incoming', '_http_outgoing', '_http_server', '_stream_duplex',
    '_stream_passthrough', '_stream_readable', '_stream_transform', '_stream_wrap', '_stream_writable', '_tls_common',
    '_tls_wrap', 'assert', 'assert/strict', 'async_hooks', 'buffer', 'child_process', 'cluster', 'console', 'constants',
    'crypto', 'dgram', 'diagnostics_channel', 'dns', 'dns/promises', 'domain', 'events', 'fs', 'fs/promises', 'http',
    'http2', 'https', 'inspector', 'inspector/promises', 'module', 'net', 'os', 'path', 'path/posix', 'path/win32',
    'perf_hooks', 'process', 'punycode', 'querystring', 'readline', 'readline/promises', 'repl', 'stream',
    'stream/consumers', 'stream/promises', 'stream/web', 'string_decoder', 'sys', 'timers', 'timers/promises', 'tls',
    'trace_events', 'tty', 'url', 'util', 'util/types', 'v8', 'vm', 'wasi', 'worker_threads', 'zlib',
  ]);
  const builtinSet = new Set(builtinModules);
  // Built-ins that exist only with the node: scheme.
  const schemeOnly = new Set(['test', 'test/reporters', 'sea']);

  function isBuiltin(moduleName) {
    const name = `${moduleName}`;
    if (name.startsWith('node:')) return builtinSet.has(name.slice(5)) || schemeOnly.has(name.slice(5));
    return builtinSet.has(name);
  }

  function isPathLike(id) {
    return id.startsWith('./') || id.startsWith('../') || id === '.' || id === '..' || id.startsWith('/') || id.startsWith('file:');
  }

  function notFound(id, from, why) {
    return codeError(Error, 'MODULE_NOT_FOUND', `Cannot find module '${id}' (required from ${from}): ${why}`, { requireStack: [from] });
  }

  function Module(id = '', parent = undefined) {
    this.id = id;
    this.path = id.slice(0, id.lastIndexOf('/') + 1) || '.';
    this.exports = {};
    this.filename = null;
    this.loaded = false;
    this.children = [];
    this.paths = [];
    this.parent = parent;
  }

  function createRequire(filename) {
    let filepath;
    const isURLObject = filename !== null && typeof filename === 'object' && typeof filename.href === 'string' && typeof filename.protocol === 'string';
    if (isURLObject || (typeof filename === 'string' && filename.startsWith('file:'))) {
      filepath = require('url').fileURLToPath(filename);
    } else if (typeof filename === 'string' && filename.startsWith('/')) {
      filepath = filename;
    } else {
      throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE',
        `The argument 'filename' must be a file URL object, file URL string, or absolute path string. Received ${typeof filename === 'string' ? `'${filename}'` : String(filename)}`);
    }

    function check(id) {
      validateString(id, 'id');
      if (id === '') throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'id' must be a non-empty string. Received ''");
      if (isPathLike(id)) {
        throw notFound(id, filepath, 'pigo does not load files at run time; import the file so the bundler includes it');
      }
    }

    function req(id) {
      check(id);
      const exports = lib.requireHost(id);
      if (exports === null) {
        throw notFound(id, filepath, 'pigo serves only its host modules (node built-ins and pi packages) and does not load packages at run time');
      }
      return exports;
    }

    function resolve(request) {
      check(request);
      if (lib.requireHost(request) === null) {
        throw notFound(request, filepath, 'pigo serves only its host modules and does not resolve files');
      }
      return request;
    }
    resolve.paths = (request) => (isBuiltin(request) ? null : []);

    req.resolve = resolve;
    req.cache = Object.create(null);
    req.extensions = Object.create(null);
    req.main = undefined;
    return req;
  }

  Module.Module = Module;
  Module.builtinModules = builtinModules;
  Module.isBuiltin = isBuiltin;
  Module.createRequire = createRequire;
  Module.syncBuiltinESMExports = function syncBuiltinESMExports() {};
  Module.register = function register() {
    throw codeError(Error, 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM', 'module.register is not supported by pigo: it loads no modules at run time');
  };
  Module.findSourceMap = function findSourceMap() {
    return undefined;
  };

  module.exports = Module;
})
