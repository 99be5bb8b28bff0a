package watch

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// fileSet is a plugin's watched files and the content each had at the last
// reload attempt: absolute path → hex SHA-256 of the content, "" when the
// file did not exist (or could not be read). Not safe for concurrent use;
// the Reloader guards it.
type fileSet map[string]string

// hashFile returns the hex SHA-256 of path's content, "" when it cannot be
// read.
func hashFile(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || st.IsDir() {
		return ""
	}
	h := sha256.New()
	buf := hashBufs.Get().(*[32 << 10]byte)
	defer hashBufs.Put(buf)
	for {
		n, err := f.Read(buf[:])
		h.Write(buf[:n])
		if err == io.EOF {
			break
		}
		if err != nil {
			return ""
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// hashBufs are hashFile's read buffers. io.Copy from an *os.File made a
// 32 KB buffer per file: hashing the ~150 inputs of 20 of pi's examples
// at start-up was ~4.7 MB of garbage, part of the start's peak memory.
var hashBufs = sync.Pool{New: func() any { return new([32 << 10]byte) }}

// staleHash stands for content that may not be what the plugin loaded:
// no file hashes to it, so the next check sees the file changed.
const staleHash = "stale"

// snapshotFiles hashes every path.
func snapshotFiles(paths []string) fileSet {
	s := make(fileSet, len(paths))
	for _, p := range paths {
		s[p] = hashFile(p)
	}
	return s
}

// changed returns, sorted, the files of s whose content differs from what
// s recorded, plus the extra paths (names that got events) s does not hold
// and that now exist with content. cur receives every hash it computed, so
// the caller can record them without reading the files again.
func (s fileSet) changed(extra []string, cur fileSet) []string {
	var out []string
	for p, old := range s {
		h := hashFile(p)
		cur[p] = h
		if h != old {
			out = append(out, p)
		}
	}
	for _, p := range extra {
		if _, ok := s[p]; ok {
			continue
		}
		if _, ok := cur[p]; ok {
			continue
		}
		h := hashFile(p)
		cur[p] = h
		if h != "" {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// paths returns the files of s, sorted.
func (s fileSet) paths() []string {
	out := make([]string, 0, len(s))
	for p := range s {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// entryCandidates are the files whose appearance or change can alter what
// an extension path resolves to (jsapi.ResolveEntry): the path itself, and
// for a directory (or a path that does not exist yet) its package.json and
// index files.
func entryCandidates(path string) []string {
	out := []string{path}
	st, err := os.Stat(path)
	if err == nil && !st.IsDir() {
		return out
	}
	if err == nil || filepath.Ext(path) == "" {
		out = out[:0]
		for _, name := range []string{"package.json", "index.ts", "index.js", "index.mts", "index.mjs", "index.tsx"} {
			out = append(out, filepath.Join(path, name))
		}
	}
	return out
}
