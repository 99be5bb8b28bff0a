package resources

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Settings and package patterns, as pi's package manager applies them
// (the same rules as jsapi/discover's for extensions, plus the SKILL.md
// rule: a pattern also matches a SKILL.md file through its directory).

// isPattern reports whether a settings entry is a pattern rather than a
// path.
func isPattern(s string) bool { return isOverridePattern(s) || hasGlob(s) }

// isOverridePattern reports "!glob", "+path" and "-path" entries.
func isOverridePattern(s string) bool {
	return strings.HasPrefix(s, "!") || strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-")
}

// hasGlob reports whether s contains a wildcard pi recognises (* or ?).
func hasGlob(s string) bool { return strings.ContainsAny(s, "*?") }

func overridePatterns(entries []string) []string {
	var out []string
	for _, e := range entries {
		if isOverridePattern(e) {
			out = append(out, e)
		}
	}
	return out
}

// applyPatterns is pi's applyPatterns: keep files matching any plain glob
// (all files if there is none), drop "!glob" matches, add back "+path"
// exact matches (at the end, in file order), drop "-path" exact matches.
func applyPatterns(all, patterns []string, base string) []string {
	var includes, excludes, forceIn, forceOut []string
	for _, p := range patterns {
		switch {
		case strings.HasPrefix(p, "+"):
			forceIn = append(forceIn, p[1:])
		case strings.HasPrefix(p, "-"):
			forceOut = append(forceOut, p[1:])
		case strings.HasPrefix(p, "!"):
			excludes = append(excludes, p[1:])
		default:
			includes = append(includes, p)
		}
	}
	var result []string
	for _, f := range all {
		if len(includes) == 0 || matchesAnyPattern(f, includes, base) {
			result = append(result, f)
		}
	}
	if len(excludes) > 0 {
		result = slices.DeleteFunc(result, func(f string) bool { return matchesAnyPattern(f, excludes, base) })
	}
	if len(forceIn) > 0 {
		for _, f := range all {
			if !slices.Contains(result, f) && matchesAnyExactPattern(f, forceIn, base) {
				result = append(result, f)
			}
		}
	}
	if len(forceOut) > 0 {
		result = slices.DeleteFunc(result, func(f string) bool { return matchesAnyExactPattern(f, forceOut, base) })
	}
	return result
}

// isEnabledByOverrides is pi's filter for auto-discovered files: only the
// "!", "+" and "-" entries of the scope's settings array count.
func isEnabledByOverrides(file string, entries []string, base string) bool {
	var excludes, forceIn, forceOut []string
	for _, e := range entries {
		switch {
		case strings.HasPrefix(e, "!"):
			excludes = append(excludes, e[1:])
		case strings.HasPrefix(e, "+"):
			forceIn = append(forceIn, e[1:])
		case strings.HasPrefix(e, "-"):
			forceOut = append(forceOut, e[1:])
		}
	}
	enabled := true
	if len(excludes) > 0 && matchesAnyPattern(file, excludes, base) {
		enabled = false
	}
	if len(forceIn) > 0 && matchesAnyExactPattern(file, forceIn, base) {
		enabled = true
	}
	if len(forceOut) > 0 && matchesAnyExactPattern(file, forceOut, base) {
		enabled = false
	}
	return enabled
}

// matchesAnyPattern tries each glob against the path relative to base,
// the base name and the absolute path, and for a SKILL.md file the same
// three forms of its directory.
func matchesAnyPattern(file string, patterns []string, base string) bool {
	candidates := []string{relSlash(base, file), filepath.Base(file), filepath.ToSlash(file)}
	if filepath.Base(file) == "SKILL.md" {
		dir := filepath.Dir(file)
		candidates = append(candidates, relSlash(base, dir), filepath.Base(dir), filepath.ToSlash(dir))
	}
	for _, p := range patterns {
		p = filepath.ToSlash(p)
		for _, c := range candidates {
			if minimatch(c, p) {
				return true
			}
		}
	}
	return false
}

// matchesAnyExactPattern compares each pattern (minus a leading "./") with
// the path relative to base and the absolute path, and for a SKILL.md
// file with those of its directory.
func matchesAnyExactPattern(file string, patterns []string, base string) bool {
	candidates := []string{relSlash(base, file), filepath.ToSlash(file)}
	if filepath.Base(file) == "SKILL.md" {
		dir := filepath.Dir(file)
		candidates = append(candidates, relSlash(base, dir), filepath.ToSlash(dir))
	}
	for _, p := range patterns {
		if strings.HasPrefix(p, "./") || strings.HasPrefix(p, `.\`) {
			p = p[2:]
		}
		if slices.Contains(candidates, filepath.ToSlash(p)) {
			return true
		}
	}
	return false
}

// minimatch matches a slash path against a glob with minimatch's default
// options: *, ?, [..], [!..], {a,b}, a whole-segment ** for any number of
// segments (at least one when last), and no wildcard matching a segment
// that starts with "." unless the pattern segment does. A pattern
// starting with "#" is a comment and matches nothing.
func minimatch(p, pattern string) bool {
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
	if len(ss) == 0 || !matchSegment(ps[0], ss[0], false) {
		return false
	}
	return matchSegments(ps[1:], ss[1:])
}

// matchSegment matches one path component. Unless allowDot, a wildcard
// does not match a leading "."; a malformed pattern matches literally.
func matchSegment(pattern, name string, allowDot bool) bool {
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

// globFS expands a manifest glob against root like the glob package
// (13.x) that pi calls with {dot: false, nodir: false, absolute: true}:
// brace alternatives in order; within a directory, its matching children
// are emitted in reverse name order, then its subdirectories are walked,
// also in reverse name order, depth first. Results are absolute and
// unique.
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
		for len(segs) > 0 && !strings.ContainsAny(segs[0], "*?[") {
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

// globWalk applies the remaining patterns rests to the children of dir.
// With followOne (the pattern does not start with "**"), "**" looks into a
// symlinked directory's direct children but no deeper, like glob and bash.
func globWalk(dir string, rests [][]string, followOne bool, emit func(string)) {
	var states, deep [][]string
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
			emit(full)
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

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// canonical is pi's canonicalizePath: the real path, or p if that fails.
func canonical(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
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
