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
  const err = throws(() => new TextDecoder('latin1'), isError(RangeError));
  eq(err.code, 'ERR_ENCODING_NOT_SUPPORTED');
});
