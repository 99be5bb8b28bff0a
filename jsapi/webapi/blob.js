// Blob, File, FormData and navigator, shaped like Node 22's (undici's).
// Blob bytes live in one Uint8Array; blobBytes lets FormData's multipart
// encoder and structuredClone read them synchronously.
(function (internal) {
  'use strict';

  const encoder = new internal.TextEncoder();
  const bytesOf = new WeakMap(); // Blob → Uint8Array
  const typedArrayTag = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;

  function toBytes(part, endings) {
    if (part instanceof Blob) return bytesOf.get(part);
    if (part instanceof ArrayBuffer) return new Uint8Array(part.slice(0));
    if (ArrayBuffer.isView(part)) return new Uint8Array(part.buffer.slice(part.byteOffset, part.byteOffset + part.byteLength));
    let s = `${part}`;
    if (endings === 'native') s = s.replace(/\r?\n/g, '\n'); // as undici: a lone \r stays
    return encoder.encode(s);
  }

  function normalizeType(type) {
    const t = `${type}`;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c < 0x20 || c > 0x7e) return '';
    }
    return t.toLowerCase();
  }

  function concat(chunks) {
    let n = 0;
    for (const c of chunks) n += c.length;
    const out = new Uint8Array(n);
    let off = 0;
    for (const c of chunks) {
      out.set(c, off);
      off += c.length;
    }
    return out;
  }

  class Blob {
    #type;
    constructor(blobParts = [], options = undefined) {
      if (blobParts === null || (typeof blobParts !== 'object' && typeof blobParts !== 'function') || typeof blobParts[Symbol.iterator] !== 'function') {
        if (blobParts !== undefined) {
          throw new TypeError("Failed to construct 'Blob': The provided value cannot be converted to a sequence.");
        }
      }
      const opts = options ?? {};
      const endings = opts.endings === undefined ? 'transparent' : `${opts.endings}`;
      if (endings !== 'transparent' && endings !== 'native') {
        throw new TypeError(`Failed to construct 'Blob': The provided value '${endings}' is not a valid enum value of type EndingType.`);
      }
      const chunks = [];
      for (const part of blobParts ?? []) chunks.push(toBytes(part, endings));
      bytesOf.set(this, concat(chunks));
      this.#type = opts.type === undefined ? '' : normalizeType(opts.type);
    }
    get size() {
      return blobBytes(this).length;
    }
    get type() {
      blobBytes(this);
      return this.#type;
    }
    slice(start = undefined, end = undefined, contentType = undefined) {
      const bytes = blobBytes(this);
      const n = bytes.length;
      const rel = (v, d) => {
        if (v === undefined) return d;
        const x = Math.trunc(Number(v)) || 0;
        return x < 0 ? Math.max(n + x, 0) : Math.min(x, n);
      };
      const from = rel(start, 0);
      const to = rel(end, n);
      const out = new Blob([], { type: contentType === undefined ? '' : contentType });
      bytesOf.set(out, bytes.slice(from, Math.max(from, to)));
      return out;
    }
    arrayBuffer() {
      try {
        return Promise.resolve(blobBytes(this).slice().buffer);
      } catch (e) {
        return Promise.reject(e);
      }
    }
    bytes() {
      try {
        return Promise.resolve(blobBytes(this).slice());
      } catch (e) {
        return Promise.reject(e);
      }
    }
    text() {
      try {
        return Promise.resolve(new internal.TextDecoder().decode(blobBytes(this)));
      } catch (e) {
        return Promise.reject(e);
      }
    }
    stream() {
      const bytes = blobBytes(this);
      let off = 0;
      // A byte stream, as Node's: BYOB readers work on it.
      return new globalThis.ReadableStream({
        type: 'bytes',
        pull(c) {
          if (off >= bytes.length) {
            c.close();
            c.byobRequest?.respond(0);
            return;
          }
          // Node hands out 64 KiB chunks.
          const chunk = bytes.slice(off, off + 65536);
          off += chunk.length;
          c.enqueue(chunk);
        },
      });
    }
  }
  Object.defineProperty(Blob.prototype, Symbol.toStringTag, { value: 'Blob', configurable: true });

  function blobBytes(b) {
    const bytes = bytesOf.get(b);
    if (bytes === undefined) throw new TypeError('Illegal invocation');
    return bytes;
  }

  class File extends Blob {
    #name;
    #lastModified;
    constructor(fileBits, fileName, options = undefined) {
      if (arguments.length < 2) {
        throw new TypeError(`Failed to construct 'File': 2 arguments required, but only ${arguments.length} present.`);
      }
      super(fileBits, options);
      this.#name = `${fileName}`;
      const lm = options?.lastModified;
      this.#lastModified = lm === undefined ? Date.now() : Math.trunc(Number(lm)) || 0;
    }
    get name() {
      return this.#name;
    }
    get lastModified() {
      return this.#lastModified;
    }
  }
  Object.defineProperty(File.prototype, Symbol.toStringTag, { value: 'File', configurable: true });

  // ---- FormData ----

  function entryValue(value, filename) {
    if (value instanceof Blob) {
      if (value instanceof File && filename === undefined) return value;
      const name = filename !== undefined ? `${filename}` : value instanceof File ? value.name : 'blob';
      const f = new File([], name, { type: value.type, lastModified: value instanceof File ? value.lastModified : undefined });
      bytesOf.set(f, blobBytes(value));
      return f;
    }
    return `${value}`;
  }

  class FormData {
    #entries = [];
    constructor(form = undefined) {
      if (form !== undefined) {
        throw new TypeError("Failed to construct 'FormData': parameter 1 is not of type 'HTMLFormElement'.");
      }
    }
    append(name, value, filename = undefined) {
      checkArgs(arguments.length, 2, 'append');
      this.#entries.push([`${name}`, entryValue(value, filename)]);
    }
    delete(name) {
      checkArgs(arguments.length, 1, 'delete');
      const n = `${name}`;
      this.#entries = this.#entries.filter(([k]) => k !== n);
    }
    get(name) {
      checkArgs(arguments.length, 1, 'get');
      const n = `${name}`;
      const e = this.#entries.find(([k]) => k === n);
      return e === undefined ? null : e[1];
    }
    getAll(name) {
      checkArgs(arguments.length, 1, 'getAll');
      const n = `${name}`;
      return this.#entries.filter(([k]) => k === n).map(([, v]) => v);
    }
    has(name) {
      checkArgs(arguments.length, 1, 'has');
      const n = `${name}`;
      return this.#entries.some(([k]) => k === n);
    }
    set(name, value, filename = undefined) {
      checkArgs(arguments.length, 2, 'set');
      const n = `${name}`;
      const entry = [n, entryValue(value, filename)];
      const i = this.#entries.findIndex(([k]) => k === n);
      if (i < 0) {
        this.#entries.push(entry);
        return;
      }
      this.#entries[i] = entry;
      this.#entries = this.#entries.filter(([k], j) => j <= i || k !== n);
    }
    *keys() {
      for (let i = 0; i < this.#entries.length; i++) yield this.#entries[i][0];
    }
    *values() {
      for (let i = 0; i < this.#entries.length; i++) yield this.#entries[i][1];
    }
    *entries() {
      for (let i = 0; i < this.#entries.length; i++) yield [this.#entries[i][0], this.#entries[i][1]];
    }
    forEach(callback, thisArg = undefined) {
      if (typeof callback !== 'function') {
        throw new TypeError("Failed to execute 'forEach' on 'FormData': parameter 1 is not of type 'Function'.");
      }
      for (const [k, v] of this) callback.call(thisArg, v, k, this);
    }
  }
  Object.defineProperty(FormData.prototype, Symbol.iterator, { value: FormData.prototype.entries, writable: true, configurable: true });
  Object.defineProperty(FormData.prototype, Symbol.toStringTag, { value: 'FormData', configurable: true });

  function checkArgs(n, want, method) {
    if (n < want) {
      throw new TypeError(`Failed to execute '${method}' on 'FormData': ${want} argument${want > 1 ? 's' : ''} required, but only ${n} present.`);
    }
  }

  // multipart/form-data, as fetch sends a FormData body (undici's format).
  function encodeMultipart(fd) {
    const boundary = `----formdata-undici-0${`${Math.random()}`.slice(2, 13).padStart(11, '0')}`;
    const esc = (s) => s.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
    const norm = (s) => s.replace(/\r(?!\n)|(?<!\r)\n/g, '\r\n');
    const chunks = [];
    for (const [name, value] of fd) {
      if (typeof value === 'string') {
        chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${esc(norm(name))}"\r\n\r\n${norm(value)}\r\n`));
      } else {
        chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${esc(norm(name))}"; filename="${esc(value.name)}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`));
        chunks.push(blobBytes(value));
        chunks.push(encoder.encode('\r\n'));
      }
    }
    chunks.push(encoder.encode(`--${boundary}--\r\n`));
    return { bytes: concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
  }

  // parseFormData reads a body as Response.formData() does: urlencoded or
  // multipart/form-data.
  function parseFormData(bytes, contentType) {
    const fd = new FormData();
    const type = `${contentType ?? ''}`;
    const mime = type.split(';')[0].trim().toLowerCase();
    if (mime === 'application/x-www-form-urlencoded') {
      for (const [k, v] of new internal.URLSearchParams(new internal.TextDecoder().decode(bytes))) fd.append(k, v);
      return fd;
    }
    if (mime !== 'multipart/form-data') throw new TypeError('Response.formData: unsupported content type ' + JSON.stringify(type));
    const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
    if (!m) throw new TypeError('Failed to parse body as FormData.');
    const delim = encoder.encode('--' + (m[1] ?? m[2]));
    const latin = (u8) => String.fromCharCode(...u8);
    const text = latin(bytes); // byte-preserving view for searching
    const d = latin(delim);
    let pos = text.indexOf(d);
    if (pos < 0) throw new TypeError('Failed to parse body as FormData.');
    for (;;) {
      pos += d.length;
      if (text.startsWith('--', pos)) break;
      pos = text.indexOf('\r\n', pos) + 2;
      const headerEnd = text.indexOf('\r\n\r\n', pos);
      const next = text.indexOf('\r\n' + d, headerEnd);
      if (headerEnd < 0 || next < 0) throw new TypeError('Failed to parse body as FormData.');
      const headers = new internal.TextDecoder().decode(bytes.subarray(pos, headerEnd));
      const body = bytes.slice(headerEnd + 4, next);
      const disp = /content-disposition:\s*form-data\s*;([^\r\n]*)/i.exec(headers);
      if (!disp) throw new TypeError('Failed to parse body as FormData.');
      const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disp[1])?.[1] ?? '';
      const filename = /(?:^|;)\s*filename="([^"]*)"/i.exec(disp[1])?.[1];
      if (filename === undefined) {
        fd.append(name, new internal.TextDecoder().decode(body));
      } else {
        const ctype = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1] ?? '';
        const f = new File([], filename, { type: ctype });
        bytesOf.set(f, body);
        fd.append(name, f);
      }
      pos = next + 2;
    }
    return fd;
  }
  // fetch (jsapi/node/fetch.js) finds these on the constructor.
  Object.defineProperty(FormData, Symbol.for('pigo.formData.encode'), { value: encodeMultipart });
  Object.defineProperty(FormData, Symbol.for('pigo.formData.parse'), { value: parseFormData });

  internal.blobBytes = blobBytes;
  // Node 22 clones a File as a plain Blob.
  internal.cloneBlob = (b) => {
    const copy = new Blob([], { type: b.type });
    bytesOf.set(copy, blobBytes(b));
    return copy;
  };

  // ---- navigator ----
  class Navigator {
    constructor() {
      throw new TypeError('Illegal constructor');
    }
    get hardwareConcurrency() {
      return internal.navigatorInfo().hardwareConcurrency;
    }
    get language() {
      return internal.navigatorInfo().language;
    }
    get languages() {
      return [internal.navigatorInfo().language];
    }
    get userAgent() {
      return 'Node.js/22';
    }
    get platform() {
      return internal.navigatorInfo().platform;
    }
  }
  Object.defineProperty(Navigator.prototype, Symbol.toStringTag, { value: 'Navigator', configurable: true });
  const navigator = Object.create(Navigator.prototype);

  void typedArrayTag;
  return { Blob, File, FormData, Navigator, navigator };
});
