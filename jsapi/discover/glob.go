package discover

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// globFS expands a manifest glob against root like the glob package (13.x)
// that pi calls with {dot: false, nodir: false, absolute: true}: brace
// alternatives in order; within a directory, its matching children are
// emitted in reverse name order, then its subdirectories are walked, also
// in reverse name order, depth first. "**" matches the directory itself
// and any non-dot subdirectory, not descending into symlinked ones (see
// globWalk). Results are absolute and unique.
func globFS(root, pattern string) []string {
	var out []string
	seen := map[string]bool{}
	emit := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, alt := range expandBraces(filepath.ToSlash(pattern)) {
		dir := root
		if strings.HasPrefix(alt, "/") {
			dir = "/"
		}
		segs := slices.DeleteFunc(strings.Split(alt, "/"), func(s string) bool { return s == "" })
		followOne := len(segs) > 0 && segs[0] != "**"
		// Leading literal segments (including "." and "..") just move the start.
		for len(segs) > 0 && !hasMagic(segs[0]) {
			dir = filepath.Join(dir, segs[0])
			segs = segs[1:]
		}
		if len(segs) == 0 {
			if exists(dir) {
				emit(dir)
			}
			continue
		}
		globWalk(dir, [][]string{segs}, followOne, emit)
	}
	return out
}

func hasMagic(seg string) bool {
	return strings.ContainsAny(seg, "*?[")
}

// globWalk applies the remaining patterns rests to the children of dir.
// With followOne (the pattern does not start with "**"), "**" looks into a
// symlinked directory's direct children but no deeper, like glob and bash.
func globWalk(dir string, rests [][]string, followOne bool, emit func(string)) {
	// Expand "**" into its zero-directory alternatives.
	var states [][]string
	var deep [][]string // patterns starting with "**", carried into subdirs
	var add func(r []string)
	add = func(r []string) {
		if len(r) > 0 && r[0] == "**" {
			deep = append(deep, r)
			add(r[1:])
			return
		}
		states = append(states, r)
	}
	for _, r := range rests {
		add(r)
	}
	for _, s := range states {
		if len(s) == 0 {
			emit(dir)
		}
	}
	children, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type sub struct {
		dir   string
		rests [][]string
	}
	var subs []*sub
	subOf := func(p string) *sub {
		for _, s := range subs {
			if s.dir == p {
				return s
			}
		}
		s := &sub{dir: p}
		subs = append(subs, s)
		return s
	}
	for _, c := range slices.Backward(children) {
		name := c.Name()
		full := filepath.Join(dir, name)
		isDir := false
		if st, err := os.Stat(full); err == nil {
			isDir = st.IsDir()
		}
		for _, s := range states {
			if len(s) == 0 || !matchSegment(s[0], name, false) {
				continue
			}
			if len(s) == 1 {
				emit(full)
			} else if isDir {
				sb := subOf(full)
				sb.rests = append(sb.rests, s[1:])
			}
		}
		if len(deep) == 0 || strings.HasPrefix(name, ".") {
			continue
		}
		if slices.ContainsFunc(deep, func(r []string) bool { return len(r) == 1 }) {
			emit(full) // a trailing "**" matches every child
		}
		switch {
		case !isDir:
		case c.Type()&os.ModeSymlink == 0:
			sb := subOf(full)
			sb.rests = append(sb.rests, deep...)
		case followOne:
			for _, r := range deep {
				if len(r) > 1 {
					sb := subOf(full)
					sb.rests = append(sb.rests, r[1:])
				}
			}
		}
	}
	for _, s := range subs {
		globWalk(s.dir, s.rests, followOne, emit)
	}
}
