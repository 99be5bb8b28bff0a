package pigo

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/pigo-dev/pigo/engine/pathrules"
	"github.com/pigo-dev/pigo/engine/pkgmgr"
	"github.com/pigo-dev/pigo/jsapi/discover"
)

// installPackages is what pi 1.6 does with packages before it loads
// extensions: each -e npm:/git: value is installed into (or refreshed in)
// its cache of temporary packages, and each npm or git package of the
// user's settings that is not installed is installed. A failure is a
// warning in pi's words and the run goes on without that package. The
// project's packages wait for project trust in pi; pigo leaves them to
// `pigo install -l` (discovery reports a missing one).
func installPackages(ctx context.Context, m *pkgmgr.Manager, cliValues []string) (problems []discover.Problem, failed map[string]bool) {
	failed = map[string]bool{}
	current := ""
	m.Warn = func(text string) {
		problems = append(problems, discover.Problem{Source: current, Message: fmt.Sprintf("Extension package %q: %s", current, text)})
	}
	fail := func(source string, err error, hint string) {
		failed[source] = true
		problems = append(problems, discover.Problem{Source: source,
			Message: fmt.Sprintf("Extension package %q: failed to install (%v). %s", source, err, hint)})
	}
	for _, v := range cliValues {
		if pathrules.IsLocalSource(v) || strings.HasPrefix(v, discover.BuiltinPrefix) {
			continue
		}
		if _, cached := m.Loadable(v, pkgmgr.Temporary); !cached && m.Offline() {
			failed[v] = true // pi skips it without a word
			continue
		}
		current = v
		if err := m.Ensure(ctx, v, pkgmgr.Temporary); err != nil {
			fail(v, err, "Check the source and try again.")
		}
	}
	configured, err := m.List()
	if err != nil {
		return problems, failed // discovery reports the settings file
	}
	for _, p := range configured {
		if p.Scope != pkgmgr.User {
			continue
		}
		// Ensure installs a package that is missing or outside its range.
		current = p.Source
		if err := m.Ensure(ctx, p.Source, pkgmgr.User); err != nil {
			fail(p.Source, err, fmt.Sprintf("Run \"pigo remove %s\" to remove it from settings.json.", p.Source))
		}
	}
	return problems, failed
}

// withoutNotInstalled drops discovery's "not installed" problems of the
// sources whose install failed (the failure says more).
func withoutNotInstalled(problems []discover.Problem, failed map[string]bool) []discover.Problem {
	return slices.DeleteFunc(problems, func(p discover.Problem) bool {
		return failed[p.Source] && strings.HasPrefix(p.Message, "package not installed")
	})
}

// environList is env as KEY=VALUE lines, sorted.
func environList(env map[string]string) []string {
	out := make([]string, 0, len(env))
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}
