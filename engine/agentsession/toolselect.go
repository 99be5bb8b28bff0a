package agentsession

import (
	"slices"
	"strings"
)

// toolSelection applies one `defaultTools` or `--tools` list to base, as
// pi 1.6: plain names form the selection (replacing base), then `+name`
// adds and `-name` removes, in order; a list of only `+`/`-` entries
// therefore changes base, and an empty list selects nothing. This is how built-in extensions' inactive tools
// (codemode) are enabled: `--tools +codemode`.
func toolSelection(base, entries []string) []string {
	var plain []string
	for _, e := range entries {
		if !strings.HasPrefix(e, "+") && !strings.HasPrefix(e, "-") {
			plain = append(plain, e)
		}
	}
	out := slices.Clone(base)
	if plain != nil || len(entries) == 0 {
		out = plain
	}
	for _, e := range entries {
		switch name := e[min(1, len(e)):]; {
		case strings.HasPrefix(e, "+") && !slices.Contains(out, name):
			out = append(out, name)
		case strings.HasPrefix(e, "-"):
			out = slices.DeleteFunc(out, func(n string) bool { return n == name })
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// defaultTools is base with the user's `defaultTools` setting applied,
// then the project's; ok is false when neither sets it.
func (s *piSettings) defaultTools(base []string) (sel []string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sel = base
	for _, m := range []map[string]any{s.global, s.project} {
		list, isList := m["defaultTools"].([]any)
		if !isList {
			continue
		}
		var entries []string
		for _, v := range list {
			if str, isStr := v.(string); isStr {
				entries = append(entries, str)
			}
		}
		sel, ok = toolSelection(sel, entries), true
	}
	return sel, ok
}
