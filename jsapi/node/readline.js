// node:readline: createInterface over a readable stream, line by line —
// the 'line' and 'close' events and async iteration (for await (const
// line of rl)), which is how extensions read files and child output line
// by line. Terminal features (prompts, cursor movement, history,
// completion) are not here: pigo's host owns the terminal.
(function (module, exports, require, lib) {
  'use strict';

  const EventEmitter = require('events');
  const { StringDecoder } = require('string_decoder');

  class Interface extends EventEmitter {
    constructor(input, options) {
      super();
      const opts = input && typeof input.on === 'function' && !options && !('input' in input) ? { input } : (options || input || {});
      this.input = opts.input;
      this.output = opts.output;
      this.terminal = false;
      this.line = '';
      this.closed = false;
      this._buffer = '';
      this._lines = [];
      this._waiters = [];
      this._sawReturn = false;
      const decoder = new StringDecoder('utf8');
      if (!this.input || typeof this.input.on !== 'function') {
        throw new TypeError('The "input" argument must be a readable stream');
      }
      this._onData = (chunk) => this._write(typeof chunk === 'string' ? chunk : decoder.write(chunk));
      this._onEnd = () => {
        const rest = decoder.end();
        if (rest) this._write(rest);
        if (this._buffer.length > 0) {
          const last = this._buffer;
          this._buffer = '';
          this._emitLine(last);
        }
        this.close();
      };
      this._onError = (err) => {
        this._error = err;
        this._flushWaiters();
        this.emit('error', err);
      };
      this.input.on('data', this._onData);
      this.input.on('end', this._onEnd);
      this.input.on('error', this._onError);
      if (typeof this.input.resume === 'function') this.input.resume();
    }

    _write(text) {
      let s = this._buffer + text;
      // A "\r\n" split across chunks: drop the "\n" after a "\r" line end.
      if (this._sawReturn && s.startsWith('\n')) s = s.slice(1);
      this._sawReturn = false;
      const re = /\r\n|\n|\r/g;
      let start = 0;
      let m;
      while ((m = re.exec(s)) !== null) {
        if (m[0] === '\r' && m.index === s.length - 1) {
          this._sawReturn = true;
        }
        this._emitLine(s.slice(start, m.index));
        start = m.index + m[0].length;
      }
      this._buffer = s.slice(start);
    }

    _emitLine(line) {
      if (this.listenerCount('line') > 0) this.emit('line', line);
      if (this._iterating) {
        this._lines.push(line);
        this._flushWaiters();
      }
    }

    _flushWaiters() {
      while (this._waiters.length > 0) {
        const w = this._waiters[0];
        if (this._lines.length > 0) {
          this._waiters.shift();
          w.resolve({ value: this._lines.shift(), done: false });
        } else if (this._error) {
          this._waiters.shift();
          w.reject(this._error);
        } else if (this.closed) {
          this._waiters.shift();
          w.resolve({ value: undefined, done: true });
        } else {
          break;
        }
      }
    }

    close() {
      if (this.closed) return;
      this.closed = true;
      this.input.removeListener('data', this._onData);
      this.input.removeListener('end', this._onEnd);
      this.input.removeListener('error', this._onError);
      if (typeof this.input.destroy === 'function' && !this.input.destroyed && this._buffer === '' && !this.input.readableEnded) {
        // Closing early stops reading, as Node's does for a file stream.
        try { this.input.destroy(); } catch {}
      }
      this.emit('close');
      this._flushWaiters();
    }

    pause() { if (typeof this.input.pause === 'function') this.input.pause(); return this; }
    resume() { if (typeof this.input.resume === 'function') this.input.resume(); return this; }
    setPrompt() {}
    getPrompt() { return ''; }
    prompt() {}
    write() {}

    [Symbol.asyncIterator]() {
      this._iterating = true;
      return {
        next: () => new Promise((resolve, reject) => {
          this._waiters.push({ resolve, reject });
          this._flushWaiters();
        }),
        return: () => {
          this.close();
          return Promise.resolve({ value: undefined, done: true });
        },
        [Symbol.asyncIterator]() { return this; },
      };
    }
  }

  function createInterface(input, output, completer, terminal) {
    return new Interface(input, output && typeof output === 'object' && !('write' in output) ? output : undefined);
  }

  module.exports = { Interface, createInterface };
});
