// TextEncoder and TextDecoder (every WHATWG encoding; utf-8 in encoding.go,
// the others in encoding_legacy.go). Go does the byte work.
(function (internal) {
  'use strict';

  const { utf8Encode, utf8EncodeInto, newUTF8Decoder, utf8Decode } = internal;
  const typedArrayTag = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;
  const byteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
  const isView = ArrayBuffer.isView;

  // Brand checks that, unlike instanceof, a prototype swap cannot fool;
  // the Go helpers rely on them.
  function isUint8Array(v) {
    return typedArrayTag.call(v) === 'Uint8Array';
  }

  function isArrayBuffer(v) {
    try {
      byteLength.call(v);
      return true;
    } catch {
      return false;
    }
  }

  class TextEncoder {
    get encoding() {
      return 'utf-8';
    }

    encode(input = '') {
      return new Uint8Array(utf8Encode(`${input}`));
    }

    encodeInto(source, destination) {
      if (!isUint8Array(destination)) {
        throw new TypeError('The "dest" argument must be an instance of Uint8Array.');
      }
      return utf8EncodeInto(`${source}`, destination);
    }
  }
  Object.defineProperty(TextEncoder.prototype, Symbol.toStringTag, { value: 'TextEncoder', configurable: true });

  // The WHATWG labels of utf-8.
  const labels = new Set(['unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'utf-8', 'utf8', 'x-unicode20utf8']);

  class TextDecoder {
    #decoder;
    #fatal;
    #ignoreBOM;

    #encoding = 'utf-8';
    #legacy = false; // decoded by encoding_legacy.go

    constructor(label = 'utf-8', options = undefined) {
      const utf8 = labels.has(`${label}`.trim().toLowerCase());
      const legacy = utf8 ? null : internal.newLegacyDecoder(`${label}`, !!options?.fatal, !!options?.ignoreBOM);
      if (!utf8 && legacy === null) {
        const err = new RangeError(`The "${label}" encoding is not supported`);
        err.code = 'ERR_ENCODING_NOT_SUPPORTED';
        throw err;
      }
      if (options !== undefined && options !== null && typeof options !== 'object') {
        throw new TypeError('The "options" argument must be of type object.');
      }
      this.#fatal = !!options?.fatal;
      this.#ignoreBOM = !!options?.ignoreBOM;
      if (utf8) {
        this.#decoder = newUTF8Decoder(this.#fatal, this.#ignoreBOM);
      } else {
        this.#decoder = legacy[0];
        this.#encoding = legacy[1];
        this.#legacy = true;
      }
    }

    get encoding() {
      return this.#encoding;
    }

    get fatal() {
      return this.#fatal;
    }

    get ignoreBOM() {
      return this.#ignoreBOM;
    }

    decode(input = undefined, options = undefined) {
      if (input !== undefined && !isView(input) && !isArrayBuffer(input)) {
        throw new TypeError('The "input" argument must be an instance of ArrayBuffer or ArrayBufferView.');
      }
      if (this.#legacy) return internal.legacyDecode(this.#decoder, input, !!options?.stream);
      return utf8Decode(this.#decoder, input, !!options?.stream);
    }
  }
  Object.defineProperty(TextDecoder.prototype, Symbol.toStringTag, { value: 'TextDecoder', configurable: true });

  return { TextEncoder, TextDecoder };
})
