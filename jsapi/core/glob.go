package core

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Glob is a compiled glob in the dialect of pi's grep/find fallbacks
// (compat modules/_tools-search.ts globToRegExpSource with a literal
// separator): `*` and `?` stay within one path segment, `**` spans
// segments (`a/**/b` also matches `a/b`), `[...]` and `[!...]`/`[^...]`
// are character classes, `{a,b}` alternatives (nestable), and `\` escapes
// the next character. A Glob matches a whole string. Safe for concurrent
// use.
type Glob struct {
	kind globKind
	lit  string         // globLiteral: the subject; globSuffix / globPrefix: the fixed part
	re   *regexp.Regexp // globRegexp
}

type globKind uint8

const (
	globLiteral globKind = iota // no metacharacters: equality
	globSuffix                  // "*lit": no "/" before lit
	globPrefix                  // "lit*": no "/" after lit
	globRegexp                  // anything else
)

// CompileGlob compiles a glob. It fails only for a character class Go's
// regexp rejects (a reversed range such as `[z-a]`), where JavaScript's
// RegExp fails too.
func CompileGlob(glob string) (*Glob, error) {
	if !strings.ContainsAny(glob, "*?[{\\") {
		return &Glob{kind: globLiteral, lit: glob}, nil
	}
	if rest, ok := strings.CutPrefix(glob, "*"); ok && !strings.ContainsAny(rest, "*?[{\\/") {
		return &Glob{kind: globSuffix, lit: rest}, nil
	}
	if rest, ok := strings.CutSuffix(glob, "*"); ok && !strings.ContainsAny(rest, "*?[{\\") {
		return &Glob{kind: globPrefix, lit: rest}, nil
	}
	src := "^" + globRegexpSource(glob) + "$"
	re, err := regexp.Compile(src)
	if err != nil {
		return nil, fmt.Errorf("invalid glob %q: %w", glob, err)
	}
	return &Glob{kind: globRegexp, re: re}, nil
}

// Match reports whether s matches the whole glob.
func (g *Glob) Match(s string) bool {
	switch g.kind {
	case globLiteral:
		return s == g.lit
	case globSuffix:
		head, ok := strings.CutSuffix(s, g.lit)
		return ok && !strings.Contains(head, "/")
	case globPrefix:
		tail, ok := strings.CutPrefix(s, g.lit)
		return ok && !strings.Contains(tail, "/")
	}
	return g.re.MatchString(s)
}

// jsDot is JavaScript's `.` without the s flag: any character but a line
// terminator (Go's `.` excludes only "\n").
const jsDot = `[^\n\r\x{2028}\x{2029}]`

// globRegexpSource is globToRegExpSource(glob, true) for Go's regexp.
func globRegexpSource(glob string) string {
	const segment = "[^/]"
	var out strings.Builder
	depth := 0
	for i := 0; i < len(glob); {
		c := glob[i]
		switch {
		case c == '*' && i+1 < len(glob) && glob[i+1] == '*':
			prevSlash := i == 0 || glob[i-1] == '/'
			j := i + 2
			if prevSlash && j < len(glob) && glob[j] == '/' {
				out.WriteString("(?:" + jsDot + "*/)?")
				i = j + 1
				continue
			}
			out.WriteString(jsDot + "*")
			i = j
		case c == '*':
			out.WriteString(segment + "*")
			i++
		case c == '?':
			out.WriteString(segment)
			i++
		case c == '[':
			end := -1
			if i+2 <= len(glob) {
				if k := strings.IndexByte(glob[i+2:], ']'); k >= 0 {
					end = i + 2 + k
				}
			}
			if end < 0 {
				out.WriteString(`\[`)
				i++
				continue
			}
			out.WriteString(globClass(glob[i+1 : end]))
			i = end + 1
		case c == '{':
			depth++
			out.WriteString("(?:")
			i++
		case c == '}' && depth > 0:
			depth--
			out.WriteString(")")
			i++
		case c == ',' && depth > 0:
			out.WriteString("|")
			i++
		case c == '\\' && i+1 < len(glob):
			_, n := utf8.DecodeRuneInString(glob[i+1:])
			out.WriteString(regexp.QuoteMeta(glob[i+1 : i+1+n]))
			i += 1 + n
		default:
			_, n := utf8.DecodeRuneInString(glob[i:])
			out.WriteString(regexp.QuoteMeta(glob[i : i+n]))
			i += n
		}
	}
	for ; depth > 0; depth-- {
		out.WriteString(")")
	}
	return out.String()
}

// globClass turns the inside of a glob's [...] into a Go character class
// that means what JavaScript makes of the same class: only `-` ranges are
// special ("[" and ":" are literal, as in a non-unicode JS RegExp), and an
// empty negated class `[!]` matches any one character.
func globClass(body string) string {
	neg := false
	if body != "" && (body[0] == '!' || body[0] == '^') {
		neg = true
		body = body[1:]
	}
	if body == "" {
		if neg {
			return `[\x00-\x{10FFFF}]`
		}
		return `[^\x00-\x{10FFFF}]`
	}
	var b strings.Builder
	b.WriteByte('[')
	if neg {
		b.WriteByte('^')
	}
	for _, r := range body {
		switch r {
		case '\\', ']', '[', '^':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte(']')
	return b.String()
}
