package resources

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo/engine/pathrules"
)

// collectSkillEntries is pi's collectSkillEntries: a directory holding
// SKILL.md yields that file only; otherwise subdirectories are searched,
// and with rootFiles (pi's "pi" mode, not its "agents" mode) the .md files
// directly in the top directory are skills too.
func collectSkillEntries(dir string, rootFiles bool) []string {
	return (&dirScan{root: dir}).skills(dir, rootFiles)
}

// collectFiles lists the .md files of a prompts directory: with recursive
// every one below dir (pi's collectFiles, for package and settings
// directories), else those directly in it (pi's auto-discovery scan).
func collectFiles(dir string, recursive bool) []string {
	return (&dirScan{root: dir}).files(dir, ".md", recursive)
}

// dirScan is one walk of pi's resource scanners from root: the rules of
// the .gitignore, .ignore and .fdignore files met so far apply to every
// directory below theirs.
type dirScan struct {
	ig   pathrules.Ignore
	root string
}

// scanEntry is one directory entry a scan looks at; rel is its path
// relative to the scan's root.
type scanEntry struct {
	name, full, rel string
	isFile, isDir   bool
}

// list adds dir's ignore files to the scan's rules and returns dir's
// entries, in name order, but for names starting with ".", node_modules
// and broken symlinks (other symlinks are followed). It does not apply
// the ignore rules; a missing or unreadable dir has no entries.
func (s *dirScan) list(dir string) []scanEntry {
	s.ig.AddDir(dir, s.root)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []scanEntry
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || name == "node_modules" {
			continue
		}
		full := filepath.Join(dir, name)
		if isFile, isDir, ok := entryKind(e, full); ok {
			out = append(out, scanEntry{name, full, pathrules.RelSlash(s.root, full), isFile, isDir})
		}
	}
	return out
}

func (s *dirScan) skills(dir string, rootFiles bool) []string {
	entries := s.list(dir)
	for _, e := range entries {
		if e.name == "SKILL.md" && e.isFile && !s.ig.Ignores(e.rel, false) {
			return []string{e.full}
		}
	}
	var out []string
	for _, e := range entries {
		switch {
		case e.isDir:
			if !s.ig.Ignores(e.rel, true) {
				out = append(out, s.skills(e.full, rootFiles)...)
			}
		case rootFiles && dir == s.root && e.isFile && strings.HasSuffix(e.name, ".md"):
			if !s.ig.Ignores(e.rel, false) {
				out = append(out, e.full)
			}
		}
	}
	return out
}

// files lists the files ending in suffix directly in dir, or with
// recursive every one below it.
func (s *dirScan) files(dir, suffix string, recursive bool) []string {
	var out []string
	for _, e := range s.list(dir) {
		switch {
		case s.ig.Ignores(e.rel, e.isDir):
		case e.isDir && recursive:
			out = append(out, s.files(e.full, suffix, true)...)
		case e.isFile && strings.HasSuffix(e.name, suffix):
			out = append(out, e.full)
		}
	}
	return out
}

// entryKind follows a symlink; ok is false for a broken one.
func entryKind(e os.DirEntry, full string) (isFile, isDir, ok bool) {
	if e.Type()&os.ModeSymlink != 0 {
		st, err := os.Stat(full)
		if err != nil {
			return false, false, false
		}
		return st.Mode().IsRegular(), st.IsDir(), true
	}
	return e.Type().IsRegular(), e.IsDir(), true
}
