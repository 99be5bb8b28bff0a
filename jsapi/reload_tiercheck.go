package jsapi

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo/engine"
)

// A static check for the single-file multi-tier hazard:
// a module that exports two or more tier factories (server, session, tui,
// web) may have them instantiated in different processes, so module-level
// state that one tier mutates is not the state another tier sees, and it
// only looks shared while everything runs in one process. Such a module is
// refused at load when its module graph (the entry and the local files it
// imports; node_modules are not inspected) has top-level `let` or `var`
// bindings. Single-tier modules are exempt.
//
// The check is a token scan of the source, not a parse: it tracks
// strings, template literals, comments, regular expression literals and
// bracket depth, and looks at depth 0 only for `export` forms and for
// `let`/`var` declarations (not `declare let`, not `obj.let`). It costs one
// pass over the entry, and over the local inputs only when the entry is
// multi-tier. A top-level `const` bound to an object that is later mutated
// is not detected.

// ErrTierState is the cause of the tier check's refusal.
var ErrTierState = errors.New("multi-tier module with top-level mutable state")

// checkTierState refuses a bundle whose entry exports two or more tier
// factories while the entry or a local module it imports declares
// top-level mutable bindings. inputs are the bundle's input files.
func checkTierState(plugin, entry string, inputs []string) error {
	src, err := os.ReadFile(entry)
	if err != nil {
		return nil // the bundler read it; a vanished file shows up at the next load
	}
	scan := scanModule(src)
	if len(scan.tiers) < 2 {
		return nil
	}
	files := []string{entry}
	for _, in := range inputs {
		if in != entry && isScriptFile(in) && !strings.Contains(filepath.ToSlash(in), "/node_modules/") {
			files = append(files, in)
		}
	}
	var found []struct {
		file string
		b    topBinding
	}
	for i, f := range files {
		s := scan
		if i > 0 {
			b, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			s = scanModule(b)
		}
		for _, b := range s.mutable {
			found = append(found, struct {
				file string
				b    topBinding
			}{f, b})
		}
	}
	if len(found) == 0 {
		return nil
	}
	first := found[0]
	loc := &engine.Location{File: first.file, Line: first.b.line, Column: first.b.col}
	if lines := readLines(first.file); first.b.line >= 1 && first.b.line <= len(lines) {
		loc.LineText = lines[first.b.line-1]
	}
	text := fmt.Sprintf("module exports %d tier factories (%s) and has top-level mutable state `%s %s`: "+
		"tiers can run in different processes, so they would not share it; move the state into a factory, "+
		"or split the module so each tier has its own",
		len(scan.tiers), strings.Join(scan.tiers, ", "), first.b.kind, first.b.name)
	d := engine.Diagnostic{Plugin: plugin, Severity: engine.SeverityError, Where: "tier check", Text: text, Location: loc}
	if f := codeFrame(loc); f != "" {
		d.Notes = append(d.Notes, f)
	}
	for _, x := range found[1:] {
		d.Notes = append(d.Notes, fmt.Sprintf("also `%s %s` at %s:%d:%d", x.b.kind, x.b.name, x.file, x.b.line, x.b.col+1))
	}
	return &engine.PluginError{Plugin: plugin, Err: fmt.Errorf("%s: %w", loc, ErrTierState), Diagnostics: []engine.Diagnostic{d}}
}

// tierName reports whether an export name is a tier factory (a module's
// server, session, tui or web entry).
func tierName(name string) bool {
	switch name {
	case "server", "session", "tui", "web":
		return true
	}
	return false
}

func isScriptFile(p string) bool {
	switch filepath.Ext(p) {
	case ".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs":
		return true
	}
	return false
}

// topBinding is one top-level let/var declaration.
type topBinding struct {
	kind string // "let" or "var"
	name string // the first bound name, or "{…}" / "[…]" for a destructuring
	line int    // 1-based
	col  int    // 0-based, in bytes
}

// moduleScan is what scanModule found.
type moduleScan struct {
	tiers   []string     // exported tier factory names, in source order, unique
	mutable []topBinding // top-level let/var declarations, in source order
}

// scanModule scans JS/TS source for top-level exports and let/var
// declarations (see the comment at the top of this file).
func scanModule(src []byte) moduleScan {
	s := &scanner{src: src, line: 1}
	s.run()
	return s.out
}

type tokKind int

const (
	tokNone tokKind = iota
	tokIdent
	tokPunct
	tokValue // string, template, number, regex
)

type scanner struct {
	src       []byte
	pos       int
	line      int
	lineStart int
	stack     []byte // open brackets: ( [ { and $ for a template's ${
	out       moduleScan

	prevKind tokKind
	prev     string // previous significant token (ident text or punctuator)

	// export parsing at depth 0
	exportState int // 0 none, 1 after export, 2 expect name, 3 in export list
	listName    string
	listAs      bool
	// pending let/var waiting for its name
	pendKind       string
	pendLine, pend int
}

func (s *scanner) run() {
	if len(s.src) >= 2 && s.src[0] == '#' && s.src[1] == '!' {
		s.skipLine()
	}
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '\n':
			s.newline()
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			s.pos++
		case c == '/' && s.peek(1) == '/':
			s.skipLine()
		case c == '/' && s.peek(1) == '*':
			s.skipBlockComment()
		case c == '"' || c == '\'':
			s.skipString(c)
			s.token(tokValue, "")
		case c == '`':
			s.pos++
			s.template()
		case c == '/' && s.regexAllowed():
			if !s.skipRegex() {
				s.pos++
				s.token(tokPunct, "/")
			} else {
				s.token(tokValue, "")
			}
		case isIdentStart(c):
			start := s.pos
			for s.pos < len(s.src) && isIdentPart(s.src[s.pos]) {
				s.pos++
			}
			s.ident(string(s.src[start:s.pos]), start)
		case c >= '0' && c <= '9':
			for s.pos < len(s.src) && (isIdentPart(s.src[s.pos]) || s.src[s.pos] == '.') {
				s.pos++
			}
			s.token(tokValue, "")
		default:
			s.punct(c)
		}
	}
}

func (s *scanner) peek(n int) byte {
	if s.pos+n < len(s.src) {
		return s.src[s.pos+n]
	}
	return 0
}

func (s *scanner) newline() {
	s.pos++
	s.line++
	s.lineStart = s.pos
}

func (s *scanner) skipLine() {
	for s.pos < len(s.src) && s.src[s.pos] != '\n' {
		s.pos++
	}
}

func (s *scanner) skipBlockComment() {
	s.pos += 2
	for s.pos < len(s.src) {
		if s.src[s.pos] == '*' && s.peek(1) == '/' {
			s.pos += 2
			return
		}
		if s.src[s.pos] == '\n' {
			s.newline()
			continue
		}
		s.pos++
	}
}

// skipString skips a quoted string; an unterminated one ends at the line.
func (s *scanner) skipString(q byte) {
	s.pos++
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '\\':
			if s.peek(1) == '\n' {
				s.pos++
				s.newline()
				continue
			}
			s.pos += 2
		case c == q:
			s.pos++
			return
		case c == '\n':
			return
		default:
			s.pos++
		}
	}
}

// template skips template text up to the closing backtick or a ${, which
// opens an expression that the main loop scans.
func (s *scanner) template() {
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '\\':
			s.pos += 2
		case c == '`':
			s.pos++
			s.token(tokValue, "")
			return
		case c == '$' && s.peek(1) == '{':
			s.pos += 2
			s.stack = append(s.stack, '$')
			s.prevKind, s.prev = tokPunct, "${"
			return
		case c == '\n':
			s.newline()
		default:
			s.pos++
		}
	}
}

// regexAllowed decides whether a / starts a regular expression: after an
// operator, an opening bracket, a keyword that takes an expression, or at
// the start.
func (s *scanner) regexAllowed() bool {
	switch s.prevKind {
	case tokNone:
		return true
	case tokValue:
		return false
	case tokIdent:
		switch s.prev {
		case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await":
			return true
		}
		return false
	}
	return s.prev != ")" && s.prev != "]"
}

// skipRegex skips a regular expression literal on the current line; it
// reports false (consuming nothing) when there is no closing slash there,
// so a misjudged division costs nothing.
func (s *scanner) skipRegex() bool {
	i := s.pos + 1
	inClass := false
	for i < len(s.src) {
		c := s.src[i]
		switch {
		case c == '\n':
			return false
		case c == '\\':
			i += 2
			continue
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '/' && !inClass:
			i++
			for i < len(s.src) && isIdentPart(s.src[i]) {
				i++
			}
			s.pos = i
			return true
		}
		i++
	}
	return false
}

func (s *scanner) punct(c byte) {
	s.pos++
	text := string(c)
	switch c {
	case '(', '[', '{':
		s.stack = append(s.stack, c)
	case ')', ']':
		if len(s.stack) > 0 {
			s.stack = s.stack[:len(s.stack)-1]
		}
	case '}':
		if n := len(s.stack); n > 0 {
			top := s.stack[n-1]
			s.stack = s.stack[:n-1]
			if top == '$' {
				s.template()
				return
			}
		}
	case '.':
		if s.peek(0) == '.' && s.peek(1) == '.' {
			s.pos += 2
			text = "..."
		}
	case '?':
		if s.peek(0) == '.' {
			s.pos++
			text = "?."
		}
	}
	s.token(tokPunct, text)
}

// depth is the bracket depth; 0 is the module's top level.
func (s *scanner) depth() int { return len(s.stack) }

// token records a significant token and advances the export and let/var
// state machines. For identifiers ident does the work first.
func (s *scanner) token(kind tokKind, text string) {
	if s.exportState != 0 || s.depth() == 0 {
		s.exportStep(kind, text)
	}
	if s.pendKind != "" && kind != tokIdent {
		name := ""
		switch text {
		case "{":
			name = "{…}"
		case "[":
			name = "[…]"
		}
		if name != "" {
			s.addBinding(name)
		} else {
			s.pendKind = ""
		}
	}
	s.prevKind, s.prev = kind, text
}

func (s *scanner) ident(name string, start int) {
	if s.pendKind != "" {
		s.addBinding(name) // then fall through: `export let NAME` names a tier too
	} else if s.depth() == 0 && (name == "let" || name == "var") &&
		s.prev != "." && s.prev != "?." && s.prev != "declare" {
		s.pendKind, s.pendLine, s.pend = name, s.line, start-s.lineStart
		s.prevKind, s.prev = tokIdent, name
		if s.exportState == 1 {
			s.exportState = 2
		}
		return
	}
	s.token(tokIdent, name)
}

func (s *scanner) addBinding(name string) {
	s.out.mutable = append(s.out.mutable, topBinding{kind: s.pendKind, name: name, line: s.pendLine, col: s.pend})
	s.pendKind = ""
}

// exportStep follows `export function NAME`, `export async function NAME`,
// `export const|let|var|class NAME` and `export { a, b as NAME }`.
func (s *scanner) exportStep(kind tokKind, text string) {
	switch s.exportState {
	case 0:
		if kind == tokIdent && text == "export" && s.prev != "." {
			s.exportState = 1
		}
	case 1:
		switch {
		case kind == tokIdent && (text == "async" || text == "declare"):
		case kind == tokIdent && (text == "function" || text == "const" || text == "class"):
			s.exportState = 2
		case kind == tokPunct && text == "{":
			s.exportState, s.listName, s.listAs = 3, "", false
		default:
			s.exportState = 0 // default, *, type, interface, enum, ...
		}
	case 2:
		if kind == tokPunct && text == "*" {
			return // export function* NAME
		}
		if kind == tokIdent {
			s.addTier(text)
		}
		s.exportState = 0
	case 3:
		switch {
		case kind == tokIdent && text == "as" && s.listName != "":
			s.listAs = true
		case kind == tokIdent || (kind == tokValue && s.listAs):
			if s.listAs || s.listName == "" {
				s.listName = text
			}
			s.listAs = false
		case kind == tokPunct && (text == "," || text == "}"):
			s.addTier(s.listName)
			s.listName, s.listAs = "", false
			if text == "}" {
				s.exportState = 0
			}
		}
	}
}

func (s *scanner) addTier(name string) {
	if !tierName(name) {
		return
	}
	for _, t := range s.out.tiers {
		if t == name {
			return
		}
	}
	s.out.tiers = append(s.out.tiers, name)
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80 || c == '#' || c == '@'
}

func isIdentPart(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }
