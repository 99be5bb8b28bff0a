'use strict';

function bytes(u8) {
  return Array.from(u8);
}

test('round trip of non-ASCII and emoji', () => {
  const s = 'héllo wörld ✓ 😀 日本語';
  const enc = new TextEncoder();
  const b = enc.encode(s);
  assert(b instanceof Uint8Array, 'encode returns a Uint8Array');
  eq(b.length, 32);
  eq(new TextDecoder().decode(b), s);
  eq(enc.encoding, 'utf-8');
  deepEq(bytes(enc.encode('😀')), [0xf0, 0x9f, 0x98, 0x80]);
  eq(enc.encode().length, 0);
});

test('lone surrogates encode as U+FFFD', () => {
  deepEq(bytes(new TextEncoder().encode('a\ud800b')), [0x61, 0xef, 0xbf, 0xbd, 0x62]);
});

test('decode accepts ArrayBuffer, views and nothing', () => {
  const b = new TextEncoder().encode('xyz😀');
  const d = new TextDecoder();
  eq(d.decode(b.buffer), 'xyz😀');
  eq(d.decode(new DataView(b.buffer)), 'xyz😀');
  eq(d.decode(b.subarray(1, 3)), 'yz');
  eq(d.decode(new Uint16Array(new Uint8Array([0x68, 0x69]).buffer)), 'hi');
  eq(d.decode(), '');
  throws(() => d.decode('abc'), isError(TypeError));
  throws(() => d.decode([104, 105]), isError(TypeError));
});

test('encodeInto writes whole characters that fit', () => {
  const dst = new Uint8Array(5);
  const r = new TextEncoder().encodeInto('a😀b', dst);
  eq(r.read, 3);
  eq(r.written, 5);
  deepEq(bytes(dst), [0x61, 0xf0, 0x9f, 0x98, 0x80]);
  const small = new Uint8Array(3);
  const r2 = new TextEncoder().encodeInto('a😀', small);
  eq(r2.read, 1);
  eq(r2.written, 1);
  throws(() => new TextEncoder().encodeInto('a', []), isError(TypeError));
});

test('invalid bytes become U+FFFD per maximal subpart', () => {
  const s = new TextDecoder().decode(new Uint8Array([0xe2, 0x82, 0x41, 0xed, 0xa0, 0x80, 0xff, 0xf0, 0x9f]));
  eq(s, '\ufffdA\ufffd\ufffd\ufffd\ufffd\ufffd');
});

test('fatal decoder throws TypeError on invalid bytes', () => {
  const d = new TextDecoder('utf-8', { fatal: true });
  eq(d.fatal, true);
  const err = throws(() => d.decode(new Uint8Array([0x61, 0xff])), isError(TypeError));
  eq(err.code, 'ERR_ENCODING_INVALID_ENCODED_DATA');
  throws(() => d.decode(new Uint8Array([0xf0, 0x9f])), isError(TypeError), 'truncated at the end');
  eq(d.decode(new Uint8Array([0x61])), 'a', 'usable after an error');
});

test('BOM is stripped unless ignoreBOM', () => {
  const withBOM = new Uint8Array([0xef, 0xbb, 0xbf, 0x41]);
  eq(new TextDecoder().decode(withBOM), 'A');
  eq(new TextDecoder('utf-8', { ignoreBOM: true }).decode(withBOM), '\ufeffA');
  eq(new TextDecoder().decode(new Uint8Array([0x41, 0xef, 0xbb, 0xbf])), 'A\ufeff', 'only a leading BOM');
});

test('streaming keeps split characters whole', () => {
  const d = new TextDecoder();
  let s = d.decode(new Uint8Array([0xef, 0xbb]), { stream: true });
  s += d.decode(new Uint8Array([0xbf, 0xf0, 0x9f]), { stream: true });
  s += d.decode(new Uint8Array([0x98, 0x80, 0x21]));
  eq(s, '😀!');
  eq(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x42])), 'B', 'a new stream strips its BOM again');
});

test('labels', () => {
  eq(new TextDecoder(' UTF8 ').encoding, 'utf-8');
  eq(new TextDecoder('unicode-1-1-utf-8').encoding, 'utf-8');
  eq(new TextDecoder('latin1').encoding, 'windows-1252');
  eq(new TextDecoder('UTF-16').encoding, 'utf-16le');
  const err = throws(() => new TextDecoder('no-such-encoding'), isError(RangeError));
  eq(err.code, 'ERR_ENCODING_NOT_SUPPORTED');
  // The replacement encoding's labels are not decodable.
  throws(() => new TextDecoder('iso-2022-kr'), isError(RangeError));
});

test('legacy encodings', () => {
  eq(new TextDecoder('latin1').decode(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x80])), 'café€');
  eq(new TextDecoder('utf-16le').decode(new Uint8Array([0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde])), '😀');
  eq(new TextDecoder('utf-16be').decode(new Uint8Array([0x00, 0x41, 0xd8])), 'A\ufffd');
  const d = new TextDecoder('utf-16le');
  let s = d.decode(new Uint8Array([0x3d]), { stream: true });
  s += d.decode(new Uint8Array([0xd8, 0x00]), { stream: true });
  s += d.decode(new Uint8Array([0xde]));
  eq(s, '😀', 'streaming keeps split code units and surrogate pairs');
  const err = throws(() => new TextDecoder('utf-16le', { fatal: true }).decode(new Uint8Array([0x00, 0xd8])), isError(TypeError));
  eq(err.code, 'ERR_ENCODING_INVALID_ENCODED_DATA');
  eq(new TextDecoder('utf-16le', { fatal: true }).decode(new Uint8Array([0xfd, 0xff])), '\ufffd', 'an encoded U+FFFD is valid');
  eq(new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])), 'あ');
  throws(() => new TextDecoder('shift_jis', { fatal: true }).decode(new Uint8Array([0x82])), isError(TypeError));
});
