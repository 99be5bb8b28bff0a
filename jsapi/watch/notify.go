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
// written, removed or renamed to or from. The kind of change is not kept:
// the reloader compares content hashes anyway.
type notice struct {
	Path     string // absolute path of the entry that changed; "" with Overflow or Err
	Overflow bool   // events were lost: every watched file may have changed
	Err      error  // a watcher failure to report (not fatal)
}
