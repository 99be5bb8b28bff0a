package session_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

// conversation builds u1 a1 [label on u1] u2 a2 and a side branch from a1.
func conversation(t *testing.T, tr *session.Tree) (u1, a1, u2, a2, side session.Entry) {
	t.Helper()
	u1 = mustCommit(t, tr, msgEntry(userMsg("first")))
	a1 = mustCommit(t, tr, msgEntry(assistantMsg("one")))
	if _, err := tr.SetLabel(id(u1), "start"); err != nil {
		t.Fatal(err)
	}
	u2 = mustCommit(t, tr, msgEntry(userMsg("second")))
	a2 = mustCommit(t, tr, msgEntry(assistantMsg("two")))
	if err := tr.SetLeaf(id(a1)); err != nil {
		t.Fatal(err)
	}
	side = mustCommit(t, tr, msgEntry(userMsg("side")))
	if _, err := tr.SetLabel(id(side), "side-label"); err != nil {
		t.Fatal(err)
	}
	return
}

func types(es []session.Entry) string {
	var s []string
	for _, e := range es {
		s = append(s, e["type"].(string))
	}
	return strings.Join(s, ",")
}

func TestForkBeforeUserMessage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tr, err := session.Create(dir, "/w", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	u1, a1, u2, _, _ := conversation(t, tr)

	f, err := tr.Fork(id(u2), session.PositionBefore)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Header().ParentSession != tr.Path() || filepath.Dir(f.Path()) != dir || f.Header().ID == tr.Header().ID {
		t.Fatalf("fork header %+v path %s", f.Header(), f.Path())
	}
	es := f.Entries()
	// Path u1 a1 (the label entry on the path is dropped) + a fresh label for u1.
	if types(es) != "message,message,label" || id(es[0]) != id(u1) || id(es[1]) != id(a1) {
		t.Fatalf("fork entries %v", es)
	}
	if es[1]["parentId"] != id(u1) || es[2]["parentId"] != id(a1) || es[2]["targetId"] != id(u1) || es[2]["label"] != "start" {
		t.Fatalf("fork chain %v", es)
	}
	if l, ok := f.Label(id(u1)); !ok || l != "start" {
		t.Fatal("label not carried")
	}
	// Written at once (the path has an assistant message), and readable.
	got := mustOpen(t, f.Path())
	if types(got.Entries()) != "message,message,label" || got.LeafID() != id(es[2]) {
		t.Fatalf("reopened fork %v", got.Entries())
	}
	// The source is unchanged.
	if len(tr.Entries()) != 7 {
		t.Fatalf("source has %d entries", len(tr.Entries()))
	}
	if _, err := tr.Fork(id(a1), session.PositionBefore); err == nil {
		t.Fatal("fork before an assistant message should fail")
	}
	if _, err := tr.Fork("nope", session.PositionAt); !errors.Is(err, session.ErrNoEntry) {
		t.Fatalf("unknown entry: %v", err)
	}
}

func TestForkReparentsAcrossDroppedLabel(t *testing.T) {
	t.Parallel()
	tr, err := session.Create(t.TempDir(), "/w", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	_, a1, u2, a2, _ := conversation(t, tr)
	// u2's parent is the label entry on u1; pi would leave u2 dangling.
	if err := tr.SetLeaf(id(a2)); err != nil {
		t.Fatal(err)
	}
	f, err := tr.Fork(id(a2), session.PositionAt)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	es := f.Entries()
	if types(es) != "message,message,message,message,label" {
		t.Fatalf("fork entries %s", types(es))
	}
	if es[2]["id"] != id(u2) || es[2]["parentId"] != id(a1) {
		t.Fatalf("u2 = %v, want it re-parented to a1", es[2])
	}
	if n := len(f.BuildContext(f.LeafID()).Messages); n != 4 {
		t.Fatalf("forked context has %d messages, want 4", n)
	}
	line := fileLines(t, f.Path())[3]
	if !strings.HasPrefix(line, `{"type":"message","id":"`+id(u2)+`","parentId":"`+id(a1)+`","timestamp":`) {
		t.Fatalf("re-parented line keeps pi's key order: %s", line)
	}
}

func TestForkLazyAndEmpty(t *testing.T) {
	t.Parallel()
	tr, err := session.Create(t.TempDir(), "/w", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	u1, _, _, _, _ := conversation(t, tr)
	// Before the first user message: an empty session, written lazily.
	f, err := tr.Fork(id(u1), session.PositionBefore)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Entries()) != 0 || f.Header().ParentSession != tr.Path() {
		t.Fatalf("empty fork %v %+v", f.Entries(), f.Header())
	}
	if _, err := os.Stat(f.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("empty fork written before an assistant message")
	}
	// At u1: the path has a user message: written at once (pi 1.6).
	g, err := tr.Fork(id(u1), session.PositionAt)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(fileLines(t, g.Path())); n != 3 || types(g.Entries()) != "message,label" {
		t.Fatalf("fork at u1: %s, %d lines", types(g.Entries()), n)
	}
	mustCommit(t, g, msgEntry(assistantMsg("now")))
	if n := len(fileLines(t, g.Path())); n != 4 {
		t.Fatalf("%d lines", n)
	}
}

func TestClone(t *testing.T) {
	t.Parallel()
	tr, err := session.Create(t.TempDir(), "/w", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	_, _, _, _, side := conversation(t, tr)
	c, err := tr.Clone()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// Leaf is the side label: path u1 a1 side (labels dropped) + labels u1, side.
	es := c.Entries()
	if types(es) != "message,message,message,label,label" || id(es[2]) != id(side) {
		t.Fatalf("clone %s", types(es))
	}
	if l, _ := c.Label(id(side)); l != "side-label" {
		t.Fatal("side label")
	}
	// In-memory sessions clone in memory.
	m := session.InMemory("/w")
	mustCommit(t, m, msgEntry(userMsg("x")))
	mc, err := m.Clone()
	if err != nil || mc.Path() != "" || mc.Header().ParentSession != "" || len(mc.Entries()) != 1 {
		t.Fatalf("in-memory clone %v %+v", err, mc.Header())
	}
}

func TestForkFromCopiesVerbatim(t *testing.T) {
	t.Parallel()
	src, err := session.Create(t.TempDir(), "/src", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	conversation(t, src)
	src.Close()
	dst := t.TempDir()
	f, warns, err := session.ForkFrom(src.Path(), "/dst", dst, session.Options{})
	if err != nil || len(warns) != 0 {
		t.Fatal(err, warns)
	}
	defer f.Close()
	h := f.Header()
	if h.Cwd != "/dst" || h.ParentSession != src.Path() || h.ID == src.Header().ID || filepath.Dir(f.Path()) != dst {
		t.Fatalf("header %+v", h)
	}
	srcLines, dstLines := fileLines(t, src.Path()), fileLines(t, f.Path())
	if strings.Join(srcLines[1:], "\n") != strings.Join(dstLines[1:], "\n") {
		t.Fatal("entries not copied verbatim")
	}
	if f.LeafID() != src.LeafID() {
		t.Fatal("leaf")
	}
	if _, _, err := session.ForkFrom(filepath.Join(dst, "missing.jsonl"), "/d", dst, session.Options{}); err == nil {
		t.Fatal("fork from a missing file")
	}
	bad := filepath.Join(dst, "bad.jsonl")
	os.WriteFile(bad, []byte("nope\n"), 0o644)
	if _, _, err := session.ForkFrom(bad, "/d", dst, session.Options{}); !errors.Is(err, session.ErrInvalidSession) {
		t.Fatalf("fork from invalid: %v", err)
	}
}

func TestNavigate(t *testing.T) {
	t.Parallel()
	tr := session.InMemory("/w")
	u1 := mustCommit(t, tr, msgEntry(userMsg("first")))
	a1 := mustCommit(t, tr, msgEntry(assistantMsg("one")))
	u2 := mustCommit(t, tr, msgEntry(userMsg("second")))
	a2 := mustCommit(t, tr, msgEntry(assistantMsg("two")))

	// Selecting a user message: leaf = its parent, text to the editor.
	res, err := tr.Navigate(id(u2), session.NavigateOptions{Label: "here"})
	if err != nil {
		t.Fatal(err)
	}
	if res.EditorText != "second" || res.Summary != nil || res.LeafID != tr.LeafID() {
		t.Fatalf("navigate %+v", res)
	}
	if l, _ := tr.Label(id(u2)); l != "here" {
		t.Fatal("label on the selected entry")
	}
	// The label entry is appended as a child of a1 and becomes the leaf.
	leafEntry, _ := tr.Entry(tr.LeafID())
	if leafEntry["type"] != "label" || leafEntry["parentId"] != id(a1) {
		t.Fatalf("leaf %v", leafEntry)
	}

	// With a summary: branch_summary at the target, labelled; fromId is
	// the leaf left behind (the label entry), usage kept.
	left := tr.LeafID()
	res, err = tr.Navigate(id(a2), session.NavigateOptions{Summary: "went back", Details: map[string]any{"readFiles": []any{}}, Label: "sum",
		Usage: map[string]any{"input": 5.0}})
	if err != nil {
		t.Fatal(err)
	}
	s := res.Summary
	if s["type"] != "branch_summary" || s["parentId"] != id(a2) || s["fromId"] != left || s["summary"] != "went back" ||
		s["usage"] == nil {
		t.Fatalf("summary %v", s)
	}
	if l, _ := tr.Label(id(s)); l != "sum" {
		t.Fatal("label on the summary")
	}
	ctx := tr.BuildContext(tr.LeafID())
	last := ctx.Messages[len(ctx.Messages)-1]
	if last["role"] != "branchSummary" || last["fromId"] != left {
		t.Fatalf("context ends with %v", last)
	}

	// Selecting the root user message resets the leaf; the summary there
	// has no parent and comes from the summary left behind.
	left = tr.LeafID()
	res, err = tr.Navigate(id(u1), session.NavigateOptions{Summary: "restart"})
	if err != nil || res.Summary["parentId"] != nil || res.Summary["fromId"] != left {
		t.Fatalf("navigate to root: %+v %v", res, err)
	}
	if _, err := tr.Navigate("nope", session.NavigateOptions{}); !errors.Is(err, session.ErrNoEntry) {
		t.Fatal(err)
	}
	// SetLeaf("") starts a new root.
	if err := tr.SetLeaf(""); err != nil {
		t.Fatal(err)
	}
	if r := mustCommit(t, tr, msgEntry(userMsg("new root"))); r["parentId"] != nil {
		t.Fatal("new root has a parent")
	}
	if roots := tr.Tree(); len(roots) != 3 {
		t.Fatalf("%d roots, want 3 (u1, summary at root, new root)", len(roots))
	}
	// Leaving no leaf at all, the summary comes from "root".
	if err := tr.SetLeaf(""); err != nil {
		t.Fatal(err)
	}
	if res, err = tr.Navigate(id(a2), session.NavigateOptions{Summary: "from nowhere"}); err != nil || res.Summary["fromId"] != "root" {
		t.Fatalf("navigate from no leaf: %+v %v", res, err)
	}
}
