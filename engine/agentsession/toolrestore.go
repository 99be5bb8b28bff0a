package agentsession

import (
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/piapi"
	pisession "github.com/pigo-dev/pigo/engine/session"
)

// piBaseTools are pi's built-in tools (createAllToolDefinitions): they
// follow defaultTools, not the transcript.
var piBaseTools = []string{"read", "bash", "powershell", "edit", "write", "grep", "find", "ls"}

// restoreToolsFromTranscript is pi 1.6's _restoreToolsFromTranscript: a
// session whose system messages recorded a tool loadout gets it back when
// it is resumed or switched to. The tools it declares last (also before a
// compaction) become active, plus the extension tools active now that it
// never mentioned (registered since); --tools +name/-name entries apply on
// top. Nothing changes for a session without system messages, or when
// --tools names a list or --no-tools or --no-builtin-tools is given (pi's
// usesDefaultTools).
func (rt *agentRuntime) restoreToolsFromTranscript(tree *pisession.Tree) {
	f := rt.flags
	if f.noTools || f.NoBuiltinTools || slices.ContainsFunc(f.tools, func(e string) bool { return !strings.HasPrefix(e, "+") && !strings.HasPrefix(e, "-") }) {
		return
	}
	rt.restoreLoadout(tree, f.tools)
}

// restoreBranchTools is pi 1.6's restore after a tree navigation: the
// loadout the new branch recorded, whatever the tool flags (pi calls
// _restoreToolsFromTranscript there without its usesDefaultTools check or
// the --tools modifiers).
func (rt *agentRuntime) restoreBranchTools(tree *pisession.Tree) { rt.restoreLoadout(tree, nil) }

// restoreLoadout activates the loadout tree's branch recorded, with the
// +name/-name entries of modifiers applied.
func (rt *agentRuntime) restoreLoadout(tree *pisession.Tree, modifiers []string) {
	var system []map[string]any
	for _, e := range tree.Branch("") {
		if m := pisession.EntryMessage(e); pisession.IsSystemMessage(m) {
			system = append(system, m)
		}
	}
	if len(system) == 0 {
		return
	}
	mentioned := map[string]bool{}
	for _, m := range system {
		for _, key := range []string{"toolsAdded", "toolsRemoved"} {
			list, _ := m[key].([]any)
			for _, t := range list {
				tm, _ := t.(map[string]any)
				name, _ := tm["name"].(string)
				mentioned[name] = true
			}
		}
	}
	var names []string
	for _, t := range pisession.CurrentTools(system) {
		name, _ := t["name"].(string)
		names = append(names, name)
	}
	restored := slices.Clone(names)
	pi := piapi.Of(rt.host)
	active := pi.ActiveTools()
	for _, e := range rt.host.Tools().Current().Entries() {
		if !mentioned[e.ID] && slices.Contains(active, e.ID) && !slices.Contains(piBaseTools, e.ID) {
			names = append(names, e.ID)
		}
	}
	if len(modifiers) > 0 { // only +name/-name entries here
		names = toolSelection(names, modifiers)
		restored = toolSelection(restored, modifiers)
	}
	if names == nil {
		names = []string{}
	}
	// Recorded tools not registered yet (an MCP server's, still
	// connecting) are activated when they register.
	pi.RestoreTools(names, restored)
}
