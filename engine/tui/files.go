package tui

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pigo-dev/pigo/engine/locale"
)

// File completion: an `@` word searches the project's files (pi's fuzzy
// file search, here a substring match over a bounded walk); Tab on
// another word completes it as a path.

// maxFileScan bounds the walk of the working directory.
const maxFileScan = 20000

// projectFiles lists the files under dir (relative, "/" separated),
// without .git and node_modules, walked once per session.
func (m *model) projectFiles() []string {
	if m.fileList != nil {
		return m.fileList
	}
	m.fileList = []string{}
	_ = filepath.WalkDir(m.cwd, func(p string, d fs.DirEntry, err error) error {
		if err != nil || len(m.fileList) >= maxFileScan {
			return filepath.SkipDir
		}
		name := d.Name()
		if d.IsDir() && p != m.cwd && (name == ".git" || name == "node_modules") {
			return filepath.SkipDir
		}
		if rel, err := filepath.Rel(m.cwd, p); err == nil && rel != "." {
			if d.IsDir() {
				rel += "/"
			}
			m.fileList = append(m.fileList, filepath.ToSlash(rel))
		}
		return nil
	})
	return m.fileList
}

// fileComplete fills the autocomplete list with files for query: all
// project files containing it for `@`, the entries of its directory
// starting with its last part otherwise.
func (m *model) fileComplete(query string, at bool) {
	var items []command
	if at {
		q := strings.ToLower(query)
		var prefix, rest []command
		for _, f := range m.projectFiles() {
			lf := strings.ToLower(f)
			switch {
			case strings.HasPrefix(lf, q) || strings.HasPrefix(strings.ToLower(filepath.Base(strings.TrimSuffix(f, "/"))), q):
				prefix = append(prefix, command{name: f})
			case strings.Contains(lf, q):
				rest = append(rest, command{name: f})
			}
		}
		items = append(prefix, rest...)
	} else {
		items = pathCompletions(query, m.cwd, m.opts.Home)
	}
	if len(items) == 0 {
		m.auto = nil
		return
	}
	m.auto = &autocomplete{items: items, files: true, at: at}
}

// acceptFile puts the selected file in place of the word: `@path ` for
// a file, `@dir/` to go on into a directory.
func (m *model) acceptFile() {
	a := m.auto
	m.auto = nil
	name := a.selected().name
	if v := a.selected().value; v != "" {
		name = v
	}
	if a.at {
		name = "@" + name
	}
	if !strings.HasSuffix(name, "/") {
		name += " "
	}
	m.ed.ReplaceWord(name)
	if strings.HasSuffix(name, "/") && a.at {
		m.updateAutocomplete()
	}
}

// pathCompletions is pi's path completion for Tab (getFileSuggestions):
// the entries of the query's directory (the working directory for an
// empty query or a bare name) whose names start with its last part, any
// case, hidden ones too; directories first, then by name as pi's
// localeCompare orders them. Each item's label is the entry's name (a
// directory's with "/"), its value the query's path with the name.
func pathCompletions(query, cwd, home string) []command {
	dir, base := query, ""
	if !strings.HasSuffix(query, "/") && query != "~" {
		dir, base = filepath.Split(query)
	}
	if query == "~" {
		dir = "~/"
	}
	abs := dir
	switch {
	case strings.HasPrefix(abs, "~/") && home != "":
		abs = filepath.Join(home, abs[2:])
	case !filepath.IsAbs(abs):
		abs = filepath.Join(cwd, abs)
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		return nil
	}
	var items []command
	for _, e := range entries {
		if !strings.HasPrefix(strings.ToLower(e.Name()), strings.ToLower(base)) {
			continue
		}
		isDir := e.IsDir()
		if !isDir && e.Type()&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(filepath.Join(abs, e.Name())); err == nil {
				isDir = fi.IsDir()
			}
		}
		label, value := e.Name(), dir+e.Name()
		if isDir {
			label, value = label+"/", value+"/"
		}
		items = append(items, command{name: label, value: value})
	}
	sort.SliceStable(items, func(i, j int) bool {
		di, dj := strings.HasSuffix(items[i].name, "/"), strings.HasSuffix(items[j].name, "/")
		if di != dj {
			return di
		}
		return locale.Compare(items[i].name, items[j].name) < 0
	})
	return items
}
