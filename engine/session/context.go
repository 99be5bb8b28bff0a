package session

// ModelRef names a model: provider and model id.
type ModelRef struct {
	Provider string `json:"provider"`
	ModelID  string `json:"modelId"`
}

// Context is what a branch sends to the model (pi's SessionContext).
type Context struct {
	// Messages are AgentMessages: message entries as stored, and the
	// custom / branchSummary / compactionSummary messages pi derives from
	// custom_message, branch_summary and compaction entries. They share
	// the entries' nested values and must not be modified.
	Messages      []map[string]any
	ThinkingLevel string    // "off" when the path sets none
	Model         *ModelRef // nil when the path names none
}

// BuildContext is pi's buildSessionContext for the path root → leafID:
// the last thinking_level_change and model_change (or assistant message's
// provider/model) on the path give the settings; with a compaction on the
// path the messages are its summary, then the path entries from its
// firstKeptEntryId up to it, then the entries after it; message,
// custom_message and branch_summary entries become messages, the others
// are skipped. leafID "" means before the first entry (no messages); an
// unknown leafID falls back to the last entry.
func (t *Tree) BuildContext(leafID string) Context {
	t.mu.Lock()
	defer t.mu.Unlock()
	ctx := Context{ThinkingLevel: "off", Messages: []map[string]any{}}
	if leafID == "" {
		return ctx
	}
	if t.byID[leafID] == nil {
		if len(t.recs) == 0 {
			return ctx
		}
		leafID, _ = t.recs[len(t.recs)-1].e["id"].(string)
	}
	path := t.pathLocked(leafID)
	entries := make([]Entry, len(path))
	for i, r := range path {
		entries[i] = r.e
	}
	return PathContext(entries)
}

// PathContext is pi's buildSessionContext for a branch given as its
// entries, root first (see [Tree.BuildContext]).
func PathContext(path []Entry) Context {
	ctx := Context{ThinkingLevel: "off", Messages: []map[string]any{}}
	compaction := -1
	for i, e := range path {
		switch e["type"] {
		case "thinking_level_change":
			ctx.ThinkingLevel, _ = e["thinkingLevel"].(string)
		case "model_change":
			p, _ := e["provider"].(string)
			m, _ := e["modelId"].(string)
			ctx.Model = &ModelRef{p, m}
		case "message":
			if msg, _ := e["message"].(map[string]any); msg["role"] == "assistant" {
				p, _ := msg["provider"].(string)
				m, _ := msg["model"].(string)
				ctx.Model = &ModelRef{p, m}
			}
		case "compaction":
			compaction = i
		}
	}
	// pi 1.6's context edits: a target's last context_edit replaces its
	// content, or (replacement null) leaves it out. (An edit the compaction
	// summarized away targets an entry summarized away too.)
	edits := map[string]Entry{}
	for _, e := range path {
		if id, _ := e["targetId"].(string); e["type"] == "context_edit" && id != "" {
			edits[id] = e
		}
	}
	add := func(e Entry) {
		m := EntryMessage(e)
		if m == nil {
			return
		}
		if id, _ := e["id"].(string); edits[id] != nil {
			if m = EditedMessage(m, edits[id]["replacement"]); m == nil {
				return
			}
		}
		ctx.Messages = append(ctx.Messages, m)
	}
	if compaction < 0 {
		for _, e := range path {
			add(e)
		}
		return ctx
	}
	c := path[compaction]
	// pi 1.6: the compaction keeps a snapshot of the replayed system
	// message; it leads the context, and the kept entries' own system
	// messages are left out (the snapshot already holds them).
	if sm, ok := c["systemMessage"].(map[string]any); ok {
		ctx.Messages = append(ctx.Messages, sm)
	}
	ctx.Messages = append(ctx.Messages, map[string]any{
		"role": "compactionSummary", "summary": c["summary"], "tokensBefore": c["tokensBefore"],
		"timestamp": jsTime(c["timestamp"]),
	})
	kept := false
	for _, e := range path[:compaction] {
		if id, _ := e["id"].(string); id != "" && id == c["firstKeptEntryId"] {
			kept = true
		}
		if kept && !IsSystemMessage(EntryMessage(e)) {
			add(e)
		}
	}
	for _, e := range path[compaction+1:] {
		add(e)
	}
	return ctx
}

// ProjectedEntry is one entry of a branch's context (pi 1.6's projected
// session entry): the entry and the messages it gives the model (none
// for an entry that gives none, or whose context edit removed it).
type ProjectedEntry struct {
	Entry    Entry
	Messages []map[string]any
}

// PathProjection is pi 1.6's buildSessionProjection entries for a branch
// given root first: the entries the context is built from (with a
// compaction on the branch, the last one, then the entries it keeps and
// those after it) with their messages, context edits applied.
func PathProjection(path []Entry) []ProjectedEntry {
	entries := path
	compaction := -1
	for i, e := range path {
		if e["type"] == "compaction" {
			compaction = i
		}
	}
	if compaction >= 0 {
		c := path[compaction]
		entries = []Entry{c}
		kept := false
		for _, e := range path[:compaction] {
			if id, _ := e["id"].(string); id != "" && id == c["firstKeptEntryId"] {
				kept = true
			}
			if kept && !IsSystemMessage(EntryMessage(e)) {
				entries = append(entries, e)
			}
		}
		entries = append(entries, path[compaction+1:]...)
	}
	edits := map[string]Entry{}
	for _, e := range entries {
		if id, _ := e["targetId"].(string); e["type"] == "context_edit" && id != "" {
			edits[id] = e
		}
	}
	out := make([]ProjectedEntry, len(entries))
	for i, e := range entries {
		msgs := []map[string]any{}
		switch {
		case e["type"] == "compaction":
			if i == 0 { // an older compaction kept in range gives nothing
				if sm, ok := e["systemMessage"].(map[string]any); ok {
					msgs = append(msgs, sm)
				}
				msgs = append(msgs, map[string]any{"role": "compactionSummary", "summary": e["summary"],
					"tokensBefore": e["tokensBefore"], "timestamp": jsTime(e["timestamp"])})
			}
		default:
			m := EntryMessage(e)
			if id, _ := e["id"].(string); m != nil && edits[id] != nil {
				m = EditedMessage(m, edits[id]["replacement"])
			}
			if m != nil {
				msgs = append(msgs, m)
			}
		}
		out[i] = ProjectedEntry{Entry: e, Messages: msgs}
	}
	return out
}

// EditedMessage is m as a context edit's replacement leaves it: nil for
// a null replacement, else m with the replacement's content (a string
// given for a reply or tool result becomes one text block).
func EditedMessage(m map[string]any, replacement any) map[string]any {
	r, _ := replacement.(map[string]any)
	if r == nil {
		return nil
	}
	content := r["content"]
	if s, ok := content.(string); ok && (m["role"] == "assistant" || m["role"] == "toolResult") {
		content = []any{map[string]any{"type": "text", "text": s}}
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	out["content"] = content
	return out
}

// EntryMessage is the AgentMessage an entry contributes, or nil.
func EntryMessage(e Entry) map[string]any {
	switch e["type"] {
	case "message":
		m, _ := e["message"].(map[string]any)
		return m
	case "custom_message":
		m := map[string]any{"role": "custom", "customType": e["customType"], "content": e["content"],
			"display": e["display"], "timestamp": jsTime(e["timestamp"])}
		if d, ok := e["details"]; ok {
			m["details"] = d
		}
		return m
	case "branch_summary":
		if s, _ := e["summary"].(string); s == "" {
			return nil
		}
		return map[string]any{"role": "branchSummary", "summary": e["summary"], "fromId": e["fromId"],
			"timestamp": jsTime(e["timestamp"])}
	}
	return nil
}

// jsTime is new Date(ts).getTime() in JSON terms: milliseconds as a
// float64, or nil (JSON null) for an invalid date.
func jsTime(v any) any {
	tm, ok := parseISO(v)
	if !ok {
		return nil
	}
	return float64(tm.UnixMilli())
}
