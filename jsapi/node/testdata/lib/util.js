const util = require('util');
const types = require('node:util/types');
check(types === util.types, 'util/types is util.types');

// promisify: standard (err, value) callbacks.
const add = (a, b, cb) => setTimeout(() => cb(null, a + b), 1);
eq(await util.promisify(add)(2, 3), 5, 'promisify value');
const fails = (cb) => cb(Object.assign(new Error('nope'), { code: 'EX' }));
await rejectsWith(util.promisify(fails)(), (e) => e.code === 'EX', 'promisify error');
const throwsSync = () => { throw new Error('sync'); };
await rejectsWith(util.promisify(throwsSync)(), (e) => e.message === 'sync', 'promisify sync throw');
const withThis = { n: 7, get(cb) { cb(null, this.n); } };
eq(await util.promisify(withThis.get).call(withThis), 7, 'promisify this');
const multi = (cb) => cb(null, 'a', 'b');
eq(await util.promisify(multi)(), 'a', 'promisify first value only');

// promisify: the custom symbol.
check(util.promisify.custom === Symbol.for('nodejs.util.promisify.custom'), 'promisify.custom');
function legacy(cb) { cb(null, 'legacy'); }
legacy[util.promisify.custom] = () => Promise.resolve({ stdout: 'custom' });
const p = util.promisify(legacy);
check(p === legacy[util.promisify.custom], 'custom returned as is');
eq(await p(), { stdout: 'custom' }, 'custom result');
check(util.promisify(p) === p, 'promisify of promisified');
throwsWith(() => util.promisify(1), (e) => e.code === 'ERR_INVALID_ARG_TYPE' && e instanceof TypeError &&
  e.message === 'The "original" argument must be of type function. Received type number (1)', 'promisify non-function');

// callbackify.
const cbified = util.callbackify(async (x) => x * 2);
eq(await new Promise((resolve, reject) => cbified(4, (err, v) => (err ? reject(err) : resolve(v)))), 8, 'callbackify');
const cbRejected = util.callbackify(() => Promise.reject(null));
const falsy = await new Promise((resolve) => cbRejected((err) => resolve(err)));
eq([falsy.code, falsy.reason], ['ERR_FALSY_VALUE_REJECTION', null], 'callbackify falsy rejection');

// format, compared with node 20.
eq(util.format('%s %d %i %f %j %O %c %% %x', 'a', 1.5, 2.7, '3.1', { a: 1 }, { b: 2 }, 'css', 'extra', 9),
  'a 1.5 2 3.1 {"a":1} { b: 2 }  % %x extra 9', 'format specifiers');
eq(util.format('%s', null, undefined, 5n), 'null undefined 5n', 'format rest');
eq(util.format('%d', '0x10'), '16', 'format %d');
eq(util.format('%s:%s', 'a'), 'a:%s', 'format missing arg');
eq(util.format(1, 'two', { three: 3 }), "1 two { three: 3 }", 'format no string');
eq(util.formatWithOptions({ colors: false }, '%s=%d', 'x', 1), 'x=1', 'formatWithOptions');
const circ = { a: 1 };
circ.self = circ;
eq(util.format('%j', circ), '[Circular]', 'format %j circular');

// inspect.
eq(util.inspect('str'), "'str'", 'inspect string');
eq(util.inspect({ a: 1, b: 'x', c: [1, 2], d: new Map([[1, 2]]) }), "{ a: 1, b: 'x', c: [ 1, 2 ], d: Map(1) { 1 => 2 } }", 'inspect object');
eq(util.inspect({ a: { b: { c: { d: 1 } } } }), '{ a: { b: { c: [Object] } } }', 'inspect default depth');
eq(util.inspect({ a: { b: { c: { d: 1 } } } }, { depth: 0 }), '{ a: [Object] }', 'inspect depth 0');
eq(util.inspect({ a: { b: { c: { d: 1 } } } }, { depth: null }), '{\n  a: { b: { c: { d: 1 } } }\n}', 'inspect depth null');
eq(util.inspect({ a: { b: 1 } }, false, 0), '{ a: [Object] }', 'inspect legacy depth');
check(util.inspect.custom === Symbol.for('nodejs.util.inspect.custom'), 'inspect.custom');
eq(util.inspect({ [util.inspect.custom]: () => 'CUSTOM' }), 'CUSTOM', 'inspect custom');
eq(util.inspect(Buffer.from('hi')), '<Buffer 68 69>', 'inspect Buffer');
eq(util.inspect.defaultOptions.depth, 2, 'defaultOptions');

// isDeepStrictEqual.
check(util.isDeepStrictEqual({ a: [1, { b: 2 }], m: new Map([['k', new Set([1])]]) }, { a: [1, { b: 2 }], m: new Map([['k', new Set([1])]]) }), 'deep equal');
check(!util.isDeepStrictEqual({ a: 1 }, { a: '1' }), 'strict types');
check(!util.isDeepStrictEqual([1, 2], { 0: 1, 1: 2, length: 2 }), 'array vs object');
check(!util.isDeepStrictEqual(0, -0), '0 vs -0');
check(util.isDeepStrictEqual(NaN, NaN), 'NaN');
check(util.isDeepStrictEqual(new Date(5), new Date(5)) && !util.isDeepStrictEqual(new Date(5), new Date(6)), 'dates');
check(util.isDeepStrictEqual(Buffer.from('ab'), Buffer.from('ab')), 'buffers');
const c1 = { x: 1 }; c1.c = c1;
const c2 = { x: 1 }; c2.c = c2;
check(util.isDeepStrictEqual(c1, c2), 'cycles');

// inherits.
function Base() {}
Base.prototype.hello = function () { return 'hi'; };
function Derived() { Base.call(this); }
util.inherits(Derived, Base);
check(new Derived().hello() === 'hi' && Derived.super_ === Base, 'inherits');

// types.
check(types.isPromise(Promise.resolve()) && !types.isPromise({ then() {} }), 'isPromise');
check(types.isDate(new Date()) && !types.isDate({}), 'isDate');
check(types.isRegExp(/x/) && !types.isRegExp({}), 'isRegExp');
check(types.isMap(new Map()) && !types.isMap(new Set()), 'isMap');
check(types.isSet(new Set()) && !types.isSet(new Map()), 'isSet');
check(types.isUint8Array(new Uint8Array(1)) && types.isUint8Array(Buffer.alloc(1)) && !types.isUint8Array(new Uint16Array(1)), 'isUint8Array');
check(types.isAsyncFunction(async () => {}) && !types.isAsyncFunction(() => {}), 'isAsyncFunction');
check(types.isGeneratorFunction(function* () {}), 'isGeneratorFunction');
check(types.isTypedArray(new Float32Array(1)) && !types.isTypedArray([]), 'isTypedArray');
check(types.isArrayBuffer(new ArrayBuffer(1)) && types.isAnyArrayBuffer(new ArrayBuffer(1)), 'isArrayBuffer');
check(types.isNativeError(new TypeError()) && !types.isNativeError({ message: 'x' }), 'isNativeError');
check(types.isBoxedPrimitive(Object(1)) && !types.isBoxedPrimitive(1), 'isBoxedPrimitive');
check(types.isProxy(new Proxy({}, {})) && !types.isProxy({}), 'isProxy');

// Re-exported globals and string helpers.
check(util.TextEncoder === TextEncoder && util.TextDecoder === TextDecoder, 'TextEncoder/Decoder');
eq(util.stripVTControlCharacters('\u001b[31mred\u001b[39m \u001b]8;;http://x\u0007link\u001b]8;;\u0007'), 'red link', 'strip VT');
eq(util.styleText(['bold', 'red'], 'x'), '\u001b[1m\u001b[31mx\u001b[39m\u001b[22m', 'styleText');
eq(util.styleText('green', 'ok'), '\u001b[32mok\u001b[39m', 'styleText one');
throwsWith(() => util.styleText('nope', 'x'), (e) => e.code === 'ERR_INVALID_ARG_VALUE', 'styleText unknown');
eq(util.toUSVString('a\ud800b'), 'a\ufffdb', 'toUSVString');

// parseArgs, compared with node 20.
const parsed = util.parseArgs({
  args: ['-f', '--bar', 'b', 'pos', '--list=1', '--list', '2', '-vq', '--', '--not-an-option'],
  options: {
    foo: { type: 'boolean', short: 'f' }, bar: { type: 'string' }, list: { type: 'string', multiple: true },
    v: { type: 'boolean', short: 'v' }, q: { type: 'boolean', short: 'q' }, d: { type: 'string', default: 'dflt' },
  },
  allowPositionals: true,
});
eq({ ...parsed.values }, { foo: true, bar: 'b', list: ['1', '2'], v: true, q: true, d: 'dflt' }, 'parseArgs values');
eq(parsed.positionals, ['pos', '--not-an-option'], 'parseArgs positionals');
throwsWith(() => util.parseArgs({ args: ['--x'], options: {} }), (e) => e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && e.message === "Unknown option '--x'", 'parseArgs unknown');
throwsWith(() => util.parseArgs({ args: ['p'], options: {} }), (e) => e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL', 'parseArgs positional');
throwsWith(() => util.parseArgs({ args: ['--s'], options: { s: { type: 'string' } } }),
  (e) => e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && e.message === "Option '--s <value>' argument missing", 'parseArgs missing value');
eq(util.parseArgs({ args: ['-x', 'y'], strict: false }).positionals, ['y'], 'parseArgs non-strict');

// deprecate warns once (checked from Go) and still calls through.
const dep = util.deprecate((a) => a + 1, 'old() is deprecated', 'DEP_TEST');
eq(dep(1) + dep(2), 5, 'deprecate calls through');
util.debuglog('sect')('debug line %d', 1);
check(util.debuglog('other').enabled === false && util.debuglog('sect').enabled === true, 'debuglog enabled');
