package session

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// SyncPolicy says when appended lines are fsynced. Under every policy a
// line is handed to the kernel with a single write(2) before Commit
// returns, so it survives the process being killed.
type SyncPolicy int

const (
	// SyncEachAppend (the default) fsyncs the file after every append:
	// an acknowledged entry also survives a machine crash.
	SyncEachAppend SyncPolicy = iota
	// SyncOnDemand fsyncs only in Sync and Close (for example once per
	// turn); a machine crash can lose entries appended since then.
	SyncOnDemand
)

// Options are the optional settings of a file-backed session. The zero
// value is the default.
type Options struct {
	// Sync is when appended lines are fsynced (default SyncEachAppend).
	Sync SyncPolicy
	// ID is the id of a new session (Create); default a fresh UUIDv7.
	ID string
	// ParentSession is the new session's header parentSession (Create).
	ParentSession string
	// Cwd, for Open and ContinueRecent, replaces the header's cwd as the
	// session's working directory (pi's cwdOverride; the file keeps its
	// header) and is the cwd of the fresh session started when the file
	// is missing or has no valid header.
	Cwd string
	// DefaultCwd is the cwd of a fresh session (a missing file, no valid
	// header) when Cwd is empty: pi uses the process's directory.
	DefaultCwd string
}

// freshCwd is the cwd a fresh session gets.
func (o Options) freshCwd() string {
	if o.Cwd != "" {
		return o.Cwd
	}
	return o.DefaultCwd
}

// fileState is a Tree's file. path == "" means in memory.
type fileState struct {
	path    string
	dir     string
	cwd     string // working directory (header cwd unless overridden)
	policy  SyncPolicy
	onDisk  bool // the file holds the header and recs[:written]
	written int
	f       *os.File // opened for appending at the first append
	needNL  bool     // the file does not end with '\n': prefix the next write
	failed  bool     // a write failed: the tree continues in memory
	closed  bool
	err     error // first persistence error (see Tree.Err)
}

// Create starts a new session for cwd in dir (created if missing), in a
// file named <ISO timestamp with ':' and '.' as '-'>_<session id>.jsonl.
// As in pi 1.6, nothing is written until the first user or assistant message.
func Create(dir, cwd string, opts Options) (*Tree, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("create session: %w", err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return nil, fmt.Errorf("create session: %w", err)
	}
	t := newTree()
	id := opts.ID
	if id == "" {
		id = NewSessionID()
	}
	ts := isoTime(t.now())
	t.header = Header{Type: "session", Version: CurrentVersion, ID: id, Timestamp: ts, Cwd: cwd, ParentSession: opts.ParentSession}
	t.file = fileState{
		path:   filepath.Join(abs, fileTimestamp(ts)+"_"+id+".jsonl"),
		dir:    abs,
		cwd:    cwd,
		policy: opts.Sync,
	}
	return t, nil
}

// Open opens a session file, as pi's SessionManager.open: the leaf is the
// last entry in file order; unreadable lines (a torn last line, a corrupt
// line) are skipped and reported as warnings; a v1/v2 file is migrated to
// v3 and rewritten. A missing file gives a new session that will be
// written at path. A file without a valid header counts as empty: as pi
// does, a new session starts in that file, but pigo first renames the old
// content to <path>.corrupt-<timestamp> (pi overwrites it). Only I/O
// errors are returned as errors.
func Open(path string, opts Options) (*Tree, []Warning, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, nil, fmt.Errorf("open session: %w", err)
	}
	data, err := os.ReadFile(abs)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			return nil, nil, fmt.Errorf("open session: %w", err)
		}
		t := newTree()
		t.header = Header{Type: "session", Version: CurrentVersion, ID: NewSessionID(), Timestamp: isoTime(t.now()), Cwd: opts.freshCwd()}
		t.file = fileState{path: abs, dir: filepath.Dir(abs), cwd: opts.freshCwd(), policy: opts.Sync}
		return t, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("open session: %w", err)
	}
	ld := parseSession(abs, data)
	warnings := ld.warnings
	if !ld.valid {
		t, w, err := restartInvalid(abs, data, opts)
		return t, append(warnings, w...), err
	}
	t := newTree()
	t.header, t.hdrRaw = ld.header, ld.hdrRaw
	for _, r := range ld.recs {
		t.addLocked(r)
	}
	cwd := opts.Cwd
	if cwd == "" {
		cwd = t.header.Cwd
	}
	t.file = fileState{
		path:    abs,
		dir:     filepath.Dir(abs),
		cwd:     cwd,
		policy:  opts.Sync,
		onDisk:  true,
		written: len(t.recs),
		needNL:  ld.tornTail,
	}
	if ld.migrated {
		if err := t.rewriteLocked(true); err != nil {
			return nil, warnings, fmt.Errorf("open session: migrate: %w", err)
		}
	}
	return t, warnings, nil
}

// restartInvalid starts a fresh session in a file that has no valid
// header, setting any old content aside.
func restartInvalid(abs string, data []byte, opts Options) (*Tree, []Warning, error) {
	var warnings []Warning
	t := newTree()
	ts := isoTime(t.now())
	if len(bytes.TrimSpace(data)) > 0 {
		aside := abs + ".corrupt-" + fileTimestamp(ts)
		if err := os.Rename(abs, aside); err != nil {
			return nil, nil, fmt.Errorf("open session: set aside invalid file: %w", err)
		}
		warnings = append(warnings, Warning{abs, 0, "the old content was moved to " + aside})
	}
	t.header = Header{Type: "session", Version: CurrentVersion, ID: NewSessionID(), Timestamp: ts, Cwd: opts.freshCwd()}
	t.file = fileState{path: abs, dir: filepath.Dir(abs), cwd: opts.freshCwd(), policy: opts.Sync}
	if err := t.rewriteLocked(true); err != nil {
		return nil, warnings, fmt.Errorf("open session: %w", err)
	}
	return t, warnings, nil
}

// ContinueRecent opens the most recently modified valid session in dir
// (pi's -c), or creates a new one for cwd there when there is none. As in
// pi, the session's working directory is cwd (unless opts.Cwd is set), not
// the header's.
func ContinueRecent(dir, cwd string, opts Options) (*Tree, []Warning, error) {
	path, err := MostRecent(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("continue session: %w", err)
	}
	if path == "" {
		t, err := Create(dir, cwd, opts)
		return t, nil, err
	}
	if opts.Cwd == "" {
		opts.Cwd = cwd
	}
	return Open(path, opts)
}

// Path returns the session file ("" for an in-memory session). A new
// session has a path before its file exists.
func (t *Tree) Path() string { t.mu.Lock(); defer t.mu.Unlock(); return t.file.path }

// Dir returns the directory new sessions derived from this one (Fork,
// Clone) are written to ("" for an in-memory session).
func (t *Tree) Dir() string { t.mu.Lock(); defer t.mu.Unlock(); return t.file.dir }

// Cwd returns the session's working directory.
func (t *Tree) Cwd() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.file.path == "" {
		return t.header.Cwd
	}
	return t.file.cwd
}

// Persisted reports whether the tree writes a file: false for in-memory
// sessions and after a write error.
func (t *Tree) Persisted() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.file.path != "" && !t.file.failed
}

// Sync fsyncs the file (a no-op before the file exists or in memory).
func (t *Tree) Sync() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.file.f == nil {
		return nil
	}
	if err := t.file.f.Sync(); err != nil {
		return fmt.Errorf("sync session: %w", err)
	}
	return nil
}

// Close syncs and closes the file. Later appends fail with ErrClosed;
// reads keep working. Closing twice is a no-op.
func (t *Tree) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.file.closed {
		return nil
	}
	t.file.closed = true
	f := t.file.f
	t.file.f = nil
	if f == nil {
		return nil
	}
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("close session: %w", err)
	}
	return nil
}

// persistLocked writes what is not on disk yet. Before the file exists
// nothing is written until a user or assistant message exists (pi 1.6's lazy write);
// then the header and all entries are written at once, and from then on
// each Commit appends its line. Caller holds t.mu.
func (t *Tree) persistLocked() error {
	fst := &t.file
	if fst.path == "" || fst.failed {
		return nil
	}
	if !fst.onDisk {
		if !t.hasConversation {
			return nil
		}
		if err := t.rewriteLocked(false); err != nil {
			return t.failLocked(err)
		}
		return nil
	}
	if fst.written == len(t.recs) {
		return nil
	}
	if fst.f == nil {
		f, err := os.OpenFile(fst.path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return t.failLocked(fmt.Errorf("open %s: %w", fst.path, err))
		}
		fst.f = f
	} else if err := samePathFile(fst.path, fst.f); err != nil {
		// Appending to a file no longer at the path would lose every
		// later entry without a word.
		return t.failLocked(err)
	}
	var buf []byte
	if fst.needNL {
		buf = append(buf, '\n')
	}
	for _, r := range t.recs[fst.written:] {
		buf = append(buf, r.raw...)
		buf = append(buf, '\n')
	}
	size := int64(-1)
	if st, err := fst.f.Stat(); err == nil {
		size = st.Size()
	}
	if _, err := fst.f.Write(buf); err != nil {
		err = fmt.Errorf("write %s: %w", fst.path, err)
		if size >= 0 {
			if terr := fst.f.Truncate(size); terr != nil {
				err = fmt.Errorf("%w; additionally, truncate: %w", err, terr)
			}
		}
		return t.failLocked(err)
	}
	if fst.policy == SyncEachAppend {
		if err := fst.f.Sync(); err != nil {
			return t.failLocked(fmt.Errorf("sync %s: %w", fst.path, err))
		}
	}
	fst.written = len(t.recs)
	fst.needNL = false
	return nil
}

// samePathFile checks that f is still the file at path: another process
// may have removed it or replaced it (a rename over it).
func samePathFile(path string, f *os.File) error {
	at, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s was removed", path)
	}
	if err != nil {
		return err
	}
	open, err := f.Stat()
	if err != nil {
		return err
	}
	if !os.SameFile(at, open) {
		return fmt.Errorf("%s was replaced by another file (another process wrote it)", path)
	}
	return nil
}

// failLocked records a write failure: the tree stops writing and keeps
// going in memory. Caller holds t.mu.
func (t *Tree) failLocked(err error) error {
	fst := &t.file
	fst.failed = true
	if fst.f != nil {
		_ = fst.f.Close()
		fst.f = nil
	}
	err = fmt.Errorf("persist session (continuing in memory): %w", err)
	if fst.err == nil {
		fst.err = err
	}
	return err
}

// rewriteLocked writes the whole file, the header and every entry, to a
// temporary file in the same directory, fsyncs it, moves it to the path
// and fsyncs the directory, so the file is either absent (or the old one)
// or complete. With replace false (a new session's first write) an
// existing file is never replaced: another process created it, and
// writing over it would cut off that process's appends; the write fails
// instead (pi 1.6 opens the new file with "wx" likewise). Caller holds
// t.mu.
func (t *Tree) rewriteLocked(replace bool) error {
	fst := &t.file
	if err := os.MkdirAll(fst.dir, 0o755); err != nil {
		return fmt.Errorf("write session: %w", err)
	}
	var buf bytes.Buffer
	buf.Write(t.headerLineLocked())
	buf.WriteByte('\n')
	for _, r := range t.recs {
		buf.Write(r.raw)
		buf.WriteByte('\n')
	}
	if fst.f != nil {
		_ = fst.f.Close()
		fst.f = nil
	}
	write := writeFileAtomic
	if !replace {
		write = writeFileNew
	}
	if err := write(fst.path, buf.Bytes()); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("write session: %s was created by another process; not replacing it", fst.path)
		}
		return fmt.Errorf("write session: %w", err)
	}
	fst.onDisk = true
	fst.written = len(t.recs)
	fst.needNL = false
	return nil
}

// headerLineLocked is the header line: as read, or encoded in pi's order.
// Caller holds t.mu.
func (t *Tree) headerLineLocked() []byte {
	if t.hdrRaw != nil {
		return t.hdrRaw
	}
	h := t.header
	m := map[string]any{"type": "session", "version": h.Version, "id": h.ID, "timestamp": h.Timestamp, "cwd": h.Cwd}
	if h.ParentSession != "" {
		m["parentSession"] = h.ParentSession
	}
	return encodeEntry(m)
}

// writeFileAtomic writes data to path through a synced temporary file and
// a rename, then syncs the directory (best effort: not every platform can).
func writeFileAtomic(path string, data []byte) error {
	return writeThroughTemp(path, data, os.Rename)
}

// writeFileNew is writeFileAtomic for a path that must not exist yet: the
// temporary file is hard-linked into place, which fails with fs.ErrExist
// when something is there, and never replaces it.
func writeFileNew(path string, data []byte) error {
	return writeThroughTemp(path, data, func(tmp, path string) error {
		if err := os.Link(tmp, path); err != nil {
			return err
		}
		return os.Remove(tmp)
	})
}

// writeThroughTemp writes data to a synced temporary file next to path
// and moves it there with place.
func writeThroughTemp(path string, data []byte, place func(tmp, path string) error) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			_ = os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err = place(tmp, path); err != nil {
		return err
	}
	if d, derr := os.Open(dir); derr == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return nil
}
