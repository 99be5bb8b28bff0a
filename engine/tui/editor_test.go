package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestEditorEditing(t *testing.T) {
	e := newEditor()
	e.Insert("hello")
	e.Newline()
	e.Insert("world")
	if e.Text() != "hello\nworld" {
		t.Fatalf("text %q", e.Text())
	}
	e.Home()
	e.Backspace() // joins the lines
	if e.Text() != "helloworld" || e.row != 0 || e.col != 5 {
		t.Fatalf("join: %q %d:%d", e.Text(), e.row, e.col)
	}
	e.DeleteToLineEnd()
	e.Insert(" there friend")
	e.DeleteWordBackward()
	if e.Text() != "hello there " {
		t.Fatalf("word delete: %q", e.Text())
	}
	e.DeleteToLineStart()
	if !e.Empty() {
		t.Fatalf("ctrl+u: %q", e.Text())
	}
	e.Insert("a\r\nb")
	if e.Text() != "a\nb" {
		t.Fatalf("paste: %q", e.Text())
	}
}

func TestEditorHistory(t *testing.T) {
	e := newEditor()
	e.Remember("first")
	e.Remember("second")
	e.Remember("second")
	e.Up()
	if e.Text() != "second" {
		t.Fatalf("up: %q", e.Text())
	}
	e.Up()
	if e.Text() != "first" {
		t.Fatalf("up twice: %q", e.Text())
	}
	e.Down()
	e.Down()
	if !e.Empty() {
		t.Fatalf("down past the newest: %q", e.Text())
	}
}

func TestEditorRenderWrapsAndShowsCursor(t *testing.T) {
	e := newEditor()
	e.Insert(strings.Repeat("x", 25))
	lines := e.Render(10, true)
	if len(lines) != 3 {
		t.Fatalf("wrapped into %d lines: %q", len(lines), lines)
	}
	if !strings.Contains(lines[2], "\x1b[7m") || ansi.StringWidth(lines[2]) != 6 {
		t.Errorf("cursor cell: %q", lines[2])
	}
}

func TestEditorCollapsesLargePastes(t *testing.T) {
	e := newEditor()
	e.Insert("see ")
	big := strings.TrimSuffix(strings.Repeat("line\n", 12), "\n")
	e.Paste(big)
	e.Insert(" and ")
	e.Paste(strings.Repeat("x", 1001))
	e.Paste(" small\npaste")
	if e.Text() != "see [paste #1 +12 lines] and [paste #2 1001 chars] small\npaste" {
		t.Fatalf("text %q", e.Text())
	}
	if want := "see " + big + " and " + strings.Repeat("x", 1001) + " small\npaste"; e.Expanded() != want {
		t.Errorf("expanded %q", e.Expanded())
	}
	e.SetText("[paste #1 +12 lines]")
	if e.Expanded() != "[paste #1 +12 lines]" {
		t.Errorf("a cleared editor forgets its pastes")
	}
}

func TestEditorWordMotion(t *testing.T) {
	e := newEditor()
	e.Insert("one two  three")
	e.WordLeft()
	if e.col != 9 {
		t.Errorf("word left: col %d", e.col)
	}
	e.WordLeft()
	e.DeleteWordForward()
	if e.Text() != "one   three" {
		t.Errorf("delete word forward: %q", e.Text())
	}
	e.Home()
	e.WordRight()
	if e.col != 3 {
		t.Errorf("word right: col %d", e.col)
	}
}
