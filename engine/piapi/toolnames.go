package piapi

import (
	"regexp"
	"slices"
	"strings"
)

// ToolPattern is pi 1.6's toolPatternRegExp: `*` matches any characters,
// everything else itself.
func ToolPattern(p string) *regexp.Regexp {
	parts := strings.Split(p, "*")
	for i, s := range parts {
		parts[i] = regexp.QuoteMeta(s)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

// ToolNameMatcher is pi 1.6's createToolNameMatcher: entries are tool
// names, or patterns when they contain `*`.
func ToolNameMatcher(entries []string) func(name string) bool {
	var names []string
	var patterns []*regexp.Regexp
	for _, e := range entries {
		if strings.Contains(e, "*") {
			patterns = append(patterns, ToolPattern(e))
		} else {
			names = append(names, e)
		}
	}
	return func(name string) bool {
		return slices.Contains(names, name) || slices.ContainsFunc(patterns, func(p *regexp.Regexp) bool { return p.MatchString(name) })
	}
}

// ExcludeTools keeps the tools excluded matches out of the active ones,
// whatever sets them later (pi 1.6's --exclude-tools, which applies
// after every other selection, extensions' included).
func (p *State) ExcludeTools(excluded func(name string) bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.excluded = excluded
}
