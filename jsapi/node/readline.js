// node:readline and node:readline/promises for non-terminal streams: an
// Interface reads lines from any Readable (or stream-like emitter of
// 'data' / 'end'), emits 'line' and 'close', answers question(), prompts
// to output and iterates lines with for await. pigo's extensions never own
// a terminal, so terminal mode (raw keypresses, history, tab completion)
// is not provided: `terminal: true` is accepted and behaves as false.
(function (module, exports, require, lib) {
  'use strict';

  const EE = require('events');
  const { StringDecoder } = require('string_decoder');
  const { codeError, invalidArgType, AbortError } = lib.errors;
  const asyncIteratorSym = Symbol.asyncIterator ?? Symbol.for('Symbol.asyncIterator');

  const kQuestion = Symbol('kQuestion');
  const kQueue = Symbol('kQueue');

  function Interface(input, output, completer, terminal) {
    if (!(this instanceof Interface)) return new Interface(input, output, completer, terminal);
    EE.call(this);
    let opts = {};
    if (input && input.input !== undefined) {
      opts = input;
      output = opts.output;
      completer = opts.completer;
      terminal = opts.terminal;
      input = opts.input;
    }
    if (!input || typeof input.on !== 'function') {
      throw invalidArgType('input', 'an instance of Readable', input);
    }
    if (completer !== undefined && typeof completer !== 'function') {
      throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'completer' is invalid. Received " + String(completer));
    }
    const crlfDelay = opts.crlfDelay === undefined ? 100 : Math.max(100, Number(opts.crlfDelay));
    this.input = input;
    this.output = output;
    this.terminal = false;
    this.crlfDelay = crlfDelay;
    this.line = '';
    this.cursor = 0;
    this.history = [];
    this.closed = false;
    this.paused = false;
    this._prompt = opts.prompt === undefined ? '> ' : String(opts.prompt);
    this[kQuestion] = null;
    this._pending = '';
    this._sawReturn = false;
    this._decoder = new StringDecoder('utf8');

    this._ondata = (data) => {
      this._feed(typeof data === 'string' ? data : this._decoder.write(data));
    };
    this._onend = () => {
      const rest = this._decoder.end();
      if (rest) this._feed(rest);
      if (this._pending.length > 0) {
        const line = this._pending;
        this._pending = '';
        this._onLine(line);
      }
      this.close();
    };
    this._onerror = (err) => {
      this.emit('error', err);
    };
    input.on('data', this._ondata);
    input.on('end', this._onend);
    input.on('error', this._onerror);
    if (opts.signal) {
      const onAbort = () => this.close();
      if (opts.signal.aborted) queueMicrotask(onAbort);
      else {
        opts.signal.addEventListener('abort', onAbort, { once: true });
        this.once('close', () => opts.signal.removeEventListener('abort', onAbort));
      }
    }
    if (typeof input.resume === 'function') input.resume();
  }
  Object.setPrototypeOf(Interface.prototype, EE.prototype);
  Object.setPrototypeOf(Interface, EE);

  // _feed splits text into lines at \n, \r\n and \r, as Node's
  // non-terminal readline does.
  Interface.prototype._feed = function (s) {
    if (this.closed) return;
    if (this._sawReturn && s.startsWith('\n')) s = s.slice(1);
    this._sawReturn = false;
    const parts = s.split(/\r\n|\n|\r/);
    if (parts.length === 1) {
      this._pending += s;
      return;
    }
    this._sawReturn = s.endsWith('\r');
    parts[0] = this._pending + parts[0];
    this._pending = parts.pop();
    for (const line of parts) {
      if (this.closed) return;
      this._onLine(line);
    }
  };

  Interface.prototype._onLine = function (line) {
    if (this[kQuestion]) {
      const cb = this[kQuestion];
      this[kQuestion] = null;
      cb(line);
      return;
    }
    this.emit('line', line);
  };

  Interface.prototype._writeToOutput = function (s) {
    if (this.output && typeof this.output.write === 'function') this.output.write(s);
  };

  Interface.prototype.setPrompt = function (p) {
    this._prompt = String(p);
  };
  Interface.prototype.getPrompt = function () {
    return this._prompt;
  };
  Interface.prototype.prompt = function () {
    if (this.paused) this.resume();
    if (this.closed) throw codeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');
    this._writeToOutput(this._prompt);
  };

  Interface.prototype.question = function (query, options, cb) {
    if (typeof options === 'function') {
      cb = options;
      options = {};
    }
    if (this.closed) throw codeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');
    if (typeof cb !== 'function') return;
    const signal = options?.signal;
    if (signal) {
      if (signal.aborted) return;
      const onAbort = () => {
        this[kQuestion] = null;
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const orig = cb;
      cb = (answer) => {
        signal.removeEventListener('abort', onAbort);
        orig(answer);
      };
    }
    if (this[kQuestion]) {
      this.prompt();
      return;
    }
    this[kQuestion] = cb;
    if (this.paused) this.resume();
    this._writeToOutput(String(query));
  };

  Interface.prototype.pause = function () {
    if (this.paused) return this;
    if (typeof this.input.pause === 'function') this.input.pause();
    this.paused = true;
    this.emit('pause');
    return this;
  };
  Interface.prototype.resume = function () {
    if (!this.paused) return this;
    if (typeof this.input.resume === 'function') this.input.resume();
    this.paused = false;
    this.emit('resume');
    return this;
  };

  // write feeds data as if it came from input (non-terminal behaviour).
  Interface.prototype.write = function (data) {
    if (this.closed) throw codeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed');
    if (this.paused) this.resume();
    if (data !== undefined && data !== null) this._feed(String(data));
  };

  Interface.prototype.close = function () {
    if (this.closed) return;
    this.pause();
    this.input.removeListener('data', this._ondata);
    this.input.removeListener('end', this._onend);
    this.input.removeListener('error', this._onerror);
    this.closed = true;
    this.emit('close');
  };

  Interface.prototype.getCursorPos = function () {
    return { rows: 0, cols: this.cursor };
  };

  // Async iteration yields lines from the first next() call on, queueing
  // lines that arrive faster than they are consumed, until 'close'.
  Interface.prototype[asyncIteratorSym] = function () {
    if (this[kQueue]) return this[kQueue];
    const queue = [];
    const waiting = [];
    let done = this.closed;
    let error = null;
    const onLine = (line) => {
      if (waiting.length) waiting.shift().resolve({ value: line, done: false });
      else queue.push(line);
    };
    const onClose = () => {
      done = true;
      for (const w of waiting.splice(0)) w.resolve({ value: undefined, done: true });
    };
    const onError = (err) => {
      error = err;
      for (const w of waiting.splice(0)) w.reject(err);
    };
    this.on('line', onLine);
    this.on('close', onClose);
    this.on('error', onError);
    const cleanup = () => {
      this.removeListener('line', onLine);
      this.removeListener('close', onClose);
      this.removeListener('error', onError);
    };
    const it = {
      next: () => {
        if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
        if (error) {
          const e = error;
          error = null;
          return Promise.reject(e);
        }
        if (done) {
          cleanup();
          return Promise.resolve({ value: undefined, done: true });
        }
        return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
      },
      return: () => {
        cleanup();
        this.close();
        return Promise.resolve({ value: undefined, done: true });
      },
      [asyncIteratorSym]() {
        return this;
      },
    };
    this[kQueue] = it;
    return it;
  };

  function createInterface(input, output, completer, terminal) {
    return new Interface(input, output, completer, terminal);
  }

  // The cursor helpers write the ANSI sequences Node writes.
  function done(stream, s, cb) {
    if (!stream || typeof stream.write !== 'function') {
      if (typeof cb === 'function') queueMicrotask(() => cb(null));
      return true;
    }
    return stream.write(s, cb);
  }
  function cursorTo(stream, x, y, cb) {
    if (typeof y === 'function') {
      cb = y;
      y = undefined;
    }
    if (Number.isNaN(x) || Number.isNaN(y)) throw codeError(TypeError, 'ERR_INVALID_CURSOR_POS', 'Cannot set cursor row without setting its column');
    if (typeof x !== 'number') {
      if (typeof cb === 'function') queueMicrotask(() => cb(null));
      return true;
    }
    return done(stream, typeof y !== 'number' ? `\x1b[${x + 1}G` : `\x1b[${y + 1};${x + 1}H`, cb);
  }
  function moveCursor(stream, dx, dy, cb) {
    let s = '';
    if (dx < 0) s += `\x1b[${-dx}D`;
    else if (dx > 0) s += `\x1b[${dx}C`;
    if (dy < 0) s += `\x1b[${-dy}A`;
    else if (dy > 0) s += `\x1b[${dy}B`;
    if (s === '') {
      if (typeof cb === 'function') queueMicrotask(() => cb(null));
      return true;
    }
    return done(stream, s, cb);
  }
  function clearLine(stream, dir, cb) {
    return done(stream, dir < 0 ? '\x1b[1K' : dir > 0 ? '\x1b[0K' : '\x1b[2K', cb);
  }
  function clearScreenDown(stream, cb) {
    return done(stream, '\x1b[0J', cb);
  }
  function emitKeypressEvents() {
    // Keypress decoding only matters for a terminal, which plugins never get.
  }

  // The promise API: question() returns a promise.
  function PromisesInterface(input, output, completer, terminal) {
    if (!(this instanceof PromisesInterface)) return new PromisesInterface(input, output, completer, terminal);
    Interface.call(this, input, output, completer, terminal);
  }
  Object.setPrototypeOf(PromisesInterface.prototype, Interface.prototype);
  Object.setPrototypeOf(PromisesInterface, Interface);
  PromisesInterface.prototype.question = function (query, options) {
    return new Promise((resolve, reject) => {
      if (this.closed) {
        reject(codeError(Error, 'ERR_USE_AFTER_CLOSE', 'readline was closed'));
        return;
      }
      const signal = options?.signal;
      if (signal?.aborted) {
        reject(new AbortError(undefined, { cause: signal.reason }));
        return;
      }
      let onAbort;
      if (signal) {
        onAbort = () => {
          this[kQuestion] = null;
          reject(new AbortError(undefined, { cause: signal.reason }));
        };
        signal.addEventListener('abort', onAbort, { once: true });
      }
      const onClose = () => reject(new AbortError('The operation was aborted'));
      this.once('close', onClose);
      Interface.prototype.question.call(this, query, {}, (answer) => {
        this.removeListener('close', onClose);
        if (signal) signal.removeEventListener('abort', onAbort);
        resolve(answer);
      });
    });
  };

  // Readline batches cursor actions until commit(), as Node's does.
  function Readline(stream, options) {
    this.stream = stream;
    this.autoCommit = !!options?.autoCommit;
    this.todo = [];
  }
  Readline.prototype._add = function (s) {
    if (this.autoCommit) this.stream.write(s);
    else this.todo.push(s);
    return this;
  };
  Readline.prototype.cursorTo = function (x, y) {
    return this._add(typeof y !== 'number' ? `\x1b[${x + 1}G` : `\x1b[${y + 1};${x + 1}H`);
  };
  Readline.prototype.moveCursor = function (dx, dy) {
    let s = '';
    if (dx < 0) s += `\x1b[${-dx}D`;
    else if (dx > 0) s += `\x1b[${dx}C`;
    if (dy < 0) s += `\x1b[${-dy}A`;
    else if (dy > 0) s += `\x1b[${dy}B`;
    return s ? this._add(s) : this;
  };
  Readline.prototype.clearLine = function (dir) {
    return this._add(dir < 0 ? '\x1b[1K' : dir > 0 ? '\x1b[0K' : '\x1b[2K');
  };
  Readline.prototype.clearScreenDown = function () {
    return this._add('\x1b[0J');
  };
  Readline.prototype.commit = function () {
    const s = this.todo.join('');
    this.todo = [];
    return new Promise((resolve) => (s ? this.stream.write(s, () => resolve()) : resolve()));
  };
  Readline.prototype.rollback = function () {
    this.todo = [];
    return this;
  };

  const promises = {
    Interface: PromisesInterface,
    Readline,
    createInterface(input, output, completer, terminal) {
      return new PromisesInterface(input, output, completer, terminal);
    },
  };

  exports.Interface = Interface;
  exports.createInterface = createInterface;
  exports.clearLine = clearLine;
  exports.clearScreenDown = clearScreenDown;
  exports.cursorTo = cursorTo;
  exports.moveCursor = moveCursor;
  exports.emitKeypressEvents = emitKeypressEvents;
  exports.promises = promises;
})
