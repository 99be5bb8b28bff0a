package node_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pigo's Go-fed streams (fs read/write streams, child process stdio) are
// not stream.Readable instances, but pipeline, pipe and finished accept
// them as Node accepts any stream-like emitter.
func TestStreamInteropFS(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte(strings.Repeat("abc\n", 5000)), 0o644); err != nil {
		t.Fatal(err)
	}
	rt := libRuntime(t)
	got := libEval(t, rt, `(async () => {
  const fs = require('fs');
  const { Transform, PassThrough, finished } = require('stream');
  const { pipeline } = require('stream/promises');
  const dir = `+"`"+dir+"`"+`;
  const upper = new Transform({ transform(c, e, cb) { cb(null, String(c).toUpperCase()); } });
  await pipeline(fs.createReadStream(dir + '/in.txt'), upper, fs.createWriteStream(dir + '/out.txt'));
  const out = fs.readFileSync(dir + '/out.txt', 'utf8');
  eq(out.length, 20000, 'length');
  eq(out.slice(0, 8), 'ABC\nABC\n', 'content');
  // A Go-fed readable piped into a PassThrough, consumed by async iteration.
  const pt = new PassThrough();
  fs.createReadStream(dir + '/in.txt').pipe(pt);
  let n = 0;
  const it = pt[Symbol.asyncIterator]();
  for (;;) { const r = await it.next(); if (r.done) break; n += r.value.length; }
  eq(n, 20000, 'iterated');
  // Go-fed streams pass Node's instanceof checks.
  const { Readable, Writable, Stream, Duplex } = require('stream');
  const probe = fs.createReadStream(dir + '/in.txt');
  const ws = fs.createWriteStream(dir + '/probe.txt');
  eq([probe instanceof Readable, probe instanceof Stream, probe instanceof Writable, probe instanceof Duplex,
    ws instanceof Writable, ws instanceof Stream, ws instanceof Readable], [true, true, false, false, true, true, false], 'instanceof');
  probe.destroy();
  // Finished before the test ends: the stream creates its file
  // asynchronously, which would race the temp dir's removal.
  await new Promise((res) => ws.end(res));
  // finished on a Go-fed stream.
  const rs = fs.createReadStream(dir + '/in.txt');
  rs.resume();
  await new Promise((res, rej) => finished(rs, (e) => e ? rej(e) : res()));
  return 'ok';
})()`)
	if got != "ok" {
		t.Fatal(got)
	}
}

func TestStreamInteropChild(t *testing.T) {
	rt := libRuntime(t)
	got := libEval(t, rt, `(async () => {
  const { spawn } = require('child_process');
  const { Writable } = require('stream');
  const { pipeline } = require('stream/promises');
  const child = spawn('/bin/sh', ['-c', 'printf "one\\ntwo\\n"'], { cwd: '/' });
  const chunks = [];
  await pipeline(child.stdout, new Writable({ write(c, e, cb) { chunks.push(String(c)); cb(); } }));
  const cat = spawn('/bin/cat', [], { cwd: '/' });
  const { Readable } = require('stream');
  const back = [];
  cat.stdout.on('data', (c) => back.push(String(c)));
  const closed = new Promise((res) => cat.on('close', res));
  await pipeline(Readable.from(['x', 'y']), cat.stdin);
  await closed;
  return chunks.join('') + '|' + back.join('');
})()`)
	if got != "one\ntwo\n|xy" {
		t.Fatalf("%q", got)
	}
}

// pipeline into process.stdout completes when the source ends, as in Node
// (pigo's stdout is never finished).
func TestStreamPipelineToStdout(t *testing.T) {
	rt := libRuntime(t)
	got := libEval(t, rt, `(async () => {
  const { pipeline, Readable } = require('stream');
  return await new Promise((res) => { pipeline(Readable.from(['a\n']), process.stdout, (e) => res('done ' + e)); setTimeout(() => res('timeout'), 2000); });
})()`)
	if got != "done undefined" {
		t.Fatal(got)
	}
}

// crypto's Hash and Hmac count as Transforms before their first stream use,
// as in Node (where they always are).
func TestStreamHashInstanceof(t *testing.T) {
	rt := libRuntime(t)
	got := libEval(t, rt, `(() => {
  const crypto = require('crypto');
  const { Readable, Writable, Duplex, Transform, Stream, PassThrough } = require('stream');
  const h = crypto.createHash('sha256');
  return [h instanceof Readable, h instanceof Writable, h instanceof Duplex, h instanceof Transform, h instanceof Stream,
    h instanceof PassThrough, crypto.createHmac('sha1', 'k') instanceof Transform, h.update('x').digest('hex').length].join();
})()`)
	if got != "true,true,true,true,true,false,true,64" {
		t.Fatal(got)
	}
}
