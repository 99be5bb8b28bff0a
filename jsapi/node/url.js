// node:url: file URL conversions (posix rules, as on the host), the legacy
// url.parse/format/resolve API (the common cases, not every quirk), and
// the WHATWG URL and URLSearchParams globals re-exported.
(function (module, exports, require, lib) {
  'use strict';

  const { codeError, invalidArgType, validateString } = lib.errors;
  const { URL, URLSearchParams } = globalThis;

  // isURL is Node's duck test for a WHATWG URL (lib/internal/url.js).
  function isURL(self) {
    return Boolean(self?.href && self.protocol && self.auth === undefined && self.path === undefined);
  }

  function fileURLToPath(path) {
    if (typeof path === 'string') path = new URL(path);
    else if (!isURL(path)) throw invalidArgType('path', 'of type string or an instance of URL', path);
    if (path.protocol !== 'file:') throw codeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
    if (path.hostname !== '') {
      throw codeError(TypeError, 'ERR_INVALID_FILE_URL_HOST', `File URL host must be "localhost" or empty on ${lib.platform}`);
    }
    const pathname = path.pathname;
    for (let n = 0; n < pathname.length; n++) {
      if (pathname[n] === '%') {
        const third = pathname.codePointAt(n + 2) | 0x20;
        if (pathname[n + 1] === '2' && third === 102) {
          throw codeError(TypeError, 'ERR_INVALID_FILE_URL_PATH', 'File URL path must not include encoded / characters');
        }
      }
    }
    return decodeURIComponent(pathname);
  }

  // encodePathChars escapes what the URL parser would not: % first, so the
  // later escapes are not escaped again.
  function encodePathChars(filepath) {
    if (filepath.includes('%')) filepath = filepath.replace(/%/g, '%25');
    if (filepath.includes('\\')) filepath = filepath.replace(/\\/g, '%5C');
    if (filepath.includes('\n')) filepath = filepath.replace(/\n/g, '%0A');
    if (filepath.includes('\r')) filepath = filepath.replace(/\r/g, '%0D');
    if (filepath.includes('\t')) filepath = filepath.replace(/\t/g, '%09');
    return filepath;
  }

  function pathToFileURL(filepath) {
    validateString(filepath, 'path');
    let resolved = lib.resolvePath(filepath);
    // resolve drops a trailing slash; keep it.
    if (filepath.endsWith('/') && !resolved.endsWith('/')) resolved += '/';
    resolved = encodePathChars(resolved);
    if (resolved.includes('?')) resolved = resolved.replace(/\?/g, '%3F');
    if (resolved.includes('#')) resolved = resolved.replace(/#/g, '%23');
    return new URL(`file://${resolved}`);
  }

  function urlToHttpOptions(url) {
    const options = {
      __proto__: null,
      protocol: url.protocol,
      hostname: typeof url.hostname === 'string' && url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
      hash: url.hash,
      search: url.search,
      pathname: url.pathname,
      path: `${url.pathname || ''}${url.search || ''}`,
      href: url.href,
    };
    if (url.port !== '') options.port = Number(url.port);
    if (url.username || url.password) options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    return options;
  }

  // domainToASCII sets domain as the host name of a ws: URL, as Node does
  // (src/node_url.cc), so it gets exactly the URL parser's IDNA handling;
  // an invalid domain yields ''.
  function domainToASCII(domain) {
    if (arguments.length < 1) throw codeError(TypeError, 'ERR_MISSING_ARGS', 'The "domain" argument must be specified');
    const input = `${domain}`;
    if (input === '') return '';
    const a = new URL('ws://x');
    a.hostname = input;
    const b = new URL('ws://y');
    b.hostname = input;
    // A rejected host name leaves each URL's own; an accepted one is the same in both.
    return a.hostname === b.hostname ? a.hostname : '';
  }

  function domainToUnicode(domain) {
    if (arguments.length < 1) throw codeError(TypeError, 'ERR_MISSING_ARGS', 'The "domain" argument must be specified');
    const ascii = domainToASCII(domain);
    return ascii === '' ? '' : lib.toUnicode(ascii);
  }

  // ---- legacy API ----

  const slashedProtocol = new Set(['http', 'http:', 'https', 'https:', 'ftp', 'ftp:', 'gopher', 'gopher:', 'file', 'file:', 'ws', 'ws:', 'wss', 'wss:']);
  const hostlessProtocol = new Set(['javascript', 'javascript:']);
  const autoEscape = /[\t\n\v\f\r "'<>\\^`{|}]/g;

  function Url() {
    this.protocol = null;
    this.slashes = null;
    this.auth = null;
    this.host = null;
    this.port = null;
    this.hostname = null;
    this.hash = null;
    this.search = null;
    this.query = null;
    this.pathname = null;
    this.path = null;
    this.href = null;
  }

  function parseQuery(qs) {
    const out = Object.create(null);
    for (const [k, v] of new URLSearchParams(qs)) {
      if (k in out) out[k] = Array.isArray(out[k]) ? [...out[k], v] : [out[k], v];
      else out[k] = v;
    }
    return out;
  }

  function stringifyQuery(obj) {
    const enc = (v) => {
      if (typeof v === 'string') return encodeURIComponent(v);
      if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint' || typeof v === 'boolean') return `${v}`;
      return '';
    };
    const parts = [];
    for (const key of Object.keys(obj)) {
      const k = encodeURIComponent(key);
      const v = obj[key];
      if (Array.isArray(v)) for (const item of v) parts.push(`${k}=${enc(item)}`);
      else parts.push(`${k}=${enc(v)}`);
    }
    return parts.join('&');
  }

  Url.prototype.parse = function parse(url, parseQueryString, slashesDenoteHost) {
    validateString(url, 'url');
    let rest = url.trim();
    // Backslashes before the query or hash are slashes, as browsers treat them.
    const end = rest.search(/[?#]/);
    const head = end === -1 ? rest : rest.slice(0, end);
    rest = head.replace(/\\/g, '/') + rest.slice(head.length);
    rest = rest.replace(autoEscape, (c) => encodeURIComponent(c).replace(/^'$/, '%27'));

    const hashAt = rest.indexOf('#');
    if (hashAt !== -1) {
      this.hash = rest.slice(hashAt);
      rest = rest.slice(0, hashAt);
    }
    const queryAt = rest.indexOf('?');
    if (queryAt !== -1) {
      this.search = rest.slice(queryAt);
      this.query = this.search.slice(1);
      rest = rest.slice(0, queryAt);
      if (parseQueryString) this.query = parseQuery(this.query);
    } else if (parseQueryString) {
      this.search = null;
      this.query = Object.create(null);
    }

    const proto = /^[a-z0-9.+-]+:/i.exec(rest);
    let lowerProto;
    if (proto) {
      lowerProto = proto[0].toLowerCase();
      this.protocol = lowerProto;
      rest = rest.slice(proto[0].length);
    }

    let slashes = false;
    if (slashesDenoteHost || proto || /^\/\/[^@/]+@[^@/]+/.test(rest)) {
      slashes = rest.startsWith('//');
      if (slashes && !(proto && hostlessProtocol.has(lowerProto))) {
        rest = rest.slice(2);
        this.slashes = true;
      }
    }

    if (!hostlessProtocol.has(lowerProto) && (slashes || (proto && !slashedProtocol.has(lowerProto)))) {
      let hostEnd = rest.search(/[/?#]/);
      if (hostEnd === -1) hostEnd = rest.length;
      let host = rest.slice(0, hostEnd);
      rest = rest.slice(hostEnd);
      const at = host.lastIndexOf('@');
      if (at !== -1) {
        this.auth = decodeURIComponent(host.slice(0, at));
        host = host.slice(at + 1);
      }
      const port = /:([0-9]*)$/.exec(host);
      if (port) {
        if (port[1] !== '') this.port = port[1];
        host = host.slice(0, port.index);
      }
      let hostname = host.toLowerCase();
      if (hostname.startsWith('[') && hostname.endsWith(']')) hostname = hostname.slice(1, -1);
      // eslint-disable-next-line no-control-regex
      else if (/[^\x00-\x7f]/.test(hostname)) hostname = domainToASCII(hostname) || hostname;
      this.hostname = hostname;
      this.host = (host.startsWith('[') ? `[${hostname}]` : hostname) + (this.port !== null ? `:${this.port}` : '');
    }

    if (rest !== '') this.pathname = rest;
    else if (slashedProtocol.has(lowerProto) && this.hostname) this.pathname = '/';
    if (this.pathname !== null || this.search !== null) this.path = (this.pathname ?? '') + (this.search ?? '');
    this.href = this.format();
    return this;
  };

  Url.prototype.format = function format() {
    let auth = this.auth || '';
    if (auth) auth = `${encodeURIComponent(auth).replace(/%3A/gi, ':')}@`;
    let protocol = this.protocol || '';
    let pathname = this.pathname || '';
    let hash = this.hash || '';
    let host = '';
    let query = '';
    if (this.host) {
      host = auth + this.host;
    } else if (this.hostname) {
      host = auth + (this.hostname.includes(':') && !this.hostname.startsWith('[') ? `[${this.hostname}]` : this.hostname);
      if (this.port) host += `:${this.port}`;
    }
    if (this.query !== null && typeof this.query === 'object') query = stringifyQuery(this.query);
    let search = this.search || (query && `?${query}`) || '';
    if (protocol && !protocol.endsWith(':')) protocol += ':';
    pathname = pathname.replace(/[?#]/g, encodeURIComponent);
    search = search.replace(/#/g, '%23');
    if (this.slashes || slashedProtocol.has(protocol)) {
      if (this.slashes || host) {
        if (pathname && pathname[0] !== '/') pathname = `/${pathname}`;
        host = `//${host}`;
      } else if (protocol === 'file:') {
        host = '//';
      }
    }
    if (hash && hash[0] !== '#') hash = `#${hash}`;
    if (search && search[0] !== '?') search = `?${search}`;
    return protocol + host + pathname + search + hash;
  };

  Url.prototype.resolve = function resolve(relative) {
    return urlResolve(this.format(), relative);
  };

  function urlParse(url, parseQueryString, slashesDenoteHost) {
    if (url instanceof Url) return url;
    return new Url().parse(url, parseQueryString, slashesDenoteHost);
  }

  function urlFormat(urlObject, options) {
    if (typeof urlObject === 'string') {
      urlObject = urlParse(urlObject);
    } else if (typeof urlObject !== 'object' || urlObject === null) {
      throw invalidArgType('urlObject', 'one of type object or string', urlObject);
    } else if (isURL(urlObject)) {
      const u = new URL(urlObject.href);
      if (options?.auth === false) {
        u.username = '';
        u.password = '';
      }
      if (options?.fragment === false) u.hash = '';
      if (options?.search === false) u.search = '';
      let href = u.href;
      if (options?.unicode === true && u.hostname !== '') href = href.replace(u.hostname, lib.toUnicode(u.hostname));
      return href;
    }
    return Url.prototype.format.call(urlObject);
  }

  // urlResolve resolves like a browser does an anchor, relative sources
  // included (the recipe Node's documentation gives for url.resolve).
  function urlResolve(from, to) {
    const base = new URL(from, 'resolve://');
    const resolved = new URL(to, base);
    if (resolved.protocol === 'resolve:') {
      const { pathname, search, hash } = resolved;
      // A path relative on both sides stays relative.
      const relative = !`${from}`.startsWith('/') && !`${to}`.startsWith('/');
      return (relative ? pathname.slice(1) : pathname) + search + hash;
    }
    return resolved.toString();
  }

  Object.assign(exports, {
    Url,
    parse: urlParse,
    resolve: urlResolve,
    resolveObject: (from, to) => urlParse(urlResolve(from, to)),
    format: urlFormat,
    URL,
    URLSearchParams,
    domainToASCII,
    domainToUnicode,
    pathToFileURL,
    fileURLToPath,
    urlToHttpOptions,
  });
})
