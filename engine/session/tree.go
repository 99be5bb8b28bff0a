package session

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"time"
)

// Entry is one session entry exactly as pi writes it: "type", "id",
// "parentId" (string or nil), "timestamp" (ISO 8601) and type-specific
// fields (message, customType, data, targetId, label, name, ...).
type Entry = map[string]any

// Header is the session file's first line.
type Header struct {
	Type          string `json:"type"` // "session"
	Version       int    `json:"version"`
	ID            string `json:"id"`
	Timestamp     string `json:"timestamp"`
	Cwd           string `json:"cwd"`
	ParentSession string `json:"parentSession,omitempty"`
}

// Tree is a session's entries. Safe for concurrent use.
type Tree struct {
	mu      sync.Mutex
	header  Header
	entries []Entry
	byID    map[string]Entry
	leaf    string // "" = before the first entry
	now     func() time.Time
}

// New creates an empty in-memory session for cwd.
func New(id, cwd string) *Tree {
	t := &Tree{byID: map[string]Entry{}, now: time.Now}
	t.header = Header{Type: "session", Version: 3, ID: id, Timestamp: isoTime(t.now()), Cwd: cwd}
	return t
}

// Header returns the session header.
func (t *Tree) Header() Header { t.mu.Lock(); defer t.mu.Unlock(); return t.header }

// Append adds e as a child of the leaf, fills id/parentId/timestamp, moves
// the leaf to it and returns a copy of the stored entry.
func (t *Tree) Append(e Entry) Entry {
	t.mu.Lock()
	defer t.mu.Unlock()
	stored := make(Entry, len(e)+3)
	for k, v := range e {
		stored[k] = v
	}
	id := t.newID()
	stored["id"] = id
	if t.leaf == "" {
		stored["parentId"] = nil
	} else {
		stored["parentId"] = t.leaf
	}
	if _, ok := stored["timestamp"]; !ok {
		stored["timestamp"] = isoTime(t.now())
	}
	t.entries = append(t.entries, stored)
	t.byID[id] = stored
	t.leaf = id
	return copyEntry(stored)
}

// newID is pi's entry id: the first 8 hex chars of a random id, unique in
// this session. Caller holds t.mu.
func (t *Tree) newID() string {
	for range 100 {
		var b [4]byte
		_, _ = rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		if _, dup := t.byID[id]; !dup {
			return id
		}
	}
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Entries returns every entry in append order (copies).
func (t *Tree) Entries() []Entry {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]Entry, len(t.entries))
	for i, e := range t.entries {
		out[i] = copyEntry(e)
	}
	return out
}

// Entry returns one entry.
func (t *Tree) Entry(id string) (Entry, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.byID[id]
	if !ok {
		return nil, false
	}
	return copyEntry(e), true
}

// LeafID returns the current leaf ("" when empty).
func (t *Tree) LeafID() string { t.mu.Lock(); defer t.mu.Unlock(); return t.leaf }

// SetLeaf moves the leaf (tree navigation); "" moves before the root.
func (t *Tree) SetLeaf(id string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if id != "" {
		if _, ok := t.byID[id]; !ok {
			return fmt.Errorf("set leaf: no entry %q", id)
		}
	}
	t.leaf = id
	return nil
}

// Branch returns the path root → fromID (the leaf when fromID is "").
func (t *Tree) Branch(fromID string) []Entry {
	t.mu.Lock()
	defer t.mu.Unlock()
	if fromID == "" {
		fromID = t.leaf
	}
	var path []Entry
	for id := fromID; id != ""; {
		e, ok := t.byID[id]
		if !ok {
			break
		}
		path = append(path, copyEntry(e))
		id, _ = e["parentId"].(string)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// Label returns the label of an entry (the latest label entry targeting
// it; an entry without "label" clears).
func (t *Tree) Label(id string) (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	label, ok := "", false
	for _, e := range t.entries {
		if e["type"] == "label" && e["targetId"] == id {
			l, has := e["label"].(string)
			label, ok = l, has && l != ""
		}
	}
	return label, ok
}

// Name returns the session name (latest session_info entry).
func (t *Tree) Name() (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	name, ok := "", false
	for _, e := range t.entries {
		if e["type"] == "session_info" {
			n, _ := e["name"].(string)
			name, ok = n, n != ""
		}
	}
	return name, ok
}

// Node is one node of Tree's tree view.
type Node struct {
	Entry    Entry   `json:"entry"`
	Children []*Node `json:"children"`
	Label    string  `json:"label,omitempty"`
}

// Tree returns the entries as a forest (roots in append order).
func (t *Tree) Tree() []*Node {
	entries := t.Entries()
	nodes := map[string]*Node{}
	var roots []*Node
	for _, e := range entries {
		n := &Node{Entry: e, Children: []*Node{}}
		id, _ := e["id"].(string)
		if l, ok := t.Label(id); ok {
			n.Label = l
		}
		nodes[id] = n
		if p, _ := e["parentId"].(string); p != "" && nodes[p] != nil {
			nodes[p].Children = append(nodes[p].Children, n)
		} else {
			roots = append(roots, n)
		}
	}
	return roots
}

func copyEntry(e Entry) Entry {
	c := make(Entry, len(e))
	for k, v := range e {
		c[k] = v
	}
	return c
}

// isoTime formats like JavaScript's Date.toISOString.
func isoTime(t time.Time) string {
	return strings.Replace(t.UTC().Format("2006-01-02T15:04:05.000Z07:00"), "+00:00", "Z", 1)
}
