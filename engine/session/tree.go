package session

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
)

// Entry is one session entry exactly as pi writes it: "type", "id",
// "parentId" (string or nil), "timestamp" (ISO 8601) and type-specific
// fields (message, customType, data, targetId, label, name, ...). Entries
// handed out by a Tree hold JSON data (map[string]any, []any, float64,
// string, bool, nil); they are shallow copies, so nested values are shared
// and must not be modified.
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

// CurrentVersion is the session file version pigo writes (pi's
// CURRENT_SESSION_VERSION).
const CurrentVersion = 3

// Sentinel errors.
var (
	ErrNoEntry           = errors.New("no such entry")
	ErrClosed            = errors.New("session closed")
	ErrReservedType      = errors.New("reserved custom entry type")
	ErrReservedNamespace = errors.New("reserved namespace")
	ErrNotFound          = errors.New("no session found")
	ErrInvalidSession    = errors.New("empty or invalid session file")
	errNotObject         = errors.New("not a JSON object")
)

// Tree is a session: its header, its entries in file order, and a moving
// leaf. It is in memory (New, InMemory) or backed by a JSONL file
// (Create, Open, ContinueRecent, Fork, ForkFrom); see the package doc for
// when a file-backed tree writes. Safe for concurrent use.
type Tree struct {
	mu              sync.Mutex
	header          Header
	hdrRaw          []byte // header line as read (kept verbatim on rewrites); nil = encode header
	recs            []*record
	byID            map[string]*record
	leaf            string // "" = before the first entry
	now             func() time.Time
	labels          map[string]label
	values          map[address]any
	lists           map[address][]any
	hasConversation bool // some message entry has role "user" or "assistant" (pi 1.6 creates the file then)

	file fileState
	// onAppend are OnAppend's observers.
	onAppend []func(Entry, json.RawMessage)
}

// record is one entry with the exact bytes of its line.
type record struct {
	e   Entry
	raw []byte
}

type label struct {
	text      string
	timestamp any
}

// New creates an empty in-memory session with the given id for cwd.
func New(id, cwd string) *Tree {
	t := newTree()
	t.header = Header{Type: "session", Version: CurrentVersion, ID: id, Timestamp: isoTime(t.now()), Cwd: cwd}
	return t
}

// InMemory creates an empty session that is never written (pi's
// --no-session), with a fresh UUIDv7 id.
func InMemory(cwd string) *Tree { return New(NewSessionID(), cwd) }

func newTree() *Tree {
	return &Tree{
		byID:   map[string]*record{},
		now:    time.Now,
		labels: map[string]label{},
		values: map[address]any{},
		lists:  map[address][]any{},
	}
}

// Header returns the session header.
func (t *Tree) Header() Header { t.mu.Lock(); defer t.mu.Unlock(); return t.header }

// Append adds e as a child of the leaf, fills id/parentId/timestamp
// (a timestamp already in e is kept), moves the leaf to it and returns a
// copy of the stored entry. It is Commit without the error: a write
// failure keeps the entry in memory and is reported by Err; an entry
// Commit refuses (no type, a reserved custom type, a closed tree) is not
// added and Append returns nil.
func (t *Tree) Append(e Entry) Entry {
	stored, err := t.Commit(e)
	if err != nil {
		t.mu.Lock()
		if t.file.err == nil {
			t.file.err = err
		}
		t.mu.Unlock()
	}
	return stored
}

// Commit is Append that reports errors. When the tree's file exists,
// Commit returns after the entry's line is written (and synced, per the
// tree's SyncPolicy); before that (pi's lazy write) the entry is only in
// memory. On a write error the entry stays in memory, the tree stops
// writing (it continues in memory) and the error is returned; stored is
// then non-nil. Custom entries of the types pigo reserves for values and
// lists (ValueEntryType, ListEntryType) are refused with ErrReservedType.
func (t *Tree) Commit(e Entry) (stored Entry, err error) {
	typ, _ := e["type"].(string)
	switch {
	case typ == "" || typ == "session":
		return nil, fmt.Errorf("append entry: bad type %q", typ)
	case typ == "custom" && isReservedCustomType(e["customType"]):
		return nil, fmt.Errorf("append entry: %w: %v", ErrReservedType, e["customType"])
	}
	t.mu.Lock()
	stored, err = t.commitLocked(e)
	observers := t.onAppend
	var raw json.RawMessage
	if stored != nil && len(observers) > 0 {
		raw = json.RawMessage(t.byID[stored["id"].(string)].raw)
	}
	t.mu.Unlock()
	for _, f := range observers {
		if stored != nil {
			f(stored, raw)
		}
	}
	return stored, err
}

// OnAppend registers f to run after each entry Append or Commit adds,
// with the stored entry (not to be modified) and its line of the session
// file, outside the tree's lock.
func (t *Tree) OnAppend(f func(Entry, json.RawMessage)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.onAppend = append(t.onAppend, f)
}

// commitLocked stores e and persists it. Caller holds t.mu.
func (t *Tree) commitLocked(e Entry) (Entry, error) {
	if t.file.closed {
		return nil, fmt.Errorf("append entry: %w", ErrClosed)
	}
	stored := make(Entry, len(e)+3)
	for k, v := range e {
		stored[k] = v
	}
	stored["id"] = t.newID()
	if fk, ok := stored["firstKeptEntryId"]; stored["type"] == "compaction" && (!ok || fk == nil) {
		stored["firstKeptEntryId"] = stored["id"] // pi's appendCompaction: firstKeptEntryId ?? id
	}
	if t.leaf == "" {
		stored["parentId"] = nil
	} else {
		stored["parentId"] = t.leaf
	}
	if _, ok := stored["timestamp"]; !ok {
		stored["timestamp"] = isoTime(t.now())
	}
	rec, err := newRecord(stored)
	if err != nil {
		return nil, fmt.Errorf("append entry: %w", err)
	}
	t.addLocked(rec)
	if err := t.persistLocked(); err != nil {
		return copyEntry(rec.e), err
	}
	return copyEntry(rec.e), nil
}

// newRecord encodes e in pi's key order and decodes it back, so the stored
// entry holds exactly what the file holds.
func newRecord(e Entry) (*record, error) {
	raw := encodeEntry(e)
	m, err := decodeLine(raw)
	if err != nil {
		return nil, fmt.Errorf("encode entry: %w", err)
	}
	return &record{e: m, raw: raw}, nil
}

// addLocked indexes rec and moves the leaf to it. Caller holds t.mu.
func (t *Tree) addLocked(rec *record) {
	id, _ := rec.e["id"].(string)
	t.recs = append(t.recs, rec)
	t.byID[id] = rec
	t.leaf = id
	t.indexLocked(rec)
}

// indexLocked updates the derived state (labels, values, lists,
// hasConversation) for a new record. Caller holds t.mu.
func (t *Tree) indexLocked(rec *record) {
	e := rec.e
	switch e["type"] {
	case "message":
		if m, ok := e["message"].(map[string]any); ok && (m["role"] == "user" || m["role"] == "assistant") {
			t.hasConversation = true
		}
	case "label":
		target, _ := e["targetId"].(string)
		if text, _ := e["label"].(string); text != "" {
			t.labels[target] = label{text: text, timestamp: e["timestamp"]}
		} else {
			delete(t.labels, target)
		}
	case "custom":
		t.indexValueLocked(e)
	}
}

// newID is pi's entry id: 8 random hex chars, unique in this session (a
// full UUID after 100 collisions). Caller holds t.mu.
func (t *Tree) newID() string { return newEntryID(func(id string) bool { return t.byID[id] != nil }) }

func newEntryID(taken func(string) bool) string {
	for range 100 {
		var b [4]byte
		_, _ = rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		if !taken(id) {
			return id
		}
	}
	return uuid.NewString()
}

// NewSessionID is a fresh session id, a UUIDv7 (pi 1.6's createSessionId);
// requests without a session use one as their routing id too.
func NewSessionID() string {
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.NewString()
	}
	return id.String()
}

// Entries returns every entry in file order (shallow copies).
func (t *Tree) Entries() []Entry {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]Entry, len(t.recs))
	for i, r := range t.recs {
		out[i] = copyEntry(r.e)
	}
	return out
}

// RawEntries returns every entry after the one with id since ("" for
// all; false when no entry has that id), in file order, each as its line
// of the session file (pi's JSON.stringify bytes).
func (t *Tree) RawEntries(since string) ([]json.RawMessage, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	start := 0
	if since != "" {
		r, ok := t.byID[since]
		if !ok {
			return nil, false
		}
		start = slices.Index(t.recs, r) + 1
	}
	out := make([]json.RawMessage, 0, len(t.recs)-start)
	for _, r := range t.recs[start:] {
		out = append(out, json.RawMessage(r.raw))
	}
	return out, true
}

// LabelInfo returns an entry's label and the timestamp of the label entry
// that set it.
func (t *Tree) LabelInfo(id string) (text string, timestamp any, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	l, ok := t.labels[id]
	return l.text, l.timestamp, ok
}

// Entry returns one entry.
func (t *Tree) Entry(id string) (Entry, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	r, ok := t.byID[id]
	if !ok {
		return nil, false
	}
	return copyEntry(r.e), true
}

// Children returns the direct children of id in file order ("" = roots).
func (t *Tree) Children(id string) []Entry {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []Entry
	for _, r := range t.recs {
		if p, _ := r.e["parentId"].(string); p == id {
			out = append(out, copyEntry(r.e))
		}
	}
	return out
}

// LeafID returns the current leaf ("" when before the first entry).
func (t *Tree) LeafID() string { t.mu.Lock(); defer t.mu.Unlock(); return t.leaf }

// SetLeaf moves the leaf (tree navigation without entries); "" moves
// before the root, so the next entry starts a new root.
func (t *Tree) SetLeaf(id string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if id != "" && t.byID[id] == nil {
		return fmt.Errorf("set leaf: %w: %q", ErrNoEntry, id)
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
	path := t.pathLocked(fromID)
	out := make([]Entry, len(path))
	for i, r := range path {
		out[i] = copyEntry(r.e)
	}
	return out
}

// WalkBranch calls f with each entry on the path fromID → root (the leaf
// when fromID is ""), leaf first, until f returns false. Unlike Branch it
// copies nothing: the entries are the tree's own and f must neither
// modify nor retain them. The tree is locked while f runs, so f must not
// call the tree's methods.
func (t *Tree) WalkBranch(fromID string, f func(Entry) bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if fromID == "" {
		fromID = t.leaf
	}
	seen := map[string]bool{}
	for id := fromID; id != "" && !seen[id]; {
		r, ok := t.byID[id]
		if !ok || !f(r.e) {
			return
		}
		seen[id] = true
		id, _ = r.e["parentId"].(string)
	}
}

// pathLocked returns the records root → id ("" = none). Caller holds t.mu.
func (t *Tree) pathLocked(id string) []*record {
	var path []*record
	seen := map[string]bool{}
	for id != "" && !seen[id] {
		r, ok := t.byID[id]
		if !ok {
			break
		}
		seen[id] = true
		path = append(path, r)
		id, _ = r.e["parentId"].(string)
	}
	slices.Reverse(path)
	return path
}

// Label returns the label of an entry (the latest label entry targeting
// it; a label entry without "label" clears).
func (t *Tree) Label(id string) (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	l, ok := t.labels[id]
	return l.text, ok
}

// SetLabel appends a label entry for targetID ("" clears the label), as
// pi's appendLabelChange.
func (t *Tree) SetLabel(targetID, text string) (Entry, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.byID[targetID] == nil {
		return nil, fmt.Errorf("set label: %w: %q", ErrNoEntry, targetID)
	}
	e := Entry{"type": "label", "targetId": targetID}
	if text != "" {
		e["label"] = text
	}
	return t.commitLocked(e)
}

// Name returns the session name: the trimmed name of the latest
// session_info entry (an empty one clears it).
func (t *Tree) Name() (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, r := range slices.Backward(t.recs) {
		if r.e["type"] == "session_info" {
			n, _ := r.e["name"].(string)
			n = strings.TrimSpace(n)
			return n, n != ""
		}
	}
	return "", false
}

// SetName appends a session_info entry with the trimmed name ("" clears).
func (t *Tree) SetName(name string) (Entry, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.commitLocked(Entry{"type": "session_info", "name": strings.TrimSpace(name)})
}

// NavigateOptions are the optional parts of a tree navigation (pi's
// /tree): a branch summary of the branch being left, and a label.
type NavigateOptions struct {
	// Summary, when not empty, is appended as a branch_summary entry at
	// the new leaf, with Details (omitted when nil) and FromHook (true
	// when an extension supplied the summary).
	Summary  string
	Details  any
	FromHook bool
	// Usage is what the summary cost (omitted when nil).
	Usage any
	// Label, when not empty, labels the summary entry when there is one,
	// else the selected entry.
	Label string
}

// NavigateResult is what Navigate did.
type NavigateResult struct {
	LeafID     string // new leaf; "" = before the root
	Summary    Entry  // the branch_summary entry, nil without one
	EditorText string // text of the selected user or custom message, for the editor
}

// Navigate moves to targetID as pi's navigateTree does: selecting a user or
// custom message moves the leaf to its parent (its text goes back to the
// editor), any other entry becomes the leaf; then the optional
// branch_summary and label entries are appended. Selecting the current
// leaf does nothing.
func (t *Tree) Navigate(targetID string, opts NavigateOptions) (NavigateResult, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if targetID == t.leaf {
		return NavigateResult{LeafID: t.leaf}, nil
	}
	target, ok := t.byID[targetID]
	if !ok {
		return NavigateResult{}, fmt.Errorf("navigate: %w: %q", ErrNoEntry, targetID)
	}
	if t.file.closed && (opts.Summary != "" || opts.Label != "") {
		return NavigateResult{}, fmt.Errorf("navigate: %w", ErrClosed)
	}
	var res NavigateResult
	newLeaf := targetID
	switch {
	case target.e["type"] == "message" && messageRole(target.e) == "user":
		newLeaf, _ = target.e["parentId"].(string)
		m, _ := target.e["message"].(map[string]any)
		res.EditorText = contentText(m["content"])
	case target.e["type"] == "custom_message":
		newLeaf, _ = target.e["parentId"].(string)
		res.EditorText = contentText(target.e["content"])
	}
	oldLeaf := t.leaf
	t.leaf = newLeaf
	var errs []error
	if opts.Summary != "" {
		// fromId is the leaf left behind, as pi 1.6 records it.
		e := Entry{"type": "branch_summary", "fromId": oldLeaf, "summary": opts.Summary}
		if oldLeaf == "" {
			e["fromId"] = "root"
		}
		if opts.Details != nil {
			e["details"] = opts.Details
		}
		if opts.Usage != nil {
			e["usage"] = opts.Usage
		}
		e["fromHook"] = opts.FromHook // pi writes it, false included
		s, err := t.commitLocked(e)
		if s == nil {
			return NavigateResult{}, fmt.Errorf("navigate: %w", err)
		}
		errs = append(errs, err)
		res.Summary = s
	}
	if opts.Label != "" {
		labelTarget := targetID
		if res.Summary != nil {
			labelTarget, _ = res.Summary["id"].(string)
		}
		_, err := t.commitLocked(Entry{"type": "label", "targetId": labelTarget, "label": opts.Label})
		errs = append(errs, err)
	}
	res.LeafID = t.leaf
	if err := errors.Join(errs...); err != nil {
		return res, fmt.Errorf("navigate: %w", err)
	}
	return res, nil
}

// Node is one node of Tree's tree view.
type Node struct {
	Entry          Entry   `json:"entry"`
	Children       []*Node `json:"children"`
	Label          string  `json:"label,omitempty"`
	LabelTimestamp any     `json:"labelTimestamp,omitempty"`
}

// Tree returns the entries as a forest, as pi's getTree: roots (and
// orphans) in file order, children sorted by timestamp.
func (t *Tree) Tree() []*Node {
	t.mu.Lock()
	defer t.mu.Unlock()
	nodes := make(map[string]*Node, len(t.recs))
	for _, r := range t.recs {
		id, _ := r.e["id"].(string)
		n := &Node{Entry: copyEntry(r.e), Children: []*Node{}}
		if l, ok := t.labels[id]; ok {
			n.Label, n.LabelTimestamp = l.text, l.timestamp
		}
		nodes[id] = n
	}
	var roots []*Node
	for _, r := range t.recs {
		id, _ := r.e["id"].(string)
		n := nodes[id]
		p, _ := r.e["parentId"].(string)
		if parent := nodes[p]; p != "" && p != id && parent != nil {
			parent.Children = append(parent.Children, n)
		} else {
			roots = append(roots, n)
		}
	}
	stack := slices.Clone(roots)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		slices.SortStableFunc(n.Children, func(a, b *Node) int {
			ta, oka := parseISO(a.Entry["timestamp"])
			tb, okb := parseISO(b.Entry["timestamp"])
			if !oka || !okb {
				return 0
			}
			return ta.Compare(tb)
		})
		stack = append(stack, n.Children...)
	}
	return roots
}

// Err returns the first error Append swallowed or that made the tree stop
// writing its file.
func (t *Tree) Err() error { t.mu.Lock(); defer t.mu.Unlock(); return t.file.err }

func messageRole(e Entry) string {
	m, _ := e["message"].(map[string]any)
	r, _ := m["role"].(string)
	return r
}

// contentText joins the text parts of message content (pi's
// extractUserMessageText).
func contentText(content any) string {
	switch c := content.(type) {
	case string:
		return c
	case []any:
		var b strings.Builder
		for _, p := range c {
			if m, ok := p.(map[string]any); ok && m["type"] == "text" {
				s, _ := m["text"].(string)
				b.WriteString(s)
			}
		}
		return b.String()
	}
	return ""
}

func copyEntry(e Entry) Entry {
	c := make(Entry, len(e))
	for k, v := range e {
		c[k] = v
	}
	return c
}

// isoTime formats like JavaScript's Date.toISOString.
func isoTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// parseISO parses an entry timestamp (new Date(ts) for ISO strings).
func parseISO(v any) (time.Time, bool) {
	s, ok := v.(string)
	if !ok {
		return time.Time{}, false
	}
	tm, err := time.Parse(time.RFC3339Nano, s)
	return tm, err == nil
}

// fileTimestamp is an ISO timestamp with ':' and '.' replaced by '-', the
// prefix of session file names.
func fileTimestamp(iso string) string { return strings.NewReplacer(":", "-", ".", "-").Replace(iso) }
