package pkgmgr

import (
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/Masterminds/semver/v3"

	"github.com/pigo-dev/pigo/engine/pathrules"
)

// Kind is a source's type.
type Kind int

const (
	Local Kind = iota
	NPM
	Git
)

// Source is a parsed package source (pi's parseSource).
type Source struct {
	Raw  string
	Kind Kind
	// npm: Name and Version (a range, an exact version, a dist-tag, or "").
	Name, Version string
	// git: Repo is what `git clone` gets; Host/Path place the clone; Ref is
	// the tag, branch or commit after "@", if any.
	Repo, Host, Path, Ref string
	// Local: the path as written.
	LocalPath string
}

// Pinned is pi's pinned: an exact npm version, or a git ref.
func (s Source) Pinned() bool {
	switch s.Kind {
	case NPM:
		_, err := semver.StrictNewVersion(strings.TrimPrefix(s.Version, "v"))
		return s.Version != "" && err == nil
	case Git:
		return s.Ref != ""
	}
	return false
}

var npmSpec = regexp.MustCompile(`^(@?[^@]+(?:/[^@]+)?)(?:@(.+))?$`)

// Parse is pi's parseSource: "npm:" specs, then local paths (pi's
// isLocalPath), then git URLs; anything else is a local path.
func Parse(raw string) (Source, error) {
	s := Source{Raw: raw}
	if rest, ok := strings.CutPrefix(raw, "npm:"); ok {
		spec := strings.TrimSpace(rest)
		s.Kind, s.Name = NPM, spec
		if m := npmSpec.FindStringSubmatch(spec); m != nil {
			s.Name, s.Version = m[1], m[2]
		}
		if err := validNPMName(s.Name); err != nil {
			return s, fmt.Errorf("invalid npm source %q: %w", raw, err)
		}
		return s, nil
	}
	if pathrules.IsLocalSource(raw) {
		s.Kind, s.LocalPath = Local, raw
		return s, nil
	}
	if g, ok := parseGit(raw); ok {
		return g, nil
	}
	s.Kind, s.LocalPath = Local, raw
	return s, nil
}

// validNPMName keeps a name from escaping node_modules: npm's rules for
// new names, loosely (no case rule), plus a scope of one segment.
func validNPMName(name string) error {
	n := name
	if scope, rest, ok := strings.Cut(name, "/"); ok {
		if !strings.HasPrefix(scope, "@") || len(scope) < 2 {
			return fmt.Errorf("bad package name %q", name)
		}
		n = rest
		if err := nameSegment(scope[1:]); err != nil {
			return fmt.Errorf("bad package name %q", name)
		}
	}
	if err := nameSegment(n); err != nil {
		return fmt.Errorf("bad package name %q", name)
	}
	return nil
}

func nameSegment(s string) error {
	if s == "" || s == "." || s == ".." || len(s) > 214 || strings.HasPrefix(s, ".") || strings.HasPrefix(s, "_") {
		return fmt.Errorf("bad name")
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-._~!*'()", r)) {
			return fmt.Errorf("bad name")
		}
	}
	return nil
}

// parseGit is pi's parseGitUrl for generic hosts: "git:" accepts
// host/path[@ref] shorthands and URLs; without it only protocol URLs.
func parseGit(source string) (Source, bool) {
	trimmed := strings.TrimSpace(source)
	u, hasPrefix := strings.CutPrefix(trimmed, "git:")
	u = strings.TrimSpace(u)
	low := strings.ToLower(u)
	isURL := false
	for _, p := range []string{"https://", "http://", "ssh://", "git://"} {
		isURL = isURL || strings.HasPrefix(low, p)
	}
	if !hasPrefix && !isURL {
		return Source{}, false
	}
	repo, ref := splitRef(u)
	var host, path string
	switch {
	case strings.HasPrefix(repo, "git@"):
		h, p, ok := strings.Cut(strings.TrimPrefix(repo, "git@"), ":")
		if !ok {
			return Source{}, false
		}
		host, path = h, p
	case isURL:
		pu, err := url.Parse(repo)
		if err != nil {
			return Source{}, false
		}
		host, path = pu.Hostname(), strings.TrimLeft(pu.Path, "/")
	default:
		h, p, ok := strings.Cut(repo, "/")
		if !ok || !strings.Contains(h, ".") && h != "localhost" {
			return Source{}, false
		}
		host, path = h, p
		repo = "https://" + repo
	}
	path = strings.TrimLeft(strings.TrimSuffix(path, ".git"), "/")
	if host == "" || len(strings.Split(path, "/")) < 2 || unsafeGitPart(host, false) || unsafeGitPart(path, true) {
		return Source{}, false
	}
	return Source{Raw: source, Kind: Git, Repo: repo, Host: host, Path: path, Ref: ref}, true
}

// splitRef takes "@ref" off the path part of a git source.
func splitRef(u string) (repo, ref string) {
	prefix, rest := "", u
	switch {
	case strings.HasPrefix(u, "git@"):
		i := strings.IndexByte(u, ':')
		if i < 0 {
			return u, ""
		}
		prefix, rest = u[:i+1], u[i+1:]
	case strings.Contains(u, "://"):
		i := strings.Index(u, "://") + 3
		j := strings.IndexByte(u[i:], '/')
		if j < 0 {
			return u, ""
		}
		prefix, rest = u[:i+j+1], u[i+j+1:]
	default:
		i := strings.IndexByte(u, '/')
		if i < 0 {
			return u, ""
		}
		prefix, rest = u[:i+1], u[i+1:]
	}
	p, r, ok := strings.Cut(rest, "@")
	if !ok || p == "" || r == "" {
		return u, ""
	}
	return prefix + p, r
}

func unsafeGitPart(v string, allowSlash bool) bool {
	dec, err := url.PathUnescape(v)
	if err != nil {
		return true
	}
	for _, c := range []string{v, dec} {
		if strings.ContainsAny(c, "\x00\\") || strings.HasPrefix(c, "/") || !allowSlash && strings.Contains(c, "/") {
			return true
		}
		for _, seg := range strings.Split(c, "/") {
			if seg == ".." {
				return true
			}
		}
	}
	return false
}

// Identity is pi's getPackageIdentity: npm by name, git by host/path,
// local by resolved path (relative paths from base).
func (s Source) Identity(base, home string) string {
	switch s.Kind {
	case NPM:
		return "npm:" + s.Name
	case Git:
		return "git:" + s.Host + "/" + s.Path
	}
	return "local:" + ResolvePath(s.LocalPath, base, home)
}

// ResolvePath is pi's resolvePath: trim, expand "~", else resolve against base.
func ResolvePath(p, base, home string) string {
	p = strings.TrimSpace(p)
	if home != "" && (p == "~" || strings.HasPrefix(p, "~/")) {
		return filepath.Join(home, strings.TrimPrefix(p[1:], "/"))
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}
