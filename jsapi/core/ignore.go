package core

import (
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Ignore files, as pi's fallback walk reads them (rg and fd's rules, the
// subset that matters for a sorted single-threaded walk): gitignore lines,
// the last matching rule of a file wins, and the first file (deepest
// directory first, by category in precedence order) with a matching rule
// decides.

type ignoreVerdict int8

const (
	noMatch ignoreVerdict = iota
	ignored
	whitelisted
)

type ignoreRule struct {
	negated  bool
	dirOnly  bool
	anchored bool // matched against the path relative to the file's directory, else the base name
	glob     *Glob
}

// ignoreFile is one parsed ignore file; its rules apply below dir.
type ignoreFile struct {
	dir   string
	rules []ignoreRule
}

// parseIgnoreFile parses an ignore file's text. An invalid glob makes the
// whole file unusable (nil, err), as the JavaScript walk drops a file whose
// rule fails to compile.
func parseIgnoreFile(dir, text string) (*ignoreFile, error) {
	f := &ignoreFile{dir: dir}
	for line := range strings.SplitSeq(text, "\n") {
		r, ok, err := parseIgnoreRule(line)
		if err != nil {
			return nil, err
		}
		if ok {
			f.rules = append(f.rules, r)
		}
	}
	return f, nil
}

// parseIgnoreRule parses one gitignore line; ok is false for blank lines
// and comments.
func parseIgnoreRule(line string) (r ignoreRule, ok bool, err error) {
	l := strings.TrimSuffix(line, "\r")
	if l == "" || l[0] == '#' {
		return r, false, nil
	}
	l = trimUnescapedSpace(l)
	if l == "" {
		return r, false, nil
	}
	if rest, ok := strings.CutPrefix(l, "!"); ok {
		r.negated = true
		l = rest
	} else if strings.HasPrefix(l, `\!`) || strings.HasPrefix(l, `\#`) {
		l = l[1:]
	}
	if len(l) > 1 && strings.HasSuffix(l, "/") {
		r.dirOnly = true
		l = l[:len(l)-1]
	}
	r.anchored = strings.Contains(l, "/")
	l = strings.TrimPrefix(l, "/")
	if l == "" {
		return r, false, nil
	}
	if r.glob, err = CompileGlob(l); err != nil {
		return r, false, err
	}
	return r, true, nil
}

// trimUnescapedSpace drops trailing whitespace (JavaScript's \s) unless
// escaped: it cuts at the first position of the trailing run that does not
// follow a backslash, as /(?<!\\)\s+$/ does.
func trimUnescapedSpace(s string) string {
	start := len(s)
	for start > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:start])
		if !jsjson.IsSpace(r) {
			break
		}
		start -= n
	}
	for p := start; p < len(s); {
		if p == 0 || s[p-1] != '\\' {
			return s[:p]
		}
		_, n := utf8.DecodeRuneInString(s[p:])
		p += n
	}
	return s
}

// match returns the verdict of the last rule matching abs (an absolute,
// clean path under f.dir).
func (f *ignoreFile) match(abs string, isDir bool) ignoreVerdict {
	rel, ok := relUnder(f.dir, abs)
	if !ok || rel == "" {
		return noMatch
	}
	base := rel[strings.LastIndexByte(rel, '/')+1:]
	for i := len(f.rules) - 1; i >= 0; i-- {
		r := &f.rules[i]
		if r.dirOnly && !isDir {
			continue
		}
		subject := base
		if r.anchored {
			subject = rel
		}
		if r.glob.Match(subject) {
			if r.negated {
				return whitelisted
			}
			return ignored
		}
	}
	return noMatch
}

// relUnder returns abs relative to dir when abs is dir or below it.
func relUnder(dir, abs string) (string, bool) {
	if dir == "/" {
		return strings.TrimPrefix(abs, "/"), strings.HasPrefix(abs, "/")
	}
	if abs == dir {
		return "", true
	}
	rest, ok := strings.CutPrefix(abs, dir)
	if !ok || rest[0] != '/' {
		return "", false
	}
	return rest[1:], true
}

// readIgnoreFile reads and parses dir/name; nil when it is missing, not a
// regular file (after symlinks), unreadable or invalid.
func readIgnoreFile(dir, name string) *ignoreFile {
	p := filepath.Join(dir, name)
	st, err := os.Stat(p)
	if err != nil || !st.Mode().IsRegular() {
		return nil
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	f, err := parseIgnoreFile(dir, toValidUTF8(b))
	if err != nil {
		return nil
	}
	return f
}

// ignoreList is an immutable list of ignore files, deepest directory first;
// a child directory's list shares its parent's tail.
type ignoreList struct {
	f    *ignoreFile
	next *ignoreList
}

func (l *ignoreList) push(f *ignoreFile) *ignoreList {
	if f == nil {
		return l
	}
	return &ignoreList{f: f, next: l}
}

// ignoreStack is the ignore files in force in one directory, by category
// in rg's order of precedence: the tool's own file (.rgignore / .fdignore),
// .ignore, .gitignore, then .git/info/exclude.
type ignoreStack struct {
	custom, ignore, git, exclude *ignoreList
}

// ignored reports whether abs is ignored: the first file, in precedence
// order, with a rule matching abs decides.
func (s ignoreStack) ignored(abs string, isDir bool) bool {
	for _, l := range [...]*ignoreList{s.custom, s.ignore, s.git, s.exclude} {
		for ; l != nil; l = l.next {
			switch l.f.match(abs, isDir) {
			case ignored:
				return true
			case whitelisted:
				return false
			}
		}
	}
	return false
}
