package pkgmgr

import (
	"context"
	"regexp"
	"strings"
)

// Ensure is what pi 1.6 does with an npm or git source when it resolves
// packages at start-up (resolvePackageSources): a package that is missing,
// or an npm one whose installed version is outside its range, is
// installed (not when offline: then it is skipped); a Temporary one (-e)
// that is there is refreshed, an unpinned npm package when the registry
// has a newer version for its spec and a git clone fetched and reset
// unless its ref is the commit checked out, and a failed refresh keeps the
// cached copy. Local sources need nothing. The error is the failed
// install, which pi reports as a warning and goes on without the package.
func (m *Manager) Ensure(ctx context.Context, raw string, scope Scope) error {
	src, err := Parse(raw)
	if err != nil {
		return err
	}
	if src.Kind == Local {
		return nil
	}
	if _, ok := m.Loadable(raw, scope); ok {
		if scope == Temporary && !m.Offline() {
			m.refreshTemporary(ctx, src)
		}
		return nil
	}
	if m.Offline() {
		return nil
	}
	m.progress("Installing %s...", raw)
	if src.Kind == NPM {
		_, err = m.installNPM(ctx, scope, []Source{src}, nil)
		return err
	}
	return m.installGit(ctx, src, scope)
}

var commitHash = regexp.MustCompile(`(?i)^[0-9a-f]{7,64}$`)

// refreshTemporary is pi's refresh of a cached -e package; failures keep
// the cached copy.
func (m *Manager) refreshTemporary(ctx context.Context, src Source) {
	switch src.Kind {
	case NPM:
		if !src.Pinned() {
			_, _ = m.updateNPM(ctx, src, Temporary)
		}
	case Git:
		dir, err := m.Dir(src, Temporary)
		if err != nil {
			return
		}
		if src.Ref != "" && commitHash.MatchString(src.Ref) {
			if head, err := m.git(ctx, dir, "rev-parse", "HEAD"); err == nil && strings.HasPrefix(strings.ToLower(head), strings.ToLower(src.Ref)) {
				return
			}
		}
		m.progress("Refreshing %s...", src.Raw)
		_, _ = m.updateGit(ctx, src, dir) // a failed fetch changes nothing

	}
}
