package agentsession

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// pi 1.6's session queries: get_entries (the entries in append order
// after an optional cursor) and get_tree (the entries as a tree). Entries
// go out as their session-file lines, so a client sees the bytes pi
// would write.

// clearQueue is pi 1.6's clear_queue: the queued steering and follow-up
// messages are dropped and their texts returned.
func (s *rpcServer) clearQueue(*rpcCommand) (any, bool, error) {
	steer, follow := s.rt.agent.ClearQueue()
	s.rt.syncQueue()
	return ordered{{"steering", steer}, {"followUp", follow}}, true, nil
}

func (s *rpcServer) getAvailableThinkingLevels(*rpcCommand) (any, bool, error) {
	return ordered{{"levels", s.rt.availableThinkingLevels()}}, true, nil
}

// leafData is pi's getLeafId(): null for an empty session.
func (rt *agentRuntime) leafData() any {
	if id := rt.tree().LeafID(); id != "" {
		return id
	}
	return nil
}

func (s *rpcServer) getEntries(c *rpcCommand) (any, bool, error) {
	since := ""
	if v, ok := c.raw["since"]; ok {
		since = jsString(v)
	}
	entries, ok := s.rt.tree().RawEntries(since)
	if !ok {
		return nil, false, fmt.Errorf("Entry not found: %s", since)
	}
	return ordered{{"entries", entries}, {"leafId", s.rt.leafData()}}, true, nil
}

// treeNode is one node of pi's getTree().
type treeNode struct {
	entry     json.RawMessage
	ts        time.Time
	children  []*treeNode
	label     any // omitted when the entry has no label
	labelTime any
}

func (n *treeNode) data() ordered {
	kids := make([]any, len(n.children))
	for i, c := range n.children {
		kids[i] = c.data()
	}
	o := ordered{{"entry", n.entry}, {"children", kids}}
	if n.label != nil {
		o = append(o, member{"label", n.label}, member{"labelTimestamp", n.labelTime})
	}
	return o
}

func (s *rpcServer) getTree(*rpcCommand) (any, bool, error) {
	tr := s.rt.tree()
	raw, _ := tr.RawEntries("")
	entries := tr.Entries()
	nodes := make(map[string]*treeNode, len(entries))
	for i, e := range entries {
		id, _ := e["id"].(string)
		n := &treeNode{entry: raw[i]}
		if ts, ok := e["timestamp"].(string); ok {
			n.ts, _ = time.Parse(time.RFC3339Nano, ts)
		}
		if text, at, ok := tr.LabelInfo(id); ok {
			n.label, n.labelTime = text, at
		}
		nodes[id] = n
	}
	var roots []*treeNode
	for _, e := range entries {
		id, _ := e["id"].(string)
		parent, _ := e["parentId"].(string)
		if p := nodes[parent]; p != nil && parent != id {
			p.children = append(p.children, nodes[id])
		} else {
			roots = append(roots, nodes[id]) // a root, or an orphan
		}
	}
	// Children oldest first (pi sorts by timestamp, stably).
	for _, n := range nodes {
		slices.SortStableFunc(n.children, func(a, b *treeNode) int { return a.ts.Compare(b.ts) })
	}
	tree := make([]any, len(roots))
	for i, r := range roots {
		tree[i] = r.data()
	}
	return ordered{{"tree", tree}, {"leafId", s.rt.leafData()}}, true, nil
}
