package core

import (
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
)

// rg takes patterns in Rust's regex syntax. Go's RE2 syntax is close to it
// (no look-around, no backreferences, (?P<name>), \A, \z, POSIX classes,
// \pL and \p{Greek}, inline flags anywhere), so a pattern is compiled
// almost as written. The differences handled here:
//
//   - flags Go lacks: a leading (?x) turns on verbose mode for the whole
//     pattern (whitespace and #-comments outside classes are dropped);
//     leading u and R flags are dropped (Unicode is always on; CRLF mode
//     changes nothing for a single line);
//   - escapes Go lacks: \u0041, \u{41}, \U00000041 and \U{41} become
//     \x{41};
//   - error messages: Go's parse errors are reported in rg's words.
//
// Like the JavaScript fallback (and unlike rg), \w, \d, \s and \b are
// ASCII-only.

// PatternError is an invalid grep pattern, worded as rg reports it:
//
//	regex parse error:
//	    (foo
//	error: unclosed group
type PatternError struct {
	Pattern string
	Msg     string // rg's description of the problem
}

func (e *PatternError) Error() string {
	return "regex parse error:\n    " + e.Pattern + "\nerror: " + e.Msg
}

// compilePattern returns the Go source of an rg pattern for one line
// (ignoreCase: -i, literal: -F).
func compilePattern(pattern string, ignoreCase, literal bool) (string, error) {
	var src string
	if literal {
		src = regexp.QuoteMeta(pattern)
	} else {
		src = translateRust(pattern)
	}
	if ignoreCase {
		src = "(?i)" + src
	}
	if _, err := syntax.Parse(src, syntax.Perl); err != nil {
		return "", &PatternError{Pattern: pattern, Msg: rgMessage(err, src)}
	}
	return src, nil
}

// translateRust rewrites what Go's syntax lacks (see above).
func translateRust(p string) string {
	verbose := false
	if len(p) > 3 && strings.HasPrefix(p, "(?") {
		if end := strings.IndexByte(p, ')'); end > 2 {
			flags := p[2:end]
			if strings.Trim(flags, "imsxUuR") == "" {
				kept := strings.Map(func(r rune) rune {
					switch r {
					case 'x':
						verbose = true
						return -1
					case 'u', 'R':
						return -1
					}
					return r
				}, flags)
				rest := p[end+1:]
				if kept != "" {
					rest = "(?" + kept + ")" + rest
				}
				p = rest
			}
		}
	}
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p):
			if n, hex, ok := unicodeEscape(p[i+1:]); ok {
				b.WriteString(`\x{` + hex + "}")
				i += n
				continue
			}
			b.WriteByte(c)
			b.WriteByte(p[i+1])
			i++
		case c == '[' && inClass:
			// a POSIX class inside a class: copied through ":]"
			if strings.HasPrefix(p[i:], "[:") {
				if end := strings.Index(p[i+2:], ":]"); end >= 0 {
					b.WriteString(p[i : i+2+end+2])
					i += 2 + end + 1
					continue
				}
			}
			b.WriteByte(c)
		case c == '[':
			inClass = true
			b.WriteByte(c)
			// a "]" right after "[" or "[^" is literal
			if i+1 < len(p) && p[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(p) && p[i+1] == ']' {
				b.WriteByte(']')
				i++
			}
		case c == ']' && inClass:
			inClass = false
			b.WriteByte(c)
		case verbose && !inClass && isRustSpace(c):
		case verbose && !inClass && c == '#':
			for i+1 < len(p) && p[i+1] != '\n' {
				i++
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// unicodeEscape recognises u0041, u{41}, U00000041 and U{41} at the start
// of s (after a backslash): the bytes consumed and the hex digits.
func unicodeEscape(s string) (n int, hex string, ok bool) {
	if s == "" || s[0] != 'u' && s[0] != 'U' {
		return 0, "", false
	}
	width := 4
	if s[0] == 'U' {
		width = 8
	}
	if len(s) > 1 && s[1] == '{' {
		end := strings.IndexByte(s, '}')
		if end < 3 || !isHex(s[2:end]) {
			return 0, "", false
		}
		return end + 1, s[2:end], true
	}
	if len(s) < 1+width || !isHex(s[1:1+width]) {
		return 0, "", false
	}
	return 1 + width, s[1 : 1+width], true
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return s != ""
}

func isRustSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// rgMessage words a Go parse error of src as rg (Rust's regex-syntax)
// does.
func rgMessage(err error, src string) string {
	se, ok := err.(*syntax.Error)
	if !ok {
		return err.Error()
	}
	for _, p := range []string{"(?=", "(?!", "(?<=", "(?<!"} {
		if strings.HasPrefix(se.Expr, p) {
			return "look-around, including look-ahead and look-behind, is not supported"
		}
	}
	switch se.Code {
	case syntax.ErrMissingParen:
		return "unclosed group"
	case syntax.ErrUnexpectedParen:
		return "unopened group"
	case syntax.ErrMissingBracket:
		return "unclosed character class"
	case syntax.ErrMissingRepeatArgument:
		return "repetition operator missing expression"
	case syntax.ErrInvalidRepeatOp:
		return "invalid nested repetition operator"
	case syntax.ErrInvalidRepeatSize:
		if lo, hi, ok := repeatBounds(se.Expr); ok && lo > hi {
			return "invalid repetition count range, the start must be <= the end"
		}
		return "repetition count exceeds the limit of 1000"
	case syntax.ErrInvalidCharRange:
		if strings.HasPrefix(se.Expr, `\p`) || strings.HasPrefix(se.Expr, `\P`) {
			return "Unicode property not found"
		}
		if strings.HasPrefix(se.Expr, "[:") {
			return "unrecognized POSIX character class"
		}
		return "invalid character class range, the start must be <= the end"
	case syntax.ErrInvalidEscape:
		if len(se.Expr) > 1 && se.Expr[1] >= '0' && se.Expr[1] <= '9' {
			return "backreferences are not supported"
		}
		return "unrecognized escape sequence"
	case syntax.ErrTrailingBackslash:
		return "incomplete escape sequence, reached end of pattern prematurely"
	case syntax.ErrInvalidPerlOp:
		if at := strings.Index(src, se.Expr); at >= 0 && !strings.Contains(src[at:], ")") {
			return "expected flag but got end of regex"
		}
		return "unrecognized flag"
	case syntax.ErrInvalidNamedCapture:
		return "invalid capture group character"
	case syntax.ErrNestingDepth, syntax.ErrLarge:
		return "compiled regex exceeds size limit"
	}
	return se.Code.String()
}

// repeatBounds parses the {lo,hi} at the end of a repetition expression.
func repeatBounds(expr string) (lo, hi int, ok bool) {
	open := strings.LastIndexByte(expr, '{')
	if open < 0 || !strings.HasSuffix(expr, "}") {
		return 0, 0, false
	}
	a, b, found := strings.Cut(expr[open+1:len(expr)-1], ",")
	lo, err := strconv.Atoi(a)
	if err != nil || !found || b == "" {
		return 0, 0, false
	}
	hi, err = strconv.Atoi(b)
	return lo, hi, err == nil
}
