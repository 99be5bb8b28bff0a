'use strict';

test('plain data is copied deeply', () => {
  const v = { a: 1, s: 'x', n: null, u: undefined, b: true, big: 10n, arr: [1, [2, { c: 3 }]], neg: -0 };
  const c = structuredClone(v);
  assert(c !== v && c.arr !== v.arr && c.arr[1][1] !== v.arr[1][1], 'new objects');
  eq(c.big, 10n);
  delete c.big;
  delete v.big;
  deepEq(c, v);
  eq('u' in c, true);
  assert(Object.is(c.neg, -0), '-0 survives');
  eq(structuredClone(5), 5);
  eq(structuredClone('s'), 's');
});

test('Map, Set, Date and RegExp', () => {
  const key = { k: 1 };
  const m = new Map([[key, new Date(1234)], ['s', new Set([1, 'two', key])]]);
  const c = structuredClone(m);
  assert(c instanceof Map && c !== m, 'a new Map');
  const [[k2, d2], [s, set2]] = [...c];
  assert(k2 !== key && k2.k === 1, 'keys are cloned');
  assert(d2 instanceof Date && d2.getTime() === 1234, 'Date');
  eq(s, 's');
  assert(set2 instanceof Set && set2.has(k2), 'a shared key stays shared');
  const r = structuredClone(/a+b/gi);
  assert(r instanceof RegExp, 'RegExp');
  eq(r.source, 'a+b');
  eq(r.flags, 'gi');
});

test('cycles and shared references', () => {
  const o = { name: 'root' };
  o.self = o;
  o.list = [o, o];
  const c = structuredClone(o);
  assert(c !== o, 'new object');
  assert(c.self === c, 'cycle');
  assert(c.list[0] === c && c.list[1] === c, 'shared references');
});

test('ArrayBuffer and typed arrays', () => {
  const buf = new ArrayBuffer(8);
  const u8 = new Uint8Array(buf, 2, 4);
  u8.set([1, 2, 3, 4]);
  const f64 = new Float64Array([1.5]);
  const c = structuredClone({ buf, u8, f64, dv: new DataView(buf, 1, 2) });
  assert(c.buf !== buf && c.buf.byteLength === 8, 'ArrayBuffer copied');
  assert(c.u8.buffer === c.buf, 'views share the cloned buffer');
  eq(c.u8.byteOffset, 2);
  deepEq(Array.from(c.u8), [1, 2, 3, 4]);
  eq(c.f64[0], 1.5);
  assert(c.dv instanceof DataView && c.dv.buffer === c.buf && c.dv.byteOffset === 1, 'DataView');
  u8[0] = 9;
  eq(c.u8[0], 1, 'independent of the original');
});

test('transfer detaches the original buffer', () => {
  const buf = new Uint8Array([1, 2, 3]).buffer;
  const c = structuredClone({ buf }, { transfer: [buf] });
  eq(c.buf.byteLength, 3);
  eq(buf.byteLength, 0);
  throws(() => structuredClone(1, { transfer: [{}] }), isDOMException('DataCloneError'));
});

test('errors keep name, message and cause', () => {
  const c = structuredClone(new RangeError('bad', { cause: { x: 1 } }));
  assert(c instanceof RangeError, 'RangeError');
  eq(c.message, 'bad');
  eq(c.cause.x, 1);
  const d = structuredClone(new DOMException('m', 'AbortError'));
  isDOMException('AbortError')(d);
});

test('class instances become plain objects', () => {
  class P { constructor() { this.x = 1; } get y() { return 2; } }
  const c = structuredClone(new P());
  eq(Object.getPrototypeOf(c), Object.prototype);
  deepEq(c, { x: 1 });
  const withProto = structuredClone(JSON.parse('{"__proto__": {"evil": true}}'));
  eq(withProto.evil, undefined);
  eq(Object.keys(withProto).join(), '__proto__');
});

test('functions and symbols throw DataCloneError', () => {
  throws(() => structuredClone(() => 1), isDOMException('DataCloneError'));
  throws(() => structuredClone({ f() {} }), isDOMException('DataCloneError'));
  throws(() => structuredClone(Symbol('s')), isDOMException('DataCloneError'));
  throws(() => structuredClone([Symbol.iterator]), isDOMException('DataCloneError'));
  const e = throws(() => structuredClone(function named() {}), isDOMException('DataCloneError'));
  eq(e.code, 25);
  assert(e.message.endsWith('could not be cloned.'), e.message);
});

test('platform objects throw DataCloneError', () => {
  throws(() => structuredClone(new AbortController().signal), isDOMException('DataCloneError'));
  throws(() => structuredClone(Promise.resolve()), isDOMException('DataCloneError'));
  throws(() => structuredClone(new WeakMap()), isDOMException('DataCloneError'));
  throws(() => structuredClone(new TextEncoder()), isDOMException('DataCloneError'));
});

test('needs a value', () => {
  throws(() => structuredClone(), isError(TypeError));
});
