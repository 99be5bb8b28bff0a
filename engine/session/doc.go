// Package session stores pi sessions: the entry tree of one conversation,
// in memory or in pi's session JSONL files (version 3), so that pi opens
// the files pigo writes and pigo opens the files pi writes. It imports
// neither goja nor esbuild, and of pigo only engine/jsjson.
//
// # Sessions
//
// A Tree is a header plus entries, each with an 8-hex-char id and the id
// of its parent; appends become children of the leaf and move it. New and
// InMemory make in-memory sessions (pi's --no-session). Create starts a
// file-backed session in a directory, Open opens a file (pi's --session
// <path>), ContinueRecent opens the newest one in a directory (-c), Find
// resolves an id prefix (--session <prefix>), and DefaultDir / ResolveDir
// name the directory as pi does (--session-dir, then
// PI_CODING_AGENT_SESSION_DIR, then settings' sessionDir, then
// <agentDir>/sessions/--<cwd>--/). Navigate, SetLeaf, Fork, Clone and
// ForkFrom are pi's tree navigation, fork, clone and --fork; SetLabel and
// SetName append label and session_info entries; BuildContext is pi's
// buildSessionContext. Values and lists (SetValue, Value, AppendToList,
// List) are pigo's bound storage, kept in the same file as custom entries
// that pi ignores (see values.go).
//
// Lines are written with pi's key order (see encode.go); lines read from a
// file are kept byte for byte and written back unchanged unless a
// migration edits them. Opening never fails on content: a torn last line
// or a corrupt line is skipped with a Warning; a file whose first line (as
// in pi: the first line that parses) is not a header with a string id
// counts as empty; v1 and v2 files are migrated to v3 and rewritten, as pi
// does. List, MostRecent and Find read a directory the way pi's session
// picker, -c and --session do.
//
// # Durability policy
//
// As in pi 1.6, a new session's file is not created until the first user
// or assistant message exists: until then appends are acknowledged in
// memory only. The append that adds that message writes the header and every
// entry so far to a temporary file, fsyncs it, renames it into place and
// fsyncs the directory, so the file appears complete or not at all. Whole-
// file rewrites (migration, Fork, ForkFrom, restarting an invalid file) are
// written the same way.
//
// Once the file exists, every Commit (and Append) writes its entry as one
// line with a single write(2) on a file opened with O_APPEND, and with the
// default SyncEachAppend fsyncs it, before returning. An acknowledged entry
// is therefore on disk: killing the process (kill -9) at any moment loses
// at most the entry whose Commit has not returned, and that entry can only
// be lost whole or leave a torn last line, which the next Open skips with a
// warning (the next append starts on a fresh line). SyncOnDemand keeps the
// write(2) per append (still safe against kill -9) but fsyncs only in Sync
// and Close, for callers that batch the fsync per turn; it trades the loss
// of entries since the last Sync on a machine crash for fewer fsyncs.
//
// A failed write (disk full, directory removed) truncates the file back to
// its size before the write when it can, and the tree goes on in memory:
// Commit returns the error, Append records it for Err, Persisted turns
// false, and no further lines are written.
package session
