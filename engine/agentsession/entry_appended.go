package agentsession

import (
	"encoding/json"

	pisession "github.com/pigo-dev/pigo/engine/session"
)

// watchEntries tells the session's clients of each custom entry added to
// tree while it is the session (pi's entry_appended event, sent when an
// extension calls pi.appendEntry): an interactive client draws it with the
// extension's entry renderer. The entry is its session file line.
func (rt *agentRuntime) watchEntries(tree *pisession.Tree) {
	tree.OnAppend(func(e pisession.Entry, raw json.RawMessage) {
		if e["type"] == "custom" && rt.host.Pi().Session() == tree {
			rt.emit(map[string]any{"type": "entry_appended", "entry": raw})
		}
	})
}
