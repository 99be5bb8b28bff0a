// The WebAssembly namespace as V8 (Node 22) has it: Module, Instance,
// Memory, Global, the error classes, compile/validate/instantiate and the
// streaming forms that take a Response. The classes check their arguments
// with V8's messages; internal.newWasm (wasm.go) compiles and runs the
// modules on wazero. Not here: Tag, Exception, reference-typed values at the
// JS boundary, and tables beyond reading what a module exports.
(function (internal) {
  'use strict';

  // Handles map each Module, Instance, Memory and Global to its Go handle;
  // a WeakMap keeps them out of reach of plugin code.
  const handles = new WeakMap();

  function errorClass(name) {
    const E = class extends Error {};
    Object.defineProperty(E, 'name', { value: name, configurable: true });
    Object.defineProperty(E.prototype, 'name', { value: name, writable: true, configurable: true });
    return E;
  }
  const CompileError = errorClass('CompileError');
  const LinkError = errorClass('LinkError');
  const RuntimeError = errorClass('RuntimeError');

  let Memory, Global, Table;
  const wrap = (Class) => (handle) => {
    const obj = Object.create(Class.prototype);
    handles.set(obj, handle);
    return obj;
  };
  const wasm = internal.newWasm({
    CompileError,
    LinkError,
    RuntimeError,
    wrapMemory: (h) => wrap(Memory)(h),
    wrapGlobal: (h) => wrap(Global)(h),
    wrapTable: (h) => wrap(Table)(h),
    unwrap: (v) => (v !== null && typeof v === 'object' && (v instanceof Memory || v instanceof Global) ? handles.get(v) : undefined),
  });

  // bytesOf views a BufferSource as a Uint8Array (Go copies it).
  function bytesOf(src, api, what = 'Argument 0 must be a buffer source') {
    if (src instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && src instanceof SharedArrayBuffer)) {
      return new Uint8Array(src);
    }
    if (ArrayBuffer.isView(src)) return new Uint8Array(src.buffer, src.byteOffset, src.byteLength);
    throw new TypeError(`${api}(): ${what}`);
  }

  function handleOf(obj, Class, api, what) {
    const h = obj instanceof Class ? handles.get(obj) : undefined;
    if (h === undefined) throw new TypeError(`${api}: ${what}`);
    return h;
  }

  function setTag(Class, tag) {
    Object.defineProperty(Class.prototype, Symbol.toStringTag, { value: tag, configurable: true });
  }

  function compileModule(bytes, api) {
    const m = Object.create(Module.prototype);
    handles.set(m, wasm.compile(bytes, api));
    return m;
  }

  function instantiate(module, importObject, api) {
    if (importObject !== undefined && (importObject === null || (typeof importObject !== 'object' && typeof importObject !== 'function'))) {
      throw new TypeError(`${api}(): Argument 1 must be an object`);
    }
    const exports = Object.create(null);
    for (const [name, value] of wasm.instantiate(handles.get(module), importObject, api)) exports[name] = value;
    Object.freeze(exports);
    const instance = Object.create(Instance.prototype);
    handles.set(instance, exports);
    return instance;
  }

  class Module {
    constructor(bytes) {
      const h = wasm.compile(bytesOf(bytes, 'WebAssembly.Module'), 'WebAssembly.Module');
      handles.set(this, h);
    }
    static imports(module) {
      return wasm.moduleImports(handleOf(module, Module, 'WebAssembly.Module.imports()', 'Argument 0 must be a WebAssembly.Module'));
    }
    static exports(module) {
      return wasm.moduleExports(handleOf(module, Module, 'WebAssembly.Module.exports()', 'Argument 0 must be a WebAssembly.Module'));
    }
    static customSections(module, sectionName) {
      const h = handleOf(module, Module, 'WebAssembly.Module.customSections()', 'Argument 0 must be a WebAssembly.Module');
      if (sectionName === undefined) throw new TypeError('WebAssembly.Module.customSections(): Argument 1 is required');
      return wasm.customSections(h, String(sectionName));
    }
  }
  setTag(Module, 'WebAssembly.Module');

  class Instance {
    constructor(module, importObject) {
      if (!(module instanceof Module) || !handles.has(module)) {
        throw new TypeError('WebAssembly.Instance(): Argument 0 must be a WebAssembly.Module');
      }
      handles.set(this, handles.get(instantiate(module, importObject, 'WebAssembly.Instance')));
    }
    get exports() {
      return handleOf(this, Instance, 'WebAssembly.Instance.exports', 'Receiver is not a WebAssembly.Instance');
    }
  }
  setTag(Instance, 'WebAssembly.Instance');

  // pages reads a descriptor's page count as V8 does.
  function pages(desc, key, api, required) {
    const v = desc[key];
    if (v === undefined) {
      if (required) throw new TypeError(`${api}: Property '${key}' is required`);
      return undefined;
    }
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new TypeError(`${api}: Property '${key}' must be convertible to a valid number`);
    const pagesN = Math.trunc(n);
    if (pagesN > 65536) throw new RangeError(`${api}: Property '${key}': value ${pagesN} is above the upper bound 65536`);
    return pagesN;
  }

  Memory = class Memory {
    constructor(descriptor) {
      const api = 'WebAssembly.Memory()';
      if (descriptor === null || typeof descriptor !== 'object') throw new TypeError(`${api}: Argument 0 must be a memory descriptor`);
      const initial = pages(descriptor, 'initial', api, true);
      const maximum = pages(descriptor, 'maximum', api, false);
      if (maximum !== undefined && maximum < initial) {
        throw new RangeError(`${api}: Property 'maximum': value ${maximum} is below the lower bound ${initial}`);
      }
      const shared = Boolean(descriptor.shared);
      if (shared && maximum === undefined) throw new TypeError(`${api}: If shared is true, maximum property should be defined.`);
      handles.set(this, wasm.newMemory(this, initial, maximum === undefined ? -1 : maximum, shared));
    }
    grow(delta) {
      const h = handleOf(this, Memory, 'WebAssembly.Memory.grow()', 'Receiver is not a WebAssembly.Memory');
      const n = Number(delta);
      if (!Number.isFinite(n) || n < 0 || n > 0xffffffff) {
        throw new TypeError("WebAssembly.Memory.grow(): Argument 0 must be convertible to a valid number");
      }
      return wasm.memoryGrow(h, Math.trunc(n));
    }
    get buffer() {
      return wasm.memoryBuffer(handleOf(this, Memory, 'WebAssembly.Memory.buffer', 'Receiver is not a WebAssembly.Memory'));
    }
  };
  setTag(Memory, 'WebAssembly.Memory');

  Global = class Global {
    constructor(descriptor, value) {
      const api = 'WebAssembly.Global()';
      if (descriptor === null || typeof descriptor !== 'object') throw new TypeError(`${api}: Argument 0 must be a global descriptor`);
      const mutable = Boolean(descriptor.mutable);
      const type = String(descriptor.value);
      if (!['i32', 'i64', 'f32', 'f64'].includes(type)) {
        throw new TypeError(`${api}: Descriptor property 'value' must be a WebAssembly type`);
      }
      handles.set(this, wasm.newGlobal(this, type, mutable, value));
    }
    valueOf() {
      return wasm.globalGet(handleOf(this, Global, 'WebAssembly.Global.valueOf()', 'Receiver is not a WebAssembly.Global'));
    }
    get value() {
      return wasm.globalGet(handleOf(this, Global, 'get WebAssembly.Global.value', 'Receiver is not a WebAssembly.Global'));
    }
    set value(v) {
      wasm.globalSet(handleOf(this, Global, 'set WebAssembly.Global.value', 'Receiver is not a WebAssembly.Global'), v);
    }
  };
  setTag(Global, 'WebAssembly.Global');

  // Table: funcref tables, exported by a module or made here; set and grow
  // go through wasm helper modules (wasm_table.go). externref tables are
  // not supported.
  function tableIndex(v, api, what) {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0 || n > 0xffffffff) throw new TypeError(`${api}: ${what} must be convertible to a valid number`);
    return Math.trunc(n);
  }
  Table = class Table {
    constructor(descriptor, value) {
      const api = 'WebAssembly.Table()';
      if (descriptor === null || typeof descriptor !== 'object') throw new TypeError(`${api}: Argument 0 must be a table descriptor`);
      const element = String(descriptor.element);
      if (element === 'externref') throw new TypeError(`not supported: ${api}: externref tables`);
      if (element !== 'anyfunc' && element !== 'funcref') {
        throw new TypeError(`${api}: Descriptor property 'element' must be a WebAssembly reference type`);
      }
      if (descriptor.initial === undefined) throw new TypeError(`${api}: Property 'initial' is required`);
      const initial = tableIndex(descriptor.initial, api, "Property 'initial'");
      const maximum = descriptor.maximum === undefined ? -1 : tableIndex(descriptor.maximum, api, "Property 'maximum'");
      if (initial > 10000000) throw new RangeError(`${api}: Property 'initial': value ${initial} is above the upper bound 10000000`);
      if (maximum >= 0 && maximum < initial) {
        throw new RangeError(`${api}: Property 'maximum': value ${maximum} is below the lower bound ${initial}`);
      }
      const h = wasm.newTable(initial, maximum);
      handles.set(this, h);
      if (value !== undefined && value !== null) for (let i = 0; i < initial; i++) wasm.tableSet(h, i, value);
    }
    get length() {
      return wasm.tableLength(handleOf(this, Table, 'get WebAssembly.Table.length', 'Receiver is not a WebAssembly.Table'));
    }
    get(index) {
      return wasm.tableGet(handleOf(this, Table, 'WebAssembly.Table.get()', 'Receiver is not a WebAssembly.Table'), index);
    }
    set(index, value) {
      const api = 'WebAssembly.Table.set()';
      const h = handleOf(this, Table, api, 'Receiver is not a WebAssembly.Table');
      wasm.tableSet(h, tableIndex(index, api, 'Argument 0'), value === undefined ? null : value);
    }
    grow(delta, value) {
      const api = 'WebAssembly.Table.grow()';
      const h = handleOf(this, Table, api, 'Receiver is not a WebAssembly.Table');
      const n = tableIndex(delta, api, 'Argument 0');
      const old = wasm.tableGrow(h, n);
      if (value !== undefined && value !== null) for (let i = 0; i < n; i++) wasm.tableSet(h, old + i, value);
      return old;
    }
  };
  setTag(Table, 'WebAssembly.Table');

  // Node's streaming checks (lib/internal/wasm_web_api.js): a Response (or
  // a promise of one) with the wasm MIME type, ok and unread.
  async function responseBytes(source, api) {
    const response = await source;
    if (typeof Response !== 'function' || !(response instanceof Response)) {
      const e = new TypeError(`The "source" argument must be an instance of Response or an instance of Promise resolving to Response.`);
      e.code = 'ERR_INVALID_ARG_TYPE';
      throw e;
    }
    const fail = (msg) => {
      const e = new TypeError(`WebAssembly response ${msg}`);
      e.code = 'ERR_WEBASSEMBLY_RESPONSE';
      throw e;
    };
    const contentType = response.headers.get('Content-Type');
    if (contentType !== 'application/wasm') fail(`has unsupported MIME type '${contentType}'`);
    if (!response.ok) fail(`has status code ${response.status}`);
    if (response.bodyUsed !== false) fail('body has already been used');
    return new Uint8Array(await response.arrayBuffer());
  }

  const WebAssembly = {
    compile(bytes) {
      return new Promise((resolve) => resolve(compileModule(bytesOf(bytes, 'WebAssembly.compile'), 'WebAssembly.compile')));
    },
    validate(bytes) {
      return wasm.validate(bytesOf(bytes, 'WebAssembly.validate'));
    },
    instantiate(source, importObject) {
      return new Promise((resolve) => {
        const api = 'WebAssembly.instantiate';
        if (source instanceof Module && handles.has(source)) {
          resolve(instantiate(source, importObject, api));
          return;
        }
        const module = compileModule(bytesOf(source, api, 'Argument 0 must be a buffer source or a WebAssembly.Module object'), api);
        resolve({ module, instance: instantiate(module, importObject, api) });
      });
    },
    Module,
    Instance,
    Memory,
    Global,
    Table,
    CompileError,
    LinkError,
    RuntimeError,
    async compileStreaming(source) {
      return compileModule(await responseBytes(source), 'WebAssembly.compileStreaming');
    },
    async instantiateStreaming(source, importObject) {
      const api = 'WebAssembly.instantiateStreaming';
      const module = compileModule(await responseBytes(source), api);
      return { module, instance: instantiate(module, importObject, api) };
    },
  };
  // As in V8, the classes are not enumerable, the functions are.
  for (const k of Object.keys(WebAssembly)) {
    if (/^[A-Z]/.test(k)) Object.defineProperty(WebAssembly, k, { enumerable: false });
  }
  Object.defineProperty(WebAssembly, Symbol.toStringTag, { value: 'WebAssembly', configurable: true });

  return { WebAssembly };
});
