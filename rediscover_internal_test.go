package pigo

import (
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/jsapi/discover"
)

// TestPlaceDiscovered: a plugin discovery found late goes where
// discovery's order puts it among the plugins there are (pi's order: the
// project's packages before the user's, built-ins last), not last.
func TestPlaceDiscovered(t *testing.T) {
	exts := []discover.Extension{{Path: "/cli.ts"}, {Path: "/proj-auto.ts"}, {Path: "/proj-npm.ts"}, {Path: "/user-pkg.ts"}}
	plugins := func(paths ...string) []Plugin {
		var out []Plugin
		for _, p := range paths {
			out = append(out, Plugin{ID: strings.Trim(p, "/"), Path: p})
		}
		return out
	}
	names := func(ps []Plugin) string {
		var s []string
		for _, p := range ps {
			s = append(s, p.ID)
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct {
		have []Plugin
		add  string
		want string
	}{
		{plugins("/cli.ts", "/proj-auto.ts", "/user-pkg.ts", ""), "/proj-npm.ts", "cli.ts proj-auto.ts proj-npm.ts user-pkg.ts "},
		{plugins("/user-pkg.ts"), "/proj-npm.ts", "proj-npm.ts user-pkg.ts"},
		{plugins("/cli.ts"), "/user-pkg.ts", "cli.ts user-pkg.ts"},
		{plugins("/cli.ts"), "/elsewhere.ts", "cli.ts elsewhere.ts"},
	} {
		got := names(placeDiscovered(c.have, Plugin{ID: strings.Trim(c.add, "/"), Path: c.add}, exts))
		if got != c.want {
			t.Errorf("%s into %s: %q, want %q", c.add, names(c.have), got, c.want)
		}
	}
}
