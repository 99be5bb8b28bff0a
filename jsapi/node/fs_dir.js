// fs.Dir, fs.opendir, fs.opendirSync and fs.promises.opendir over readdir
// with file types: the directory is listed when opened (Node reads it in
// batches; the entries are the same, here in readdir's sorted order).
(function (fs, codeError) {
  'use strict';
  const asyncIterator = Symbol.asyncIterator ?? Symbol.for('Symbol.asyncIterator');

  // An opendir error names opendir, not the scandir underneath.
  function asOpendir(e) {
    if (e && e.syscall === 'scandir') {
      e.syscall = 'opendir';
      e.message = e.message.replace(', scandir ', ', opendir ');
    }
    return e;
  }

  function list(path, options) {
    const recursive = !!(options && typeof options === 'object' && options.recursive);
    const encoding = typeof options === 'string' ? options : options && options.encoding;
    return [{ withFileTypes: true, recursive, encoding: encoding || 'utf8' }];
  }

  class Dir {
    #path;
    #entries;
    #closed = false;
    constructor(path, entries) {
      this.#path = path;
      this.#entries = entries;
    }
    get path() {
      return this.#path;
    }
    #check() {
      if (this.#closed) throw codeError(Error, 'ERR_DIR_CLOSED', 'Directory handle was closed');
    }
    readSync() {
      this.#check();
      return this.#entries.length ? this.#entries.shift() : null;
    }
    read(cb) {
      if (typeof cb === 'function') {
        let r, err = null;
        try {
          r = this.readSync();
        } catch (e) {
          err = e;
        }
        Promise.resolve().then(() => (err ? cb(err) : cb(null, r)));
        return;
      }
      try {
        return Promise.resolve(this.readSync());
      } catch (e) {
        return Promise.reject(e);
      }
    }
    closeSync() {
      this.#check();
      this.#closed = true;
      this.#entries = [];
    }
    close(cb) {
      if (typeof cb === 'function') {
        let err = null;
        try {
          this.closeSync();
        } catch (e) {
          err = e;
        }
        Promise.resolve().then(() => cb(err));
        return;
      }
      try {
        this.closeSync();
        return Promise.resolve();
      } catch (e) {
        return Promise.reject(e);
      }
    }
    // Iterating to the end (or breaking out) closes the directory.
    [asyncIterator]() {
      const dir = this;
      return {
        next() {
          try {
            const v = dir.readSync();
            if (v === null) dir.closeSync();
            return Promise.resolve(v === null ? { value: undefined, done: true } : { value: v, done: false });
          } catch (e) {
            return Promise.reject(e);
          }
        },
        return() {
          if (!dir.#closed) dir.closeSync();
          return Promise.resolve({ value: undefined, done: true });
        },
        [asyncIterator]() {
          return this;
        },
      };
    }
  }

  fs.Dir = Dir;
  fs.opendirSync = function opendirSync(path, options) {
    try {
      return new Dir(String(path), fs.readdirSync(path, ...list(path, options)));
    } catch (e) {
      throw asOpendir(e);
    }
  };
  fs.opendir = function opendir(path, options, cb) {
    if (typeof options === 'function') {
      cb = options;
      options = undefined;
    }
    fs.readdir(path, ...list(path, options), (err, entries) => (err ? cb(asOpendir(err)) : cb(null, new Dir(String(path), entries))));
  };
  fs.promises.opendir = async function opendir(path, options) {
    try {
      return new Dir(String(path), await fs.promises.readdir(path, ...list(path, options)));
    } catch (e) {
      throw asOpendir(e);
    }
  };
});
