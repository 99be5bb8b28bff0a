// fs.promises.open and its FileHandle, after Node's lib/internal/fs/promises:
// the handle counts the operations in flight and closes its descriptor
// when close() has been asked and the last one ends; readableWebStream is
// a byte stream reading from the current position. Reads and writes run
// on the loop (fs.readSync / fs.writeSync: a local file answers at once);
// the other operations (fs's descriptor functions) run on a goroutine.
(function (fs, codeError, require) {
  'use strict';

  const kFd = Symbol('kFd');
  const kRefs = Symbol('kRefs');
  const kClosePromise = Symbol('kClosePromise');
  const kCloseResolve = Symbol('kCloseResolve');
  const kCloseReject = Symbol('kCloseReject');
  const kLocked = Symbol('kLocked');
  const asyncDispose = Symbol.asyncDispose ?? Symbol.for('nodejs.asyncDispose');

  const argType = (name, expected, v) =>
    codeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be ${expected}. Received ${v === null ? 'null' : typeof v}`);
  const invalidState = (message) => codeError(Error, 'ERR_INVALID_STATE', `Invalid state: ${message}`);
  const promisified = (f, ...args) =>
    new Promise((resolve, reject) => f(...args, (err, v) => (err ? reject(err) : resolve(v))));

  let FileHandle; // made on the first open: most runtimes never open one
  function fileHandleClass() {
    const EE = require('events');
    const { Buffer } = require('buffer');

    // call runs op(fd) with the handle referenced, as Node's fsCall.
    async function call(handle, syscall, op) {
      if (handle[kFd] === -1) {
        const err = new Error('file closed');
        err.code = 'EBADF';
        err.syscall = syscall;
        throw err;
      }
      ref(handle);
      try {
        return await op(handle[kFd]);
      } finally {
        unref(handle);
      }
    }
    function ref(handle) {
      handle[kRefs]++;
    }
    function unref(handle) {
      if (--handle[kRefs] === 0) {
        const fd = handle[kFd];
        handle[kFd] = -1;
        promisified(fs.close, fd).then(handle[kCloseResolve], handle[kCloseReject]);
      }
    }

    // readAt reads into buffer (offset, length) at position (-1: the
    // current one) and resolves with the byte count.
    async function readAt(fd, buffer, offset, length, position) {
      await undefined;
      return fs.readSync(fd, buffer, offset, length, position < 0 ? null : position) || 0;
    }

    async function read(handle, bufferOrParams, offset, length, position) {
      let buffer = bufferOrParams;
      if (!ArrayBuffer.isView(buffer)) {
        if (bufferOrParams !== undefined && bufferOrParams !== null && typeof bufferOrParams !== 'object') {
          throw argType('options', 'of type object', bufferOrParams);
        }
        ({ buffer = Buffer.alloc(16384), offset = 0, length = buffer.byteLength - offset, position = null } = bufferOrParams ?? {});
        if (!ArrayBuffer.isView(buffer)) throw argType('buffer', 'an instance of Buffer, TypedArray, or DataView', buffer);
      }
      if (offset !== null && typeof offset === 'object') {
        ({ offset = 0, length = buffer.byteLength - offset, position = null } = offset);
      }
      offset ??= 0;
      if (!Number.isInteger(offset) || offset < 0) {
        throw codeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "offset" is out of range. It must be >= 0 && <= ${buffer.byteLength}. Received ${offset}`);
      }
      length ??= buffer.byteLength - offset;
      if (length === 0) return { __proto__: null, bytesRead: 0, buffer };
      if (buffer.byteLength === 0) {
        throw codeError(Error, 'ERR_INVALID_ARG_VALUE', "The argument 'buffer' is empty and cannot be written.");
      }
      if (length < 0 || offset + length > buffer.byteLength) {
        throw codeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "length" is out of range. It must be >= 0 && <= ${buffer.byteLength - offset}. Received ${length}`);
      }
      const pos = position == null ? -1 : Number(position);
      const bytesRead = await call(handle, 'read', (fd) => readAt(fd, buffer, offset, length, pos));
      return { __proto__: null, bytesRead, buffer };
    }

    async function write(handle, buffer, offsetOrOptions, length, position) {
      if (buffer?.byteLength === 0) return { __proto__: null, bytesWritten: 0, buffer };
      if (ArrayBuffer.isView(buffer)) {
        let offset = offsetOrOptions;
        if (offset !== null && typeof offset === 'object') {
          ({ offset = 0, length = buffer.byteLength - offset, position = null } = offset);
        }
        offset ??= 0;
        if (typeof length !== 'number') length = buffer.byteLength - offset;
        if (typeof position !== 'number') position = null;
        if (offset < 0 || length < 0 || offset + length > buffer.byteLength) {
          throw codeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "length" is out of range. It must be >= 0 && <= ${buffer.byteLength - offset}. Received ${length}`);
        }
        const bytesWritten = await call(handle, 'write', async (fd) => {
          await undefined;
          return fs.writeSync(fd, buffer, offset, length, position);
        });
        return { __proto__: null, bytesWritten, buffer };
      }
      if (typeof buffer !== 'string') {
        throw argType('buffer', 'of type string or an instance of Buffer, TypedArray, or DataView', buffer);
      }
      // write(string, position, encoding)
      const bytesWritten = await call(handle, 'write', async (fd) => {
        await undefined;
        return fs.writeSync(fd, buffer, typeof offsetOrOptions === 'number' ? offsetOrOptions : null, length ?? 'utf8');
      });
      return { __proto__: null, bytesWritten, buffer };
    }

    // readFile reads from the current position to the end.
    async function readFile(handle, options) {
      const encoding = typeof options === 'string' ? options : options?.encoding;
      const chunks = [];
      await call(handle, 'read', async (fd) => {
        for (;;) {
          const chunk = Buffer.allocUnsafe(64 * 1024);
          const n = await readAt(fd, chunk, 0, chunk.length, -1);
          if (n === 0) break;
          chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
        }
      });
      const all = Buffer.concat(chunks);
      return encoding ? all.toString(encoding) : all;
    }

    // writeFile writes from the current position.
    async function writeFile(handle, data, options) {
      const encoding = (typeof options === 'string' ? options : options?.encoding) ?? 'utf8';
      if (typeof data !== 'string' && !ArrayBuffer.isView(data)) {
        throw argType('data', 'of type string or an instance of Buffer, TypedArray, or DataView', data);
      }
      const bytes = typeof data === 'string' ? Buffer.from(data, encoding) : data;
      await call(handle, 'write', async (fd) => {
        let done = 0;
        while (done < bytes.byteLength) {
          await undefined;
          done += fs.writeSync(fd, bytes, done, bytes.byteLength - done, null);
        }
      });
    }

    class FileHandle extends EE {
      constructor(fd) {
        super();
        this[kFd] = fd;
        this[kRefs] = 1;
        this[kClosePromise] = null;
        this[kLocked] = false;
      }
      get fd() {
        return this[kFd];
      }
      close() {
        if (this[kFd] === -1) return Promise.resolve();
        if (this[kClosePromise]) return this[kClosePromise];
        this[kRefs]--;
        if (this[kRefs] === 0) {
          const fd = this[kFd];
          this[kFd] = -1;
          this[kClosePromise] = promisified(fs.close, fd).finally(() => {
            this[kClosePromise] = undefined;
          });
        } else {
          // Operations are in flight: the last to end closes.
          this[kClosePromise] = new Promise((resolve, reject) => {
            this[kCloseResolve] = resolve;
            this[kCloseReject] = reject;
          }).finally(() => {
            this[kClosePromise] = undefined;
            this[kCloseResolve] = undefined;
            this[kCloseReject] = undefined;
          });
        }
        this.emit('close');
        return this[kClosePromise];
      }
      stat(options) {
        return call(this, 'fstat', (fd) => promisified(fs.fstat, fd, options ?? {}));
      }
      read(buffer, offset, length, position) {
        return read(this, buffer, offset, length, position);
      }
      write(buffer, offsetOrOptions, length, position) {
        return write(this, buffer, offsetOrOptions, length, position);
      }
      readFile(options) {
        return readFile(this, options);
      }
      writeFile(data, options) {
        return writeFile(this, data, options);
      }
      appendFile(data, options) {
        return writeFile(this, data, options);
      }
      truncate(len = 0) {
        return call(this, 'ftruncate', (fd) => promisified(fs.ftruncate, fd, len));
      }
      sync() {
        return call(this, 'fsync', (fd) => promisified(fs.fsync, fd));
      }
      chmod(mode) {
        return call(this, 'fchmod', (fd) => promisified(fs.fchmod, fd, mode));
      }
      chown(uid, gid) {
        return call(this, 'fchown', (fd) => promisified(fs.fchown, fd, uid, gid));
      }
      utimes(atime, mtime) {
        return call(this, 'futime', (fd) => promisified(fs.futimes, fd, atime, mtime));
      }
      datasync() {
        return call(this, 'fdatasync', (fd) => promisified(fs.fsync, fd));
      }
      // readableWebStream is a byte stream (Node 22 makes one whatever
      // options.type says) reading from the current position; closing the
      // handle closes it, as in Node 22.
      readableWebStream(options = {}) {
        if (this[kFd] === -1) throw invalidState('The FileHandle is closed');
        if (this[kClosePromise]) throw invalidState('The FileHandle is closing');
        if (this[kLocked]) throw invalidState('The FileHandle is locked');
        this[kLocked] = true;
        if (options?.type !== undefined && typeof options.type !== 'string') throw argType('options.type', 'of type string', options.type);
        let controller;
        let closed = false;
        const close = () => {
          if (closed) return;
          closed = true;
          controller.close();
          controller.byobRequest?.respond(0);
        };
        this.once('close', () => {
          try {
            close();
          } catch {
            // errored or cancelled meanwhile
          }
        });
        return new globalThis.ReadableStream({
          type: 'bytes',
          autoAllocateChunkSize: 16384,
          start: (c) => {
            controller = c;
          },
          pull: async (c) => {
            if (this[kFd] === -1) return close();
            const view = c.byobRequest.view;
            const { bytesRead } = await this.read(view, 0, view.byteLength);
            if (bytesRead === 0) return close();
            c.byobRequest.respond(bytesRead);
          },
          cancel: () => {
            closed = true;
          },
        });
      }
      readv(buffers, position) {
        return call(this, 'read', async (fd) => {
          let bytesRead = 0;
          let pos = typeof position === 'number' ? position : -1;
          for (const b of buffers) {
            const n = await readAt(fd, b, 0, b.byteLength, pos);
            bytesRead += n;
            if (pos >= 0) pos += n;
            if (n < b.byteLength) break;
          }
          return { __proto__: null, bytesRead, buffers };
        });
      }
      writev(buffers, position) {
        return call(this, 'write', async (fd) => {
          let bytesWritten = 0;
          let pos = typeof position === 'number' ? position : null;
          for (const b of buffers) {
            await undefined;
            const n = fs.writeSync(fd, b, 0, b.byteLength, pos);
            bytesWritten += n;
            if (pos !== null) pos += n;
          }
          return { __proto__: null, bytesWritten, buffers };
        });
      }
      createReadStream(options = undefined) {
        return new ReadStream(this, options ?? {});
      }
      createWriteStream(options = undefined) {
        return new WriteStream(this, options ?? {});
      }
      readLines(options = undefined) {
        return require('readline').createInterface({ input: this.createReadStream(options), crlfDelay: Infinity });
      }
      [asyncDispose]() {
        return this.close();
      }
    }

    // The streams of a FileHandle, as Node's fs.ReadStream / WriteStream
    // given one: from start (else the current position) to end inclusive;
    // with autoClose (the default) the handle closes when they do.
    const { Readable, Writable } = require('stream');
    class ReadStream extends Readable {
      constructor(handle, options) {
        super({ highWaterMark: options.highWaterMark ?? 64 * 1024, encoding: options.encoding, emitClose: options.emitClose ?? true, signal: options.signal });
        this.handle = handle;
        this.start = options.start;
        this.end = options.end ?? Infinity;
        this.pos = this.start;
        this.bytesRead = 0;
        this.autoClose = options.autoClose ?? true;
      }
      get fd() {
        return this.handle.fd;
      }
      _read(n) {
        n = this.pos !== undefined ? Math.min(this.end - this.pos + 1, n) : Math.min(this.end - this.bytesRead + 1, n);
        if (n <= 0) {
          this.push(null);
          return;
        }
        this.handle.read(Buffer.allocUnsafe(n), 0, n, this.pos ?? null).then(
          ({ bytesRead, buffer }) => {
            if (bytesRead === 0) {
              this.push(null);
              return;
            }
            if (this.pos !== undefined) this.pos += bytesRead;
            this.bytesRead += bytesRead;
            this.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
          },
          (err) => this.destroy(err),
        );
      }
      _destroy(err, cb) {
        if (!this.autoClose) return cb(err);
        this.handle.close().then(() => cb(err), (e) => cb(err || e));
      }
    }
    class WriteStream extends Writable {
      constructor(handle, options) {
        super({ highWaterMark: options.highWaterMark, decodeStrings: true, emitClose: options.emitClose ?? true, signal: options.signal });
        this.handle = handle;
        this.start = options.start;
        this.pos = this.start;
        this.bytesWritten = 0;
        this.autoClose = options.autoClose ?? true;
        if (options.encoding) this.setDefaultEncoding(options.encoding);
      }
      get fd() {
        return this.handle.fd;
      }
      _write(chunk, encoding, cb) {
        this.handle.write(chunk, 0, chunk.length, this.pos ?? null).then(({ bytesWritten }) => {
          this.bytesWritten += bytesWritten;
          if (this.pos !== undefined) this.pos += bytesWritten;
          cb();
        }, cb);
      }
      _destroy(err, cb) {
        if (!this.autoClose) return cb(err);
        this.handle.close().then(() => cb(err), (e) => cb(err || e));
      }
    }
    return FileHandle;
  }

  fs.promises.open = async function open(path, flags, mode) {
    const fd = await promisified(fs.open, path, flags ?? 'r', mode ?? 0o666);
    FileHandle ??= fileHandleClass();
    return new FileHandle(fd);
  };
});
