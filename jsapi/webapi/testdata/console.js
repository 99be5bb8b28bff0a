'use strict';

// last returns the last console line as "level: msg".
function last() {
  const l = logs();
  const [level, msg] = l[l.length - 1];
  return `${level}: ${msg}`;
}

test('levels reach the sink', () => {
  console.log('l');
  console.info('i');
  console.debug('d');
  console.warn('w');
  console.error('e');
  deepEq(logs(), [['log', 'l'], ['info', 'i'], ['debug', 'd'], ['warn', 'w'], ['error', 'e']]);
});

test('methods work detached', () => {
  const { log } = console;
  log('x');
  eq(last(), 'log: x');
});

test('format specifiers', () => {
  console.log('%s|%d|%i|%f|%j|%%|%c|', 'str', '42', 42.9, '3.5', { a: [1] }, 'color: red');
  eq(last(), 'log: str|42|42|3.5|{"a":[1]}|%||');
  console.log('%s %s', 1n, -0);
  eq(last(), 'log: 1n -0');
  console.log('%d %i', Symbol('s'), 7n);
  eq(last(), 'log: NaN 7n');
  console.log('%o and %O', { a: { b: { c: { d: 1 } } } }, { a: { b: { c: { d: 1 } } } });
  // Like Node, at most three nested levels share a line.
  eq(last(), 'log: {\n  a: { b: { c: { d: 1 } } }\n} and { a: { b: { c: [Object] } } }');
  console.log('%s', { a: 1 });
  eq(last(), 'log: { a: 1 }');
  console.log('%s', { toString() { return 'custom'; } });
  eq(last(), 'log: custom');
  const circular = {};
  circular.self = circular;
  console.log('%j', circular);
  eq(last(), 'log: [Circular]');
});

test('missing and extra arguments', () => {
  console.log('%s and %s', 'one');
  eq(last(), 'log: one and %s');
  console.log('a', 1, 'b', { c: 2 });
  eq(last(), 'log: a 1 b { c: 2 }');
  console.log('100%%');
  eq(last(), 'log: 100%%', 'a lone string is not formatted');
  console.log();
  eq(last(), 'log: ');
});

test('inspect primitives', () => {
  console.log(1, -0, 2n, true, null, undefined, Symbol('s'), 'top-level strings are raw');
  eq(last(), 'log: 1 -0 2n true null undefined Symbol(s) top-level strings are raw');
  console.log(['it\'s', 'say "hi"', 'both \' "', 'tab\tnew\nline']);
  eq(last(), `log: [ "it's", 'say "hi"', \`both ' "\`, 'tab\\tnew\\nline' ]`);
});

test('inspect objects and arrays', () => {
  console.log({ a: 1, 'b-c': 2, [Symbol('k')]: 3, get g() { return 1; } });
  eq(last(), "log: { a: 1, 'b-c': 2, g: [Getter], [Symbol(k)]: 3 }");
  console.log([1, 2, 3], [], {}, [, , 1]);
  eq(last(), 'log: [ 1, 2, 3 ] [] {} [ <2 empty items>, 1 ]');
  console.log({ a: { b: { c: { d: 1 } } } });
  eq(last(), 'log: { a: { b: { c: [Object] } } }');
  class Foo { constructor() { this.x = 1; } }
  console.log(new Foo(), Object.create(null));
  eq(last(), 'log: Foo { x: 1 } [Object: null prototype] {}');
});

test('inspect long values break lines like Node', () => {
  console.log({ long1: 'a'.repeat(24), long2: 'b'.repeat(28), long3: 'c'.repeat(24) });
  eq(last(), `log: {\n  long1: '${'a'.repeat(24)}',\n  long2: '${'b'.repeat(28)}',\n  long3: '${'c'.repeat(24)}'\n}`);
  console.log([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  eq(last(), 'log: [\n  1, 2, 3, 4,  5,\n  6, 7, 8, 9, 10\n]');
  console.log(new Array(101).fill(0).length, Array.from({ length: 102 }, () => 0).slice(100));
  eq(last(), 'log: 101 [ 0, 0 ]');
});

test('inspect builtins', () => {
  console.log(new Map([['k', 1]]), new Set([1, 'a']), new Map());
  eq(last(), "log: Map(1) { 'k' => 1 } Set(2) { 1, 'a' } Map(0) {}");
  console.log(new Date(0), /ab+c/gi, new Uint8Array([1, 2]), new ArrayBuffer(2));
  eq(last(), 'log: 1970-01-01T00:00:00.000Z /ab+c/gi Uint8Array(2) [ 1, 2 ] ArrayBuffer { [Uint8Contents]: <00 00>, byteLength: 2 }');
  console.log(Promise.resolve(4), new Promise(() => {}), new WeakMap());
  eq(last(), 'log: Promise { 4 } Promise { <pending> } WeakMap { <items unknown> }');
  console.log(new Number(3), new String('s'));
  eq(last(), "log: [Number: 3] [String: 's']");
});

test('inspect functions and classes', () => {
  class A {}
  class B extends A {}
  console.log(function f() {}, () => {}, async function g() {}, A, B);
  eq(last(), 'log: [Function: f] [Function (anonymous)] [AsyncFunction: g] [class A] [class B extends A]');
});

test('inspect cycles', () => {
  const o = { name: 'x' };
  o.self = o;
  o.list = [o];
  console.log(o);
  eq(last(), "log: <ref *1> { name: 'x', self: [Circular *1], list: [ [Circular *1] ] }");
});

test('inspect errors shows the stack without internal frames', () => {
  console.log(new Error('boom'));
  const [level, msg] = logs()[0];
  eq(level, 'log');
  assert(msg.startsWith('Error: boom\n    at '), msg);
  console.log(new DOMException('This operation was aborted', 'AbortError'));
  const dom = logs()[1][1];
  assert(dom.startsWith('DOMException [AbortError]: This operation was aborted'), dom);
  assert(!dom.includes('pigo:webapi'), dom);
  const e = new TypeError('with props');
  e.code = 'E_X';
  console.log({ e });
  const nested = logs()[2][1];
  assert(nested.startsWith('{\n  e: TypeError: with props\n      at '), nested);
  assert(nested.endsWith("{\n    code: 'E_X'\n  }\n}"), nested);
});

test('AbortSignal renders like Node', () => {
  console.log(new AbortController().signal, AbortSignal.abort());
  eq(last(), 'log: AbortSignal { aborted: false } AbortSignal { aborted: true }');
});

test('util.inspect.custom is honoured', () => {
  const o = { [Symbol.for('nodejs.util.inspect.custom')]: (depth) => `Custom<${depth}>` };
  console.log(o, [o]);
  eq(last(), 'log: Custom<2> [ Custom<1> ]');
});

test('trace, assert and dir', () => {
  console.trace('here %d', 1);
  const [level, msg] = logs()[0];
  eq(level, 'trace');
  assert(msg.startsWith('Trace: here 1\n    at '), msg);
  assert(!msg.includes('pigo:webapi'), msg);
  console.assert(true, 'not shown');
  console.assert(false, 'bad %s', 'x');
  eq(last(), 'error: Assertion failed: bad x');
  console.assert(false);
  eq(last(), 'error: Assertion failed');
  console.dir({ a: { b: 1 } }, { depth: 0 });
  eq(last(), 'log: { a: [Object] }');
});

test('count, group and time', () => {
  console.count();
  console.count();
  console.count('x');
  console.countReset();
  console.count();
  deepEq(logs().map((l) => l[1]), ['default: 1', 'default: 2', 'x: 1', 'default: 1']);
  console.group('G');
  console.info('inside\nsecond line');
  console.groupEnd();
  console.warn('out');
  deepEq(logs().slice(4), [['log', 'G'], ['info', '  inside\n  second line'], ['warn', 'out']]);
  console.time('t');
  console.timeEnd('t');
  assert(/^log: t: \d+\.\d{3}ms$/.test(last()), last());
  console.timeEnd('t');
  eq(last(), "warn: No such label 't' for console.timeEnd()");
});
