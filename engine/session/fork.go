package session

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// Position says where Fork cuts.
type Position string

const (
	// PositionBefore forks before a user message: the new session ends at
	// that message's parent (pi's default; the message text is what the
	// user edits next).
	PositionBefore Position = "before"
	// PositionAt forks at an entry: the new session ends with it.
	PositionAt Position = "at"
)

// Fork creates a new session holding only the path root → target, as pi's
// fork: target is entryID for PositionAt, and the parent of entryID (which
// must be a user message) for PositionBefore. Labels of entries on the
// path are re-emitted as fresh label entries after it (with their
// original timestamps), and the header's parentSession is this session's
// file. A nil target (forking before the first message) gives an empty
// session. The new session lives in Dir(), and is written now if its path
// has an assistant message, else lazily; an in-memory session forks into
// an in-memory session. This session is not changed.
//
// Two differences from pi: an entry whose parent is a dropped label entry
// is re-parented to the nearest kept ancestor (pi leaves it pointing at a
// missing id, which cuts the forked context short), and the session's
// bound values and lists are carried over (see values.go).
func (t *Tree) Fork(entryID string, pos Position) (*Tree, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	sel, ok := t.byID[entryID]
	if !ok {
		return nil, fmt.Errorf("fork: %w: %q", ErrNoEntry, entryID)
	}
	var target string
	switch pos {
	case PositionAt:
		target = entryID
	case PositionBefore, "":
		if sel.e["type"] != "message" || messageRole(sel.e) != "user" {
			return nil, fmt.Errorf("fork: entry %q is not a user message", entryID)
		}
		target, _ = sel.e["parentId"].(string)
	default:
		return nil, fmt.Errorf("fork: bad position %q", pos)
	}
	return t.branchedLocked(target)
}

// Clone is Fork at the leaf (pi's clone): a new session with the current
// branch.
func (t *Tree) Clone() (*Tree, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.branchedLocked(t.leaf)
}

// branchedLocked builds the session for path root → target ("" = empty),
// pi's createBranchedSession. Caller holds t.mu.
func (t *Tree) branchedLocked(target string) (*Tree, error) {
	nt := newTree()
	nt.now = t.now
	ts := isoTime(nt.now())
	id := NewSessionID()
	cwd := t.header.Cwd
	if t.file.path != "" {
		cwd = t.file.cwd
	}
	nt.header = Header{Type: "session", Version: CurrentVersion, ID: id, Timestamp: ts, Cwd: cwd}
	if t.file.path != "" {
		nt.header.ParentSession = t.file.path
		nt.file = fileState{path: filepath.Join(t.file.dir, fileTimestamp(ts)+"_"+id+".jsonl"),
			dir: t.file.dir, cwd: cwd, policy: t.file.policy}
	}

	// The path without labels and stored values; entries whose parent was
	// dropped point at the nearest kept ancestor.
	path := t.pathLocked(target)
	dropped := map[string]string{} // dropped id → nearest kept ancestor
	lastKept := ""
	onPath := map[string]bool{}
	for _, r := range path {
		id, _ := r.e["id"].(string)
		onPath[id] = true
		if r.e["type"] == "label" || r.e["type"] == "custom" && isReservedCustomType(r.e["customType"]) {
			dropped[id] = lastKept
			continue
		}
		rec := r
		if p, _ := r.e["parentId"].(string); p != "" {
			if anc, ok := dropped[p]; ok {
				e := copyEntry(r.e)
				if anc == "" {
					e["parentId"] = nil
				} else {
					e["parentId"] = anc
				}
				var err error
				if rec, err = reparent(r, e); err != nil {
					return nil, fmt.Errorf("fork: %w", err)
				}
			}
		}
		nt.addLocked(rec)
		lastKept = id
	}
	taken := func(s string) bool { return nt.byID[s] != nil || t.byID[s] != nil }
	appendNew := func(e Entry) error {
		e["id"] = newEntryID(taken)
		if nt.leaf == "" {
			e["parentId"] = nil
		} else {
			e["parentId"] = nt.leaf
		}
		rec, err := newRecord(e)
		if err != nil {
			return err
		}
		nt.addLocked(rec)
		return nil
	}

	// Labels of path entries, in pi's labelsById (Map) order.
	type lab struct {
		target string
		text   string
		ts     any
	}
	var labels []lab
	for _, r := range t.recs {
		if r.e["type"] != "label" {
			continue
		}
		tid, _ := r.e["targetId"].(string)
		i := slices.IndexFunc(labels, func(l lab) bool { return l.target == tid })
		text, _ := r.e["label"].(string)
		switch {
		case text == "" && i >= 0:
			labels = slices.Delete(labels, i, i+1)
		case text != "" && i >= 0:
			labels[i].text, labels[i].ts = text, r.e["timestamp"]
		case text != "":
			labels = append(labels, lab{tid, text, r.e["timestamp"]})
		}
	}
	for _, l := range labels {
		if _, gone := dropped[l.target]; !onPath[l.target] || gone {
			continue
		}
		if err := appendNew(Entry{"type": "label", "timestamp": l.ts, "targetId": l.target, "label": l.text}); err != nil {
			return nil, fmt.Errorf("fork: %w", err)
		}
	}

	// Bound values (latest each) and list elements, in file order.
	latest := map[address]*record{}
	for _, r := range t.recs {
		if addr, _, ok := valueOf(r.e); ok && r.e["customType"] == ValueEntryType {
			latest[addr] = r
		}
	}
	for _, r := range t.recs {
		addr, _, ok := valueOf(r.e)
		if !ok || r.e["customType"] == ValueEntryType && latest[addr] != r {
			continue
		}
		e := Entry{"type": "custom", "customType": r.e["customType"], "data": r.e["data"], "timestamp": r.e["timestamp"]}
		if err := appendNew(e); err != nil {
			return nil, fmt.Errorf("fork: %w", err)
		}
	}

	if nt.file.path != "" && nt.hasConversation {
		if err := nt.rewriteLocked(false); err != nil {
			return nil, fmt.Errorf("fork: %w", err)
		}
	}
	return nt, nil
}

// reparent re-encodes r with e's parentId, keeping r's key order.
func reparent(r *record, e Entry) (*record, error) {
	o, err := parseObject(r.raw)
	if err != nil {
		return newRecord(e)
	}
	if p, ok := e["parentId"].(string); ok {
		o.set("parentId", quote(p))
	} else {
		o.set("parentId", []byte("null"))
	}
	return &record{e: e, raw: o.bytes()}, nil
}

// ForkFrom copies every entry of the session file at sourcePath verbatim
// into a new session for targetCwd in dir (pi's --fork and
// SessionManager.forkFrom): new id, header cwd targetCwd and
// parentSession sourcePath, written at once. A v1/v2 source is migrated
// in memory first (pi copies it unmigrated under a v3 header); the source
// file is not changed. Warnings are about the source.
func ForkFrom(sourcePath, targetCwd, dir string, opts Options) (*Tree, []Warning, error) {
	src, err := filepath.Abs(sourcePath)
	if err != nil {
		return nil, nil, fmt.Errorf("fork from %s: %w", sourcePath, err)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return nil, nil, fmt.Errorf("fork from %s: %w", sourcePath, err)
	}
	ld := parseSession(src, data)
	if !ld.valid {
		return nil, ld.warnings, fmt.Errorf("fork from %s: %w", sourcePath, ErrInvalidSession)
	}
	t, err := Create(dir, targetCwd, Options{Sync: opts.Sync, ID: opts.ID, ParentSession: src})
	if err != nil {
		return nil, ld.warnings, fmt.Errorf("fork from %s: %w", sourcePath, err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, r := range ld.recs {
		t.addLocked(r)
	}
	if err := t.rewriteLocked(false); err != nil {
		return nil, ld.warnings, fmt.Errorf("fork from %s: %w", sourcePath, err)
	}
	return t, ld.warnings, nil
}
