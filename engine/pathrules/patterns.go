package pathrules

import (
	"path/filepath"
	"slices"
	"strings"
)

// IsPattern reports whether a settings entry is a pattern rather than a
// path: an override (IsOverride) or a glob (HasGlob).
func IsPattern(s string) bool { return IsOverride(s) || HasGlob(s) }

// IsOverride reports "!glob", "+path" and "-path" entries.
func IsOverride(s string) bool {
	return strings.HasPrefix(s, "!") || strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-")
}

// HasGlob reports whether s contains a wildcard pi recognises (* or ?).
func HasGlob(s string) bool { return strings.ContainsAny(s, "*?") }

// Overrides returns the override entries of a settings array, in order
// (pi's getOverridePatterns).
func Overrides(entries []string) []string {
	var out []string
	for _, e := range entries {
		if IsOverride(e) {
			out = append(out, e)
		}
	}
	return out
}

// Apply is pi's applyPatterns: keep the files matching any plain glob (all
// files if there is none), drop "!glob" matches, add back "+path" exact
// matches (at the end, in file order), drop "-path" exact matches. The
// result keeps that order. Globs and exact paths are matched as
// matchesAnyPattern and matchesAnyExactPattern describe, against base.
func Apply(files, patterns []string, base string) []string {
	s := split(patterns)
	var result []string
	for _, f := range files {
		if len(s.includes) == 0 || matchesAnyPattern(f, s.includes, base) {
			result = append(result, f)
		}
	}
	if len(s.excludes) > 0 {
		result = slices.DeleteFunc(result, func(f string) bool { return matchesAnyPattern(f, s.excludes, base) })
	}
	if len(s.forceIn) > 0 {
		for _, f := range files {
			if !slices.Contains(result, f) && matchesAnyExactPattern(f, s.forceIn, base) {
				result = append(result, f)
			}
		}
	}
	if len(s.forceOut) > 0 {
		result = slices.DeleteFunc(result, func(f string) bool { return matchesAnyExactPattern(f, s.forceOut, base) })
	}
	return result
}

// EnabledByOverrides is pi's isEnabledByOverrides, its filter for
// auto-discovered files: only the "!", "+" and "-" entries of the scope's
// settings array count, the last kind that matches deciding.
func EnabledByOverrides(file string, entries []string, base string) bool {
	s := split(entries)
	enabled := true
	if len(s.excludes) > 0 && matchesAnyPattern(file, s.excludes, base) {
		enabled = false
	}
	if len(s.forceIn) > 0 && matchesAnyExactPattern(file, s.forceIn, base) {
		enabled = true
	}
	if len(s.forceOut) > 0 && matchesAnyExactPattern(file, s.forceOut, base) {
		enabled = false
	}
	return enabled
}

// patternSet is a pattern list sorted by kind, prefixes removed.
type patternSet struct {
	includes, excludes, forceIn, forceOut []string
}

func split(patterns []string) patternSet {
	var s patternSet
	for _, p := range patterns {
		switch {
		case strings.HasPrefix(p, "+"):
			s.forceIn = append(s.forceIn, p[1:])
		case strings.HasPrefix(p, "-"):
			s.forceOut = append(s.forceOut, p[1:])
		case strings.HasPrefix(p, "!"):
			s.excludes = append(s.excludes, p[1:])
		default:
			s.includes = append(s.includes, p)
		}
	}
	return s
}

// matchesAnyPattern tries each glob against the path relative to base,
// the base name and the absolute path, and for a SKILL.md file the same
// three forms of its directory.
func matchesAnyPattern(file string, patterns []string, base string) bool {
	candidates := []string{RelSlash(base, file), filepath.Base(file), filepath.ToSlash(file)}
	if filepath.Base(file) == "SKILL.md" {
		dir := filepath.Dir(file)
		candidates = append(candidates, RelSlash(base, dir), filepath.Base(dir), filepath.ToSlash(dir))
	}
	for _, p := range patterns {
		p = filepath.ToSlash(p)
		for _, c := range candidates {
			if Match(c, p) {
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
	candidates := []string{RelSlash(base, file), filepath.ToSlash(file)}
	if filepath.Base(file) == "SKILL.md" {
		dir := filepath.Dir(file)
		candidates = append(candidates, RelSlash(base, dir), filepath.ToSlash(dir))
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

// AutoloadDisabled is pi's applyAutoloadDisabledPatterns, for a project
// package entry with `autoload: false` and for built-in extensions: each
// pattern in order sets the files it matches on ("+path", plain globs) or
// off ("-path", "!glob"); "+" and "-" match exact paths. Files no pattern
// matches are absent from the result.
func AutoloadDisabled(files, patterns []string, base string) map[string]bool {
	out := map[string]bool{}
	for _, p := range patterns {
		target := p
		if IsOverride(p) {
			target = p[1:]
		}
		on := !strings.HasPrefix(p, "-") && !strings.HasPrefix(p, "!")
		exact := strings.HasPrefix(p, "+") || strings.HasPrefix(p, "-")
		for _, f := range files {
			if (exact && matchesAnyExactPattern(f, []string{target}, base)) || (!exact && matchesAnyPattern(f, []string{target}, base)) {
				out[f] = on
			}
		}
	}
	return out
}
