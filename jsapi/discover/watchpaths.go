package discover

import (
	"os"
	"path/filepath"
	"strings"
)

// WatchPaths are where a new extension for opts would show up while a
// program runs: the auto-discovery directories and their subdirectories
// (a new file or package directory there; entries in any of them), and
// the settings files (extensions and packages entries; only those files).
// An untrusted project's own places are left out, as Discover leaves them
// out.
func WatchPaths(opts Options) (dirs, files []string) {
	d := newDiscoverer(opts)
	if d.invalid || opts.NoExtensions {
		return nil, nil
	}
	var autoDirs []string
	if !opts.UntrustedProject {
		projBase := filepath.Join(d.cwd, ".pi")
		autoDirs = append(autoDirs, filepath.Join(projBase, "extensions"))
		files = append(files, filepath.Join(projBase, "settings.json"))
	}
	if d.agentDir != "" {
		autoDirs = append(autoDirs, filepath.Join(d.agentDir, "extensions"))
		files = append(files, filepath.Join(d.agentDir, "settings.json"))
	}
	for _, dir := range autoDirs {
		dirs = append(dirs, dir)
		children, _ := os.ReadDir(dir)
		for _, c := range children {
			if name := c.Name(); !strings.HasPrefix(name, ".") && name != "node_modules" {
				if st, err := os.Stat(filepath.Join(dir, name)); err == nil && st.IsDir() {
					dirs = append(dirs, filepath.Join(dir, name))
				}
			}
		}
	}
	return dirs, files
}
