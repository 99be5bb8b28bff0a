package pathrules

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// IgnoreFileNames are the ignore files pi reads in a scanned directory, in
// the order their rules are added.
func IgnoreFileNames() []string { return []string{".gitignore", ".ignore", ".fdignore"} }

// Ignore is the part of the `ignore` npm package pi's package manager uses
// (addIgnoreRules and ig.ignores): gitignore rules relative to one root
// directory, tested against slash-separated paths below it. Matching is
// case-insensitive; the last matching rule wins; a path inside an ignored
// directory is ignored. Resource scans add every directory they enter
// (root: the scan's start); extension discovery adds one directory as its
// own root and tests its children's names. The zero value ignores nothing.
type Ignore struct {
	rules []ignoreRule
}

type ignoreRule struct {
	negate  bool
	dirOnly bool
	re      *regexp.Regexp
}

// AddDir reads dir's ignore files, each line prefixed with dir's path
// relative to root as pi's prefixIgnorePattern does (a leading "/" is
// dropped first, so it does not anchor the rule). Unreadable files are
// skipped, as in pi.
func (m *Ignore) AddDir(dir, root string) {
	prefix := ""
	if rel := RelSlash(root, dir); rel != "" {
		prefix = rel + "/"
	}
	for _, name := range IgnoreFileNames() {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			m.addLine(strings.TrimSuffix(line, "\r"), prefix)
		}
	}
}

// addLine adds one line of an ignore file found prefix below the root.
func (m *Ignore) addLine(line, prefix string) {
	if p, ok := prefixIgnorePattern(line, prefix); ok {
		m.add(p)
	}
}

// prefixIgnorePattern is pi's: comments and blank lines are skipped, "!"
// stays in front of the prefix, a leading "/" goes.
func prefixIgnorePattern(line, prefix string) (string, bool) {
	trimmed := jsjson.Trim(line)
	if trimmed == "" || strings.HasPrefix(trimmed, "#") && !strings.HasPrefix(trimmed, `\#`) {
		return "", false
	}
	pattern, negated := line, false
	switch {
	case strings.HasPrefix(pattern, "!"):
		negated, pattern = true, pattern[1:]
	case strings.HasPrefix(pattern, `\!`):
		pattern = pattern[1:]
	}
	pattern = strings.TrimPrefix(pattern, "/")
	pattern = prefix + pattern
	if negated {
		pattern = "!" + pattern
	}
	return pattern, true
}

// add compiles one gitignore pattern as the `ignore` package reads it.
func (m *Ignore) add(p string) {
	var r ignoreRule
	if strings.HasPrefix(p, "!") {
		r.negate, p = true, p[1:]
	} else if strings.HasPrefix(p, `\!`) || strings.HasPrefix(p, `\#`) {
		p = p[1:]
	}
	for strings.HasSuffix(p, " ") && !strings.HasSuffix(p, `\ `) {
		p = p[:len(p)-1]
	}
	if strings.HasSuffix(p, "/") {
		r.dirOnly, p = true, strings.TrimSuffix(p, "/")
	}
	anchored := strings.Contains(p, "/")
	p = strings.TrimPrefix(p, "/")
	if p == "" {
		return
	}
	head := "(?:^|/)"
	if anchored {
		head = "^"
	}
	re, err := regexp.Compile("(?i)" + head + gitignoreBody(p) + "$")
	if err != nil {
		return
	}
	r.re = re
	m.rules = append(m.rules, r)
}

// gitignoreBody turns a gitignore pattern into a regular expression:
// "*" and "?" stay within a path segment, a leading "**/" and an inner
// "/**/" match any number of directories, a trailing "/**" everything
// inside.
func gitignoreBody(p string) string {
	segs := strings.Split(p, "/")
	var b strings.Builder
	for i, seg := range segs {
		last := i == len(segs)-1
		if seg == "**" {
			switch {
			case len(segs) == 1:
				b.WriteString(".*")
			case last:
				b.WriteString(".+")
			default:
				b.WriteString("(?:.*/)?")
			}
			continue
		}
		b.WriteString(globSegmentRegexp(seg))
		if !last {
			b.WriteString("/")
		}
	}
	return b.String()
}

// globSegmentRegexp converts one path segment of a gitignore glob.
func globSegmentRegexp(seg string) string {
	var b strings.Builder
	for i := 0; i < len(seg); i++ {
		c := seg[i]
		switch c {
		case '\\':
			if i+1 < len(seg) {
				i++
				b.WriteString(regexp.QuoteMeta(seg[i : i+1]))
			}
		case '*':
			b.WriteString("[^/]*")
		case '?':
			b.WriteString("[^/]")
		case '[':
			j := strings.IndexByte(seg[i+1:], ']')
			if j < 0 {
				b.WriteString(`\[`)
				continue
			}
			class := seg[i+1 : i+1+j]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += j + 1
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	return b.String()
}

// Ignores reports whether rel (slash-separated, relative to the root) is
// ignored; isDir says whether it is a directory. Its parent directories
// are checked first, as the `ignore` package does.
func (m *Ignore) Ignores(rel string, isDir bool) bool {
	if len(m.rules) == 0 {
		return false
	}
	segs := strings.Split(rel, "/")
	for i := 1; i < len(segs); i++ {
		if m.testOne(strings.Join(segs[:i], "/"), true) {
			return true
		}
	}
	return m.testOne(rel, isDir)
}

func (m *Ignore) testOne(rel string, isDir bool) bool {
	ignored := false
	for _, r := range m.rules {
		if r.dirOnly && !isDir {
			continue
		}
		if r.re.MatchString(rel) {
			ignored = !r.negate
		}
	}
	return ignored
}
