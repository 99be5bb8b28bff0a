package agentsession

import (
	"encoding/json"

	"github.com/pigo-dev/pigo/engine/piapi"
	pisession "github.com/pigo-dev/pigo/engine/session"
)

// watchEntries tells the session's clients of what extensions add to
// tree while it is the session, as pi 1.6's AgentSession does: a custom
// entry (pi.appendEntry) as entry_appended, with its session file line,
// which an interactive client draws with the extension's entry renderer;
// a prompt cache refresh's usage entry (kind cache_warm) the same way;
// a session name (pi.setSessionName) as session_info_changed, with the
// trimmed name (none when cleared). The RPC set_session_name command
// names the session without an observed append and says so itself.
func (rt *agentRuntime) watchEntries(tree *pisession.Tree) {
	tree.OnAppend(func(e pisession.Entry, raw json.RawMessage) {
		if piapi.Of(rt.host).Session() != tree {
			return
		}
		switch e["type"] {
		case "custom":
			rt.emit(map[string]any{"type": "entry_appended", "entry": raw})
		case "usage": // a prompt cache refresh (pi 1.6's onWarmed)
			if e["kind"] == "cache_warm" {
				rt.emit(map[string]any{"type": "entry_appended", "entry": raw})
			}
		case "session_info":
			ev := map[string]any{"type": "session_info_changed"}
			if name, ok := tree.Name(); ok {
				ev["name"] = name
			}
			rt.emit(ev)
		}
	})
}
