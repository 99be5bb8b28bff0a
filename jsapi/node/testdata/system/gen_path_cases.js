// Generates path_cases.json: path module calls and what Node 20 returns
// (with cwd /work/cwd for resolve/relative).
const path = require('path');
const cwd = '/work/cwd';
process.chdir = undefined;
const P = ['', '.', '..', '/', '//', '///', 'a', 'a/', 'a//', '/a', '/a/', '//a', 'a/b', 'a/b/', '/a/b/c', 'a/./b', 'a/../b', '../a', '../../a/b', 'a/b/../../..', '/..', '/../a', './', './a', '.a', 'a.', 'a.b', 'a.b.c', '.a.b', '..a', 'a..', '/a/.b', '/a/b.c/', 'a/b.c.d/', 'file.txt', '/x/y/file.tar.gz', 'a/b/c/.', 'a/b/c/..', 'dir/', '/foo/bar//baz/asdf/quux/..', 'ü/ñ.txt', '.git', '..', '/.', '/..x'];
const cases = [];
const add = (fn, args) => {
  let out;
  try { out = path[fn](...args); } catch (e) { out = { error: e.code }; }
  cases.push([fn, args, out]);
};
for (const p of P) {
  for (const fn of ['normalize', 'dirname', 'basename', 'extname', 'isAbsolute', 'parse']) add(fn, [p]);
}
for (const p of P) for (const e of ['', '.txt', 'txt', 'c', '.gz', 'b', 'a']) add('basename', [p, e]);
for (let i = 0; i < P.length; i++) for (let j = 0; j < P.length; j += 3) add('join', [P[i], P[j]]);
add('join', []); add('join', ['a', '', 'b']); add('join', ['/a', '/b', '../c']);
const saved = process.cwd;
process.cwd = () => cwd;
for (let i = 0; i < P.length; i++) for (let j = 0; j < P.length; j += 2) { add('resolve', [P[i], P[j]]); add('relative', [P[i], P[j]]); }
add('resolve', []); add('resolve', ['a', '/b', 'c']);
process.cwd = saved;
for (const o of [{ root: '/', dir: '/a', base: 'b.c' }, { root: '/', base: 'x' }, { name: 'n', ext: 'e' }, { name: 'n', ext: '.e' }, { dir: 'd', name: 'n', ext: '.e' }, { root: '/x/', name: 'n' }, {}])
  add('format', [o]);
add('join', [1]); add('basename', [null]); add('dirname', [{}]);
process.stdout.write(JSON.stringify({ cwd, cases }, null, 0).replace(/\],\[/g, '],\n['));
