// node:sqlite: the API shape, opening and options, statements, parameter
// binding, type mapping both ways, user functions and aggregates, backup,
// and Node's errors for each misuse.
import * as sqlite from "node:sqlite";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const { DatabaseSync, StatementSync } = sqlite;

// gap: loadExtension pigo runs SQLite compiled to Go and loads no native extensions
// gap: createSession the embedded SQLite has no session extension
// gap: fts4 the embedded SQLite has FTS5 but not FTS3/FTS4
// gap: dbstat the embedded SQLite has no dbstat virtual table

function err(e) {
  if (!(e instanceof Error)) return ["thrown", typeof e, String(e)];
  const out = [e.name, e.code ?? null, e.message];
  if (e.errcode !== undefined) out.push(e.errcode, e.errstr);
  return out;
}

function attempt(fn) {
  try {
    return norm(fn());
  } catch (e) {
    return err(e);
  }
}

// norm makes results JSON-safe: BigInt as "123n", binary data as
// ["bytes", ...], null-prototype objects marked, undefined as "undefined".
function norm(v) {
  if (v === undefined) return "undefined";
  if (typeof v === "bigint") return v + "n";
  if (typeof v === "number" && !Number.isFinite(v)) return String(v);
  if (v instanceof Uint8Array) return ["bytes", Object.getPrototypeOf(v) === Uint8Array.prototype, ...v];
  if (Array.isArray(v)) return v.map(norm);
  if (v !== null && typeof v === "object") {
    const out = {};
    if (Object.getPrototypeOf(v) === null) out.__nullProto = true;
    for (const k of Object.keys(v)) out[k] = norm(v[k]);
    return out;
  }
  return v;
}

function names(o) {
  return Object.getOwnPropertyNames(o).sort();
}

export default async function () {
  const out = {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "probe-sqlite-"));

  // The module's shape.
  out.exports = Object.keys(sqlite).sort();
  out.dbProto = names(DatabaseSync.prototype);
  out.stmtProto = names(StatementSync.prototype);
  out.dispose = typeof DatabaseSync.prototype[Symbol.dispose ?? Symbol.for("nodejs.dispose")];
  out.lengths = [DatabaseSync.length, StatementSync.length, sqlite.backup.length, DatabaseSync.prototype.exec.length];
  out.constants = sqlite.constants;
  out.illegalCtor = attempt(() => new StatementSync());
  out.callCtor = attempt(() => DatabaseSync(":memory:"));
  out.illegalThis = attempt(() => DatabaseSync.prototype.exec.call({}, "select 1"));

  // Constructor arguments and options, in Node's checking order.
  out.badPath = attempt(() => new DatabaseSync(1));
  out.nulPath = attempt(() => new DatabaseSync("a\0b"));
  out.httpURL = attempt(() => new DatabaseSync(new URL("http://x/y")));
  out.badOptions = attempt(() => new DatabaseSync(":memory:", 1));
  out.nullOptions = attempt(() => new DatabaseSync(":memory:", null));
  for (const k of ["open", "readOnly", "enableForeignKeyConstraints", "enableDoubleQuotedStringLiterals", "allowExtension", "timeout", "readBigInts", "returnArrays", "allowBareNamedParameters", "allowUnknownNamedParameters"]) {
    out["badOption_" + k] = attempt(() => new DatabaseSync(":memory:", { [k]: "x" }));
  }
  out.optionOrder = attempt(() => new DatabaseSync(":memory:", { readOnly: 1, open: 1 }));
  out.fractionalTimeout = attempt(() => new DatabaseSync(":memory:", { timeout: 1.5 }));

  // Open, close, state.
  const db = new DatabaseSync(":memory:");
  out.ownProps = Object.keys(db);
  out.json = JSON.stringify(db);
  out.typeTag = [Object.getOwnPropertyDescriptor(db, Symbol.for("sqlite-type")), Object.getOwnPropertySymbols(db).map(String)];
  out.iteratorProto = Object.getPrototypeOf(Object.getPrototypeOf(db.prepare("select 1").iterate())) === Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
  out.openState = [db.isOpen, db.isTransaction, db.location()];
  out.reopen = attempt(() => db.open());
  const closed = new DatabaseSync(":memory:", { open: false });
  out.notOpen = [closed.isOpen, attempt(() => closed.isTransaction), attempt(() => closed.exec("select 1")),
    attempt(() => closed.prepare("select 1")), attempt(() => closed.close()), attempt(() => closed.location()),
    attempt(() => closed.function("f", () => 1)), attempt(() => closed.aggregate("f", {}))];
  closed.open();
  out.openedLater = [closed.isOpen, closed.prepare("select 2 as two").get().two];
  closed.exec("begin");
  out.inTransaction = closed.isTransaction;
  closed.exec("rollback");
  const stale = closed.prepare("select 1");
  closed.close();
  out.afterClose = [closed.isOpen, attempt(() => stale.get()), attempt(() => stale.sourceSQL), attempt(() => stale.columns()),
    attempt(() => stale.setReadBigInts(true))];
  const disposable = new DatabaseSync(":memory:");
  disposable[Symbol.dispose ?? Symbol.for("nodejs.dispose")]();
  disposable[Symbol.dispose ?? Symbol.for("nodejs.dispose")]();
  out.disposed = disposable.isOpen;

  // exec and prepare errors.
  out.syntax = attempt(() => db.exec("selec 1"));
  out.noTable = attempt(() => db.prepare("select * from nope"));
  out.execType = attempt(() => db.exec(1));
  out.prepareType = attempt(() => db.prepare(null));
  // (A statement of empty SQL is left out: Node 22 crashes when it
  // collects one.)
  db.exec("create table t(a integer primary key, b, c text, d real, e blob); create table m(x); insert into m values (1); insert into m values (2)");
  out.execMany = db.prepare("select count(*) as n from m").get().n;
  out.execPartial = [attempt(() => db.exec("insert into m values (3); bogus")), db.prepare("select count(*) as n from m").get().n];
  out.firstStatementOnly = attempt(() => db.prepare("select 1 as a; select 2 as b").get());

  // Binding: types, positions, names.
  const ins = db.prepare("insert into t(b, c, d, e) values (?, ?, ?, ?)");
  out.runResult = attempt(() => ins.run(1, "x", 1.5, new Uint8Array([1, 2])));
  out.bindBigInt = attempt(() => ins.run(2n, "y", null, Buffer.from("hi")));
  out.bindBigIntTooLarge = attempt(() => ins.run(2n ** 63n, 1, 1, 1));
  out.bindBigIntTooSmall = attempt(() => ins.run(-(2n ** 63n) - 1n, 1, 1, 1));
  out.bindBool = attempt(() => ins.run(true, 1, 1, 1));
  out.bindUndefined = attempt(() => ins.run(1, undefined));
  out.bindSymbol = attempt(() => ins.run(Symbol("s")));
  out.bindTooMany = attempt(() => ins.run(1, 2, 3, 4, 5));
  out.bindFewer = attempt(() => ins.run(7));
  out.bindViews = attempt(() => ins.run(new DataView(new ArrayBuffer(2)), new Float32Array(1), 3, 4));
  out.bindNumbers = attempt(() => ins.run(NaN, Infinity, -0, 2 ** 53 + 2));
  out.bindObjectFirst = attempt(() => ins.run({}, "named-then-anon"));
  out.rows = attempt(() => db.prepare("select * from t order by a").all());
  out.getNone = attempt(() => db.prepare("select * from t where a > 100").get());
  out.allNone = attempt(() => db.prepare("select * from t where a > 100").all());
  out.named = attempt(() => db.prepare("select :a as a, @b as b, $c as c").get({ ":a": 1, "@b": 2, $c: 3 }));
  out.bare = attempt(() => db.prepare("select :a as a, @b as b, $c as c").get({ a: 1, b: 2, c: 3 }));
  out.unknownNamed = attempt(() => db.prepare("select :a as a").get({ a: 1, z: 2 }));
  out.allowUnknown = attempt(() => {
    const q = db.prepare("select :a as a");
    q.setAllowUnknownNamedParameters(true);
    return q.get({ a: 1, z: 2 });
  });
  out.noBare = attempt(() => {
    const q = db.prepare("select :a as a");
    q.setAllowBareNamedParameters(false);
    return q.get({ a: 1 });
  });
  out.bareConflict = attempt(() => db.prepare("select :a as a, $a as b").get({ a: 1 }));
  out.namedAndAnon = attempt(() => db.prepare("select :a as a, ? as b").get({ a: 1 }, 5));
  out.numbered = attempt(() => db.prepare("select ?2 as a, ?1 as b").get(1, 2));
  out.numberedAndNamed = attempt(() => db.prepare("select ?1 as a, :x as b").get({ x: 2 }, 1));
  out.gapNumbered = attempt(() => db.prepare("select ? as a, ?5 as b").get(1, 2));
  out.repeatedNamed = attempt(() => db.prepare("select :a as a, :a as b").get({ a: 7 }));
  out.unbound = attempt(() => db.prepare("select :a as a, ? as b").get());
  out.arrayAsNamed = attempt(() => db.prepare("select ? as a").get([1]));
  out.bindingsCleared = attempt(() => {
    const q = db.prepare("select ? as a");
    return [q.get(1), q.get()];
  });
  out.dateParam = attempt(() => db.prepare("select ? as a").get(new Date(0)));

  // Reading: integers, BigInts, arrays, duplicates.
  out.bigRead = attempt(() => db.prepare("select 9007199254740993 as x").get());
  out.bigReadNegative = attempt(() => db.prepare("select -9007199254740993 as x").get());
  out.safeRead = attempt(() => db.prepare("select 9007199254740991 as x, -9007199254740991 as y").get());
  out.readBigInts = attempt(() => {
    const q = db.prepare("select 9007199254740993 as x, 3 as y, 1.0 as z, 'a' as w");
    q.setReadBigInts(true);
    return q.get();
  });
  out.runBigInts = attempt(() => {
    const q = db.prepare("insert into m values (9)");
    q.setReadBigInts(true);
    return q.run();
  });
  out.duplicateNames = attempt(() => db.prepare("select 1 as x, 2 as x").get());
  out.returnArrays = attempt(() => {
    const q = db.prepare("select 1 as x, 'b' as y");
    q.setReturnArrays(true);
    return [q.get(), q.all()];
  });
  out.realsAndBlobs = attempt(() => db.prepare("select 2.5 as r, 1e300 as big, x'ff00' as b, null as n, '' as s").get());
  out.updateChanges = attempt(() => db.prepare("update m set x = x + 1").run());
  out.setterTypes = [
    attempt(() => ins.setReadBigInts(1)), attempt(() => ins.setReturnArrays()),
    attempt(() => ins.setAllowBareNamedParameters("a")), attempt(() => ins.setAllowUnknownNamedParameters(0)),
  ];
  out.dbDefaults = attempt(() => new DatabaseSync(":memory:", { readBigInts: true, returnArrays: true, allowUnknownNamedParameters: true })
    .prepare("select 1 as a, :x as b").get({ ":x": 1, y: 2 }));
  out.dbNoBare = attempt(() => new DatabaseSync(":memory:", { allowBareNamedParameters: false }).prepare("select :x as b").get({ x: 1 }));

  // Statement properties and columns.
  const sq = db.prepare("select ? as a, ? as b");
  sq.get(1, "x");
  out.sql = [sq.sourceSQL, sq.expandedSQL, Object.keys(sq)];
  out.expandedUnbound = db.prepare("select ? as a").expandedSQL;
  out.columns = attempt(() => db.prepare("select a, b as bee, 1 + 1 from t").columns());
  out.columnsNone = attempt(() => db.prepare("insert into m values (1)").columns());

  // iterate.
  out.iterate = attempt(() => {
    const it = db.prepare("select x from m order by x limit 2").iterate();
    return [Object.prototype.toString.call(it), typeof it[Symbol.iterator], it.next(), it.next(), it.next(), it.return()];
  });
  out.iterateSpread = attempt(() => [...db.prepare("select x from m order by x").iterate()]);
  out.iterateBind = attempt(() => [...db.prepare("select x from m where x > ? order by x").iterate(2)]);

  // Constraints and options that change SQL.
  db.exec("create table p(id integer primary key); create table c(p references p(id))");
  out.foreignKey = attempt(() => db.exec("insert into c values (5)"));
  out.foreignKeyOff = attempt(() => {
    const d = new DatabaseSync(":memory:", { enableForeignKeyConstraints: false });
    d.exec("create table p(id integer primary key); create table c(p references p(id)); insert into c values (5)");
    return d.prepare("pragma foreign_keys").get();
  });
  out.unique = attempt(() => db.exec("create table u(x unique); insert into u values (1); insert into u values (1)"));
  out.dqsOff = attempt(() => db.prepare('select "nope" as x').get());
  out.dqsOn = attempt(() => new DatabaseSync(":memory:", { enableDoubleQuotedStringLiterals: true }).prepare('select "nope" as x').get());

  // User functions.
  out.fnTypes = attempt(() => {
    db.function("types", { varargs: true }, (...a) => a.map((x) => [typeof x, x instanceof Uint8Array ? [...x] : x]));
    return db.prepare("select types(1, 2.5, 'x', x'01', null) as r").get();
  });
  out.fnTypesFixed = attempt(() => {
    db.function("types2", { varargs: true }, (...a) => JSON.stringify(a.map((x) => [typeof x, x instanceof Uint8Array ? [...x] : x])));
    return db.prepare("select types2(1, 2.5, 'x', x'01', null) as r").get();
  });
  out.fnArity = attempt(() => {
    db.function("addf", (a, b) => a + b);
    return [db.prepare("select addf(1, 2) as r").get(), attempt(() => db.prepare("select addf(1) as r").get())];
  });
  out.fnVarargs = attempt(() => {
    db.function("count_args", { varargs: true }, (...a) => a.length);
    return db.prepare("select count_args(1, 2, 3) as r, count_args() as z").get();
  });
  out.fnBigArgs = attempt(() => {
    db.function("kinds", { useBigIntArguments: true, varargs: true }, (...a) => a.map((x) => typeof x).join());
    return db.prepare("select kinds(1, 2.5, 9007199254740993, 'x') as r").get();
  });
  out.fnBigArgTooLarge = attempt(() => db.prepare("select count_args(9007199254740993) as r").get());
  out.fnReturns = attempt(() => {
    db.function("ret", (x) => x);
    db.function("retBig", () => 5n);
    db.function("retUndef", () => undefined);
    db.function("retNaN", () => NaN);
    db.function("retInt", () => 3);
    return db.prepare("select ret(1) a, ret(2.5) b, ret('s') c, ret(x'0102') d, ret(null) e, retBig() f, typeof(retBig()) g, retUndef() h, retNaN() i, typeof(retInt()) j").get();
  });
  out.fnReturnBadBig = attempt(() => {
    db.function("retBadBig", () => 2n ** 64n);
    return db.prepare("select retBadBig() as r").get();
  });
  out.fnReturnObject = attempt(() => {
    db.function("retObj", () => ({}));
    return db.prepare("select retObj() as r").get();
  });
  out.fnReturnBool = attempt(() => {
    db.function("retBool", () => true);
    return db.prepare("select retBool() as r").get();
  });
  out.fnReturnPromise = attempt(() => {
    db.function("retPromise", () => Promise.resolve(1));
    return db.prepare("select retPromise() as r").get();
  });
  out.fnThrows = attempt(() => {
    const e = new TypeError("boom");
    db.function("thrower", () => { throw e; });
    try {
      db.prepare("select thrower() as r").get();
    } catch (x) {
      return [x === e, err(x), Object.keys(x)];
    }
    return "no throw";
  });
  out.fnThrowsPrimitive = attempt(() => {
    db.function("throw5", () => { throw 5; });
    return db.prepare("select throw5() as r").get();
  });
  out.fnThrowsInExec = attempt(() => db.exec("select thrower()"));
  out.fnUsableAfterThrow = attempt(() => db.prepare("select addf(2, 3) as r").get());
  out.fnDirectOnly = attempt(() => {
    db.function("direct", { directOnly: true }, () => 1);
    db.exec("create view vdirect as select direct() as y");
    return db.prepare("select * from vdirect").get();
  });
  out.fnNonDeterministic = attempt(() => {
    db.function("nondet", () => 1);
    db.exec("create table g1(x, y as (nondet()))");
  });
  out.fnDeterministic = attempt(() => {
    db.function("det", { deterministic: true }, () => 1);
    db.exec("create table g2(x, y as (det())); insert into g2(x) values (1)");
    return db.prepare("select * from g2").get();
  });
  out.fnReentrant = attempt(() => {
    const d = new DatabaseSync(":memory:");
    d.exec("create table t(x); insert into t values (1), (2), (3)");
    d.function("inner", (x) => d.prepare("select sum(x) + ? as s from t").get(x).s);
    d.function("writes", () => { d.exec("insert into t values (100)"); return "ok"; });
    return [d.prepare("select x, inner(x) as y from t order by x").all(), d.prepare("select writes() as w").get(),
      d.prepare("select count(*) as n from t").get()];
  });
  out.fnArgErrors = [
    attempt(() => db.function("f")), attempt(() => db.function(1, () => 1)), attempt(() => db.function("f", 1, () => 1)),
    attempt(() => db.function("f", null, () => 1)), attempt(() => db.function("f", {}, 1)),
    attempt(() => db.function("f", { useBigIntArguments: 1, varargs: 1, deterministic: 1, directOnly: 1 }, () => 1)),
    attempt(() => db.function("f", { varargs: 1, deterministic: 1, directOnly: 1 }, () => 1)),
    attempt(() => db.function("f", { deterministic: 1, directOnly: 1 }, () => 1)),
    attempt(() => db.function("f", { directOnly: 1 }, () => 1)),
  ];

  // Aggregates.
  db.exec("create table n(x); insert into n values (1), (2), (3), (4)");
  out.aggSum = attempt(() => {
    db.aggregate("sumx", { start: 0, step: (acc, x) => acc + x });
    return db.prepare("select sumx(x) as r from n").get();
  });
  out.aggStartFnResult = attempt(() => {
    db.aggregate("avgx", { start: () => ({ s: 0, n: 0 }), step: (a, x) => ({ s: a.s + x, n: a.n + 1 }), result: (a) => a.s / a.n });
    return db.prepare("select avgx(x) as r from n").get();
  });
  out.aggWindow = attempt(() => {
    db.aggregate("win", { start: 0, step: (a, x) => a + x, inverse: (a, x) => a - x });
    return db.prepare("select win(x) over (order by x rows between 1 preceding and current row) as r from n").all();
  });
  out.aggNoInverseWindow = attempt(() => db.prepare("select sumx(x) over (order by x rows between 1 preceding and current row) as r from n").all());
  out.aggGroups = attempt(() => db.prepare("select x % 2 as k, sumx(x) as r from n group by k order by k").all());
  out.aggEmpty = attempt(() => {
    db.aggregate("seven", { start: 7, step: (a, x) => a + x });
    return db.prepare("select seven(x) as r from n where 0").get();
  });
  out.aggArity = attempt(() => {
    db.aggregate("cnt", { start: 0, step: (a) => a + 1 });
    db.aggregate("cnt2", { start: 0, step: (a, x, y) => a + 1 });
    db.aggregate("cntv", { start: 0, varargs: true, step: (a, ...x) => a + x.length });
    return [db.prepare("select cnt() as r from n").get(), attempt(() => db.prepare("select cnt2(x) as r from n").get()),
      db.prepare("select cntv(x, x) as r, cntv() as q from n").get()];
  });
  out.aggThrows = attempt(() => {
    db.aggregate("sthrow", { start: 0, step: (a, x) => { throw new Error("step boom"); } });
    return db.prepare("select sthrow(x) as r from n").get();
  });
  out.aggStartThrows = attempt(() => {
    db.aggregate("startThrow", { start: () => { throw new Error("start boom"); }, step: (a, x) => a + x });
    return db.prepare("select startThrow(x) as r from n").get();
  });
  out.aggResultThrows = attempt(() => {
    db.aggregate("resThrow", { start: 0, step: (a, x) => a + x, result: () => { throw new Error("result boom"); } });
    return db.prepare("select resThrow(x) as r from n").get();
  });
  out.aggSharedStart = attempt(() => {
    db.aggregate("objacc", { start: { v: 0 }, step: (a, x) => { a.v += x; return a; }, result: (a) => a.v });
    return [db.prepare("select objacc(x) as r from n").get(), db.prepare("select objacc(x) as r from n").get()];
  });
  out.aggBadResult = attempt(() => {
    db.aggregate("retobjagg", { start: 0, step: (a, x) => ({}) });
    return db.prepare("select retobjagg(x) as r from n").get();
  });
  out.aggArgErrors = [
    attempt(() => db.aggregate("a", 1)), attempt(() => db.aggregate("a", { step: () => 1 })),
    attempt(() => db.aggregate("a", { start: 0, step: 1, useBigIntArguments: 1 })),
    attempt(() => db.aggregate("a", { start: 0, step: () => 1, useBigIntArguments: 1, varargs: 1 })),
    attempt(() => db.aggregate("a", { start: 0, step: () => 1, varargs: 1, directOnly: 1 })),
    attempt(() => db.aggregate("a", { start: 0, step: () => 1, directOnly: 1, inverse: 1 })),
    attempt(() => db.aggregate("a", { start: 0, step: () => 1, inverse: 1 })),
    attempt(() => db.aggregate("a", { start: 0, step: () => 1, result: 1, deterministic: 1 })),
  ];

  // Files: read-only, location, timeouts, URLs, a file shared by two
  // connections.
  const file = path.join(dir, "a.db");
  const w = new DatabaseSync(file);
  w.exec("create table a(x); insert into a values (1)");
  out.fileLocation = [w.location() === file, w.location("temp"), w.location("nope"), attempt(() => w.location(1))];
  w.close();
  const ro = new DatabaseSync(file, { readOnly: true });
  out.readOnly = [attempt(() => ro.prepare("select x from a").all()), attempt(() => ro.exec("insert into a values (2)"))];
  ro.close();
  out.readOnlyMissing = attempt(() => new DatabaseSync(path.join(dir, "missing.db"), { readOnly: true }));
  const notDb = path.join(dir, "not.db");
  fs.writeFileSync(notDb, "this is not a database, only text long enough to fill a header ".repeat(4));
  out.notADatabase = attempt(() => {
    const d = new DatabaseSync(notDb);
    return [d.isOpen, attempt(() => d.exec("select * from x")), attempt(() => d.prepare("select 1").get())];
  });
  out.noDir = attempt(() => new DatabaseSync(path.join(dir, "no", "such", "x.db")));
  out.fileURL = attempt(() => new DatabaseSync(new URL("file://" + file)).prepare("select x from a").all());
  out.uriReadOnly = attempt(() => new DatabaseSync("file:" + file + "?mode=ro").exec("insert into a values (3)"));
  out.bufferPath = attempt(() => new DatabaseSync(Buffer.from(file)).prepare("select count(*) as n from a").get());
  out.locked = attempt(() => {
    const d1 = new DatabaseSync(file, { timeout: 10 });
    const d2 = new DatabaseSync(file, { timeout: 10 });
    d1.exec("begin exclusive");
    try {
      d2.exec("insert into a values (3)");
    } finally {
      d1.exec("rollback");
      d1.close();
      d2.close();
    }
  });

  // The extensions built into Node's SQLite.
  out.fts5 = attempt(() => {
    db.exec("create virtual table docs using fts5(title, body)");
    const add = db.prepare("insert into docs(title, body) values (?, ?)");
    add.run("sqlite", "an embedded SQL database engine");
    add.run("goja", "an ECMAScript engine in pure Go");
    add.run("wazero", "a WebAssembly runtime in pure Go");
    return [
      db.prepare("select title from docs where docs match ? order by rank").all("engine"),
      db.prepare("select title, snippet(docs, 1, '[', ']', '...', 4) as s from docs where docs match 'pure AND go' order by title").all(),
      attempt(() => db.prepare("select * from docs where docs match 'AND'").all()),
    ];
  });
  out.rtree = attempt(() => {
    db.exec("create virtual table boxes using rtree(id, x0, x1, y0, y1)");
    db.exec("insert into boxes values (1, 0, 10, 0, 10), (2, 5, 15, 5, 15), (3, 20, 30, 20, 30)");
    return db.prepare("select id from boxes where x1 >= 6 and x0 <= 8 and y1 >= 6 and y0 <= 8 order by id").all();
  });
  out.geopoly = attempt(() => {
    db.exec("create virtual table shapes using geopoly(name)");
    db.exec("insert into shapes(_shape, name) values ('[[0,0],[4,0],[4,4],[0,4],[0,0]]', 'square')");
    return db.prepare("select name, geopoly_area(_shape) as area from shapes where geopoly_contains_point(_shape, 1, 1)").all();
  });
  out.fts4 = attempt(() => db.exec("create virtual table old using fts4(a)"));
  out.dbstat = attempt(() => db.prepare("select count(*) > 0 as some from dbstat").get());
  out.mathFunctions = attempt(() => db.prepare("select sqrt(16) as s, pi() > 3 as p").get());
  out.json = attempt(() => db.prepare(`select json_extract('{"a":[1,2]}', '$.a[1]') as v, json_object('k', 1) as o`).get());

  // Extensions and sessions.
  out.extensionOff = [attempt(() => db.enableLoadExtension(true)), attempt(() => db.loadExtension("x"))];
  const ext = new DatabaseSync(":memory:", { allowExtension: true });
  out.extensionArgs = [attempt(() => ext.enableLoadExtension(1)), attempt(() => ext.loadExtension(1))];
  ext.enableLoadExtension(false);
  out.extensionDisabled = attempt(() => ext.loadExtension("x"));
  ext.enableLoadExtension(true);
  out.loadExtensionCode = attempt(() => ext.loadExtension(path.join(dir, "nope")))[1];
  out.loadExtension = attempt(() => ext.loadExtension(path.join(dir, "nope")))[2].replace(dir, "<dir>");
  out.createSession = attempt(() => typeof db.createSession());
  out.applyChangesetType = attempt(() => db.applyChangeset(1));

  // backup.
  out.backupArgs = [
    attempt(() => sqlite.backup()), attempt(() => sqlite.backup(db)), attempt(() => sqlite.backup(db, 1)),
    attempt(() => sqlite.backup(db, "x", 1)), attempt(() => sqlite.backup(db, "x", { rate: "x" })),
    attempt(() => sqlite.backup(db, "x", { progress: 1 })), attempt(() => sqlite.backup(db, "x", { source: 1 })),
    attempt(() => sqlite.backup(db, "x", { target: 1 })), attempt(() => sqlite.backup(closed, "x")),
  ];
  const src = new DatabaseSync(":memory:");
  src.exec("create table b(x); insert into b values (1), (2)");
  for (let i = 0; i < 3; i++) src.exec(`create table pad${i}(x)`);
  const progress = [];
  const backupFile = path.join(dir, "b.db");
  out.backup = await sqlite.backup(src, backupFile, { rate: 1, progress: (p) => progress.push(p) });
  out.backupProgress = progress;
  out.backupContent = new DatabaseSync(backupFile).prepare("select x from b").all();
  out.backupDefault = await sqlite.backup(src, path.join(dir, "c.db"));
  const closing = new DatabaseSync(":memory:");
  for (let i = 0; i < 6; i++) closing.exec(`create table t${i}(x)`);
  out.backupCloseMidway = await sqlite.backup(closing, path.join(dir, "e.db"), {
    rate: 1,
    progress: (p) => { if (p.remainingPages === 4) closing.close(); },
  }).then((n) => [n, closing.isOpen, new DatabaseSync(path.join(dir, "e.db")).prepare("select count(*) as n from sqlite_master").get().n], err);
  out.backupBadSource = await sqlite.backup(src, path.join(dir, "d.db"), { source: "nope" }).then(norm, err);
  // A source other than main: an attached database, and temp.
  const tables = (file) => new DatabaseSync(file).prepare("select name from sqlite_master order by name").all().map((r) => r.name);
  const multi = new DatabaseSync(":memory:");
  multi.exec(`attach database '${path.join(dir, "att.db")}' as other; create table other.t(x); insert into other.t values (7), (8); create table main.m(y)`);
  multi.exec("create temp table tt(z); insert into temp.tt values (1)");
  out.backupAttached = await sqlite.backup(multi, path.join(dir, "o.db"), { source: "other" }).then((n) => [n, tables(path.join(dir, "o.db"))], err);
  out.backupTemp = await sqlite.backup(multi, path.join(dir, "t.db"), { source: "temp", rate: 1 }).then((n) => [n, tables(path.join(dir, "t.db"))], err);
  // process.versions.sqlite is the version of the SQLite node:sqlite runs.
  out.versionsSqlite = [typeof process.versions.sqlite, /^3\.\d+\.\d+$/.test(process.versions.sqlite), process.versions.sqlite === multi.prepare("select sqlite_version() as v").get().v];
  out.backupAttachedRows = new DatabaseSync(path.join(dir, "o.db")).prepare("select x from t").all();

  fs.rmSync(dir, { recursive: true, force: true });
  return norm(out);
}
