package engine

import "slices"

// A pure contribution's effect on a draft is a function of what it reads
// from the draft and of its plugin's own state. While that state cannot
// have changed (Generation.SetActivity), a rebuild applies the recorded
// effect again instead of handing the contribution to the plugin's loop:
// the reads are checked against the draft being built and the writes
// applied as they were, so a different draft (another plugin set or
// dropped an id it asked about) makes it run for real.

type opKind uint8

const (
	opSet opKind = iota
	opDelete
	opHas
	opOwner
	opIDs
)

// draftOp is one recorded draft call: a write, or a read with its answer.
type draftOp[T any] struct {
	kind  opKind
	id    string
	value T        // opSet
	has   bool     // opHas
	owner string   // opOwner
	ids   []string // opIDs
}

// draftRecord is what one contribution did to a draft. spoiled: it did
// something that cannot be replayed (a value read out, an update or wrap
// callback).
type draftRecord[T any] struct {
	ops     []draftOp[T]
	spoiled bool
}

func (r *draftRecord[T]) add(op draftOp[T]) {
	if r != nil && !r.spoiled {
		r.ops = append(r.ops, op)
	}
}

func (r *draftRecord[T]) spoil() {
	if r != nil {
		r.spoiled = true
		r.ops = nil
	}
}

// record starts recording the running contribution's calls.
func (d *Draft[T]) record() { d.rec = &draftRecord[T]{} }

// recorded stops recording and returns the record, or ok false when it
// cannot be replayed.
func (d *Draft[T]) recorded() (any, bool) {
	r := d.rec
	d.rec = nil
	if r == nil || r.spoiled {
		return nil, false
	}
	return r, true
}

// replayRecord applies a record of this draft type. It stops at the first
// read whose answer differs and returns false; the caller restores the
// checkpoint then.
func (d *Draft[T]) replayRecord(rec any) bool {
	r, ok := rec.(*draftRecord[T])
	if !ok || d.rec != nil {
		return false
	}
	for _, op := range r.ops {
		switch op.kind {
		case opSet:
			d.Set(op.id, op.value)
		case opDelete:
			d.Delete(op.id)
		case opHas:
			if d.Has(op.id) != op.has {
				return false
			}
		case opOwner:
			if d.OwnerOf(op.id) != op.owner {
				return false
			}
		case opIDs:
			if !slices.Equal(d.order, op.ids) {
				return false
			}
		}
	}
	return true
}
