package node

import (
	"runtime"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/pigo-dev/pigo/jsapi/modules/modulestest"
)

// A plugin that prepares a statement per call and drops it must not grow
// the connection's statements without bound: unreachable statements are
// finalized (Node finalizes them when collected), reachable ones stay.
func TestSqliteUnreachableStatementsAreFinalized(t *testing.T) {
	rt := modulestest.New(t, modulestest.Options{Modules: Modules()})
	var db *sqliteDB
	onLoop := func(fn func()) {
		done := make(chan struct{})
		if !rt.Post(func() { fn(); close(done) }) {
			t.Fatal("runtime stopped")
		}
		<-done
	}
	onLoop(func() {
		h, err := newSqliteHelpers(rt)
		if err != nil {
			t.Error(err)
			return
		}
		db = h.openDB(":memory:", false, true, false, 0)
		_ = rt.VM().Set("handle", db.object())
	})
	rt.MustRun(`globalThis.keep = handle.prepare("select 'kept' as k", false, false, true, false);
for (let i = 0; i < 500; i++) handle.prepare("select " + i, false, false, true, false);
0;`)
	count := func() (n int) {
		onLoop(func() { n = len(db.stmts) })
		return n
	}
	deadline := time.Now().Add(10 * time.Second)
	for count() > 1 {
		if time.Now().After(deadline) {
			t.Fatalf("%d statements still open after collection, want 1", count())
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if got := rt.MustRun(`keep.get([]).k`); got != "kept" {
		t.Fatalf("the reachable statement gives %v", got)
	}
}

// A database the plugin no longer reaches is closed; one a statement still
// reaches stays open.
func TestSqliteUnreachableDatabaseIsClosed(t *testing.T) {
	rt := modulestest.New(t, modulestest.Options{Modules: Modules()})
	var dropped, held *sqliteDB
	onLoop := func(fn func()) {
		done := make(chan struct{})
		if !rt.Post(func() { fn(); close(done) }) {
			t.Fatal("runtime stopped")
		}
		<-done
	}
	onLoop(func() {
		h, err := newSqliteHelpers(rt)
		if err != nil {
			t.Error(err)
			return
		}
		dropped = h.openDB(":memory:", false, true, false, 0)
		held = h.openDB(":memory:", false, true, false, 0)
		_ = rt.VM().Set("dropped", dropped.object())
		_ = rt.VM().Set("held", held.object())
	})
	rt.MustRun(`globalThis.stmt = held.prepare("select 'still open' as s", false, false, true, false);
dropped = undefined; held = undefined; 0;`)
	closed := func(db *sqliteDB) (c bool) {
		onLoop(func() { c = db.conn == nil })
		return c
	}
	deadline := time.Now().Add(10 * time.Second)
	for !closed(dropped) {
		if time.Now().After(deadline) {
			t.Fatal("the unreachable database is still open")
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	runtime.GC()
	runtime.GC()
	if closed(held) {
		t.Fatal("a database its statement reaches was closed")
	}
	if got := rt.MustRun(`stmt.get([]).s`); got != "still open" {
		t.Fatalf("the statement gives %v", got)
	}
}

// process.versions.sqlite is a constant so that reading process starts no
// SQLite; it must be the version the embedded engine reports (update the
// constant when go-sqlite3 moves to another SQLite).
func TestSQLiteVersionIsTheEngines(t *testing.T) {
	conn, err := sqlite3.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	st, _, err := conn.Prepare("select sqlite_version()")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if !st.Step() {
		t.Fatal("no row")
	}
	if got := st.ColumnText(0); got != sqliteVersion {
		t.Errorf("the engine is SQLite %s; sqliteVersion says %s", got, sqliteVersion)
	}
}
