'use strict';

test('URL parses and exposes searchParams', () => {
  const u = new URL('https://example.com:8080/a/b?x=1&y=two#frag');
  eq(u.hostname, 'example.com');
  eq(u.port, '8080');
  eq(u.pathname, '/a/b');
  eq(u.searchParams.get('y'), 'two');
  u.searchParams.append('z', '3');
  eq(u.search, '?x=1&y=two&z=3');
});

test('URL resolves relative references and rejects garbage', () => {
  eq(new URL('c?q=1', 'https://example.com/a/b/').href, 'https://example.com/a/b/c?q=1');
  throws(() => new URL('not a url'), isError(TypeError));
});

test('URLSearchParams stands alone', () => {
  const p = new URLSearchParams('a=1&a=2&b=x%20y');
  eq(p.getAll('a').join(','), '1,2');
  eq(p.get('b'), 'x y');
  eq(p.toString(), 'a=1&a=2&b=x+y');
});
