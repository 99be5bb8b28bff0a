package session_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

func TestValuesAndListsPersist(t *testing.T) {
	t.Parallel()
	tr, err := session.Create(t.TempDir(), "/w", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustCommit(t, tr, msgEntry(userMsg("x")))
	mustCommit(t, tr, msgEntry(assistantMsg("y")))
	for i, v := range []any{"first", map[string]any{"n": 2.0, "s": []any{"a"}}} {
		if _, err := tr.SetValue("acme.todo", "state", v); err != nil {
			t.Fatal(i, err)
		}
	}
	for _, v := range []any{1.0, "two", nil} {
		if _, err := tr.AppendToList("acme.todo", "log", v); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tr.SetBuiltinValue("pi.core", "k", true); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.SetValue("acme.todo", "", "no key"); err != nil {
		t.Fatal(err)
	}
	// Values are session-scoped: moving the leaf does not hide them.
	if err := tr.SetLeaf(""); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.AppendToBuiltinList("pi", "l", "x"); err != nil {
		t.Fatal(err)
	}
	tr.Close()

	got := mustOpen(t, tr.Path())
	if v, ok := got.Value("acme.todo", "state"); !ok {
		t.Fatal("value lost")
	} else {
		sameJSON(t, "latest value", v, map[string]any{"n": 2, "s": []any{"a"}})
	}
	sameJSON(t, "list", got.List("acme.todo", "log"), []any{1, "two", nil})
	if v, _ := got.Value("pi.core", "k"); v != true {
		t.Fatalf("builtin value %v", v)
	}
	if v, _ := got.Value("acme.todo", ""); v != "no key" {
		t.Fatalf("keyless value %v", v)
	}
	if l := got.List("pi", "l"); len(l) != 1 {
		t.Fatalf("builtin list %v", l)
	}
	if _, ok := got.Value("acme.todo", "missing"); ok {
		t.Fatal("missing value found")
	}
	// Stored as custom entries pi ignores, data in namespace,key,value order.
	var found bool
	for _, line := range fileLines(t, tr.Path()) {
		if strings.HasPrefix(line, `{"type":"custom","customType":"pigo.value","data":{"namespace":"acme.todo","key":"state","value":{"n":2,"s":["a"]}},"id":"`) {
			found = true
		}
	}
	if !found {
		t.Fatalf("value line not in the expected shape:\n%s", strings.Join(fileLines(t, tr.Path()), "\n"))
	}
	if n := len(got.BuildContext(got.LeafID()).Messages); n != 0 {
		t.Fatalf("values leak into the context: %d messages", n)
	}
}

func TestReservedNamespaces(t *testing.T) {
	t.Parallel()
	tr := session.InMemory("/w")
	for _, ns := range []string{"pi", "pi.tools", "pi.x.y"} {
		if _, err := tr.SetValue(ns, "k", 1); !errors.Is(err, session.ErrReservedNamespace) {
			t.Fatalf("SetValue(%q): %v", ns, err)
		}
		if _, err := tr.AppendToList(ns, "k", 1); !errors.Is(err, session.ErrReservedNamespace) {
			t.Fatalf("AppendToList(%q): %v", ns, err)
		}
	}
	for _, ns := range []string{"pix", "acme.pi", "p"} {
		if _, err := tr.SetValue(ns, "k", 1); err != nil {
			t.Fatalf("SetValue(%q): %v", ns, err)
		}
	}
	if _, err := tr.SetValue("", "k", 1); err == nil {
		t.Fatal("empty namespace accepted")
	}
	// Plugins cannot forge value entries through appendEntry.
	if e := tr.Append(session.Entry{"type": "custom", "customType": session.ListEntryType, "data": map[string]any{"namespace": "pi", "key": "k", "value": 1}}); e != nil {
		t.Fatal("reserved custom type appended")
	}
	if !errors.Is(tr.Err(), session.ErrReservedType) || len(tr.List("pi", "k")) != 0 {
		t.Fatalf("err %v", tr.Err())
	}
}

func TestForkCarriesValues(t *testing.T) {
	t.Parallel()
	tr, err := session.Create(t.TempDir(), "/w", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	u := mustCommit(t, tr, msgEntry(userMsg("x")))
	tr.SetValue("a", "v", "old")
	tr.AppendToList("a", "l", 1.0)
	mustCommit(t, tr, msgEntry(assistantMsg("y")))
	// On another branch: set a newer value and a list element.
	tr.SetLeaf(id(u))
	tr.SetValue("a", "v", "new")
	tr.AppendToList("a", "l", 2.0)

	f, err := tr.Clone()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if v, _ := f.Value("a", "v"); v != "new" {
		t.Fatalf("value %v", v)
	}
	sameJSON(t, "list", f.List("a", "l"), []any{1, 2})
	// One value entry, two list entries, after the path (u only).
	if got := types(f.Entries()); got != "message,custom,custom,custom" {
		t.Fatalf("fork entries %s", got)
	}
	f2, err := tr.Fork(id(u), session.PositionBefore)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := f2.Value("a", "v"); v != "new" || len(f2.List("a", "l")) != 2 {
		t.Fatal("empty fork lost values")
	}
}
