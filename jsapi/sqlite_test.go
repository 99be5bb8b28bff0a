package jsapi_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ncruces/go-sqlite3"

	"github.com/pigo-dev/pigo/engine"
)

// node:sqlite inside real plugins: bad input fails the load with the
// plugin's file:line, and a plugin's connections close when it unloads.

func TestSqliteBadInputNamesPluginFileLine(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("syntax.ts", `import { DatabaseSync } from "node:sqlite";
export default function () {
  const db = new DatabaseSync(":memory:");
  db.exec("create tabel x(y)");
}
`)
	f.write("closed.ts", `import { DatabaseSync } from "node:sqlite";
export default function () {
  const db = new DatabaseSync(":memory:");
  db.close();
  db.prepare("select 1");
}
`)
	f.write("bind.ts", `import { DatabaseSync } from "node:sqlite";
export default function () {
  const db = new DatabaseSync(":memory:");
  db.prepare("select ?").get({}, true);
}
`)
	f.write("udf.ts", `import { DatabaseSync } from "node:sqlite";
export default function () {
  const db = new DatabaseSync(":memory:");
  db.function("verify", (x: number) => {
    if (x > 1) throw new Error("check failed for " + x);
    return x;
  });
  db.prepare("select verify(2)").get();
}
`)
	res := f.boot("syntax.ts", "closed.ts", "bind.ts", "udf.ts")
	wantFailure(t, res["syntax"], `near "tabel": syntax error`, "syntax.ts", 4)
	wantFailure(t, res["closed"], "database is not open", "closed.ts", 5)
	wantFailure(t, res["bind"], "Provided value cannot be bound to SQLite parameter 1.", "bind.ts", 4)
	wantFailure(t, res["udf"], "check failed for 2", "udf.ts", 5)
}

// Unloading a plugin closes its connections: a transaction it left open no
// longer holds the file's lock.
func TestSqliteClosedWhenPluginUnloads(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("store.ts", `import { DatabaseSync } from "node:sqlite";
export default function () {
  const db = new DatabaseSync("store.db");
  db.exec("create table kv(k, v); begin exclusive; insert into kv values (1, 2)");
}
`)
	f.mustBoot("store.ts")
	file := filepath.Join(f.dir, "store.db")
	conn, err := sqlite3.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	if err := conn.Exec("begin exclusive; rollback"); err == nil {
		t.Fatal("the plugin's exclusive transaction should hold the lock")
	}
	if err := f.host.Unload(context.Background(), "store"); err != nil {
		t.Fatal(err)
	}
	if err := conn.Exec("begin exclusive; insert into kv values (3, 4); commit"); err != nil {
		t.Fatalf("after unload: %v", err)
	}
}

// A query that never ends is stopped by the budget like a JS loop: the
// watchdog's interrupt reaches SQLite, the load fails at the query's line,
// and the other plugins load.
func TestSqliteRunawayQueryStoppedByBudget(t *testing.T) {
	t.Parallel()
	// A budget a loaded machine's start (opening the database) fits in:
	// only the query may run into it.
	f := newFixture(t, engine.Options{Budgets: engine.Budgets{Factory: 5 * time.Second}})
	f.write("hello.ts", helloTool)
	f.write("forever.ts", `import { DatabaseSync } from "node:sqlite";
export default function () {
  const db = new DatabaseSync(":memory:");
  db.prepare("with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c").get();
}
`)
	res := f.boot("hello.ts", "forever.ts")
	wantFailure(t, res["forever"], "budget", "forever.ts", 4)
	if !res["hello"].OK {
		t.Fatal(res["hello"].Err)
	}
}
