package discover

import (
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo/engine/resources"
)

// BuiltinPrefix names pi's built-in extensions in `-e` and `extensions`.
const BuiltinPrefix = resources.BuiltinPrefix

// Builtins is pi's rule for built-in extensions (names: those the host
// has, e.g. "codemode"): each loads unless the user's `extensions` setting
// disables it (`-builtin:NAME`, `!builtin:NAME`; `+builtin:NAME` enables),
// where a matching entry in the project's setting overrides the user's;
// --no-extensions disables them all; `-e builtin:NAME` loads one anyway.
// It returns the names to load, in names order, then the `-e` ones, and a
// Problem for an unknown `-e builtin:` name. Other opts.Extensions values
// are Discover's.
func Builtins(opts Options, names []string) ([]string, []Problem) {
	known := map[string]bool{}
	for _, n := range names {
		known[n] = true
	}
	var out []string
	var problems []Problem
	seen := map[string]bool{}
	if !opts.NoExtensions {
		d := newDiscoverer(opts)
		proj := d.loadSettings(filepath.Join(d.cwd, ".pi", "settings.json"), "project")
		var user settingsFile
		if d.agentDir != "" {
			user = d.loadSettings(filepath.Join(d.agentDir, "settings.json"), "global")
		}
		for _, n := range names {
			on, set := resources.BuiltinOverride(proj.extensions, n)
			if !set {
				on, set = resources.BuiltinOverride(user.extensions, n)
			}
			if on || !set {
				out, seen[n] = append(out, n), true
			}
		}
	}
	for _, v := range opts.Extensions {
		n, ok := strings.CutPrefix(v, BuiltinPrefix)
		switch {
		case !ok || seen[n]:
		case !known[n]:
			problems = append(problems, Problem{Source: v, Message: "Unknown built-in extension: " + v})
		default:
			out, seen[n] = append(out, n), true
		}
	}
	return out, problems
}
