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
	pi := piapi.Of(rt.host)
	active := pi.ActiveTools()
	registered := map[string]bool{}
	for _, e := range rt.host.Tools().Current().Entries() {
		registered[e.ID] = true
		if !mentioned[e.ID] && slices.Contains(active, e.ID) && !slices.Contains(piBaseTools, e.ID) {
			names = append(names, e.ID)
		}
	}
	if len(f.tools) > 0 { // only +name/-name entries here
		names = toolSelection(names, f.tools)
	}
	names = slices.DeleteFunc(names, func(n string) bool { return !registered[n] })
	if names == nil {
		names = []string{}
	}
	pi.SetActiveTools("", names)
}
