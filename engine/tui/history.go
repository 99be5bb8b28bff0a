package tui

import (
	"encoding/json"
)

// loadHistory draws a session's history as pi's renderInitialMessages:
// the context's messages (get_messages) with the extensions' custom
// entries (get_entries) at their place on the active branch. The two
// answers arrive in order; the messages wait for the entries.
func (m *model) loadHistory(then ...func(m *model)) {
	var msgs []any
	m.c.request(cmd("get_messages"), func(m *model, r response) {
		msgs, _ = r.data["messages"].([]any)
	})
	m.c.request(cmd("get_entries"), func(m *model, r response) {
		var entries []map[string]any
		if r.ok {
			entries = contextEntries(r.data)
		}
		m.drawHistory(msgs, entries)
		// After the session's history, before what the caller says
		// (pi's rebindSession shows its runtime diagnostics then).
		for _, d := range m.diagnostics {
			m.show(d[0], d[1])
		}
		m.diagnostics = nil
		for _, f := range then {
			f(m)
		}
	})
}

// drawHistory walks the context entries: an entry that gives the model a
// message takes the next message when that message is its own (same
// role, and for a message entry the same timestamp), a custom entry is
// drawn in between. Messages the walk did not place follow at the end,
// so a mismatch never loses one.
func (m *model) drawHistory(msgs []any, entries []map[string]any) {
	next := 0
	for _, e := range entries {
		if e["type"] == "custom" {
			m.entryAppended(map[string]any{"entry": e})
			continue
		}
		if next < len(msgs) {
			if msg, _ := msgs[next].(map[string]any); givesMessage(e, msg) {
				m.addMessage(msg, true)
				next++
			}
		}
	}
	for _, x := range msgs[next:] {
		msg, _ := x.(map[string]any)
		m.addMessage(msg, true)
	}
}

// givesMessage reports whether msg is the context message of entry e.
func givesMessage(e, msg map[string]any) bool {
	switch e["type"] {
	case "message":
		em, _ := e["message"].(map[string]any)
		return em["role"] == msg["role"] && em["timestamp"] == msg["timestamp"]
	case "custom_message":
		return msg["role"] == "custom" && msg["customType"] == e["customType"]
	case "branch_summary":
		return msg["role"] == "branchSummary"
	case "compaction":
		return msg["role"] == "compactionSummary"
	}
	return false
}

// contextEntries is pi's buildContextEntries over get_entries' answer:
// the branch from the root to leafId; from the newest compaction on, the
// compaction, the entries it kept (firstKeptEntryId up to it), then
// those after it.
func contextEntries(data map[string]any) []map[string]any {
	list, _ := data["entries"].([]any)
	byID := map[string]map[string]any{}
	for _, x := range list {
		var e map[string]any
		switch v := x.(type) {
		case map[string]any:
			e = v
		case json.RawMessage:
			_ = json.Unmarshal(v, &e)
		}
		if id, _ := e["id"].(string); id != "" {
			byID[id] = e
		}
	}
	leaf, _ := data["leafId"].(string)
	var path []map[string]any
	for e := byID[leaf]; e != nil && len(path) <= len(byID); {
		path = append(path, e)
		parent, _ := e["parentId"].(string)
		e = byID[parent]
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	last := -1
	for i, e := range path {
		if e["type"] == "compaction" {
			last = i
		}
	}
	if last < 0 {
		return path
	}
	out := []map[string]any{path[last]}
	kept, _ := path[last]["firstKeptEntryId"].(string)
	keeping := false
	for _, e := range path[:last] {
		if e["id"] == kept {
			keeping = true
		}
		if keeping {
			out = append(out, e)
		}
	}
	return append(out, path[last+1:]...)
}
