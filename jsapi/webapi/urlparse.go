package webapi

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// This file is the WHATWG URL Standard's URL parser and serializer
// (https://url.spec.whatwg.org/), as Node 20 implements it: the path
// percent-encode set has no "^", and an opaque path keeps its spaces. The
// names follow the spec's so the two can be read side by side. Validation
// errors that are not failures are not reported. The only encoding is
// UTF-8.

// urlRecord is a URL record. Nullable fields have a has* flag.
type urlRecord struct {
	scheme   string
	username string
	password string
	host     string // serialized (IPv6 in brackets); meaningful when hasHost
	hasHost  bool
	port     int // -1 is null

	// The path is a list of segments, or an opaque string when opaque
	// ("mailto:x", "data:,x"): a URL with an opaque path has no host.
	path       []string
	opaque     bool
	opaquePath string

	query       string
	hasQuery    bool
	fragment    string
	hasFragment bool
}

// specialSchemes maps each special scheme to its default port (-1: none).
var specialSchemes = map[string]int{"ftp": 21, "file": -1, "http": 80, "https": 443, "ws": 80, "wss": 443}

func isSpecialScheme(s string) bool {
	_, ok := specialSchemes[s]
	return ok
}

// defaultPort is -1 for a scheme without one.
func defaultPort(scheme string) int {
	if p, ok := specialSchemes[scheme]; ok {
		return p
	}
	return -1
}

func (u *urlRecord) special() bool { return isSpecialScheme(u.scheme) }

func (u *urlRecord) includesCredentials() bool { return u.username != "" || u.password != "" }

func (u *urlRecord) cannotHaveCredentialsOrPort() bool {
	return !u.hasHost || u.host == "" || u.scheme == "file"
}

// shortenPath drops the last path segment, except a lone drive letter of a
// file URL.
func (u *urlRecord) shortenPath() {
	if u.scheme == "file" && len(u.path) == 1 && isNormalizedWindowsDriveLetter(u.path[0]) {
		return
	}
	if len(u.path) > 0 {
		u.path = u.path[:len(u.path)-1]
	}
}

// stripTrailingSpaces is "potentially strip trailing spaces from an opaque
// path", for when the query or fragment that protected them goes.
func (u *urlRecord) stripTrailingSpaces() {
	if !u.opaque || u.hasFragment || u.hasQuery {
		return
	}
	u.opaquePath = strings.TrimRight(u.opaquePath, " ")
}

// parserState is a state of the basic URL parser.
type parserState int

const (
	stateNone parserState = iota // no state override
	stateSchemeStart
	stateScheme
	stateNoScheme
	stateSpecialRelativeOrAuthority
	statePathOrAuthority
	stateRelative
	stateRelativeSlash
	stateSpecialAuthoritySlashes
	stateSpecialAuthorityIgnoreSlashes
	stateAuthority
	stateHost
	stateHostname
	statePort
	stateFile
	stateFileSlash
	stateFileHost
	statePathStart
	statePath
	stateOpaquePath
	stateQuery
	stateFragment
)

const eof = -1

// parseURL parses input against base (nil for none); ok is false when
// input is not a valid URL.
func parseURL(input string, base *urlRecord) (u *urlRecord, ok bool) {
	u = &urlRecord{port: -1}
	input = strings.TrimFunc(input, func(r rune) bool { return r <= ' ' })
	if !basicParse(input, base, u, stateNone) {
		return nil, false
	}
	return u, true
}

// basicParse is the basic URL parser. With a state override (a setter) it
// modifies u in place and may stop early; false is failure. A failure
// under an override can leave u partly modified, as in the spec (setting
// host to "h:99999" sets the host and keeps the port).
func basicParse(input string, base, u *urlRecord, override parserState) bool {
	in := []rune(strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, input))
	at := func(i int) rune {
		if i >= 0 && i < len(in) {
			return in[i]
		}
		return eof
	}
	state := override
	if state == stateNone {
		state = stateSchemeStart
	}
	var buf []byte // the spec's buffer, UTF-8
	var atSignSeen, insideBrackets, passwordTokenSeen bool
	// The userinfo collects here until the authority ends: each "@" would
	// otherwise copy all of it again.
	var username, password []byte

	for p := 0; ; p++ {
		c := at(p)
		switch state {
		case stateSchemeStart:
			switch {
			case isASCIIAlpha(c):
				buf = append(buf, byte(toASCIILower(c)))
				state = stateScheme
			case override == stateNone:
				state = stateNoScheme
				p--
			default:
				return false
			}

		case stateScheme:
			switch {
			case isASCIIAlphanumeric(c) || c == '+' || c == '-' || c == '.':
				buf = append(buf, byte(toASCIILower(c)))
			case c == ':':
				scheme := string(buf)
				if override != stateNone {
					if u.special() != isSpecialScheme(scheme) ||
						(u.includesCredentials() || u.port >= 0) && scheme == "file" ||
						u.scheme == "file" && u.hasHost && u.host == "" {
						return false
					}
				}
				u.scheme = scheme
				if override != stateNone {
					if u.port == defaultPort(u.scheme) {
						u.port = -1
					}
					return true
				}
				buf = buf[:0]
				switch {
				case u.scheme == "file":
					state = stateFile
				case u.special() && base != nil && base.scheme == u.scheme:
					state = stateSpecialRelativeOrAuthority
				case u.special():
					state = stateSpecialAuthoritySlashes
				case at(p+1) == '/':
					state = statePathOrAuthority
					p++
				default:
					u.opaque, u.opaquePath, u.path = true, "", nil
					state = stateOpaquePath
				}
			case override == stateNone:
				buf = buf[:0]
				state = stateNoScheme
				p = -1 // start over
			default:
				return false
			}

		case stateNoScheme:
			switch {
			case base == nil || base.opaque && c != '#':
				return false
			case base.opaque && c == '#':
				u.scheme = base.scheme
				u.opaque, u.opaquePath, u.path = true, base.opaquePath, nil
				u.query, u.hasQuery = base.query, base.hasQuery
				u.fragment, u.hasFragment = "", true
				state = stateFragment
			case base.scheme != "file":
				state = stateRelative
				p--
			default:
				state = stateFile
				p--
			}

		case stateSpecialRelativeOrAuthority:
			if c == '/' && at(p+1) == '/' {
				state = stateSpecialAuthorityIgnoreSlashes
				p++
			} else {
				state = stateRelative
				p--
			}

		case statePathOrAuthority:
			if c == '/' {
				state = stateAuthority
			} else {
				state = statePath
				p--
			}

		case stateRelative:
			u.scheme = base.scheme
			switch {
			case c == '/' || u.special() && c == '\\':
				state = stateRelativeSlash
			default:
				u.username, u.password = base.username, base.password
				u.host, u.hasHost, u.port = base.host, base.hasHost, base.port
				u.path = append([]string(nil), base.path...)
				u.query, u.hasQuery = base.query, base.hasQuery
				switch c {
				case '?':
					u.query, u.hasQuery = "", true
					state = stateQuery
				case '#':
					u.fragment, u.hasFragment = "", true
					state = stateFragment
				case eof:
				default:
					u.query, u.hasQuery = "", false
					u.shortenPath()
					state = statePath
					p--
				}
			}

		case stateRelativeSlash:
			switch {
			case u.special() && (c == '/' || c == '\\'):
				state = stateSpecialAuthorityIgnoreSlashes
			case c == '/':
				state = stateAuthority
			default:
				u.username, u.password = base.username, base.password
				u.host, u.hasHost, u.port = base.host, base.hasHost, base.port
				state = statePath
				p--
			}

		case stateSpecialAuthoritySlashes:
			state = stateSpecialAuthorityIgnoreSlashes
			if c == '/' && at(p+1) == '/' {
				p++
			} else {
				p--
			}

		case stateSpecialAuthorityIgnoreSlashes:
			if c != '/' && c != '\\' {
				state = stateAuthority
				p--
			}

		case stateAuthority:
			switch {
			case c == '@':
				if atSignSeen {
					buf = append([]byte("%40"), buf...)
				}
				atSignSeen = true
				for _, r := range string(buf) {
					if r == ':' && !passwordTokenSeen {
						passwordTokenSeen = true
						continue
					}
					if passwordTokenSeen {
						password = appendPercentEncoded(password, r, &userinfoSet)
					} else {
						username = appendPercentEncoded(username, r, &userinfoSet)
					}
				}
				buf = buf[:0]
			case c == eof || c == '/' || c == '?' || c == '#' || u.special() && c == '\\':
				if atSignSeen && len(buf) == 0 {
					return false
				}
				u.username, u.password = string(username), string(password)
				p -= utf8.RuneCount(buf) + 1
				buf = buf[:0]
				state = stateHost
			default:
				buf = utf8.AppendRune(buf, c)
			}

		case stateHost, stateHostname:
			switch {
			case override != stateNone && u.scheme == "file":
				p--
				state = stateFileHost
			case c == ':' && !insideBrackets:
				if len(buf) == 0 || override == stateHostname {
					return false
				}
				host, ok := parseHost(string(buf), !u.special())
				if !ok {
					return false
				}
				u.host, u.hasHost = host, true
				buf = buf[:0]
				state = statePort
			case c == eof || c == '/' || c == '?' || c == '#' || u.special() && c == '\\':
				p--
				if u.special() && len(buf) == 0 {
					return false
				}
				if override != stateNone && len(buf) == 0 && (u.includesCredentials() || u.port >= 0) {
					return false
				}
				host, ok := parseHost(string(buf), !u.special())
				if !ok {
					return false
				}
				u.host, u.hasHost = host, true
				buf = buf[:0]
				state = statePathStart
				if override != stateNone {
					return true
				}
			default:
				if c == '[' {
					insideBrackets = true
				} else if c == ']' {
					insideBrackets = false
				}
				buf = utf8.AppendRune(buf, c)
			}

		case statePort:
			switch {
			case isASCIIDigit(c):
				buf = append(buf, byte(c))
			case c == eof || c == '/' || c == '?' || c == '#' || u.special() && c == '\\' || override != stateNone:
				if len(buf) != 0 {
					port := 0
					for _, d := range buf {
						port = port*10 + int(d-'0')
						if port > 65535 {
							return false
						}
					}
					if port == defaultPort(u.scheme) {
						u.port = -1
					} else {
						u.port = port
					}
					buf = buf[:0]
					if override != stateNone {
						return true
					}
				}
				if override != stateNone {
					return false
				}
				state = statePathStart
				p--
			default:
				return false
			}

		case stateFile:
			u.scheme = "file"
			u.host, u.hasHost = "", true
			switch {
			case c == '/' || c == '\\':
				state = stateFileSlash
			case base != nil && base.scheme == "file":
				u.host, u.hasHost = base.host, base.hasHost
				u.path = append([]string(nil), base.path...)
				u.query, u.hasQuery = base.query, base.hasQuery
				switch c {
				case '?':
					u.query, u.hasQuery = "", true
					state = stateQuery
				case '#':
					u.fragment, u.hasFragment = "", true
					state = stateFragment
				case eof:
				default:
					u.query, u.hasQuery = "", false
					if !startsWithWindowsDriveLetter(in[p:]) {
						u.shortenPath()
					} else {
						u.path = nil
					}
					state = statePath
					p--
				}
			default:
				state = statePath
				p--
			}

		case stateFileSlash:
			if c == '/' || c == '\\' {
				state = stateFileHost
			} else {
				if base != nil && base.scheme == "file" {
					u.host, u.hasHost = base.host, base.hasHost
					if !startsWithWindowsDriveLetter(in[p:]) && len(base.path) > 0 && isNormalizedWindowsDriveLetter(base.path[0]) {
						u.path = append(u.path, base.path[0])
					}
				}
				state = statePath
				p--
			}

		case stateFileHost:
			if c == eof || c == '/' || c == '\\' || c == '?' || c == '#' {
				p--
				switch {
				case override == stateNone && isWindowsDriveLetter(string(buf)):
					// The buffer is the first path segment, not a host.
					state = statePath
				case len(buf) == 0:
					u.host, u.hasHost = "", true
					if override != stateNone {
						return true
					}
					state = statePathStart
				default:
					host, ok := parseHost(string(buf), !u.special())
					if !ok {
						return false
					}
					if host == "localhost" {
						host = ""
					}
					u.host, u.hasHost = host, true
					if override != stateNone {
						return true
					}
					buf = buf[:0]
					state = statePathStart
				}
			} else {
				buf = utf8.AppendRune(buf, c)
			}

		case statePathStart:
			switch {
			case u.special():
				state = statePath
				if c != '/' && c != '\\' {
					p--
				}
			case override == stateNone && c == '?':
				u.query, u.hasQuery = "", true
				state = stateQuery
			case override == stateNone && c == '#':
				u.fragment, u.hasFragment = "", true
				state = stateFragment
			case c != eof:
				state = statePath
				if c != '/' {
					p--
				}
			case override != stateNone && !u.hasHost:
				u.path = append(u.path, "")
			}

		case statePath:
			slash := c == '/' || u.special() && c == '\\'
			if c == eof || slash || override == stateNone && (c == '?' || c == '#') {
				seg := string(buf)
				switch {
				case isDoubleDotSegment(seg):
					u.shortenPath()
					if !slash {
						u.path = append(u.path, "")
					}
				case isSingleDotSegment(seg):
					if !slash {
						u.path = append(u.path, "")
					}
				default:
					if u.scheme == "file" && len(u.path) == 0 && isWindowsDriveLetter(seg) {
						seg = seg[:1] + ":"
					}
					u.path = append(u.path, seg)
				}
				buf = buf[:0]
				if c == '?' {
					u.query, u.hasQuery = "", true
					state = stateQuery
				} else if c == '#' {
					u.fragment, u.hasFragment = "", true
					state = stateFragment
				}
			} else {
				buf = appendPercentEncoded(buf, c, &pathSet)
			}

		case stateOpaquePath:
			// The path collects in buf: appending to the field would copy
			// it for every code point of a long data: URL.
			switch c {
			case '?':
				u.opaquePath = string(buf)
				buf = buf[:0]
				u.query, u.hasQuery = "", true
				state = stateQuery
			case '#':
				u.opaquePath = string(buf)
				buf = buf[:0]
				u.fragment, u.hasFragment = "", true
				state = stateFragment
			case eof:
				u.opaquePath = string(buf)
			default:
				buf = appendPercentEncoded(buf, c, &c0ControlSet)
			}

		case stateQuery:
			if override == stateNone && c == '#' || c == eof {
				set := &querySet
				if u.special() {
					set = &specialQuerySet
				}
				q := []byte(u.query)
				for _, r := range string(buf) {
					q = appendPercentEncoded(q, r, set)
				}
				u.query = string(q)
				buf = buf[:0]
				if c == '#' {
					u.fragment, u.hasFragment = "", true
					state = stateFragment
				}
			} else {
				buf = utf8.AppendRune(buf, c)
			}

		case stateFragment:
			if c == eof {
				u.fragment += string(buf)
			} else {
				buf = appendPercentEncoded(buf, c, &fragmentSet)
			}
		}
		if p >= len(in) {
			return true
		}
	}
}

func isASCIIAlpha(c rune) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isASCIIDigit(c rune) bool { return c >= '0' && c <= '9' }

func isASCIIAlphanumeric(c rune) bool { return isASCIIAlpha(c) || isASCIIDigit(c) }

func isASCIIHexDigit(c rune) bool {
	return isASCIIDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func toASCIILower(c rune) rune {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isWindowsDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(rune(s[0])) && (s[1] == ':' || s[1] == '|')
}

func isNormalizedWindowsDriveLetter(s string) bool {
	return isWindowsDriveLetter(s) && s[1] == ':'
}

func startsWithWindowsDriveLetter(in []rune) bool {
	if len(in) < 2 || !isASCIIAlpha(in[0]) || in[1] != ':' && in[1] != '|' {
		return false
	}
	return len(in) == 2 || in[2] == '/' || in[2] == '\\' || in[2] == '?' || in[2] == '#'
}

func isSingleDotSegment(s string) bool {
	return s == "." || strings.EqualFold(s, "%2e")
}

func isDoubleDotSegment(s string) bool {
	switch strings.ToLower(s) {
	case "..", ".%2e", "%2e.", "%2e%2e":
		return true
	}
	return false
}

// percentSet is a percent-encode set over ASCII; every code point above
// U+007E is in every set.
type percentSet [128]bool

func newPercentSet(from *percentSet, extra string) percentSet {
	var s percentSet
	if from != nil {
		s = *from
	} else {
		for c := 0; c < 0x20; c++ {
			s[c] = true
		}
		s[0x7F] = true
	}
	for i := 0; i < len(extra); i++ {
		s[extra[i]] = true
	}
	return s
}

// The WHATWG percent-encode sets, each a superset of the one before it.
var (
	c0ControlSet    = newPercentSet(nil, "")
	fragmentSet     = newPercentSet(&c0ControlSet, " \"<>`")
	querySet        = newPercentSet(&c0ControlSet, " \"#<>")
	specialQuerySet = newPercentSet(&querySet, "'")
	pathSet         = newPercentSet(&querySet, "?`{}")
	userinfoSet     = newPercentSet(&pathSet, "/:;=@[\\]^|")
	componentSet    = newPercentSet(&userinfoSet, "$%&+,")
	formSet         = newPercentSet(&componentSet, "!'()~")
)

const upperHex = "0123456789ABCDEF"

// appendPercentEncoded appends r, UTF-8 percent-encoded when it is in set.
func appendPercentEncoded(dst []byte, r rune, set *percentSet) []byte {
	if r >= 0 && r < 0x80 && !set[r] {
		return append(dst, byte(r))
	}
	var tmp [utf8.UTFMax]byte
	for _, b := range tmp[:utf8.EncodeRune(tmp[:], r)] {
		dst = append(dst, '%', upperHex[b>>4], upperHex[b&15])
	}
	return dst
}

func percentEncodeString(s string, set *percentSet) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = appendPercentEncoded(b, r, set)
	}
	return string(b)
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// percentDecode decodes the %XX escapes of s into bytes; a "%" without two
// hex digits stays as it is. plus turns "+" into a space, as form data wants.
func percentDecode(s string, plus bool) []byte {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			hi, ok1 := unhex(s[i+1])
			lo, ok2 := unhex(s[i+2])
			if ok1 && ok2 {
				b = append(b, hi<<4|lo)
				i += 2
				continue
			}
		}
		if c == '+' && plus {
			c = ' '
		}
		b = append(b, c)
	}
	return b
}

// utf8DecodeWithoutBOM is the WHATWG "UTF-8 decode without BOM": one
// U+FFFD per maximal invalid subpart.
func utf8DecodeWithoutBOM(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	d := &utf8Decoder{ignoreBOM: true}
	d.reset()
	s, _ := d.decode(b, false)
	return s
}

// isForbiddenHostCodePoint reports the code points no host may contain.
func isForbiddenHostCodePoint(r rune) bool {
	switch r {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

// isForbiddenDomainCodePoint reports the code points no domain may contain.
func isForbiddenDomainCodePoint(r rune) bool {
	return isForbiddenHostCodePoint(r) || r <= 0x1F || r == '%' || r == 0x7F
}

// parseHost is the host parser; it returns the serialized host. opaque is
// set for the host of a non-special URL.
func parseHost(input string, opaque bool) (string, bool) {
	if strings.HasPrefix(input, "[") {
		if !strings.HasSuffix(input, "]") || len(input) < 2 {
			return "", false
		}
		addr, ok := parseIPv6([]rune(input[1 : len(input)-1]))
		if !ok {
			return "", false
		}
		return "[" + serializeIPv6(addr) + "]", true
	}
	if opaque {
		for _, r := range input {
			if isForbiddenHostCodePoint(r) {
				return "", false
			}
		}
		return percentEncodeString(input, &c0ControlSet), true
	}
	domain := utf8DecodeWithoutBOM(percentDecode(input, false))
	ascii, ok := domainToASCII(domain)
	if !ok {
		return "", false
	}
	if endsInANumber(ascii) {
		ipv4, ok := parseIPv4(ascii)
		if !ok {
			return "", false
		}
		return serializeIPv4(ipv4), true
	}
	return ascii, true
}

// idnaProfile is UTS #46 ToASCII with the URL Standard's flags:
// CheckHyphens false, CheckBidi and CheckJoiners true, UseSTD3ASCIIRules
// false, nontransitional, VerifyDnsLength false.
var idnaProfile = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.BidiRule(),
	idna.VerifyDNSLength(false),
)

// domainToASCII is "domain to ASCII" with beStrict false, followed by the
// host parser's forbidden domain code point check.
func domainToASCII(domain string) (string, bool) {
	var ascii string
	var ok bool
	switch {
	case !isASCII(domain):
		var err error
		ascii, err = idnaProfile.ToASCII(domain)
		ok = err == nil && !hasEmptyPunycodeLabel(domain)
	case hasPunycodeLabel(domain):
		ascii, ok = checkPunycode(strings.ToLower(domain))
	default:
		// UTS #46 maps ASCII to its lowercase and, without STD3 rules,
		// lets everything else through: skip the tables.
		ascii, ok = strings.ToLower(domain), true
	}
	if !ok || ascii == "" {
		return "", false
	}
	for _, r := range ascii {
		if isForbiddenDomainCodePoint(r) {
			return "", false
		}
	}
	return ascii, true
}

// isASCII reports whether s has only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// hasPunycodeLabel reports whether a label of domain starts with "xn--".
func hasPunycodeLabel(domain string) bool {
	for label := range strings.SplitSeq(domain, ".") {
		if len(label) >= 4 && strings.EqualFold(label[:4], "xn--") {
			return true
		}
	}
	return false
}

// hasEmptyPunycodeLabel reports an "xn--" label with nothing after the
// prefix, which the idna package turns into an empty label.
func hasEmptyPunycodeLabel(domain string) bool {
	for label := range strings.FieldsFuncSeq(domain, func(r rune) bool {
		return r == '.' || r == '\u3002' || r == '\uFF0E' || r == '\uFF61'
	}) {
		if strings.EqualFold(label, "xn--") {
			return true
		}
	}
	return false
}

// checkPunycode validates the "xn--" labels of a lowercase ASCII domain
// and returns it unchanged, as Node does: a label must decode to something
// already valid and normalized. (The idna package would replace a label
// that decodes to ASCII, such as "xn--xn--", with its decoding.)
func checkPunycode(domain string) (string, bool) {
	labels := strings.Split(domain, ".")
	decoded := make([]string, len(labels))
	for i, label := range labels {
		decoded[i] = label
		if !strings.HasPrefix(label, "xn--") {
			continue
		}
		u, err := idna.Punycode.ToUnicode(label)
		if err != nil || u == "" {
			return "", false
		}
		decoded[i] = u
	}
	unicodeDomain := strings.Join(decoded, ".")
	if mapped, err := idnaProfile.ToUnicode(unicodeDomain); err != nil || mapped != unicodeDomain {
		return "", false
	}
	return domain, true
}

// endsInANumber reports whether the last label of a domain is a number, so
// that the domain must parse as an IPv4 address.
func endsInANumber(s string) bool {
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" {
		if len(parts) == 1 {
			return false
		}
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	_, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4Number parses a decimal, 0x-hex or 0-octal IPv4 part. Values
// saturate well above what any address allows.
func parseIPv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	radix := uint64(10)
	if len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X") {
		s, radix = s[2:], 16
	} else if len(s) >= 2 && s[0] == '0' {
		s, radix = s[1:], 8
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		d, ok := unhex(s[i])
		if !ok || uint64(d) >= radix {
			return 0, false
		}
		if n < 1<<40 {
			n = n*radix + uint64(d)
		}
	}
	return n, true
}

func parseIPv4(s string) (uint32, bool) {
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return 0, false
	}
	nums := make([]uint64, len(parts))
	for i, part := range parts {
		n, ok := parseIPv4Number(part)
		if !ok {
			return 0, false
		}
		nums[i] = n
	}
	last := len(nums) - 1
	for _, n := range nums[:last] {
		if n > 255 {
			return 0, false
		}
	}
	if nums[last] >= 1<<(8*(5-len(nums))) {
		return 0, false
	}
	ipv4 := nums[last]
	for i, n := range nums[:last] {
		ipv4 += n << (8 * (3 - i))
	}
	return uint32(ipv4), true
}

func serializeIPv4(a uint32) string {
	return strconv.Itoa(int(a>>24)) + "." + strconv.Itoa(int(a>>16&255)) + "." + strconv.Itoa(int(a>>8&255)) + "." + strconv.Itoa(int(a&255))
}

func parseIPv6(in []rune) ([8]uint16, bool) {
	var addr [8]uint16
	at := func(i int) rune {
		if i < len(in) {
			return in[i]
		}
		return eof
	}
	pieceIndex, compress, p := 0, -1, 0
	if at(p) == ':' {
		if at(p+1) != ':' {
			return addr, false
		}
		p += 2
		pieceIndex++
		compress = pieceIndex
	}
	for at(p) != eof {
		if pieceIndex == 8 {
			return addr, false
		}
		if at(p) == ':' {
			if compress >= 0 {
				return addr, false
			}
			p++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length := 0, 0
		for length < 4 && isASCIIHexDigit(at(p)) {
			d, _ := unhex(byte(at(p)))
			value = value*16 + int(d)
			p++
			length++
		}
		if at(p) == '.' {
			if length == 0 {
				return addr, false
			}
			p -= length
			if pieceIndex > 6 {
				return addr, false
			}
			numbersSeen := 0
			for at(p) != eof {
				piece := -1
				if numbersSeen > 0 {
					if at(p) == '.' && numbersSeen < 4 {
						p++
					} else {
						return addr, false
					}
				}
				if !isASCIIDigit(at(p)) {
					return addr, false
				}
				for isASCIIDigit(at(p)) {
					n := int(at(p) - '0')
					switch piece {
					case -1:
						piece = n
					case 0:
						return addr, false
					default:
						piece = piece*10 + n
					}
					if piece > 255 {
						return addr, false
					}
					p++
				}
				addr[pieceIndex] = addr[pieceIndex]*0x100 + uint16(piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				return addr, false
			}
			break
		} else if at(p) == ':' {
			p++
			if at(p) == eof {
				return addr, false
			}
		} else if at(p) != eof {
			return addr, false
		}
		addr[pieceIndex] = uint16(value)
		pieceIndex++
	}
	if compress >= 0 {
		swaps := pieceIndex - compress
		pieceIndex = 7
		for pieceIndex != 0 && swaps > 0 {
			addr[pieceIndex], addr[compress+swaps-1] = addr[compress+swaps-1], addr[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		return addr, false
	}
	return addr, true
}

func serializeIPv6(addr [8]uint16) string {
	// Compress the first longest run of two or more zero pieces.
	compress, longest := -1, 1
	for i := 0; i < 8; {
		if addr[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && addr[j] == 0 {
			j++
		}
		if j-i > longest {
			compress, longest = i, j-i
		}
		i = j
	}
	var b strings.Builder
	ignore0 := false
	for i, piece := range addr {
		if ignore0 && piece == 0 {
			continue
		}
		ignore0 = false
		if compress == i {
			if i == 0 {
				b.WriteString("::")
			} else {
				b.WriteString(":")
			}
			ignore0 = true
			continue
		}
		b.WriteString(strconv.FormatUint(uint64(piece), 16))
		if i != 7 {
			b.WriteByte(':')
		}
	}
	return b.String()
}

// pathname is the URL path serializer.
func (u *urlRecord) pathname() string {
	if u.opaque {
		return u.opaquePath
	}
	var b strings.Builder
	for _, seg := range u.path {
		b.WriteByte('/')
		b.WriteString(seg)
	}
	return b.String()
}

// href is the URL serializer.
func (u *urlRecord) href() string {
	var b strings.Builder
	b.WriteString(u.scheme)
	b.WriteByte(':')
	if u.hasHost {
		b.WriteString("//")
		if u.includesCredentials() {
			b.WriteString(u.username)
			if u.password != "" {
				b.WriteByte(':')
				b.WriteString(u.password)
			}
			b.WriteByte('@')
		}
		b.WriteString(u.host)
		if u.port >= 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(u.port))
		}
	} else if !u.opaque && len(u.path) > 1 && u.path[0] == "" {
		// Without it "//" would read back as the start of a host.
		b.WriteString("/.")
	}
	b.WriteString(u.pathname())
	if u.hasQuery {
		b.WriteByte('?')
		b.WriteString(u.query)
	}
	if u.hasFragment {
		b.WriteByte('#')
		b.WriteString(u.fragment)
	}
	return b.String()
}

// origin is the ASCII serialization of the URL's origin; "null" when the
// origin is opaque (file: included, as in Node).
func (u *urlRecord) origin() string {
	switch u.scheme {
	case "blob":
		inner, ok := parseURL(u.pathname(), nil)
		if ok && (inner.scheme == "http" || inner.scheme == "https") {
			return inner.origin()
		}
	case "ftp", "http", "https", "ws", "wss":
		s := u.scheme + "://" + u.host
		if u.port >= 0 {
			s += ":" + strconv.Itoa(u.port)
		}
		return s
	}
	return "null"
}

// The URL API's attributes, in the order urlParts returns them.
const (
	partHref = iota
	partOrigin
	partProtocol
	partUsername
	partPassword
	partHost
	partHostname
	partPort
	partPathname
	partSearch
	partHash
	numParts
)

// parts returns the URL API's attribute values.
func (u *urlRecord) parts() [numParts]string {
	var p [numParts]string
	p[partHref] = u.href()
	p[partOrigin] = u.origin()
	p[partProtocol] = u.scheme + ":"
	p[partUsername] = u.username
	p[partPassword] = u.password
	if u.hasHost {
		p[partHostname] = u.host
		p[partHost] = u.host
		if u.port >= 0 {
			p[partPort] = strconv.Itoa(u.port)
			p[partHost] += ":" + p[partPort]
		}
	}
	p[partPathname] = u.pathname()
	if u.hasQuery && u.query != "" {
		p[partSearch] = "?" + u.query
	}
	if u.hasFragment && u.fragment != "" {
		p[partHash] = "#" + u.fragment
	}
	return p
}

// set runs the setter of the URL API attribute name (not href, which is a
// fresh parse). Invalid values are ignored, as the spec says.
func (u *urlRecord) set(name, value string) {
	switch name {
	case "protocol":
		basicParse(value+":", nil, u, stateSchemeStart)
	case "username":
		if !u.cannotHaveCredentialsOrPort() {
			u.username = percentEncodeString(value, &userinfoSet)
		}
	case "password":
		if !u.cannotHaveCredentialsOrPort() {
			u.password = percentEncodeString(value, &userinfoSet)
		}
	case "host":
		if !u.opaque {
			basicParse(value, nil, u, stateHost)
		}
	case "hostname":
		if !u.opaque {
			basicParse(value, nil, u, stateHostname)
		}
	case "port":
		if u.cannotHaveCredentialsOrPort() {
			return
		}
		if value == "" {
			u.port = -1
		} else {
			basicParse(value, nil, u, statePort)
		}
	case "pathname":
		if !u.opaque {
			u.path = nil
			basicParse(value, nil, u, statePathStart)
		}
	case "search":
		if value == "" {
			u.query, u.hasQuery = "", false
			u.stripTrailingSpaces()
			return
		}
		u.query, u.hasQuery = "", true
		basicParse(strings.TrimPrefix(value, "?"), nil, u, stateQuery)
	case "hash":
		if value == "" {
			u.fragment, u.hasFragment = "", false
			u.stripTrailingSpaces()
			return
		}
		u.fragment, u.hasFragment = "", true
		basicParse(strings.TrimPrefix(value, "#"), nil, u, stateFragment)
	}
}

// setQuery is the URLSearchParams update steps: the serialized list
// becomes the query, and an empty list removes it.
func (u *urlRecord) setQuery(serialized string) {
	u.query, u.hasQuery = serialized, serialized != ""
	if !u.hasQuery {
		u.stripTrailingSpaces()
	}
}

// formParse is the application/x-www-form-urlencoded parser, flattened:
// name, value, name, value...
func formParse(s string) []string {
	var out []string
	for seq := range strings.SplitSeq(s, "&") {
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		out = append(out, utf8DecodeWithoutBOM(percentDecode(name, true)), utf8DecodeWithoutBOM(percentDecode(value, true)))
	}
	return out
}

// formEncode is the application/x-www-form-urlencoded byte serializer of
// one name or value.
func formEncode(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			b = append(b, '+')
		case c < 0x80 && !formSet[c]:
			b = append(b, c)
		default:
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return string(b)
}
