package node_test

import (
	"os"
	"path/filepath"
	"testing"
)

// The documented limit of AsyncLocalStorage in pigo: events emitted by
// pigo's Go side (here an fs read stream's 'data') run in the outer
// context, where Node would keep the stream's creation context; binding
// the listener restores it. createHook fails loudly.
func TestAsyncLocalStorageLimits(t *testing.T) {
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
  eq(seen, ['undefined', 'ctx'], 'Go-emitted events');
  throwsWith(() => createHook({}), (e) => /not supported yet: node:async_hooks.createHook/.test(e.message), 'createHook');
  return 'ok';
})()`)
	if got != "ok" {
		t.Fatal(got)
	}
}
