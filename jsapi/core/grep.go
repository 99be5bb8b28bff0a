package core

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"runtime"
	"strings"
	"sync"
	"unicode/utf8"
)

// GrepOptions are the flags pi passes to
// `rg --json --line-number --color=never --hidden`.
type GrepOptions struct {
	Pattern    string // Rust regex syntax (see PatternError), or a plain string with Literal
	IgnoreCase bool   // --ignore-case
	Literal    bool   // --fixed-strings
	// Glob is rg's --glob: a file matching it is searched whatever the
	// ignore files say, other files are skipped (directories are still
	// entered); "!glob" skips what matches instead. A glob without "/"
	// matches the base name, one with "/" the path relative to Cwd (the
	// absolute path outside Cwd).
	Glob string
	Cwd  string // the directory rg would run in
	// Limit stops the search after this many matching lines; <= 0 means
	// no limit.
	Limit int
}

// GrepMatch is one matching line.
type GrepMatch struct {
	Path string // absolute
	Line int    // 1-based
	Text string // the line as UTF-8 (invalid bytes become U+FFFD), with its "\n" when it has one; a "\r" before it is kept
}

// GrepResult is what Grep found, in walk order.
type GrepResult struct {
	Matches      []GrepMatch
	LimitReached bool // stopped at Limit
}

// Grep searches path (a directory, walked as Walk does with rg's ignore
// files, or a single file) for lines matching opts.Pattern, as pi's grep
// tool finds them with rg: files containing a NUL byte are skipped, and
// only regular files are read (symlinks are not followed). Lines are split
// on "\n". An invalid pattern or glob is an error before anything is read
// (*PatternError for the pattern); an ended ctx stops the search with its
// error.
func Grep(ctx context.Context, path string, opts GrepOptions) (GrepResult, error) {
	src, err := compilePattern(opts.Pattern, opts.IgnoreCase, opts.Literal)
	if err != nil {
		return GrepResult{}, err
	}
	m, err := newLineMatcher(src)
	if err != nil {
		return GrepResult{}, &PatternError{Pattern: opts.Pattern, Msg: rgMessage(err, src)}
	}
	var filter func(string, bool) Verdict
	if opts.Glob != "" {
		if filter, err = globOverride(opts.Glob, opts.Cwd); err != nil {
			return GrepResult{}, err
		}
	}
	path, err = filepath.Abs(path)
	if err != nil {
		return GrepResult{}, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return GrepResult{}, nil
	}
	if !st.IsDir() {
		var res GrepResult
		if st.Mode().IsRegular() {
			res.Matches, _ = m.searchFile(path, opts.Limit, nil)
		}
		res.LimitReached = opts.Limit > 0 && len(res.Matches) >= opts.Limit
		return res, ctx.Err()
	}
	return m.searchTree(ctx, path, WalkOptions{IgnoreFile: ".rgignore", RequireGit: true, Filter: filter}, opts.Limit)
}

// grepFile is one file of a tree search: the walk queues it in order, a
// worker fills matches and closes done.
type grepFile struct {
	path    string
	matches []GrepMatch
	done    chan struct{}
}

// searchTree greps the regular files of a walk: the walk runs on one
// goroutine, a few workers read and search files in parallel (reading is
// mostly waiting on system calls), and the results are taken in walk
// order until limit, so the output is the same as a sequential search.
func (m *lineMatcher) searchTree(ctx context.Context, root string, wo WalkOptions, limit int) (GrepResult, error) {
	inner, stop := context.WithCancel(ctx)
	defer stop()
	jobs := make(chan *grepFile, 64)
	order := make(chan *grepFile, 256)
	var workers sync.WaitGroup
	for range grepWorkers() {
		workers.Add(1)
		go func() {
			defer workers.Done()
			var buf []byte
			for j := range jobs {
				if inner.Err() == nil {
					j.matches, buf = m.searchFile(j.path, limit, buf)
				}
				close(j.done)
			}
		}()
	}
	walked := make(chan struct{})
	go func() {
		defer close(walked)
		defer close(jobs)
		defer close(order)
		_ = Walk(inner, root, wo, func(e Entry) error {
			if !e.Type.IsRegular() {
				return nil
			}
			j := &grepFile{path: e.Path, done: make(chan struct{})}
			select {
			case order <- j:
			case <-inner.Done():
				return inner.Err()
			}
			select {
			case jobs <- j:
			case <-inner.Done():
				return inner.Err()
			}
			return nil
		})
	}()
	var res GrepResult
collect:
	for j := range order {
		select {
		case <-j.done:
		case <-inner.Done():
			break collect
		}
		for _, mt := range j.matches {
			res.Matches = append(res.Matches, mt)
			if limit > 0 && len(res.Matches) >= limit {
				res.LimitReached = true
				break collect
			}
		}
	}
	stop()
	<-walked
	workers.Wait()
	return res, ctx.Err()
}

// grepWorkers is how many files a tree search reads at once.
func grepWorkers() int {
	return min(max(2*runtime.GOMAXPROCS(0), 2), 8)
}

// searchFile greps one file, up to limit matches (<= 0: all); buf is
// storage to read into, returned for reuse.
func (m *lineMatcher) searchFile(abs string, limit int, buf []byte) ([]GrepMatch, []byte) {
	data, err := readFile(abs, buf)
	if err != nil {
		return nil, buf
	}
	buf = data
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, buf
	}
	if !utf8.Valid(data) {
		data = []byte(toValidUTF8(data))
	}
	var out []GrepMatch
	m.search(data, func(line int, text []byte, nl bool) bool {
		t := string(text)
		if nl {
			t += "\n"
		}
		out = append(out, GrepMatch{Path: abs, Line: line, Text: t})
		return limit <= 0 || len(out) < limit
	})
	return out, buf
}

// globOverride is rg's --glob as a walk filter (see GrepOptions.Glob).
func globOverride(glob, cwd string) (func(string, bool) Verdict, error) {
	g, negated := strings.CutPrefix(glob, "!")
	g, dirOnly := strings.CutSuffix(g, "/")
	anchored := strings.Contains(g, "/")
	g = strings.TrimPrefix(g, "/")
	m, err := CompileGlob(g)
	if err != nil {
		return nil, err
	}
	cwdPrefix := cwd
	if !strings.HasSuffix(cwdPrefix, "/") {
		cwdPrefix += "/"
	}
	return func(abs string, isDir bool) Verdict {
		subject := abs[strings.LastIndexByte(abs, '/')+1:]
		if anchored {
			subject = strings.TrimPrefix(abs, cwdPrefix)
		}
		hit := (!dirOnly || isDir) && m.Match(subject)
		switch {
		case negated && hit:
			return Skip
		case negated:
			return Default
		case hit:
			return Include
		case isDir:
			return Default
		}
		return Skip
	}, nil
}

// lineMatcher finds the lines a pattern matches.
type lineMatcher struct {
	line *regexp.Regexp // the pattern, run on one line
	// find returns the offset of a possible match in a run of whole lines,
	// or -1 when none of them can match; nil when lines must be tried one
	// by one (the pattern uses \A or \z).
	find func([]byte) int
}

// newLineMatcher compiles src. Searching a whole buffer at once (then
// checking the line around each hit) finds the same lines as trying every
// line: the pattern compiled with (?m) matches at a line start wherever it
// matches the line alone (^ and $ become line anchors, \b sees "\n" as a
// non-word character like the ends of a line), unless it uses the text
// anchors \A or \z.
func newLineMatcher(src string) (*lineMatcher, error) {
	re, err := regexp.Compile(src)
	if err != nil {
		return nil, err
	}
	m := &lineMatcher{line: re}
	if lit, complete := re.LiteralPrefix(); complete {
		needle := []byte(lit)
		m.find = func(b []byte) int { return bytes.Index(b, needle) }
		return m, nil
	}
	ml := "(?m)" + src
	tree, err := syntax.Parse(ml, syntax.Perl)
	if err != nil || usesTextAnchors(tree) {
		return m, nil
	}
	reML, err := regexp.Compile(ml)
	if err != nil {
		return m, nil
	}
	m.find = func(b []byte) int {
		if loc := reML.FindIndex(b); loc != nil {
			return loc[0]
		}
		return -1
	}
	return m, nil
}

func usesTextAnchors(re *syntax.Regexp) bool {
	if re.Op == syntax.OpBeginText || re.Op == syntax.OpEndText {
		return true
	}
	for _, s := range re.Sub {
		if usesTextAnchors(s) {
			return true
		}
	}
	return false
}

// search calls emit for each matching line of text (split on "\n", a
// final empty piece after the last "\n" is not a line) until emit returns
// false. line is 1-based; nl tells whether a "\n" followed the line.
func (m *lineMatcher) search(text []byte, emit func(line int, text []byte, nl bool) bool) {
	if m.find == nil {
		line := 1
		for start := 0; start < len(text); line++ {
			end := len(text)
			if k := bytes.IndexByte(text[start:], '\n'); k >= 0 {
				end = start + k
			}
			if m.line.Match(text[start:end]) && !emit(line, text[start:end], end < len(text)) {
				return
			}
			start = end + 1
		}
		return
	}
	pos, line := 0, 1 // pos starts line number `line`
	for pos < len(text) {
		k := m.find(text[pos:])
		if k < 0 {
			return
		}
		start := pos + bytes.LastIndexByte(text[pos:pos+k], '\n') + 1
		if start == len(text) {
			return // the empty piece after a final "\n"
		}
		line += bytes.Count(text[pos:start], []byte{'\n'})
		end := len(text)
		if k := bytes.IndexByte(text[start:], '\n'); k >= 0 {
			end = start + k
		}
		if m.line.Match(text[start:end]) && !emit(line, text[start:end], end < len(text)) {
			return
		}
		pos, line = end+1, line+1
	}
}
