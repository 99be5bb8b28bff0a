// WHATWG WritableStream, TransformStream and the streams built on them
// (TextEncoderStream, TextDecoderStream, CompressionStream,
// DecompressionStream), plus the queuing strategies. ReadableStream comes
// from the runtime's fetch module (jsapi/node/fetch_stream.js) and is looked
// up when a stream is made, since it is installed after these globals.
(function (internal) {
  'use strict';

  const ReadableStreamOf = () => {
    const RS = globalThis.ReadableStream;
    if (typeof RS !== 'function') throw new TypeError('not supported: ReadableStream is not available in this runtime');
    return RS;
  };
  const kState = Symbol('kState');
  const noop = () => {};

  function deferred() {
    let resolve, reject;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }
  // handled marks a deferred whose rejection nobody may observe.
  const handled = (d) => {
    d.promise.catch(noop);
    return d;
  };

  // ---- queuing strategies ----
  class CountQueuingStrategy {
    #hwm;
    constructor(init) {
      if (init === null || typeof init !== 'object' || !('highWaterMark' in init)) {
        throw new TypeError('The "init.highWaterMark" property must be of type number');
      }
      this.#hwm = Number(init.highWaterMark);
    }
    get highWaterMark() {
      return this.#hwm;
    }
    get size() {
      return function size() {
        return 1;
      };
    }
  }
  class ByteLengthQueuingStrategy {
    #hwm;
    constructor(init) {
      if (init === null || typeof init !== 'object' || !('highWaterMark' in init)) {
        throw new TypeError('The "init.highWaterMark" property must be of type number');
      }
      this.#hwm = Number(init.highWaterMark);
    }
    get highWaterMark() {
      return this.#hwm;
    }
    get size() {
      return function size(chunk) {
        return chunk.byteLength;
      };
    }
  }

  // ---- WritableStream ----
  class WritableStreamDefaultController {
    constructor() {
      throw new TypeError('Illegal constructor');
    }
    get signal() {
      return this[kState].abortController.signal;
    }
    error(e = undefined) {
      const s = this[kState];
      if (s.state !== 'writable') return;
      startErroring(s, e);
    }
  }

  function chunkSize(s, chunk) {
    if (typeof s.size !== 'function') return 1;
    return Number(s.size(chunk));
  }

  function desiredSize(s) {
    if (s.state === 'errored' || s.state === 'erroring') return null;
    if (s.state === 'closed') return 0;
    return s.highWaterMark - s.queueTotal;
  }

  function updateBackpressure(s) {
    const w = s.writer;
    if (!w || s.state !== 'writable' || s.closeRequested) return;
    const bp = desiredSize(s) <= 0;
    if (bp && !w.backpressure) w.ready = handled(deferred());
    else if (!bp && w.backpressure) w.ready.resolve();
    w.backpressure = bp;
  }

  function startErroring(s, reason) {
    s.state = 'erroring';
    s.storedError = reason;
    const w = s.writer;
    if (w) {
      if (!w.backpressure) w.ready = handled(deferred());
      w.ready.reject(reason);
      w.backpressure = false;
    }
    if (!s.inFlight && s.started) finishErroring(s);
  }

  // notifySettled tells the observers of internal.writableStreamHooks'
  // onSettled (node:stream's finished) that the stream closed or errored
  // (with e), when a writer's closed promise would settle.
  function notifySettled(s, e) {
    const observers = s.settledObservers;
    if (!observers) return;
    s.settledObservers = null;
    for (const cb of observers) cb(e);
  }

  function finishErroring(s) {
    s.state = 'errored';
    s.abortController.abort(s.storedError);
    for (const q of s.queue.splice(0)) q.done.reject(s.storedError);
    s.queueTotal = 0;
    const abort = s.pendingAbort;
    s.pendingAbort = null;
    const rejectClose = () => {
      if (s.closeRequest) s.closeRequest.reject(s.storedError);
      s.closeRequest = null;
      if (s.writer) s.writer.closed.reject(s.storedError);
      notifySettled(s, s.storedError);
    };
    if (!abort) {
      rejectClose();
      return;
    }
    if (abort.wasAlreadyErroring) {
      abort.done.reject(s.storedError);
      rejectClose();
      return;
    }
    let p;
    try {
      p = Promise.resolve(s.sink.abort ? s.sink.abort.call(s.sink, abort.reason) : undefined);
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(() => {
      abort.done.resolve();
      rejectClose();
    }, (e) => {
      abort.done.reject(e);
      rejectClose();
    });
  }

  function advance(s) {
    if (!s.started || s.inFlight) return;
    if (s.state === 'erroring') {
      finishErroring(s);
      return;
    }
    if (s.state !== 'writable') return;
    if (s.queue.length === 0) {
      if (s.closeRequest && !s.closing) doClose(s);
      return;
    }
    const q = s.queue[0];
    s.inFlight = true;
    let p;
    try {
      p = Promise.resolve(s.sink.write ? s.sink.write.call(s.sink, q.chunk, s.controller) : undefined);
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(() => {
      s.inFlight = false;
      s.queue.shift();
      s.queueTotal -= q.size;
      q.done.resolve();
      updateBackpressure(s);
      advance(s);
    }, (e) => {
      s.inFlight = false;
      s.queue.shift();
      q.done.reject(e);
      if (s.state === 'writable') startErroring(s, e);
      else if (s.state === 'erroring') finishErroring(s);
    });
  }

  function doClose(s) {
    s.closing = true;
    s.inFlight = true;
    let p;
    try {
      p = Promise.resolve(s.sink.close ? s.sink.close.call(s.sink) : undefined);
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(() => {
      s.inFlight = false;
      if (s.state === 'erroring') {
        // An abort that raced the close loses: the close succeeded.
        if (s.pendingAbort) s.pendingAbort.done.resolve();
        s.pendingAbort = null;
      }
      s.state = 'closed';
      s.closeRequest.resolve();
      if (s.writer) s.writer.closed.resolve();
      notifySettled(s);
    }, (e) => {
      s.inFlight = false;
      s.closeRequest.reject(e);
      s.closeRequest = null;
      if (s.pendingAbort) s.pendingAbort.done.reject(e);
      s.pendingAbort = null;
      s.state = 'errored';
      s.storedError = e;
      if (s.writer) s.writer.closed.reject(e);
      notifySettled(s, e);
    });
  }

  function abortStream(s, reason) {
    if (s.state === 'closed' || s.state === 'errored') return Promise.resolve();
    s.abortController.abort(reason);
    if (s.state === 'closed' || s.state === 'errored') return Promise.resolve();
    if (s.pendingAbort) return s.pendingAbort.done.promise;
    const wasAlreadyErroring = s.state === 'erroring';
    const done = deferred();
    s.pendingAbort = { done, reason: wasAlreadyErroring ? undefined : reason, wasAlreadyErroring };
    if (!wasAlreadyErroring) startErroring(s, reason);
    return done.promise;
  }

  function closeStream(s) {
    if (s.state === 'closed' || s.state === 'errored') {
      return Promise.reject(new TypeError('Invalid state: WritableStream is closed'));
    }
    if (s.closeRequest) return Promise.reject(new TypeError('Invalid state: WritableStream is closing'));
    s.closeRequest = deferred();
    const w = s.writer;
    if (w && w.backpressure && s.state === 'writable') {
      w.ready.resolve();
      w.backpressure = false;
    }
    advance(s);
    return s.closeRequest.promise;
  }

  class WritableStream {
    constructor(sink = undefined, strategy = undefined) {
      const underlying = sink ?? {};
      if (typeof underlying !== 'object') throw new TypeError('The "underlyingSink" argument must be an object');
      if (underlying.type !== undefined) throw new RangeError('Invalid type is specified');
      const hwm = strategy?.highWaterMark === undefined ? 1 : Number(strategy.highWaterMark);
      if (Number.isNaN(hwm) || hwm < 0) throw new RangeError('Invalid highWaterMark');
      const s = {
        state: 'writable',
        sink: underlying,
        size: strategy?.size,
        highWaterMark: hwm,
        queue: [],
        queueTotal: 0,
        inFlight: false,
        started: false,
        closing: false,
        closeRequest: null,
        pendingAbort: null,
        storedError: undefined,
        writer: null,
        abortController: new internal.AbortController(),
      };
      this[kState] = s;
      const controller = Object.create(WritableStreamDefaultController.prototype);
      controller[kState] = s;
      s.controller = controller;
      let started;
      try {
        started = underlying.start ? underlying.start.call(underlying, controller) : undefined;
      } catch (e) {
        throw e;
      }
      Promise.resolve(started).then(() => {
        s.started = true;
        advance(s);
      }, (e) => {
        s.started = true;
        if (s.state === 'writable') startErroring(s, e);
        else if (s.state === 'erroring') finishErroring(s);
      });
    }
    get locked() {
      return this[kState].writer !== null;
    }
    getWriter() {
      return new WritableStreamDefaultWriter(this);
    }
    abort(reason = undefined) {
      if (this.locked) return Promise.reject(new TypeError('Invalid state: WritableStream is locked'));
      return abortStream(this[kState], reason);
    }
    close() {
      if (this.locked) return Promise.reject(new TypeError('Invalid state: WritableStream is locked'));
      return closeStream(this[kState]);
    }
  }
  Object.defineProperty(WritableStream.prototype, Symbol.toStringTag, { value: 'WritableStream', configurable: true });
  // node:stream's utilities take WHATWG streams too, as Node's do
  // (finished, isErrored, isWritable): what they need to know of one
  // without locking it, or undefined for anything else.
  internal.writableStreamHooks = (stream) => {
    if (!(stream instanceof WritableStream)) return undefined;
    const s = stream[kState];
    return {
      kind: 'writable',
      state: () => s.state,
      disturbed: () => false,
      onSettled: (cb) => {
        if (s.state === 'closed') cb();
        else if (s.state === 'errored') cb(s.storedError);
        else (s.settledObservers ??= []).push(cb);
      },
    };
  };

  class WritableStreamDefaultWriter {
    constructor(stream) {
      if (!(stream instanceof WritableStream)) throw new TypeError('The "stream" argument must be an instance of WritableStream');
      const s = stream[kState];
      if (s.writer !== null) throw new TypeError('Invalid state: WritableStream is locked');
      const w = { stream: s, ready: handled(deferred()), closed: handled(deferred()), backpressure: false };
      this[kState] = w;
      s.writer = w;
      w.self = this;
      if (s.state === 'writable') {
        if (!s.closeRequest && desiredSize(s) <= 0) w.backpressure = true;
        else w.ready.resolve();
      } else if (s.state === 'erroring') {
        w.ready.reject(s.storedError);
      } else if (s.state === 'closed') {
        w.ready.resolve();
        w.closed.resolve();
      } else {
        w.ready.reject(s.storedError);
        w.closed.reject(s.storedError);
      }
    }
    get closed() {
      return this[kState].closed.promise;
    }
    get ready() {
      return this[kState].ready.promise;
    }
    get desiredSize() {
      const s = this[kState].stream;
      if (s === null) throw new TypeError('Invalid state: Writer is not bound to a WritableStream');
      return desiredSize(s);
    }
    write(chunk = undefined) {
      const s = this[kState].stream;
      if (s === null) return Promise.reject(new TypeError('Invalid state: Writer is not bound to a WritableStream'));
      if (s.state === 'errored' || s.state === 'erroring') return Promise.reject(s.storedError);
      if (s.closeRequest || s.state === 'closed') return Promise.reject(new TypeError('Invalid state: WritableStream is closed'));
      let size;
      try {
        size = chunkSize(s, chunk);
      } catch (e) {
        startErroring(s, e);
        return Promise.reject(e);
      }
      const done = deferred();
      s.queue.push({ chunk, size, done });
      s.queueTotal += size;
      updateBackpressure(s);
      advance(s);
      return done.promise;
    }
    close() {
      const s = this[kState].stream;
      if (s === null) return Promise.reject(new TypeError('Invalid state: Writer is not bound to a WritableStream'));
      return closeStream(s);
    }
    abort(reason = undefined) {
      const s = this[kState].stream;
      if (s === null) return Promise.reject(new TypeError('Invalid state: Writer is not bound to a WritableStream'));
      return abortStream(s, reason);
    }
    releaseLock() {
      const w = this[kState];
      const s = w.stream;
      if (s === null) return;
      const err = new TypeError('Invalid state: Writer has been released');
      if (w.backpressure || s.state === 'writable') {
        w.ready = handled(deferred());
        w.ready.reject(err);
      }
      w.closed = handled(deferred());
      w.closed.reject(err);
      s.writer = null;
      w.stream = null;
    }
  }
  Object.defineProperty(WritableStreamDefaultWriter.prototype, Symbol.toStringTag, { value: 'WritableStreamDefaultWriter', configurable: true });

  // ---- TransformStream ----
  class TransformStreamDefaultController {
    constructor() {
      throw new TypeError('Illegal constructor');
    }
    get desiredSize() {
      return this[kState].readableController.desiredSize;
    }
    enqueue(chunk = undefined) {
      const t = this[kState];
      try {
        t.readableController.enqueue(chunk);
      } catch (e) {
        errorWritable(t, e);
        throw t.readableError ?? e;
      }
      const bp = !(t.readableController.desiredSize > 0);
      if (bp !== t.backpressure) setBackpressure(t, bp);
    }
    error(reason = undefined) {
      errorBoth(this[kState], reason);
    }
    terminate() {
      const t = this[kState];
      try {
        t.readableController.close();
      } catch {
        // already closed or errored
      }
      errorWritable(t, new TypeError('Invalid state: TransformStream has been terminated'));
    }
  }

  function setBackpressure(t, bp) {
    if (t.backpressureChange) t.backpressureChange.resolve();
    t.backpressureChange = deferred();
    t.backpressure = bp;
  }

  function errorWritable(t, e) {
    const ws = t.writable[kState];
    if (ws.state === 'writable') startErroring(ws, e);
    if (t.backpressure) setBackpressure(t, false);
  }

  function errorBoth(t, e) {
    t.readableError = e;
    try {
      t.readableController.error(e);
    } catch {
      // already errored
    }
    errorWritable(t, e);
  }

  class TransformStream {
    constructor(transformer = undefined, writableStrategy = undefined, readableStrategy = undefined) {
      const tr = transformer ?? {};
      if (tr.readableType !== undefined) throw new RangeError('Invalid readableType');
      if (tr.writableType !== undefined) throw new RangeError('Invalid writableType');
      const RS = ReadableStreamOf();
      const t = { backpressure: undefined, backpressureChange: null, readableController: null, readableError: undefined };
      const started = deferred();
      const controller = Object.create(TransformStreamDefaultController.prototype);
      controller[kState] = t;
      const transform = async (chunk) => {
        if (tr.transform) await tr.transform.call(tr, chunk, controller);
        else controller.enqueue(chunk);
      };
      t.writable = new WritableStream({
        start: () => started.promise,
        write: async (chunk) => {
          if (t.backpressure) {
            await t.backpressureChange.promise;
            const ws = t.writable[kState];
            if (ws.state === 'erroring') throw ws.storedError;
          }
          try {
            await transform(chunk);
          } catch (e) {
            errorBoth(t, e);
            throw e;
          }
        },
        close: async () => {
          try {
            if (tr.flush) await tr.flush.call(tr, controller);
          } catch (e) {
            errorBoth(t, e);
            throw e;
          }
          if (t.readableError !== undefined) throw t.readableError;
          try {
            t.readableController.close();
          } catch {
            // terminated already
          }
        },
        abort: async (reason) => {
          if (tr.cancel) await tr.cancel.call(tr, reason);
          errorBoth(t, reason);
        },
      }, writableStrategy ?? { highWaterMark: 1 });
      t.readable = new RS({
        start: (c) => {
          t.readableController = c;
          return started.promise;
        },
        pull: () => {
          setBackpressure(t, false);
          return t.backpressureChange.promise;
        },
        cancel: async (reason) => {
          if (tr.cancel) await tr.cancel.call(tr, reason);
          errorWritable(t, reason ?? new TypeError('TransformStream readable side canceled'));
        },
      }, readableStrategy ?? { highWaterMark: 0 });
      setBackpressure(t, true);
      let r;
      try {
        r = tr.start ? tr.start.call(tr, controller) : undefined;
      } catch (e) {
        started.reject(e);
        throw e;
      }
      Promise.resolve(r).then(started.resolve, started.reject);
      this[kState] = t;
    }
    get readable() {
      return this[kState].readable;
    }
    get writable() {
      return this[kState].writable;
    }
  }
  Object.defineProperty(TransformStream.prototype, Symbol.toStringTag, { value: 'TransformStream', configurable: true });

  // Streams made of one TransformStream: readable/writable getters only.
  function transformPair(name, transformer, readableStrategy = undefined) {
    const ts = new TransformStream(transformer, undefined, readableStrategy);
    return { readable: ts.readable, writable: ts.writable };
  }

  class TextEncoderStream {
    #pair;
    constructor() {
      const encoder = new internal.TextEncoder();
      let pending = ''; // a high surrogate waiting for its pair
      this.#pair = transformPair('TextEncoderStream', {
        transform(chunk, c) {
          let s = pending + `${chunk}`;
          pending = '';
          const last = s.charCodeAt(s.length - 1);
          if (last >= 0xd800 && last <= 0xdbff) {
            pending = s.slice(-1);
            s = s.slice(0, -1);
          }
          if (s !== '') c.enqueue(encoder.encode(s));
        },
        flush(c) {
          if (pending !== '') c.enqueue(new Uint8Array([0xef, 0xbf, 0xbd]));
        },
      });
    }
    get encoding() {
      return 'utf-8';
    }
    get readable() {
      return this.#pair.readable;
    }
    get writable() {
      return this.#pair.writable;
    }
  }
  Object.defineProperty(TextEncoderStream.prototype, Symbol.toStringTag, { value: 'TextEncoderStream', configurable: true });

  class TextDecoderStream {
    #pair;
    #decoder;
    constructor(label = 'utf-8', options = undefined) {
      const decoder = new internal.TextDecoder(label, options);
      this.#decoder = decoder;
      this.#pair = transformPair('TextDecoderStream', {
        transform(chunk, c) {
          const s = decoder.decode(chunk, { stream: true });
          if (s !== '') c.enqueue(s);
        },
        flush(c) {
          const s = decoder.decode();
          if (s !== '') c.enqueue(s);
        },
      });
    }
    get encoding() {
      return this.#decoder.encoding;
    }
    get fatal() {
      return this.#decoder.fatal;
    }
    get ignoreBOM() {
      return this.#decoder.ignoreBOM;
    }
    get readable() {
      return this.#pair.readable;
    }
    get writable() {
      return this.#pair.writable;
    }
  }
  Object.defineProperty(TextDecoderStream.prototype, Symbol.toStringTag, { value: 'TextDecoderStream', configurable: true });

  function bufferSource(chunk) {
    if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
    if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    throw new TypeError('The "chunk" argument must be of type ArrayBuffer or ArrayBufferView');
  }

  function codecStream(make) {
    let codec;
    return {
      start() {
        codec = make();
      },
      // Like Node's, a bad chunk errors the readable side; the write
      // itself succeeds.
      transform(chunk, c) {
        try {
          const out = new Uint8Array(codec.write(bufferSource(chunk)));
          if (out.length > 0) c.enqueue(out);
        } catch (e) {
          c.error(e);
        }
      },
      flush(c) {
        const out = new Uint8Array(codec.finish());
        if (out.length > 0) c.enqueue(out);
      },
    };
  }

  class CompressionStream {
    #pair;
    constructor(format) {
      const f = `${format}`;
      internal.newCompressor(f); // validates the format now, as Node does
      // Node's (de)compression streams sit on a buffering zlib stream, so
      // writes complete before anyone reads; a readable-side buffer does
      // the same here.
      this.#pair = transformPair('CompressionStream', codecStream(() => internal.newCompressor(f)), { highWaterMark: 16 });
    }
    get readable() {
      return this.#pair.readable;
    }
    get writable() {
      return this.#pair.writable;
    }
  }
  Object.defineProperty(CompressionStream.prototype, Symbol.toStringTag, { value: 'CompressionStream', configurable: true });

  class DecompressionStream {
    #pair;
    constructor(format) {
      const f = `${format}`;
      internal.newDecompressor(f);
      this.#pair = transformPair('DecompressionStream', codecStream(() => internal.newDecompressor(f)), { highWaterMark: 16 });
    }
    get readable() {
      return this.#pair.readable;
    }
    get writable() {
      return this.#pair.writable;
    }
  }
  Object.defineProperty(DecompressionStream.prototype, Symbol.toStringTag, { value: 'DecompressionStream', configurable: true });

  return {
    CountQueuingStrategy,
    ByteLengthQueuingStrategy,
    WritableStream,
    WritableStreamDefaultWriter,
    WritableStreamDefaultController,
    TransformStream,
    TransformStreamDefaultController,
    TextEncoderStream,
    TextDecoderStream,
    CompressionStream,
    DecompressionStream,
  };
});
