package export

import (
	"slices"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine/session"
)

// sessionTree is the entry tree of Data, as pi's viewer builds it: roots
// (entries without a parent, or whose parent is missing) in file order,
// children sorted by timestamp.
type sessionTree struct {
	roots  []*node
	byID   map[string]*node
	labels map[string]string // entry id → label
}

type node struct {
	entry    session.Entry
	id       string
	parent   string // "" for a root
	children []*node
}

func buildTree(entries []session.Entry) *sessionTree {
	t := &sessionTree{byID: map[string]*node{}, labels: map[string]string{}}
	var order []*node
	for _, e := range entries {
		id, _ := e["id"].(string)
		if n, dup := t.byID[id]; dup {
			n.entry = e // a repeated id: the later entry wins, as in session.Tree
			continue
		}
		n := &node{entry: e, id: id}
		t.byID[id] = n
		order = append(order, n)
		if e["type"] == "label" {
			target, _ := e["targetId"].(string)
			if l, _ := e["label"].(string); l != "" {
				t.labels[target] = l
			} else {
				delete(t.labels, target)
			}
		}
	}
	for _, n := range order {
		p, _ := n.entry["parentId"].(string)
		if parent := t.byID[p]; p != "" && p != n.id && parent != nil {
			n.parent = p
			parent.children = append(parent.children, n)
		} else {
			t.roots = append(t.roots, n)
		}
	}
	for _, n := range order {
		slices.SortStableFunc(n.children, func(a, b *node) int {
			ta, oka := entryTime(a.entry)
			tb, okb := entryTime(b.entry)
			if !oka || !okb {
				return 0
			}
			return ta.Compare(tb)
		})
	}
	// A parent cycle leaves its members unreachable from the roots: show
	// them as roots.
	seen := map[*node]bool{}
	var mark func(n *node)
	mark = func(n *node) {
		if seen[n] {
			return
		}
		seen[n] = true
		for _, c := range n.children {
			mark(c)
		}
	}
	for _, r := range t.roots {
		mark(r)
	}
	for _, n := range order {
		if !seen[n] {
			if p := t.byID[n.parent]; p != nil {
				p.children = slices.DeleteFunc(p.children, func(c *node) bool { return c == n })
			}
			n.parent = ""
			t.roots = append(t.roots, n)
			mark(n)
		}
	}
	return t
}

func entryTime(e session.Entry) (time.Time, bool) {
	s, ok := e["timestamp"].(string)
	if !ok {
		return time.Time{}, false
	}
	tm, err := time.Parse(time.RFC3339Nano, s)
	return tm, err == nil
}

// path returns the ids root → leafID ("" or unknown: none).
func (t *sessionTree) path(leafID string) []string {
	var ids []string
	seen := map[string]bool{}
	for n := t.byID[leafID]; n != nil && !seen[n.id]; n = t.byID[n.parent] {
		seen[n.id] = true
		ids = append(ids, n.id)
		if n.parent == "" {
			break
		}
	}
	slices.Reverse(ids)
	return ids
}

// newestLeaves maps every entry id to the leaf reached from it by always
// taking the newest child: what pi's viewer shows when a tree node is
// clicked. Linear in the number of entries.
func (t *sessionTree) newestLeaves() map[string]string {
	leaf := make(map[string]string, len(t.byID))
	for _, start := range t.byID {
		var walk []*node
		n := start
		for {
			if l, ok := leaf[n.id]; ok {
				for _, w := range walk {
					leaf[w.id] = l
				}
				break
			}
			walk = append(walk, n)
			if len(n.children) == 0 {
				for _, w := range walk {
					leaf[w.id] = n.id
				}
				break
			}
			n = n.children[len(n.children)-1]
		}
	}
	return leaf
}

// flatRow is one line of the tree sidebar.
type flatRow struct {
	n      *node
	prefix string // box-drawing connectors and indentation
}

// flatten lays the tree out as pi's viewer does (flattenTree and
// buildTreePrefix): single-child chains stay flat, branch points indent
// their children, and the branch holding the active path comes first.
func (t *sessionTree) flatten(onPath map[string]bool) []flatRow {
	contains := map[*node]bool{}
	var mark func(n *node) bool
	mark = func(n *node) bool {
		has := onPath[n.id]
		for _, c := range n.children {
			if mark(c) {
				has = true
			}
		}
		contains[n] = has
		return has
	}
	for _, r := range t.roots {
		mark(r)
	}
	activeFirst := func(ns []*node) []*node {
		out := slices.Clone(ns)
		slices.SortStableFunc(out, func(a, b *node) int {
			switch {
			case contains[a] && !contains[b]:
				return -1
			case contains[b] && !contains[a]:
				return 1
			}
			return 0
		})
		return out
	}
	type gutter struct {
		pos  int
		show bool
	}
	type item struct {
		n                                   *node
		indent                              int
		justBranched, connector, last, virt bool
		gutters                             []gutter
	}
	multipleRoots := len(t.roots) > 1
	rootIndent := 0
	if multipleRoots {
		rootIndent = 1
	}
	var stack []item
	roots := activeFirst(t.roots)
	for i := len(roots) - 1; i >= 0; i-- {
		stack = append(stack, item{n: roots[i], indent: rootIndent, justBranched: multipleRoots, connector: multipleRoots,
			last: i == len(roots)-1, virt: multipleRoots})
	}
	var rows []flatRow
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]

		displayIndent := it.indent
		if multipleRoots {
			displayIndent = max(0, it.indent-1)
		}
		connector := ""
		if it.connector && !it.virt {
			connector = "├─ "
			if it.last {
				connector = "└─ "
			}
		}
		connectorPos := -1
		if connector != "" {
			connectorPos = displayIndent - 1
		}
		var b strings.Builder
		for level := 0; level < displayIndent; level++ {
			var g *gutter
			for i := range it.gutters {
				if it.gutters[i].pos == level {
					g = &it.gutters[i]
					break
				}
			}
			switch {
			case g != nil && g.show:
				b.WriteString("│  ")
			case g != nil:
				b.WriteString("   ")
			case connector != "" && level == connectorPos:
				b.WriteString(connector)
			default:
				b.WriteString("   ")
			}
		}
		rows = append(rows, flatRow{n: it.n, prefix: b.String()})

		children := activeFirst(it.n.children)
		multi := len(children) > 1
		childIndent := it.indent
		if multi || (it.justBranched && it.indent > 0) {
			childIndent = it.indent + 1
		}
		childGutters := it.gutters
		if it.connector && !it.virt {
			childGutters = append(slices.Clone(it.gutters), gutter{pos: max(0, displayIndent-1), show: !it.last})
		}
		for i := len(children) - 1; i >= 0; i-- {
			stack = append(stack, item{n: children[i], indent: childIndent, justBranched: multi, connector: multi,
				last: i == len(children)-1, gutters: childGutters})
		}
	}
	return rows
}
