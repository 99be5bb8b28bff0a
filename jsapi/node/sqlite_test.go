package node_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules/modulestest"
	"github.com/pigo-dev/pigo/jsapi/node"
)

// The node:sqlite API itself is checked against Node 22 by the sqlite
// probe (TestProbeSqlite); these tests cover what a probe cannot: files
// shared with Node, paths, and where a user function's error points.

// sqliteRows is the query both sides run on a shared file; every SQLite
// storage class appears once, plus an INTEGER past 2^53.
const sqliteRows = `select i, r, t, quote(b) as b, n, cast(big as text) as big from v order by i`

func TestSqliteFileWrittenByPigoReadsInNode(t *testing.T) {
	bin := node22(t)
	file := filepath.Join(t.TempDir(), "pigo.db")
	rt := libRuntime(t)
	libEval(t, rt, `(() => {
  const { DatabaseSync } = require('node:sqlite');
  const db = new DatabaseSync(`+strconv.Quote(file)+`);
  db.exec('create table v(i integer, r real, t text, b blob, n, big integer)');
  const ins = db.prepare('insert into v values (?, ?, ?, ?, ?, ?)');
  ins.run(1n, 1.5, 'één', new Uint8Array([0, 255]), null, 9007199254740993n);
  ins.run(2n, -0.25, '', Buffer.from('hi'), null, -5n);
  db.close();
})()`)
	out, err := exec.Command(bin, "--no-warnings", "-e", `const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[1], { readOnly: true });
console.log(JSON.stringify(db.prepare(`+"`"+sqliteRows+"`"+`).all()));`, file).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	want := `[{"i":1,"r":1.5,"t":"één","b":"X'00FF'","n":null,"big":"9007199254740993"},{"i":2,"r":-0.25,"t":"","b":"X'6869'","n":null,"big":"-5"}]`
	if got := strings.TrimSpace(string(out)); got != want {
		t.Fatalf("node read\n%s\nwant\n%s", got, want)
	}
}

func TestSqliteFileWrittenByNodeReadsInPigo(t *testing.T) {
	bin := node22(t)
	file := filepath.Join(t.TempDir(), "node.db")
	out, err := exec.Command(bin, "--no-warnings", "-e", `const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[1]);
db.exec('pragma journal_mode = wal');
db.exec('create table v(i integer, r real, t text, b blob, n, big integer)');
const ins = db.prepare('insert into v values (?, ?, ?, ?, ?, ?)');
ins.run(1n, 1.5, 'één', new Uint8Array([0, 255]), null, 9007199254740993n);
ins.run(2n, -0.25, '', Buffer.from('hi'), null, -5n);
db.close();`, file).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	rt := libRuntime(t)
	got := libEval(t, rt, `(() => {
  const { DatabaseSync } = require('node:sqlite');
  const db = new DatabaseSync(`+strconv.Quote(file)+`);
  const q = db.prepare('select * from v order by i');
  q.setReadBigInts(true);
  const rows = q.all().map((r) => [typeof r.i, r.r, r.t, [...r.b], r.n, String(r.big)]);
  const mode = db.prepare('pragma journal_mode').get().journal_mode;
  return JSON.stringify([rows, mode, db.prepare(`+"`"+sqliteRows+"`"+`).get().b]);
})()`)
	want := `[[["bigint",1.5,"één",[0,255],null,"9007199254740993"],["bigint",-0.25,"",[104,105],null,"-5"]],"wal","X'00FF'"]`
	if got != want {
		t.Fatalf("pigo read\n%s\nwant\n%s", got, want)
	}
}

// Both processes on one WAL database at once: pigo's writes show in Node
// while pigo keeps the connection open, which needs the same locking and
// shared-memory protocol on both sides.
func TestSqliteConcurrentWithNode(t *testing.T) {
	bin := node22(t)
	file := filepath.Join(t.TempDir(), "shared.db")
	rt := libRuntime(t)
	libEval(t, rt, `(() => {
  const { DatabaseSync } = require('node:sqlite');
  globalThis.shared = new DatabaseSync(`+strconv.Quote(file)+`);
  shared.exec('pragma journal_mode = wal; create table k(v); insert into k values (1)');
})()`)
	out, err := exec.Command(bin, "--no-warnings", "-e", `const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[1], { timeout: 5000 });
db.exec('insert into k values (2)');
console.log(JSON.stringify(db.prepare('select sum(v) as s from k').get()));`, file).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != `{"s":3}` {
		t.Fatalf("node saw %s", got)
	}
	if got := libEval(t, rt, `shared.prepare('select sum(v) as s from k').get().s`); got != int64(3) {
		t.Fatalf("pigo saw %v after Node's insert", got)
	}
}

// A relative file name is relative to the plugin's working directory, as
// Node's is to process.cwd().
func TestSqliteRelativePathUsesPluginCwd(t *testing.T) {
	dir := t.TempDir()
	rt := modulestest.New(t, modulestest.Options{Modules: node.Modules(), Cwd: dir})
	got := rt.MustRun(`(() => {
  const { DatabaseSync } = require('node:sqlite');
  const db = new DatabaseSync('rel.db');
  db.exec('create table x(y)');
  const where = db.location();
  db.close();
  return where;
})()`)
	want := filepath.Join(dir, "rel.db")
	if got != want {
		t.Fatalf("location() = %v, want %s", got, want)
	}
	if _, err := os.Stat(want); err != nil {
		t.Fatal(err)
	}
}

// The error a user function throws reaches the caller of the query as the
// same object, its stack pointing at the throwing line of the plugin file.
func TestSqliteUserFunctionErrorKeepsItsStack(t *testing.T) {
	rt := libRuntime(t)
	src := `const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(':memory:');
db.function('explode', (x) => {
  throw new RangeError('bad input ' + x);
});
let caught;
try {
  db.prepare('select explode(41 + 1)').get();
} catch (e) {
  caught = e;
}
[caught instanceof RangeError, caught.message, caught.code === undefined, caught.stack];
`
	type result struct {
		v   any
		err error
	}
	ch := make(chan result, 1)
	rt.Post(func() {
		v, err := rt.VM().RunScript("ext/plugin.js", src)
		if err != nil {
			ch <- result{nil, err}
			return
		}
		ch <- result{v.Export(), nil}
	})
	r := <-ch
	if r.err != nil {
		t.Fatal(r.err)
	}
	got := r.v.([]any)
	if !reflect.DeepEqual(got[:3], []any{true, "bad input 42", true}) {
		t.Fatalf("caught %v", got[:3])
	}
	if stack := got[3].(string); !strings.Contains(stack, "ext/plugin.js:4:") {
		t.Fatalf("stack does not name ext/plugin.js:4:\n%s", stack)
	}
}

// A statement the plugin still holds stops working once its database is
// closed, and closing releases the file: another connection can take an
// exclusive lock at once. That connection opened while the file was
// locked, and still gets FTS5 once it can read the file.
func TestSqliteCloseReleasesTheFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "lock.db")
	rt := libRuntime(t)
	got := libEval(t, rt, `(() => {
  const { DatabaseSync } = require('node:sqlite');
  const a = new DatabaseSync(`+strconv.Quote(file)+`);
  a.exec('create table x(y); begin exclusive; insert into x values (1)');
  const b = new DatabaseSync(`+strconv.Quote(file)+`);
  let locked;
  try { b.exec('begin exclusive'); } catch (e) { locked = e.errstr; }
  const q = a.prepare('select 1');
  a.close();
  b.exec('begin exclusive; insert into x values (2); commit');
  let finalized;
  try { q.get(); } catch (e) { finalized = e.message; }
  b.exec("create virtual table ft using fts5(t); insert into ft values ('full text')");
  return JSON.stringify([locked, finalized, b.prepare('select count(*) as n from x').get().n,
    b.prepare("select t from ft where ft match 'text'").get().t]);
})()`)
	if want := `["database is locked","statement has been finalized",1,"full text"]`; got != want {
		t.Fatalf("got %v, want %s", got, want)
	}
}

// An interrupt of the plugin's runtime (a budget, a retire) stops a query
// whose user function loops, and leaves the runtime usable.
func TestSqliteInterruptStopsUserFunction(t *testing.T) {
	rt := libRuntime(t)
	ch := make(chan error, 1)
	rt.Post(func() {
		vm := rt.VM()
		_ = vm.Set("interruptSoon", func() { go vm.Interrupt("stop") })
		_, err := vm.RunString(`const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(':memory:');
db.function('spin', () => { interruptSoon(); for (;;) {} });
db.prepare('select spin()').get();`)
		vm.ClearInterrupt()
		ch <- err
	})
	err := <-ch
	var ie *goja.InterruptedError
	if !errors.As(err, &ie) || ie.Value() != "stop" {
		t.Fatalf("got %v, want the interrupt", err)
	}
	if got := libEval(t, rt, `1 + 1`); got != int64(2) {
		t.Fatalf("runtime unusable after interrupt: %v", got)
	}
}

func BenchmarkSqliteInsertSelect(b *testing.B) {
	rt := libRuntime(b)
	rt.MustRun(`const { DatabaseSync } = require('node:sqlite');
globalThis.bdb = new DatabaseSync(':memory:');
bdb.exec('create table kv(k integer primary key, v text)');
globalThis.bins = bdb.prepare('insert into kv(v) values (?)');
globalThis.bsel = bdb.prepare('select k, v from kv where k = ?');`)
	b.ResetTimer()
	rt.MustRun(`for (let i = 0; i < ` + strconv.Itoa(b.N) + `; i++) { const r = bins.run('value ' + i); bsel.get(r.lastInsertRowid); }`)
}

// BenchmarkSqliteFirstOpen is the cost a plugin pays on its first
// require('node:sqlite') and first connection.
func BenchmarkSqliteFirstOpen(b *testing.B) {
	for range b.N {
		rt := modulestest.New(b, modulestest.Options{Modules: node.Modules()})
		rt.MustRun(`new (require('node:sqlite').DatabaseSync)(':memory:').close()`)
	}
}

// The watchdog's interrupt (a budget running out) stops a query that runs
// no JS, fails the job with goja's interrupt, and the connection works in
// the next job.
func TestSqliteInterruptStopsRunawayQuery(t *testing.T) {
	rt := libRuntime(t)
	type result struct {
		v   any
		err error
	}
	ch := make(chan result, 1)
	rt.Post(func() {
		vm := rt.VM()
		fired := false
		// tick is Go, so calling it never runs JS that would notice the
		// interrupt: only SQLite's own check can stop the query.
		_ = vm.Set("tick", func() int {
			if !fired {
				fired = true
				rt.Interrupt("budget")
			}
			return 1
		})
		_, err := vm.RunString(`globalThis.db = new (require('node:sqlite').DatabaseSync)(':memory:');
db.function('tick', tick);
db.prepare('with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c where tick()').get();`)
		vm.ClearInterrupt()
		ch <- result{nil, err}
	})
	r := <-ch
	var ie *goja.InterruptedError
	if !errors.As(r.err, &ie) || ie.Value() != "budget" {
		t.Fatalf("got %v, want the budget interrupt", r.err)
	}
	if got := libEval(t, rt, `db.prepare('select 41 + 1 as n').get().n`); got != int64(42) {
		t.Fatalf("after the interrupt: %v", got)
	}
}

// SQL holding no statement prepares to a statement that is already
// finalized, as in Node 22 (which the probe cannot show: Node crashes when
// it collects such a statement).
func TestSqliteEmptySQL(t *testing.T) {
	rt := libRuntime(t)
	got := libEval(t, rt, `(() => {
  const db = new (require('node:sqlite').DatabaseSync)(':memory:');
  const out = [];
  for (const sql of ['', '  ', '-- only a comment']) {
    const q = db.prepare(sql);
    try { q.run(); } catch (e) { out.push(e.code + ': ' + e.message); }
  }
  return out.join('|');
})()`)
	want := "ERR_INVALID_STATE: statement has been finalized|ERR_INVALID_STATE: statement has been finalized|ERR_INVALID_STATE: statement has been finalized"
	if got != want {
		t.Fatalf("got %v", got)
	}
}
