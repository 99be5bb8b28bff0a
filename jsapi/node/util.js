// node:util. inspect and format are the webapi package's (the ones console
// uses), reached through lib; everything else follows Node 20's lib/util.js.
(function (module, exports, require, lib) {
  'use strict';

  const { codeError, invalidArgType, validateFunction, validateObject, validateString, validateAbortSignal } = lib.errors;
  const customPromisify = Symbol.for('nodejs.util.promisify.custom');
  const customInspect = Symbol.for('nodejs.util.inspect.custom');
  const objectToString = (v) => Object.prototype.toString.call(v);

  // ---- inspect and format ----

  const webInspect = lib.inspect ?? ((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
  const webFormat = lib.format ?? ((args) => args.map((a) => (typeof a === 'string' ? a : webInspect(a))).join(' '));

  const defaultOptions = {
    showHidden: false,
    depth: 2,
    colors: false,
    customInspect: true,
    showProxy: false,
    maxArrayLength: 100,
    maxStringLength: 10000,
    breakLength: 80,
    compact: 3,
    sorted: false,
    getters: false,
    numericSeparator: false,
  };

  // inspect renders value like Node's util.inspect, without colors or
  // hidden properties. It also takes the legacy (value, showHidden, depth,
  // colors) form.
  function inspect(value, opts, ...legacy) {
    let options = opts;
    if (typeof opts !== 'object' || opts === null) {
      options = {};
      if (typeof opts === 'boolean') options.showHidden = opts;
      if (legacy.length > 0) options.depth = legacy[0];
    }
    const merged = { ...defaultOptions, ...options };
    return webInspect(value, {
      depth: merged.depth,
      maxArrayLength: merged.maxArrayLength ?? Infinity,
      maxStringLength: merged.maxStringLength ?? Infinity,
      breakLength: merged.breakLength,
    });
  }
  inspect.custom = customInspect;
  Object.defineProperty(inspect, 'defaultOptions', {
    get() {
      return defaultOptions;
    },
    set(options) {
      validateObject(options, 'options');
      Object.assign(defaultOptions, options);
    },
  });
  inspect.colors = Object.assign(Object.create(null), {
    reset: [0, 0], bold: [1, 22], dim: [2, 22], italic: [3, 23], underline: [4, 24], blink: [5, 25], inverse: [7, 27],
    hidden: [8, 28], strikethrough: [9, 29], doubleunderline: [21, 24], black: [30, 39], red: [31, 39], green: [32, 39],
    yellow: [33, 39], blue: [34, 39], magenta: [35, 39], cyan: [36, 39], white: [37, 39], bgBlack: [40, 49], bgRed: [41, 49],
    bgGreen: [42, 49], bgYellow: [43, 49], bgBlue: [44, 49], bgMagenta: [45, 49], bgCyan: [46, 49], bgWhite: [47, 49],
    framed: [51, 54], overlined: [53, 55], gray: [90, 39], redBright: [91, 39], greenBright: [92, 39], yellowBright: [93, 39],
    blueBright: [94, 39], magentaBright: [95, 39], cyanBright: [96, 39], whiteBright: [97, 39], bgGray: [100, 49],
    bgRedBright: [101, 49], bgGreenBright: [102, 49], bgYellowBright: [103, 49], bgBlueBright: [104, 49],
    bgMagentaBright: [105, 49], bgCyanBright: [106, 49], bgWhiteBright: [107, 49],
  });
  inspect.styles = Object.assign(Object.create(null), {
    special: 'cyan', number: 'yellow', bigint: 'yellow', boolean: 'yellow', undefined: 'grey', null: 'bold',
    string: 'green', symbol: 'green', date: 'magenta', regexp: 'red', module: 'underline',
  });

  function format(...args) {
    return webFormat(args);
  }

  // formatWithOptions ignores its options: output has no colors and format
  // already inspects with the defaults.
  function formatWithOptions(inspectOptions, ...args) {
    validateObject(inspectOptions, 'inspectOptions');
    return webFormat(args);
  }

  // ---- promises and callbacks ----

  function promisify(original) {
    validateFunction(original, 'original');
    if (original[customPromisify]) {
      const fn = original[customPromisify];
      validateFunction(fn, 'util.promisify.custom');
      return Object.defineProperty(fn, customPromisify, { value: fn, enumerable: false, writable: false, configurable: true });
    }
    function fn(...args) {
      return new Promise((resolve, reject) => {
        args.push((err, ...values) => {
          if (err) return reject(err);
          resolve(values[0]);
        });
        Reflect.apply(original, this, args);
      });
    }
    Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
    Object.defineProperty(fn, customPromisify, { value: fn, enumerable: false, writable: false, configurable: true });
    return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
  }
  promisify.custom = customPromisify;

  const nextTick = (fn, ...args) => {
    if (typeof queueMicrotask === 'function') queueMicrotask(() => fn(...args));
    else Promise.resolve().then(() => fn(...args));
  };

  function callbackify(original) {
    validateFunction(original, 'original');
    function callbackified(...args) {
      const cb = args.pop();
      validateFunction(cb, 'last argument');
      Reflect.apply(original, this, args).then(
        (ret) => nextTick(cb, null, ret),
        (rej) => {
          if (!rej) {
            const err = codeError(Error, 'ERR_FALSY_VALUE_REJECTION', 'Promise was rejected with falsy value', { reason: rej });
            rej = err;
          }
          nextTick(cb, rej);
        },
      );
    }
    const descriptors = Object.getOwnPropertyDescriptors(original);
    if (typeof descriptors.length.value === 'number') descriptors.length.value++;
    if (typeof descriptors.name.value === 'string') descriptors.name.value += 'Callbackified';
    Object.setPrototypeOf(callbackified, Object.getPrototypeOf(original));
    return Object.defineProperties(callbackified, descriptors);
  }

  // aborted resolves once signal aborts.
  function aborted(signal, resource) {
    validateAbortSignal(signal, 'signal');
    if (signal === undefined) throw invalidArgType('signal', 'an instance of AbortSignal', signal);
    if (resource === null || (typeof resource !== 'object' && typeof resource !== 'function')) {
      throw invalidArgType('resource', 'of type object', resource);
    }
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }

  // ---- classes and deprecation ----

  function inherits(ctor, superCtor) {
    if (ctor === undefined || ctor === null) throw invalidArgType('ctor', 'of type function', ctor);
    if (superCtor === undefined || superCtor === null) throw invalidArgType('superCtor', 'of type function', superCtor);
    if (superCtor.prototype === undefined) throw invalidArgType('superCtor.prototype', 'of type object', superCtor.prototype);
    Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
    Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
  }

  // Codes already warned about in this runtime.
  const warnedCodes = new Set();

  // deprecate wraps fn so that its first call logs a DeprecationWarning
  // through the host (once per code when code is given).
  function deprecate(fn, msg, code) {
    validateFunction(fn, 'fn');
    if (code !== undefined) validateString(code, 'code');
    let warned = false;
    function deprecated(...args) {
      if (!warned && (code === undefined || !warnedCodes.has(code))) {
        warned = true;
        if (code !== undefined) warnedCodes.add(code);
        lib.warn(`${code !== undefined ? `[${code}] ` : ''}DeprecationWarning: ${msg}`);
      }
      if (new.target) return Reflect.construct(fn, args, new.target);
      return Reflect.apply(fn, this, args);
    }
    Object.setPrototypeOf(deprecated, fn);
    if (fn.prototype) deprecated.prototype = fn.prototype;
    return deprecated;
  }

  // debuglog returns a logger enabled by NODE_DEBUG (comma-separated
  // sections, * wildcards) that writes through console.error.
  function debuglog(section, cb) {
    const pattern = (lib.getenv('NODE_DEBUG') ?? '')
      .split(/[\s,]+/).filter((s) => s !== '')
      .map((s) => s.replace(/[|\\{}()[\]^$+?.]/g, '\\$&').replace(/\*/g, '.*'))
      .join('|');
    const enabled = pattern !== '' && new RegExp(`^(${pattern})$`, 'i').test(section);
    const upper = `${section}`.toUpperCase();
    function debug(...args) {
      if (enabled) console.error('%s %s: %s', upper, 'pigo', format(...args));
    }
    Object.defineProperty(debug, 'enabled', { get: () => enabled });
    if (typeof cb === 'function') cb(debug);
    return debug;
  }

  function log(...args) {
    const d = new Date();
    const pad = (n) => `${n}`.padStart(2, '0');
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    console.log('%s - %s', `${d.getDate()} ${months[d.getMonth()]} ${time}`, format(...args));
  }

  // ---- strings ----

  const ansi = new RegExp('[\\u001B\\u009B][[\\]()#;?]*' +
    '(?:(?:(?:(?:;[-a-zA-Z\\d\\/#&.:=?%@~_]+)*' +
    '|[a-zA-Z\\d]+(?:;[-a-zA-Z\\d\\/#&.:=?%@~_]*)*)?\\u0007)' +
    '|(?:(?:\\d{1,4}(?:;\\d{0,4})*)?[\\dA-PR-TZcf-ntqry=><~]))', 'g');

  function stripVTControlCharacters(str) {
    validateString(str, 'str');
    return str.replace(ansi, '');
  }

  function styleText(format, text) {
    validateString(text, 'text');
    const formats = Array.isArray(format) ? format : [format];
    let left = '';
    let right = '';
    for (const key of formats) {
      const code = inspect.colors[key];
      if (code === undefined) {
        const allowed = Object.keys(inspect.colors).map((k) => `'${k}'`).join(', ');
        throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'format' must be one of: ${allowed}. Received ${inspect(key)}`);
      }
      left += `\u001b[${code[0]}m`;
      right = `\u001b[${code[1]}m${right}`;
    }
    return `${left}${text}${right}`;
  }

  function toUSVString(input) {
    const s = `${input}`;
    let out = '';
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          out += s[i] + s[i + 1];
          i++;
          continue;
        }
      }
      out += c >= 0xd800 && c <= 0xdfff ? '\ufffd' : s[i];
    }
    return out;
  }

  // parseEnv parses dotenv content: KEY=value lines, # comments, optional
  // export prefix, single, double (with \n escapes) and backtick quotes.
  function parseEnv(content) {
    validateString(content, 'content');
    const out = {};
    const line = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*('(?:[^'])*'|"(?:\\"|[^"])*"|`(?:[^`])*`|[^#\r\n]*)?\s*(?:#.*)?$/gm;
    for (const m of content.matchAll(line)) {
      let value = (m[2] ?? '').trim();
      const q = value[0];
      if ((q === '"' || q === "'" || q === '`') && value.endsWith(q) && value.length > 1) {
        value = value.slice(1, -1);
        if (q === '"') value = value.replace(/\\n/g, '\n');
      }
      out[m[1]] = value;
    }
    return out;
  }

  // ---- parseArgs ----

  function parseArgsError(code, message) {
    return codeError(TypeError, code, message);
  }

  // parseArgs is Node's util.parseArgs: long and short options, -abc
  // groups, --name=value, multiple, default, strict, allowPositionals and
  // tokens; no negative (--no-x) options, as in Node 20.
  function parseArgs(config = {}) {
    validateObject(config, 'config');
    const args = config.args ?? (typeof process === 'object' && process !== null && Array.isArray(process.argv) ? process.argv.slice(2) : []);
    const strict = config.strict ?? true;
    const allowPositionals = config.allowPositionals ?? !strict;
    const returnTokens = config.tokens ?? false;
    const options = config.options ?? {};
    validateObject(options, 'options');
    const shorts = new Map();
    for (const [name, opt] of Object.entries(options)) {
      validateObject(opt, `options.${name}`);
      if (opt.type !== 'string' && opt.type !== 'boolean') {
        throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The property 'options.${name}.type' must be one of: 'string', 'boolean'. Received ${inspect(opt.type)}`);
      }
      if (opt.short !== undefined) {
        validateString(opt.short, `options.${name}.short`);
        if (opt.short.length !== 1) {
          throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The property 'options.${name}.short' must be a single character. Received ${inspect(opt.short)}`);
        }
        shorts.set(opt.short, name);
      }
    }

    const tokens = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === '--') {
        tokens.push({ kind: 'option-terminator', index: i });
        for (let j = i + 1; j < args.length; j++) tokens.push({ kind: 'positional', index: j, value: args[j] });
        break;
      }
      if (arg.length > 1 && arg[0] === '-' && arg[1] !== '-') {
        // Short option, or a group of them.
        for (let k = 1; k < arg.length; k++) {
          const short = arg[k];
          const name = shorts.get(short) ?? short;
          const opt = options[name];
          if (opt?.type === 'string') {
            const inline = k + 1 < arg.length;
            const value = inline ? arg.slice(k + 1) : args[i + 1];
            tokens.push({ kind: 'option', name, rawName: `-${short}`, index: i, value, inlineValue: value === undefined ? undefined : inline });
            if (!inline) i++;
            break;
          }
          tokens.push({ kind: 'option', name, rawName: `-${short}`, index: i, value: undefined, inlineValue: undefined });
        }
        continue;
      }
      if (arg.startsWith('--') && arg.length > 2) {
        const eq = arg.indexOf('=');
        if (eq !== -1) {
          const name = arg.slice(2, eq);
          tokens.push({ kind: 'option', name, rawName: `--${name}`, index: i, value: arg.slice(eq + 1), inlineValue: true });
          continue;
        }
        const name = arg.slice(2);
        if (options[name]?.type === 'string') {
          const value = args[i + 1];
          tokens.push({ kind: 'option', name, rawName: arg, index: i, value, inlineValue: value === undefined ? undefined : false });
          i++;
          continue;
        }
        tokens.push({ kind: 'option', name, rawName: arg, index: i, value: undefined, inlineValue: undefined });
        continue;
      }
      tokens.push({ kind: 'positional', index: i, value: arg });
    }

    const values = Object.create(null);
    const positionals = [];
    for (const token of tokens) {
      if (token.kind === 'positional') {
        if (!allowPositionals) {
          throw parseArgsError('ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL', `Unexpected argument '${token.value}'. This command does not take positional arguments`);
        }
        positionals.push(token.value);
        continue;
      }
      if (token.kind !== 'option') continue;
      const opt = options[token.name];
      if (strict) {
        if (opt === undefined) {
          const short = token.rawName.length === 2 && token.rawName[1] !== '-';
          throw parseArgsError('ERR_PARSE_ARGS_UNKNOWN_OPTION', short
            ? `Unknown option '${token.rawName}'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- "${token.rawName}"`
            : `Unknown option '${token.rawName}'`);
        }
        const shortAndLong = opt.short !== undefined ? `-${opt.short}, --${token.name}` : `--${token.name}`;
        if (opt.type === 'string' && typeof token.value !== 'string') {
          throw parseArgsError('ERR_PARSE_ARGS_INVALID_OPTION_VALUE', `Option '${shortAndLong} <value>' argument missing`);
        }
        if (opt.type === 'boolean' && token.value !== undefined) {
          throw parseArgsError('ERR_PARSE_ARGS_INVALID_OPTION_VALUE', `Option '${shortAndLong}' does not take an argument`);
        }
      }
      const value = token.value ?? true;
      if (opt?.multiple) (values[token.name] ??= []).push(value);
      else values[token.name] = value;
    }
    for (const [name, opt] of Object.entries(options)) {
      if (opt.default !== undefined && values[name] === undefined) values[name] = opt.default;
    }
    const result = { values, positionals };
    if (returnTokens) result.tokens = tokens;
    return result;
  }

  // ---- types ----

  const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
  const GeneratorFunction = Object.getPrototypeOf(function* () {}).constructor;
  const TypedArray = Object.getPrototypeOf(Uint8Array);
  const typedArrayTag = Object.getOwnPropertyDescriptor(TypedArray.prototype, Symbol.toStringTag).get;

  function brand(fn, v) {
    try {
      fn.call(v);
      return true;
    } catch {
      return false;
    }
  }
  const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
  const isTypedArrayOf = (name) => (v) => typedArrayTag.call(v) === name;
  const isBoxed = (valueOf) => (v) => typeof v === 'object' && v !== null && brand(valueOf, v);

  const types = {
    isExternal: () => false,
    isDate: (v) => typeof v === 'object' && v !== null && brand(Date.prototype.getTime, v),
    isArgumentsObject: (v) => objectToString(v) === '[object Arguments]',
    isBigIntObject: isBoxed(BigInt.prototype.valueOf),
    isBooleanObject: isBoxed(Boolean.prototype.valueOf),
    isNumberObject: isBoxed(Number.prototype.valueOf),
    isStringObject: isBoxed(String.prototype.valueOf),
    isSymbolObject: isBoxed(Symbol.prototype.valueOf),
    isNativeError: (v) => v instanceof Error && objectToString(v) === '[object Error]',
    isRegExp: (v) => typeof v === 'object' && v !== null && brand(getter(RegExp.prototype, 'flags'), v) && v instanceof RegExp,
    isAsyncFunction: (v) => typeof v === 'function' && v instanceof AsyncFunction,
    isGeneratorFunction: (v) => typeof v === 'function' && v instanceof GeneratorFunction,
    isGeneratorObject: (v) => objectToString(v) === '[object Generator]',
    isPromise: (v) => lib.isPromise(v),
    isMap: (v) => brand(getter(Map.prototype, 'size'), v),
    isSet: (v) => brand(getter(Set.prototype, 'size'), v),
    isMapIterator: (v) => objectToString(v) === '[object Map Iterator]',
    isSetIterator: (v) => objectToString(v) === '[object Set Iterator]',
    isWeakMap: (v) => brand(WeakMap.prototype.has, v),
    isWeakSet: (v) => brand(WeakSet.prototype.has, v),
    isArrayBuffer: (v) => brand(getter(ArrayBuffer.prototype, 'byteLength'), v),
    isDataView: (v) => brand(getter(DataView.prototype, 'byteLength'), v),
    isSharedArrayBuffer: (v) => typeof SharedArrayBuffer === 'function' && brand(getter(SharedArrayBuffer.prototype, 'byteLength'), v),
    isProxy: (v) => lib.isProxy(v),
    isModuleNamespaceObject: (v) => objectToString(v) === '[object Module]',
    isAnyArrayBuffer: (v) => types.isArrayBuffer(v) || types.isSharedArrayBuffer(v),
    isBoxedPrimitive: (v) => types.isNumberObject(v) || types.isStringObject(v) || types.isBooleanObject(v) ||
      types.isBigIntObject(v) || types.isSymbolObject(v),
    isArrayBufferView: (v) => ArrayBuffer.isView(v),
    isTypedArray: (v) => typedArrayTag.call(v) !== undefined,
    isUint8Array: isTypedArrayOf('Uint8Array'),
    isUint8ClampedArray: isTypedArrayOf('Uint8ClampedArray'),
    isUint16Array: isTypedArrayOf('Uint16Array'),
    isUint32Array: isTypedArrayOf('Uint32Array'),
    isInt8Array: isTypedArrayOf('Int8Array'),
    isInt16Array: isTypedArrayOf('Int16Array'),
    isInt32Array: isTypedArrayOf('Int32Array'),
    isFloat32Array: isTypedArrayOf('Float32Array'),
    isFloat64Array: isTypedArrayOf('Float64Array'),
    isBigInt64Array: isTypedArrayOf('BigInt64Array'),
    isBigUint64Array: isTypedArrayOf('BigUint64Array'),
    isKeyObject: () => false,
    isCryptoKey: () => false,
  };

  // ---- module ----

  function isDeepStrictEqual(a, b) {
    return lib.isDeepEqual(a, b, true);
  }

  function extend(target, source) {
    if (source === null || typeof source !== 'object') return target;
    for (const key of Object.keys(source)) target[key] = source[key];
    return target;
  }

  Object.assign(exports, {
    _extend: extend,
    aborted,
    callbackify,
    debug: debuglog,
    debuglog,
    deprecate,
    format,
    formatWithOptions,
    inherits,
    inspect,
    isArray: Array.isArray,
    isBoolean: (v) => typeof v === 'boolean',
    isBuffer: (v) => typeof Buffer === 'function' && Buffer.isBuffer(v),
    isDeepStrictEqual,
    isNull: (v) => v === null,
    isNullOrUndefined: (v) => v === null || v === undefined,
    isNumber: (v) => typeof v === 'number',
    isString: (v) => typeof v === 'string',
    isSymbol: (v) => typeof v === 'symbol',
    isUndefined: (v) => v === undefined,
    isRegExp: types.isRegExp,
    isObject: (v) => v !== null && typeof v === 'object',
    isDate: types.isDate,
    isError: (v) => v instanceof Error || objectToString(v) === '[object Error]',
    isFunction: (v) => typeof v === 'function',
    isPrimitive: (v) => v === null || (typeof v !== 'object' && typeof v !== 'function'),
    log,
    parseArgs,
    parseEnv,
    promisify,
    stripVTControlCharacters,
    styleText,
    toUSVString,
    transferableAbortController: () => new AbortController(),
    transferableAbortSignal: (signal) => signal,
    types,
  });
  for (const name of ['TextEncoder', 'TextDecoder']) {
    if (typeof globalThis[name] === 'function') exports[name] = globalThis[name];
  }
})
