// node:sqlite as Node 22 has it: DatabaseSync, StatementSync, backup and
// constants. This file checks arguments and state and throws Node's
// errors; the Go handles from lib.open run SQLite (sqlite.go).
(function (module, exports, require, lib) {
  'use strict';
  const { codeError } = lib.errors;
  const kType = Symbol.for('sqlite-type');
  const dispose = Symbol.dispose ?? Symbol.for('nodejs.dispose');

  const argType = (name, expected) =>
    codeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be ${expected}.`);
  const invalidState = (message) => codeError(Error, 'ERR_INVALID_STATE', message);
  const illegal = () => new TypeError('Illegal invocation');
  const notSupported = (member, why) =>
    codeError(Error, 'ERR_NOT_SUPPORTED', `not supported yet: node:sqlite ${member} (${why})`);

  function checkBool(value, name) {
    if (typeof value !== 'boolean') throw argType(name, 'a boolean');
  }

  // dbs and stmts hold each instance's state; an object missing from them
  // is not one of ours ("Illegal invocation", as V8's receiver check).
  const dbs = new WeakMap();
  const stmts = new WeakMap();
  let constructing = false;

  function dbState(self) {
    const s = dbs.get(self);
    if (s === undefined) throw illegal();
    return s;
  }

  function openHandle(s) {
    if (s.handle === null) throw invalidState('database is not open');
    return s.handle;
  }

  function toLocation(path) {
    if (typeof path === 'string') {
      if (!path.includes('\0')) return path;
    } else if (path instanceof Uint8Array) {
      const text = require('buffer').Buffer.from(path.buffer, path.byteOffset, path.byteLength).toString();
      if (!text.includes('\0')) return text;
    } else if (path !== null && typeof path === 'object' && typeof path.href === 'string' && typeof path.protocol === 'string') {
      if (path.protocol !== 'file:') throw codeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file:');
      if (!path.href.includes('\0') && !path.href.includes('%00')) return path.href;
    }
    throw argType('path', 'a string, Uint8Array, or URL without null bytes');
  }

  const dbOptions = [
    'open', 'readOnly', 'enableForeignKeyConstraints', 'enableDoubleQuotedStringLiterals', 'allowExtension',
  ];
  const stmtOptions = ['readBigInts', 'returnArrays', 'allowBareNamedParameters', 'allowUnknownNamedParameters'];

  class DatabaseSyncImpl {
    constructor(path, options = undefined) {
      const location = toLocation(path);
      const s = {
        location, handle: null, open: true, readOnly: false, enableForeignKeyConstraints: true,
        enableDoubleQuotedStringLiterals: false, allowExtension: false, extensionsEnabled: false, timeout: 0,
        defaults: { readBigInts: false, returnArrays: false, allowBareNamedParameters: true, allowUnknownNamedParameters: false },
      };
      if (arguments.length > 1) {
        if (options === null || typeof options !== 'object') throw argType('options', 'an object');
        for (const k of dbOptions) {
          const v = options[k];
          if (v === undefined) continue;
          checkBool(v, `options.${k}`);
          s[k] = v;
        }
        if (options.timeout !== undefined) {
          if (!Number.isInteger(options.timeout)) throw argType('options.timeout', 'an integer');
          s.timeout = options.timeout;
        }
        for (const k of stmtOptions) {
          const v = options[k];
          if (v === undefined) continue;
          checkBool(v, `options.${k}`);
          s.defaults[k] = v;
        }
      }
      s.extensionsEnabled = s.allowExtension;
      dbs.set(this, s);
      Object.defineProperty(this, 'isOpen', {
        enumerable: true, configurable: false, get: () => s.handle !== null,
      });
      Object.defineProperty(this, 'isTransaction', {
        enumerable: true, configurable: false, get: () => openHandle(s).isTransaction(),
      });
      this[kType] = 'node:sqlite';
      if (s.open) doOpen(s);
    }

    open() {
      const s = dbState(this);
      if (s.handle !== null) throw invalidState('database is already open');
      doOpen(s);
    }

    close() {
      const s = dbState(this);
      openHandle(s).close();
      s.handle = null;
    }

    prepare(sql) {
      const s = dbState(this);
      const h = openHandle(s);
      if (typeof sql !== 'string') throw argType('sql', 'a string');
      const d = s.defaults;
      const st = h.prepare(sql, d.readBigInts, d.returnArrays, d.allowBareNamedParameters, d.allowUnknownNamedParameters);
      constructing = true;
      let out;
      try {
        out = new StatementSync();
      } finally {
        constructing = false;
      }
      stmts.set(out, st);
      Object.defineProperty(out, 'sourceSQL', {
        enumerable: true, configurable: false, get: () => live(out).sourceSQL(),
      });
      Object.defineProperty(out, 'expandedSQL', {
        enumerable: true, configurable: false, get: () => live(out).expandedSQL(),
      });
      return out;
    }

    exec(sql) {
      const h = openHandle(dbState(this));
      if (typeof sql !== 'string') throw argType('sql', 'a string');
      h.exec(sql);
    }

    function(name, options, fn) {
      const h = openHandle(dbState(this));
      if (typeof name !== 'string') throw argType('name', 'a string');
      let opts = {};
      if (arguments.length > 2) {
        if (options === null || typeof options !== 'object') throw argType('options', 'an object');
        opts = options;
      } else {
        fn = options;
      }
      if (typeof fn !== 'function') throw argType('function', 'a function');
      const flags = {};
      for (const k of ['useBigIntArguments', 'varargs', 'deterministic', 'directOnly']) {
        const v = opts[k];
        if (v !== undefined) checkBool(v, `options.${k}`);
        flags[k] = v === true;
      }
      const nArg = flags.varargs ? -1 : fn.length;
      h.function(name, nArg, flags.deterministic, flags.directOnly, flags.useBigIntArguments, fn);
    }

    aggregate(name, options) {
      const h = openHandle(dbState(this));
      const start = options.start;
      if (start === undefined) throw argType('options.start', 'a function or a primitive value');
      const step = options.step;
      if (typeof step !== 'function') throw argType('options.step', 'a function');
      const flags = {};
      for (const k of ['useBigIntArguments', 'varargs', 'directOnly']) {
        const v = options[k];
        if (v !== undefined) checkBool(v, `options.${k}`);
        flags[k] = v === true;
      }
      const inverse = options.inverse;
      if (inverse !== undefined && typeof inverse !== 'function') throw argType('options.inverse', 'a function');
      const nArg = flags.varargs ? -1 : Math.max(step.length - 1, 0);
      h.aggregate(String(name), nArg, options.deterministic === true, flags.directOnly, flags.useBigIntArguments,
        start, step, inverse, options.result);
    }

    location(dbName = 'main') {
      const h = openHandle(dbState(this));
      if (typeof dbName !== 'string') throw argType('dbName', 'a string');
      return h.location(dbName);
    }

    createSession() {
      openHandle(dbState(this));
      throw notSupported('DatabaseSync.createSession', 'the embedded SQLite is built without the session extension');
    }

    applyChangeset(changeset) {
      openHandle(dbState(this));
      if (!(changeset instanceof Uint8Array)) throw argType('changeset', 'a Uint8Array');
      throw notSupported('DatabaseSync.applyChangeset', 'the embedded SQLite is built without the session extension');
    }

    enableLoadExtension(allow) {
      const s = dbState(this);
      openHandle(s);
      if (typeof allow !== 'boolean') throw argType('allow', 'a boolean');
      if (allow && !s.allowExtension) {
        throw invalidState('Cannot enable extension loading because it was disabled at database creation.');
      }
      s.extensionsEnabled = allow;
    }

    loadExtension(path) {
      const s = dbState(this);
      openHandle(s);
      if (typeof path !== 'string') throw argType('path', 'a string');
      if (!s.allowExtension || !s.extensionsEnabled) throw invalidState('extension loading is not allowed');
      throw codeError(Error, 'ERR_LOAD_SQLITE_EXTENSION',
        `not supported yet: node:sqlite DatabaseSync.loadExtension (pigo runs SQLite compiled to Go and cannot load native extensions): ${path}`);
    }

    [dispose]() {
      const s = dbState(this);
      if (s.handle !== null) this.close();
    }
  }

  // DatabaseSync is a plain function so that a call without new gets
  // Node's error instead of the engine's class error.
  function DatabaseSync(path, options) {
    if (new.target === undefined) {
      throw codeError(TypeError, 'ERR_CONSTRUCT_CALL_REQUIRED', 'Cannot call constructor without `new`');
    }
    return Reflect.construct(DatabaseSyncImpl, arguments, new.target);
  }
  DatabaseSync.prototype = DatabaseSyncImpl.prototype;
  Object.defineProperty(DatabaseSyncImpl.prototype, 'constructor', { value: DatabaseSync, writable: true, configurable: true });

  function doOpen(s) {
    s.handle = lib.open(s.location, s.readOnly, s.enableForeignKeyConstraints, s.enableDoubleQuotedStringLiterals, s.timeout);
  }

  // live returns a statement's handle, throwing as Node does for a
  // foreign receiver or a finalized statement.
  function live(self) {
    const h = stmts.get(self);
    if (h === undefined) throw illegal();
    if (h.finalized()) throw invalidState('statement has been finalized');
    return h;
  }

  // iteratorProto is the prototype of iterate()'s iterators: next and
  // return over %IteratorPrototype%, shown as [object Iterator].
  const iteratorProto = Object.create(Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
  const iterators = new WeakMap();
  const done = () => Object.assign(Object.create(null), { done: true, value: null });
  Object.defineProperties(iteratorProto, {
    next: {
      writable: true, enumerable: true, configurable: true,
      value: function next() {
        const stmt = iterators.get(this);
        if (stmt === undefined) throw illegal();
        const row = live(stmt).next();
        if (row === undefined) return done();
        return Object.assign(Object.create(null), { done: false, value: row });
      },
    },
    return: {
      writable: true, enumerable: true, configurable: true,
      value: function () {
        const stmt = iterators.get(this);
        if (stmt === undefined) throw illegal();
        live(stmt).reset();
        return done();
      },
    },
  });
  if (!(Symbol.toStringTag in iteratorProto)) {
    Object.defineProperty(iteratorProto, Symbol.toStringTag, { value: 'Iterator', configurable: true });
  }

  function setOption(self, name, argName, value) {
    const h = live(self);
    if (typeof value !== 'boolean') throw argType(argName, 'a boolean');
    h.setOption(name, value);
  }

  class StatementSync {
    constructor() {
      if (!constructing) throw codeError(Error, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
    }

    iterate() {
      live(this).iterate(arguments);
      const it = Object.create(iteratorProto);
      iterators.set(it, this);
      return it;
    }

    all() {
      return live(this).all(arguments);
    }

    get() {
      return live(this).get(arguments);
    }

    run() {
      return live(this).run(arguments);
    }

    columns() {
      return live(this).columns();
    }

    setAllowBareNamedParameters(enabled) {
      setOption(this, 'allowBareNamedParameters', 'allowBareNamedParameters', enabled);
    }

    setAllowUnknownNamedParameters(enabled) {
      setOption(this, 'allowUnknownNamedParameters', 'enabled', enabled);
    }

    setReadBigInts(readBigInts) {
      setOption(this, 'readBigInts', 'readBigInts', readBigInts);
    }

    setReturnArrays(returnArrays) {
      setOption(this, 'returnArrays', 'returnArrays', returnArrays);
    }
  }

  // Node's methods report length 0 and are enumerable (C++ templates).
  for (const C of [DatabaseSync, StatementSync]) {
    for (const k of Object.getOwnPropertyNames(C.prototype)) {
      if (k === 'constructor') continue;
      const d = Object.getOwnPropertyDescriptor(C.prototype, k);
      Object.defineProperty(d.value, 'length', { value: 0 });
      d.enumerable = true;
      Object.defineProperty(C.prototype, k, d);
    }
    Object.defineProperty(C, 'length', { value: 0 });
  }
  Object.defineProperty(DatabaseSync.prototype, dispose, { enumerable: true });

  // backup copies sourceDb's source schema into the file at path, rate
  // pages per step (negative: all at once), calling progress between
  // steps; it resolves with the number of pages copied.
  function backup(sourceDb, path, options = undefined) {
    if (sourceDb === null || typeof sourceDb !== 'object') throw argType('sourceDb', 'an object');
    const s = dbState(sourceDb);
    if (typeof path !== 'string') throw argType('destination', 'a string');
    let rate = 100, progress, source = 'main', target = 'main';
    if (options !== undefined) {
      if (options === null || typeof options !== 'object') throw argType('options', 'an object');
      if (options.rate !== undefined) {
        if (!Number.isInteger(options.rate)) throw argType('options.rate', 'an integer');
        rate = options.rate;
      }
      if (options.progress !== undefined) {
        if (typeof options.progress !== 'function') throw argType('options.progress', 'a function');
        progress = options.progress;
      }
      if (options.source !== undefined) {
        if (typeof options.source !== 'string') throw argType('options.source', 'a string');
        source = options.source;
      }
      if (options.target !== undefined) {
        if (typeof options.target !== 'string') throw argType('options.target', 'a string');
        target = options.target;
      }
    }
    const h = openHandle(s);
    if (target !== 'main') throw notSupported('backup', 'a target other than "main"');
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    return (async () => {
      await tick();
      const job = h.backup(path, source, rate);
      for (;;) {
        const [finished, remainingPages, totalPages] = job.step();
        if (finished) return totalPages;
        if (progress !== undefined) {
          try {
            progress({ totalPages, remainingPages });
          } catch (e) {
            job.close();
            throw e;
          }
        }
        await tick();
      }
    })();
  }
  Object.defineProperty(backup, 'length', { value: 2 });

  const constants = {
    SQLITE_CHANGESET_OMIT: 0,
    SQLITE_CHANGESET_REPLACE: 1,
    SQLITE_CHANGESET_ABORT: 2,
    SQLITE_CHANGESET_DATA: 1,
    SQLITE_CHANGESET_NOTFOUND: 2,
    SQLITE_CHANGESET_CONFLICT: 3,
    SQLITE_CHANGESET_CONSTRAINT: 4,
    SQLITE_CHANGESET_FOREIGN_KEY: 5,
  };

  module.exports = { DatabaseSync, StatementSync, constants, backup };
})
