package core

import (
	"cmp"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// WalkOptions configure Walk. The zero value honours .ignore and
// .gitignore files everywhere and no tool-specific ignore file.
type WalkOptions struct {
	// IgnoreFile names the tool's own ignore file (".rgignore" for grep,
	// ".fdignore" for find); it takes precedence over .ignore, which takes
	// precedence over .gitignore. "" reads none.
	IgnoreFile string
	// RequireGit reads .gitignore files only inside a git repository, as
	// rg does; false reads them everywhere, as fd --no-require-git does.
	// Inside a repository only the repository's own .gitignore files count
	// (and its .git/info/exclude), whichever the setting.
	RequireGit bool
	// Filter, when set, decides about every entry before the ignore files
	// do: Skip drops it (a directory is not entered), Include keeps it
	// whatever they say, Default leaves it to them.
	Filter func(path string, isDir bool) Verdict
}

// Verdict is a WalkOptions.Filter decision.
type Verdict int8

const (
	Default Verdict = iota // the ignore files decide
	Include                // visited even when an ignore file matches
	Skip                   // not visited
)

// Entry is one visited path.
type Entry struct {
	Path string      // absolute and clean
	Type fs.FileMode // type bits from lstat: fs.ModeDir, fs.ModeSymlink, 0 for a regular file, ...
}

// IsDir reports whether the entry is a directory (never a symlink).
func (e Entry) IsDir() bool { return e.Type.IsDir() }

// IsSymlink reports whether the entry is a symbolic link.
func (e Entry) IsSymlink() bool { return e.Type&fs.ModeSymlink != 0 }

// Walk visits root's descendants (not root itself) depth-first, each
// directory's entries in sorted order (JavaScript string order: UTF-16
// code units), skipping what the ignore files ignore and not entering
// ignored directories. Hidden files and .git are visited like any other
// entry (rg and fd with --hidden); symlinks are reported and never
// followed. The ignore files of root's ancestors apply too, as rg and fd
// read them. Unreadable directories are skipped silently.
//
// visit may return fs.SkipDir (for a directory: do not enter it) or
// fs.SkipAll (stop, Walk returns nil); any other error stops the walk and
// is returned. Walk returns ctx's error once ctx ends; it checks ctx
// before reading each directory.
func Walk(ctx context.Context, root string, opts WalkOptions, visit func(Entry) error) error {
	root, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	w := &walker{ctx: ctx, opts: opts, visit: visit}
	base := w.rootStack(root)
	err = w.dir(root, base)
	if errors.Is(err, fs.SkipAll) {
		return nil
	}
	return err
}

type walker struct {
	ctx    context.Context
	opts   WalkOptions
	visit  func(Entry) error
	repo   string // the git repository root containing the walk's root, or ""
	useGit bool   // outside a repository: whether .gitignore files count
}

// gitHere reports whether .gitignore files in dir count.
func (w *walker) gitHere(dir string) bool {
	if w.repo == "" {
		return w.useGit
	}
	_, ok := relUnder(w.repo, dir)
	return ok
}

// rootStack finds the repository and reads the ignore files of root's
// ancestors, outermost first.
func (w *walker) rootStack(root string) ignoreStack {
	w.repo = findRepoRoot(root)
	w.useGit = w.repo != "" || !w.opts.RequireGit
	var s ignoreStack
	if w.repo != "" {
		s.exclude = s.exclude.push(readIgnoreFile(w.repo, filepath.Join(".git", "info", "exclude")))
	}
	var chain []string
	for d := filepath.Dir(root); ; d = filepath.Dir(d) {
		chain = append(chain, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if root == "/" {
		chain = nil
	}
	for i := len(chain) - 1; i >= 0; i-- {
		d := chain[i]
		if w.opts.IgnoreFile != "" {
			s.custom = s.custom.push(readIgnoreFile(d, w.opts.IgnoreFile))
		}
		s.ignore = s.ignore.push(readIgnoreFile(d, ".ignore"))
		if w.gitHere(d) {
			s.git = s.git.push(readIgnoreFile(d, ".gitignore"))
		}
	}
	return s
}

// dir walks one directory with its parent's ignore stack.
func (w *walker) dir(dir string, parent ignoreStack) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	if needsUTF16Sort(ents) {
		slices.SortFunc(ents, func(a, b fs.DirEntry) int { return compareUTF16(a.Name(), b.Name()) })
	}
	s := w.extend(parent, dir, ents)
	prefix := dir + "/"
	if dir == "/" {
		prefix = "/"
	}
	for _, e := range ents {
		abs := prefix + e.Name()
		typ := e.Type()
		isDir := typ.IsDir()
		v := Default
		if w.opts.Filter != nil {
			v = w.opts.Filter(abs, isDir)
		}
		if v == Skip || v == Default && s.ignored(abs, isDir) {
			continue
		}
		if err := w.visit(Entry{Path: abs, Type: typ}); err != nil {
			if errors.Is(err, fs.SkipDir) && isDir {
				continue
			}
			return err
		}
		if isDir {
			if err := w.dir(abs, s); err != nil {
				return err
			}
		}
	}
	return nil
}

// extend adds dir's own ignore files (looked up in its listing) to the
// parent's stack.
func (w *walker) extend(s ignoreStack, dir string, ents []fs.DirEntry) ignoreStack {
	var custom, ignore, git bool
	for _, e := range ents {
		switch e.Name() {
		case w.opts.IgnoreFile:
			custom = true
		case ".ignore":
			ignore = true
		case ".gitignore":
			git = true
		}
	}
	if custom {
		s.custom = s.custom.push(readIgnoreFile(dir, w.opts.IgnoreFile))
	}
	if ignore {
		s.ignore = s.ignore.push(readIgnoreFile(dir, ".ignore"))
	}
	if git && w.gitHere(dir) {
		s.git = s.git.push(readIgnoreFile(dir, ".gitignore"))
	}
	return s
}

// findRepoRoot returns the nearest directory at or above dir holding a
// .git entry (directory or file, after symlinks), or "".
func findRepoRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// needsUTF16Sort reports whether byte order (os.ReadDir's) may differ from
// JavaScript's UTF-16 order: only when a name holds a character above
// U+FFFF (UTF-8 lead byte 0xF0 or more).
func needsUTF16Sort(ents []fs.DirEntry) bool {
	for _, e := range ents {
		n := e.Name()
		for i := 0; i < len(n); i++ {
			if n[i] >= 0xf0 {
				return true
			}
		}
	}
	return false
}

// compareUTF16 compares strings as JavaScript's < does.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return slices.Compare(utf16.Encode([]rune{ra}), utf16.Encode([]rune{rb}))
		}
		a, b = a[na:], b[nb:]
	}
	return cmp.Compare(len(a), len(b))
}

// toValidUTF8 decodes file bytes as the fs shim's readFileSync(p,
// "utf-8") does (Buffer#toString, a WHATWG TextDecoder that keeps a BOM):
// each maximal invalid subpart becomes one U+FFFD (Go's own conversion
// emits one per byte).
func toValidUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		if r, n := utf8.DecodeRune(b[i:]); r != utf8.RuneError || n > 1 {
			out = append(out, b[i:i+n]...)
			i += n
			continue
		}
		// Invalid: skip the longest prefix of a well-formed sequence.
		i++
		var need int
		lower, upper := byte(0x80), byte(0xBF)
		switch {
		case c >= 0xC2 && c <= 0xDF:
			need = 1
		case c >= 0xE0 && c <= 0xEF:
			need = 2
			if c == 0xE0 {
				lower = 0xA0
			} else if c == 0xED {
				upper = 0x9F
			}
		case c >= 0xF0 && c <= 0xF4:
			need = 3
			if c == 0xF0 {
				lower = 0x90
			} else if c == 0xF4 {
				upper = 0x8F
			}
		}
		for ; need > 0 && i < len(b) && b[i] >= lower && b[i] <= upper; need-- {
			i++
			lower, upper = 0x80, 0xBF
		}
		out = utf8.AppendRune(out, utf8.RuneError)
	}
	return string(out)
}
