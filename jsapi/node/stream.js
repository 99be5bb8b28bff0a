// node:stream: Readable, Writable, Duplex, Transform and PassThrough with
// Node's observable semantics (paused/flowing modes, 'readable', objectMode,
// highWaterMark backpressure, the 'data' / 'end' / 'finish' / 'close' /
// 'error' order, destroy), plus Readable.from, toWeb/fromWeb (Readable, Writable, Duplex),
// pipeline, finished and async iteration. Written for pigo from Node's documented behaviour; the
// constructors are ES5 functions so both `class X extends Readable` and the
// older `Readable.call(this, opts)` + util.inherits pattern work.
//
// goja compiles this file directly, so it uses no async generators or
// for-await (goja lacks them); iterators are written out by hand.
(function (module, exports, require, lib) {
  'use strict';

  const EE = require('events');
  const { Buffer } = require('buffer');
  const { codeError, invalidArgType, AbortError } = lib.errors;
  const asyncIteratorSym = Symbol.asyncIterator ?? Symbol.for('Symbol.asyncIterator');

  // tick defers fn(...args) the way Node's streams use process.nextTick.
  // Node runs nextTick callbacks queued from promise continuations only
  // after the microtask queue drains; pigo's process.nextTick is a plain
  // microtask. Streams depend on that order (an async iterator reads one
  // chunk per _read in Node, not several coalesced), so ticks queue here
  // and drain in one loop job (lib.post), after the current microtasks.
  const tickQueue = [];
  let tickScheduled = false;
  function tick(fn, ...args) {
    // Each tick keeps the async context it was queued in, as Node's
    // nextTick does (AsyncLocalStorage stores survive stream callbacks).
    tickQueue.push([fn, args, lib.ctxGet()]);
    if (!tickScheduled) {
      tickScheduled = true;
      if (!lib.post(drainTicks)) queueMicrotask(drainTicks);
    }
  }
  function drainTicks() {
    tickScheduled = false;
    while (tickQueue.length > 0) {
      const [fn, args, ctx] = tickQueue.shift();
      const prev = lib.ctxGet();
      lib.ctxSet(ctx);
      try {
        fn(...args);
      } catch (e) {
        // Keep the rest running, then report this one as uncaught.
        if (tickQueue.length > 0 && !tickScheduled) {
          tickScheduled = true;
          if (!lib.post(drainTicks)) queueMicrotask(drainTicks);
        }
        throw e;
      } finally {
        lib.ctxSet(prev);
      }
    }
  }

  let defaultHWM = 64 * 1024;
  const defaultObjectHWM = 16;
  function getDefaultHighWaterMark(objectMode) {
    return objectMode ? defaultObjectHWM : defaultHWM;
  }
  function setDefaultHighWaterMark(objectMode, value) {
    if (!objectMode) defaultHWM = value;
  }
  function hwmFrom(options, key, objectMode) {
    let v = options?.highWaterMark;
    if (v === undefined || v === null) v = options?.[key];
    if (v === undefined || v === null) return getDefaultHighWaterMark(objectMode);
    if (!Number.isInteger(v) || v < 0) {
      throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The property 'options.${key === 'highWaterMark' ? 'highWaterMark' : key}' is invalid. Received ${v}`);
    }
    return v;
  }

  const errNullValues = () => codeError(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream');
  const errWriteAfterEnd = () => codeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
  const errPushAfterEOF = () => codeError(Error, 'ERR_STREAM_PUSH_AFTER_EOF', 'stream.push() after EOF');
  const errDestroyed = (m) => codeError(Error, 'ERR_STREAM_DESTROYED', `Cannot call ${m} after a stream was destroyed`);
  const errPrematureClose = () => codeError(Error, 'ERR_STREAM_PREMATURE_CLOSE', 'Premature close');
  const errNotImplemented = (m) => codeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', `The ${m} method is not implemented`);
  const errMultipleCallback = () => codeError(Error, 'ERR_MULTIPLE_CALLBACK', 'Callback called multiple times');

  function chunkType(chunk) {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) return null;
    return invalidArgType('chunk', 'of type string or an instance of Buffer or Uint8Array', chunk);
  }

  // ---- Stream: the legacy base, an EventEmitter with pipe ----

  function Stream(opts) {
    EE.call(this, opts);
  }
  Object.setPrototypeOf(Stream.prototype, EE.prototype);
  Object.setPrototypeOf(Stream, EE);
  Stream.prototype.pipe = function (dest, options) {
    const source = this;
    function ondata(chunk) {
      if (dest.writable && dest.write(chunk) === false && source.pause) source.pause();
    }
    function ondrain() {
      if (source.readable && source.resume) source.resume();
    }
    source.on('data', ondata);
    dest.on('drain', ondrain);
    if (!options || options.end !== false) source.on('end', () => dest.end());
    dest.emit('pipe', source);
    return dest;
  };

  // ---- destroy, shared by both sides ----

  function destroyImpl(err, cb) {
    const r = this._readableState, w = this._writableState;
    const s = w || r;
    if ((w && w.destroyed) || (r && r.destroyed)) {
      if (typeof cb === 'function') cb();
      return this;
    }
    if (err) {
      if (w && !w.errored) w.errored = err;
      if (r && !r.errored) r.errored = err;
    }
    if (w) w.destroyed = true;
    if (r) r.destroyed = true;
    const done = (er) => {
      if (er) {
        if (w && !w.errored) w.errored = er;
        if (r && !r.errored) r.errored = er;
      }
      if (w) w.closed = true;
      if (r) r.closed = true;
      if (typeof cb === 'function') cb(er);
      tick(() => {
        if (er) emitErrorNT(this, er);
        if (w) w.closeEmitted = true;
        if (r) r.closeEmitted = true;
        if ((w && w.emitClose) || (!w && r && r.emitClose)) this.emit('close');
      });
    };
    const run = () => {
      try {
        let called = false;
        this._destroy(err || null, (er) => {
          if (called) return;
          called = true;
          done(er);
        });
      } catch (e) {
        done(e);
      }
    };
    if (s.constructed === false) this.once(kConstruct, run);
    else run();
    return this;
  }

  function emitErrorNT(stream, err) {
    const r = stream._readableState, w = stream._writableState;
    if ((w && w.errorEmitted) || (r && r.errorEmitted)) return;
    if (w) w.errorEmitted = true;
    if (r) r.errorEmitted = true;
    stream.emit('error', err);
  }

  // errorOrDestroy reports err: through destroy when autoDestroy is on,
  // else as an 'error' event.
  function errorOrDestroy(stream, err, sync) {
    const r = stream._readableState, w = stream._writableState;
    if ((w && w.destroyed) || (r && r.destroyed)) return;
    if ((r && r.autoDestroy) || (w && w.autoDestroy)) {
      stream.destroy(err);
    } else if (err) {
      if (w && !w.errored) w.errored = err;
      if (r && !r.errored) r.errored = err;
      if (sync) tick(emitErrorNT, stream, err);
      else emitErrorNT(stream, err);
    }
  }

  const kConstruct = Symbol('kConstruct');

  // construct runs options.construct / _construct after the constructor
  // returns; I/O waits for its callback.
  function construct(stream) {
    const r = stream._readableState, w = stream._writableState;
    if (r) r.constructed = false;
    if (w) w.constructed = false;
    stream.once(kConstruct, () => {});
    tick(() => {
      let called = false;
      const cb = (err) => {
        if (called) {
          errorOrDestroy(stream, errMultipleCallback());
          return;
        }
        called = true;
        if (r) r.constructed = true;
        if (w) w.constructed = true;
        stream.emit(kConstruct);
        if (err) errorOrDestroy(stream, err, true);
        else tick(() => {
          if (r && (r.needReadable || r.flowing)) stream.read(0);
          if (w) {
            clearBuffer(stream, w);
            finishMaybe(stream, w);
          }
        });
      };
      try {
        stream._construct(cb);
      } catch (e) {
        cb(e);
      }
    });
  }

  // ---- Readable ----

  function ReadableState(options, stream, isDuplex) {
    this.objectMode = !!(options?.objectMode || (isDuplex && options?.readableObjectMode));
    this.highWaterMark = options?.readableHighWaterMark !== undefined && isDuplex && options?.highWaterMark === undefined
      ? hwmFrom({ highWaterMark: options.readableHighWaterMark }, 'readableHighWaterMark', this.objectMode)
      : hwmFrom(options, 'highWaterMark', this.objectMode);
    this.buffer = [];
    this.length = 0;
    this.pipes = [];
    this.flowing = null;
    this.ended = false;
    this.endEmitted = false;
    this.reading = false;
    this.constructed = true;
    this.sync = true;
    this.needReadable = false;
    this.emittedReadable = false;
    this.readableListening = false;
    this.resumeScheduled = false;
    this.errorEmitted = false;
    this.emitClose = options?.emitClose !== false;
    this.autoDestroy = options?.autoDestroy !== false;
    this.destroyed = false;
    this.errored = null;
    this.closed = false;
    this.closeEmitted = false;
    this.defaultEncoding = options?.defaultEncoding || 'utf8';
    this.awaitDrainWriters = null;
    this.multiAwaitDrain = false;
    this.readingMore = false;
    this.dataEmitted = false;
    this.decoder = null;
    this.encoding = null;
    this[kPaused] = null;
    if (options?.encoding) {
      const { StringDecoder } = require('string_decoder');
      this.decoder = new StringDecoder(options.encoding);
      this.encoding = options.encoding;
    }
  }
  const kPaused = Symbol('kPaused');

  function Readable(options) {
    if (!(this instanceof Readable)) return new Readable(options);
    const isDuplex = this instanceof Duplex;
    this._readableState = new ReadableState(options, this, isDuplex);
    if (options) {
      if (typeof options.read === 'function') this._read = options.read;
      if (typeof options.destroy === 'function') this._destroy = options.destroy;
      if (typeof options.construct === 'function') this._construct = options.construct;
      if (options.signal && !isDuplex) addAbortSignal(options.signal, this);
    }
    Stream.call(this, options);
    if (typeof this._construct === 'function' && !isDuplex) construct(this);
  }
  Object.setPrototypeOf(Readable.prototype, Stream.prototype);
  Object.setPrototypeOf(Readable, Stream);

  Readable.prototype.destroy = destroyImpl;
  Readable.prototype._destroy = function (err, cb) {
    cb(err);
  };
  Readable.prototype._undestroy = function () {
    const r = this._readableState;
    r.destroyed = r.closed = r.closeEmitted = r.errorEmitted = r.ended = r.endEmitted = false;
    r.errored = null;
  };
  Readable.prototype[EE.captureRejectionSymbol ?? Symbol.for('nodejs.rejection')] = function (err) {
    this.destroy(err);
  };

  Readable.prototype.push = function (chunk, encoding) {
    return readableAddChunk(this, chunk, encoding, false);
  };
  Readable.prototype.unshift = function (chunk, encoding) {
    return readableAddChunk(this, chunk, encoding, true);
  };

  function readableAddChunk(stream, chunk, encoding, addToFront) {
    const state = stream._readableState;
    let err;
    if (!state.objectMode) {
      if (typeof chunk === 'string') {
        encoding = encoding || state.defaultEncoding;
        if (state.encoding !== encoding) {
          if (addToFront && state.encoding) {
            chunk = Buffer.from(chunk, encoding).toString(state.encoding);
          } else {
            chunk = Buffer.from(chunk, encoding);
            encoding = '';
          }
        }
      } else if (chunk instanceof Buffer) {
        encoding = '';
      } else if (chunk instanceof Uint8Array) {
        chunk = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        encoding = '';
      } else if (chunk !== null && chunk !== undefined) {
        err = chunkType(chunk);
      }
    }
    if (err) {
      errorOrDestroy(stream, err);
    } else if (chunk === null) {
      state.reading = false;
      onEofChunk(stream, state);
    } else if (state.objectMode || (chunk && chunk.length > 0)) {
      if (addToFront) {
        if (state.endEmitted) errorOrDestroy(stream, codeError(Error, 'ERR_STREAM_UNSHIFT_AFTER_END_EVENT', 'stream.unshift() after end event'));
        else if (state.destroyed || state.errored) return false;
        else addChunk(stream, state, chunk, true);
      } else if (state.ended) {
        errorOrDestroy(stream, errPushAfterEOF());
      } else if (state.destroyed || state.errored) {
        return false;
      } else {
        state.reading = false;
        if (state.decoder && !encoding) {
          chunk = state.decoder.write(chunk);
          if (state.objectMode || chunk.length !== 0) addChunk(stream, state, chunk, false);
          else maybeReadMore(stream, state);
        } else {
          addChunk(stream, state, chunk, false);
        }
      }
    } else if (!addToFront) {
      state.reading = false;
      maybeReadMore(stream, state);
    }
    return !state.ended && (state.length < state.highWaterMark || state.length === 0);
  }

  function addChunk(stream, state, chunk, addToFront) {
    if (state.flowing && state.length === 0 && !state.sync && stream.listenerCount('data') > 0) {
      state.dataEmitted = true;
      stream.emit('data', chunk);
    } else {
      state.length += state.objectMode ? 1 : chunk.length;
      if (addToFront) state.buffer.unshift(chunk);
      else state.buffer.push(chunk);
      if (state.needReadable) emitReadable(stream);
    }
    maybeReadMore(stream, state);
  }

  Readable.prototype.isPaused = function () {
    const s = this._readableState;
    return s[kPaused] === true || s.flowing === false;
  };

  Readable.prototype.setEncoding = function (enc) {
    const { StringDecoder } = require('string_decoder');
    const state = this._readableState;
    const decoder = new StringDecoder(enc);
    state.decoder = decoder;
    state.encoding = decoder.encoding;
    let content = '';
    for (const c of state.buffer) content += decoder.write(c);
    state.buffer = content !== '' ? [content] : [];
    state.length = content.length;
    return this;
  };

  function howMuchToRead(n, state) {
    if (n <= 0 || (state.length === 0 && state.ended)) return 0;
    if (state.objectMode) return 1;
    if (Number.isNaN(n)) {
      if (state.flowing && state.length) return state.buffer[0].length;
      return state.length;
    }
    if (n <= state.length) return n;
    return state.ended ? state.length : 0;
  }

  Readable.prototype.read = function (n) {
    if (n === undefined) n = NaN;
    else if (!Number.isInteger(n)) n = Number.parseInt(n, 10);
    const state = this._readableState;
    const nOrig = n;
    if (n > state.highWaterMark) {
      // Like Node, raise the mark to the next power of two to satisfy n.
      let m = n;
      m--;
      m |= m >>> 1; m |= m >>> 2; m |= m >>> 4; m |= m >>> 8; m |= m >>> 16;
      state.highWaterMark = m + 1;
    }
    if (n !== 0) state.emittedReadable = false;
    if (n === 0 && state.needReadable &&
        ((state.highWaterMark !== 0 ? state.length >= state.highWaterMark : state.length > 0) || state.ended)) {
      if (state.length === 0 && state.ended) endReadable(this);
      else emitReadable(this);
      return null;
    }
    n = howMuchToRead(n, state);
    if (n === 0 && state.ended) {
      if (state.length === 0) endReadable(this);
      return null;
    }
    let doRead = state.needReadable;
    if (state.length === 0 || state.length - n < state.highWaterMark) doRead = true;
    if (state.ended || state.reading || state.destroyed || state.errored || !state.constructed) {
      doRead = false;
    } else if (doRead) {
      state.reading = true;
      state.sync = true;
      if (state.length === 0) state.needReadable = true;
      try {
        this._read(state.highWaterMark);
      } catch (e) {
        errorOrDestroy(this, e);
      }
      state.sync = false;
      if (!state.reading) n = howMuchToRead(nOrig, state);
    }
    let ret = n > 0 ? fromList(n, state) : null;
    if (ret === null) {
      state.needReadable = state.length <= state.highWaterMark;
      n = 0;
    } else {
      state.length -= state.objectMode ? 1 : n;
      if (state.multiAwaitDrain) state.awaitDrainWriters.clear();
      else state.awaitDrainWriters = null;
    }
    if (state.length === 0) {
      if (!state.ended) state.needReadable = true;
      if (nOrig !== n && state.ended) endReadable(this);
    }
    if (ret !== null && !state.errorEmitted && !state.closeEmitted) {
      state.dataEmitted = true;
      this.emit('data', ret);
    }
    return ret;
  };

  // fromList takes n units from the front of the buffer.
  function fromList(n, state) {
    if (state.length === 0) return null;
    const buf = state.buffer;
    if (state.objectMode) return buf.shift();
    if (!n || n >= state.length) {
      let ret;
      if (state.decoder) ret = buf.join('');
      else if (buf.length === 1) ret = buf[0];
      else ret = Buffer.concat(buf, state.length);
      state.buffer = [];
      return ret;
    }
    if (n < buf[0].length) {
      const ret = buf[0].slice(0, n);
      buf[0] = buf[0].slice(n);
      return ret;
    }
    if (n === buf[0].length) return buf.shift();
    if (state.decoder) {
      let ret = '';
      while (ret.length < n) {
        const c = buf[0];
        const need = n - ret.length;
        if (c.length <= need) {
          ret += c;
          buf.shift();
        } else {
          ret += c.slice(0, need);
          buf[0] = c.slice(need);
        }
      }
      return ret;
    }
    const ret = Buffer.allocUnsafe(n);
    let off = 0;
    while (off < n) {
      const c = buf[0];
      const need = n - off;
      if (c.length <= need) {
        ret.set(c, off);
        off += c.length;
        buf.shift();
      } else {
        ret.set(c.subarray(0, need), off);
        buf[0] = c.slice(need);
        off += need;
      }
    }
    return ret;
  }

  function onEofChunk(stream, state) {
    if (state.ended) return;
    if (state.decoder) {
      const chunk = state.decoder.end();
      if (chunk && chunk.length) {
        state.buffer.push(chunk);
        state.length += state.objectMode ? 1 : chunk.length;
      }
    }
    state.ended = true;
    if (state.sync) {
      emitReadable(stream);
    } else {
      state.needReadable = false;
      state.emittedReadable = true;
      emitReadable_(stream);
    }
  }

  function emitReadable(stream) {
    const state = stream._readableState;
    state.needReadable = false;
    if (!state.emittedReadable) {
      state.emittedReadable = true;
      tick(emitReadable_, stream);
    }
  }

  function emitReadable_(stream) {
    const state = stream._readableState;
    if (!state.destroyed && !state.errored && (state.length || state.ended)) {
      stream.emit('readable');
      state.emittedReadable = false;
    }
    state.needReadable = !state.flowing && !state.ended && state.length <= state.highWaterMark;
    flow(stream);
  }

  function maybeReadMore(stream, state) {
    if (!state.readingMore && state.constructed) {
      state.readingMore = true;
      tick(maybeReadMore_, stream, state);
    }
  }

  function maybeReadMore_(stream, state) {
    while (!state.reading && !state.ended &&
           (state.length < state.highWaterMark || (state.flowing && state.length === 0))) {
      const len = state.length;
      stream.read(0);
      if (len === state.length) break;
    }
    state.readingMore = false;
  }

  Readable.prototype._read = function () {
    throw errNotImplemented('_read()');
  };

  Readable.prototype.pipe = function (dest, pipeOpts) {
    const src = this;
    const state = this._readableState;
    state.pipes.push(dest);
    const doEnd = (!pipeOpts || pipeOpts.end !== false) && dest !== globalThis.process?.stdout && dest !== globalThis.process?.stderr;
    const endFn = doEnd ? onend : unpipe;
    if (state.endEmitted) tick(endFn);
    else src.once('end', endFn);
    dest.on('unpipe', onunpipe);

    function onunpipe(readable, info) {
      if (readable === src && info && info.hasUnpiped === false) {
        info.hasUnpiped = true;
        cleanup();
      }
    }
    function onend() {
      dest.end();
    }
    let ondrain;
    let cleanedUp = false;
    function cleanup() {
      dest.removeListener('close', onclose);
      dest.removeListener('finish', onfinish);
      if (ondrain) dest.removeListener('drain', ondrain);
      dest.removeListener('error', onerror);
      dest.removeListener('unpipe', onunpipe);
      src.removeListener('end', onend);
      src.removeListener('end', unpipe);
      src.removeListener('data', ondata);
      cleanedUp = true;
      if (ondrain && state.awaitDrainWriters && (!dest._writableState || dest._writableState.needDrain)) ondrain();
    }
    function pause() {
      if (!cleanedUp) {
        if (state.pipes.length === 1 && state.pipes[0] === dest) {
          state.awaitDrainWriters = dest;
          state.multiAwaitDrain = false;
        } else if (state.pipes.length > 1 && state.pipes.includes(dest)) {
          if (!state.multiAwaitDrain) {
            state.multiAwaitDrain = true;
            state.awaitDrainWriters = new Set(state.awaitDrainWriters ? [state.awaitDrainWriters] : []);
          }
          state.awaitDrainWriters.add(dest);
        }
        src.pause();
      }
      if (!ondrain) {
        ondrain = pipeOnDrain(src, dest);
        dest.on('drain', ondrain);
      }
    }
    function ondata(chunk) {
      const ret = dest.write(chunk);
      if (ret === false) pause();
    }
    src.on('data', ondata);
    function onerror(er) {
      unpipe();
      dest.removeListener('error', onerror);
      if (dest.listenerCount('error') === 0) {
        const s = dest._writableState || dest._readableState;
        if (s && !s.errorEmitted) errorOrDestroy(dest, er);
        else dest.emit('error', er);
      }
    }
    prependListener(dest, 'error', onerror);
    function onclose() {
      dest.removeListener('finish', onfinish);
      unpipe();
    }
    dest.once('close', onclose);
    function onfinish() {
      dest.removeListener('close', onclose);
      unpipe();
    }
    dest.once('finish', onfinish);
    function unpipe() {
      src.unpipe(dest);
    }
    dest.emit('pipe', src);
    if (dest.writableNeedDrain === true) pause();
    else if (!state.flowing) src.resume();
    return dest;
  };

  function prependListener(emitter, event, fn) {
    if (typeof emitter.prependListener === 'function') return emitter.prependListener(event, fn);
    emitter.on(event, fn);
  }

  function pipeOnDrain(src, dest) {
    return function () {
      const state = src._readableState;
      if (state.awaitDrainWriters === dest) state.awaitDrainWriters = null;
      else if (state.multiAwaitDrain) state.awaitDrainWriters.delete(dest);
      if ((!state.awaitDrainWriters || state.awaitDrainWriters.size === 0) && src.listenerCount('data')) {
        src.resume();
      }
    };
  }

  Readable.prototype.unpipe = function (dest) {
    const state = this._readableState;
    const unpipeInfo = { hasUnpiped: false };
    if (state.pipes.length === 0) return this;
    if (!dest) {
      const dests = state.pipes;
      state.pipes = [];
      this.pause();
      for (const d of dests) d.emit('unpipe', this, { hasUnpiped: false });
      return this;
    }
    const index = state.pipes.indexOf(dest);
    if (index === -1) return this;
    state.pipes.splice(index, 1);
    if (state.pipes.length === 0) this.pause();
    dest.emit('unpipe', this, unpipeInfo);
    return this;
  };

  Readable.prototype.on = function (ev, fn) {
    const res = Stream.prototype.on.call(this, ev, fn);
    const state = this._readableState;
    if (ev === 'data') {
      state.readableListening = this.listenerCount('readable') > 0;
      if (state.flowing !== false) this.resume();
    } else if (ev === 'readable') {
      if (!state.endEmitted && !state.readableListening) {
        state.readableListening = state.needReadable = true;
        state.flowing = false;
        state.emittedReadable = false;
        if (state.length) emitReadable(this);
        else if (!state.reading) tick((s) => s.read(0), this);
      }
    }
    return res;
  };
  Readable.prototype.addListener = Readable.prototype.on;

  Readable.prototype.removeListener = function (ev, fn) {
    const res = Stream.prototype.removeListener.call(this, ev, fn);
    if (ev === 'readable') tick(updateReadableListening, this);
    return res;
  };
  Readable.prototype.off = Readable.prototype.removeListener;
  Readable.prototype.removeAllListeners = function (ev) {
    const res = Stream.prototype.removeAllListeners.apply(this, arguments);
    if (ev === 'readable' || ev === undefined) tick(updateReadableListening, this);
    return res;
  };

  function updateReadableListening(self) {
    const state = self._readableState;
    state.readableListening = self.listenerCount('readable') > 0;
    if (state.resumeScheduled && state[kPaused] === false) state.flowing = true;
    else if (self.listenerCount('data') > 0) self.resume();
    else if (!state.readableListening) state.flowing = null;
  }

  Readable.prototype.resume = function () {
    const state = this._readableState;
    if (!state.flowing) {
      state.flowing = !state.readableListening;
      if (!state.resumeScheduled) {
        state.resumeScheduled = true;
        tick(resume_, this, state);
      }
    }
    state[kPaused] = false;
    return this;
  };

  function resume_(stream, state) {
    if (!state.reading) stream.read(0);
    state.resumeScheduled = false;
    stream.emit('resume');
    flow(stream);
    if (state.flowing && !state.reading) stream.read(0);
  }

  Readable.prototype.pause = function () {
    const state = this._readableState;
    if (state.flowing !== false) {
      state.flowing = false;
      this.emit('pause');
    }
    state[kPaused] = true;
    return this;
  };

  function flow(stream) {
    const state = stream._readableState;
    while (state.flowing && stream.read() !== null);
  }

  // wrap adapts an old-style stream (an emitter of 'data' and 'end').
  Readable.prototype.wrap = function (stream) {
    let paused = false;
    stream.on('data', (chunk) => {
      if (!this.push(chunk) && stream.pause) {
        paused = true;
        stream.pause();
      }
    });
    stream.on('end', () => this.push(null));
    stream.on('error', (err) => errorOrDestroy(this, err));
    stream.on('close', () => this.destroy());
    stream.on('destroy', () => this.destroy());
    this._read = () => {
      if (paused && stream.resume) {
        paused = false;
        stream.resume();
      }
    };
    return this;
  };

  function endReadable(stream) {
    const state = stream._readableState;
    if (!state.endEmitted) {
      state.ended = true;
      tick(endReadableNT, state, stream);
    }
  }

  function endReadableNT(state, stream) {
    if (!state.errored && !state.closeEmitted && !state.endEmitted && state.length === 0) {
      state.endEmitted = true;
      stream.emit('end');
      const w = stream._writableState;
      if (w && w.autoDestroy === false) return;
      if (state.autoDestroy) {
        const autoDestroy = !w || (w.autoDestroy && (w.finished || w.writable === false));
        if (autoDestroy) stream.destroy();
      }
      if (w && !stream.allowHalfOpen && !w.ending && !w.destroyed) stream.end();
    }
  }

  // Async iteration: one chunk per step, through 'readable' and read().
  Readable.prototype[asyncIteratorSym] = function () {
    return createAsyncIterator(this, { destroyOnReturn: true });
  };
  Readable.prototype.iterator = function (options) {
    return createAsyncIterator(this, { destroyOnReturn: options?.destroyOnReturn !== false });
  };

  function createAsyncIterator(stream, opts) {
    let wake = null;
    let error = null;
    let done = false;
    const next = () => {
      const w = wake;
      wake = null;
      if (w) w();
    };
    stream.on('readable', next);
    const cleanup = eos(stream, { writable: false }, (err) => {
      error = err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE' ? err : null;
      if (err && err.code === 'ERR_STREAM_PREMATURE_CLOSE' && !stream._readableState?.endEmitted) error = err;
      done = true;
      next();
    });
    const finish = (destroy) => {
      cleanup();
      stream.removeListener('readable', next);
      if (destroy && !stream.destroyed) stream.destroy(null);
    };
    const it = {
      next() {
        return new Promise((resolve, reject) => {
          const step = () => {
            if (!done || stream.readableLength > 0) {
              const chunk = stream.destroyed ? null : stream.read();
              if (chunk !== null) {
                resolve({ value: chunk, done: false });
                return;
              }
            }
            if (error) {
              finish(true);
              reject(error);
              return;
            }
            if (done || stream._readableState?.endEmitted) {
              finish(false);
              resolve({ value: undefined, done: true });
              return;
            }
            wake = step;
          };
          step();
        });
      },
      return(value) {
        finish(opts.destroyOnReturn);
        return Promise.resolve({ value, done: true });
      },
      throw(err) {
        finish(true);
        return Promise.reject(err);
      },
      [asyncIteratorSym]() {
        return this;
      },
    };
    return it;
  }

  // Iterator helpers (experimental in Node 22): the commonly used ones.
  Readable.prototype.toArray = async function (options) {
    const out = [];
    const it = this[asyncIteratorSym]();
    for (;;) {
      if (options?.signal?.aborted) throw new AbortError(undefined, { cause: options.signal.reason });
      const { value, done } = await it.next();
      if (done) return out;
      out.push(value);
    }
  };
  Readable.prototype.forEach = async function (fn, options) {
    const it = this[asyncIteratorSym]();
    for (;;) {
      const { value, done } = await it.next();
      if (done) return;
      await fn(value, { signal: options?.signal });
    }
  };
  Readable.prototype.map = function (fn, options) {
    const src = this;
    return Readable.from({
      [asyncIteratorSym]() {
        const it = src[asyncIteratorSym]();
        return {
          async next() {
            const r = await it.next();
            if (r.done) return r;
            return { value: await fn(r.value, { signal: options?.signal }), done: false };
          },
          return: () => it.return(),
        };
      },
    }, { objectMode: true });
  };
  Readable.prototype.filter = function (fn, options) {
    const src = this;
    return Readable.from({
      [asyncIteratorSym]() {
        const it = src[asyncIteratorSym]();
        return {
          async next() {
            for (;;) {
              const r = await it.next();
              if (r.done) return r;
              if (await fn(r.value, { signal: options?.signal })) return r;
            }
          },
          return: () => it.return(),
        };
      },
    }, { objectMode: true });
  };

  const readableProps = {
    readable: {
      get() {
        const r = this._readableState;
        return !!r && r.readable !== false && !r.destroyed && !r.errorEmitted && !r.endEmitted;
      },
      set(v) {
        if (this._readableState) this._readableState.readable = !!v;
      },
    },
    readableDidRead: { get() { return this._readableState.dataEmitted; } },
    readableAborted: {
      get() {
        const r = this._readableState;
        return !!(r.readable !== false && (r.destroyed || r.errored) && !r.endEmitted);
      },
    },
    readableHighWaterMark: { get() { return this._readableState.highWaterMark; } },
    readableBuffer: { get() { return this._readableState && this._readableState.buffer; } },
    readableFlowing: {
      get() { return this._readableState.flowing; },
      set(v) { if (this._readableState) this._readableState.flowing = v; },
    },
    readableLength: { get() { return this._readableState.length; } },
    readableObjectMode: { get() { return this._readableState ? this._readableState.objectMode : false; } },
    readableEncoding: { get() { return this._readableState ? this._readableState.encoding : null; } },
    errored: { get() { return this._readableState ? this._readableState.errored : null; } },
    closed: { get() { return this._readableState ? this._readableState.closed : false; } },
    destroyed: {
      get() { return this._readableState ? this._readableState.destroyed : false; },
      set(v) { if (this._readableState) this._readableState.destroyed = v; },
    },
    readableEnded: { get() { return this._readableState ? this._readableState.endEmitted : false; } },
  };
  for (const [k, d] of Object.entries(readableProps)) {
    Object.defineProperty(Readable.prototype, k, { ...d, enumerable: false, configurable: true });
  }

  // Readable.from builds an objectMode Readable over an iterable, an async
  // iterable, or a single string / Buffer.
  Readable.from = function (iterable, opts) {
    if (typeof iterable === 'string' || iterable instanceof Uint8Array) {
      return new Readable({
        objectMode: true,
        ...opts,
        read() {
          this.push(iterable);
          this.push(null);
        },
      });
    }
    let iterator, isAsync;
    if (iterable && typeof iterable[asyncIteratorSym] === 'function') {
      isAsync = true;
      iterator = iterable[asyncIteratorSym]();
    } else if (iterable && typeof iterable[Symbol.iterator] === 'function') {
      isAsync = false;
      iterator = iterable[Symbol.iterator]();
    } else {
      throw invalidArgType('iterable', 'an Iterable', iterable);
    }
    const readable = new Readable({ objectMode: true, highWaterMark: 1, ...opts });
    let reading = false;
    let needToClose = false;
    readable._read = function () {
      if (!reading) {
        reading = true;
        next();
      }
    };
    readable._destroy = function (error, cb) {
      const close = () => {
        if (!needToClose || typeof iterator.return !== 'function') return Promise.resolve();
        needToClose = false;
        return Promise.resolve(iterator.return());
      };
      close().then(() => tick(cb, error), (e) => tick(cb, e || error));
    };
    async function next() {
      for (;;) {
        try {
          needToClose = true;
          let r = isAsync ? await iterator.next() : iterator.next();
          if (!isAsync && r && r.value && typeof r.value.then === 'function' && !r.done) {
            r = { value: await r.value, done: false };
          } else if (isAsync) {
            r = await r;
          }
          if (r.done) {
            needToClose = false;
            readable.push(null);
            return;
          }
          const value = r.value;
          if (value === null) {
            reading = false;
            throw errNullValues();
          }
          if (readable.push(value)) continue;
          reading = false;
        } catch (err) {
          readable.destroy(err);
        }
        break;
      }
    }
    return readable;
  };

  // webReaderRead is the read of Node's Readable.fromWeb and
  // Duplex.fromWeb adapters: one chunk from reader per call, pushed to
  // stream(); the end pushes null, an error destroys it.
  function webReaderRead(reader, stream) {
    return function read() {
      reader.read().then(
        (r) => {
          if (r.done) stream().push(null);
          else stream().push(r.value);
        },
        (e) => stream().destroy(e),
      );
    };
  }

  // Readable.fromWeb reads a WHATWG ReadableStream (locking it) into a
  // Readable; destroying the Readable cancels the stream.
  Readable.fromWeb = function fromWeb(readableStream, options = undefined) {
    const RS = globalThis.ReadableStream;
    if (typeof RS !== 'function' || !(readableStream instanceof RS)) {
      throw invalidArgType('readableStream', 'an instance of ReadableStream', readableStream);
    }
    const { highWaterMark, encoding, objectMode = false, signal } = options ?? {};
    const reader = readableStream.getReader();
    let closed = false;
    const readable = new Readable({
      objectMode,
      highWaterMark,
      encoding,
      signal,
      read: webReaderRead(reader, () => readable),
      destroy(error, callback) {
        const done = () => callback(error);
        if (!closed) {
          reader.cancel(error).then(done, done);
          return;
        }
        done();
      },
    });
    reader.closed.then(
      () => {
        closed = true;
      },
      (e) => {
        closed = true;
        readable.destroy(e);
      },
    );
    return readable;
  };

  // Readable.toWeb makes a WHATWG ReadableStream (not a byte stream, as in
  // Node 22) of a Readable's chunks, pausing it while the stream's queue
  // is full; cancelling the stream destroys the Readable.
  Readable.toWeb = function toWeb(streamReadable, options = undefined) {
    if (streamReadable === null || typeof streamReadable?._readableState !== 'object') {
      throw invalidArgType('streamReadable', 'an instance of stream.Readable', streamReadable);
    }
    const RS = globalThis.ReadableStream;
    if (streamReadable.destroyed || !streamReadable.readable || streamReadable.readableEnded) {
      const empty = new RS();
      empty.cancel();
      return empty;
    }
    const objectMode = streamReadable.readableObjectMode;
    const strategy = options?.strategy ?? { highWaterMark: streamReadable.readableHighWaterMark };
    let controller;
    const onData = (chunk) => {
      if (Buffer.isBuffer(chunk) && !objectMode) chunk = new Uint8Array(chunk);
      controller.enqueue(chunk);
      if (controller.desiredSize <= 0) streamReadable.pause();
    };
    const onFinished = (error) => {
      cleanup();
      streamReadable.removeListener('data', onData);
      if (error?.code === 'ERR_STREAM_PREMATURE_CLOSE') error = new AbortError(undefined, { cause: error });
      try {
        if (error) controller.error(error);
        else controller.close();
      } catch {
        // The stream was cancelled meanwhile.
      }
    };
    streamReadable.on('data', onData);
    const cleanup = eos(streamReadable, {}, onFinished);
    return new RS({
      start(c) {
        controller = c;
      },
      pull() {
        streamReadable.resume();
      },
      cancel(reason) {
        streamReadable.destroy(reason);
      },
    }, strategy);
  };

  // ---- Writable ----

  function WritableState(options, stream, isDuplex) {
    this.objectMode = !!(options?.objectMode || (isDuplex && options?.writableObjectMode));
    this.highWaterMark = options?.writableHighWaterMark !== undefined && isDuplex && options?.highWaterMark === undefined
      ? hwmFrom({ highWaterMark: options.writableHighWaterMark }, 'writableHighWaterMark', this.objectMode)
      : hwmFrom(options, 'highWaterMark', this.objectMode);
    this.finalCalled = false;
    this.needDrain = false;
    this.ending = false;
    this.ended = false;
    this.finished = false;
    this.destroyed = false;
    this.decodeStrings = options?.decodeStrings !== false;
    this.defaultEncoding = options?.defaultEncoding || 'utf8';
    this.length = 0;
    this.writing = false;
    this.corked = 0;
    this.sync = true;
    this.bufferProcessing = false;
    this.writecb = null;
    this.writelen = 0;
    this.buffered = [];
    this.pendingcb = 0;
    this.constructed = true;
    this.prefinished = false;
    this.errorEmitted = false;
    this.emitClose = options?.emitClose !== false;
    this.autoDestroy = options?.autoDestroy !== false;
    this.errored = null;
    this.closed = false;
    this.closeEmitted = false;
    this.onFinished = [];
    this.onwrite = (er) => onwrite(stream, er);
  }

  function Writable(options) {
    const isDuplex = this instanceof Duplex;
    if (!isDuplex && !Function.prototype[Symbol.hasInstance].call(Writable, this)) return new Writable(options);
    this._writableState = new WritableState(options, this, isDuplex);
    if (options) {
      if (typeof options.write === 'function') this._write = options.write;
      if (typeof options.writev === 'function') this._writev = options.writev;
      if (typeof options.destroy === 'function') this._destroy = options.destroy;
      if (typeof options.final === 'function') this._final = options.final;
      if (typeof options.construct === 'function') this._construct = options.construct;
      if (options.signal) addAbortSignal(options.signal, this);
    }
    Stream.call(this, options);
    if (typeof this._construct === 'function') construct(this);
  }
  Object.setPrototypeOf(Writable.prototype, Stream.prototype);
  Object.setPrototypeOf(Writable, Stream);
  // A Duplex is a Writable too, though it inherits from Readable; pigo's
  // Go-fed streams (fs, child process stdio), tagged with kGoStream, count
  // as the Stream, Readable or Writable they stand for.
  const kGoStream = Symbol.for('pigo.stream');
  Object.defineProperty(Writable, Symbol.hasInstance, {
    value(object) {
      if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
      if (this !== Writable) return false;
      return !!(object && (object._writableState instanceof WritableState || object[kGoStream] === 'writable' ||
        object[kGoStream] === 'transform'));
    },
  });
  // crypto's Hash and Hmac become Transforms on first stream use; before
  // that they are tagged 'transform' and count as one already.
  for (const [Ctor, kinds] of [[Readable, ['readable', 'transform']], [Stream, ['readable', 'writable', 'transform']]]) {
    Object.defineProperty(Ctor, Symbol.hasInstance, {
      value(object) {
        if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
        return this === Ctor && !!object && kinds.includes(object[kGoStream]);
      },
    });
  }

  Writable.prototype.destroy = function (err, cb) {
    const state = this._writableState;
    if (!state.destroyed && (state.bufferProcessing || state.buffered.length)) {
      tick(errorBuffer, state);
    }
    destroyImpl.call(this, err, cb);
    return this;
  };
  Writable.prototype._destroy = function (err, cb) {
    cb(err);
  };
  Writable.prototype._undestroy = function () {
    const w = this._writableState;
    w.destroyed = w.closed = w.closeEmitted = w.errorEmitted = w.ended = w.ending = w.finished = w.finalCalled = w.prefinished = false;
    w.errored = null;
  };

  Writable.prototype.pipe = function () {
    errorOrDestroy(this, codeError(Error, 'ERR_STREAM_CANNOT_PIPE', 'Cannot pipe, not readable'));
  };

  Writable.prototype.write = function (chunk, encoding, cb) {
    return writeImpl(this, chunk, encoding, cb) === true;
  };

  function writeImpl(stream, chunk, encoding, cb) {
    const state = stream._writableState;
    if (typeof encoding === 'function') {
      cb = encoding;
      encoding = state.defaultEncoding;
    } else {
      if (!encoding) encoding = state.defaultEncoding;
      else if (encoding !== 'buffer' && !Buffer.isEncoding(encoding)) {
        throw codeError(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${encoding}`);
      }
      if (typeof cb !== 'function') cb = nop;
    }
    if (chunk === null) throw errNullValues();
    if (!state.objectMode) {
      if (typeof chunk === 'string') {
        if (state.decodeStrings !== false) {
          chunk = Buffer.from(chunk, encoding);
          encoding = 'buffer';
        }
      } else if (chunk instanceof Buffer) {
        encoding = 'buffer';
      } else if (chunk instanceof Uint8Array) {
        chunk = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        encoding = 'buffer';
      } else {
        throw chunkType(chunk);
      }
    }
    let err;
    if (state.ending) err = errWriteAfterEnd();
    else if (state.destroyed) err = errDestroyed('write');
    if (err) {
      tick(cb, err);
      errorOrDestroy(stream, err, true);
      return err;
    }
    state.pendingcb++;
    const len = state.objectMode ? 1 : chunk.length;
    state.length += len;
    const ret = state.length < state.highWaterMark;
    if (!ret) state.needDrain = true;
    if (state.writing || state.corked || state.errored || !state.constructed) {
      state.buffered.push({ chunk, encoding, callback: cb });
    } else {
      state.writelen = len;
      state.writecb = cb;
      state.writing = true;
      state.sync = true;
      stream._write(chunk, encoding, state.onwrite);
      state.sync = false;
    }
    return ret && !state.errored && !state.destroyed;
  }

  function nop() {}

  function doWrite(stream, state, writev, len, chunk, encoding, cb) {
    state.writelen = len;
    state.writecb = cb;
    state.writing = true;
    state.sync = true;
    if (state.destroyed) state.onwrite(errDestroyed('write'));
    else if (writev) stream._writev(chunk, state.onwrite);
    else stream._write(chunk, encoding, state.onwrite);
    state.sync = false;
  }

  function onwrite(stream, er) {
    const state = stream._writableState;
    const sync = state.sync;
    const cb = state.writecb;
    if (typeof cb !== 'function') {
      errorOrDestroy(stream, errMultipleCallback());
      return;
    }
    state.writing = false;
    state.writecb = null;
    state.length -= state.writelen;
    state.writelen = 0;
    if (er) {
      if (!state.errored) state.errored = er;
      if (stream._readableState && !stream._readableState.errored) stream._readableState.errored = er;
      if (sync) tick(onwriteError, stream, state, er, cb);
      else onwriteError(stream, state, er, cb);
    } else {
      if (state.buffered.length > 0) clearBuffer(stream, state);
      if (sync) tick(afterWrite, stream, state, cb);
      else afterWrite(stream, state, cb);
    }
  }

  function onwriteError(stream, state, er, cb) {
    --state.pendingcb;
    cb(er);
    errorBuffer(state);
    errorOrDestroy(stream, er);
  }

  function afterWrite(stream, state, cb) {
    const needDrain = !state.ending && !stream.destroyed && state.length === 0 && state.needDrain;
    if (needDrain) {
      state.needDrain = false;
      stream.emit('drain');
    }
    state.pendingcb--;
    cb(null);
    if (state.destroyed) errorBuffer(state);
    finishMaybe(stream, state);
  }

  function errorBuffer(state) {
    if (state.writing) return;
    const buffered = state.buffered;
    state.buffered = [];
    for (const { chunk, callback } of buffered) {
      state.length -= state.objectMode ? 1 : chunk.length;
      callback(state.errored ?? errDestroyed('write'));
    }
    const onfinishCallbacks = state.onFinished.splice(0);
    for (const cb of onfinishCallbacks) cb(state.errored ?? errDestroyed('end'));
  }

  function clearBuffer(stream, state) {
    if (state.corked || state.bufferProcessing || state.destroyed || !state.constructed) return;
    const buffered = state.buffered;
    if (buffered.length === 0) return;
    state.bufferProcessing = true;
    if (buffered.length > 1 && stream._writev) {
      state.pendingcb -= buffered.length - 1;
      const callbacks = buffered.map((b) => b.callback);
      const chunks = buffered.map((b) => ({ chunk: b.chunk, encoding: b.encoding }));
      chunks.allBuffers = chunks.every((c) => c.encoding === 'buffer');
      state.buffered = [];
      const cb = (err) => {
        for (const c of callbacks) c(err);
      };
      doWrite(stream, state, true, state.length, chunks, '', cb);
    } else {
      do {
        const { chunk, encoding, callback } = buffered.shift();
        const len = state.objectMode ? 1 : chunk.length;
        doWrite(stream, state, false, len, chunk, encoding, callback);
      } while (buffered.length > 0 && !state.writing);
    }
    state.bufferProcessing = false;
  }

  Writable.prototype._write = function (chunk, encoding, cb) {
    if (this._writev) this._writev([{ chunk, encoding }], cb);
    else throw errNotImplemented('_write()');
  };
  Writable.prototype._writev = null;

  Writable.prototype.cork = function () {
    this._writableState.corked++;
  };
  Writable.prototype.uncork = function () {
    const state = this._writableState;
    if (state.corked) {
      state.corked--;
      if (!state.writing) clearBuffer(this, state);
    }
  };
  Writable.prototype.setDefaultEncoding = function (encoding) {
    if (typeof encoding === 'string') encoding = encoding.toLowerCase();
    if (!Buffer.isEncoding(encoding)) throw codeError(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${encoding}`);
    this._writableState.defaultEncoding = encoding;
    return this;
  };

  Writable.prototype.end = function (chunk, encoding, cb) {
    const state = this._writableState;
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = null;
      encoding = null;
    } else if (typeof encoding === 'function') {
      cb = encoding;
      encoding = null;
    }
    let err;
    if (chunk !== null && chunk !== undefined) {
      const ret = writeImpl(this, chunk, encoding);
      if (ret instanceof Error) err = ret;
    }
    if (state.corked) {
      state.corked = 1;
      this.uncork();
    }
    if (err) {
      // reported by write
    } else if (!state.errored && !state.ending) {
      state.ending = true;
      finishMaybe(this, state, true);
      state.ended = true;
    } else if (state.finished) {
      err = codeError(Error, 'ERR_STREAM_ALREADY_FINISHED', 'Cannot call end after a stream was finished');
    } else if (state.destroyed) {
      err = errDestroyed('end');
    }
    if (typeof cb === 'function') {
      if (err || state.finished) tick(cb, err);
      else state.onFinished.push(cb);
    }
    return this;
  };

  function needFinish(state) {
    return state.ending && !state.destroyed && state.constructed && state.length === 0 &&
      !state.errored && state.buffered.length === 0 && !state.finished && !state.writing &&
      !state.errorEmitted && !state.closeEmitted;
  }

  function callFinal(stream, state) {
    let called = false;
    function onFinish(err) {
      if (called) {
        errorOrDestroy(stream, errMultipleCallback());
        return;
      }
      called = true;
      state.pendingcb--;
      if (err) {
        for (const cb of state.onFinished.splice(0)) cb(err);
        errorOrDestroy(stream, err, state.sync);
      } else if (needFinish(state)) {
        state.prefinished = true;
        stream.emit('prefinish');
        state.pendingcb++;
        tick(finish, stream, state);
      }
    }
    state.sync = true;
    state.pendingcb++;
    try {
      stream._final(onFinish);
    } catch (err) {
      onFinish(err);
    }
    state.sync = false;
  }

  function prefinish(stream, state) {
    if (!state.prefinished && !state.finalCalled) {
      if (typeof stream._final === 'function' && !state.destroyed) {
        state.finalCalled = true;
        callFinal(stream, state);
      } else {
        state.prefinished = true;
        stream.emit('prefinish');
      }
    }
  }

  function finishMaybe(stream, state, sync) {
    if (needFinish(state)) {
      prefinish(stream, state);
      if (state.pendingcb === 0) {
        if (sync) {
          state.pendingcb++;
          tick(() => {
            if (needFinish(state)) finish(stream, state);
            else state.pendingcb--;
          });
        } else if (needFinish(state)) {
          state.pendingcb++;
          finish(stream, state);
        }
      }
    }
  }

  function finish(stream, state) {
    state.pendingcb--;
    state.finished = true;
    for (const cb of state.onFinished.splice(0)) cb(null);
    stream.emit('finish');
    if (state.autoDestroy) {
      const r = stream._readableState;
      const autoDestroy = !r || (r.autoDestroy && (r.endEmitted || r.readable === false));
      if (autoDestroy) stream.destroy();
    }
  }

  const writableProps = {
    closed: { get() { return this._writableState ? this._writableState.closed : false; } },
    destroyed: {
      get() { return this._writableState ? this._writableState.destroyed : false; },
      set(v) { if (this._writableState) this._writableState.destroyed = v; },
    },
    writable: {
      get() {
        const w = this._writableState;
        return !!w && w.writable !== false && !w.destroyed && !w.errored && !w.ending && !w.ended;
      },
      set(v) { if (this._writableState) this._writableState.writable = !!v; },
    },
    writableFinished: { get() { return this._writableState ? this._writableState.finished : false; } },
    writableObjectMode: { get() { return this._writableState ? this._writableState.objectMode : false; } },
    writableBuffer: { get() { return this._writableState && this._writableState.buffered.map((b) => b); } },
    writableEnded: { get() { return this._writableState ? this._writableState.ending : false; } },
    writableNeedDrain: {
      get() {
        const w = this._writableState;
        return w ? !w.destroyed && !w.ending && w.needDrain : false;
      },
    },
    writableHighWaterMark: { get() { return this._writableState && this._writableState.highWaterMark; } },
    writableCorked: { get() { return this._writableState ? this._writableState.corked : 0; } },
    writableLength: { get() { return this._writableState && this._writableState.length; } },
    errored: { get() { return this._writableState ? this._writableState.errored : null; } },
    writableAborted: {
      get() {
        const w = this._writableState;
        return !!(w.writable !== false && (w.destroyed || w.errored) && !w.finished);
      },
    },
  };
  for (const [k, d] of Object.entries(writableProps)) {
    Object.defineProperty(Writable.prototype, k, { ...d, enumerable: false, configurable: true });
  }
  // Writable.toWeb makes a WHATWG WritableStream that writes into a
  // Writable, waiting for 'drain' when it asks; aborting the stream
  // destroys the Writable. Node's adapter, step for step.
  Writable.toWeb = function toWeb(streamWritable) {
    if (!streamWritable || typeof streamWritable.write !== 'function' || typeof streamWritable.on !== 'function') {
      throw invalidArgType('streamWritable', 'an instance of stream.Writable', streamWritable);
    }
    const WS = globalThis.WritableStream;
    if (streamWritable.destroyed || streamWritable.writable === false || streamWritable.writableEnded) {
      const closed = new WS();
      closed.close();
      return closed;
    }
    const highWaterMark = streamWritable.writableHighWaterMark;
    const strategy = streamWritable.writableObjectMode ? new globalThis.CountQueuingStrategy({ highWaterMark }) : { highWaterMark };
    let controller;
    let backpressure; // { promise, resolve, reject } while waiting for 'drain'
    let closing; // the same, while end() runs
    const deferred = () => {
      const d = {};
      d.promise = new Promise((resolve, reject) => {
        d.resolve = resolve;
        d.reject = reject;
      });
      return d;
    };
    const cleanup = eos(streamWritable, (error) => {
      if (error?.code === 'ERR_STREAM_PREMATURE_CLOSE') error = new AbortError(undefined, { cause: error });
      cleanup();
      streamWritable.on('error', () => {});
      if (error != null) {
        backpressure?.reject(error);
        if (closing !== undefined) {
          closing.reject(error);
          closing = undefined;
        }
        controller.error(error);
        controller = undefined;
        return;
      }
      if (closing !== undefined) {
        closing.resolve();
        closing = undefined;
        return;
      }
      controller.error(new AbortError());
      controller = undefined;
    });
    streamWritable.on('drain', () => backpressure?.resolve());
    return new WS({
      start(c) {
        controller = c;
      },
      write(chunk) {
        if (streamWritable.writableNeedDrain || !streamWritable.write(chunk)) {
          backpressure = deferred();
          return backpressure.promise.finally(() => {
            backpressure = undefined;
          });
        }
      },
      abort(reason) {
        streamWritable.destroy(reason);
      },
      close() {
        if (closing === undefined && !streamWritable.writableEnded) {
          closing = deferred();
          streamWritable.end();
          return closing.promise;
        }
        controller = undefined;
        return Promise.resolve();
      },
    }, strategy);
  };

  // webWriterMethods are the write and writev of Node's Writable.fromWeb
  // and Duplex.fromWeb adapters: chunks go to writer once it is ready;
  // stream() is the Node stream a throwing callback destroys.
  function webWriterMethods(writer, stream, decodeStrings, objectMode) {
    return {
      writev(chunks, callback) {
        const done = (error) => {
          error = error.filter((e) => e);
          try {
            callback(error.length === 0 ? undefined : error);
          } catch (err) {
            process.nextTick(() => stream().destroy(err));
          }
        };
        writer.ready.then(() => Promise.all(chunks.map((data) => writer.write(data.chunk))).then(done, done), done);
      },
      write(chunk, encoding, callback) {
        if (typeof chunk === 'string' && decodeStrings && !objectMode) {
          const b = Buffer.from(chunk, encoding);
          chunk = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
        }
        const done = (error) => {
          try {
            callback(error);
          } catch (err) {
            stream().destroy(err);
          }
        };
        writer.ready.then(() => writer.write(chunk).then(done, done), done);
      },
    };
  }

  // Writable.fromWeb makes a Writable that writes into a WHATWG
  // WritableStream (locking it); strings go as UTF-8 (or their encoding's)
  // bytes unless decodeStrings is false. Node's adapter, step for step.
  Writable.fromWeb = function fromWeb(writableStream, options = undefined) {
    const WS = globalThis.WritableStream;
    if (typeof WS !== 'function' || !(writableStream instanceof WS)) {
      throw invalidArgType('writableStream', 'an instance of WritableStream', writableStream);
    }
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw invalidArgType('options', 'of type object', options);
    }
    const { highWaterMark, decodeStrings = true, objectMode = false, signal } = options ?? {};
    for (const [name, v] of [['options.objectMode', objectMode], ['options.decodeStrings', decodeStrings]]) {
      if (typeof v !== 'boolean') throw invalidArgType(name, 'of type boolean', v);
    }
    const writer = writableStream.getWriter();
    let closed = false;
    const writable = new Writable({
      highWaterMark,
      objectMode,
      decodeStrings,
      signal,
      ...webWriterMethods(writer, () => writable, decodeStrings, objectMode),
      destroy(error, callback) {
        const done = () => {
          try {
            callback(error);
          } catch (err) {
            process.nextTick(() => {
              throw err;
            });
          }
        };
        if (!closed) {
          if (error != null) writer.abort(error).then(done, done);
          else writer.close().then(done, done);
          return;
        }
        done();
      },
      final(callback) {
        const done = (error) => {
          try {
            callback(error);
          } catch (err) {
            process.nextTick(() => writable.destroy(err));
          }
        };
        if (!closed) writer.close().then(done, done);
      },
    });
    writer.closed.then(
      () => {
        // The stream closed before the Writable ended: premature.
        closed = true;
        if (!writable.writableEnded) writable.destroy(errPrematureClose());
      },
      (error) => {
        closed = true;
        writable.destroy(error);
      },
    );
    return writable;
  };

  // ---- Duplex ----

  function Duplex(options) {
    if (!(this instanceof Duplex)) return new Duplex(options);
    Readable.call(this, options);
    this._writableState = new WritableState(options, this, true);
    if (options) {
      this.allowHalfOpen = options.allowHalfOpen !== false;
      if (options.readable === false) {
        this._readableState.readable = false;
        this._readableState.ended = true;
        this._readableState.endEmitted = true;
      }
      if (options.writable === false) {
        this._writableState.writable = false;
        this._writableState.ending = true;
        this._writableState.ended = true;
        this._writableState.finished = true;
      }
      if (typeof options.write === 'function') this._write = options.write;
      if (typeof options.writev === 'function') this._writev = options.writev;
      if (typeof options.final === 'function') this._final = options.final;
      if (options.signal) addAbortSignal(options.signal, this);
    } else {
      this.allowHalfOpen = true;
    }
    if (typeof this._construct === 'function') construct(this);
  }
  Object.setPrototypeOf(Duplex.prototype, Readable.prototype);
  Object.setPrototypeOf(Duplex, Readable);
  // Writable's methods, except those Readable already has (pipe, the
  // destroy family and the shared state getters, set below).
  for (const k of Object.getOwnPropertyNames(Writable.prototype)) {
    if (k === 'constructor' || Object.prototype.hasOwnProperty.call(Readable.prototype, k)) continue;
    Object.defineProperty(Duplex.prototype, k, Object.getOwnPropertyDescriptor(Writable.prototype, k));
  }
  Duplex.prototype.destroy = Writable.prototype.destroy;
  Duplex.prototype._undestroy = function () {
    Readable.prototype._undestroy.call(this);
    Writable.prototype._undestroy.call(this);
  };
  Object.defineProperties(Duplex.prototype, {
    destroyed: {
      configurable: true,
      get() {
        return !!(this._readableState && this._writableState) &&
          this._readableState.destroyed && this._writableState.destroyed;
      },
      set(v) {
        if (this._readableState && this._writableState) {
          this._readableState.destroyed = v;
          this._writableState.destroyed = v;
        }
      },
    },
    errored: {
      configurable: true,
      get() { return this._writableState?.errored ?? this._readableState?.errored ?? null; },
    },
    closed: {
      configurable: true,
      get() { return !!(this._readableState?.closed && this._writableState?.closed); },
    },
  });
  Duplex.from = function (body) {
    if (body instanceof Duplex) return body;
    if (body instanceof Readable) return body;
    if (body && (typeof body[asyncIteratorSym] === 'function' || typeof body[Symbol.iterator] === 'function' || typeof body === 'string')) {
      return Readable.from(body);
    }
    if (typeof body === 'function') {
      // A transform function: source async iterable in, async iterable out.
      const pt = new PassThrough({ objectMode: true });
      const out = Readable.from(body(pt));
      return new Duplex({
        objectMode: true,
        write(chunk, enc, cb) {
          if (pt.write(chunk)) cb();
          else pt.once('drain', cb);
        },
        final(cb) {
          pt.end();
          cb();
        },
        read() {
          out.once('readable', () => {
            let c;
            while ((c = out.read()) !== null) this.push(c);
          });
          if (!this._fromWired) {
            this._fromWired = true;
            out.on('end', () => this.push(null));
            out.on('error', (e) => this.destroy(e));
          }
          let c;
          while ((c = out.read()) !== null) this.push(c);
        },
      });
    }
    throw invalidArgType('body', 'a stream, an iterable, an async iterable or a function', body);
  };
  // Duplex.toWeb is { readable, writable }: the Duplex's two sides as
  // WHATWG streams (a side it lacks is a closed or cancelled stream).
  Duplex.toWeb = function toWeb(duplex) {
    if (typeof duplex?._writableState !== 'object' || typeof duplex?._readableState !== 'object') {
      throw invalidArgType('duplex', 'an instance of stream.Duplex', duplex);
    }
    const writable = duplex.writable ? Writable.toWeb(duplex) : new globalThis.WritableStream();
    if (!duplex.writable) writable.close();
    const readable = duplex.readable ? Readable.toWeb(duplex) : new globalThis.ReadableStream();
    if (!duplex.readable) readable.cancel();
    return { writable, readable };
  };

  // Duplex.fromWeb makes a Duplex reading from pair.readable and writing
  // into pair.writable (locking both). Node's adapter, step for step.
  Duplex.fromWeb = function fromWeb(pair, options = undefined) {
    if (pair === null || typeof pair !== 'object') throw invalidArgType('pair', 'of type object', pair);
    const { readable: readableStream, writable: writableStream } = pair;
    if (!(readableStream instanceof globalThis.ReadableStream)) {
      throw invalidArgType('pair.readable', 'an instance of ReadableStream', readableStream);
    }
    if (!(writableStream instanceof globalThis.WritableStream)) {
      throw invalidArgType('pair.writable', 'an instance of WritableStream', writableStream);
    }
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw invalidArgType('options', 'of type object', options);
    }
    const { allowHalfOpen = false, objectMode = false, encoding, decodeStrings = true, highWaterMark, signal } = options ?? {};
    if (typeof objectMode !== 'boolean') throw invalidArgType('options.objectMode', 'of type boolean', objectMode);
    if (encoding !== undefined && !Buffer.isEncoding(encoding)) {
      throw codeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'options.encoding' is invalid encoding. Received ${String(encoding)}`);
    }
    const writer = writableStream.getWriter();
    const reader = readableStream.getReader();
    let writableClosed = false;
    let readableClosed = false;
    const duplex = new Duplex({
      allowHalfOpen,
      highWaterMark,
      objectMode,
      encoding,
      decodeStrings,
      signal,
      ...webWriterMethods(writer, () => duplex, decodeStrings, objectMode),
      final(callback) {
        const done = (error) => {
          try {
            callback(error);
          } catch (err) {
            process.nextTick(() => duplex.destroy(err));
          }
        };
        if (!writableClosed) writer.close().then(done, done);
      },
      read: webReaderRead(reader, () => duplex),
      destroy(error, callback) {
        const done = () => {
          try {
            callback(error);
          } catch (err) {
            process.nextTick(() => {
              throw err;
            });
          }
        };
        const closeWriter = () => (writableClosed ? Promise.resolve() : writer.abort(error));
        const closeReader = () => (readableClosed ? Promise.resolve() : reader.cancel(error));
        Promise.all([closeWriter(), closeReader()]).then(done, done);
      },
    });
    writer.closed.then(
      () => {
        writableClosed = true;
        if (!duplex.writableEnded) duplex.destroy(errPrematureClose());
      },
      (error) => {
        writableClosed = true;
        readableClosed = true;
        duplex.destroy(error);
      },
    );
    reader.closed.then(
      () => {
        readableClosed = true;
      },
      (error) => {
        writableClosed = true;
        readableClosed = true;
        duplex.destroy(error);
      },
    );
    return duplex;
  };

  Object.defineProperty(Duplex, Symbol.hasInstance, {
    value(object) {
      if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
      return this === Duplex && !!object && object[kGoStream] === 'transform';
    },
  });

  // ---- Transform / PassThrough ----

  const kCallback = Symbol('kCallback');

  function Transform(options) {
    if (!(this instanceof Transform)) return new Transform(options);
    const readableHighWaterMark = options ? hwmFrom({ highWaterMark: options.readableHighWaterMark ?? options.highWaterMark }, 'readableHighWaterMark', !!(options.objectMode || options.readableObjectMode)) : null;
    if (readableHighWaterMark === 0) {
      // A zero readable mark would stall the transform; Node does the same.
      options = { ...options, highWaterMark: null, readableHighWaterMark, writableHighWaterMark: options.writableHighWaterMark || 0 };
    }
    Duplex.call(this, options);
    this._readableState.sync = false;
    this[kCallback] = null;
    if (options) {
      if (typeof options.transform === 'function') this._transform = options.transform;
      if (typeof options.flush === 'function') this._flush = options.flush;
    }
    this.on('prefinish', transformPrefinish);
  }
  Object.setPrototypeOf(Transform.prototype, Duplex.prototype);
  Object.setPrototypeOf(Transform, Duplex);
  Object.defineProperty(Transform, Symbol.hasInstance, {
    value(object) {
      if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
      return this === Transform && !!object && object[kGoStream] === 'transform';
    },
  });

  function transformFinal(cb) {
    if (typeof this._flush === 'function' && !this.destroyed) {
      this._flush((er, data) => {
        if (er) {
          if (cb) cb(er);
          else this.destroy(er);
          return;
        }
        if (data != null) this.push(data);
        this.push(null);
        if (cb) cb();
      });
    } else {
      this.push(null);
      if (cb) cb();
    }
  }
  function transformPrefinish() {
    if (this._final !== transformFinal) transformFinal.call(this);
  }
  Transform.prototype._final = transformFinal;

  Transform.prototype._transform = function () {
    throw errNotImplemented('_transform()');
  };

  Transform.prototype._write = function (chunk, encoding, callback) {
    const rState = this._readableState;
    const wState = this._writableState;
    const length = rState.length;
    this._transform(chunk, encoding, (err, val) => {
      if (err) {
        callback(err);
        return;
      }
      if (val != null) this.push(val);
      if (rState.ended) {
        tick(callback);
      } else if (wState.ended || length === rState.length || rState.length < rState.highWaterMark) {
        callback();
      } else {
        this[kCallback] = callback;
      }
    });
  };

  Transform.prototype._read = function () {
    if (this[kCallback]) {
      const callback = this[kCallback];
      this[kCallback] = null;
      callback();
    }
  };

  function PassThrough(options) {
    if (!(this instanceof PassThrough)) return new PassThrough(options);
    Transform.call(this, options);
  }
  Object.setPrototypeOf(PassThrough.prototype, Transform.prototype);
  Object.setPrototypeOf(PassThrough, Transform);
  PassThrough.prototype._transform = function (chunk, encoding, cb) {
    cb(null, chunk);
  };

  // ---- finished (end-of-stream) ----

  function isReadableNodeStream(s) {
    return !!(s && typeof s.pipe === 'function' && typeof s.on === 'function' &&
      (!s._writableState || s._readableState?.readable !== false) &&
      (!s._writableState || s._readableState));
  }
  function isWritableNodeStream(s) {
    return !!(s && typeof s.write === 'function' && typeof s.on === 'function' &&
      (!s._readableState || s._writableState?.writable !== false));
  }
  function isNodeStream(s) {
    return !!(s && (s._readableState || s._writableState ||
      (typeof s.write === 'function' && typeof s.on === 'function') ||
      (typeof s.pipe === 'function' && typeof s.on === 'function')));
  }

  // eos calls callback once stream has ended, finished, errored or closed
  // prematurely; it returns a function that removes its listeners.
  function eos(stream, options, callback) {
    if (typeof options === 'function') {
      callback = options;
      options = {};
    } else if (!options) {
      options = {};
    }
    let called = false;
    const cb = (...args) => {
      if (called) return;
      called = true;
      callback.apply(stream, args);
    };
    const rState = stream._readableState;
    const wState = stream._writableState;
    const readable = options.readable ?? isReadableNodeStream(stream);
    const writable = options.writable ?? isWritableNodeStream(stream);
    let writableFinished = !!(wState?.finished || stream.writableFinished);
    let readableFinished = !!(rState?.endEmitted || stream.readableEnded);
    const onlegacyfinish = () => {
      if (!stream.writable) onfinish();
    };
    const onfinish = () => {
      writableFinished = true;
      if (stream.destroyed) willEmitClose = false;
      if (willEmitClose && (!stream.readable || readable)) return;
      if (!readable || readableFinished) cb.call(stream);
    };
    const onend = () => {
      readableFinished = true;
      if (stream.destroyed) willEmitClose = false;
      if (willEmitClose && (!stream.writable || writable)) return;
      if (!writable || writableFinished) cb.call(stream);
    };
    const onerror = (err) => {
      cb.call(stream, err);
    };
    let closed = !!(wState?.closed || rState?.closed);
    let willEmitClose = !!((wState || rState) && (wState ? wState.autoDestroy && wState.emitClose && !wState.closed : true) &&
      (rState ? rState.autoDestroy && rState.emitClose && !rState.closed : true));
    if (!(wState || rState)) willEmitClose = false;
    const onclose = () => {
      closed = true;
      const errored = wState?.errored || rState?.errored;
      if (errored && typeof errored !== 'boolean') return cb.call(stream, errored);
      if (readable && !readableFinished && isReadableNodeStream(stream)) {
        if (!(rState ? rState.endEmitted : stream.readableEnded)) return cb.call(stream, errPrematureClose());
      }
      if (writable && !writableFinished) {
        if (!(wState ? wState.finished : stream.writableFinished)) return cb.call(stream, errPrematureClose());
      }
      cb.call(stream);
    };
    const onrequest = () => stream.req.on('finish', onfinish);
    if (stream.setHeader && typeof stream.abort === 'function') {
      stream.on('complete', onfinish);
      if (!willEmitClose) stream.on('abort', onclose);
      if (stream.req) onrequest();
      else stream.on('request', onrequest);
    } else if (writable && !wState) {
      stream.on('end', onlegacyfinish);
      stream.on('close', onlegacyfinish);
    }
    stream.on('end', onend);
    stream.on('finish', onfinish);
    if (options.error !== false) stream.on('error', onerror);
    stream.on('close', onclose);
    if (closed) {
      tick(onclose);
    } else if (wState?.errorEmitted || rState?.errorEmitted) {
      if (!willEmitClose) tick(onclose);
    } else if (!readable && (!willEmitClose || stream.readable) && writableFinished) {
      tick(onclose);
    } else if (!writable && (!willEmitClose || stream.writable) && readableFinished) {
      tick(onclose);
    } else if (rState && stream.req && stream.aborted) {
      tick(onclose);
    }
    const cleanup = () => {
      callback = nop;
      stream.removeListener('aborted', onclose);
      stream.removeListener('complete', onfinish);
      stream.removeListener('abort', onclose);
      stream.removeListener('request', onrequest);
      if (stream.req) stream.req.removeListener('finish', onfinish);
      stream.removeListener('end', onlegacyfinish);
      stream.removeListener('close', onlegacyfinish);
      stream.removeListener('finish', onfinish);
      stream.removeListener('end', onend);
      stream.removeListener('error', onerror);
      stream.removeListener('close', onclose);
    };
    if (options.signal && !closed) {
      const abort = () => {
        const endCallback = callback;
        cleanup();
        endCallback.call(stream, new AbortError(undefined, { cause: options.signal.reason }));
      };
      if (options.signal.aborted) tick(abort);
      else {
        options.signal.addEventListener('abort', abort, { once: true });
        const orig = callback;
        callback = function (...args) {
          options.signal.removeEventListener('abort', abort);
          orig.apply(stream, args);
        };
      }
    }
    return cleanup;
  }

  function finished(stream, options, callback) {
    if (typeof options === 'function') {
      callback = options;
      options = {};
    }
    if (typeof callback !== 'function') throw invalidArgType('callback', 'of type function', callback);
    const web = webStreamHooks(stream);
    if (web) return eosWeb(stream, web, options ?? {}, callback);
    if (!isNodeStream(stream)) throw invalidArgType('stream', 'an instance of ReadableStream, WritableStream, or Stream', stream);
    return eos(stream, options, callback);
  }

  // webStreamHooks gives a WHATWG ReadableStream's or WritableStream's
  // state ({kind, state(), disturbed(), onSettled(cb)}, from the runtime's
  // streams), or undefined for anything else: Node's finished, isErrored,
  // isReadable, isWritable and isDisturbed take web streams too.
  function webStreamHooks(s) {
    if (s === null || typeof s !== 'object' || !lib.web) return undefined;
    return lib.web.readableStreamHooks?.(s) ?? lib.web.writableStreamHooks?.(s);
  }

  // eosWeb is finished for a web stream, as Node's: the callback runs a
  // tick after the stream closes (no argument) or errors (its error).
  function eosWeb(stream, web, options, callback) {
    let aborted = false;
    if (options.signal) {
      const signal = options.signal;
      const abort = () => {
        aborted = true;
        callback.call(stream, new AbortError(undefined, { cause: signal.reason }));
      };
      if (signal.aborted) tick(abort);
      else {
        signal.addEventListener('abort', abort, { once: true });
        const orig = callback;
        callback = (...args) => {
          signal.removeEventListener('abort', abort);
          orig.apply(stream, args);
        };
      }
    }
    web.onSettled((err) => {
      // Node settles a promise and then queues a tick.
      Promise.resolve().then(() => {
        if (!aborted) tick(() => callback.call(stream, err));
      });
    });
    return nop;
  }

  // ---- pipeline ----

  function isIterable(obj) {
    return obj != null && (typeof obj[asyncIteratorSym] === 'function' || typeof obj[Symbol.iterator] === 'function');
  }

  // asIterable adapts a stage's output for the next function stage.
  function asIterable(val) {
    if (val && typeof val[asyncIteratorSym] === 'function') return val;
    if (isReadableNodeStream(val)) return Readable.prototype[asyncIteratorSym].call(val);
    return val;
  }

  function pipelineImpl(streams, callback, opts) {
    if (streams.length === 1 && Array.isArray(streams[0])) streams = streams[0];
    if (streams.length < 2) throw codeError(TypeError, 'ERR_MISSING_ARGS', 'The "streams" argument must be specified');
    const signal = opts?.signal;
    const end = opts?.end !== false;
    const destroys = [];
    let error;
    let finishCount = 0;
    let value;
    let done = false;
    const finish = (err, final) => {
      if (err && (!error || error.code === 'ERR_STREAM_PREMATURE_CLOSE')) error = err;
      if (!error && !final) return;
      while (destroys.length) destroys.shift()(error);
      if (signal) signal.removeEventListener('abort', abort);
      if (final && !done) {
        done = true;
        tick(callback, error, value);
      }
    };
    const finishImpl = (err, final) => finish(err, final);
    const abort = () => finish(new AbortError(undefined, { cause: signal.reason }));
    if (signal) {
      if (signal.aborted) tick(abort);
      else signal.addEventListener('abort', abort);
    }
    let ret;
    for (let i = 0; i < streams.length; i++) {
      const stream = streams[i];
      const reading = i < streams.length - 1;
      const writing = i > 0;
      if (isNodeStream(stream) && !isStdio(stream)) {
        const onError = (err) => {
          if (err && err.name !== 'AbortError' && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') finish(err);
        };
        stream.on('error', onError);
        destroys.push(() => stream.removeListener('error', onError));
        destroys.push(destroyer(stream, reading, writing, (err) => {
          finishCount--;
          finishImpl(err, finishCount === 0);
        }));
        finishCount++;
      }
      if (i === 0) {
        if (typeof stream === 'function') {
          ret = stream({ signal });
          if (!isIterable(ret)) throw codeError(TypeError, 'ERR_INVALID_RETURN_VALUE', 'Expected an Iterable, AsyncIterable or Stream to be returned from the "source" function.');
        } else if (isIterable(stream) || isNodeStream(stream)) {
          ret = stream;
        } else {
          throw invalidArgType('source', 'a Stream, an Iterable or an AsyncIterable', stream);
        }
      } else if (typeof stream === 'function') {
        ret = stream(asIterable(ret), { signal });
        if (reading) {
          if (!isIterable(ret) && !isNodeStream(ret)) throw codeError(TypeError, 'ERR_INVALID_RETURN_VALUE', 'Expected an AsyncIterable to be returned from the "transform" function.');
        } else {
          // The last stage is a consumer: its promise settles the pipeline.
          const pt = new PassThrough({ objectMode: true });
          const then = ret && ret.then;
          if (typeof then === 'function') {
            finishCount++;
            then.call(ret, (val) => {
              value = val;
              if (val != null) pt.write(val);
              if (end) pt.end();
              finishCount--;
              finishImpl(undefined, finishCount === 0);
            }, (err) => {
              pt.destroy(err);
              finishCount--;
              finishImpl(err, finishCount === 0);
            });
          } else if (isIterable(ret)) {
            finishCount++;
            pumpToNode(ret, pt, (err) => {
              finishCount--;
              finishImpl(err, finishCount === 0);
            }, { end });
          } else {
            throw codeError(TypeError, 'ERR_INVALID_RETURN_VALUE', 'Expected an AsyncIterable or Promise to be returned from the "destination" function.');
          }
          ret = pt;
          destroys.push(destroyer(ret, false, true, () => {}));
        }
      } else if (isNodeStream(stream)) {
        if (isReadableNodeStream(ret)) {
          finishCount += 2;
          const cleanup = pipe(ret, stream, (err) => {
            finishCount--;
            finishImpl(err, finishCount === 0);
          }, { end });
          if (reading) destroys.push(cleanup);
        } else if (isIterable(ret)) {
          finishCount++;
          pumpToNode(ret, stream, (err) => {
            finishCount--;
            finishImpl(err, finishCount === 0);
          }, { end });
        } else {
          throw invalidArgType('val', 'Readable, Iterable, or AsyncIterable', ret);
        }
        ret = stream;
      } else {
        throw invalidArgType('streams[' + i + ']', 'a Stream, a function or an iterable', stream);
      }
    }
    if (signal?.aborted) tick(abort);
    return ret;
  }

  function isStdio(s) {
    const p = globalThis.process;
    return !!p && (s === p.stdout || s === p.stderr);
  }

  // pipe wires src to dst for pipeline: 'end' ends dst unless end is false;
  // an error on src destroys dst.
  function pipe(src, dst, finish, { end }) {
    if (isStdio(dst)) {
      // pigo's process.stdout / stderr are never ended or finished (as in
      // Node, where ending them is a no-op): the pipe is done when the
      // source is.
      src.pipe(dst, { end: false });
      eos(src, { readable: true, writable: false }, finish);
      finish();
      return nop;
    }
    let ended = false;
    dst.on('close', () => {
      if (!ended) finish(errPrematureClose());
    });
    src.pipe(dst, { end: false });
    if (end) {
      const endFn = () => {
        ended = true;
        dst.end();
      };
      if (src._readableState?.endEmitted || src.readableEnded) tick(endFn);
      else src.once('end', endFn);
      eos(src, { readable: true, writable: false }, (err) => {
        const rState = src._readableState;
        if (err && err.code === 'ERR_STREAM_PREMATURE_CLOSE' && rState && rState.ended && !rState.errored && !rState.errorEmitted) {
          src.once('end', endFn).once('error', finish);
        } else {
          finish(err);
        }
      });
    } else {
      finish();
    }
    return eos(dst, { readable: false, writable: true }, finish);
  }

  // pumpToNode writes an (async) iterable into a writable, honouring drain.
  async function pumpToNodeAsync(iterable, writable, finish, { end }) {
    let error;
    const it = iterable[asyncIteratorSym] ? iterable[asyncIteratorSym]() : iterable[Symbol.iterator]();
    let onresolve = null;
    const resume = (err) => {
      if (err) error = err;
      const cb = onresolve;
      onresolve = null;
      if (cb) cb();
    };
    const wait = () => new Promise((resolve, reject) => {
      if (error) reject(error);
      else onresolve = () => (error ? reject(error) : resolve());
    });
    writable.on('drain', resume);
    const cleanup = eos(writable, { readable: false }, resume);
    try {
      if (writable.writableNeedDrain) await wait();
      for (;;) {
        const r = await it.next();
        if (r.done) break;
        const chunk = await r.value;
        if (!writable.write(chunk)) await wait();
      }
      if (end) {
        writable.end();
        await wait();
      }
      finish();
    } catch (err) {
      finish(error !== err ? err : error);
    } finally {
      cleanup();
      writable.off('drain', resume);
    }
  }
  function pumpToNode(iterable, writable, finish, opts) {
    pumpToNodeAsync(iterable, writable, finish, opts);
  }

  // destroyer watches one pipeline stream and returns the function that
  // destroys it when the pipeline fails.
  function destroyer(stream, reading, writing, callback) {
    let finishedFlag = false;
    eos(stream, { readable: reading, writable: writing }, (err) => {
      finishedFlag = !err;
      callback(err);
    });
    return (err) => {
      if (finishedFlag) return;
      finishedFlag = true;
      if (typeof stream.destroy === 'function') stream.destroy(err);
      else if (typeof stream.close === 'function') stream.close();
    };
  }

  function pipeline(...streams) {
    const callback = typeof streams[streams.length - 1] === 'function' ? streams.pop() : null;
    if (!callback) throw codeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "streams[stream.length - 1]" argument must be of type function.');
    return pipelineImpl(streams, callback);
  }

  // ---- misc ----

  function addAbortSignal(signal, stream) {
    if (!signal || typeof signal !== 'object' || !('aborted' in signal)) throw invalidArgType('signal', 'an instance of AbortSignal', signal);
    const onAbort = () => stream.destroy(new AbortError(undefined, { cause: signal.reason }));
    if (signal.aborted) onAbort();
    else {
      signal.addEventListener('abort', onAbort, { once: true });
      eos(stream, () => signal.removeEventListener('abort', onAbort));
    }
    return stream;
  }

  function compose(...streams) {
    if (streams.length === 1) return Duplex.from(streams[0]);
    throw new Error('not supported yet: node:stream.compose');
  }

  const promises = {
    pipeline(...streams) {
      let opts;
      const last = streams[streams.length - 1];
      if (last && typeof last === 'object' && !isNodeStream(last) && !isIterable(last)) opts = streams.pop();
      return new Promise((resolve, reject) => {
        pipelineImpl(streams, (err, value) => (err ? reject(err) : resolve(value)), opts);
      });
    },
    finished(stream, opts) {
      return new Promise((resolve, reject) => {
        finished(stream, opts ?? {}, (err) => (err ? reject(err) : resolve()));
      });
    },
  };

  // stream/consumers: read a whole stream (or any async iterable).
  async function consume(stream) {
    const chunks = [];
    const it = stream[asyncIteratorSym]();
    for (;;) {
      const { value, done } = await it.next();
      if (done) return chunks;
      chunks.push(typeof value === 'string' ? Buffer.from(value) : value);
    }
  }
  const consumers = {
    async buffer(stream) {
      return Buffer.concat(await consume(stream));
    },
    async arrayBuffer(stream) {
      const b = Buffer.concat(await consume(stream));
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
    },
    async text(stream) {
      const { StringDecoder } = require('string_decoder');
      const dec = new StringDecoder('utf8');
      let s = '';
      for (const c of await consume(stream)) s += dec.write(c);
      return s + dec.end();
    },
    async json(stream) {
      return JSON.parse(await consumers.text(stream));
    },
    async blob(stream) {
      if (typeof Blob !== 'function') throw new Error('not supported yet: node:stream/consumers.blob');
      return new Blob(await consume(stream));
    },
  };

  Stream.Stream = Stream;
  Stream.Readable = Readable;
  Stream.Writable = Writable;
  Stream.Duplex = Duplex;
  Stream.Transform = Transform;
  Stream.PassThrough = PassThrough;
  Stream.pipeline = pipeline;
  Stream.finished = finished;
  Stream.addAbortSignal = addAbortSignal;
  Stream.compose = compose;
  Stream.promises = promises;
  Object.defineProperty(Stream, '_consumers', { value: consumers });
  Stream.getDefaultHighWaterMark = getDefaultHighWaterMark;
  Stream.setDefaultHighWaterMark = setDefaultHighWaterMark;
  Stream.isReadable = (s) => {
    const web = webStreamHooks(s);
    if (web) return web.kind === 'readable' ? web.state() === 'readable' : null;
    return s && s._readableState ? !!s.readable : null;
  };
  Stream.isWritable = (s) => {
    const web = webStreamHooks(s);
    if (web) return web.kind === 'writable' ? web.state() === 'writable' : null;
    return s && s._writableState ? !!s.writable : null;
  };
  Stream.isErrored = (s) => {
    const web = webStreamHooks(s);
    if (web) return web.state() === 'errored';
    return !!(s && (s._readableState?.errored || s._writableState?.errored));
  };
  Stream.isDisturbed = (s) => {
    const web = webStreamHooks(s);
    if (web) return web.disturbed();
    return !!(s && s._readableState && (s._readableState.dataEmitted || s._readableState.destroyed));
  };
  Stream.duplexPair = function (options) {
    const a = new Duplex({ ...options, read() {}, write(c, e, cb) { b.push(c); cb(); }, final(cb) { b.push(null); cb(); } });
    const b = new Duplex({ ...options, read() {}, write(c, e, cb) { a.push(c); cb(); }, final(cb) { a.push(null); cb(); } });
    return [a, b];
  };
  Stream._isUint8Array = (v) => v instanceof Uint8Array;
  Stream._uint8ArrayToBuffer = (c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength);
  Object.defineProperty(pipeline, Symbol.for('nodejs.util.promisify.custom'), { value: promises.pipeline });
  Object.defineProperty(finished, Symbol.for('nodejs.util.promisify.custom'), { value: promises.finished });

  module.exports = Stream;
})
