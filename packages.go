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
// project's packages wait for project trust (installConfigured, from
// App.LoadProject and App.Relocate).
func installPackages(ctx context.Context, m *pkgmgr.Manager, cliValues []string) (problems []discover.Problem, failed map[string]bool) {
	failed = map[string]bool{}
	current := ""
	m.Warn = func(text string) {
		problems = append(problems, discover.Problem{Source: current, Message: fmt.Sprintf("Extension package %q: %s", current, text)})
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
			failed[v] = true
			problems = append(problems, installFailure(v, pkgmgr.Temporary, err))
		}
	}
	more, settled := installConfigured(ctx, m, pkgmgr.User)
	for s := range settled {
		failed[s] = true
	}
	return append(problems, more...), failed
}

// installConfigured is pi's resolvePackageSources for the packages of
// scope's settings (User or Project): Ensure installs each npm or git
// one that is missing or outside its range, automatically, with no
// prompt. settled names the sources that are installed now or whose
// install failed: discovery's "not installed" problem for them is stale
// or says less.
func installConfigured(ctx context.Context, m *pkgmgr.Manager, scope pkgmgr.Scope) (problems []discover.Problem, settled map[string]bool) {
	settled = map[string]bool{}
	configured, err := m.List()
	if err != nil {
		return nil, settled // discovery reports the settings file
	}
	current := ""
	m.Warn = func(text string) {
		problems = append(problems, discover.Problem{Source: current, Message: fmt.Sprintf("Extension package %q: %s", current, text),
			Project: scope == pkgmgr.Project})
	}
	for _, p := range configured {
		if p.Scope != scope {
			continue
		}
		current = p.Source
		if err := m.Ensure(ctx, p.Source, scope); err != nil {
			settled[p.Source] = true
			problems = append(problems, installFailure(p.Source, scope, err))
		} else if _, ok := m.Loadable(p.Source, scope); ok {
			settled[p.Source] = true
		}
	}
	return problems, settled
}

// installFailure is pi's warning for a package that did not install
// (describePackageInstallFailure), word for word.
func installFailure(source string, scope pkgmgr.Scope, err error) discover.Problem {
	hint := "Check the source and try again."
	switch scope {
	case pkgmgr.User:
		hint = fmt.Sprintf("Run \"pigo remove %s\" to remove it from settings.json.", source)
	case pkgmgr.Project:
		hint = fmt.Sprintf("Run \"pigo remove %s --local\" to remove it from settings.json.", source)
	}
	return discover.Problem{Source: source, Message: fmt.Sprintf("Extension package %q: failed to install (%v). %s", source, err, hint),
		Project: scope == pkgmgr.Project}
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
