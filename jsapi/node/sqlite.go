package node

import (
	"context"
	"errors"
	"iter"
	"math"
	"math/big"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"
	"github.com/ncruces/go-sqlite3"
	"github.com/ncruces/go-sqlite3/ext/fts5"
	"github.com/ncruces/go-sqlite3/ext/rtree"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// sqliteModule is "sqlite" (node:sqlite as Node 22 has it): sqlite.js gives
// the API shape (DatabaseSync, StatementSync, backup, constants, argument
// checks and Node's errors) and the Go handles here drive SQLite through
// github.com/ncruces/go-sqlite3, SQLite compiled to Go without cgo, so a
// database file is the same file Node's node:sqlite reads and writes.
//
// Everything runs on the plugin's loop, as node:sqlite is synchronous;
// user functions and aggregates are called back on the same goroutine in
// the middle of a step. A running query stops when the host interrupts the
// plugin (a budget ran out: Runtime.OnInterrupt) or the generation
// retires, and connections close when it retires. The engine is built without the session and
// load-extension features, so createSession, applyChangeset and
// loadExtension throw a "not supported" error.
func sqliteModule(rt modules.Runtime, module *goja.Object) error {
	h, err := newSqliteHelpers(rt)
	if err != nil {
		return err
	}
	return libRunJS(rt, module, sqliteProgram, map[string]any{
		"open": h.open,
	})
}

// newSqliteHelpers makes the module's Go half for one runtime. Loop only.
func newSqliteHelpers(rt modules.Runtime) (*sqliteHelpers, error) {
	h := &sqliteHelpers{rt: rt, vm: rt.VM(), dbs: map[*sqliteDB]struct{}{}}
	h.uint8Array = h.vm.Get("Uint8Array")
	noop, err := h.vm.RunString("(function () {})")
	if err != nil {
		return nil, err
	}
	h.noop, _ = goja.AssertFunction(noop)
	// Registered for the runtime's life: an interrupt before any SQLite
	// call still counts (see rearm).
	rt.OnInterrupt(h.interrupt)
	return h, nil
}

type sqliteHelpers struct {
	rt         modules.Runtime
	vm         *goja.Runtime
	uint8Array goja.Value
	// noop is an empty JS function: calling it fails while goja is
	// interrupted, which is how rearm tells an interrupt of the running
	// job from one of an earlier job.
	noop goja.Callable

	// mu guards what the watchdog's interrupt touches: the open
	// connections (whose contexts it cancels) and the interrupt count.
	mu    sync.Mutex
	dbs   map[*sqliteDB]struct{}
	epoch uint64
}

// sqliteDB is one open connection.
type sqliteDB struct {
	h       *sqliteHelpers
	conn    *sqlite3.Conn
	stmts   map[*sqliteStmt]struct{}
	untrack func()
	// fts5Pending is set while FTS5 is not linked in yet: its set-up reads
	// the database, which another connection may hold locked (or which may
	// not be a database) when this one opens, and Node's open succeeds
	// then; so it is retried before each exec and prepare until it gets
	// through, the statement itself reporting what is wrong.
	fts5Pending bool
	// backups are the running backups of this database; closing is set
	// when close() waits for them.
	backups map[*sqlite3.Backup]struct{}
	closing bool
	// ctx is what SQLite's progress handler polls (the connection's
	// interrupt): it ends with the generation, or when the watchdog
	// interrupts the plugin (sqliteHelpers.interrupt cancels it under h.mu).
	// epoch is the interrupt count ctx was made at. Loop only, but for
	// cancel.
	ctx    context.Context
	cancel context.CancelFunc
	epoch  uint64
	// pending is what a user function threw during the current SQLite
	// call (a JS value, or the *goja.InterruptedError of an interrupt); it
	// is rethrown instead of SQLite's error.
	pending any
}

// sqliteStmt is one prepared statement; st is nil once finalized (or when
// the SQL held no statement).
type sqliteStmt struct {
	db *sqliteDB
	st *sqlite3.Stmt
	// bare maps a parameter name without its prefix to the full name,
	// built on first use of named parameters.
	bare map[string]string
	// bareErr is the conflict found while building bare, if any.
	bareErr string
	// The statement's options (StatementSync.set*, defaults from the
	// database's options).
	bigints, arrays, allowBare, allowUnknown bool
}

// open(location, readOnly, foreignKeys, dqs, timeout) opens a connection
// and returns its handle object. Loop only.
func (h *sqliteHelpers) open(location string, readOnly, foreignKeys, dqs bool, timeout int64) goja.Value {
	return h.openDB(location, readOnly, foreignKeys, dqs, timeout).object()
}

// openDB opens a connection, throwing Node's error on failure. Loop only.
func (h *sqliteHelpers) openDB(location string, readOnly, foreignKeys, dqs bool, timeout int64) *sqliteDB {
	flags := sqlite3.OPEN_URI
	if readOnly {
		flags |= sqlite3.OPEN_READONLY
	} else {
		flags |= sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE
	}
	conn, err := sqlite3.OpenFlags(h.resolve(location), flags)
	if err != nil {
		// SQLite's own file layer reports a missing directory as plain
		// SQLITE_CANTOPEN; this one adds the extended FULLPATH code.
		if errors.Is(err, sqlite3.CANTOPEN_FULLPATH) {
			err = sqlite3.CANTOPEN
		}
		h.throwSQLite(err)
	}
	db := &sqliteDB{h: h, conn: conn, stmts: map[*sqliteStmt]struct{}{}}
	fail := func(err error) {
		_ = conn.Close()
		h.throwSQLite(err)
	}
	if _, err := conn.Config(sqlite3.DBCONFIG_ENABLE_FKEY, foreignKeys); err != nil {
		fail(err)
	}
	for _, op := range []sqlite3.DBConfig{sqlite3.DBCONFIG_DQS_DML, sqlite3.DBCONFIG_DQS_DDL} {
		if _, err := conn.Config(op, dqs); err != nil {
			fail(err)
		}
	}
	// Node's SQLite has FTS5, R*Tree and Geopoly built in; here they are
	// linked into each connection.
	if err := rtree.Register(conn); err != nil {
		fail(err)
	}
	db.fts5Pending = true
	db.registerFTS5()
	// SQLite's default, which Node keeps and this build turns off: user
	// functions may be used in views, triggers and generated columns.
	if _, err := conn.Config(sqlite3.DBCONFIG_TRUSTED_SCHEMA, true); err != nil {
		fail(err)
	}
	if timeout > 0 {
		if err := conn.BusyTimeout(time.Duration(timeout) * time.Millisecond); err != nil {
			fail(err)
		}
	}
	h.mu.Lock()
	h.dbs[db] = struct{}{}
	h.mu.Unlock()
	// Retiring closes the connection on the loop (the generation's context
	// is already cancelled, so a running query stops), or directly when the
	// loop is gone.
	db.untrack = h.rt.Track(func() {
		if !h.rt.Post(db.closeAll) {
			db.closeAll()
		}
	})
	return db
}

// interrupt stops the SQLite calls running now: the watchdog calls it
// (through Runtime.OnInterrupt) right after goja's interrupt. Safe from
// any goroutine.
func (h *sqliteHelpers) interrupt() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.epoch++
	for db := range h.dbs {
		if db.cancel != nil {
			db.cancel()
		}
	}
}

// rearm runs before each call into SQLite. After an interrupt (one that
// cancelled this connection's context, or one that came while no SQLite
// call was running, say during an open) it rethrows goja's interrupt if
// the running job has it, rather than start SQL the watchdog meant to
// stop; an interrupt of an earlier job just gets the connection a fresh
// context. Once the generation retired the context stays ended. Loop only.
func (db *sqliteDB) rearm() {
	h := db.h
	for {
		h.mu.Lock()
		epoch := h.epoch
		h.mu.Unlock()
		if db.ctx != nil && db.ctx.Err() == nil && db.epoch == epoch {
			return
		}
		gen := h.rt.Context()
		if gen.Err() != nil {
			db.conn.SetInterrupt(gen)
			return
		}
		h.rethrowInterrupt()
		ctx, cancel := context.WithCancel(gen)
		h.mu.Lock()
		old := db.cancel
		db.ctx, db.cancel, db.epoch = ctx, cancel, epoch
		if h.epoch != epoch {
			// Interrupted meanwhile: the loop checks goja again.
			cancel()
		}
		h.mu.Unlock()
		if old != nil {
			old()
		}
		db.conn.SetInterrupt(ctx)
	}
}

// registerFTS5 links FTS5 into the connection if it is still pending; a
// failure leaves it pending.
func (db *sqliteDB) registerFTS5() {
	if db.fts5Pending && fts5.Register(db.conn) == nil {
		db.fts5Pending = false
	}
}

// resolve makes a relative file name relative to the plugin's working
// directory, as Node resolves it against process.cwd(); ":memory:", ""
// (a temporary database) and file: URIs are SQLite's to interpret.
func (h *sqliteHelpers) resolve(location string) string {
	if location == "" || location == ":memory:" || strings.HasPrefix(location, "file:") || filepath.IsAbs(location) {
		return location
	}
	return filepath.Join(h.rt.Cwd(), location)
}

// object is the handle sqlite.js keeps for a connection. A connection the
// plugin no longer reaches (through its DatabaseSync or one of its
// statements, which hold the handle) is closed, as Node closes it when
// collected.
func (db *sqliteDB) object() *goja.Object {
	vm := db.h.vm
	o := vm.NewObject()
	runtime.AddCleanup(o, func(db *sqliteDB) { db.h.rt.Post(db.closeAll) }, db)
	set := func(name string, fn any) { _ = o.Set(name, fn) }
	set("close", db.close)
	set("exec", func(sql string) {
		db.rearm()
		db.registerFTS5()
		err := db.conn.Exec(sql)
		db.check(err)
	})
	// prepare(sql, readBigInts, returnArrays, allowBare, allowUnknown)
	set("prepare", func(sql string, bigints, arrays, allowBare, allowUnknown bool) goja.Value {
		db.rearm()
		db.registerFTS5()
		st, _, err := db.conn.Prepare(sql)
		db.check(err)
		s := &sqliteStmt{db: db, st: st, bigints: bigints, arrays: arrays, allowBare: allowBare, allowUnknown: allowUnknown}
		so := s.object()
		_ = so.Set("db", o)
		if st != nil {
			db.stmts[s] = struct{}{}
			// A statement the plugin no longer reaches is finalized, as
			// Node's are when collected; the cleanup runs off the loop and
			// posts the work back.
			runtime.AddCleanup(so, func(s *sqliteStmt) { db.h.rt.Post(s.finalize) }, s)
		}
		return so
	})
	set("isTransaction", func() bool { return !db.conn.GetAutocommit() })
	set("location", func(name string) goja.Value {
		f := db.conn.Filename(name)
		if f == nil || f.String() == "" {
			return goja.Null()
		}
		return vm.ToValue(f.String())
	})
	set("function", db.function)
	set("aggregate", db.aggregate)
	set("backup", db.backup)
	return o
}

// close finalizes every statement and closes the connection. Loop only.
//
// A backup still running keeps the connection (as SQLite's close_v2
// does, so the backup completes, as in Node); the last one to finish
// closes it.
func (db *sqliteDB) close() {
	if db.conn == nil {
		return
	}
	for s := range db.stmts {
		_ = s.st.Close()
		s.st = nil
	}
	db.stmts = nil
	if len(db.backups) > 0 {
		db.closing = true
		return
	}
	db.untrack()
	_ = db.conn.Close()
	db.conn = nil
	db.h.mu.Lock()
	delete(db.h.dbs, db)
	if db.cancel != nil {
		db.cancel()
	}
	db.h.mu.Unlock()
}

// closeAll stops running backups and closes the connection: the
// generation is retiring. Loop only, or after the loop is gone.
func (db *sqliteDB) closeAll() {
	for b := range db.backups {
		_ = b.Close()
	}
	db.backups = nil
	db.close()
}

// check throws err: the exception a user function threw if there is one,
// else Node's ERR_SQLITE_ERROR. Loop only.
func (db *sqliteDB) check(err error) {
	p := db.pending
	db.pending = nil
	if err == nil {
		return
	}
	if p != nil {
		panic(p)
	}
	if errors.Is(err, sqlite3.INTERRUPT) {
		db.h.rethrowInterrupt()
	}
	db.h.throwSQLite(err)
}

// rethrowInterrupt throws goja's interrupt if the running job has one (so
// a query the watchdog stopped fails the way interrupted JS does, with the
// budget's cause). Loop only.
func (h *sqliteHelpers) rethrowInterrupt() {
	if _, err := h.noop(goja.Undefined()); err != nil {
		var interrupted *goja.InterruptedError
		if errors.As(err, &interrupted) {
			panic(interrupted)
		}
	}
}

// throwSQLite throws Node's error for a SQLite failure: an Error with code
// ERR_SQLITE_ERROR, the message sqlite3_errmsg gave, errcode (the extended
// result code) and errstr (sqlite3_errstr of it). Loop only.
func (h *sqliteHelpers) throwSQLite(err error) {
	var interrupted *goja.InterruptedError
	if errors.As(err, &interrupted) {
		panic(interrupted)
	}
	code := sqlite3.ERROR
	xcode := sqlite3.ExtendedErrorCode(sqlite3.ERROR)
	if !errors.As(err, &xcode) {
		if errors.As(err, &code) {
			xcode = sqlite3.ExtendedErrorCode(code)
		}
	}
	errstr := strings.TrimPrefix(xcode.Error(), "sqlite3: ")
	msg := errstr
	var se *sqlite3.Error
	if errors.As(err, &se) {
		// Error() is "sqlite3: <errstr>[: <errmsg>][: <os error>]", the
		// errmsg being dropped when it equals errstr.
		text := strings.TrimPrefix(se.Error(), "sqlite3: "+errstr)
		if sys := se.Unwrap(); sys != nil {
			text = strings.TrimSuffix(text, ": "+sys.Error())
		}
		if text = strings.TrimPrefix(text, ": "); text != "" {
			msg = text
		}
	} else if !errors.As(err, &xcode) && !errors.As(err, &code) {
		msg = err.Error()
	}
	e := libNewError(h.vm, "Error", "ERR_SQLITE_ERROR", msg)
	_ = e.Set("errcode", int64(xcode))
	_ = e.Set("errstr", errstr)
	panic(e)
}

// finalize releases the statement unless its database already did.
// Loop only.
func (s *sqliteStmt) finalize() {
	if s.st == nil {
		return
	}
	_ = s.st.Close()
	s.st = nil
	delete(s.db.stmts, s)
}

// object is the handle sqlite.js keeps for a statement.
func (s *sqliteStmt) object() *goja.Object {
	vm := s.db.h.vm
	o := vm.NewObject()
	set := func(name string, fn any) { _ = o.Set(name, fn) }
	set("finalized", func() bool { return s.st == nil })
	set("sourceSQL", func() string { return s.st.SQL() })
	set("expandedSQL", func() goja.Value {
		x := s.st.ExpandedSQL()
		if x == "" && s.st.SQL() != "" {
			return goja.Null()
		}
		return vm.ToValue(x)
	})
	// The options the setters change.
	set("setOption", func(name string, v bool) {
		switch name {
		case "readBigInts":
			s.bigints = v
		case "returnArrays":
			s.arrays = v
		case "allowBareNamedParameters":
			s.allowBare = v
		case "allowUnknownNamedParameters":
			s.allowUnknown = v
		}
	})
	// get, all, run and iterate take the call's arguments object and bind
	// it first; the hot ones are plain FunctionCall functions (no
	// reflection).
	set("get", func(call goja.FunctionCall) goja.Value {
		s.db.rearm()
		s.bind(call.Argument(0))
		var row goja.Value = goja.Undefined()
		if s.st.Step() {
			row = s.row()
		}
		err := s.st.Err()
		_ = s.st.Reset()
		s.db.check(err)
		return row
	})
	set("all", func(call goja.FunctionCall) goja.Value {
		s.db.rearm()
		s.bind(call.Argument(0))
		rows := []any{}
		for s.st.Step() {
			rows = append(rows, s.row())
		}
		err := s.st.Err()
		_ = s.st.Reset()
		s.db.check(err)
		return vm.NewArray(rows...)
	})
	set("run", func(call goja.FunctionCall) goja.Value {
		s.db.rearm()
		s.bind(call.Argument(0))
		for s.st.Step() {
		}
		err := s.st.Err()
		_ = s.st.Reset()
		s.db.check(err)
		conn := s.db.conn
		r := vm.NewObject()
		if s.bigints {
			_ = r.Set("lastInsertRowid", big.NewInt(conn.LastInsertRowID()))
			_ = r.Set("changes", big.NewInt(conn.Changes()))
		} else {
			_ = r.Set("lastInsertRowid", conn.LastInsertRowID())
			_ = r.Set("changes", conn.Changes())
		}
		return r
	})
	// iterate binds; next then steps with the options of that moment, and
	// resets when the rows run out (so a later next starts over, as in
	// Node).
	set("iterate", func(call goja.FunctionCall) goja.Value {
		s.bind(call.Argument(0))
		return goja.Undefined()
	})
	set("next", func(call goja.FunctionCall) goja.Value {
		s.db.rearm()
		if s.st.Step() {
			return s.row()
		}
		err := s.st.Err()
		_ = s.st.Reset()
		s.db.check(err)
		return goja.Undefined()
	})
	set("reset", func(call goja.FunctionCall) goja.Value {
		_ = s.st.Reset()
		return goja.Undefined()
	})
	set("columns", func() goja.Value {
		n := s.st.ColumnCount()
		out := make([]any, n)
		str := func(v string) goja.Value {
			if v == "" {
				return goja.Null()
			}
			return vm.ToValue(v)
		}
		for i := range n {
			c := vm.CreateObject(nil)
			_ = c.Set("column", str(s.st.ColumnOriginName(i)))
			_ = c.Set("database", str(s.st.ColumnDatabaseName(i)))
			_ = c.Set("name", str(s.st.ColumnName(i)))
			_ = c.Set("table", str(s.st.ColumnTableName(i)))
			_ = c.Set("type", str(s.st.ColumnDeclType(i)))
			out[i] = c
		}
		return vm.NewArray(out...)
	})
	return o
}

// bind binds a call's arguments as Node does: a first argument that is a
// plain object (not binary data) holds the named parameters, the rest fill
// the anonymous ones (those without a name, or numbered ?NNN) in order.
// Loop only.
func (s *sqliteStmt) bind(arguments goja.Value) {
	vm := s.db.h.vm
	st := s.st
	_ = st.Reset()
	_ = st.ClearBindings()
	var args []goja.Value
	if obj, ok := arguments.(*goja.Object); ok {
		n := obj.Get("length").ToInteger()
		args = make([]goja.Value, n)
		for i := range args {
			args[i] = obj.Get(strconv.Itoa(i))
		}
	}
	allowBare, allowUnknown := s.allowBare, s.allowUnknown
	if len(args) > 0 {
		if obj, ok := args[0].(*goja.Object); ok && !sqliteIsView(obj) {
			args = args[1:]
			if allowBare && s.bare == nil {
				s.buildBare()
			}
			for _, key := range obj.Keys() {
				idx := st.BindIndex(key)
				if idx == 0 && allowBare {
					if s.bareErr != "" {
						libThrow(vm, "Error", "ERR_INVALID_STATE", s.bareErr)
					}
					if full, ok := s.bare[key]; ok {
						idx = st.BindIndex(full)
					}
				}
				if idx == 0 {
					if allowUnknown {
						continue
					}
					libThrow(vm, "Error", "ERR_INVALID_STATE", "Unknown named parameter '"+key+"'")
				}
				s.bindValue(idx, obj.Get(key))
			}
		}
	}
	idx := 1
	for _, v := range args {
		for {
			name := st.BindName(idx)
			if name == "" || name[0] == '?' {
				break
			}
			idx++
		}
		s.bindValue(idx, v)
		idx++
	}
}

// buildBare maps each named parameter's bare name to its full name.
func (s *sqliteStmt) buildBare() {
	s.bare = map[string]string{}
	for i := 1; i <= s.st.BindCount(); i++ {
		name := s.st.BindName(i)
		if name == "" || name[0] == '?' {
			continue
		}
		bare := name[1:]
		if prev, ok := s.bare[bare]; ok && prev != name {
			if s.bareErr == "" {
				s.bareErr = "Cannot create bare named parameter '" + bare + "' because of conflicting names '" + prev + "' and '" + name + "'."
			}
			continue
		}
		s.bare[bare] = name
	}
}

// bindValue binds one JS value to parameter idx (1-based). Loop only.
func (s *sqliteStmt) bindValue(idx int, v goja.Value) {
	vm := s.db.h.vm
	st := s.st
	var err error
	switch {
	case v == nil || goja.IsUndefined(v):
		libThrow(vm, "TypeError", "ERR_INVALID_ARG_TYPE", "Provided value cannot be bound to SQLite parameter "+strconv.Itoa(idx)+".")
	case goja.IsNull(v):
		err = st.BindNull(idx)
	case goja.IsNumber(v):
		err = st.BindFloat(idx, v.ToFloat())
	case goja.IsString(v):
		err = st.BindText(idx, v.String())
	case goja.IsBigInt(v):
		b, _ := v.Export().(*big.Int)
		if b == nil || !b.IsInt64() {
			libThrow(vm, "TypeError", "ERR_INVALID_ARG_VALUE", "BigInt value is too large to bind.")
		}
		err = st.BindInt64(idx, b.Int64())
	default:
		obj, ok := v.(*goja.Object)
		if !ok || !sqliteIsView(obj) {
			libThrow(vm, "TypeError", "ERR_INVALID_ARG_TYPE", "Provided value cannot be bound to SQLite parameter "+strconv.Itoa(idx)+".")
		}
		b, _ := libViewBytes(obj)
		if b == nil {
			b = []byte{}
		}
		err = st.BindBlob(idx, b)
	}
	if err != nil {
		s.db.h.throwSQLite(err)
	}
}

// sqliteIsView reports whether obj is an ArrayBufferView (a typed array or
// a DataView), which binds as a BLOB.
func sqliteIsView(obj *goja.Object) bool {
	if obj.ExportType() == libReflectBytes {
		return true
	}
	if obj.ExportType() == libReflectArrayBuffer {
		return false
	}
	_, ok := libViewBytes(obj)
	return ok
}

// row reads the current row as a null-prototype object (last duplicate
// column name wins) or, with returnArrays, as an array. Loop only.
func (s *sqliteStmt) row() goja.Value {
	vm := s.db.h.vm
	bigints := s.bigints
	n := s.st.ColumnCount()
	if s.arrays {
		vals := make([]any, n)
		for i := range n {
			vals[i] = s.db.h.fromSQLite(s.st.ColumnValue(i), bigints)
		}
		return vm.NewArray(vals...)
	}
	o := vm.CreateObject(nil)
	for i := range n {
		_ = o.Set(s.st.ColumnName(i), s.db.h.fromSQLite(s.st.ColumnValue(i), bigints))
	}
	return o
}

// fromSQLite converts a SQLite value to JS: INTEGER to a number (a
// RangeError past 2^53-1) or a BigInt, REAL to a number, TEXT to a string,
// BLOB to a Uint8Array (a copy), NULL to null. Loop only.
func (h *sqliteHelpers) fromSQLite(v sqlite3.Value, bigints bool) goja.Value {
	switch v.Type() {
	case sqlite3.INTEGER:
		i := v.Int64()
		if bigints {
			return h.vm.ToValue(big.NewInt(i))
		}
		if i > 1<<53-1 || i < -(1<<53-1) {
			libThrow(h.vm, "RangeError", "ERR_OUT_OF_RANGE", "Value is too large to be represented as a JavaScript number: "+strconv.FormatInt(i, 10))
		}
		return h.vm.ToValue(i)
	case sqlite3.FLOAT:
		return h.vm.ToValue(v.Float())
	case sqlite3.TEXT:
		return h.vm.ToValue(v.Text())
	case sqlite3.BLOB:
		ab := h.vm.NewArrayBuffer(v.Blob(nil))
		u8, err := h.vm.New(h.uint8Array, h.vm.ToValue(ab))
		if err != nil {
			panic(err)
		}
		return u8
	}
	return goja.Null()
}

// sqliteFuncError is a user function's failure reported to SQLite as the
// statement's error message.
type sqliteFuncError string

func (e sqliteFuncError) Error() string { return string(e) }

// toSQLite sets a user function's result from its JS return value, as Node
// does: numbers are REAL, BigInts INTEGER, strings TEXT, binary data BLOB,
// null and undefined NULL; anything else is an error. Loop only.
func (h *sqliteHelpers) toSQLite(ctx sqlite3.Context, v goja.Value) {
	switch {
	case v == nil || goja.IsUndefined(v) || goja.IsNull(v):
		ctx.ResultNull()
	case goja.IsNumber(v):
		f := v.ToFloat()
		if math.IsNaN(f) {
			ctx.ResultNull()
			return
		}
		ctx.ResultFloat(f)
	case goja.IsString(v):
		ctx.ResultText(v.String())
	case goja.IsBigInt(v):
		b, _ := v.Export().(*big.Int)
		if b == nil || !b.IsInt64() {
			ctx.ResultError(sqliteFuncError("BigInt value is too large for SQLite"))
			return
		}
		ctx.ResultInt64(b.Int64())
	default:
		obj, ok := v.(*goja.Object)
		if ok && sqliteIsView(obj) {
			b, _ := libViewBytes(obj)
			if b == nil {
				b = []byte{}
			}
			ctx.ResultBlob(b)
			return
		}
		if ok {
			if _, isPromise := obj.Export().(*goja.Promise); isPromise {
				ctx.ResultError(sqliteFuncError("Asynchronous user-defined functions are not supported"))
				return
			}
		}
		ctx.ResultError(sqliteFuncError("Returned JavaScript value cannot be converted to a SQLite value"))
	}
}

// args converts a user function's arguments to JS; a conversion failure
// (an INTEGER too large without useBigIntArguments) is returned as the
// exception to throw. Loop only.
func (h *sqliteHelpers) args(prefix []goja.Value, arg []sqlite3.Value, bigints bool) (out []goja.Value, exc goja.Value) {
	out = append(out, prefix...)
	defer func() {
		if r := recover(); r != nil {
			if o, ok := r.(*goja.Object); ok {
				exc = o
				return
			}
			panic(r)
		}
	}()
	for _, a := range arg {
		out = append(out, h.fromSQLite(a, bigints))
	}
	return out, nil
}

// call runs a JS callback inside a SQLite call: an exception is kept as the
// connection's pending exception and SQLite gets an error. ok is false on
// failure (the result is then already set).
func (db *sqliteDB) call(ctx sqlite3.Context, fn goja.Callable, args []goja.Value) (goja.Value, bool) {
	v, err := fn(goja.Undefined(), args...)
	if err != nil {
		db.fail(ctx, err)
		return nil, false
	}
	return v, true
}

// fail records a callback's exception and makes SQLite's call fail.
func (db *sqliteDB) fail(ctx sqlite3.Context, err error) {
	if db.pending == nil {
		var ex *goja.Exception
		var interrupted *goja.InterruptedError
		switch {
		case errors.As(err, &interrupted):
			db.pending = interrupted
		case errors.As(err, &ex):
			db.pending = ex.Value()
		default:
			db.pending = db.h.vm.NewGoError(err)
		}
	}
	ctx.ResultError(sqliteFuncError("user-defined function raised an exception"))
}

// function(name, nArg, deterministic, directOnly, bigints, fn) registers a
// scalar function. Loop only.
func (db *sqliteDB) function(name string, nArg int, deterministic, directOnly, bigints bool, fn goja.Callable) {
	h := db.h
	err := db.conn.CreateFunction(name, nArg, sqliteFlags(deterministic, directOnly), func(ctx sqlite3.Context, arg ...sqlite3.Value) {
		if db.pending != nil {
			ctx.ResultError(sqliteFuncError("user-defined function raised an exception"))
			return
		}
		args, exc := h.args(nil, arg, bigints)
		if exc != nil {
			db.pending = exc
			ctx.ResultError(sqliteFuncError("user-defined function raised an exception"))
			return
		}
		if v, ok := db.call(ctx, fn, args); ok {
			h.toSQLite(ctx, v)
		}
	})
	db.check(err)
}

func sqliteFlags(deterministic, directOnly bool) sqlite3.FunctionFlag {
	f := sqlite3.FunctionFlag(0)
	if deterministic {
		f |= sqlite3.DETERMINISTIC
	}
	if directOnly {
		f |= sqlite3.DIRECTONLY
	}
	return f
}

// sqliteAggregate holds what aggregate() registered.
type sqliteAggregate struct {
	db                    *sqliteDB
	start                 goja.Value
	startFn               goja.Callable
	step, inverse, result goja.Callable
	bigints               bool
}

// aggregate(name, nArg, deterministic, directOnly, bigints, start, step,
// inverse, result) registers an aggregate (a window function when inverse
// is a function). Loop only.
func (db *sqliteDB) aggregate(name string, nArg int, deterministic, directOnly, bigints bool, start goja.Value, step goja.Callable, inverse, result goja.Value) {
	a := &sqliteAggregate{db: db, start: start, step: step, bigints: bigints}
	a.startFn, _ = goja.AssertFunction(start)
	if start == nil {
		a.start = goja.Undefined()
	}
	a.result = sysFunc(result)
	a.inverse = sysFunc(inverse)
	flags := sqliteFlags(deterministic, directOnly)
	var err error
	if a.inverse != nil {
		err = db.conn.CreateWindowFunction(name, nArg, flags, func() sqlite3.AggregateFunction {
			return &sqliteWindowState{sqliteAggState{agg: a}}
		})
	} else {
		// Registered without xInverse, so SQLite itself refuses the
		// function in a window.
		err = db.conn.CreateAggregateFunction(name, nArg, flags, func(ctx *sqlite3.Context, rows iter.Seq[[]sqlite3.Value]) {
			s := &sqliteAggState{agg: a}
			for arg := range rows {
				s.Step(*ctx, arg...)
			}
			s.Value(*ctx)
		})
	}
	db.check(err)
}

// sqliteAggState is one group's accumulator.
type sqliteAggState struct {
	agg    *sqliteAggregate
	acc    goja.Value
	inited bool
}

// init sets the accumulator from start (called when a start function).
func (s *sqliteAggState) init(ctx sqlite3.Context) bool {
	if s.inited {
		return true
	}
	s.inited = true
	if s.agg.startFn == nil {
		s.acc = s.agg.start
		return true
	}
	v, ok := s.agg.db.call(ctx, s.agg.startFn, nil)
	s.acc = v
	return ok
}

func (s *sqliteAggState) apply(ctx sqlite3.Context, fn goja.Callable, arg []sqlite3.Value) {
	db := s.agg.db
	if db.pending != nil || !s.init(ctx) {
		ctx.ResultError(sqliteFuncError("user-defined function raised an exception"))
		return
	}
	args, exc := db.h.args([]goja.Value{s.acc}, arg, s.agg.bigints)
	if exc != nil {
		db.pending = exc
		ctx.ResultError(sqliteFuncError("user-defined function raised an exception"))
		return
	}
	if v, ok := db.call(ctx, fn, args); ok {
		s.acc = v
	}
}

func (s *sqliteAggState) Step(ctx sqlite3.Context, arg ...sqlite3.Value) {
	s.apply(ctx, s.agg.step, arg)
}

func (s *sqliteAggState) Value(ctx sqlite3.Context) {
	db := s.agg.db
	if db.pending != nil || !s.init(ctx) {
		ctx.ResultError(sqliteFuncError("user-defined function raised an exception"))
		return
	}
	v := s.acc
	if s.agg.result != nil {
		var ok bool
		if v, ok = db.call(ctx, s.agg.result, []goja.Value{s.acc}); !ok {
			return
		}
	}
	db.h.toSQLite(ctx, v)
}

// sqliteWindowState is an accumulator of an aggregate with inverse.
type sqliteWindowState struct{ sqliteAggState }

func (s *sqliteWindowState) Inverse(ctx sqlite3.Context, arg ...sqlite3.Value) {
	s.apply(ctx, s.agg.inverse, arg)
}

// backup(path, source, rate) starts an online backup of the source schema
// into the file at path and returns a step function: step() copies rate
// pages and returns [done, remaining, total]. Loop only.
func (db *sqliteDB) backup(path, source string, rate int) goja.Value {
	vm := db.h.vm
	b, err := db.conn.BackupInit(source, db.h.resolve(path))
	if err != nil {
		db.h.throwSQLite(err)
	}
	if db.backups == nil {
		db.backups = map[*sqlite3.Backup]struct{}{}
	}
	db.backups[b] = struct{}{}
	finish := func() error {
		if _, ok := db.backups[b]; !ok {
			return nil
		}
		delete(db.backups, b)
		err := b.Close()
		if db.closing && len(db.backups) == 0 {
			db.close()
		}
		return err
	}
	o := vm.NewObject()
	_ = o.Set("step", func() goja.Value {
		if _, ok := db.backups[b]; !ok {
			libThrow(vm, "Error", "ERR_INVALID_STATE", "database is not open")
		}
		db.rearm()
		done, err := b.Step(rate)
		if err != nil {
			_ = finish()
			db.h.throwSQLite(err)
		}
		if done {
			total := b.PageCount()
			if err := finish(); err != nil {
				db.h.throwSQLite(err)
			}
			return vm.NewArray(true, 0, total)
		}
		return vm.NewArray(false, b.Remaining(), b.PageCount())
	})
	_ = o.Set("close", func() { _ = finish() })
	return o
}

// sqliteVersion is the embedded SQLite's version, for
// process.versions.sqlite. A constant (TestSQLiteVersionIsTheEngines pins
// it to what the engine answers): asking an in-memory connection for it
// made every runtime that touched process start SQLite, ~5 MB of peak RSS
// (its memory, code and tables) in a start that never used a database.
const sqliteVersion = "3.54.1"
