// Package watch hot-reloads JS/TS plugins when their source files change:
// it watches every plugin's bundle input set, turns a burst of file-system
// events into one reload per plugin, drives engine.Host.Reload
// (candidate-then-swap) with pi's session_shutdown /
// session_start {reason: "reload"} events around the swap, and reports each
// reload as a value (Reload). It sits above jsapi and engine and is imported
// only by programs (cmd/pigo, embedders); jsapi and engine never import it.
//
// # Two types
//
// A Reloader reloads plugins on request: Reload(ctx, id) and ReloadAll(ctx)
// (the Go API behind a manual /reload). It remembers each plugin's input
// files and their content hashes, so it can tell a real edit from a touch.
// A Watcher adds the file system: it watches the directories of those files
// and asks its Reloader to reload a plugin once its files went quiet.
//
// # Design notes
//
// Directories, not files, are watched. Editors rarely write a file in place:
// vim renames the original away and writes a new file, VS Code and
// JetBrains write a temporary file and rename it over the original, `git
// checkout` deletes and re-creates, formatters truncate then write. A watch
// on the file itself (an inode) goes deaf after the first rename or delete;
// a watch on the directory sees every one of those as an event for the same
// name. The cost is events for unrelated files in the same directories
// (editor swap files, node_modules churn); they are dropped by path, because
// only names in a plugin's input set (esbuild's list of files the last
// bundle read, plus the entry candidates) map to a plugin. While a plugin is
// broken, any new .ts/.js/.json file in its directories also maps to it, so
// creating a missing import fixes it without another save.
//
// Events are debounced per plugin with a quiet period (Options.Debounce,
// default 30 ms): the reload starts once no event for that plugin arrived
// for that long, so the three to six events one save produces (truncate,
// write, close, rename, chmod) and several files saved at once become one
// reload. 30 ms is longer than any editor's save sequence we measured (well
// under 5 ms) and short against the reload itself; a steady stream of events
// (a generator rewriting a file in a loop) cannot postpone a reload beyond
// Options.MaxDelay (default 300 ms).
//
// On Linux the kernel also says when a write is complete, which fsnotify
// does not pass on: a second inotify instance on the same directories
// reports IN_CLOSE_WRITE and IN_MOVED_TO (complete: the writer closed the
// file, or a file was renamed into place) and IN_CREATE and IN_MODIFY (in
// progress; the four come in order from one instance). A plugin whose
// writes all completed reloads after Options.Settle (default 2 ms, for
// files saved together) instead of the quiet period, so an atomic save is
// live in about the time of the reload itself; a file still open for
// writing holds the reload however long its writer stalls between writes
// (up to MaxDelay), so a half-written file is not loaded. Changes without
// a close (a delete, a rename away) keep the quiet period, as on other
// systems.
//
// A reload only happens when content changed: before reloading, the
// Reloader hashes (SHA-256) the plugin's input files and compares with the
// hashes it recorded at the previous attempt; a `touch`, a save without
// edits or a lost-events overflow that changed nothing costs no reload. The
// hashes are taken before the bundle reads the files, so an edit racing a
// reload is seen by the next one instead of being lost. After every reload
// (successful or not) the input set is read again from jsapi.Env.Inputs:
// new imports start being watched, removed ones stop.
//
// In-flight work during a swap: the engine retires the old generation after
// the candidate loaded. Its AbortSignals fire (effects and running tool
// calls see signal.aborted), effects get engine.Options.EffectGrace to
// return, its timers are cleared and its event loop terminates; a call
// still pending on that loop returns the generation's stale error
// (engine.ErrStale, naming plugin and generation). Calls that look the tool
// up after the swap run in the new generation. No call waits on a dead loop.
//
// The file-system backend is github.com/fsnotify/fsnotify (inotify,
// kqueue, ReadDirectoryChangesW, FEN). -tags pigo_poll lists the watched
// directories every 100 ms instead, for file systems that send no change
// events (some network mounts). Both pass the same tests.
package watch
