package discover

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo/engine/pathrules"
)

// ignoreRule is one line of a .gitignore-style file, already lower-cased.
type ignoreRule struct {
	negate  bool
	dirOnly bool
	pattern string
}

// ignoreMatcher holds the rules of .gitignore, .ignore and .fdignore of one
// directory, in that order. It only judges the directory's direct children.
type ignoreMatcher struct {
	rules []ignoreRule
}

// loadIgnore reads dir's ignore files; unreadable files are skipped, as in pi.
func loadIgnore(dir string) ignoreMatcher {
	var m ignoreMatcher
	for _, name := range []string{".gitignore", ".ignore", ".fdignore"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			if r, ok := parseIgnoreLine(strings.TrimSuffix(line, "\r")); ok {
				m.rules = append(m.rules, r)
			}
		}
	}
	return m
}

// parseIgnoreLine follows pi's prefixIgnorePattern (comments, "!" and a
// leading "/") and the gitignore rules of the `ignore` package (trailing
// unescaped spaces, trailing "/" for directories, case-insensitivity).
func parseIgnoreLine(line string) (ignoreRule, bool) {
	trimmed := strings.TrimSpace(line)
	if trimmed == "" || strings.HasPrefix(trimmed, "#") {
		return ignoreRule{}, false
	}
	var r ignoreRule
	p := line
	switch {
	case strings.HasPrefix(p, "!"):
		r.negate = true
		p = p[1:]
	case strings.HasPrefix(p, `\!`), strings.HasPrefix(p, `\#`):
		p = p[1:]
	}
	p = strings.TrimPrefix(p, "/")
	p = trimUnescapedSpaces(p)
	if strings.HasSuffix(p, "/") {
		r.dirOnly = true
		p = strings.TrimSuffix(p, "/")
	}
	if p == "" {
		return ignoreRule{}, false
	}
	r.pattern = strings.ToLower(p)
	return r, true
}

// trimUnescapedSpaces drops trailing spaces unless escaped with "\".
func trimUnescapedSpaces(p string) string {
	for strings.HasSuffix(p, " ") && !strings.HasSuffix(p, `\ `) {
		p = p[:len(p)-1]
	}
	return p
}

// ignores reports whether the direct child name is ignored; the last
// matching rule decides.
func (m ignoreMatcher) ignores(name string, isDir bool) bool {
	name = strings.ToLower(name)
	ignored := false
	for _, r := range m.rules {
		if r.dirOnly && !isDir {
			continue
		}
		if r.matches(name) {
			ignored = !r.negate
		}
	}
	return ignored
}

// matches checks a single path component against the rule. A pattern
// without "/" matches the name at any depth; "**/" prefixes match zero
// directories; any other "/" anchors it below the top level.
func (r ignoreRule) matches(name string) bool {
	p := r.pattern
	for strings.HasPrefix(p, "**/") {
		p = p[3:]
	}
	if p == "**" {
		return true
	}
	if strings.Contains(p, "/") {
		return false
	}
	return pathrules.MatchSegment(p, name, true)
}
