package discover

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// isPattern reports whether a settings entry is a pattern rather than a path.
func isPattern(s string) bool {
	return isOverridePattern(s) || hasGlob(s)
}

// isOverridePattern reports "!glob", "+path" and "-path" entries.
func isOverridePattern(s string) bool {
	return strings.HasPrefix(s, "!") || strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-")
}

// hasGlob reports whether s contains a wildcard pi recognises (* or ?).
func hasGlob(s string) bool {
	return strings.ContainsAny(s, "*?")
}

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
// The result keeps that order.
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
	for _, f := range all {
		if len(forceIn) > 0 && !slices.Contains(result, f) && matchesAnyExactPattern(f, forceIn, base) {
			result = append(result, f)
		}
	}
	if len(forceOut) > 0 {
		result = slices.DeleteFunc(result, func(f string) bool { return matchesAnyExactPattern(f, forceOut, base) })
	}
	return result
}

// isEnabledByOverrides is pi's filter for auto-discovered files: only the
// "!", "+" and "-" entries of the scope's `extensions` array count.
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

// relSlash is Node's path.relative in slash form ("" for base itself).
func relSlash(base, file string) string {
	rel, err := filepath.Rel(base, file)
	if err != nil || rel == "." {
		return ""
	}
	return filepath.ToSlash(rel)
}

// matchesAnyPattern tries each glob against the path relative to base, the
// base name and the absolute path.
func matchesAnyPattern(file string, patterns []string, base string) bool {
	rel := relSlash(base, file)
	name := filepath.Base(file)
	abs := filepath.ToSlash(file)
	for _, p := range patterns {
		p = filepath.ToSlash(p)
		if minimatch(rel, p) || minimatch(name, p) || minimatch(abs, p) {
			return true
		}
	}
	return false
}

// matchesAnyExactPattern compares each pattern (minus a leading "./") with
// the path relative to base and with the absolute path.
func matchesAnyExactPattern(file string, patterns []string, base string) bool {
	rel := relSlash(base, file)
	abs := filepath.ToSlash(file)
	for _, p := range patterns {
		if strings.HasPrefix(p, "./") || strings.HasPrefix(p, `.\`) {
			p = p[2:]
		}
		p = filepath.ToSlash(p)
		if p == rel || p == abs {
			return true
		}
	}
	return false
}

// minimatch matches a slash path against a glob with minimatch's default
// options: *, ?, [..], [!..], {a,b}, a whole-segment ** for any number of
// segments (at least one when last), and no wildcard matching a segment
// that starts with "." unless the pattern segment does. A pattern starting
// with "#" is a comment and matches nothing.
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
				alt := p[:start] + p[prev+1:c] + p[i+1:]
				out = append(out, expandBraces(alt)...)
				prev = c
			}
			return out
		}
	}
	return []string{p}
}
