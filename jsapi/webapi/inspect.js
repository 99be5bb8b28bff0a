// Node's util.format and a compact util.inspect, for console and for Go
// (webapi.Inspect, reported errors). Defines no globals.
(function (internal) {
  'use strict';

  const { promiseState } = internal;

  const customInspect = Symbol.for('nodejs.util.inspect.custom');
  const TypedArray = Object.getPrototypeOf(Uint8Array);
  const typedArrayTag = Object.getOwnPropertyDescriptor(TypedArray.prototype, Symbol.toStringTag).get;
  const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
  const GeneratorFunction = Object.getPrototypeOf(function* () {}).constructor;
  const fnToString = Function.prototype.toString;
  const errorToString = Error.prototype.toString;
  const hasOwn = Object.hasOwn;
  const propertyIsEnumerable = Object.prototype.propertyIsEnumerable;

  // Brand checks via intrinsic getters and methods, which throw on anything
  // else (instanceof can be fooled by prototypes).
  function brand(fn, v) {
    try {
      fn.call(v);
      return true;
    } catch {
      return false;
    }
  }
  const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
  const setSize = getter(Set.prototype, 'size');
  const mapSize = getter(Map.prototype, 'size');
  const bufferLength = getter(ArrayBuffer.prototype, 'byteLength');
  const viewLength = getter(DataView.prototype, 'byteLength');
  const isSet = (v) => brand(setSize, v);
  const isMap = (v) => brand(mapSize, v);
  const isArrayBuffer = (v) => brand(bufferLength, v);
  const isDataView = (v) => brand(viewLength, v);
  const isDate = (v) => brand(Date.prototype.getTime, v);
  const isWeakMap = (v) => brand(WeakMap.prototype.has, v);
  const isWeakSet = (v) => brand(WeakSet.prototype.has, v);
  const isRegExp = (v) => v instanceof RegExp;
  const isError = (v) => v instanceof Error;
  const boxes = [
    ['Number', Number.prototype.valueOf],
    ['String', String.prototype.valueOf],
    ['Boolean', Boolean.prototype.valueOf],
    ['BigInt', BigInt.prototype.valueOf],
    ['Symbol', Symbol.prototype.valueOf],
  ];

  // Constructors whose toString is not worth calling for %s.
  const builtins = new Set([
    'Object', 'Function', 'Array', 'Number', 'Boolean', 'String', 'Symbol', 'BigInt', 'Date', 'Promise', 'RegExp',
    'Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'AggregateError',
    'ArrayBuffer', 'DataView', 'Map', 'Set', 'WeakMap', 'WeakSet', 'Proxy', 'Reflect',
    'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
    'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array',
  ]);

  const keyIdentifier = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
  const arrayIndex = /^(?:0|[1-9][0-9]*)$/;
  const escapes = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '\\': '\\\\' };
  // Stack frames of this package's JS and of internal.invoke: noise to a
  // plugin author reading a stack.
  const internalFrame = /^\s+at (?:.*\(pigo:webapi\/.*|pigo:webapi\/.*|invoke \(native\))$/;
  const compact = 3; // Node's default: up to 3 inner levels share a line

  // inspect is a subset of Node's util.inspect (no colors, no showHidden):
  // options depth (default 2, null for unlimited), maxArrayLength (100),
  // maxStringLength (10000), breakLength (80).
  function inspect(value, options = undefined) {
    const depth = options?.depth;
    const ctx = {
      depth: depth === null ? Infinity : depth === undefined ? 2 : depth,
      maxArrayLength: options?.maxArrayLength ?? 100,
      maxStringLength: options?.maxStringLength ?? 10000,
      breakLength: options?.breakLength ?? 80,
      seen: [],
      circular: new Map(),
      indentationLvl: 0,
      currentDepth: 0,
    };
    return formatValue(ctx, value, 0);
  }
  inspect.custom = customInspect;

  function formatValue(ctx, v, recurseTimes) {
    if (typeof v !== 'object' && typeof v !== 'function') return formatPrimitive(ctx, v);
    if (v === null) return 'null';
    const custom = v[customInspect];
    if (typeof custom === 'function' && custom !== inspect) {
      const depth = ctx.depth - recurseTimes;
      // Like Node, options carry the depth the caller asked for; the first
      // argument is what is left of it.
      const result = custom.call(v, depth, { depth: ctx.depth, breakLength: ctx.breakLength }, inspect);
      if (result !== v) {
        if (typeof result !== 'string') return formatValue(ctx, result, recurseTimes);
        // A multi-line result lines up under the current entry, as in Node.
        return ctx.indentationLvl === 0 ? result : result.replaceAll('\n', `\n${' '.repeat(ctx.indentationLvl)}`);
      }
    }
    if (ctx.seen.includes(v)) {
      let index = ctx.circular.get(v);
      if (index === undefined) {
        index = ctx.circular.size + 1;
        ctx.circular.set(v, index);
      }
      return `[Circular *${index}]`;
    }
    return formatRaw(ctx, v, recurseTimes);
  }

  function formatPrimitive(ctx, v) {
    switch (typeof v) {
      case 'string':
        if (v.length > ctx.maxStringLength) {
          const more = v.length - ctx.maxStringLength;
          return `${quote(v.slice(0, ctx.maxStringLength))}... ${more} more character${more > 1 ? 's' : ''}`;
        }
        return quote(v);
      case 'number':
        return formatNumber(v);
      case 'bigint':
        return `${v}n`;
      case 'symbol':
        return v.toString();
      default:
        return `${v}`;
    }
  }

  function formatNumber(n) {
    return Object.is(n, -0) ? '-0' : `${n}`;
  }

  // quote picks Node's quote: single, else double, else backtick.
  function quote(s) {
    let q = "'";
    if (s.includes("'")) {
      if (!s.includes('"')) q = '"';
      else if (!s.includes('`') && !s.includes('${')) q = '`';
    }
    const re = q === "'" ? /['\\\x00-\x1f\x7f-\x9f]/g : q === '"' ? /["\\\x00-\x1f\x7f-\x9f]/g : /[`\\\x00-\x1f\x7f-\x9f]/g;
    const body = s.replace(re, (c) => escapes[c] ?? (c === q ? `\\${q}` : `\\x${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`));
    return `${q}${body}${q}`;
  }

  function constructorName(obj) {
    let o = obj;
    for (let i = 0; o !== null && i < 1000; i++) {
      const desc = Object.getOwnPropertyDescriptor(o, 'constructor');
      if (desc !== undefined && typeof desc.value === 'function' && desc.value.name !== '') {
        try {
          if (obj instanceof desc.value) return String(desc.value.name);
        } catch {
          // A hostile Symbol.hasInstance; keep looking.
        }
      }
      o = Object.getPrototypeOf(o);
    }
    return null;
  }

  function getPrefix(ctor, tag, fallback, size = '') {
    if (ctor === null) {
      if (tag !== '' && fallback !== tag) return `[${fallback}${size}: null prototype] [${tag}] `;
      return `[${fallback}${size}: null prototype] `;
    }
    if (tag !== '' && ctor !== tag) return `${ctor}${size} [${tag}] `;
    return `${ctor}${size} `;
  }

  function getKeys(v) {
    const keys = Object.keys(v);
    for (const s of Object.getOwnPropertySymbols(v)) {
      if (propertyIsEnumerable.call(v, s)) keys.push(s);
    }
    return keys;
  }

  // formatRaw follows Node's formatRaw: pick braces, a base text and an
  // entry formatter by kind, then lay the entries out.
  function formatRaw(ctx, v, recurseTimes) {
    const ctor = constructorName(v);
    let tag = v[Symbol.toStringTag];
    if (typeof tag !== 'string' || tag === ctor) tag = '';
    let keys = getKeys(v);
    let base = '';
    let formatter = () => [];
    let braces;
    let isArrayLike = false;

    if (Array.isArray(v)) {
      const prefix = ctor !== 'Array' || tag !== '' ? getPrefix(ctor, tag, 'Array', `(${v.length})`) : '';
      keys = keys.filter((k) => typeof k !== 'string' || !arrayIndex.test(k));
      braces = [`${prefix}[`, ']'];
      if (v.length === 0 && keys.length === 0) return `${braces[0]}]`;
      isArrayLike = true;
      formatter = formatArray;
    } else if (isSet(v)) {
      const size = setSize.call(v);
      const prefix = getPrefix(ctor, tag, 'Set', `(${size})`);
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, '}'];
      formatter = formatSet;
    } else if (isMap(v)) {
      const size = mapSize.call(v);
      const prefix = getPrefix(ctor, tag, 'Map', `(${size})`);
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, '}'];
      formatter = formatMap;
    } else if (typedArrayTag.call(v) !== undefined) {
      const name = typedArrayTag.call(v);
      const prefix = getPrefix(ctor, tag === name ? '' : tag, name, `(${v.length})`);
      keys = keys.filter((k) => typeof k !== 'string' || !arrayIndex.test(k));
      braces = [`${prefix}[`, ']'];
      if (v.length === 0 && keys.length === 0) return `${braces[0]}]`;
      isArrayLike = true;
      formatter = formatTypedArray;
    } else {
      braces = ['{', '}'];
      const box = boxes.find(([, valueOf]) => brand(valueOf, v));
      if (typeof v === 'function') {
        base = functionBase(v, ctor, tag);
        if (keys.length === 0) return base;
      } else if (ctor === 'Object') {
        if (tag !== '') braces[0] = `${getPrefix(ctor, tag, 'Object')}{`;
        if (keys.length === 0) return `${braces[0]}}`;
      } else if (isRegExp(v)) {
        base = RegExp.prototype.toString.call(v);
        const prefix = getPrefix(ctor, tag, 'RegExp');
        if (prefix !== 'RegExp ') base = `${prefix}${base}`;
        if (keys.length === 0) return base;
      } else if (isDate(v)) {
        base = Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
        const prefix = getPrefix(ctor, tag, 'Date');
        if (prefix !== 'Date ') base = `${prefix}${base}`;
        if (keys.length === 0) return base;
      } else if (isError(v)) {
        base = formatError(ctx, v, ctor, tag, keys);
        if (keys.length === 0) return base;
      } else if (isArrayBuffer(v)) {
        braces[0] = `${getPrefix(ctor, tag, 'ArrayBuffer')}{`;
        formatter = formatArrayBuffer;
        keys.unshift('byteLength');
      } else if (isDataView(v)) {
        braces[0] = `${getPrefix(ctor, tag, 'DataView')}{`;
        keys.unshift('byteLength', 'byteOffset', 'buffer');
      } else if (promiseState(v) !== undefined) {
        braces[0] = `${getPrefix(ctor, tag, 'Promise')}{`;
        formatter = formatPromise;
      } else if (isWeakSet(v) || isWeakMap(v)) {
        braces[0] = `${getPrefix(ctor, tag, isWeakSet(v) ? 'WeakSet' : 'WeakMap')}{`;
        formatter = () => ['<items unknown>'];
      } else if (box !== undefined) {
        const [type, valueOf] = box;
        if (type === 'String') keys = keys.filter((k) => typeof k !== 'string' || !arrayIndex.test(k));
        base = `[${type}`;
        if (type !== ctor) base += ctor === null ? ' (null prototype)' : ` (${ctor})`;
        base += `: ${formatPrimitive(ctx, valueOf.call(v))}]`;
        if (tag !== '' && tag !== ctor) base += ` [${tag}]`;
        if (keys.length === 0) return base;
      } else {
        braces[0] = `${getPrefix(ctor, tag, 'Object')}{`;
        if (keys.length === 0) return `${braces[0]}}`;
      }
    }

    if (recurseTimes > ctx.depth) {
      const name = getPrefix(ctor, tag, 'Object').slice(0, -1);
      return ctor === null ? name : `[${name}]`;
    }
    recurseTimes++;
    ctx.seen.push(v);
    ctx.currentDepth = recurseTimes;
    let output;
    try {
      output = formatter(ctx, v, recurseTimes);
      for (const key of keys) output.push(formatProperty(ctx, v, recurseTimes, key, false));
    } finally {
      ctx.seen.pop();
    }
    const index = ctx.circular.get(v);
    if (index !== undefined) {
      const reference = `<ref *${index}>`;
      base = base === '' ? reference : `${reference} ${base}`;
    }
    return reduceToSingleString(ctx, output, base, braces, isArrayLike, recurseTimes, v);
  }

  function formatProperty(ctx, v, recurseTimes, key, isArrayItem) {
    const desc = Object.getOwnPropertyDescriptor(v, key) ?? { value: v[key], enumerable: true };
    let str;
    if (desc.value !== undefined) {
      ctx.indentationLvl += 2;
      str = formatValue(ctx, desc.value, recurseTimes);
      ctx.indentationLvl -= 2;
    } else if (desc.get !== undefined) {
      str = desc.set !== undefined ? '[Getter/Setter]' : '[Getter]';
    } else if (desc.set !== undefined) {
      str = '[Setter]';
    } else {
      str = 'undefined';
    }
    if (isArrayItem) return str;
    let name;
    if (typeof key === 'symbol') name = `[${key.toString()}]`;
    else if (key === '__proto__') name = "['__proto__']";
    else if (desc.enumerable === false) name = `[${key}]`;
    else if (keyIdentifier.test(key)) name = key;
    else name = quote(key);
    return `${name}: ${str}`;
  }

  function formatArray(ctx, v, recurseTimes) {
    const length = v.length;
    const limit = Math.min(Math.max(0, ctx.maxArrayLength), length);
    const output = [];
    let i = 0;
    for (; i < length && output.length < limit; i++) {
      if (!hasOwn(v, i)) {
        let holes = 1;
        while (i + holes < length && !hasOwn(v, i + holes)) holes++;
        output.push(`<${holes} empty item${holes > 1 ? 's' : ''}>`);
        i += holes - 1;
        continue;
      }
      output.push(formatProperty(ctx, v, recurseTimes, i, true));
    }
    const remaining = length - i;
    if (remaining > 0) output.push(`... ${remaining} more item${remaining > 1 ? 's' : ''}`);
    return output;
  }

  function formatTypedArray(ctx, v) {
    const shown = Math.min(Math.max(0, ctx.maxArrayLength), v.length);
    const output = [];
    for (let i = 0; i < shown; i++) {
      output.push(typeof v[i] === 'bigint' ? `${v[i]}n` : formatNumber(v[i]));
    }
    const remaining = v.length - shown;
    if (remaining > 0) output.push(`... ${remaining} more item${remaining > 1 ? 's' : ''}`);
    return output;
  }

  function formatSet(ctx, v, recurseTimes) {
    const output = [];
    ctx.indentationLvl += 2;
    for (const item of Set.prototype.values.call(v)) output.push(formatValue(ctx, item, recurseTimes));
    ctx.indentationLvl -= 2;
    return output;
  }

  function formatMap(ctx, v, recurseTimes) {
    const output = [];
    ctx.indentationLvl += 2;
    for (const [k, item] of Map.prototype.entries.call(v)) {
      output.push(`${formatValue(ctx, k, recurseTimes)} => ${formatValue(ctx, item, recurseTimes)}`);
    }
    ctx.indentationLvl -= 2;
    return output;
  }

  function formatArrayBuffer(ctx, v) {
    const bytes = new Uint8Array(v);
    const shown = Math.min(Math.max(0, ctx.maxArrayLength), bytes.length);
    let hex = Array.from(bytes.subarray(0, shown), (b) => b.toString(16).padStart(2, '0')).join(' ');
    const remaining = bytes.length - shown;
    if (remaining > 0) hex += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
    return [`[Uint8Contents]: <${hex}>`];
  }

  function formatPromise(ctx, v, recurseTimes) {
    const [state, result] = promiseState(v);
    if (state === 'pending') return ['<pending>'];
    ctx.indentationLvl += 2;
    const str = formatValue(ctx, result, recurseTimes);
    ctx.indentationLvl -= 2;
    return [state === 'rejected' ? `<rejected> ${str}` : str];
  }

  function functionBase(fn, ctor, tag) {
    const source = fnToString.call(fn);
    if (source.startsWith('class') && source.endsWith('}')) {
      const name = (hasOwn(fn, 'name') && fn.name) || '(anonymous)';
      let base = `class ${name}`;
      if (ctor !== 'Function' && ctor !== null) base += ` [${ctor}]`;
      if (tag !== '' && ctor !== tag) base += ` [${tag}]`;
      if (ctor === null) {
        base += ' extends [null prototype]';
      } else {
        const superName = Object.getPrototypeOf(fn).name;
        if (superName) base += ` extends ${superName}`;
      }
      return `[${base}]`;
    }
    let type = 'Function';
    if (fn instanceof GeneratorFunction) type = `Generator${type}`;
    if (fn instanceof AsyncFunction) type = `Async${type}`;
    let base = `[${type}`;
    if (ctor === null) base += ' (null prototype)';
    base += fn.name === '' ? ' (anonymous)' : `: ${fn.name}`;
    base += ']';
    if (ctor !== type && ctor !== null) base += ` ${ctor}`;
    if (tag !== '' && ctor !== tag) base += ` [${tag}]`;
    return base;
  }

  function formatError(ctx, err, ctor, tag, keys) {
    const name = err.name != null ? String(err.name) : 'Error';
    let stack = err.stack ? String(err.stack) : errorToString.call(err);
    // goja ends stacks with a newline and indents frames with a tab; the
    // frames inside this package are noise to a plugin author.
    stack = stack.replace(/\n+$/, '').split('\n').filter((line) => !internalFrame.test(line)).join('\n').replace(/\n\tat /g, '\n    at ');
    // Drop keys whose values the stack already shows.
    for (const key of ['name', 'message', 'stack']) {
      const i = keys.indexOf(key);
      if (i !== -1 && stack.includes(String(err[key]))) keys.splice(i, 1);
    }
    if (hasOwn(err, 'cause') && !keys.includes('cause')) keys.push('cause');
    stack = improveStack(stack, ctor, name, tag);
    if (!/\n\s+at /.test(stack)) stack = `[${stack}]`;
    if (ctx.indentationLvl !== 0) stack = stack.replaceAll('\n', `\n${' '.repeat(ctx.indentationLvl)}`);
    return stack;
  }

  // improveStack names the constructor when the stack only shows err.name,
  // as in "DOMException [AbortError]: ...".
  function improveStack(stack, ctor, name, tag) {
    const len = name.length;
    if (ctor === null || (name.endsWith('Error') && stack.startsWith(name) && (stack.length === len || stack[len] === ':' || stack[len] === '\n'))) {
      const prefix = getPrefix(ctor, tag, 'Error').slice(0, -1);
      if (name !== prefix) {
        stack = prefix.includes(name) ? `${prefix}${stack.slice(len)}` : `${prefix} [${name}]${stack.slice(len)}`;
      }
    }
    return stack;
  }

  function reduceToSingleString(ctx, output, base, braces, isArrayLike, recurseTimes, v) {
    const entries = output.length;
    if (isArrayLike && entries > 6) output = groupArrayElements(ctx, output, v);
    if (ctx.currentDepth - recurseTimes < compact && entries === output.length) {
      const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
      if (isBelowBreakLength(ctx, output, start, base)) {
        const joined = output.join(', ');
        if (!joined.includes('\n')) return `${base ? `${base} ` : ''}${braces[0]} ${joined} ${braces[1]}`;
      }
    }
    const indentation = `\n${' '.repeat(ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ''}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
  }

  function isBelowBreakLength(ctx, output, start, base) {
    let total = output.length + start;
    if (total + output.length > ctx.breakLength) return false;
    for (const entry of output) {
      total += entry.length;
      if (total > ctx.breakLength) return false;
    }
    return base === '' || !base.includes('\n');
  }

  // groupArrayElements is Node's: it lays many short array items out in
  // aligned columns.
  function groupArrayElements(ctx, output, v) {
    let totalLength = 0;
    let maxLength = 0;
    let outputLength = output.length;
    if (output[outputLength - 1].startsWith('... ')) outputLength--;
    const separatorSpace = 2;
    const dataLen = new Array(outputLength);
    for (let i = 0; i < outputLength; i++) {
      const len = output[i].length;
      dataLen[i] = len;
      totalLength += len + separatorSpace;
      if (maxLength < len) maxLength = len;
    }
    const actualMax = maxLength + separatorSpace;
    if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength && (totalLength / actualMax > 5 || maxLength <= 6)) {
      const averageBias = Math.sqrt(actualMax - totalLength / output.length);
      const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
      const columns = Math.min(
        Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax),
        Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
        compact * 4,
        15,
      );
      if (columns <= 1) return output;
      const maxLineLength = [];
      for (let i = 0; i < columns; i++) {
        let lineLength = 0;
        for (let j = i; j < outputLength; j += columns) {
          if (dataLen[j] > lineLength) lineLength = dataLen[j];
        }
        maxLineLength.push(lineLength + separatorSpace);
      }
      let padStart = true;
      for (let i = 0; i < outputLength; i++) {
        if (typeof v[i] !== 'number' && typeof v[i] !== 'bigint') {
          padStart = false;
          break;
        }
      }
      const grouped = [];
      for (let i = 0; i < outputLength; i += columns) {
        const max = Math.min(i + columns, outputLength);
        let str = '';
        let j = i;
        for (; j < max - 1; j++) {
          const cell = `${output[j]}, `;
          str += padStart ? cell.padStart(maxLineLength[j - i]) : cell.padEnd(maxLineLength[j - i]);
        }
        str += padStart ? output[j].padStart(maxLineLength[j - i] - separatorSpace) : output[j];
        grouped.push(str);
      }
      if (outputLength < output.length) grouped.push(output[outputLength]);
      return grouped;
    }
    return output;
  }

  // hasBuiltInToString tells whether %s should inspect v rather than call
  // its own toString.
  function hasBuiltInToString(v) {
    if (typeof v.toString !== 'function') return true;
    if (hasOwn(v, 'toString')) return false;
    let p = v;
    do {
      p = Object.getPrototypeOf(p);
    } while (p !== null && !hasOwn(p, 'toString'));
    if (p === null) return true;
    const desc = Object.getOwnPropertyDescriptor(p, 'constructor');
    return desc !== undefined && typeof desc.value === 'function' && builtins.has(desc.value.name);
  }

  function stringify(v) {
    try {
      return JSON.stringify(v);
    } catch (e) {
      if (e instanceof TypeError && /circular/i.test(e.message)) return '[Circular]';
      throw e;
    }
  }

  // format is Node's util.format: %s %d %i %f %j %o %O %c %%, then the
  // remaining arguments inspected and joined by spaces.
  function format(args) {
    const first = args[0];
    let a = 0;
    let str = '';
    let join = '';
    if (typeof first === 'string') {
      if (args.length === 1) return first;
      let lastPos = 0;
      let tempStr;
      for (let i = 0; i < first.length - 1; i++) {
        if (first.charCodeAt(i) !== 37) continue; // '%'
        const next = first.charCodeAt(++i);
        if (a + 1 !== args.length) {
          switch (next) {
            case 115: { // 's'
              const arg = args[++a];
              if (typeof arg === 'number') tempStr = formatNumber(arg);
              else if (typeof arg === 'bigint') tempStr = `${arg}n`;
              else if (typeof arg !== 'object' || arg === null || !hasBuiltInToString(arg)) tempStr = String(arg);
              else tempStr = inspect(arg, { depth: 0 });
              break;
            }
            case 106: // 'j'
              tempStr = stringify(args[++a]);
              break;
            case 100: { // 'd'
              const n = args[++a];
              if (typeof n === 'bigint') tempStr = `${n}n`;
              else if (typeof n === 'symbol') tempStr = 'NaN';
              else tempStr = formatNumber(Number(n));
              break;
            }
            case 79: // 'O'
              tempStr = inspect(args[++a]);
              break;
            case 111: // 'o'
              tempStr = inspect(args[++a], { depth: 4 });
              break;
            case 105: { // 'i'
              const n = args[++a];
              if (typeof n === 'bigint') tempStr = `${n}n`;
              else if (typeof n === 'symbol') tempStr = 'NaN';
              else tempStr = formatNumber(parseInt(n));
              break;
            }
            case 102: { // 'f'
              const n = args[++a];
              tempStr = typeof n === 'symbol' ? 'NaN' : formatNumber(parseFloat(n));
              break;
            }
            case 99: // 'c': CSS, which a log line has no use for
              a++;
              tempStr = '';
              break;
            case 37: // '%'
              str += first.slice(lastPos, i);
              lastPos = i + 1;
              continue;
            default:
              continue;
          }
          if (lastPos !== i - 1) str += first.slice(lastPos, i - 1);
          str += tempStr;
          lastPos = i + 1;
        } else if (next === 37) {
          str += first.slice(lastPos, i);
          lastPos = i + 1;
        }
      }
      if (lastPos !== 0) {
        a++;
        join = ' ';
        if (lastPos < first.length) str += first.slice(lastPos);
      }
    }
    while (a < args.length) {
      const v = args[a];
      str += join;
      str += typeof v !== 'string' ? inspect(v) : v;
      join = ' ';
      a++;
    }
    return str;
  }

  internal.inspect = inspect;
  internal.format = format;
  internal.internalFrame = internalFrame;

  return {};
})
