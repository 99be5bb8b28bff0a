package tui

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
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
		dir, base := filepath.Split(query)
		abs := dir
		if strings.HasPrefix(abs, "~/") && m.opts.Home != "" {
			abs = filepath.Join(m.opts.Home, abs[2:])
		} else if !filepath.IsAbs(abs) {
			abs = filepath.Join(m.cwd, abs)
		}
		entries, _ := os.ReadDir(abs)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), base) && (base != "" || !strings.HasPrefix(e.Name(), ".")) {
				name := dir + e.Name()
				if e.IsDir() {
					name += "/"
				}
				items = append(items, command{name: name})
			}
		}
		sort.Slice(items, func(i, j int) bool { return items[i].name < items[j].name })
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
