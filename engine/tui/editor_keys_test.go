package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Undo steps are pi-tui's: a typed space and the word after it are one
// step (fish-style), a kill or a paste is one step; history browsing is not undone,
// and a submitted prompt leaves nothing to undo.
func TestEditorUndo(t *testing.T) {
	e := newEditor()
	for _, r := range "hello big world" {
		e.Type(string(r))
	}
	e.Undo() // " world"
	if e.Text() != "hello big" {
		t.Fatalf("undo a word: %q", e.Text())
	}
	e.Undo() // " big"
	if e.Text() != "hello" {
		t.Fatalf("undo the next word: %q", e.Text())
	}
	e.DeleteWordBackward()
	e.Paste("pasted")
	e.Undo()
	e.Undo()
	if e.Text() != "hello" {
		t.Fatalf("undo a paste and a kill: %q", e.Text())
	}
	e.Remember("old prompt")
	e.Clear()
	e.Up() // history
	if e.Text() != "old prompt" {
		t.Fatalf("history: %q", e.Text())
	}
	e.Undo()
	if e.Text() != "old prompt" {
		t.Errorf("history browsing was undone: %q", e.Text())
	}
	e.SetText("set by an extension")
	e.Undo()
	if e.Text() != "old prompt" {
		t.Errorf("SetText is undoable in pi: %q", e.Text())
	}
}

// Kills go to the ring (in a row they make one entry, backward ones in
// front); yank inserts the newest; yank-pop right after cycles; at a
// line's edge the line break is killed.
func TestEditorKillRing(t *testing.T) {
	e := newEditor()
	e.Insert("one two three")
	e.DeleteWordBackward()
	e.DeleteWordBackward()
	if e.Text() != "one " || len(e.kills) != 1 || e.kills[0] != "two three" {
		t.Fatalf("accumulated kills: %q %q", e.Text(), e.kills)
	}
	e.Home()
	e.DeleteToLineEnd() // a new entry: a move came between
	if len(e.kills) != 2 || e.kills[1] != "one " {
		t.Fatalf("second kill: %q", e.kills)
	}
	e.Yank()
	if e.Text() != "one " {
		t.Fatalf("yank: %q", e.Text())
	}
	e.YankPop()
	if e.Text() != "two three" {
		t.Fatalf("yank-pop: %q", e.Text())
	}
	e.YankPop()
	if e.Text() != "one " {
		t.Fatalf("yank-pop cycles: %q", e.Text())
	}
	e.Left()
	e.YankPop() // only right after a yank
	if e.Text() != "one " {
		t.Errorf("yank-pop after a move changed the text: %q", e.Text())
	}

	e = newEditor()
	e.Insert("a")
	e.Newline()
	e.Insert("b")
	e.Home()
	e.DeleteToLineStart() // at column 0: joins with the line above
	if e.Text() != "ab" || e.col != 1 || e.kills[0] != "\n" {
		t.Errorf("line-start kill at column 0: %q col %d kills %q", e.Text(), e.col, e.kills)
	}
	e.Yank() // a multi-line yank, then yank-pop across lines
	e.Insert("")
	if e.Text() != "a\nb" {
		t.Errorf("yanked line break: %q", e.Text())
	}
}

func TestEditorJump(t *testing.T) {
	e := newEditor()
	e.Insert("find x here\nand x there")
	e.row, e.col = 0, 0
	e.JumpTo("x", 1)
	if e.row != 0 || e.col != 5 {
		t.Fatalf("forward: %d:%d", e.row, e.col)
	}
	e.JumpTo("x", 1) // the next one, on the next line
	if e.row != 1 || e.col != 4 {
		t.Fatalf("forward across lines: %d:%d", e.row, e.col)
	}
	e.JumpTo("f", -1)
	if e.row != 0 || e.col != 0 {
		t.Fatalf("backward: %d:%d", e.row, e.col)
	}
	e.JumpTo("q", 1)
	if e.row != 0 || e.col != 0 {
		t.Errorf("no match moved the cursor: %d:%d", e.row, e.col)
	}
}

// The editor's keys are pi-tui's defaults, keybindings.json changes
// them, and ctrl+- arrives as the byte legacy terminals send (ctrl+_).
func TestEditorKeybindings(t *testing.T) {
	h := newHarness(t, Options{})
	h.typ("alpha beta")
	h.press("ctrl+w")
	h.press("ctrl+_") // undo
	if h.m.ed.Text() != "alpha beta" {
		t.Fatalf("ctrl+w then undo: %q", h.m.ed.Text())
	}
	h.press("ctrl+a", "ctrl+]")
	h.typ("b")
	if h.m.ed.col != 6 {
		t.Fatalf("jump to b: col %d", h.m.ed.col)
	}
	h.press("ctrl+k", "ctrl+e", "ctrl+y")
	if h.m.ed.Text() != "alpha beta" {
		t.Fatalf("kill then yank: %q", h.m.ed.Text())
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "keybindings.json"), []byte(`{"tui.editor.undo":"alt+u","yank":"alt+p"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	h = newHarness(t, Options{AgentDir: dir})
	h.typ("one two")
	h.press("ctrl+w", "ctrl+-") // no longer undo
	if h.m.ed.Text() != "one " {
		t.Fatalf("the old undo key still undoes: %q", h.m.ed.Text())
	}
	h.press("alt+u")
	if h.m.ed.Text() != "one two" {
		t.Fatalf("the configured undo key: %q", h.m.ed.Text())
	}
	h.press("ctrl+w", "alt+p") // the legacy name "yank"
	if h.m.ed.Text() != "one two" {
		t.Errorf("the configured yank key: %q", h.m.ed.Text())
	}
}

// PageScroll moves the cursor a page of visual rows, as pi-tui's
// pageScroll: wrapped rows count, the column is kept where the row is
// long enough, and the text's ends stop it.
func TestEditorPageScroll(t *testing.T) {
	e := newEditor()
	e.SetText("l00\nl01\nl02\nl03\nl04\nl05\nl06\nl07\nl08\nl09\nl10\nl11")
	at := func(row, col int, what string) {
		t.Helper()
		if e.row != row || e.col != col {
			t.Errorf("%s: cursor at %d:%d, want %d:%d", what, e.row, e.col, row, col)
		}
	}
	at(11, 3, "SetText")
	e.PageScroll(-1, 5, 80)
	at(6, 3, "page up")
	e.PageScroll(-1, 5, 80)
	e.PageScroll(-1, 5, 80)
	at(0, 3, "page up past the start")
	e.PageScroll(1, 5, 80)
	at(5, 3, "page down")
	e.PageScroll(1, 50, 80)
	at(11, 3, "page down past the end")
	// "abcdefghij" at width 4 is three rows: abcd, efgh, ij
	e.SetText("abcdefghij\nx")
	e.row, e.col = 1, 1
	e.PageScroll(-1, 2, 4)
	at(0, 5, "into the middle row of a wrapped line")
	e.PageScroll(1, 1, 4)
	at(0, 9, "to the wrapped line's last row")
	e.PageScroll(-1, 2, 4)
	at(0, 1, "back to the first row")
}

// In regular mode pageUp and pageDown move the editor's cursor (pi-tui's
// tui.editor.pageUp/pageDown); in fullscreen mode they scroll the
// transcript and ctrl+pageUp/pageDown move the cursor.
func TestEditorPageKeys(t *testing.T) {
	text := strings.Repeat("line\n", 29) + "last"
	h := newHarness(t, Options{TUIMode: "regular"})
	h.m.ed.SetText(text)
	h.press("pgup")
	if h.m.ed.row != 20 { // 30 rows: a page is 9
		t.Errorf("regular pgup: row %d", h.m.ed.row)
	}
	h.press("pgdown")
	if h.m.ed.row != 29 {
		t.Errorf("regular pgdown: row %d", h.m.ed.row)
	}
	f := newHarness(t, Options{})
	f.m.ed.SetText(text)
	f.press("pgup")
	if f.m.ed.row != 29 || f.m.scroll == 0 {
		t.Errorf("fullscreen pgup: row %d, scroll %d", f.m.ed.row, f.m.scroll)
	}
	f.press("ctrl+pgup")
	if f.m.ed.row != 20 {
		t.Errorf("fullscreen ctrl+pgup: row %d", f.m.ed.row)
	}
}
