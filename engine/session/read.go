package session

import (
	"fmt"
	"os"
)

// Read loads a session file into an in-memory Tree without ever writing:
// the file is parsed as Open parses it (unreadable lines skipped and
// reported as warnings, a v1/v2 file migrated to v3), but a migrated file
// is not rewritten and a file without a valid header is not replaced; it
// is an error wrapping ErrInvalidSession instead. The leaf is the last
// entry in file order. The tree is in memory (Path is ""): appending to it
// never touches the file. For read-only uses such as exporting a session.
func Read(path string) (*Tree, []Warning, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("read session: %w", err)
	}
	ld := parseSession(path, data)
	if !ld.valid {
		return nil, ld.warnings, fmt.Errorf("read session %s: %w", path, ErrInvalidSession)
	}
	t := newTree()
	t.header, t.hdrRaw = ld.header, ld.hdrRaw
	for _, r := range ld.recs {
		t.addLocked(r)
	}
	return t, ld.warnings, nil
}
