package bundler

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sort"
)

// fileStamp is what a cache remembers about one input file. Validation is
// two-tier: an unchanged size and modification time is trusted as is (one
// stat per file); a changed modification time is settled by re-hashing the
// content, so `touch` or a checkout that rewrites identical bytes still hits.
// A same-size edit that keeps the exact modification time (possible only on
// coarse-mtime filesystems) is not detected.
type fileStamp struct {
	Path    string `json:"path"`    // absolute
	Size    int64  `json:"size"`    // in bytes, of the content that was hashed
	ModTime int64  `json:"modTime"` // unix nanoseconds, taken before reading
	Sum     string `json:"sum"`     // hex SHA-256 of the content
}

// readStamped reads a file and stamps it. The stat happens before the read,
// so if the file changes in between, the recorded time is older than the
// content and the next validation re-hashes instead of trusting a stale time.
func readStamped(path string) ([]byte, fileStamp, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fileStamp{}, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fileStamp{}, err
	}
	return data, fileStamp{Path: path, Size: int64(len(data)), ModTime: st.ModTime().UnixNano(), Sum: sum(data)}, nil
}

func sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// validateStamps reports whether every file still has the content it was
// stamped with. When some modification times moved but contents did not,
// it returns refreshed stamps (refreshed=true) so the next check is a stat
// again.
func validateStamps(stamps []fileStamp) (fresh []fileStamp, ok, refreshed bool) {
	for i, f := range stamps {
		st, err := os.Stat(f.Path)
		if err != nil || !st.Mode().IsRegular() || st.Size() != f.Size {
			return nil, false, false
		}
		mt := st.ModTime().UnixNano()
		if mt == f.ModTime {
			continue
		}
		data, err := os.ReadFile(f.Path)
		if err != nil || sum(data) != f.Sum {
			return nil, false, false
		}
		if !refreshed {
			fresh = append([]fileStamp(nil), stamps...)
			refreshed = true
		}
		fresh[i].ModTime = mt
	}
	if !refreshed {
		fresh = stamps
	}
	return fresh, true, refreshed
}

// configStamps stamps every config file that exists in the directory of a
// loaded module or in any of its ancestors: package.json ("type", "main",
// "exports", "sideEffects") and the TypeScript configs that change how .ts
// compiles. That is a superset of what esbuild read for resolution, which
// is what a watcher and a cache validation need; esbuild's public API does
// not say exactly which files it consulted. Unreadable candidates are
// skipped: esbuild could not have used them either.
func configStamps(modules []fileStamp) []fileStamp {
	seen := make(map[string]bool)
	var out []fileStamp
	for _, m := range modules {
		for dir := filepath.Dir(m.Path); !seen[dir]; dir = filepath.Dir(dir) {
			seen[dir] = true
			for _, name := range [...]string{"package.json", "tsconfig.json", "jsconfig.json"} {
				if _, st, err := readStamped(filepath.Join(dir, name)); err == nil {
					out = append(out, st)
				}
			}
		}
	}
	return out
}

// sortStamps orders stamps by path and drops duplicates, so hashes and
// input lists do not depend on esbuild's parallel load order.
func sortStamps(stamps []fileStamp) []fileStamp {
	sort.Slice(stamps, func(i, j int) bool { return stamps[i].Path < stamps[j].Path })
	out := stamps[:0]
	for i, s := range stamps {
		if i > 0 && s.Path == stamps[i-1].Path {
			continue
		}
		out = append(out, s)
	}
	return out
}

func stampPaths(stamps []fileStamp) []string {
	out := make([]string, len(stamps))
	for i, s := range stamps {
		out[i] = s.Path
	}
	return out
}
