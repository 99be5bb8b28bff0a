package node_test

import (
	"os"
	"path/filepath"
	"testing"
)

// Events emitted by pigo's Go side (an fs read stream's 'data', a child's
// 'close') run in the context the stream or child was made in, as in
// Node; createHook fails loudly.
func TestAsyncLocalStorageGoEvents(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	rt := libRuntime(t)
	got := libEval(t, rt, `(async () => {
  const { AsyncLocalStorage, AsyncResource, createHook } = require('async_hooks');
  const fs = require('fs');
  const als = new AsyncLocalStorage();
  const seen = await als.run('ctx', () => new Promise((resolve) => {
    const s = fs.createReadStream(`+"`"+dir+"/f`"+`);
    const out = [];
    s.on('data', () => out.push(String(als.getStore())));
    s.on('data', AsyncResource.bind(() => out.push(String(als.getStore()))));
    s.on('close', () => resolve(out));
  }));
  eq(seen, ['ctx', 'ctx'], 'Go-emitted events');
  const { spawn } = require('child_process');
  const code = await als.run('child', () => new Promise((resolve) => {
    spawn('/bin/true', [], { cwd: '/' }).on('close', () => resolve(als.getStore()));
  }));
  eq(code, 'child', 'child process events');
  throwsWith(() => createHook({}), (e) => /not supported yet: node:async_hooks.createHook/.test(e.message), 'createHook');
  return 'ok';
})()`)
	if got != "ok" {
		t.Fatal(got)
	}
}
