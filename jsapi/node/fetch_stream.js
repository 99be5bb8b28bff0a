// The minimal WHATWG ReadableStream that fetch bodies are (pigo/fetch):
// default readers, async iteration, tee, cancel, pipeTo/pipeThrough (into
// the webapi WritableStream or any writer-shaped stream) and
// ReadableStream.from, with queuing strategies (highWaterMark, size), and
// readable byte streams (type: "bytes": ReadableByteStreamController,
// BYOB readers and requests) after the WHATWG Streams Standard's
// algorithms, chunks moving by ArrayBuffer transfer.
// Evaluates to a function of transferArrayBuffer(buffer) (Go: the bytes
// move to a new ArrayBuffer, the given one is detached) returning the
// classes plus errorStream(stream, reason) and isDisturbed(stream), which
// fetch.js needs and the standard API does not offer.
(function (transferArrayBuffer) {
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
    notifySettled(s);
  }

  // notifySettled tells the observers streamHooks' onSettled registered
  // (node:stream's finished) that the stream closed or errored (with e).
  function notifySettled(s, e) {
    const observers = s.settledObservers;
    if (!observers) return;
    s.settledObservers = null;
    for (const cb of observers) cb(e);
  }

  function errorStream(s, e) {
    if (s.state !== 'readable') return;
    s.state = 'errored';
    s.storedError = e;
    s.queue = [];
    s.sizes = [];
    s.queueTotal = 0;
    if (s.isBytes) clearPendingPullIntos(s);
    for (const r of s.readRequests.splice(0)) r.reject(e);
    for (const r of s.readIntoRequests.splice(0)) r.reject(e);
    s.reader?.[kState].rejectClosed(e);
    notifySettled(s, e);
  }

  function pullIfNeeded(s) {
    if (!s.started || s.state !== 'readable' || s.closeRequested || s.source.pull === undefined) return;
    if (s.readRequests.length === 0 && s.readIntoRequests.length === 0 && s.highWaterMark - s.queueTotal <= 0) return;
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
    for (const r of s.readIntoRequests.splice(0)) r.resolve({ value: undefined, done: true });
    if (s.isBytes) clearPendingPullIntos(s);
    try {
      return Promise.resolve(s.source.cancel?.call(s.source, reason)).then(() => undefined);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  class ReadableStream {
    constructor(source = {}, strategy = {}) {
      if (source === null || typeof source !== 'object') throw new TypeError('The "underlyingSource" argument must be an object');
      const type = source.type;
      const isBytes = type !== undefined && `${type}` === 'bytes';
      if (type !== undefined && !isBytes) throw new TypeError(`The property 'source.type' is invalid. Received ${describe(type)}`);
      let autoAllocateChunkSize;
      if (isBytes) {
        if (strategy?.size !== undefined) throw new RangeError(`The property 'strategy.size' is invalid. Received ${describe(strategy.size)}`);
        if (source.autoAllocateChunkSize !== undefined) {
          autoAllocateChunkSize = Number(source.autoAllocateChunkSize);
          if (!Number.isSafeInteger(autoAllocateChunkSize) || autoAllocateChunkSize <= 0) {
            throw new TypeError(`The property 'source.autoAllocateChunkSize' is invalid. Received ${describe(source.autoAllocateChunkSize)}`);
          }
        }
      }
      const s = {
        state: 'readable',
        source,
        isBytes,
        queue: [],
        sizes: [],
        queueTotal: 0,
        size: isBytes ? undefined : strategy?.size,
        readRequests: [],
        readIntoRequests: [],
        pendingPullIntos: [],
        byobRequest: null,
        autoAllocateChunkSize,
        highWaterMark: strategy?.highWaterMark ?? (isBytes ? 0 : 1),
        started: false,
        pulling: false,
        pullAgain: false,
        closeRequested: false,
        disturbed: false,
        storedError: undefined,
        reader: null,
        controller: null,
      };
      s.controller = isBytes ? newByteController(s) : newController(s);
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
      const mode = options?.mode;
      if (mode === undefined) return new ReadableStreamDefaultReader(this);
      if (`${mode}` !== 'byob') throw new TypeError(`The property 'options.mode' is invalid. Received ${describe(mode)}`);
      return new ReadableStreamBYOBReader(this);
    }

    cancel(reason) {
      if (this.locked) return Promise.reject(new TypeError('Invalid state: ReadableStream is locked'));
      return cancelStream(this[kState], reason);
    }

    // tee reads with a default reader and queues each chunk on both
    // branches (a byte stream tees as the standard's byte tee).
    tee() {
      if (this[kState].isBytes) return byteTee(this);
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
      attachReader(this, s);
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
      if (s.isBytes) return new Promise((resolve, reject) => bytePullSteps(s, { resolve, reject }));
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
      releaseReader(r, s.readRequests);
    }

    cancel(reason) {
      const s = this[kState].stream;
      if (s === null) return Promise.reject(new TypeError('Invalid state: The reader is not attached to a stream'));
      return cancelStream(s, reason);
    }
  }

  // byteTee is the standard's ReadableByteStreamTee: a branch read by a
  // BYOB reader pulls from the source with a BYOB read into its view (the
  // other branch gets a copy), else with a default read; either way each
  // branch's chunks are the source's reads.
  function byteTee(stream) {
    const s = stream[kState];
    let reader = stream.getReader();
    let reading = false;
    const readAgain = [false, false];
    const canceled = [false, false];
    const reasons = [undefined, undefined];
    const branches = [];
    let resolveCancel;
    const cancelPromise = new Promise((r) => {
      resolveCancel = r;
    });
    const ctl = (i) => branches[i][kState];
    // Branch operations that the standard runs without the public
    // methods' state checks.
    const branchEnqueue = (i, chunk) => {
      const bs = ctl(i);
      if (!bs.closeRequested && bs.state === 'readable') byteEnqueue(bs, chunk);
    };
    const branchClose = (i) => {
      const bs = ctl(i);
      if (bs.closeRequested || bs.state !== 'readable') return;
      if (bs.queueTotal > 0) bs.closeRequested = true;
      else finishClose(bs);
    };
    const branchRespondEmpty = (i) => {
      const bs = ctl(i);
      if (bs.pendingPullIntos.length === 0 || bs.state !== 'closed') return;
      bs.pendingPullIntos[0].buffer = transferBuffer(bs.pendingPullIntos[0].buffer);
      respondInternal(bs, 0);
    };
    const branchRespondWithView = (i, view) => {
      const req = byobRequestOf(ctl(i));
      if (req !== null) req.respondWithNewView(view);
    };
    const failBoth = (e) => {
      errorStream(ctl(0), e);
      errorStream(ctl(1), e);
      resolveCancel(cancelStream(s, e));
    };
    const forwardReaderError = (thisReader) => {
      thisReader.closed.catch((e) => {
        if (thisReader !== reader) return;
        errorStream(ctl(0), e);
        errorStream(ctl(1), e);
        if (!canceled[0] || !canceled[1]) resolveCancel();
      });
    };
    const pullAgain = () => {
      if (readAgain[0]) pullBranch(0);
      else if (readAgain[1]) pullBranch(1);
    };
    const pullWithDefaultReader = () => {
      if (reader instanceof ReadableStreamBYOBReader) {
        reader.releaseLock();
        reader = stream.getReader();
        forwardReaderError(reader);
      }
      const req = {
        resolve({ value, done }) {
          if (done) {
            reading = false;
            if (!canceled[0]) branchClose(0);
            if (!canceled[1]) branchClose(1);
            branchRespondEmpty(0);
            branchRespondEmpty(1);
            if (!canceled[0] || !canceled[1]) resolveCancel();
            return;
          }
          queueMicrotask(() => {
            readAgain[0] = readAgain[1] = false;
            let second = value;
            if (!canceled[0] && !canceled[1]) {
              try {
                second = new Uint8Array(value);
              } catch (e) {
                failBoth(e);
                return;
              }
            }
            if (!canceled[0]) branchEnqueue(0, value);
            if (!canceled[1]) branchEnqueue(1, second);
            reading = false;
            pullAgain();
          });
        },
        reject() {
          reading = false;
        },
      };
      s.disturbed = true;
      if (s.state === 'closed') req.resolve({ value: undefined, done: true });
      else if (s.state === 'errored') req.reject(s.storedError);
      else bytePullSteps(s, req);
    };
    const pullWithBYOBReader = (view, i) => {
      if (!(reader instanceof ReadableStreamBYOBReader)) {
        reader.releaseLock();
        reader = new ReadableStreamBYOBReader(stream);
        forwardReaderError(reader);
      }
      const other = 1 - i;
      const req = {
        resolve({ value, done }) {
          if (done) {
            reading = false;
            if (!canceled[i]) branchClose(i);
            if (!canceled[other]) branchClose(other);
            if (value !== undefined) {
              if (!canceled[i]) branchRespondWithView(i, value);
              if (!canceled[other]) branchRespondEmpty(other);
            }
            if (!canceled[i] || !canceled[other]) resolveCancel();
            return;
          }
          queueMicrotask(() => {
            readAgain[0] = readAgain[1] = false;
            if (!canceled[other]) {
              let copy;
              try {
                copy = new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
              } catch (e) {
                failBoth(e);
                return;
              }
              if (!canceled[i]) branchRespondWithView(i, value);
              branchEnqueue(other, copy);
            } else if (!canceled[i]) {
              branchRespondWithView(i, value);
            }
            reading = false;
            pullAgain();
          });
        },
        reject() {
          reading = false;
        },
      };
      s.disturbed = true;
      if (s.state === 'errored') req.reject(s.storedError);
      else pullInto(s, view, 1, req);
    };
    const pullBranch = (i) => {
      if (reading) {
        readAgain[i] = true;
        return Promise.resolve();
      }
      reading = true;
      const req = byobRequestOf(ctl(i));
      if (req === null) pullWithDefaultReader();
      else pullWithBYOBReader(req.view, i);
      return Promise.resolve();
    };
    const cancelBranch = (i) => (reason) => {
      canceled[i] = true;
      reasons[i] = reason;
      if (canceled[1 - i]) resolveCancel(cancelStream(s, reasons));
      return cancelPromise;
    };
    for (let i = 0; i < 2; i++) {
      branches.push(new ReadableStream({ type: 'bytes', pull: () => pullBranch(i), cancel: cancelBranch(i) }));
    }
    forwardReaderError(reader);
    return branches;
  }

  // byobRequestOf is a byte stream's current BYOB request, or null.
  function byobRequestOf(bs) {
    return Object.getOwnPropertyDescriptor(ReadableByteStreamController.prototype, 'byobRequest').get.call(bs.controller);
  }

  // attachReader locks s to reader, whose closed promise follows s.
  function attachReader(reader, s) {
    const r = { stream: s, resolveClosed: undefined, rejectClosed: undefined, closed: undefined };
    r.closed = new Promise((resolve, reject) => {
      r.resolveClosed = resolve;
      r.rejectClosed = reject;
    });
    // An unobserved closed rejection is not an unhandled one.
    r.closed.catch(() => {});
    if (s.state === 'closed') r.resolveClosed();
    else if (s.state === 'errored') r.rejectClosed(s.storedError);
    reader[kState] = r;
    s.reader = reader;
  }

  // releaseReader unlocks a reader's stream, failing its pending requests.
  function releaseReader(r, requests) {
    const s = r.stream;
    const err = new TypeError('Invalid state: Releasing reader');
    if (s.state === 'readable') r.rejectClosed(err);
    if (s.isBytes && s.pendingPullIntos.length > 0) {
      // The bytes a pending read was given stay for the next reader.
      const first = s.pendingPullIntos[0];
      first.readerType = 'none';
      s.pendingPullIntos = [first];
    }
    s.reader = null;
    r.stream = null;
    for (const req of requests.splice(0)) req.reject(err);
  }

  // describe renders a value in the "Received ..." part of Node's errors.
  function describe(v) {
    if (typeof v === 'function') return `[Function: ${v.name || '(anonymous)'}]`;
    if (typeof v === 'string') return `'${v}'`;
    if (v === null || typeof v !== 'object') return String(v);
    return `an instance of ${v.constructor?.name ?? 'Object'}`;
  }

  function describeType(v) {
    if (v === null || v === undefined) return String(v);
    if (typeof v === 'function') return `function ${v.name}`;
    if (typeof v === 'object') return `an instance of ${v.constructor?.name ?? 'Object'}`;
    const shown = typeof v === 'string' ? `'${v.length > 28 ? v.slice(0, 25) + '...' : v}'` : String(v);
    return `type ${typeof v} (${shown})`;
  }

  // ---- byte streams ----

  const typedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
  const typedArrayName = Object.getOwnPropertyDescriptor(typedArrayProto, Symbol.toStringTag).get;
  const viewConstructors = {
    Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
    Float32Array, Float64Array, BigInt64Array, BigUint64Array,
  };
  const byteLengthOf = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;

  function isDetached(buffer) {
    return buffer.detached === true;
  }

  // refuseShared throws V8's TypeError for a SharedArrayBuffer where the
  // standard wants an ArrayBuffer (V8's getter brand check fails on it).
  // pigo's SharedArrayBuffer is an ArrayBuffer with another prototype, so
  // only such a buffer takes the brand check.
  function refuseShared(buffer, getter) {
    if (Object.getPrototypeOf(buffer) === ArrayBuffer.prototype || typeof SharedArrayBuffer !== 'function') return;
    const sabByteLength = Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'byteLength')?.get;
    try {
      sabByteLength.call(buffer);
    } catch {
      return; // not shared
    }
    throw new TypeError(`Method get ArrayBuffer.prototype.${getter} called on incompatible receiver #<SharedArrayBuffer>`);
  }

  // transferBuffer moves buffer's bytes to a new ArrayBuffer and detaches
  // it, as the standard's TransferArrayBuffer.
  function transferBuffer(buffer) {
    return transferArrayBuffer(buffer);
  }

  function copyBytes(dest, destOffset, src, srcOffset, n) {
    new Uint8Array(dest, destOffset, n).set(new Uint8Array(src, srcOffset, n));
  }

  class ReadableByteStreamController {
    constructor() {
      throw new TypeError('Illegal constructor');
    }

    get byobRequest() {
      const s = byteState(this);
      if (s.byobRequest === null && s.pendingPullIntos.length > 0) {
        const first = s.pendingPullIntos[0];
        const view = new Uint8Array(first.buffer, first.byteOffset + first.bytesFilled, first.byteLength - first.bytesFilled);
        const req = Object.create(ReadableStreamBYOBRequest.prototype);
        req[kState] = { stream: s, view };
        s.byobRequest = req;
      }
      return s.byobRequest;
    }

    get desiredSize() {
      const s = byteState(this);
      if (s.state === 'errored') return null;
      if (s.state === 'closed') return 0;
      return s.highWaterMark - s.queueTotal;
    }

    close() {
      const s = byteState(this);
      if (s.closeRequested) throw new TypeError('Invalid state: Controller is already closed');
      if (s.state !== 'readable') throw new TypeError('Invalid state: ReadableStream is already closed');
      if (s.queueTotal > 0) {
        s.closeRequested = true;
        return;
      }
      if (s.pendingPullIntos.length > 0) {
        const first = s.pendingPullIntos[0];
        if (first.bytesFilled % first.elementSize !== 0) {
          const e = new TypeError('Invalid state: Partial read');
          errorStream(s, e);
          throw e;
        }
      }
      finishClose(s);
    }

    enqueue(chunk) {
      const s = byteState(this);
      if (!ArrayBuffer.isView(chunk)) {
        throw new TypeError(`The "buffer" argument must be an instance of Buffer, TypedArray, or DataView. Received ${describeType(chunk)}`);
      }
      refuseShared(chunk.buffer, 'byteLength');
      if (chunk.byteLength === 0 || byteLengthOf.call(chunk.buffer) === 0 || isDetached(chunk.buffer)) {
        throw new TypeError('Invalid state: chunk ArrayBuffer is zero-length or detached');
      }
      if (s.closeRequested) throw new TypeError('Invalid state: Controller is already closed');
      if (s.state !== 'readable') throw new TypeError('Invalid state: ReadableStream is already closed');
      byteEnqueue(s, chunk);
    }

    error(e) {
      errorStream(byteState(this), e);
    }
  }
  Object.defineProperty(ReadableByteStreamController.prototype, Symbol.toStringTag, { value: 'ReadableByteStreamController', configurable: true });

  function byteState(c) {
    const s = c?.[kState];
    if (s === undefined || !s.isBytes || !(c instanceof ReadableByteStreamController)) {
      throw new TypeError('Value of "this" must be of type ReadableByteStreamController');
    }
    return s;
  }

  function newByteController(s) {
    const c = Object.create(ReadableByteStreamController.prototype);
    c[kState] = s;
    return c;
  }

  function hasReader(s, cls) {
    return s.reader !== null && s.reader instanceof cls;
  }

  function invalidateBYOBRequest(s) {
    if (s.byobRequest === null) return;
    const r = s.byobRequest[kState];
    r.stream = null;
    r.view = null;
    s.byobRequest = null;
  }

  function clearPendingPullIntos(s) {
    invalidateBYOBRequest(s);
    s.pendingPullIntos = [];
  }

  function shiftPendingPullInto(s) {
    return s.pendingPullIntos.shift();
  }

  function enqueueChunkToQueue(s, buffer, byteOffset, byteLength) {
    s.queue.push({ buffer, byteOffset, byteLength });
    s.queueTotal += byteLength;
  }

  function enqueueClonedChunkToQueue(s, buffer, byteOffset, byteLength) {
    enqueueChunkToQueue(s, buffer.slice(byteOffset, byteOffset + byteLength), 0, byteLength);
  }

  function enqueueDetachedPullIntoToQueue(s, pd) {
    if (pd.bytesFilled > 0) enqueueClonedChunkToQueue(s, pd.buffer, pd.byteOffset, pd.bytesFilled);
    shiftPendingPullInto(s);
  }

  function handleQueueDrain(s) {
    if (s.queueTotal === 0 && s.closeRequested) finishClose(s);
    else pullIfNeeded(s);
  }

  function fillReadRequestFromQueue(s, req) {
    const entry = s.queue.shift();
    s.queueTotal -= entry.byteLength;
    handleQueueDrain(s);
    req.resolve({ value: new Uint8Array(entry.buffer, entry.byteOffset, entry.byteLength), done: false });
  }

  function processReadRequestsUsingQueue(s) {
    while (s.readRequests.length > 0 && s.queueTotal > 0) fillReadRequestFromQueue(s, s.readRequests.shift());
  }

  // fillPullIntoFromQueue copies queued bytes into pd, reporting whether
  // it now holds at least its minimum in whole elements.
  function fillPullIntoFromQueue(s, pd) {
    const maxBytesToCopy = Math.min(s.queueTotal, pd.byteLength - pd.bytesFilled);
    const maxBytesFilled = pd.bytesFilled + maxBytesToCopy;
    let remaining = maxBytesToCopy;
    let ready = false;
    const maxAlignedBytes = maxBytesFilled - (maxBytesFilled % pd.elementSize);
    if (maxAlignedBytes >= pd.minimumFill) {
      remaining = maxAlignedBytes - pd.bytesFilled;
      ready = true;
    }
    while (remaining > 0) {
      const head = s.queue[0];
      const n = Math.min(remaining, head.byteLength);
      copyBytes(pd.buffer, pd.byteOffset + pd.bytesFilled, head.buffer, head.byteOffset, n);
      if (head.byteLength === n) {
        s.queue.shift();
      } else {
        head.byteOffset += n;
        head.byteLength -= n;
      }
      s.queueTotal -= n;
      pd.bytesFilled += n;
      remaining -= n;
    }
    return ready;
  }

  function processPullIntosUsingQueue(s) {
    const filled = [];
    while (s.pendingPullIntos.length > 0 && s.queueTotal > 0) {
      const pd = s.pendingPullIntos[0];
      if (fillPullIntoFromQueue(s, pd)) {
        shiftPendingPullInto(s);
        filled.push(pd);
      }
    }
    return filled;
  }

  function convertPullInto(pd) {
    const buffer = transferBuffer(pd.buffer);
    return new pd.viewConstructor(buffer, pd.byteOffset, pd.bytesFilled / pd.elementSize);
  }

  // commitPullInto hands a filled read its view, to the default reader's
  // read request or the BYOB reader's read-into request.
  function commitPullInto(s, pd) {
    const done = s.state === 'closed';
    const value = convertPullInto(pd);
    const req = pd.readerType === 'default' ? s.readRequests.shift() : s.readIntoRequests.shift();
    req?.resolve({ value, done });
  }

  function byteEnqueue(s, chunk) {
    const { byteOffset, byteLength } = chunk;
    const buffer = transferBuffer(chunk.buffer);
    if (s.pendingPullIntos.length > 0) {
      const first = s.pendingPullIntos[0];
      if (isDetached(first.buffer)) throw new TypeError('Invalid state: The BYOB request buffer is detached');
      invalidateBYOBRequest(s);
      first.buffer = transferBuffer(first.buffer);
      if (first.readerType === 'none') enqueueDetachedPullIntoToQueue(s, first);
    }
    if (hasReader(s, ReadableStreamDefaultReader)) {
      processReadRequestsUsingQueue(s);
      if (s.readRequests.length === 0) {
        enqueueChunkToQueue(s, buffer, byteOffset, byteLength);
      } else {
        if (s.pendingPullIntos.length > 0) shiftPendingPullInto(s);
        s.readRequests.shift().resolve({ value: new Uint8Array(buffer, byteOffset, byteLength), done: false });
      }
    } else if (hasReader(s, ReadableStreamBYOBReader)) {
      enqueueChunkToQueue(s, buffer, byteOffset, byteLength);
      for (const pd of processPullIntosUsingQueue(s)) commitPullInto(s, pd);
    } else {
      enqueueChunkToQueue(s, buffer, byteOffset, byteLength);
    }
    pullIfNeeded(s);
  }

  // bytePullSteps serves a default reader's read of a byte stream: from
  // the queue, else by a pull (into an autoAllocateChunkSize buffer the
  // source can fill through byobRequest).
  function bytePullSteps(s, req) {
    if (s.queueTotal > 0) {
      fillReadRequestFromQueue(s, req);
      return;
    }
    const size = s.autoAllocateChunkSize;
    if (size !== undefined) {
      s.pendingPullIntos.push({
        buffer: new ArrayBuffer(size),
        bufferByteLength: size,
        byteOffset: 0,
        byteLength: size,
        bytesFilled: 0,
        minimumFill: 1,
        elementSize: 1,
        viewConstructor: Uint8Array,
        readerType: 'default',
      });
    }
    s.readRequests.push(req);
    pullIfNeeded(s);
  }

  function pullInto(s, view, min, req) {
    let elementSize = 1;
    let viewConstructor = DataView;
    const name = typedArrayName.call(view);
    if (name !== undefined) {
      viewConstructor = viewConstructors[name];
      elementSize = viewConstructor.BYTES_PER_ELEMENT;
    }
    const { byteOffset, byteLength } = view;
    let buffer;
    try {
      buffer = transferBuffer(view.buffer);
    } catch (e) {
      req.reject(e);
      return;
    }
    const pd = {
      buffer,
      bufferByteLength: byteLengthOf.call(buffer),
      byteOffset,
      byteLength,
      bytesFilled: 0,
      minimumFill: min * elementSize,
      elementSize,
      viewConstructor,
      readerType: 'byob',
    };
    if (s.pendingPullIntos.length > 0) {
      s.pendingPullIntos.push(pd);
      s.readIntoRequests.push(req);
      return;
    }
    if (s.state === 'closed') {
      req.resolve({ value: new viewConstructor(pd.buffer, pd.byteOffset, 0), done: true });
      return;
    }
    if (s.queueTotal > 0) {
      if (fillPullIntoFromQueue(s, pd)) {
        const value = convertPullInto(pd);
        handleQueueDrain(s);
        req.resolve({ value, done: false });
        return;
      }
      if (s.closeRequested) {
        const e = new TypeError('Invalid state: Partial read');
        errorStream(s, e);
        req.reject(e);
        return;
      }
    }
    s.pendingPullIntos.push(pd);
    s.readIntoRequests.push(req);
    pullIfNeeded(s);
  }

  function respondInternal(s, bytesWritten) {
    const first = s.pendingPullIntos[0];
    invalidateBYOBRequest(s);
    if (s.state === 'closed') {
      if (first.readerType === 'none') shiftPendingPullInto(s);
      if (hasReader(s, ReadableStreamBYOBReader)) {
        while (s.readIntoRequests.length > 0) commitPullInto(s, shiftPendingPullInto(s));
      }
    } else {
      respondInReadableState(s, bytesWritten, first);
    }
    pullIfNeeded(s);
  }

  function respondInReadableState(s, bytesWritten, pd) {
    pd.bytesFilled += bytesWritten;
    if (pd.readerType === 'none') {
      enqueueDetachedPullIntoToQueue(s, pd);
      for (const filled of processPullIntosUsingQueue(s)) commitPullInto(s, filled);
      return;
    }
    if (pd.bytesFilled < pd.minimumFill) return;
    shiftPendingPullInto(s);
    const remainder = pd.bytesFilled % pd.elementSize;
    if (remainder > 0) {
      const end = pd.byteOffset + pd.bytesFilled;
      enqueueClonedChunkToQueue(s, pd.buffer, end - remainder, remainder);
    }
    pd.bytesFilled -= remainder;
    const filled = processPullIntosUsingQueue(s);
    commitPullInto(s, pd);
    for (const f of filled) commitPullInto(s, f);
  }

  class ReadableStreamBYOBRequest {
    constructor() {
      throw new TypeError('Illegal constructor');
    }

    get view() {
      return requestState(this).view;
    }

    respond(bytesWritten) {
      const r = requestState(this);
      const s = r.stream;
      if (s === null) throw new TypeError('Invalid state: This BYOB request has been invalidated');
      const n = Number(bytesWritten);
      if (!(n >= 0) || !Number.isFinite(n)) throw new RangeError(`The argument 'bytesWritten' is invalid. Received ${describe(bytesWritten)}`);
      if (isDetached(r.view.buffer)) throw new TypeError('Invalid state: Viewed ArrayBuffer is detached');
      const first = s.pendingPullIntos[0];
      if (s.state === 'closed') {
        if (n !== 0) throw new TypeError(`The argument 'bytesWritten' is invalid. Received ${describe(bytesWritten)}`);
      } else {
        if (n === 0) throw new TypeError(`The argument 'bytesWritten' is invalid. Received ${describe(bytesWritten)}`);
        if (first.bytesFilled + n > first.byteLength) throw new RangeError(`The argument 'bytesWritten' is invalid. Received ${describe(bytesWritten)}`);
      }
      first.buffer = transferBuffer(first.buffer);
      respondInternal(s, Math.trunc(n));
    }

    respondWithNewView(view) {
      const r = requestState(this);
      const s = r.stream;
      if (s === null) throw new TypeError('Invalid state: This BYOB request has been invalidated');
      if (!ArrayBuffer.isView(view)) {
        throw new TypeError(`The "view" argument must be an instance of Buffer, TypedArray, or DataView. Received ${describeType(view)}`);
      }
      refuseShared(view.buffer, 'detached');
      if (isDetached(view.buffer)) throw new TypeError('Invalid state: Viewed ArrayBuffer is detached');
      const first = s.pendingPullIntos[0];
      const invalid = () => new RangeError(`The argument 'view' is invalid. Received ${describe(view)}`);
      if (s.state === 'closed') {
        if (view.byteLength !== 0) throw new TypeError(`The argument 'view' is invalid. Received ${describe(view)}`);
      } else if (view.byteLength === 0) {
        throw new TypeError(`The argument 'view' is invalid. Received ${describe(view)}`);
      }
      if (first.byteOffset + first.bytesFilled !== view.byteOffset) throw invalid();
      if (first.bufferByteLength !== byteLengthOf.call(view.buffer)) throw invalid();
      if (first.bytesFilled + view.byteLength > first.byteLength) throw invalid();
      const n = view.byteLength;
      first.buffer = transferBuffer(view.buffer);
      respondInternal(s, n);
    }
  }
  Object.defineProperty(ReadableStreamBYOBRequest.prototype, Symbol.toStringTag, { value: 'ReadableStreamBYOBRequest', configurable: true });

  function requestState(req) {
    const r = req?.[kState];
    if (r === undefined || !(req instanceof ReadableStreamBYOBRequest)) {
      throw new TypeError('Value of "this" must be of type ReadableStreamBYOBRequest');
    }
    return r;
  }

  class ReadableStreamBYOBReader {
    constructor(stream) {
      if (!(stream instanceof ReadableStream)) throw new TypeError('The "stream" argument must be an instance of ReadableStream');
      const s = stream[kState];
      if (!s.isBytes) {
        throw new TypeError(`The argument 'stream' must be a byte stream. Received ReadableStream { locked: ${s.reader !== null}, state: '${s.state}', supportsBYOB: false }`);
      }
      if (s.reader !== null) throw new TypeError('Invalid state: ReadableStream is locked');
      attachReader(this, s);
    }

    get closed() {
      return this[kState].closed;
    }

    read(view, options = undefined) {
      if (!ArrayBuffer.isView(view)) {
        return Promise.reject(new TypeError(`The "view" argument must be an instance of Buffer, TypedArray, or DataView. Received ${describeType(view)}`));
      }
      try {
        refuseShared(view.buffer, 'byteLength');
      } catch (e) {
        return Promise.reject(e);
      }
      if (view.byteLength === 0 || byteLengthOf.call(view.buffer) === 0 || isDetached(view.buffer)) {
        return Promise.reject(new TypeError('Invalid state: View or Viewed ArrayBuffer is zero-length or detached'));
      }
      let min = 1;
      if (options?.min !== undefined) {
        min = Number(options.min);
        if (!Number.isFinite(min)) min = 0;
        min = Math.trunc(min);
      }
      if (min <= 0) return Promise.reject(new TypeError(`The property 'options.min' must be greater than 0. Received ${describe(options?.min)}`));
      const typed = typedArrayName.call(view) !== undefined;
      const limit = typed ? view.length : view.byteLength;
      if (min > limit) {
        const what = typed ? 'view.length' : 'view.byteLength';
        return Promise.reject(new RangeError(`The value of "options.min" is out of range. It must be <= ${what}. Received ${min}`));
      }
      const s = this[kState].stream;
      if (s === null) return Promise.reject(new TypeError('Invalid state: The reader is not attached to a stream'));
      s.disturbed = true;
      if (s.state === 'errored') return Promise.reject(s.storedError);
      return new Promise((resolve, reject) => pullInto(s, view, min, { resolve, reject }));
    }

    releaseLock() {
      const r = this[kState];
      if (r.stream === null) return;
      releaseReader(r, r.stream.readIntoRequests);
    }

    cancel(reason) {
      const s = this[kState].stream;
      if (s === null) return Promise.reject(new TypeError('Invalid state: The reader is not attached to a stream'));
      return cancelStream(s, reason);
    }
  }
  Object.defineProperty(ReadableStreamBYOBReader.prototype, Symbol.toStringTag, { value: 'ReadableStreamBYOBReader', configurable: true });

  return {
    ReadableStream,
    ReadableStreamDefaultReader,
    ReadableStreamDefaultController,
    ReadableByteStreamController,
    ReadableStreamBYOBReader,
    ReadableStreamBYOBRequest,
    errorStream: (stream, reason) => errorStream(stream[kState], reason),
    isDisturbed: (stream) => stream[kState].disturbed,
    // node:stream's utilities take WHATWG streams too, as Node's do
    // (finished, isErrored, isReadable, isDisturbed): what they need to
    // know of one without locking it, or undefined for anything else.
    streamHooks: (stream) => {
      if (!(stream instanceof ReadableStream)) return undefined;
      const s = stream[kState];
      return {
        kind: 'readable',
        state: () => s.state,
        disturbed: () => s.disturbed,
        // onSettled(cb): cb() once closed, cb(error) once errored.
        onSettled: (cb) => {
          if (s.state === 'readable') (s.settledObservers ??= []).push(cb);
          else if (s.state === 'errored') cb(s.storedError);
          else cb();
        },
      };
    },
  };
})
