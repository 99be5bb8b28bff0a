package pkgmgr_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

func TestParse(t *testing.T) {
	cases := []struct {
		raw      string
		kind     pkgmgr.Kind
		name     string // npm name, or git host/path
		version  string // npm version, or git ref
		repo     string
		identity string
		pinned   bool
	}{
		{"npm:foo", pkgmgr.NPM, "foo", "", "", "npm:foo", false},
		{"npm:@scope/pkg@^1.2.0", pkgmgr.NPM, "@scope/pkg", "^1.2.0", "", "npm:@scope/pkg", false},
		{"npm:foo@1.2.3", pkgmgr.NPM, "foo", "1.2.3", "", "npm:foo", true},
		{"npm: foo@next", pkgmgr.NPM, "foo", "next", "", "npm:foo", false},
		{"git:github.com/user/repo@v1", pkgmgr.Git, "github.com/user/repo", "v1", "https://github.com/user/repo", "git:github.com/user/repo", true},
		{"git:git@github.com:user/repo.git", pkgmgr.Git, "github.com/user/repo", "", "git@github.com:user/repo.git", "git:github.com/user/repo", false},
		{"https://example.com/a/b.git", pkgmgr.Git, "example.com/a/b", "", "https://example.com/a/b.git", "git:example.com/a/b", false},
		{"https://example.com/a/b@abc123", pkgmgr.Git, "example.com/a/b", "abc123", "https://example.com/a/b", "git:example.com/a/b", true},
		{"ssh://git@example.com/a/b", pkgmgr.Git, "example.com/a/b", "", "ssh://git@example.com/a/b", "git:example.com/a/b", false},
		{"./local", pkgmgr.Local, "", "", "", "local:/base/local", false},
		{"~/x", pkgmgr.Local, "", "", "", "local:/home/x", false},
		// Not a git URL pi accepts: a local path.
		{"git:nohost", pkgmgr.Local, "", "", "", "local:/base/git:nohost", false},
		{"git:example.com/../../etc", pkgmgr.Local, "", "", "", "local:/etc", false},
	}
	for _, c := range cases {
		s, err := pkgmgr.Parse(c.raw)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.raw, err)
			continue
		}
		name, version := s.Name, s.Version
		if s.Kind == pkgmgr.Git {
			name, version = s.Host+"/"+s.Path, s.Ref
		}
		if s.Kind != c.kind || name != c.name || version != c.version || s.Repo != c.repo || s.Pinned() != c.pinned {
			t.Errorf("Parse(%q) = %+v (pinned %v)", c.raw, s, s.Pinned())
		}
		if id := s.Identity("/base", "/home"); id != c.identity {
			t.Errorf("Parse(%q).Identity = %q, want %q", c.raw, id, c.identity)
		}
	}
	for _, bad := range []string{"npm:", "npm:../x", "npm:@/x", "npm:a/b/c", "npm:.hidden"} {
		if _, err := pkgmgr.Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}
