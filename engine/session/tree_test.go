package session_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

func TestAppendBranchLabelsName(t *testing.T) {
	t.Parallel()
	tr := session.New("sid", "/w")
	a := tr.Append(session.Entry{"type": "message", "message": map[string]any{"role": "user"}})
	b := tr.Append(session.Entry{"type": "message", "message": map[string]any{"role": "assistant"}})
	if a["parentId"] != nil || b["parentId"] != a["id"] || len(a["id"].(string)) != 8 {
		t.Fatalf("ids: %v %v", a, b)
	}
	if err := tr.SetLeaf(a["id"].(string)); err != nil {
		t.Fatal(err)
	}
	c := tr.Append(session.Entry{"type": "custom", "customType": "x"})
	if c["parentId"] != a["id"] {
		t.Fatalf("branching append parent = %v", c["parentId"])
	}
	if br := tr.Branch(""); len(br) != 2 || br[1]["id"] != c["id"] {
		t.Fatalf("branch = %v", br)
	}
	if br := tr.Branch(b["id"].(string)); len(br) != 2 || br[1]["id"] != b["id"] {
		t.Fatalf("branch from b = %v", br)
	}
	tr.Append(session.Entry{"type": "label", "targetId": b["id"], "label": "bm"})
	if l, ok := tr.Label(b["id"].(string)); !ok || l != "bm" {
		t.Fatalf("label = %q %v", l, ok)
	}
	tr.Append(session.Entry{"type": "label", "targetId": b["id"]})
	if _, ok := tr.Label(b["id"].(string)); ok {
		t.Fatal("label should be cleared")
	}
	tr.Append(session.Entry{"type": "session_info", "name": "Foo"})
	if n, _ := tr.Name(); n != "Foo" {
		t.Fatalf("name = %q", n)
	}
	if roots := tr.Tree(); len(roots) != 1 || len(roots[0].Children) != 2 {
		t.Fatalf("tree = %+v", roots)
	}
}

func TestWalkBranch(t *testing.T) {
	t.Parallel()
	tr := session.New("sid", "/w")
	a := tr.Append(session.Entry{"type": "thinking_level_change", "thinkingLevel": "high"})
	b := tr.Append(session.Entry{"type": "message", "message": map[string]any{"role": "user"}})
	if err := tr.SetLeaf(a["id"].(string)); err != nil {
		t.Fatal(err)
	}
	c := tr.Append(session.Entry{"type": "custom", "customType": "x"})
	walk := func(from string, stopAt string) []any {
		var ids []any
		tr.WalkBranch(from, func(e session.Entry) bool {
			ids = append(ids, e["id"])
			return e["type"] != stopAt
		})
		return ids
	}
	// Leaf first, the same entries as Branch in reverse.
	if got := walk("", ""); len(got) != 2 || got[0] != c["id"] || got[1] != a["id"] {
		t.Fatalf("walk from the leaf = %v", got)
	}
	if got := walk(b["id"].(string), ""); len(got) != 2 || got[0] != b["id"] || got[1] != a["id"] {
		t.Fatalf("walk from b = %v", got)
	}
	if got := walk("", "custom"); len(got) != 1 || got[0] != c["id"] {
		t.Fatalf("returning false stops the walk: %v", got)
	}
	if got := walk("nope", ""); len(got) != 0 {
		t.Fatalf("an unknown id has no branch: %v", got)
	}
}

// TestCompactionKeepsItselfByDefault: a compaction appended without
// firstKeptEntryId keeps from itself on (pi's appendCompaction).
func TestCompactionKeepsItselfByDefault(t *testing.T) {
	t.Parallel()
	tr := session.New("sid", "/w")
	c := tr.Append(session.Entry{"type": "compaction", "summary": "s", "tokensBefore": 1.0})
	kept := tr.Append(session.Entry{"type": "compaction", "summary": "s", "firstKeptEntryId": c["id"], "tokensBefore": 1.0})
	if c["firstKeptEntryId"] != c["id"] || kept["firstKeptEntryId"] != c["id"] {
		t.Errorf("firstKeptEntryId %v (own id %v); given one %v", c["firstKeptEntryId"], c["id"], kept["firstKeptEntryId"])
	}
}
