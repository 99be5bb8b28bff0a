'use strict';

test('btoa and atob round trip binary strings', () => {
  eq(btoa('hello'), 'aGVsbG8=');
  eq(atob('aGVsbG8='), 'hello');
  eq(btoa(''), '');
  eq(atob(''), '');
  const bin = String.fromCharCode(0, 127, 128, 255);
  eq(btoa(bin), 'AH+A/w==');
  eq(atob(btoa(bin)), bin);
});

test('atob is forgiving about whitespace and padding', () => {
  eq(atob(' aGVs\nbG8 '), 'hello');
  eq(atob('aGVsbG8'), 'hello');
  eq(atob('aGk'), 'hi');
  eq(atob('aGl='), 'hi', 'non-zero leftover bits are allowed');
});

test('atob rejects bad input with InvalidCharacterError', () => {
  for (const bad of ['a', 'aGVsbG8==', 'ab=c', '@@@@', 'aGVsbG8=a', 'a-b_']) {
    const e = throws(() => atob(bad), isDOMException('InvalidCharacterError'), bad);
    eq(e.code, 5);
  }
  throws(() => atob(), isError(TypeError));
});

test('btoa rejects characters above U+00FF', () => {
  throws(() => btoa('✓'), isDOMException('InvalidCharacterError'));
  throws(() => btoa('😀'), isDOMException('InvalidCharacterError'));
  throws(() => btoa(), isError(TypeError));
});

test('functions are named', () => {
  eq(atob.name, 'atob');
  eq(btoa.length, 1);
});
