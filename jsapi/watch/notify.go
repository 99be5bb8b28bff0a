package watch

// notifier reports changes inside watched directories (not recursively).
// Implementations: fsnotify (the default), polling (-tags pigo_poll, for
// network file systems that send no events). Safe from any goroutine.
type notifier interface {
	// Add starts watching dir (absolute). Adding a watched dir is a no-op.
	Add(dir string) error
	// Remove stops watching dir; removing an unwatched dir is a no-op.
	Remove(dir string) error
	// Notices delivers changes until Close; it is closed after Close.
	Notices() <-chan notice
	// Close stops watching and ends the notifier's goroutines before it
	// returns.
	Close() error
}

// notice is one change: a name in a watched directory was created,
// written, removed or renamed to or from. The kind of change is not kept
// (the reloader compares content hashes anyway), only, where the platform
// tells, whether a write is in progress or complete (Phase).
type notice struct {
	Path     string // absolute path of the entry that changed; "" with Overflow or Err
	Phase    phase  // what the change says about a write of Path
	Overflow bool   // events were lost: every watched file may have changed
	Err      error  // a watcher failure to report (not fatal)
}

// phase tells the debouncer how far a write got.
type phase uint8

const (
	// phaseChange is any change; whether a write is complete is unknown,
	// so the quiet period decides.
	phaseChange phase = iota
	// phaseWriting: Path was created or written and is still open for
	// writing; its write is complete at its phaseDone.
	phaseWriting
	// phaseDone: a write of Path completed (the writer closed it, or a
	// file was renamed into place); no quiet period needs to pass.
	phaseDone
)
