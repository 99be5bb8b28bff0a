const { Buffer: B, constants, kMaxLength, isUtf8, isAscii } = require('buffer');
check(B === Buffer, 'Buffer global is the module export');
eq([constants.MAX_LENGTH, kMaxLength], [4294967296, 4294967296], 'constants');

// Subclass of Uint8Array, including what TypedArray methods create.
const b = Buffer.from('hello');
check(b instanceof Uint8Array && b instanceof Buffer && Buffer.isBuffer(b) && !Buffer.isBuffer(new Uint8Array(1)), 'instanceof');
check(Object.getPrototypeOf(Buffer.prototype) === Uint8Array.prototype, 'prototype chain');
check(b.subarray(1) instanceof Buffer && b.slice(1) instanceof Buffer && b.map((x) => x) instanceof Buffer, 'species');
const shared = b.slice(1, 3);
shared[0] = 0x45;
eq(b.toString(), 'hEllo', 'slice shares memory');
eq(new TextDecoder().decode(Buffer.from('héllo')), 'héllo', 'usable as Uint8Array');

// Encodings round trip, compared with node 20.
const s = 'héllo wörld €😀 \u0000\ud800x';
eq(Buffer.from(s).toString('hex'), '68c3a96c6c6f2077c3b6726c6420e282acf09f98802000efbfbd78', 'utf8');
eq(Buffer.from(s).toString('base64'), 'aMOpbGxvIHfDtnJsZCDigqzwn5iAIADvv714', 'base64');
eq(Buffer.from(s).toString('base64url'), 'aMOpbGxvIHfDtnJsZCDigqzwn5iAIADvv714', 'base64url');
for (const enc of ['latin1', 'binary', 'ascii']) eq(Buffer.from(s, enc).toString('hex'), '68e96c6c6f2077f6726c6420ac3d0020000078', enc);
eq(Buffer.from(s, 'utf16le').toString('hex'), '6800e9006c006c006f0020007700f60072006c0064002000ac203dd800de2000000000d87800', 'utf16le');
eq(Buffer.from(s, 'ucs2').toString('ucs2'), s, 'utf16le round trip');
eq(Buffer.from(s, 'latin1').toString('latin1'), 'héllo wörld ¬=\u0000 \u0000\u0000x', 'latin1 round trip');
for (const enc of ['hex', 'base64', 'base64url']) {
  eq(Buffer.from(Buffer.from(s).toString(enc), enc).toString(), 'héllo wörld €😀 \u0000\ufffdx', `${enc} round trip`);
}
eq(Buffer.from([0xf0, 0x9f, 0x98, 0xe2, 0x82, 0x61, 0xc0, 0xaf, 0xed, 0xa0, 0x80]).toString(), '\ufffd\ufffda\ufffd\ufffd\ufffd\ufffd\ufffd', 'invalid utf8');
eq(Buffer.from('\ufeffa').toString(), '\ufeffa', 'BOM kept');
eq(Buffer.from([0xe9, 0x80]).toString('ascii'), 'i\u0000', 'ascii decode');
eq(Buffer.from([250, 251, 252, 253]).toString('base64url'), '-vv8_Q', 'base64url unpadded');
eq(Buffer.from('aGVsbG8', 'base64url').toString(), 'hello', 'base64url decode');
for (const [input, hex] of [['ab$cd', '69b71d'], ['YWJj ZA==', '61626364'], ['YWJjZA==YWJj', '61626364'], ['YW-_', '616fbf'], ['Y', ''], ['YWJ=ZA', '6162']]) {
  eq(Buffer.from(input, 'base64').toString('hex'), hex, `lenient base64 ${input}`);
}
eq(Buffer.from('abcxyz12g', 'hex').toString('hex'), 'ab', 'hex stops at invalid');
eq(Buffer.from('abc', 'hex').toString('hex'), 'ab', 'hex odd');
throwsWith(() => Buffer.from('x', 'nope'), (e) => e.code === 'ERR_UNKNOWN_ENCODING', 'unknown encoding');
check(Buffer.isEncoding('UTF-8') && Buffer.isEncoding('latin1') && !Buffer.isEncoding('nope'), 'isEncoding');

// byteLength.
eq([Buffer.byteLength(s), Buffer.byteLength(s, 'utf16le'), Buffer.byteLength('a€😀'), Buffer.byteLength('abc', 'hex'),
  Buffer.byteLength('YWJjZA==', 'base64'), Buffer.byteLength('YWJjZA', 'base64'), Buffer.byteLength(new Uint16Array(3))],
[27, 38, 8, 1, 4, 4, 6], 'byteLength');

// from(array|ArrayBuffer|Buffer|view), alloc, concat.
eq([...Buffer.from([1, 257, -1, 'a'])], [1, 1, 255, 0], 'from array');
const ab = new ArrayBuffer(4);
const view = Buffer.from(ab, 1, 2);
view[0] = 9;
eq([new Uint8Array(ab)[1], view.length], [9, 2], 'from ArrayBuffer shares memory');
const copy = Buffer.from(b);
copy[0] = 0;
check(b[0] !== 0, 'from Buffer copies');
eq([...Buffer.from(new Uint16Array([1, 256]))], [1, 0], 'from Uint16Array truncates');
eq(Buffer.from({ type: 'Buffer', data: [1, 2] }).toString('hex'), '0102', 'from toJSON');
throwsWith(() => Buffer.from(5), (e) => e.code === 'ERR_INVALID_ARG_TYPE', 'from number');
eq(Buffer.alloc(4, 'ab').toString(), 'abab', 'alloc fill string');
eq([...Buffer.alloc(3, 7)], [7, 7, 7], 'alloc fill number');
eq([...Buffer.allocUnsafe(2)].length, 2, 'allocUnsafe');
throwsWith(() => Buffer.alloc(-1), (e) => e.code === 'ERR_OUT_OF_RANGE', 'alloc negative');
eq(Buffer.concat([Buffer.from('ab'), new Uint8Array([99]), Buffer.from('d')]).toString(), 'abcd', 'concat');
eq(Buffer.concat([Buffer.from('abc')], 5).toString('hex'), '6162630000', 'concat totalLength pads');
eq(Buffer.concat([Buffer.from('abc')], 2).toString(), 'ab', 'concat totalLength truncates');
eq(Buffer.concat([]).length, 0, 'concat empty');

// Comparison, search, slicing.
check(Buffer.from('abc').equals(Buffer.from('abc')) && !Buffer.from('abc').equals(Buffer.from('abd')), 'equals');
eq([Buffer.compare(Buffer.from('a'), Buffer.from('b')), Buffer.compare(Buffer.from('b'), Buffer.from('a')), Buffer.from('a').compare(Buffer.from('a'))], [-1, 1, 0], 'compare');
const hello = Buffer.from('hello');
eq([hello.indexOf(''), hello.indexOf('', 10), hello.lastIndexOf('l'), hello.lastIndexOf('l', -3), hello.indexOf('l', -2),
  hello.indexOf(108, 10), hello.lastIndexOf(''), hello.lastIndexOf('', 2), hello.indexOf(Buffer.from('lo')), hello.indexOf('x')],
[0, 5, 3, 2, 3, -1, 5, 2, 3, -1], 'indexOf');
check(hello.includes('ell') && !hello.includes('elk') && hello.includes(104), 'includes');
eq(hello.toString('utf8', 1, 3), 'el', 'toString range');
eq(hello.toString(undefined, -5, 100), 'hello', 'toString clamps');
eq(hello.toJSON(), { type: 'Buffer', data: [104, 101, 108, 108, 111] }, 'toJSON');
eq(JSON.stringify(Buffer.from('a')), '{"type":"Buffer","data":[97]}', 'JSON.stringify');

// write, copy, fill.
const w = Buffer.from('hello');
eq([w.write('xyz€', 3), w.toString()], [2, 'helxy'], 'write truncates');
const w2 = Buffer.alloc(5);
eq(w2.write('€€', 1), 3, 'write never splits a character');
eq(Buffer.alloc(4).write('6162', 'hex'), 2, 'write hex');
const target = Buffer.alloc(6, '.');
eq([Buffer.from('abc').copy(target, 2), target.toString()], [3, '..abc.'], 'copy');
eq([Buffer.from('abcdef').copy(target, 4, 1), target.toString()], [2, '..abbc'], 'copy clipped');
eq(Buffer.alloc(5).fill('ab', 1, 4).toString('hex'), '0061626100', 'fill range');
eq(Buffer.alloc(3).fill('').toString('hex'), '000000', 'fill empty string');

// Numbers.
const n = Buffer.alloc(16);
eq(n.writeUInt8(255, 0), 1, 'writeUInt8 returns offset');
n.writeUInt16LE(0x1234, 1);
n.writeUInt16BE(0x1234, 3);
n.writeUInt32LE(0xdeadbeef, 5);
n.writeUInt32BE(0xdeadbeef, 9);
n.writeInt8(-2, 13);
eq(n.toString('hex', 0, 14), 'ff34121234efbeaddedeadbeeffe', 'writes');
eq([n.readUInt8(0), n.readUInt16LE(1), n.readUInt16BE(3), n.readUInt32LE(5), n.readUInt32BE(9), n.readInt8(13), n.readUint16LE(1)],
  [255, 0x1234, 0x1234, 0xdeadbeef, 0xdeadbeef, -2, 0x1234], 'reads');
const f = Buffer.alloc(8);
f.writeDoubleLE(1.5);
eq(f.readDoubleLE(0), 1.5, 'double');
f.writeUIntBE(0x123456, 0, 3);
eq([f.readUIntBE(0, 3), f.readIntLE(0, 3)], [0x123456, 0x563412], 'variable width');
throwsWith(() => n.readUInt32LE(14), (e) => e.code === 'ERR_OUT_OF_RANGE', 'read out of range');
throwsWith(() => n.writeUInt8(256, 0), (e) => e.code === 'ERR_OUT_OF_RANGE' && e.message.includes('>= 0 and <= 255'), 'write value range');
eq(Buffer.from([1, 2, 3, 4]).swap16().toString('hex'), '02010403', 'swap16');

check(isUtf8(Buffer.from('é')) && !isUtf8(Buffer.from([0xff])), 'isUtf8');
check(isAscii(Buffer.from('abc')) && !isAscii(Buffer.from('é')), 'isAscii');

// Node's per-encoding methods, which some packages (undici) call directly.
{
  const b = Buffer.from('héllo');
  eq([b.utf8Slice(1, 3), b.hexSlice(), b.latin1Slice(0, 2), b.base64Slice(), b.asciiSlice(1), b.utf8Write('ab', 1), b.toString(), b.hexWrite('ff', 0), b[0]],
    ['é', '68c3a96c6c6f', 'hÃ', 'aMOpbGxv', 'C)llo', 2, 'habllo', 1, 255], 'xSlice/xWrite');
}
