package core_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/core"
	"github.com/pigo-dev/pigo/jsapi/modules"
	"github.com/pigo-dev/pigo/jsapi/modules/modulestest"
	"github.com/pigo-dev/pigo/jsapi/webapi"
)

// coreRuntime is a runtime with pigo:core over locks (as `core`) and the
// web globals (AbortController), working in cwd.
func coreRuntime(t *testing.T, locks *core.FileLocks, cwd string) *modulestest.Runtime {
	t.Helper()
	rt := modulestest.New(t, modulestest.Options{Cwd: cwd, Modules: map[string]modules.Module{
		"pigo:core": core.Module(locks),
		"webapi": func(rt modules.Runtime, _ *goja.Object) error {
			return webapi.Install(rt.VM(), webapi.Options{})
		},
	}})
	rt.MustRun(`require("webapi"); globalThis.core = require("pigo:core"); undefined`)
	return rt
}

func runJSON(t *testing.T, rt *modulestest.Runtime, src string) string {
	t.Helper()
	v := rt.MustRun(`(async () => JSON.stringify(await (async () => {` + src + `})()))()`)
	return v.(string)
}

func TestModuleSearch(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.txt": "foo\nbar\n", "sub/b.ts": "foo\n", ".gitignore": "a.txt\n"})
	rt := coreRuntime(t, core.NewFileLocks(), root)
	got := runJSON(t, rt, `
const rel = (p) => p.slice(`+jsString(root)+`.length + 1);
const g = await core.grep({ pattern: "fo+", path: "." });
const gl = await core.grep({ pattern: "foo", path: ".", limit: 1 });
const f = await core.find({ pattern: "*", path: "." });
const w = await core.walk({ path: ".", ignoreFile: ".rgignore", requireGit: true, limit: 3 });
let bad = "";
try { await core.grep({ pattern: "(x", path: "." }); } catch (e) { bad = e.message; }
let noPath = "";
try { core.find({ pattern: "*" }); } catch (e) { noPath = e.code; }
return {
  grep: g.matches.map((m) => rel(m.path) + ":" + m.line + ":" + m.text), limited: [gl.matches.length, gl.limitReached],
  find: f.paths.map(rel), walk: w.entries.map((e) => rel(e.path) + " " + e.type), walkLimited: w.limitReached, bad, noPath,
};`)
	want := `{"grep":["a.txt:1:foo\n","sub/b.ts:1:foo\n"],"limited":[1,true],"find":[".gitignore","sub/","sub/b.ts"],"walk":[".gitignore file","a.txt file","sub directory"],"walkLimited":true,"bad":"regex parse error:\n    (x\nerror: unclosed group","noPath":"ERR_INVALID_ARG_TYPE"}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestModuleAbort: an aborted signal or an ended generation rejects with
// ABORT_ERR.
func TestModuleAbort(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.txt": "foo\n"})
	rt := coreRuntime(t, core.NewFileLocks(), root)
	got := runJSON(t, rt, `
const ac = new AbortController();
ac.abort();
const codes = [];
for (const op of [() => core.grep({ pattern: "foo", path: ".", signal: ac.signal }), () => core.find({ pattern: "*", path: ".", signal: ac.signal })]) {
  try { await op(); codes.push("resolved"); } catch (e) { codes.push(e.code); }
}
const live = new AbortController();
const ok = await core.grep({ pattern: "foo", path: ".", signal: live.signal });
live.abort(); // after the search: nothing happens
return { codes, ok: ok.matches.length };`)
	if want := `{"codes":["ABORT_ERR","ABORT_ERR"],"ok":1}`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	rt.Cancel()
	got = runJSON(t, rt, `try { await core.grep({ pattern: "foo", path: "." }); return "resolved"; } catch (e) { return e.code; }`)
	if got != `"ABORT_ERR"` {
		t.Errorf("after retire: %s", got)
	}
}

// TestModuleLockAcrossRuntimes: two runtimes sharing one lock table (two
// plugins) are served in order, one at a time, per file; other files
// don't wait. The order is checked with promises, not timing: B's turn
// must not start before A releases, however long A holds the lock.
func TestModuleLockAcrossRuntimes(t *testing.T) {
	t.Parallel()
	locks := core.NewFileLocks()
	dir := t.TempDir()
	a := coreRuntime(t, locks, dir)
	b := coreRuntime(t, locks, dir)
	file := jsString(filepath.Join(dir, "f.txt"))
	// A takes the lock and keeps it.
	a.MustRun(`globalThis.log = []; core.lockFile(` + file + `).then((r) => { globalThis.releaseA = r; })`)
	// B queues for it, and takes another file's lock at once.
	b.MustRun(`globalThis.log = [];
globalThis.bDone = core.lockFile(` + file + `).then((r) => { log.push("B got f"); r(); });
core.lockFile(` + file + `.replace("f.txt", "g.txt")).then((r) => { log.push("B got g"); r(); })`)
	if got := runJSON(t, b, `return log;`); got != `["B got g"]` {
		t.Fatalf("B before A's release: %s", got)
	}
	a.MustRun(`releaseA(); releaseA(); undefined`) // twice: harmless
	if got := runJSON(t, b, `await bDone; return log;`); got != `["B got g","B got f"]` {
		t.Fatalf("B after A's release: %s", got)
	}
	if n := locks.Len(); n != 0 {
		t.Fatalf("%d locks left", n)
	}
	// A lock asked for by a retired runtime is given back at once.
	a.Cancel()
	a.MustRun(`core.lockFile(` + file + `); undefined`)
	if got := runJSON(t, b, `const r = await core.lockFile(`+file+`); r(); return "free";`); got != `"free"` {
		t.Fatalf("after retire: %s", got)
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return strings.ReplaceAll(string(b), "\u2028", `\u2028`)
}
