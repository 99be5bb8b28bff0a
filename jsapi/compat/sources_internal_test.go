package compat

import (
	"strings"
	"testing"
	"unsafe"
)

// An embedded module's Text is the same code on every call, read afresh:
// no copy stays live after its caller compiled it (the program keeps its
// own), and two specifiers of one file read the same code.
func TestSourceTextIsNotKept(t *testing.T) {
	srcs, err := Sources()
	if err != nil {
		t.Fatal(err)
	}
	a, b := srcs["@mariozechner/pi-ai"], srcs["@mariozechner/pi-ai/compat"]
	if a.File == "" || a.File != b.File {
		t.Fatalf("pi-ai and pi-ai/compat should share a file: %q, %q", a.File, b.File)
	}
	first, err := a.Text()
	if err != nil {
		t.Fatal(err)
	}
	second, err := b.Text()
	if err != nil {
		t.Fatal(err)
	}
	if first != second || !strings.Contains(first, "exports") {
		t.Fatalf("Text differs between calls or is not the module (%d and %d bytes)", len(first), len(second))
	}
	if unsafe.StringData(first) == unsafe.StringData(second) {
		t.Error("Text returned one cached copy twice: it stays live for the process")
	}
}
