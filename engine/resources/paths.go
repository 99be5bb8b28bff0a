package resources

import (
	"os"
	"path/filepath"
	"strings"
)

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// isUnder reports whether target is root or inside it.
func isUnder(target, root string) bool {
	root = filepath.Clean(root)
	if target == root {
		return true
	}
	if !strings.HasSuffix(root, string(filepath.Separator)) {
		root += string(filepath.Separator)
	}
	return strings.HasPrefix(target, root)
}
