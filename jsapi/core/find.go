package core

import (
	"context"
	"io/fs"
	"strings"
)

// FindOptions are the flags pi passes to
// `fd --glob --color=never --hidden --no-require-git --max-results N`.
type FindOptions struct {
	// Pattern is a glob (see Glob). Without "/" it matches base names;
	// with "/" it matches absolute paths (fd --full-path): an absolute
	// pattern as given, a relative one anchored at root ("src/*.ts" finds
	// root/src/a.ts, not root/pkg/src/b.ts; "**/src/*.ts" finds both).
	// Leading "./" are dropped.
	Pattern string
	// Limit stops after this many paths (--max-results); <= 0 means no
	// limit.
	Limit int
}

// FindResult is what Find found, in walk order.
type FindResult struct {
	Paths        []string // absolute; directories end in "/"
	LimitReached bool     // stopped at Limit
}

// Find lists the entries under root (walked as Walk does with fd's ignore
// files: .fdignore, .ignore, and .gitignore even outside a repository)
// whose name or path matches opts.Pattern. An invalid glob is an error;
// an ended ctx stops the walk with its error.
func Find(ctx context.Context, root string, opts FindOptions) (FindResult, error) {
	pattern := opts.Pattern
	for strings.HasPrefix(pattern, "./") {
		pattern = pattern[2:]
	}
	fullPath := strings.Contains(pattern, "/")
	if fullPath && !strings.HasPrefix(pattern, "/") {
		pattern = escapeGlob(strings.TrimRight(root, "/")) + "/" + pattern
	}
	g, err := CompileGlob(pattern)
	if err != nil {
		return FindResult{}, err
	}
	var res FindResult
	err = Walk(ctx, root, WalkOptions{IgnoreFile: ".fdignore"}, func(e Entry) error {
		subject := e.Path
		if !fullPath {
			subject = e.Path[strings.LastIndexByte(e.Path, '/')+1:]
		}
		if !g.Match(subject) {
			return nil
		}
		p := e.Path
		if e.IsDir() {
			p += "/"
		}
		res.Paths = append(res.Paths, p)
		if opts.Limit > 0 && len(res.Paths) >= opts.Limit {
			res.LimitReached = true
			return fs.SkipAll
		}
		return nil
	})
	return res, err
}

// escapeGlob escapes the glob metacharacters of a literal path.
func escapeGlob(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`\*?[]{}`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
