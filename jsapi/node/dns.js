// node:dns and dns/promises over Go's resolver (dns.go): lookup (with
// family, all and the result order), resolve / resolve4 / resolve6 /
// resolveTxt / resolveMx / resolveCname / resolveNs / resolveSrv and
// reverse. Resolver objects share the system configuration; setServers is
// not supported (Go's resolver reads /etc/resolv.conf).
(function (module, exports, require, lib) {
  'use strict';

  const { codeError, invalidArgType, validateFunction } = lib.errors;
  let order = 'verbatim';

  function dnsError(info) {
    const e = new Error(`${info.syscall} ${info.code} ${info.hostname}`);
    e.errno = info.syscall === 'getaddrinfo' && info.code === 'ENOTFOUND' ? -3008 : undefined;
    if (e.errno === undefined) delete e.errno;
    e.code = info.code;
    e.syscall = info.syscall;
    e.hostname = info.hostname;
    return e;
  }

  function ipFamily(s) {
    return require('net').isIP(s);
  }

  function lookupImpl(hostname, options, cb) {
    if (hostname && typeof hostname !== 'string') throw invalidArgType('hostname', 'of type string', hostname);
    let family = 0, all = false, ord = order;
    if (typeof options === 'number') family = options;
    else if (options && typeof options === 'object') {
      family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
      all = !!options.all;
      if (options.order) ord = options.order;
      else if (options.verbatim === false) ord = 'ipv4first';
    }
    if (family !== 0 && family !== 4 && family !== 6) {
      throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The property 'options.family' must be one of: 0, 4, 6. Received ${family}`);
    }
    if (!hostname) {
      queueMicrotask(() => (all ? cb(null, []) : cb(null, null, family === 6 ? 6 : 4)));
      return;
    }
    const literal = ipFamily(hostname);
    if (literal) {
      queueMicrotask(() => (all ? cb(null, [{ address: hostname, family: literal }]) : cb(null, hostname, literal)));
      return;
    }
    lib.query('lookup', hostname, lib.bindContext((err, list) => {
      if (err) {
        cb(dnsError(err));
        return;
      }
      let addrs = family ? list.filter((a) => a.family === family) : list;
      if (ord === 'ipv4first') addrs = [...addrs.filter((a) => a.family === 4), ...addrs.filter((a) => a.family === 6)];
      else if (ord === 'ipv6first') addrs = [...addrs.filter((a) => a.family === 6), ...addrs.filter((a) => a.family === 4)];
      if (addrs.length === 0) {
        cb(dnsError({ code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname }));
        return;
      }
      if (all) cb(null, addrs);
      else cb(null, addrs[0].address, addrs[0].family);
    }));
  }

  function lookup(hostname, options, callback) {
    if (typeof options === 'function') {
      callback = options;
      options = 0;
    }
    validateFunction(callback, 'callback');
    lookupImpl(hostname, options, callback);
    return {};
  }

  const rrtypes = { A: 'resolve4', AAAA: 'resolve6', TXT: 'resolveTxt', MX: 'resolveMx', CNAME: 'resolveCname', NS: 'resolveNs', SRV: 'resolveSrv', PTR: 'resolvePtr' };

  function query(kind, name, cb) {
    if (typeof name !== 'string') throw invalidArgType('name', 'of type string', name);
    lib.query(kind, name, lib.bindContext((err, res) => (err ? cb(dnsError(err)) : cb(null, res))));
  }

  function resolve(hostname, rrtype, callback) {
    if (typeof rrtype === 'function') {
      callback = rrtype;
      rrtype = 'A';
    }
    validateFunction(callback, 'callback');
    if (!rrtypes[rrtype]) {
      if (['ANY', 'CAA', 'NAPTR', 'SOA', 'TLSA'].includes(rrtype)) throw new Error(`not supported yet: node:dns.resolve(${rrtype})`);
      throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'rrtype' is invalid. Received '${rrtype}'`);
    }
    query(rrtype, hostname, callback);
  }

  const callbackApi = { lookup, resolve };
  for (const [type, name] of Object.entries(rrtypes)) {
    callbackApi[name] = function (hostname, options, callback) {
      if (typeof options === 'function') callback = options;
      validateFunction(callback, 'callback');
      query(type, hostname, callback);
    };
  }
  callbackApi.reverse = function (ip, callback) {
    validateFunction(callback, 'callback');
    query('PTR', ip, callback);
  };

  const promisesApi = {
    lookup(hostname, options) {
      return new Promise((resolve, reject) => {
        lookupImpl(hostname, options, (err, address, family) => {
          if (err) reject(err);
          else if (Array.isArray(address)) resolve(address);
          else resolve({ address, family });
        });
      });
    },
  };
  for (const name of [...Object.values(rrtypes), 'resolve', 'reverse']) {
    promisesApi[name] = (...args) => new Promise((resolve, reject) => {
      callbackApi[name](...args, (err, res) => (err ? reject(err) : resolve(res)));
    });
  }

  const unsupported = (name) => function () {
    throw new Error('not supported yet: node:dns.' + name);
  };

  function makeResolver(api) {
    return class Resolver {
      constructor() {
        for (const k of Object.keys(api)) if (k !== 'lookup') this[k] = api[k];
      }
      cancel() {}
      getServers() {
        return [];
      }
      setServers() {
        throw new Error('not supported yet: node:dns.Resolver.setServers');
      }
      setLocalAddress() {}
    };
  }

  Object.assign(exports, callbackApi);
  exports.Resolver = makeResolver(callbackApi);
  exports.getServers = () => [];
  exports.setServers = unsupported('setServers');
  exports.lookupService = unsupported('lookupService');
  exports.resolveAny = unsupported('resolveAny');
  exports.resolveCaa = unsupported('resolveCaa');
  exports.resolveNaptr = unsupported('resolveNaptr');
  exports.resolveSoa = unsupported('resolveSoa');
  exports.getDefaultResultOrder = () => order;
  exports.setDefaultResultOrder = (o) => {
    if (o !== 'verbatim' && o !== 'ipv4first' && o !== 'ipv6first') {
      throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'order' must be one of: 'verbatim', 'ipv4first', 'ipv6first'. Received '${o}'`);
    }
    order = o;
  };
  for (const code of ['NODATA', 'FORMERR', 'SERVFAIL', 'NOTFOUND', 'NOTIMP', 'REFUSED', 'BADQUERY', 'BADNAME', 'BADFAMILY', 'BADRESP',
    'CONNREFUSED', 'TIMEOUT', 'EOF', 'FILE', 'NOMEM', 'DESTRUCTION', 'BADSTR', 'BADFLAGS', 'NONAME', 'BADHINTS', 'NOTINITIALIZED',
    'LOADIPHLPAPI', 'ADDRGETNETWORKPARAMS', 'CANCELLED']) {
    exports[code] = 'E' + code;
  }
  exports.ADDRCONFIG = 1024;
  exports.V4MAPPED = 2048;
  exports.ALL = 256;
  promisesApi.Resolver = makeResolver(promisesApi);
  promisesApi.getServers = () => [];
  promisesApi.setServers = unsupported('promises.setServers');
  promisesApi.getDefaultResultOrder = exports.getDefaultResultOrder;
  promisesApi.setDefaultResultOrder = exports.setDefaultResultOrder;
  exports.promises = promisesApi;
})
