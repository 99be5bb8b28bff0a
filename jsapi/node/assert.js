// node:assert and node:assert/strict. Comparisons are Node's (deep
// equality from util_comparisons.js); failure messages are shorter than
// Node's diffs but name both values.
(function (module, exports, require, lib) {
  'use strict';

  const { invalidArgType, validateFunction } = lib.errors;
  const isDeepEqual = lib.isDeepEqual;
  const inspect = (v) => require('util').inspect(v);

  class AssertionError extends Error {
    constructor(options) {
      if (options === null || typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
      const { message, actual, expected, operator } = options;
      super(message !== undefined ? `${message}` : `${inspect(actual)} ${operator} ${inspect(expected)}`);
      this.generatedMessage = message === undefined;
      this.code = 'ERR_ASSERTION';
      this.actual = actual;
      this.expected = expected;
      this.operator = operator;
      Object.defineProperty(this, 'name', { value: 'AssertionError', enumerable: false, writable: true, configurable: true });
    }

    toString() {
      return `${this.name} [${this.code}]: ${this.message}`;
    }
  }

  // fail throws message when it is an Error, else an AssertionError with
  // message or the generated text.
  function innerFail(obj) {
    if (obj.message instanceof Error) throw obj.message;
    throw new AssertionError(obj);
  }

  function generated(message, text) {
    return message === undefined ? text : message;
  }

  function innerOk(fn, argLen, value, message) {
    if (!value) {
      let generatedMessage = false;
      if (argLen === 0) {
        message = 'No value argument passed to `assert.ok()`';
        generatedMessage = true;
      } else if (message === undefined) {
        message = `The expression evaluated to a falsy value:\n\n  assert.ok(${inspect(value)})\n`;
        generatedMessage = true;
      } else if (message instanceof Error) {
        throw message;
      }
      const err = new AssertionError({ actual: value, expected: true, message, operator: '==' });
      err.generatedMessage = generatedMessage;
      throw err;
    }
  }

  function ok(...args) {
    innerOk(ok, args.length, ...args);
  }

  function fail(message = 'Failed') {
    if (message instanceof Error) throw message;
    const err = new AssertionError({ message, operator: 'fail' });
    err.generatedMessage = message === 'Failed';
    throw err;
  }

  function equal(actual, expected, message) {
    // eslint-disable-next-line eqeqeq
    if (!(actual == expected || (actual !== actual && expected !== expected))) {
      innerFail({ actual, expected, message: generated(message, `${inspect(actual)} == ${inspect(expected)}`), operator: '==' });
    }
  }

  function notEqual(actual, expected, message) {
    // eslint-disable-next-line eqeqeq
    if (actual == expected || (actual !== actual && expected !== expected)) {
      innerFail({ actual, expected, message: generated(message, `${inspect(actual)} != ${inspect(expected)}`), operator: '!=' });
    }
  }

  function strictEqual(actual, expected, message) {
    if (!Object.is(actual, expected)) {
      innerFail({
        actual, expected, operator: 'strictEqual',
        message: generated(message, `Expected values to be strictly equal:\n\n${inspect(actual)} !== ${inspect(expected)}\n`),
      });
    }
  }

  function notStrictEqual(actual, expected, message) {
    if (Object.is(actual, expected)) {
      innerFail({
        actual, expected, operator: 'notStrictEqual',
        message: generated(message, `Expected "actual" to be strictly unequal to: ${inspect(expected)}`),
      });
    }
  }

  function deepEqual(actual, expected, message) {
    if (!isDeepEqual(actual, expected, false)) {
      innerFail({
        actual, expected, operator: 'deepEqual',
        message: generated(message, `Expected values to be loosely deep-equal:\n\n${inspect(actual)}\n\nshould loosely deep-equal\n\n${inspect(expected)}`),
      });
    }
  }

  function notDeepEqual(actual, expected, message) {
    if (isDeepEqual(actual, expected, false)) {
      innerFail({
        actual, expected, operator: 'notDeepEqual',
        message: generated(message, `"actual" deepEqual "expected": ${inspect(actual)}`),
      });
    }
  }

  function deepStrictEqual(actual, expected, message) {
    if (!isDeepEqual(actual, expected, true)) {
      innerFail({
        actual, expected, operator: 'deepStrictEqual',
        message: generated(message, `Expected values to be strictly deep-equal:\n+ actual - expected\n\n+ ${inspect(actual)}\n- ${inspect(expected)}`),
      });
    }
  }

  function notDeepStrictEqual(actual, expected, message) {
    if (isDeepEqual(actual, expected, true)) {
      innerFail({
        actual, expected, operator: 'notDeepStrictEqual',
        message: generated(message, `Expected "actual" not to be strictly deep-equal to: ${inspect(expected)}`),
      });
    }
  }

  function match(string, regexp, message) {
    if (!(regexp instanceof RegExp)) throw invalidArgType('regexp', 'an instance of RegExp', regexp);
    if (typeof string !== 'string' || !regexp.test(string)) {
      innerFail({
        actual: string, expected: regexp, operator: 'match',
        message: generated(message, typeof string !== 'string'
          ? `The "string" argument must be of type string. Received type ${typeof string} (${inspect(string)})`
          : `The input did not match the regular expression ${inspect(regexp)}. Input:\n\n${inspect(string)}\n`),
      });
    }
  }

  function doesNotMatch(string, regexp, message) {
    if (!(regexp instanceof RegExp)) throw invalidArgType('regexp', 'an instance of RegExp', regexp);
    if (typeof string !== 'string' || regexp.test(string)) {
      innerFail({
        actual: string, expected: regexp, operator: 'doesNotMatch',
        message: generated(message, `The input was expected to not match the regular expression ${inspect(regexp)}. Input:\n\n${inspect(string)}\n`),
      });
    }
  }

  function ifError(err) {
    if (err !== null && err !== undefined) {
      let message = 'ifError got unwanted exception: ';
      message += typeof err === 'object' && typeof err.message === 'string' ? err.message : inspect(err);
      const e = new AssertionError({ actual: err, expected: null, operator: 'ifError', message });
      e.origin = err;
      throw e;
    }
  }

  // ---- throws and rejects ----

  const NO_EXCEPTION = Symbol('no exception');

  function checkIsPromise(v) {
    return v !== null && typeof v === 'object' && typeof v.then === 'function' && typeof v.catch === 'function';
  }

  // matches tells whether err satisfies expected as assert.throws defines
  // it; it throws an AssertionError itself for a failed object comparison.
  function expectedMatches(actual, expected, message, fn) {
    if (typeof expected !== 'function') {
      if (expected instanceof RegExp) {
        if (expected.test(String(actual))) return;
        innerFail({
          actual, expected, operator: fn.name,
          message: generated(message, `The input did not match the regular expression ${inspect(expected)}. Input:\n\n${inspect(String(actual))}\n`),
        });
      }
      if (expected === null || typeof expected !== 'object') throw invalidArgType('expected', 'of type function or an instance of Error, RegExp, or Object', expected);
      const keys = Object.keys(expected);
      if (expected instanceof Error) keys.push('name', 'message');
      for (const key of keys) {
        const want = expected[key];
        const got = actual?.[key];
        const okKey = want instanceof RegExp && typeof got === 'string' ? want.test(got) : isDeepEqual(got, want, true);
        if (!okKey) {
          innerFail({
            actual, expected, operator: fn.name,
            message: generated(message, `Expected values to be strictly deep-equal:\n+ actual - expected\n\n  Comparison {\n+   ${key}: ${inspect(got)}\n-   ${key}: ${inspect(want)}\n  }`),
          });
        }
      }
      return;
    }
    if (expected.prototype !== undefined && actual instanceof expected) return;
    if (Error.isPrototypeOf(expected) || expected === Error) {
      if (actual instanceof Error) {
        const err = new AssertionError({
          actual, expected, operator: fn.name,
          message: generated(message, `The error is expected to be an instance of "${expected.name}". Received "${actual?.constructor?.name}"\n\nError message:\n\n${actual?.message}`),
        });
        err.generatedMessage = message === undefined;
        throw err;
      }
      throw actual;
    }
    const res = Reflect.apply(expected, {}, [actual]);
    if (res !== true) {
      innerFail({
        actual, expected, operator: fn.name,
        message: generated(message, `The ${expected.name ? `"${expected.name}" validation function` : 'validation function'} is expected to return "true". Received ${inspect(res)}\n\nCaught error:\n\n${actual}`),
      });
    }
  }

  function getActual(fn) {
    validateFunction(fn, 'fn');
    try {
      fn();
    } catch (e) {
      return e;
    }
    return NO_EXCEPTION;
  }

  async function waitForActual(promiseFn) {
    let resultPromise;
    if (typeof promiseFn === 'function') {
      resultPromise = promiseFn();
      if (!checkIsPromise(resultPromise)) {
        throw lib.errors.codeError(TypeError, 'ERR_INVALID_RETURN_VALUE',
          `Expected instance of Promise to be returned from the "promiseFn" function but got ${resultPromise === undefined ? 'undefined' : typeof resultPromise}.`);
      }
    } else if (checkIsPromise(promiseFn)) {
      resultPromise = promiseFn;
    } else {
      throw invalidArgType('promiseFn', 'of type function or an instance of Promise', promiseFn);
    }
    try {
      await resultPromise;
    } catch (e) {
      return e;
    }
    return NO_EXCEPTION;
  }

  function expectsError(fn, actual, error, message) {
    if (typeof error === 'string') {
      message = error;
      error = undefined;
    }
    if (actual === NO_EXCEPTION) {
      let details = '';
      if (error?.name) details += ` (${error.name})`;
      details += message ? `: ${message}` : '.';
      const fnType = fn === rejects ? 'rejection' : 'exception';
      innerFail({ actual: undefined, expected: error, operator: fn.name, message: `Missing expected ${fnType}${details}` });
    }
    if (error !== undefined) expectedMatches(actual, error, message, fn);
  }

  function expectsNoError(fn, actual, error, message) {
    if (actual === NO_EXCEPTION) return;
    if (typeof error === 'string') {
      message = error;
      error = undefined;
    }
    if (error === undefined || (typeof error === 'function' && actual instanceof error) || (error instanceof RegExp && error.test(String(actual)))) {
      const details = message ? `: ${message}` : '.';
      const fnType = fn === doesNotReject ? 'rejection' : 'exception';
      innerFail({
        actual, expected: error, operator: fn.name,
        message: `Got unwanted ${fnType}${details}\nActual message: "${actual?.message}"`,
      });
    }
    throw actual;
  }

  function throws(promiseFn, ...args) {
    expectsError(throws, getActual(promiseFn), ...args);
  }

  async function rejects(promiseFn, ...args) {
    expectsError(rejects, await waitForActual(promiseFn), ...args);
  }

  function doesNotThrow(fn, ...args) {
    expectsNoError(doesNotThrow, getActual(fn), ...args);
  }

  async function doesNotReject(fn, ...args) {
    expectsNoError(doesNotReject, await waitForActual(fn), ...args);
  }

  // ---- module ----

  const common = {
    AssertionError, fail, ok, throws, rejects, doesNotThrow, doesNotReject, ifError, match, doesNotMatch,
    strictEqual, notStrictEqual, deepStrictEqual, notDeepStrictEqual,
  };

  function assert(...args) {
    innerOk(assert, args.length, ...args);
  }
  Object.assign(assert, common, { equal, notEqual, deepEqual, notDeepEqual });

  function strict(...args) {
    innerOk(strict, args.length, ...args);
  }
  Object.assign(strict, common, {
    equal: strictEqual,
    notEqual: notStrictEqual,
    deepEqual: deepStrictEqual,
    notDeepEqual: notDeepStrictEqual,
  });
  assert.strict = strict;
  strict.strict = strict;

  module.exports = assert;
})
