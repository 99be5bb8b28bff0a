package watch

import (
	"sort"
	"strings"

	"github.com/pigo-dev/pigo/engine"
)

// A change names one registration a reload added, removed or changed, as
// "kind:id": "tool:greet", "command:hello", "hook:tool_call",
// "provider:openai", "resource:skill-x", "setting:shout.upper". The kind is
// the registry name made singular ("tools" → "tool"); hooks come from the
// generation's hook names. Lists are sorted by kind (tool, command, hook,
// then the other kinds alphabetically) and then by id, so the same reload
// always prints the same way.

// kindOf returns the change kind of a registry name.
func kindOf(registry string) string {
	switch registry {
	case "tools":
		return "tool"
	case "commands":
		return "command"
	case "hooks":
		return "hook"
	}
	if k := strings.TrimSuffix(registry, "s"); k != "" {
		return k
	}
	return registry
}

// kindRank orders kinds: tools, commands and hooks first.
func kindRank(kind string) int {
	switch kind {
	case "tool":
		return 0
	case "command":
		return 1
	case "hook":
		return 2
	}
	return 3
}

// sortChanges sorts "kind:id" strings by kind rank, kind, then id.
func sortChanges(cs []string) []string {
	sort.Slice(cs, func(i, j int) bool {
		ki, ii, _ := strings.Cut(cs[i], ":")
		kj, ij, _ := strings.Cut(cs[j], ":")
		if ri, rj := kindRank(ki), kindRank(kj); ri != rj {
			return ri < rj
		}
		if ki != kj {
			return ki < kj
		}
		return ii < ij
	})
	return cs
}

// flatten turns per-registry diffs and the hook diff into sorted change
// lists. The result slices are never nil (JSON prints []).
func flatten(diffs map[string]engine.Diff, hooks engine.Diff) (added, removed, changed []string) {
	added, removed, changed = []string{}, []string{}, []string{}
	add := func(dst *[]string, kind string, ids []string) {
		for _, id := range ids {
			*dst = append(*dst, kind+":"+id)
		}
	}
	for reg, d := range diffs {
		k := kindOf(reg)
		add(&added, k, d.Added)
		add(&removed, k, d.Removed)
		add(&changed, k, d.Changed)
	}
	add(&added, "hook", hooks.Added)
	add(&removed, "hook", hooks.Removed)
	add(&changed, "hook", hooks.Changed)
	return sortChanges(added), sortChanges(removed), sortChanges(changed)
}

// Registered lists everything plugin id currently has registered, as
// sorted changes ("tool:greet", "hook:tool_call", ...): what a first load
// "added". Safe from any goroutine.
func Registered(h *engine.Host, id string) []string {
	out := []string{}
	rep := h.Report()
	for _, p := range rep.Plugins {
		if p.ID != id {
			continue
		}
		for reg, ids := range p.Registered {
			for _, x := range ids {
				out = append(out, kindOf(reg)+":"+x)
			}
		}
		for _, x := range p.Hooks {
			out = append(out, "hook:"+x)
		}
	}
	return sortChanges(out)
}
