// structuredClone: the HTML structured clone algorithm for the values a
// plugin can hold (no Blob, File, MessagePort, ImageData...).
(function (internal) {
  'use strict';

  const { DOMException, Event, EventTarget, detachArrayBuffer } = internal;
  const TypedArray = Object.getPrototypeOf(Uint8Array);
  const typedArrayTag = Object.getOwnPropertyDescriptor(TypedArray.prototype, Symbol.toStringTag).get;
  const typedArrays = { Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array };
  if (typeof Float16Array === 'function') typedArrays.Float16Array = Float16Array; // eslint-disable-line no-undef
  const errorTypes = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  const defineProperty = Object.defineProperty;
  const hasOwn = Object.hasOwn;

  // Platform objects and objects with hidden state a copy would lose: the
  // spec throws rather than hand back a hollow plain object.
  const uncloneable = [Promise, WeakMap, WeakSet, Event, EventTarget];
  for (const name of ['URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'AbortController']) {
    const ctor = internal[name];
    if (typeof ctor === 'function') uncloneable.push(ctor);
  }

  function dataCloneError(v) {
    let what;
    if (typeof v === 'function' || typeof v === 'symbol') {
      what = String(v);
    } else {
      const tag = Object.prototype.toString.call(v).slice(8, -1);
      what = `#<${v.constructor?.name || tag}>`;
    }
    if (what.length > 100) what = `${what.slice(0, 100)}...`;
    return new DOMException(`${what} could not be cloned.`, 'DataCloneError');
  }

  function structuredClone(value, options = undefined) {
    if (arguments.length === 0) {
      throw new TypeError('The "value" argument must be specified');
    }
    if (options !== undefined && options !== null && typeof options !== 'object') {
      throw new TypeError('The "options" argument must be of type object.');
    }
    // memory maps originals to copies: it keeps shared references shared
    // and makes cycles terminate.
    const memory = new Map();
    const transfer = [];
    if (options?.transfer !== undefined) {
      for (const buffer of options.transfer) {
        if (!(buffer instanceof ArrayBuffer)) {
          throw new DOMException('Value not transferable', 'DataCloneError');
        }
        if (memory.has(buffer)) {
          throw new DOMException('ArrayBuffer appears more than once in the transfer list', 'DataCloneError');
        }
        memory.set(buffer, buffer.slice(0));
        transfer.push(buffer);
      }
    }
    const result = clone(value, memory);
    // Transferring detaches only once the whole clone succeeded.
    for (const buffer of transfer) detachArrayBuffer(buffer);
    return result;
  }

  function clone(v, memory) {
    switch (typeof v) {
      case 'undefined':
      case 'boolean':
      case 'number':
      case 'bigint':
      case 'string':
        return v;
      case 'symbol':
      case 'function':
        throw dataCloneError(v);
    }
    if (v === null) return null;
    const known = memory.get(v);
    if (known !== undefined) return known;

    if (v instanceof Boolean) return remember(memory, v, new Boolean(v.valueOf()));
    if (v instanceof Number) return remember(memory, v, new Number(v.valueOf()));
    if (v instanceof String) return remember(memory, v, new String(v.valueOf()));
    if (v instanceof BigInt) return remember(memory, v, Object(v.valueOf()));
    if (v instanceof Symbol) throw dataCloneError(v);
    if (v instanceof Date) return remember(memory, v, new Date(v.getTime()));
    if (v instanceof RegExp) return remember(memory, v, new RegExp(v.source, v.flags));
    // One thread: the clone of a SharedArrayBuffer shares its memory by
    // being the same buffer.
    if (internal.lang.shared?.has(v)) return remember(memory, v, v);
    if (internal.Blob && v instanceof internal.Blob) return remember(memory, v, internal.cloneBlob(v));
    if (v instanceof ArrayBuffer) return remember(memory, v, v.slice(0));
    if (v instanceof DataView) {
      const buffer = clone(v.buffer, memory);
      return remember(memory, v, new DataView(buffer, v.byteOffset, v.byteLength));
    }
    const tag = typedArrayTag.call(v);
    if (tag !== undefined) {
      const buffer = clone(v.buffer, memory);
      return remember(memory, v, new typedArrays[tag](buffer, v.byteOffset, v.length));
    }
    if (v instanceof Map) {
      const copy = remember(memory, v, new Map());
      for (const [key, value] of [...v]) copy.set(clone(key, memory), clone(value, memory));
      return copy;
    }
    if (v instanceof Set) {
      const copy = remember(memory, v, new Set());
      for (const value of [...v]) copy.add(clone(value, memory));
      return copy;
    }
    if (v instanceof DOMException) {
      return remember(memory, v, new DOMException(v.message, v.name));
    }
    if (v instanceof Error) return cloneError(v, memory);
    for (const ctor of uncloneable) {
      if (v instanceof ctor) throw dataCloneError(v);
    }
    // Platform objects of modules installed after this one.
    for (const name of internal.uncloneableNames || []) {
      const ctor = internal[name];
      if (typeof ctor === 'function' && v instanceof ctor) throw dataCloneError(v);
    }
    const copy = remember(memory, v, Array.isArray(v) ? new Array(v.length) : {});
    for (const key of Object.keys(v)) {
      // The key may have gone (or turned non-enumerable) under a getter.
      const desc = Object.getOwnPropertyDescriptor(v, key);
      if (desc === undefined || !desc.enumerable) continue;
      set(copy, key, clone(v[key], memory));
    }
    return copy;
  }

  function remember(memory, original, copy) {
    memory.set(original, copy);
    return copy;
  }

  // set defines rather than assigns, so a "__proto__" key stays a key.
  function set(obj, key, value) {
    if (key === '__proto__') {
      defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
    } else {
      obj[key] = value;
    }
  }

  // cloneError keeps the name (when it is a standard one), message, stack and
  // cause, like V8.
  function cloneError(v, memory) {
    const name = v.name;
    const Ctor = hasOwn(errorTypes, name) ? errorTypes[name] : Error;
    const copy = remember(memory, v, hasOwn(v, 'message') ? new Ctor(`${v.message}`) : new Ctor());
    const stack = v.stack;
    if (typeof stack === 'string') {
      defineProperty(copy, 'stack', { value: stack, writable: true, configurable: true });
    }
    if (hasOwn(v, 'cause')) {
      defineProperty(copy, 'cause', { value: clone(v.cause, memory), writable: true, configurable: true });
    }
    return copy;
  }

  return { structuredClone };
})
