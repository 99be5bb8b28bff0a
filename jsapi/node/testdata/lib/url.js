const url = require('url');
const { fileURLToPath, pathToFileURL } = require('node:url');
check(url.URL === URL && url.URLSearchParams === URLSearchParams, 're-exported globals');

// Round trips through spaces, %, ?, #, and non-ASCII, compared with node 20.
const u = pathToFileURL('/tmp/a b%c?#d\\e\nf/é');
check(u instanceof URL, 'pathToFileURL returns a URL');
eq(u.href, 'file:///tmp/a%20b%25c%3F%23d%5Ce%0Af/%C3%A9', 'pathToFileURL encoding');
eq(fileURLToPath(u), '/tmp/a b%c?#d\\e\nf/é', 'round trip URL');
eq(fileURLToPath(u.href), '/tmp/a b%c?#d\\e\nf/é', 'round trip string');
eq(fileURLToPath('file:///tmp/a%20b%25c%3F%23'), '/tmp/a b%c?#', 'decodes percent-encoding');
eq(fileURLToPath('file://localhost/etc/x'), '/etc/x', 'localhost host');
eq(pathToFileURL('/dir/').href, 'file:///dir/', 'trailing slash kept');
eq(pathToFileURL('rel/x').href, `file://${CWD}/rel/x`, 'relative to cwd');
throwsWith(() => fileURLToPath('http://x/y'), (e) => e instanceof TypeError && e.code === 'ERR_INVALID_URL_SCHEME' && e.message === 'The URL must be of scheme file', 'non-file URL');
throwsWith(() => fileURLToPath('file://host/y'), (e) => e.code === 'ERR_INVALID_FILE_URL_HOST', 'file URL host');
throwsWith(() => fileURLToPath('file:///a%2fb'), (e) => e.code === 'ERR_INVALID_FILE_URL_PATH', 'encoded slash');
throwsWith(() => fileURLToPath(5), (e) => e.code === 'ERR_INVALID_ARG_TYPE', 'bad type');

// Legacy API, compared with node 20.
const p = url.parse('http://user:pw@Host.com:8080/p/a/t/h?query=string&a=1#hash', true);
eq([p.protocol, p.slashes, p.auth, p.host, p.port, p.hostname, p.hash, p.search, p.pathname, p.path, p.href],
  ['http:', true, 'user:pw', 'host.com:8080', '8080', 'host.com', '#hash', '?query=string&a=1', '/p/a/t/h', '/p/a/t/h?query=string&a=1',
    'http://user:pw@host.com:8080/p/a/t/h?query=string&a=1#hash'], 'parse');
eq({ ...p.query }, { query: 'string', a: '1' }, 'parse query');
const rel = url.parse('/foo/bar?x=1');
eq([rel.protocol, rel.host, rel.pathname, rel.search, rel.query, rel.href], [null, null, '/foo/bar', '?x=1', 'x=1', '/foo/bar?x=1'], 'parse relative');
const mail = url.parse('mailto:a@b.c');
eq([mail.protocol, mail.auth, mail.host, mail.pathname], ['mailto:', 'a', 'b.c', null], 'parse mailto');
eq(url.format({ protocol: 'https', hostname: 'ex.com', pathname: '/a b', query: { x: '1 2', y: [1, 2] } }), 'https://ex.com/a b?x=1%202&y=1&y=2', 'format object');
eq(url.format(new URL('https://u:p@ex.com/a?b#c'), { auth: false, search: false, fragment: false }), 'https://ex.com/a', 'format URL');
eq(url.resolve('/one/two/three', 'four'), '/one/two/four', 'resolve relative');
eq(url.resolve('http://example.com/', '/one'), 'http://example.com/one', 'resolve absolute');
eq(url.resolve('http://example.com/one', '/two'), 'http://example.com/two', 'resolve root');
eq(url.domainToASCII('español.com'), 'xn--espaol-zwa.com', 'domainToASCII');
eq(url.domainToASCII('xn--iñvalid.com'), '', 'domainToASCII invalid');
eq(url.domainToUnicode('xn--espaol-zwa.com'), 'español.com', 'domainToUnicode');
const opts = url.urlToHttpOptions(new URL('https://a:b@x.com:99/p?q'));
eq([opts.hostname, opts.port, opts.path, opts.auth], ['x.com', 99, '/p?q', 'a:b'], 'urlToHttpOptions');
