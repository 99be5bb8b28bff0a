// The minimal WHATWG ReadableStream that fetch bodies are (pigo/fetch):
// default readers, async iteration, tee, cancel, pipeTo/pipeThrough (into
// the webapi WritableStream or any writer-shaped stream) and
// ReadableStream.from, with queuing strategies (highWaterMark, size); no
// byte streams (BYOB readers).
// Evaluates to a function returning the classes plus errorStream(stream,
// reason) and isDisturbed(stream), which fetch.js needs and the standard
// API does not offer.
(function () {
  'use strict';

  const asyncIterator = Symbol.asyncIterator ?? Symbol.for('Symbol.asyncIterator');
  const kState = Symbol('kState');

  class ReadableStreamDefaultController {
    constructor() {
      throw new TypeError('Illegal constructor');
    }

    get desiredSize() {
      const s = this[kState];
      if (s.state === 'errored') return null;
      if (s.state === 'closed') return 0;
      return s.highWaterMark - s.queueTotal;
    }

    enqueue(chunk) {
      const s = this[kState];
      if (s.closeRequested || s.state !== 'readable') throw new TypeError('Invalid state: Controller is already closed');
      const request = s.readRequests.shift();
      if (request !== undefined) {
        request.resolve({ value: chunk, done: false });
      } else {
        // A queuing strategy's size() weighs chunks (default: 1 each).
        let size = 1;
        if (typeof s.size === 'function') {
          try {
            size = Number(s.size(chunk));
          } catch (e) {
            errorStream(s, e);
            throw e;
          }
        }
        s.queue.push(chunk);
        s.sizes.push(size);
        s.queueTotal += size;
      }
      pullIfNeeded(s);
    }

    close() {
      const s = this[kState];
      if (s.closeRequested || s.state !== 'readable') throw new TypeError('Invalid state: Controller is already closed');
      s.closeRequested = true;
      if (s.queue.length === 0) finishClose(s);
    }

    error(e) {
      errorStream(this[kState], e);
    }
  }

  function newController(s) {
    const c = Object.create(ReadableStreamDefaultController.prototype);
    c[kState] = s;
    return c;
  }

  function finishClose(s) {
    if (s.state !== 'readable') return;
    s.state = 'closed';
    for (const r of s.readRequests.splice(0)) r.resolve({ value: undefined, done: true });
    s.reader?.[kState].resolveClosed();
  }

  function errorStream(s, e) {
    if (s.state !== 'readable') return;
    s.state = 'errored';
    s.storedError = e;
    s.queue = [];
    s.sizes = [];
    s.queueTotal = 0;
    for (const r of s.readRequests.splice(0)) r.reject(e);
    s.reader?.[kState].rejectClosed(e);
  }

  function pullIfNeeded(s) {
    if (!s.started || s.state !== 'readable' || s.closeRequested || s.source.pull === undefined) return;
    if (s.readRequests.length === 0 && s.highWaterMark - s.queueTotal <= 0) return;
    if (s.pulling) {
      s.pullAgain = true;
      return;
    }
    s.pulling = true;
    let result;
    try {
      result = s.source.pull.call(s.source, s.controller);
    } catch (e) {
      errorStream(s, e);
      return;
    }
    Promise.resolve(result).then(() => {
      s.pulling = false;
      if (s.pullAgain) {
        s.pullAgain = false;
        pullIfNeeded(s);
      }
    }, (e) => errorStream(s, e));
  }

  function cancelStream(s, reason) {
    s.disturbed = true;
    if (s.state === 'closed') return Promise.resolve();
    if (s.state === 'errored') return Promise.reject(s.storedError);
    s.queue = [];
    s.sizes = [];
    s.queueTotal = 0;
    finishClose(s);
    try {
      return Promise.resolve(s.source.cancel?.call(s.source, reason)).then(() => undefined);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  class ReadableStream {
    constructor(source = {}, strategy = {}) {
      if (source === null || typeof source !== 'object') throw new TypeError('The "underlyingSource" argument must be an object');
      if (source.type === 'bytes') source = { ...source, type: undefined };
      const s = {
        state: 'readable',
        source,
        queue: [],
        sizes: [],
        queueTotal: 0,
        size: strategy?.size,
        readRequests: [],
        highWaterMark: strategy?.highWaterMark ?? 1,
        started: false,
        pulling: false,
        pullAgain: false,
        closeRequested: false,
        disturbed: false,
        storedError: undefined,
        reader: null,
        controller: null,
      };
      s.controller = newController(s);
      this[kState] = s;
      let started;
      try {
        started = source.start?.call(source, s.controller);
      } catch (e) {
        errorStream(s, e);
        throw e;
      }
      Promise.resolve(started).then(() => {
        s.started = true;
        pullIfNeeded(s);
      }, (e) => errorStream(s, e));
    }

    get locked() {
      return this[kState].reader !== null;
    }

    getReader(options = undefined) {
      if (options?.mode === 'byob') throw new TypeError('pigo: BYOB readers are not supported');
      return new ReadableStreamDefaultReader(this);
    }

    cancel(reason) {
      if (this.locked) return Promise.reject(new TypeError('Invalid state: ReadableStream is locked'));
      return cancelStream(this[kState], reason);
    }

    tee() {
      const reader = this.getReader();
      let reading = false;
      const branches = [];
      const canceled = [false, false];
      const reasons = [undefined, undefined];
      let resolveCancel;
      const cancelPromise = new Promise((r) => {
        resolveCancel = r;
      });
      const pull = () => {
        if (reading) return Promise.resolve();
        reading = true;
        return reader.read().then(({ value, done }) => {
          reading = false;
          for (let i = 0; i < 2; i++) {
            if (canceled[i]) continue;
            const c = branches[i][kState].controller;
            if (done) c.close();
            else c.enqueue(value);
          }
          if (done) resolveCancel();
        }, (e) => {
          reading = false;
          for (const b of branches) errorStream(b[kState], e);
          resolveCancel();
        });
      };
      const cancelBranch = (i) => (reason) => {
        canceled[i] = true;
        reasons[i] = reason;
        if (canceled[0] && canceled[1]) {
          resolveCancel(reader.cancel(reasons));
        }
        return cancelPromise;
      };
      for (let i = 0; i < 2; i++) branches.push(new ReadableStream({ pull, cancel: cancelBranch(i) }, { highWaterMark: 0 }));
      return branches;
    }

    pipeThrough(transform, options = undefined) {
      const { readable, writable } = transform ?? {};
      if (!(readable instanceof ReadableStream) || typeof writable?.getWriter !== 'function') {
        throw new TypeError('The "transform" argument must be an object with readable and writable streams');
      }
      if (this.locked) throw new TypeError('Invalid state: ReadableStream is locked');
      if (writable.locked) throw new TypeError('Invalid state: WritableStream is locked');
      this.pipeTo(writable, options).catch(() => {});
      return readable;
    }

    // pipeTo follows the spec's ReadableStreamPipeTo with the public
    // reader and writer: one chunk in flight, errors and closes propagated
    // unless prevented, an AbortSignal stops it.
    pipeTo(dest, options = undefined) {
      if (typeof dest?.getWriter !== 'function') {
        return Promise.reject(new TypeError('The "destination" argument must be an instance of WritableStream'));
      }
      if (this.locked) return Promise.reject(new TypeError('Invalid state: ReadableStream is locked'));
      if (dest.locked) return Promise.reject(new TypeError('Invalid state: WritableStream is locked'));
      const preventClose = Boolean(options?.preventClose);
      const preventAbort = Boolean(options?.preventAbort);
      const preventCancel = Boolean(options?.preventCancel);
      const signal = options?.signal;
      const reader = this.getReader();
      const writer = dest.getWriter();
      this[kState].disturbed = true;
      return new Promise((resolve, reject) => {
        let shuttingDown = false;
        let lastWrite = Promise.resolve();
        const finish = (error, isError) => {
          writer.releaseLock();
          reader.releaseLock();
          if (signal) signal.removeEventListener('abort', onAbort);
          if (isError) reject(error);
          else resolve();
        };
        const shutdown = (action, error, isError) => {
          if (shuttingDown) return;
          shuttingDown = true;
          lastWrite.catch(() => {}).then(() => (action ? action() : undefined)).then(
            () => finish(error, isError),
            (e) => finish(e, true),
          );
        };
        function onAbort() {
          const error = signal.reason;
          const actions = [];
          if (!preventAbort) actions.push(() => writer.abort(error));
          if (!preventCancel) actions.push(() => reader.cancel(error));
          shutdown(() => Promise.all(actions.map((a) => a())), error, true);
        }
        if (signal) {
          if (signal.aborted) {
            onAbort();
            return;
          }
          signal.addEventListener('abort', onAbort);
        }
        reader.closed.then(
          () => {
            if (!preventClose) shutdown(() => writer.close(), undefined, false);
            else shutdown(null, undefined, false);
          },
          (e) => {
            if (!preventAbort) shutdown(() => writer.abort(e), e, true);
            else shutdown(null, e, true);
          },
        );
        writer.closed.then(
          () => {
            const e = new TypeError('Invalid state: the destination WritableStream closed before all data could be piped to it');
            if (!preventCancel) shutdown(() => reader.cancel(e), e, true);
            else shutdown(null, e, true);
          },
          (e) => {
            if (!preventCancel) shutdown(() => reader.cancel(e), e, true);
            else shutdown(null, e, true);
          },
        );
        const pump = () => {
          if (shuttingDown) return;
          writer.ready.then(() => {
            if (shuttingDown) return undefined;
            return reader.read().then(({ value, done }) => {
              if (done || shuttingDown) return;
              lastWrite = writer.write(value);
              lastWrite.catch(() => {});
              pump();
            });
          }).catch(() => {});
        };
        pump();
      });
    }

    values(options = undefined) {
      const reader = this.getReader();
      const preventCancel = Boolean(options?.preventCancel);
      const iterator = {
        next() {
          return reader.read().then((r) => {
            if (r.done) reader.releaseLock();
            return r;
          });
        },
        return(value) {
          const done = { value, done: true };
          if (preventCancel) {
            reader.releaseLock();
            return Promise.resolve(done);
          }
          const p = reader.cancel(value);
          reader.releaseLock();
          return p.then(() => done);
        },
      };
      iterator[asyncIterator] = function () {
        return this;
      };
      return iterator;
    }

    [asyncIterator](options) {
      return this.values(options);
    }

    static from(iterable) {
      if (iterable instanceof ReadableStream) return iterable;
      const getAsync = iterable?.[asyncIterator];
      const it = typeof getAsync === 'function' ? getAsync.call(iterable) : iterable?.[Symbol.iterator]?.();
      if (it === undefined) throw new TypeError('The "asyncIterable" argument must be an async iterable or iterable');
      return new ReadableStream({
        async pull(c) {
          const r = await it.next();
          if (r.done) c.close();
          else c.enqueue(await r.value);
        },
        async cancel(reason) {
          await it.return?.(reason);
        },
      }, { highWaterMark: 0 });
    }
  }
  Object.defineProperty(ReadableStream.prototype, Symbol.toStringTag, { value: 'ReadableStream', configurable: true });

  class ReadableStreamDefaultReader {
    constructor(stream) {
      if (!(stream instanceof ReadableStream)) throw new TypeError('The "stream" argument must be an instance of ReadableStream');
      const s = stream[kState];
      if (s.reader !== null) throw new TypeError('Invalid state: ReadableStream is locked');
      const r = { stream: s, resolveClosed: undefined, rejectClosed: undefined, closed: undefined };
      r.closed = new Promise((resolve, reject) => {
        r.resolveClosed = resolve;
        r.rejectClosed = reject;
      });
      // An unobserved closed rejection is not an unhandled one.
      r.closed.catch(() => {});
      if (s.state === 'closed') r.resolveClosed();
      else if (s.state === 'errored') r.rejectClosed(s.storedError);
      this[kState] = r;
      s.reader = this;
    }

    get closed() {
      return this[kState].closed;
    }

    read() {
      const s = this[kState].stream;
      if (s === null) return Promise.reject(new TypeError('Invalid state: The reader is not attached to a stream'));
      s.disturbed = true;
      if (s.state === 'closed') return Promise.resolve({ value: undefined, done: true });
      if (s.state === 'errored') return Promise.reject(s.storedError);
      if (s.queue.length > 0) {
        const value = s.queue.shift();
        s.queueTotal -= s.sizes.shift();
        if (s.queue.length === 0) s.queueTotal = 0; // no float drift
        if (s.closeRequested && s.queue.length === 0) finishClose(s);
        else pullIfNeeded(s);
        return Promise.resolve({ value, done: false });
      }
      return new Promise((resolve, reject) => {
        s.readRequests.push({ resolve, reject });
        pullIfNeeded(s);
      });
    }

    releaseLock() {
      const r = this[kState];
      const s = r.stream;
      if (s === null) return;
      const err = new TypeError('Invalid state: Releasing reader');
      for (const req of s.readRequests.splice(0)) req.reject(err);
      if (s.state === 'readable') r.rejectClosed(err);
      s.reader = null;
      r.stream = null;
    }

    cancel(reason) {
      const s = this[kState].stream;
      if (s === null) return Promise.reject(new TypeError('Invalid state: The reader is not attached to a stream'));
      return cancelStream(s, reason);
    }
  }

  return {
    ReadableStream,
    ReadableStreamDefaultReader,
    ReadableStreamDefaultController,
    errorStream: (stream, reason) => errorStream(stream[kState], reason),
    isDisturbed: (stream) => stream[kState].disturbed,
  };
})
