package pathrules

import (
	"path/filepath"
	"strings"
)

// RelSlash is Node's path.relative(base, file) with "/" separators ("" for
// base itself).
func RelSlash(base, file string) string {
	rel, err := filepath.Rel(base, file)
	if err != nil || rel == "." {
		return ""
	}
	return filepath.ToSlash(rel)
}

// Canonical is pi's canonicalizePath: the real path, or p if that fails.
func Canonical(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// IsLocalSource is pi's isLocalPath: a package source is local unless it
// starts (after trimming) with npm:, git:, github:, http:, https: or ssh:.
func IsLocalSource(s string) bool {
	s = strings.TrimSpace(s)
	for _, p := range []string{"npm:", "git:", "github:", "http:", "https:", "ssh:"} {
		if strings.HasPrefix(s, p) {
			return false
		}
	}
	return true
}
