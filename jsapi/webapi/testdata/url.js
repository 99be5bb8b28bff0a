'use strict';

// Every expected value here is what Node 20 prints, except that
// structuredClone refuses a URL as browsers do (Node 20 copies it as {}).

// parts lists a URL's attributes, for comparing whole URLs at once.
function parts(u) {
  return [u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash];
}

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

test('URL parses absolute special URLs into their parts', () => {
  deepEq(parts(new URL('HTTPS://User:Pa%20ss@EXAMPLE.com:8443/a/./b/../c?q=1#top')), [
    'https://User:Pa%20ss@example.com:8443/a/c?q=1#top', 'https://example.com:8443', 'https:', 'User', 'Pa%20ss',
    'example.com:8443', 'example.com', '8443', '/a/c', '?q=1', '#top',
  ]);
  deepEq(parts(new URL('http://example.com')), [
    'http://example.com/', 'http://example.com', 'http:', '', '', 'example.com', 'example.com', '', '/', '', '',
  ]);
  eq(new URL('ws://h/s').origin, 'ws://h');
  eq(new URL('wss://h:444/s').origin, 'wss://h:444');
  eq(new URL('ftp://h/f').origin, 'ftp://h');
  // Backslashes are slashes in special URLs; tabs and newlines vanish;
  // leading and trailing spaces and controls are trimmed.
  eq(new URL('http:\\\\h\\a\\b').href, 'http://h/a/b');
  eq(new URL(' \t http://exa\nmple.com/p\tq \n').href, 'http://example.com/pq');
  eq(new URL('http:example.com/x').href, 'http://example.com/x');
});

test('URL keeps a trailing slash', () => {
  eq(new URL('https://example.com/a/b/').href, 'https://example.com/a/b/');
  eq(new URL('https://example.com/a/b/').pathname, '/a/b/');
  eq(new URL('https://example.com/a//b//').pathname, '/a//b//');
  eq(new URL('file:///home/u/ext/').href, 'file:///home/u/ext/');
  eq(new URL('custom://h/dir/').pathname, '/dir/');
});

test('URL elides default ports', () => {
  eq(new URL('http://h:80/').href, 'http://h/');
  eq(new URL('https://h:443/').host, 'h');
  eq(new URL('ws://h:80/').port, '');
  eq(new URL('wss://h:443/').port, '');
  eq(new URL('ftp://h:21/').port, '');
  eq(new URL('http://h:443/').port, '443');
  eq(new URL('https://h:80/').href, 'https://h:80/');
  eq(new URL('http://h:0080/').port, '');
  eq(new URL('http://h:00000000000000000000080/').href, 'http://h/');
  eq(new URL('http://h:/').href, 'http://h/');
  eq(new URL('custom://h:80/').port, '80');
  throws(() => new URL('http://h:65536/'), isError(TypeError));
  throws(() => new URL('http://h:8o/'), isError(TypeError));
});

test('URL lowercases hostnames and applies IDNA', () => {
  eq(new URL('http://EXAMPLE.COM/').hostname, 'example.com');
  eq(new URL('http://bücher.example/').hostname, 'xn--bcher-kva.example');
  eq(new URL('http://BÜCHER.example/').href, 'http://xn--bcher-kva.example/');
  eq(new URL('http://xn--bcher-kva.example/').hostname, 'xn--bcher-kva.example');
  eq(new URL('http://faß.de/').hostname, 'xn--fa-hia.de');
  eq(new URL('http://ＥＸＡＭＰＬＥ。com/').hostname, 'example.com');
  eq(new URL('http://☃.net/').hostname, 'xn--n3h.net');
  eq(new URL('http://ex%41mple.com/').hostname, 'example.com');
  eq(new URL('http://a_b.example/').hostname, 'a_b.example');
  eq(new URL('http://example.com./').hostname, 'example.com.');
  // Non-special hosts are opaque: no lowercasing, no IDNA.
  eq(new URL('custom://EXAMPLE.com/').hostname, 'EXAMPLE.com');
  eq(new URL('custom://ñ.com/').hostname, '%C3%B1.com');
  for (const bad of ['http://a b/', 'http://a%20b/', 'http://a|b/', 'http://a<b/', 'http://xn--abc/', 'http://xn--/', 'http://%zz/', 'http:///', 'custom://a b/']) {
    throws(() => new URL(bad), isError(TypeError), bad);
  }
});

test('URL parses IPv4 and IPv6 hosts', () => {
  eq(new URL('http://127.0.0.1/').hostname, '127.0.0.1');
  eq(new URL('http://0x7f.1/').hostname, '127.0.0.1');
  eq(new URL('http://2130706433/').hostname, '127.0.0.1');
  eq(new URL('http://0177.0.0.1/').hostname, '127.0.0.1');
  eq(new URL('http://1.2.3/').hostname, '1.2.0.3');
  throws(() => new URL('http://256.0.0.1/'), isError(TypeError));
  throws(() => new URL('http://1.2.3.4.5/'), isError(TypeError));
  eq(new URL('http://[::1]:8080/').host, '[::1]:8080');
  eq(new URL('http://[0:0:0:0:0:0:0:1]/').hostname, '[::1]');
  eq(new URL('http://[1:0:0:2:0:0:0:3]/').hostname, '[1:0:0:2::3]');
  eq(new URL('http://[::FFFF:1.2.3.4]/').hostname, '[::ffff:102:304]');
  eq(new URL('custom://[::1]/').hostname, '[::1]');
  throws(() => new URL('http://[::1/'), isError(TypeError));
  throws(() => new URL('http://[1::2::3]/'), isError(TypeError));
});

test('URL parses userinfo', () => {
  const u = new URL('http://us er:p@ss:w@rd@h/');
  eq(u.username, 'us%20er');
  eq(u.password, 'p%40ss%3Aw%40rd');
  eq(u.href, 'http://us%20er:p%40ss%3Aw%40rd@h/');
  eq(u.origin, 'http://h');
  eq(new URL('http://user:@h/').href, 'http://user@h/');
  eq(new URL('http://:@h/').href, 'http://h/');
  eq(new URL('http://:pw@h/').href, 'http://:pw@h/');
  throws(() => new URL('http://user@/'), isError(TypeError));
});

test('URL parses non-special URLs', () => {
  deepEq(parts(new URL('data:text/plain;base64,SGk=')), [
    'data:text/plain;base64,SGk=', 'null', 'data:', '', '', '', '', '', 'text/plain;base64,SGk=', '', '',
  ]);
  deepEq(parts(new URL('mailto:Foo@Bar.com?subject=hi there')), [
    'mailto:Foo@Bar.com?subject=hi%20there', 'null', 'mailto:', '', '', '', '', '', 'Foo@Bar.com', '?subject=hi%20there', '',
  ]);
  deepEq(parts(new URL('custom://user@Host:99/p/../q?x#y')), [
    'custom://user@Host:99/q?x#y', 'null', 'custom:', 'user', '', 'Host:99', 'Host', '99', '/q', '?x', '#y',
  ]);
  eq(new URL('custom:/a/b').pathname, '/a/b');
  eq(new URL('custom:').href, 'custom:');
  eq(new URL('custom://').href, 'custom://');
  eq(new URL('web+demo:/.//not-a-host/').pathname, '//not-a-host/');
  eq(new URL('web+demo:/..//x').href, 'web+demo:/.//x');
  // An opaque path keeps its spaces; control characters and non-ASCII are
  // percent-encoded.
  eq(new URL('custom:a b').pathname, 'a b');
  eq(new URL('javascript:alert("é")').href, 'javascript:alert("%C3%A9")');
  eq(new URL('blob:https://a.com/uuid').origin, 'https://a.com');
  eq(new URL('blob:custom://a/uuid').origin, 'null');
  eq(new URL('SC:X').protocol, 'sc:');
});

test('URL resolves dot segments against a base', () => {
  eq(new URL('../x', 'https://a.com/b/c/d').href, 'https://a.com/b/x');
  eq(new URL('./x', 'https://a.com/b/c/d').href, 'https://a.com/b/c/x');
  eq(new URL('.', 'https://a.com/b/c/d').href, 'https://a.com/b/c/');
  eq(new URL('..', 'https://a.com/b/c/d').href, 'https://a.com/b/');
  eq(new URL('../..', 'https://a.com/b/c/d').href, 'https://a.com/');
  eq(new URL('../../../../x', 'https://a.com/b/c/d').href, 'https://a.com/x');
  eq(new URL('x/./y/../z', 'https://a.com/b/').href, 'https://a.com/b/x/z');
  eq(new URL('%2e%2E/x', 'https://a.com/b/c/').href, 'https://a.com/b/x');
  eq(new URL('.%2e/x', 'https://a.com/b/c/').href, 'https://a.com/b/x');
  eq(new URL('g;x', 'http://a/b/c/d;p?q').href, 'http://a/b/c/g;x');
  eq(new URL('', 'http://a/b/c/d;p?q#f').href, 'http://a/b/c/d;p?q');
  eq(new URL('../x', 'custom://h/a/b/c').href, 'custom://h/a/x');
});

test('URL resolves against a base with or without a trailing slash', () => {
  eq(new URL('c?q=1', 'https://example.com/a/b/').href, 'https://example.com/a/b/c?q=1');
  eq(new URL('c?q=1', 'https://example.com/a/b').href, 'https://example.com/a/c?q=1');
  eq(new URL('c', 'https://example.com').href, 'https://example.com/c');
  eq(new URL('d/', 'https://example.com/a/').href, 'https://example.com/a/d/');
});

test('URL resolves query-only, fragment-only, absolute-path and scheme-relative references', () => {
  const base = 'https://u:p@a.com:8080/b/c?q=1#f';
  eq(new URL('?x=2', base).href, 'https://u:p@a.com:8080/b/c?x=2');
  eq(new URL('?', base).href, 'https://u:p@a.com:8080/b/c?');
  eq(new URL('#y', base).href, 'https://u:p@a.com:8080/b/c?q=1#y');
  eq(new URL('#', base).href, 'https://u:p@a.com:8080/b/c?q=1#');
  eq(new URL('/p?z', base).href, 'https://u:p@a.com:8080/p?z');
  eq(new URL('\\p', base).href, 'https://u:p@a.com:8080/p');
  eq(new URL('//host/p', base).href, 'https://host/p');
  eq(new URL('//host', base).href, 'https://host/');
  eq(new URL('///host/p', base).href, 'https://host/p');
  eq(new URL('http:x', 'http://a.com/b/c').href, 'http://a.com/b/x');
  eq(new URL('https:x', 'http://a.com/b/c').href, 'https://x/');
  eq(new URL('custom:x', 'http://a.com/b/c').href, 'custom:x');
  eq(new URL('#frag', 'data:text/plain,hi').href, 'data:text/plain,hi#frag');
  throws(() => new URL('x', 'data:text/plain,hi'), isError(TypeError));
  throws(() => new URL('?x', 'mailto:a@b'), isError(TypeError));
});

test('URL resolves against a file: base like import.meta.url', () => {
  const meta = 'file:///home/u/ext/index.ts';
  eq(new URL('./data.json', meta).href, 'file:///home/u/ext/data.json');
  eq(new URL('data.json', meta).href, 'file:///home/u/ext/data.json');
  eq(new URL('../shared/x.js', meta).href, 'file:///home/u/shared/x.js');
  eq(new URL('.', meta).href, 'file:///home/u/ext/');
  eq(new URL('./', meta).pathname, '/home/u/ext/');
  eq(new URL('/etc/hosts', meta).href, 'file:///etc/hosts');
  eq(new URL('../../../../../x', meta).href, 'file:///x');
  eq(new URL('?v=1', meta).href, 'file:///home/u/ext/index.ts?v=1');
  eq(new URL('#top', meta).href, 'file:///home/u/ext/index.ts#top');
  eq(new URL('./assets/my icon.png', meta).href, 'file:///home/u/ext/assets/my%20icon.png');
  eq(new URL(meta).pathname, '/home/u/ext/index.ts');
  eq(new URL(new URL('./data.json', new URL(meta))).href, 'file:///home/u/ext/data.json');
});

test('URL parses file: URLs', () => {
  deepEq(parts(new URL('file:///home/u/a.txt')), [
    'file:///home/u/a.txt', 'null', 'file:', '', '', '', '', '', '/home/u/a.txt', '', '',
  ]);
  eq(new URL('file://localhost/etc/x').href, 'file:///etc/x');
  eq(new URL('file://Server/share/x').href, 'file://server/share/x');
  eq(new URL('file:/etc/x').href, 'file:///etc/x');
  eq(new URL('file:etc/x').href, 'file:///etc/x');
  eq(new URL('FILE:///x').protocol, 'file:');
  eq(new URL('file:').href, 'file:///');
  eq(new URL('file:///a/../../b').href, 'file:///b');
  eq(new URL('file:///a b/ü').href, 'file:///a%20b/%C3%BC');
  eq(new URL('file:///C|/x').href, 'file:///C:/x');
  eq(new URL('//h/x', 'file:///a/b').href, 'file://h/x');
});

test('URL percent-encodes paths, queries and fragments like Node', () => {
  const u = new URL('http://h/a b/ä/"<>`{}|^\'?q= "<>`{}|^\'ä#f "<>`{}|^\'ä');
  eq(u.pathname, '/a%20b/%C3%A4/%22%3C%3E%60%7B%7D|^\'');
  eq(u.search, '?q=%20%22%3C%3E`{}|^%27%C3%A4');
  eq(u.hash, '#f%20%22%3C%3E%60{}|^\'%C3%A4');
  // Only special URLs encode ' in the query.
  eq(new URL("custom://h/?'").search, "?'");
  // Existing escapes, even invalid ones, are left alone.
  eq(new URL('http://h/%41%zz%?%41%zz%#%41%zz%').href, 'http://h/%41%zz%?%41%zz%#%41%zz%');
  eq(new URL('http://h/\u{1F600}').pathname, '/%F0%9F%98%80');
  eq(new URL('http://h/\x01\x7f').pathname, '/%01%7F');
  // A lone surrogate becomes U+FFFD.
  eq(new URL('http://h/\uD800').pathname, '/%EF%BF%BD');
});

test('URL getters return empty strings for absent parts', () => {
  const u = new URL('http://h/p?#');
  eq(u.search, '');
  eq(u.hash, '');
  eq(u.href, 'http://h/p?#');
  eq(new URL('data:x').host, '');
  eq(new URL('data:x').hostname, '');
});

test('URL setters update every part', () => {
  const u = new URL('http://u:p@a.com:8080/b/c?q=1#f');
  u.protocol = 'https';
  eq(u.href, 'https://u:p@a.com:8080/b/c?q=1#f');
  u.protocol = 'HTTP:junk';
  eq(u.protocol, 'http:');
  u.protocol = 'custom'; // special to non-special is refused
  eq(u.protocol, 'http:');
  u.username = 'me you';
  u.password = 'p:w@';
  eq(u.href, 'http://me%20you:p%3Aw%40@a.com:8080/b/c?q=1#f');
  u.username = '';
  u.password = '';
  eq(u.href, 'http://a.com:8080/b/c?q=1#f');
  u.host = 'B.example:99';
  eq(u.host, 'b.example:99');
  u.hostname = 'c.example';
  eq(u.host, 'c.example:99');
  u.hostname = 'd.example:1'; // a port in hostname is refused
  eq(u.host, 'c.example:99');
  u.port = '80';
  eq(u.host, 'c.example');
  u.port = '8080abc';
  eq(u.port, '8080');
  u.port = 'abc';
  eq(u.port, '8080');
  u.port = 70000;
  eq(u.port, '8080');
  u.port = '';
  eq(u.port, '');
  u.pathname = 'x y/../z';
  eq(u.pathname, '/z');
  u.pathname = '/a?b#c';
  eq(u.pathname, '/a%3Fb%23c');
  u.search = 'a=b c';
  eq(u.search, '?a=b%20c');
  u.search = '??x';
  eq(u.search, '??x');
  u.search = '';
  eq(u.href, 'http://c.example/a%3Fb%23c#f');
  u.hash = 'h i';
  eq(u.hash, '#h%20i');
  u.hash = '';
  eq(u.href, 'http://c.example/a%3Fb%23c');
  u.hash = '#';
  eq(u.href, 'http://c.example/a%3Fb%23c#');
  eq(u.hash, '');
});

test('URL setters follow the rules of each kind of URL', () => {
  const f = new URL('file:///home/x');
  f.username = 'u';
  f.port = '1';
  eq(f.href, 'file:///home/x');
  f.host = 'server';
  eq(f.href, 'file://server/home/x');
  f.host = 'localhost';
  eq(f.href, 'file:///home/x');
  const d = new URL('data:text/plain,hi');
  d.pathname = 'x';
  d.host = 'h';
  eq(d.href, 'data:text/plain,hi');
  d.protocol = 'custom';
  eq(d.href, 'custom:text/plain,hi');
  const o = new URL('data:a b ?x');
  eq(o.pathname, 'a b ');
  o.search = '';
  eq(o.href, 'data:a b');
  const s = new URL('custom://h/p');
  s.protocol = 'other';
  eq(s.href, 'other://h/p');
  s.protocol = 'http';
  eq(s.href, 'other://h/p');
  s.pathname = 'a b';
  eq(s.href, 'other://h/a%20b');
  s.host = '';
  eq(s.href, 'other:///a%20b');
});

test('URL href setter reparses and throws on an invalid URL', () => {
  const u = new URL('http://a.com/?x=1');
  const params = u.searchParams;
  u.href = 'https://b.com/p?y=2';
  eq(u.host, 'b.com');
  eq(params.get('y'), '2');
  eq(params.has('x'), false);
  const err = throws(() => {
    u.href = 'nope';
  }, isError(TypeError));
  eq(err.code, 'ERR_INVALID_URL');
  eq(u.href, 'https://b.com/p?y=2');
});

test('URL searchParams is live in both directions', () => {
  const u = new URL('https://h/p?a=1&b=2#f');
  const p = u.searchParams;
  eq(p, u.searchParams);
  p.append('c', 'x y');
  eq(u.href, 'https://h/p?a=1&b=2&c=x+y#f');
  p.set('a', '&=');
  eq(u.search, '?a=%26%3D&b=2&c=x+y');
  p.delete('b');
  p.sort();
  eq(u.search, '?a=%26%3D&c=x+y');
  u.search = '?z=9';
  deepEq([...p], [['z', '9']]);
  u.hash = 'g';
  eq(p.get('z'), '9');
  p.delete('z');
  eq(u.href, 'https://h/p#g');
  eq(u.search, '');
  u.search = 'k=v';
  eq(p.toString(), 'k=v');
  u.search = '';
  eq(p.size, 0);
});

test('URL searchParams turns an untouched query into form encoding only on change', () => {
  const u = new URL('http://h/?a=b%20c&d=e+f&g');
  eq(u.search, '?a=b%20c&d=e+f&g');
  eq(u.searchParams.get('a'), 'b c');
  eq(u.searchParams.get('d'), 'e f');
  eq(u.searchParams.get('g'), '');
  eq(u.search, '?a=b%20c&d=e+f&g');
  u.searchParams.set('x', '1');
  eq(u.search, '?a=b+c&d=e+f&g=&x=1');
});

test('URL toString and toJSON return href', () => {
  const u = new URL('http://h/p?q#f');
  eq(u.toString(), 'http://h/p?q#f');
  eq(`${u}`, 'http://h/p?q#f');
  eq(u.toJSON(), 'http://h/p?q#f');
  eq(JSON.stringify({ u }), '{"u":"http://h/p?q#f"}');
  eq(String(new URL('HTTP://H')), 'http://h/');
});

test('URL.canParse and URL.parse', () => {
  eq(URL.canParse('http://h/'), true);
  eq(URL.canParse('not a url'), false);
  eq(URL.canParse('./data.json', 'file:///home/u/ext/index.ts'), true);
  eq(URL.canParse('x', 'data:,x'), false);
  eq(URL.canParse('x', 'not a base'), false);
  eq(URL.canParse('http://h/', undefined), true);
  eq(URL.parse('nope'), null);
  const u = URL.parse('../x', 'https://a.com/b/c/d');
  assert(u instanceof URL);
  eq(u.href, 'https://a.com/b/x');
  throws(() => URL.canParse(), isError(TypeError));
});

test('URL rejects invalid input with ERR_INVALID_URL', () => {
  const err = throws(() => new URL('not a url'), isError(TypeError));
  eq(err.message, 'Invalid URL');
  eq(err.code, 'ERR_INVALID_URL');
  eq(err.input, 'not a url');
  eq('base' in err, false);
  const withBase = throws(() => new URL('x', 'bad base'), isError(TypeError));
  eq(withBase.code, 'ERR_INVALID_URL');
  eq(withBase.input, 'x');
  eq(withBase.base, 'bad base');
  for (const bad of ['', ' ', 'http://', 'http://h:99999/', 'http://[::1', '//h/p', '/p', 'a']) {
    eq(throws(() => new URL(bad)).code, 'ERR_INVALID_URL', JSON.stringify(bad));
  }
  const missing = throws(() => new URL(), isError(TypeError));
  eq(missing.code, 'ERR_MISSING_ARGS');
});

test('URL converts its arguments to strings', () => {
  eq(new URL({ toString: () => 'http://h/x' }).href, 'http://h/x');
  eq(new URL('y', new URL('http://h/a/x')).href, 'http://h/a/y');
  const u = new URL('http://h/');
  u.pathname = 42;
  eq(u.pathname, '/42');
  u.search = null;
  eq(u.search, '?null');
});

test('URL is a class with WebIDL-shaped members', () => {
  const u = new URL('http://h/');
  assert(u instanceof URL);
  eq(typeof URL, 'function');
  eq(Object.prototype.toString.call(u), '[object URL]');
  eq(Object.keys(u).length, 0);
  const desc = Object.getOwnPropertyDescriptor(URL.prototype, 'href');
  eq(typeof desc.get, 'function');
  eq(typeof desc.set, 'function');
  eq(desc.enumerable, true);
  eq(Object.getOwnPropertyDescriptor(URL.prototype, 'origin').set, undefined);
  throws(() => URL('http://h/'), isError(TypeError));
  throws(() => Object.getOwnPropertyDescriptor(URL.prototype, 'href').get.call({}), isError(TypeError));
});

test('URL can be subclassed', () => {
  class MyURL extends URL {
    get dir() {
      return new URL('.', this).href;
    }
  }
  const u = new MyURL('./data.json', 'file:///home/u/ext/index.ts');
  assert(u instanceof MyURL);
  assert(u instanceof URL);
  eq(u.href, 'file:///home/u/ext/data.json');
  eq(u.dir, 'file:///home/u/ext/');
  u.pathname = '/x';
  eq(u.href, 'file:///x');
  eq(u.searchParams.size, 0);
});

test('structuredClone refuses URL and URLSearchParams', () => {
  throws(() => structuredClone(new URL('http://h/')), isDOMException('DataCloneError'));
  throws(() => structuredClone(new URLSearchParams('a=1')), isDOMException('DataCloneError'));
});

test('URLSearchParams stands alone', () => {
  const p = new URLSearchParams('a=1&a=2&b=x%20y');
  eq(p.getAll('a').join(','), '1,2');
  eq(p.get('b'), 'x y');
  eq(p.toString(), 'a=1&a=2&b=x+y');
});

test('URLSearchParams parses strings', () => {
  deepEq([...new URLSearchParams('?a=1&b=2')], [['a', '1'], ['b', '2']]);
  deepEq([...new URLSearchParams('??a=1')], [['?a', '1']]);
  deepEq([...new URLSearchParams('&&a&=b&c=d=e&')], [['a', ''], ['', 'b'], ['c', 'd=e']]);
  deepEq([...new URLSearchParams('a+b=c+d&%zz=%&%E2%82%AC=%e2%82')], [['a b', 'c d'], ['%zz', '%'], ['€', '\uFFFD']]);
  eq(new URLSearchParams('').size, 0);
  eq(new URLSearchParams().size, 0);
  eq(new URLSearchParams(undefined).size, 0);
  eq(new URLSearchParams(null).size, 0);
  eq(new URLSearchParams(12).get('12'), '');
});

test('URLSearchParams takes records, pairs and other params', () => {
  deepEq([...new URLSearchParams({ a: 1, b: [1, 2], c: 'x y' })], [['a', '1'], ['b', '1,2'], ['c', 'x y']]);
  const withHidden = Object.create({ inherited: 1 }, { own: { value: 'v', enumerable: true }, hidden: { value: 'h' } });
  deepEq([...new URLSearchParams(withHidden)], [['own', 'v']]);
  deepEq([...new URLSearchParams([['a', '1'], ['a', '2'], ['b', 3]])], [['a', '1'], ['a', '2'], ['b', '3']]);
  deepEq([...new URLSearchParams(new Map([['k', 'v']]))], [['k', 'v']]);
  deepEq([...new URLSearchParams([new Set(['x', 'y'])])], [['x', 'y']]);
  const src = new URLSearchParams('a=1');
  const copy = new URLSearchParams(src);
  copy.append('b', '2');
  eq(src.toString(), 'a=1');
  eq(copy.toString(), 'a=1&b=2');
  eq(throws(() => new URLSearchParams([['a']]), isError(TypeError)).code, 'ERR_INVALID_TUPLE');
  eq(throws(() => new URLSearchParams([['a', 'b', 'c']]), isError(TypeError)).code, 'ERR_INVALID_TUPLE');
  eq(throws(() => new URLSearchParams([1]), isError(TypeError)).code, 'ERR_INVALID_TUPLE');
  eq(throws(() => new URLSearchParams(['ab']), isError(TypeError)).code, 'ERR_INVALID_TUPLE');
  eq(throws(() => new URLSearchParams({ [Symbol.iterator]: 1 }), isError(TypeError)).code, 'ERR_ARG_NOT_ITERABLE');
});

test('URLSearchParams methods', () => {
  const p = new URLSearchParams('a=1&b=2&a=3');
  eq(p.get('a'), '1');
  eq(p.get('z'), null);
  deepEq(p.getAll('a'), ['1', '3']);
  deepEq(p.getAll('z'), []);
  eq(p.has('b'), true);
  eq(p.has('a', '3'), true);
  eq(p.has('a', '2'), false);
  eq(p.has('a', undefined), true);
  p.append('c', 4);
  eq(p.toString(), 'a=1&b=2&a=3&c=4');
  p.set('a', 'x');
  eq(p.toString(), 'a=x&b=2&c=4');
  p.set('d', 'y');
  eq(p.toString(), 'a=x&b=2&c=4&d=y');
  p.append('b', '5');
  p.delete('b', '2');
  eq(p.toString(), 'a=x&c=4&d=y&b=5');
  p.delete('b');
  eq(p.toString(), 'a=x&c=4&d=y');
  p.delete('nothing');
  eq(p.size, 3);
});

test('URLSearchParams sort is stable and by code units', () => {
  const p = new URLSearchParams('z=1&a=2&\uFFFD=3&\u{1F600}=4&a=1&A=0&=e');
  p.sort();
  deepEq([...p.keys()], ['', 'A', 'a', 'a', 'z', '\u{1F600}', '\uFFFD']);
  deepEq(p.getAll('a'), ['2', '1']);
});

test('URLSearchParams serializes as application/x-www-form-urlencoded', () => {
  const p = new URLSearchParams();
  p.append('a b', 'c+d');
  p.append('~!*()\'-_.', '&=#%/?:@');
  p.append('é€', '\u{1F600}');
  p.append('lone', '\uD800');
  eq(p.toString(), 'a+b=c%2Bd&%7E%21*%28%29%27-_.=%26%3D%23%25%2F%3F%3A%40&%C3%A9%E2%82%AC=%F0%9F%98%80&lone=%EF%BF%BD');
  eq(p.get('lone'), '\uFFFD');
  eq(String(new URLSearchParams({ q: 'x y' })), 'q=x+y');
});

test('URLSearchParams iterates live', () => {
  const p = new URLSearchParams('a=1&b=2');
  deepEq([...p.keys()], ['a', 'b']);
  deepEq([...p.values()], ['1', '2']);
  deepEq([...p.entries()], [['a', '1'], ['b', '2']]);
  eq(p[Symbol.iterator], p.entries);
  const it = p.keys();
  eq(Object.prototype.toString.call(it), '[object URLSearchParams Iterator]');
  eq(it[Symbol.iterator](), it);
  deepEq(it.next(), { value: 'a', done: false });
  p.append('c', '3');
  deepEq(it.next(), { value: 'b', done: false });
  deepEq(it.next(), { value: 'c', done: false });
  deepEq(it.next(), { done: true });
  const seen = [];
  p.forEach(function (value, name, params) {
    seen.push([name, value, params === p, this.tag]);
    if (name === 'a') p.delete('b');
  }, { tag: 't' });
  deepEq(seen, [['a', '1', true, 't'], ['c', '3', true, 't']]);
  eq(throws(() => p.forEach(), isError(TypeError)).code, 'ERR_INVALID_ARG_TYPE');
});

test('URLSearchParams checks its arguments', () => {
  const p = new URLSearchParams();
  eq(throws(() => p.append('a'), isError(TypeError)).code, 'ERR_MISSING_ARGS');
  eq(throws(() => p.set('a'), isError(TypeError)).code, 'ERR_MISSING_ARGS');
  eq(throws(() => p.get(), isError(TypeError)).code, 'ERR_MISSING_ARGS');
  eq(throws(() => p.getAll(), isError(TypeError)).code, 'ERR_MISSING_ARGS');
  eq(throws(() => p.has(), isError(TypeError)).code, 'ERR_MISSING_ARGS');
  eq(throws(() => p.delete(), isError(TypeError)).code, 'ERR_MISSING_ARGS');
  throws(() => URLSearchParams.prototype.get.call({}, 'a'), isError(TypeError));
  throws(() => URLSearchParams(), isError(TypeError));
});

test('URLSearchParams is a subclassable class', () => {
  class Params extends URLSearchParams {
    first() {
      return this.keys().next().value;
    }
  }
  const p = new Params('x=1&y=2');
  assert(p instanceof Params);
  assert(p instanceof URLSearchParams);
  eq(p.first(), 'x');
  eq(Object.prototype.toString.call(p), '[object URLSearchParams]');
  eq(Object.getOwnPropertyDescriptor(URLSearchParams.prototype, 'append').enumerable, true);
  eq(Object.getOwnPropertyDescriptor(URLSearchParams.prototype, 'size').enumerable, true);
});

test('console.log shows URL and URLSearchParams like Node', () => {
  console.log(new URLSearchParams('a=1&b=x y'));
  console.log(new URLSearchParams());
  console.log(new URL('https://u@h:81/p?a=1#f'));
  const lines = logs().map(([, msg]) => msg);
  eq(lines[0], "URLSearchParams { 'a' => '1', 'b' => 'x y' }");
  eq(lines[1], 'URLSearchParams {}');
  eq(lines[2], [
    'URL {',
    "  href: 'https://u@h:81/p?a=1#f',",
    "  origin: 'https://h:81',",
    "  protocol: 'https:',",
    "  username: 'u',",
    "  password: '',",
    "  host: 'h:81',",
    "  hostname: 'h',",
    "  port: '81',",
    "  pathname: '/p',",
    "  search: '?a=1',",
    "  searchParams: URLSearchParams { 'a' => '1' },",
    "  hash: '#f'",
    '}',
  ].join('\n'));
});

test('console.log indents a nested URL and shows iterators like Node', () => {
  console.log({ a: { u: new URL('http://h/?x=1') } });
  const it = new URLSearchParams('a=1&b=2&c=3').entries();
  it.next();
  console.log(it);
  console.log(new URLSearchParams('a=1').keys());
  const lines = logs().map(([, msg]) => msg);
  eq(lines[0], [
    '{',
    '  a: {',
    '    u: URL {',
    "      href: 'http://h/?x=1',",
    "      origin: 'http://h',",
    "      protocol: 'http:',",
    "      username: '',",
    "      password: '',",
    "      host: 'h',",
    "      hostname: 'h',",
    "      port: '',",
    "      pathname: '/',",
    "      search: '?x=1',",
    "      searchParams: URLSearchParams { 'x' => '1' },",
    "      hash: ''",
    '    }',
    '  }',
    '}',
  ].join('\n'));
  eq(lines[1], "URLSearchParams Iterator { [ 'b', '2' ], [ 'c', '3' ] }");
  eq(lines[2], "URLSearchParams Iterator { 'a' }");
});
