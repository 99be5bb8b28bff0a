package pathrules

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Match matches a slash path against a glob with minimatch's default
// options: *, ?, [..], [!..], {a,b}, a whole-segment ** for any number of
// segments (at least one when last), and no wildcard matching a segment
// that starts with "." unless the pattern segment does. A pattern
// starting with "#" is a comment and matches nothing.
func Match(p, pattern string) bool {
	if strings.HasPrefix(pattern, "#") {
		return false
	}
	segs := strings.Split(p, "/")
	for _, alt := range expandBraces(pattern) {
		if matchSegments(strings.Split(alt, "/"), segs) {
			return true
		}
	}
	return false
}

func matchSegments(ps, ss []string) bool {
	if len(ps) == 0 {
		return len(ss) == 0
	}
	if ps[0] == "**" {
		if len(ps) == 1 {
			if len(ss) == 0 {
				return false
			}
			for _, s := range ss {
				if strings.HasPrefix(s, ".") {
					return false
				}
			}
			return true
		}
		for i := 0; i <= len(ss); i++ {
			if matchSegments(ps[1:], ss[i:]) {
				return true
			}
			if i < len(ss) && strings.HasPrefix(ss[i], ".") {
				return false
			}
		}
		return false
	}
	if len(ss) == 0 || !MatchSegment(ps[0], ss[0], false) {
		return false
	}
	return matchSegments(ps[1:], ss[1:])
}

// MatchSegment matches one path component against one pattern segment
// (*, ?, [..], [!..]). Unless allowDot, a wildcard does not match a
// leading "."; a malformed pattern matches only itself.
func MatchSegment(pattern, name string, allowDot bool) bool {
	if pattern == name {
		return true
	}
	if !allowDot && strings.HasPrefix(name, ".") && !strings.HasPrefix(pattern, ".") {
		return false
	}
	ok, err := path.Match(strings.ReplaceAll(pattern, "[!", "[^"), name)
	return err == nil && ok
}

// expandBraces expands the first top-level {a,b,...} group, recursively.
// Groups without a comma and escaped braces stay literal.
func expandBraces(p string) []string {
	depth, start := 0, -1
	var commas []int
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '{':
			if depth == 0 {
				start = i
				commas = commas[:0]
			}
			depth++
		case ',':
			if depth == 1 {
				commas = append(commas, i)
			}
		case '}':
			if depth == 0 {
				continue
			}
			depth--
			if depth > 0 || len(commas) == 0 {
				continue
			}
			var out []string
			prev := start
			for _, c := range append(commas, i) {
				out = append(out, expandBraces(p[:start]+p[prev+1:c]+p[i+1:])...)
				prev = c
			}
			return out
		}
	}
	return []string{p}
}

// Glob expands a package.json glob against root like the glob package
// (13.x) that pi calls with {dot: false, nodir: false, absolute: true}:
// brace alternatives in order; within a directory, its matching children
// are emitted in reverse name order, then its subdirectories are walked,
// also in reverse name order, depth first. "**" matches the directory
// itself and any non-dot subdirectory, not descending into symlinked ones
// (see globWalk). Results are absolute and unique.
func Glob(root, pattern string) []string {
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
		for len(segs) > 0 && !strings.ContainsAny(segs[0], "*?[") {
			dir = filepath.Join(dir, segs[0])
			segs = segs[1:]
		}
		if len(segs) == 0 {
			if _, err := os.Stat(dir); err == nil {
				emit(dir)
			}
			continue
		}
		globWalk(dir, [][]string{segs}, followOne, emit)
	}
	return out
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
			if len(s) == 0 || !MatchSegment(s[0], name, false) {
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

// PackageGlob is pi 1.6's expandPackageGlob, how a package manifest's glob
// entries expand: the matches under root (no dot segments), sorted.
func PackageGlob(root, pattern string) []string {
	out := Glob(root, pattern)
	slices.Sort(out)
	return out
}
