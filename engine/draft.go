package engine

import "fmt"

// Draft is the mutable work-in-progress one rebuild replays contributions
// into. A Draft is used by one goroutine at a time (the replaying rebuild, or
// the plugin loop it handed the contribution to) and never outlives its
// rebuild.
type Draft[T any] struct {
	clone   func(T) T
	order   []string
	items   map[string]*draftItem[T]
	owner   string // the contribution being replayed
	events  []Diagnostic
	journal []func()        // undo steps of the running contribution, see checkpoint
	rec     *draftRecord[T] // what the running contribution does, when recorded
}

type draftItem[T any] struct {
	value T
	owner string   // who set it last
	wraps []string // owners of wraps applied since, outermost last
}

// NewDraft returns an empty draft. clone must deep-copy a value; update and
// wrap hand their callbacks a fresh clone so in-place mutation of a value a
// contribution keeps (a captured object) never accumulates across replays.
func NewDraft[T any](clone func(T) T) *Draft[T] {
	return &Draft[T]{clone: clone, items: map[string]*draftItem[T]{}}
}

// Set defines or replaces id. A replaced id keeps its position; its previous
// owner is noted in diagnostics (duplicates within one replay: last set wins).
func (d *Draft[T]) Set(id string, v T) {
	d.rec.add(draftOp[T]{kind: opSet, id: id, value: v})
	if it, ok := d.items[id]; ok {
		d.remember(it)
		if it.owner != d.owner {
			d.note(SeverityInfo, fmt.Sprintf("%q set by %s replaces the one from %s", id, d.owner, it.owner))
		} else {
			d.note(SeverityWarning, fmt.Sprintf("%q set twice by %s: last set wins", id, d.owner))
		}
		it.value, it.owner, it.wraps = v, d.owner, nil
		return
	}
	d.order = append(d.order, id)
	d.items[id] = &draftItem[T]{value: v, owner: d.owner}
	d.journal = append(d.journal, func() {
		delete(d.items, id)
		d.order = d.order[:len(d.order)-1]
	})
}

// Update replaces id with fn(fresh clone of its value). A missing id is a
// warning and a no-op, so a stale updater degrades instead of breaking the
// registry.
func (d *Draft[T]) Update(id string, fn func(T) T) {
	d.rec.spoil()
	it, ok := d.items[id]
	if !ok {
		d.note(SeverityWarning, fmt.Sprintf("update of missing id %q ignored", id))
		return
	}
	d.remember(it)
	it.value = fn(d.clone(it.value))
}

// Wrap is Update that also records the caller on id's wrap stack, which
// diagnostics show (bash: @pi/tool-bash -> metrics -> permission).
func (d *Draft[T]) Wrap(id string, fn func(T) T) {
	d.rec.spoil()
	it, ok := d.items[id]
	if !ok {
		d.note(SeverityWarning, fmt.Sprintf("wrap of missing id %q ignored", id))
		return
	}
	d.remember(it)
	it.value = fn(d.clone(it.value))
	it.wraps = append(it.wraps, d.owner)
}

// Delete removes id; deleting a missing id is a no-op.
func (d *Draft[T]) Delete(id string) {
	d.rec.add(draftOp[T]{kind: opDelete, id: id})
	it, ok := d.items[id]
	if !ok {
		return
	}
	delete(d.items, id)
	for i, x := range d.order {
		if x == id {
			d.order = append(d.order[:i:i], d.order[i+1:]...)
			d.journal = append(d.journal, func() {
				d.items[id] = it
				d.order = append(d.order[:i:i], append([]string{id}, d.order[i:]...)...)
			})
			break
		}
	}
}

// remember journals it's current contents so a failing contribution can be
// undone.
func (d *Draft[T]) remember(it *draftItem[T]) {
	prev := *it
	d.journal = append(d.journal, func() { *it = prev })
}

// Has reports whether id is defined.
func (d *Draft[T]) Has(id string) bool {
	_, ok := d.items[id]
	d.rec.add(draftOp[T]{kind: opHas, id: id, has: ok})
	return ok
}

// Get returns id's current value (not a clone: do not mutate it).
func (d *Draft[T]) Get(id string) (T, bool) {
	d.rec.spoil() // what the caller does with the value is not recorded
	it, ok := d.items[id]
	if !ok {
		var zero T
		return zero, false
	}
	return it.value, true
}

// OwnerOf returns the plugin that set id ("" when absent).
func (d *Draft[T]) OwnerOf(id string) string {
	owner := ""
	if it, ok := d.items[id]; ok {
		owner = it.owner
	}
	d.rec.add(draftOp[T]{kind: opOwner, id: id, owner: owner})
	return owner
}

// IDs returns the defined ids in definition order.
func (d *Draft[T]) IDs() []string {
	ids := append([]string(nil), d.order...)
	d.rec.add(draftOp[T]{kind: opIDs, ids: ids})
	return ids
}

// Owner returns the plugin whose contribution is being replayed.
func (d *Draft[T]) Owner() string { return d.owner }

// Entries returns the draft's contents in order; builds use it.
func (d *Draft[T]) Entries() []Entry[T] {
	d.rec.spoil()
	out := make([]Entry[T], 0, len(d.order))
	for _, id := range d.order {
		it := d.items[id]
		out = append(out, Entry[T]{ID: id, Value: it.value, Owner: it.owner, Wraps: append([]string(nil), it.wraps...)})
	}
	return out
}

func (d *Draft[T]) note(sev Severity, text string) {
	d.events = append(d.events, Diagnostic{Plugin: d.owner, Severity: sev, Text: text})
}

// beginContribution and takeNotes let a Registry drive any draft type.
func (d *Draft[T]) beginContribution(owner string) { d.owner = owner }
func (d *Draft[T]) takeNotes() []Diagnostic {
	n := d.events
	d.events = nil
	return n
}

// Drafter is the constraint on a Registry's draft type: *Draft[T] or a type
// embedding it.
type Drafter interface {
	beginContribution(owner string)
	takeNotes() []Diagnostic
	checkpoint() (restore func())
	record()
	recorded() (rec any, ok bool)
	replayRecord(rec any) bool
}

// Entry is one id of a built registry state.
type Entry[T any] struct {
	ID    string
	Value T
	Owner string   // plugin that set it
	Wraps []string // plugins that wrapped it, innermost first
}

// WrapStack renders "id: owner -> wrapper -> wrapper".
func (e Entry[T]) WrapStack() string {
	s := e.ID + ": " + e.Owner
	for _, w := range e.Wraps {
		s += " -> " + w
	}
	return s
}

// State is an ordered, immutable id → entry map: what most registries build.
type State[T any] struct {
	entries []Entry[T]
	index   map[string]int
}

// NewState builds a State from entries in order.
func NewState[T any](entries []Entry[T]) State[T] {
	idx := make(map[string]int, len(entries))
	for i, e := range entries {
		idx[e.ID] = i
	}
	return State[T]{entries: entries, index: idx}
}

// Get returns the entry for id.
func (s State[T]) Get(id string) (Entry[T], bool) {
	i, ok := s.index[id]
	if !ok {
		return Entry[T]{}, false
	}
	return s.entries[i], true
}

// Entries returns every entry in order. The slice must not be modified.
func (s State[T]) Entries() []Entry[T] { return s.entries }

// IDs returns the ids in order.
func (s State[T]) IDs() []string {
	ids := make([]string, len(s.entries))
	for i, e := range s.entries {
		ids[i] = e.ID
	}
	return ids
}

// Len returns the number of entries.
func (s State[T]) Len() int { return len(s.entries) }

// Keys returns id → fingerprint (value plus owner and wrap stack), which is
// what a rebuild diffs.
func (s State[T]) Keys() map[string]string {
	m := make(map[string]string, len(s.entries))
	for _, e := range s.entries {
		m[e.ID] = fingerprint(e.Value) + "|" + e.WrapStack()
	}
	return m
}

// checkpoint starts a contribution: every mutation until the next
// checkpoint journals an undo step, and restore undoes them in reverse, so a
// contribution that fails half-way leaves the draft as it was. Cost is
// proportional to what the contribution changed, not to the draft size.
func (d *Draft[T]) checkpoint() func() {
	d.journal = d.journal[:0]
	return func() {
		for i := len(d.journal) - 1; i >= 0; i-- {
			d.journal[i]()
		}
		d.journal = d.journal[:0]
	}
}

// EntryInfo is the type-free part of an entry, for reports.
type EntryInfo struct {
	ID    string   `json:"id"`
	Owner string   `json:"owner"`
	Wraps []string `json:"wraps,omitempty"`
}

// Info lists the entries without their values.
func (s State[T]) Info() []EntryInfo {
	out := make([]EntryInfo, len(s.entries))
	for i, e := range s.entries {
		out[i] = EntryInfo{ID: e.ID, Owner: e.Owner, Wraps: e.Wraps}
	}
	return out
}

// Has reports whether id is in the state.
func (s State[T]) Has(id string) bool { _, ok := s.index[id]; return ok }
