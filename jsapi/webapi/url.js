// URL and URLSearchParams, after the WHATWG URL Standard as Node 20 has it.
// Go parses, serializes and runs the setters (internal.urlParse, urlParts,
// urlSet); this file keeps the classes, the search params list and the
// sync between a URL and its searchParams.
(function (internal) {
  'use strict';

  const { urlParse, urlParts, urlSet, formParse, formEncode, toUSVString } = internal;
  const customInspect = Symbol.for('nodejs.util.inspect.custom');
  const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
  const loneSurrogate = /[\uD800-\uDFFF]/;

  // Indices into the array urlParts and urlSet return.
  const HREF = 0;
  const ORIGIN = 1;
  const PROTOCOL = 2;
  const USERNAME = 3;
  const PASSWORD = 4;
  const HOST = 5;
  const HOSTNAME = 6;
  const PORT = 7;
  const PATHNAME = 8;
  const SEARCH = 9;
  const HASH = 10;

  // toUSV is WebIDL's USVString conversion: String(), then lone surrogates
  // become U+FFFD.
  function toUSV(v) {
    const s = `${v}`;
    return loneSurrogate.test(s) ? toUSVString(s) : s;
  }

  function nodeError(Ctor, code, message) {
    const err = new Ctor(message);
    err.code = code;
    return err;
  }

  function invalidURL(input, base) {
    const err = nodeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL');
    err.input = input;
    if (base !== undefined) err.base = base;
    return err;
  }

  function missingArgs(...names) {
    const list = names.length === 1 ? `The "${names[0]}" argument` : `The "${names[0]}" and "${names[1]}" arguments`;
    return nodeError(TypeError, 'ERR_MISSING_ARGS', `${list} must be specified`);
  }

  function invalidTuple() {
    return nodeError(TypeError, 'ERR_INVALID_TUPLE', 'Each query pair must be an iterable [name, value] tuple');
  }

  // parse returns the handle of url against base, or null.
  function parse(url, base) {
    return urlParse(toUSV(url), base === undefined ? undefined : toUSV(base));
  }

  // WebIDL makes attributes and operations enumerable.
  function enumerable(proto) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (key !== 'constructor') Object.defineProperty(proto, key, { enumerable: true });
    }
  }

  // fromHandle makes the URL constructor take a parsed handle.
  const fromHandle = Symbol('fromHandle');

  // Set by the classes' static blocks: private access across the two.
  let newParamsOf, setParamsQuery, paramsList, updateURLQuery;

  class URL {
    #handle;
    #parts;
    #searchParams = null; // made on first use

    constructor(url, base = undefined) {
      if (arguments.length === 0) throw missingArgs('url');
      let handle;
      if (url === fromHandle) {
        handle = base; // from URL.parse
      } else {
        const input = toUSV(url);
        const baseString = base === undefined ? undefined : toUSV(base);
        handle = urlParse(input, baseString);
        if (handle === null) throw invalidURL(input, baseString);
      }
      this.#handle = handle;
      this.#parts = urlParts(handle);
    }

    static canParse(url, base = undefined) {
      if (arguments.length === 0) throw missingArgs('url');
      return parse(url, base) !== null;
    }

    // parse is canParse and the constructor in one: null for an invalid
    // URL. It makes a URL, not this subclass, as Node does.
    static parse(url, base = undefined) {
      if (arguments.length === 0) throw missingArgs('url');
      const handle = parse(url, base);
      return handle === null ? null : new URL(fromHandle, handle);
    }

    // #set runs a setter in Go and keeps the parts it returns. Only the
    // search and href setters change the query.
    #set(name, value) {
      this.#parts = urlSet(this.#handle, name, toUSV(value));
    }

    toString() {
      return this.#parts[HREF];
    }

    get href() {
      return this.#parts[HREF];
    }

    set href(value) {
      const input = toUSV(value);
      const handle = urlParse(input, undefined);
      if (handle === null) throw invalidURL(input);
      this.#handle = handle;
      this.#parts = urlParts(handle);
      if (this.#searchParams !== null) setParamsQuery(this.#searchParams, this.#parts[SEARCH]);
    }

    get origin() {
      return this.#parts[ORIGIN];
    }

    get protocol() {
      return this.#parts[PROTOCOL];
    }

    set protocol(value) {
      this.#set('protocol', value);
    }

    get username() {
      return this.#parts[USERNAME];
    }

    set username(value) {
      this.#set('username', value);
    }

    get password() {
      return this.#parts[PASSWORD];
    }

    set password(value) {
      this.#set('password', value);
    }

    get host() {
      return this.#parts[HOST];
    }

    set host(value) {
      this.#set('host', value);
    }

    get hostname() {
      return this.#parts[HOSTNAME];
    }

    set hostname(value) {
      this.#set('hostname', value);
    }

    get port() {
      return this.#parts[PORT];
    }

    set port(value) {
      this.#set('port', value);
    }

    get pathname() {
      return this.#parts[PATHNAME];
    }

    set pathname(value) {
      this.#set('pathname', value);
    }

    get search() {
      return this.#parts[SEARCH];
    }

    set search(value) {
      this.#set('search', value);
      if (this.#searchParams !== null) setParamsQuery(this.#searchParams, this.#parts[SEARCH]);
    }

    get searchParams() {
      if (this.#searchParams === null) this.#searchParams = newParamsOf(this, this.#parts[SEARCH]);
      return this.#searchParams;
    }

    get hash() {
      return this.#parts[HASH];
    }

    set hash(value) {
      this.#set('hash', value);
    }

    toJSON() {
      return this.#parts[HREF];
    }

    // Node's util.inspect shape.
    [customInspect](depth, options, inspect) {
      if (typeof depth === 'number' && depth < 0) return `[${this.constructor.name}]`;
      const obj = {
        href: this.href,
        origin: this.origin,
        protocol: this.protocol,
        username: this.username,
        password: this.password,
        host: this.host,
        hostname: this.hostname,
        port: this.port,
        pathname: this.pathname,
        search: this.search,
        searchParams: this.searchParams,
        hash: this.hash,
      };
      return `${this.constructor.name} ${inspect(obj, options)}`;
    }

    static {
      updateURLQuery = (url, serialized) => {
        url.#parts = urlSet(url.#handle, 'query', serialized);
      };
    }
  }
  enumerable(URL.prototype);
  Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: 'URL', configurable: true });

  class URLSearchParams {
    #list = []; // [name, value] pairs
    #url = null; // the URL whose query this is

    constructor(init = undefined) {
      if (init === undefined || init === null) return;
      if (typeof init !== 'object' && typeof init !== 'function') {
        const s = toUSV(init);
        this.#list = pairs(formParse(s.startsWith('?') ? s.slice(1) : s));
        return;
      }
      const method = init[Symbol.iterator];
      if (method === undefined || method === null) {
        // A record: own enumerable keys; a key that repeats after the
        // USVString conversion keeps its first place and its last value.
        const seen = new Map();
        for (const key of Reflect.ownKeys(init)) {
          const desc = Reflect.getOwnPropertyDescriptor(init, key);
          if (desc === undefined || !desc.enumerable) continue;
          const name = toUSV(key);
          const value = toUSV(init[key]);
          const index = seen.get(name);
          if (index === undefined) {
            seen.set(name, this.#list.push([name, value]) - 1);
          } else {
            this.#list[index][1] = value;
          }
        }
        return;
      }
      if (typeof method !== 'function') {
        throw nodeError(TypeError, 'ERR_ARG_NOT_ITERABLE', 'Query pairs must be iterable');
      }
      for (const pair of init) {
        if ((typeof pair !== 'object' && typeof pair !== 'function') || pair === null || typeof pair[Symbol.iterator] !== 'function') {
          throw invalidTuple();
        }
        const tuple = Array.isArray(pair) ? pair : [...pair];
        if (tuple.length !== 2) throw invalidTuple();
        this.#list.push([toUSV(tuple[0]), toUSV(tuple[1])]);
      }
    }

    // #update is the spec's update steps: the URL's query follows the list.
    #update() {
      if (this.#url !== null) updateURLQuery(this.#url, serialize(this.#list));
    }

    get size() {
      return this.#list.length;
    }

    append(name, value) {
      if (arguments.length < 2) throw missingArgs('name', 'value');
      this.#list.push([toUSV(name), toUSV(value)]);
      this.#update();
    }

    delete(name, value = undefined) {
      if (arguments.length < 1) throw missingArgs('name');
      const n = toUSV(name);
      if (value === undefined) {
        this.#list = this.#list.filter((pair) => pair[0] !== n);
      } else {
        const v = toUSV(value);
        this.#list = this.#list.filter((pair) => pair[0] !== n || pair[1] !== v);
      }
      this.#update();
    }

    get(name) {
      if (arguments.length < 1) throw missingArgs('name');
      const n = toUSV(name);
      const pair = this.#list.find((p) => p[0] === n);
      return pair === undefined ? null : pair[1];
    }

    getAll(name) {
      if (arguments.length < 1) throw missingArgs('name');
      const n = toUSV(name);
      return this.#list.filter((p) => p[0] === n).map((p) => p[1]);
    }

    has(name, value = undefined) {
      if (arguments.length < 1) throw missingArgs('name');
      const n = toUSV(name);
      if (value === undefined) return this.#list.some((p) => p[0] === n);
      const v = toUSV(value);
      return this.#list.some((p) => p[0] === n && p[1] === v);
    }

    set(name, value) {
      if (arguments.length < 2) throw missingArgs('name', 'value');
      const n = toUSV(name);
      const v = toUSV(value);
      const i = this.#list.findIndex((p) => p[0] === n);
      if (i === -1) {
        this.#list.push([n, v]);
      } else {
        this.#list[i][1] = v;
        this.#list = this.#list.filter((p, j) => j <= i || p[0] !== n);
      }
      this.#update();
    }

    // sort is stable and compares names by UTF-16 code units.
    sort() {
      this.#list = this.#list
        .map((pair, i) => [pair, i])
        .sort(([a, i], [b, j]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j))
        .map(([pair]) => pair);
      this.#update();
    }

    entries() {
      return newIterator(this, 'entries');
    }

    forEach(callback, thisArg = undefined) {
      if (typeof callback !== 'function') {
        throw nodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "callback" argument must be of type function. Received ${describe(callback)}`);
      }
      // Live, like the iterators: the callback may change the list.
      for (let i = 0; i < this.#list.length; i++) {
        const [name, value] = this.#list[i];
        callback.call(thisArg, value, name, this);
      }
    }

    keys() {
      return newIterator(this, 'keys');
    }

    values() {
      return newIterator(this, 'values');
    }

    toString() {
      return serialize(this.#list);
    }

    // Node's util.inspect shape: URLSearchParams { 'a' => '1' }.
    [customInspect](depth, options, inspect) {
      if (typeof depth === 'number' && depth < 0) return '[Object]';
      const inner = { ...options, depth: typeof depth === 'number' ? depth - 1 : depth };
      const entries = this.#list.map(([name, value]) => `${inspect(name, inner)} => ${inspect(value, inner)}`);
      const name = this.constructor.name;
      if (entries.length === 0) return `${name} {}`;
      const length = entries.reduce((n, e) => n + e.length + 2, -2);
      if (length > (options?.breakLength ?? 80)) return `${name} {\n  ${entries.join(',\n  ')} }`;
      return `${name} { ${entries.join(', ')} }`;
    }

    static {
      newParamsOf = (url, search) => {
        const params = new URLSearchParams();
        params.#list = pairs(formParse(search.slice(1)));
        params.#url = url;
        return params;
      };
      setParamsQuery = (params, search) => {
        params.#list = pairs(formParse(search.slice(1)));
      };
      paramsList = (params) => params.#list;
    }
  }
  URLSearchParams.prototype[Symbol.iterator] = URLSearchParams.prototype.entries;
  enumerable(URLSearchParams.prototype);
  Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, { enumerable: false });
  Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, { value: 'URLSearchParams', configurable: true });

  // serialize is the application/x-www-form-urlencoded serializer.
  function serialize(list) {
    let s = '';
    for (const [name, value] of list) {
      if (s !== '') s += '&';
      s += `${formEncode(name)}=${formEncode(value)}`;
    }
    return s;
  }

  // pairs turns formParse's flat [name, value, ...] into pairs.
  function pairs(flat) {
    const list = new Array(flat.length / 2);
    for (let i = 0; i < flat.length; i += 2) list[i / 2] = [flat[i], flat[i + 1]];
    return list;
  }

  function describe(v) {
    if (v === null || v === undefined) return `${v}`;
    if (typeof v === 'function') return `function ${v.name}`;
    if (typeof v === 'object') return `an instance of ${v.constructor?.name ?? 'Object'}`;
    return `type ${typeof v} (${String(v)})`;
  }

  // The iterators are live: each step reads the list as it is then.
  const iterators = new WeakMap();
  const URLSearchParamsIteratorPrototype = Object.create(IteratorPrototype, {
    next: {
      value: function next() {
        const state = iterators.get(this);
        if (state === undefined) throw new TypeError('Value of "this" must be of type URLSearchParamsIterator');
        const list = paramsList(state.params);
        if (state.index >= list.length) return { value: undefined, done: true };
        const [name, value] = list[state.index++];
        return { value: state.kind === 'keys' ? name : state.kind === 'values' ? value : [name, value], done: false };
      },
      writable: true,
      enumerable: true,
      configurable: true,
    },
    [Symbol.toStringTag]: { value: 'URLSearchParams Iterator', configurable: true },
    // Node's util.inspect shape: the entries still to come.
    [customInspect]: {
      value: function (depth, options, inspect) {
        const state = iterators.get(this);
        if (state === undefined) return this;
        const inner = { ...options, depth: typeof depth === 'number' ? depth - 1 : depth };
        const rest = paramsList(state.params).slice(state.index).map(([name, value]) =>
          state.kind === 'keys' ? name : state.kind === 'values' ? value : [name, value]);
        const strs = rest.map((v) => inspect(v, inner));
        const body = inspect(rest, inner).includes('\n') ? `\n  ${strs.join(',\n  ')}` : ` ${strs.join(', ')}`;
        return `URLSearchParams Iterator {${body} }`;
      },
      writable: true,
      configurable: true,
    },
  });

  function newIterator(params, kind) {
    paramsList(params); // the brand check
    const it = Object.create(URLSearchParamsIteratorPrototype);
    iterators.set(it, { params, kind, index: 0 });
    return it;
  }

  return { URL, URLSearchParams };
})
