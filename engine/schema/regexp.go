package schema

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// jsRegexp is a JavaScript regular expression (u flag) run by RE2.
type jsRegexp = regexp.Regexp

var jsCache sync.Map // source → *regexp.Regexp, or nil when not translatable

// compileJS compiles a pattern as TypeBox's UnicodeRegExp (new RegExp(p,
// "u")) would read it. ok is false when RE2 cannot express it
// (lookaround, backreferences, ...).
func compileJS(src string) (*jsRegexp, bool) {
	if v, ok := jsCache.Load(src); ok {
		re, _ := v.(*regexp.Regexp)
		return re, re != nil
	}
	var re *regexp.Regexp
	if goSrc, ok := translateJS(src); ok {
		re, _ = regexp.Compile(goSrc)
	}
	jsCache.Store(src, re)
	return re, re != nil
}

// jsSpace is the set \s matches in JavaScript.
const jsSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// translateJS rewrites the places where RE2 reads a JavaScript u-mode
// pattern differently: \s, ".", "[" inside a class, \u escapes, [^] and
// [\b]. Constructs RE2 lacks are rejected here or by regexp.Compile.
func translateJS(src string) (string, bool) {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\\':
			if i+1 >= len(src) {
				return "", false
			}
			n := src[i+1]
			i += 2
			switch {
			case n == 's':
				if inClass {
					b.WriteString(jsSpace)
				} else {
					b.WriteString("[" + jsSpace + "]")
				}
			case n == 'S':
				if inClass {
					return "", false
				}
				b.WriteString("[^" + jsSpace + "]")
			case n == 'b' && inClass:
				b.WriteString(`\x08`)
			case n == 'B' && inClass:
				return "", false
			case strings.IndexByte("dDwWbBfnrtv", n) >= 0:
				b.WriteByte('\\')
				b.WriteByte(n)
			case n == 'u':
				r, size, ok := unicodeEscape(src[i:])
				if !ok {
					return "", false
				}
				i += size
				b.WriteString(`\x{` + strconv.FormatInt(int64(r), 16) + `}`)
			case n == 'x':
				if i+2 > len(src) || !isHex(src[i:i+2]) {
					return "", false
				}
				b.WriteString(`\x` + src[i:i+2])
				i += 2
			case n == 'c':
				if i >= len(src) || !(src[i] >= 'a' && src[i] <= 'z' || src[i] >= 'A' && src[i] <= 'Z') {
					return "", false
				}
				b.WriteString(`\x{` + strconv.FormatInt(int64(src[i]%32), 16) + `}`)
				i++
			case n == '0':
				if i < len(src) && src[i] >= '0' && src[i] <= '9' {
					return "", false
				}
				b.WriteString(`\x00`)
			case n == 'p' || n == 'P':
				end := strings.IndexByte(src[i:], '}')
				if i >= len(src) || src[i] != '{' || end < 0 {
					return "", false
				}
				name, ok := unicodeProperty(src[i+1 : i+end])
				if !ok {
					return "", false
				}
				b.WriteString(`\` + string(n) + "{" + name + "}")
				i += end + 1
			case strings.IndexByte(`^$\.*+?()[]{}|/`, n) >= 0 || (n == '-' && inClass):
				b.WriteByte('\\')
				b.WriteByte(n)
			default: // backreferences, \k<name>, identity escapes u mode forbids
				return "", false
			}
			continue
		case inClass && c == '[':
			b.WriteString(`\[`)
		case inClass && c == ']':
			inClass = false
			b.WriteByte(c)
		case !inClass && c == '[':
			switch {
			case strings.HasPrefix(src[i:], "[^]"):
				b.WriteString(`[\x{0}-\x{10FFFF}]`)
				i += 3
				continue
			case strings.HasPrefix(src[i:], "[]"):
				return "", false // an empty class, which never matches
			}
			inClass = true
			b.WriteByte(c)
			if strings.HasPrefix(src[i+1:], "^") {
				b.WriteByte('^')
				i++
			}
		case !inClass && c == '.':
			b.WriteString(`[^\n\r\x{2028}\x{2029}]`)
		case !inClass && c == '(' && strings.HasPrefix(src[i:], "(?"):
			rest := src[i+2:]
			switch {
			case strings.HasPrefix(rest, ":"):
				b.WriteString("(?:")
				i += 3
				continue
			case strings.HasPrefix(rest, "<") && !strings.HasPrefix(rest, "<=") && !strings.HasPrefix(rest, "<!"):
				b.WriteString("(?")
				i += 2
				continue
			}
			return "", false // lookaround, inline flags
		default:
			_, size := utf8.DecodeRuneInString(src[i:])
			b.WriteString(src[i : i+size])
			i += size
			continue
		}
		i++
	}
	return b.String(), !inClass
}

// unicodeEscape reads the part of a \u escape after "u": XXXX (a surrogate
// pair written as two escapes is one code point in u mode) or {X...}.
func unicodeEscape(s string) (rune, int, bool) {
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 2 || !isHex(s[1:end]) {
			return 0, 0, false
		}
		n, err := strconv.ParseUint(s[1:end], 16, 32)
		if err != nil || n > 0x10FFFF {
			return 0, 0, false
		}
		return rune(n), end + 1, true
	}
	if len(s) < 4 || !isHex(s[:4]) {
		return 0, 0, false
	}
	n, _ := strconv.ParseUint(s[:4], 16, 32)
	if n >= 0xD800 && n < 0xDC00 && len(s) >= 10 && s[4:6] == `\u` && isHex(s[6:10]) {
		lo, _ := strconv.ParseUint(s[6:10], 16, 32)
		if lo >= 0xDC00 && lo < 0xE000 {
			return rune(0x10000 + (n-0xD800)<<10 + (lo - 0xDC00)), 10, true
		}
	}
	if n >= 0xD800 && n < 0xE000 {
		return 0, 0, false // a lone surrogate: no UTF-8 string contains one
	}
	return rune(n), 4, true
}

// unicodeProperty maps a JavaScript \p{...} body to RE2's: general
// categories (short or long names) and Script=/sc= values. Others
// (binary properties, Script_Extensions) are not translated.
func unicodeProperty(p string) (string, bool) {
	if k, v, ok := strings.Cut(p, "="); ok {
		switch k {
		case "Script", "sc":
			_, known := unicode.Scripts[v]
			return v, known
		case "General_Category", "gc":
			p = v
		default:
			return "", false
		}
	}
	if long, ok := longCategories[p]; ok {
		p = long
	}
	_, known := unicode.Categories[p]
	return p, known
}

var longCategories = map[string]string{
	"Letter": "L", "Cased_Letter": "LC", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll", "Titlecase_Letter": "Lt",
	"Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M", "Combining_Mark": "M", "Nonspacing_Mark": "Mn",
	"Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Number": "N", "Decimal_Number": "Nd", "digit": "Nd",
	"Letter_Number": "Nl", "Other_Number": "No", "Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc",
	"Dash_Punctuation": "Pd", "Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi",
	"Final_Punctuation": "Pf", "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm", "Currency_Symbol": "Sc",
	"Modifier_Symbol": "Sk", "Other_Symbol": "So", "Separator": "Z", "Space_Separator": "Zs", "Line_Separator": "Zl",
	"Paragraph_Separator": "Zp", "Other": "C", "Control": "Cc", "cntrl": "Cc", "Format": "Cf", "Surrogate": "Cs",
	"Private_Use": "Co", "Unassigned": "Cn",
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return s != ""
}
