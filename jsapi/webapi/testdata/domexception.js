'use strict';

test('name, message and code', () => {
  const e = new DOMException('gone', 'NotFoundError');
  eq(e.name, 'NotFoundError');
  eq(e.message, 'gone');
  eq(e.code, 8);
  eq(String(e), 'NotFoundError: gone');
  assert(e instanceof Error, 'a DOMException is an Error');
  eq(Object.prototype.toString.call(e), '[object DOMException]');
  eq(typeof e.stack, 'string');
});

test('defaults and unknown names', () => {
  const e = new DOMException();
  eq(e.name, 'Error');
  eq(e.message, '');
  eq(e.code, 0);
  eq(new DOMException('m', 'MadeUpError').code, 0);
});

test('options bag with cause', () => {
  const e = new DOMException('m', { name: 'AbortError', cause: 'c' });
  eq(e.name, 'AbortError');
  eq(e.cause, 'c');
});

test('legacy constants', () => {
  eq(DOMException.ABORT_ERR, 20);
  eq(DOMException.DATA_CLONE_ERR, 25);
  eq(new DOMException().INVALID_CHARACTER_ERR, 5);
});
