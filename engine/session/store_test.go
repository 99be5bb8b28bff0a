package session_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

func TestCreateWritesLazily(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "sessions", "p")
	tr, err := session.Create(dir, "/work/x", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	h := tr.Header()
	name := filepath.Base(tr.Path())
	if !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z_[0-9a-f-]{36}\.jsonl$`).MatchString(name) ||
		!strings.HasSuffix(name, "_"+h.ID+".jsonl") || filepath.Dir(tr.Path()) != dir {
		t.Fatalf("file name %q (id %s)", tr.Path(), h.ID)
	}
	if h.ID[14] != '7' || h.Version != 3 || h.Cwd != "/work/x" || h.Type != "session" {
		t.Fatalf("header %+v: want a v3 header with a UUIDv7 id", h)
	}
	mustCommit(t, tr, session.Entry{"type": "model_change", "provider": "mock", "modelId": "mock-1"})
	mustCommit(t, tr, session.Entry{"type": "thinking_level_change", "thinkingLevel": "off"})
	mustCommit(t, tr, msgEntry(map[string]any{"role": "system", "content": "", "timestamp": 1.0}))
	mustCommit(t, tr, session.Entry{"type": "custom", "customType": "x", "data": map[string]any{"a": 1}})
	if _, err := os.Stat(tr.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("file exists before the first user message: %v", err)
	}
	a := mustCommit(t, tr, msgEntry(userMsg("hi"))) // pi 1.6 creates the file at the first user message
	lines := fileLines(t, tr.Path())
	if len(lines) != 6 {
		t.Fatalf("after the user message the file has %d lines, want 6:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	want := `{"type":"session","version":3,"id":"` + h.ID + `","timestamp":"` + h.Timestamp + `","cwd":"/work/x"}`
	if lines[0] != want {
		t.Fatalf("header line\n got %s\nwant %s", lines[0], want)
	}
	if !strings.HasPrefix(lines[5], `{"type":"message","id":"`+id(a)+`","parentId":"`) {
		t.Fatalf("last line %s", lines[5])
	}
	mustCommit(t, tr, session.Entry{"type": "label", "targetId": id(a), "label": "x"})
	if n := len(fileLines(t, tr.Path())); n != 7 {
		t.Fatalf("after one more append the file has %d lines, want 7", n)
	}
	// pi 1.6's context_edit line, a null replacement kept.
	ce := mustCommit(t, tr, session.Entry{"type": "context_edit", "targetId": id(a), "replacement": nil})
	ls := fileLines(t, tr.Path())
	if want := `{"type":"context_edit","id":"` + id(ce) + `","parentId":"` + ce["parentId"].(string) + `","timestamp":"` + ce["timestamp"].(string) +
		`","targetId":"` + id(a) + `","replacement":null}`; ls[len(ls)-1] != want {
		t.Fatalf("context_edit line\n got %s\nwant %s", ls[len(ls)-1], want)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("session dir holds %d files, want only the session (no temporary file)", len(entries))
	}
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tr, err := session.Create(dir, "/w", session.Options{ParentSession: "/old.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	u := mustCommit(t, tr, msgEntry(userMsg("q <&> \u2028 \"quoted\"\n")))
	a := mustCommit(t, tr, msgEntry(assistantMsg("a")))
	if _, err := tr.SetLabel(id(u), "start"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.SetName("  My session  "); err != nil {
		t.Fatal(err)
	}
	mustCommit(t, tr, session.Entry{"type": "custom_message", "customType": "note", "content": "hello", "display": true, "details": map[string]any{"k": []any{1, "2"}}})
	if err := tr.SetLeaf(id(a)); err != nil {
		t.Fatal(err)
	}
	mustCommit(t, tr, msgEntry(userMsg("branch")))
	if err := tr.Close(); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(tr.Path())

	got := mustOpen(t, tr.Path())
	if !reflect.DeepEqual(got.Entries(), tr.Entries()) {
		t.Fatalf("entries differ after reopening:\n got %v\nwant %v", got.Entries(), tr.Entries())
	}
	if got.Header() != tr.Header() || got.Header().ParentSession != "/old.jsonl" {
		t.Fatalf("header %+v, want %+v", got.Header(), tr.Header())
	}
	if got.LeafID() != tr.LeafID() {
		t.Fatalf("leaf %s, want the last entry %s", got.LeafID(), tr.LeafID())
	}
	if l, ok := got.Label(id(u)); !ok || l != "start" {
		t.Fatalf("label %q %v", l, ok)
	}
	if n, ok := got.Name(); !ok || n != "My session" {
		t.Fatalf("name %q %v", n, ok)
	}
	if after, _ := os.ReadFile(tr.Path()); string(after) != string(before) {
		t.Fatal("opening a v3 file changed it")
	}
	// Every line is valid JSON with the id/parentId chain pi expects.
	for i, line := range fileLines(t, tr.Path())[1:] {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %d: %v", i+2, err)
		}
		if _, ok := m["parentId"]; !ok {
			t.Fatalf("line %d has no parentId: %s", i+2, line)
		}
	}
}

func TestOpenSkipsTornAndCorruptLines(t *testing.T) {
	t.Parallel()
	tr, err := session.Create(t.TempDir(), "/w", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustCommit(t, tr, msgEntry(userMsg("one")))
	mustCommit(t, tr, msgEntry(assistantMsg("two")))
	mustCommit(t, tr, session.Entry{"type": "custom", "customType": "c"})
	tr.Close()
	path := tr.Path()
	lines := fileLines(t, path)
	lines[2] = `{"type":"message","id":` // corrupt middle line (line 3)
	content := strings.Join(lines, "\n") + "\n" + `{"type":"custom","customType":"torn","id":"abcd`
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}

	got, warns, err := session.Open(path, session.Options{})
	if err != nil {
		t.Fatalf("open refused a damaged file: %v", err)
	}
	if len(warns) != 2 || warns[0].Line != 3 || warns[1].Line != 5 || !strings.Contains(warns[1].Text, "torn") {
		t.Fatalf("warnings %v, want line 3 (corrupt) and line 5 (torn)", warns)
	}
	if !strings.HasPrefix(warns[0].String(), path+":3: ") {
		t.Fatalf("warning text %q", warns[0].String())
	}
	if n := len(got.Entries()); n != 2 {
		t.Fatalf("%d entries survive, want 2", n)
	}
	// The next append starts on a fresh line after the torn fragment.
	e := mustCommit(t, got, session.Entry{"type": "custom", "customType": "after"})
	got.Close()
	again, warns, err := session.Open(path, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if _, ok := again.Entry(id(e)); !ok || len(warns) != 2 {
		t.Fatalf("entry appended after a torn line: found=%v, warnings %v", ok, warns)
	}
}

func TestOpenInvalidHeaderStartsFresh(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "s.jsonl")
	old := `{"type":"message","id":"aaaaaaaa","parentId":null}` + "\n"
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, warns, err := session.Open(path, session.Options{Cwd: "/here"})
	if err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	if len(tr.Entries()) != 0 || tr.Header().Cwd != "/here" || len(warns) != 2 {
		t.Fatalf("entries %v header %+v warnings %v", tr.Entries(), tr.Header(), warns)
	}
	// As pi: the file now holds a fresh header; the old content was set aside.
	if lines := fileLines(t, path); len(lines) != 1 || !strings.Contains(lines[0], `"id":"`+tr.Header().ID+`"`) {
		t.Fatalf("file %v", lines)
	}
	aside, _ := filepath.Glob(path + ".corrupt-*")
	if len(aside) != 1 {
		t.Fatalf("old content not set aside: %v", aside)
	}
	if b, _ := os.ReadFile(aside[0]); string(b) != old {
		t.Fatalf("set-aside content %q", b)
	}
	// The file exists now, so appends go straight to it.
	mustCommit(t, tr, msgEntry(userMsg("x")))
	if n := len(fileLines(t, path)); n != 2 {
		t.Fatalf("%d lines", n)
	}
}

func TestOpenMissingFileIsNewSession(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "sub", "explicit.jsonl")
	tr, warns, err := session.Open(path, session.Options{Cwd: "/c"})
	if err != nil || len(warns) != 0 {
		t.Fatal(err, warns)
	}
	defer tr.Close()
	if tr.Path() != path || tr.Cwd() != "/c" {
		t.Fatalf("path %s cwd %s", tr.Path(), tr.Cwd())
	}
	mustCommit(t, tr, session.Entry{"type": "thinking_level_change", "thinkingLevel": "off"})
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("written before a user message")
	}
	mustCommit(t, tr, msgEntry(userMsg("y")))
	if n := len(fileLines(t, path)); n != 3 {
		t.Fatalf("%d lines", n)
	}
}

func TestWriteFailureContinuesInMemory(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "d")
	tr, err := session.Create(dir, "/w", session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustCommit(t, tr, msgEntry(userMsg("x")))
	// Make the directory impossible to write: replace it by a file.
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := tr.Commit(msgEntry(assistantMsg("y")))
	if err == nil || a == nil {
		t.Fatalf("commit = %v, %v; want the entry and an error", a, err)
	}
	if tr.Persisted() || tr.Err() == nil || len(tr.Entries()) != 2 {
		t.Fatalf("persisted=%v err=%v entries=%d", tr.Persisted(), tr.Err(), len(tr.Entries()))
	}
	if !strings.Contains(err.Error(), "continuing in memory") {
		t.Fatalf("error %q does not say the session continues in memory", err)
	}
	// Later appends keep working in memory.
	if e := tr.Append(session.Entry{"type": "custom", "customType": "z"}); e == nil {
		t.Fatal("append after a write failure")
	}
}

func TestSyncOnDemandAndClose(t *testing.T) {
	t.Parallel()
	tr, err := session.Create(t.TempDir(), "/w", session.Options{Sync: session.SyncOnDemand})
	if err != nil {
		t.Fatal(err)
	}
	mustCommit(t, tr, msgEntry(userMsg("x")))
	mustCommit(t, tr, msgEntry(assistantMsg("y")))
	mustCommit(t, tr, session.Entry{"type": "custom", "customType": "z"})
	// Written (not yet synced) before Commit returned.
	if n := len(fileLines(t, tr.Path())); n != 4 {
		t.Fatalf("%d lines", n)
	}
	if err := tr.Sync(); err != nil {
		t.Fatal(err)
	}
	if err := tr.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Commit(session.Entry{"type": "custom", "customType": "z"}); !errors.Is(err, session.ErrClosed) {
		t.Fatalf("commit after close: %v", err)
	}
	if tr.Append(session.Entry{"type": "custom", "customType": "z"}) != nil || !errors.Is(tr.Err(), session.ErrClosed) {
		t.Fatalf("append after close: err %v", tr.Err())
	}
	if err := tr.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestCommitRefusesBadEntries(t *testing.T) {
	t.Parallel()
	tr := session.InMemory("/w")
	for _, e := range []session.Entry{
		{"customType": "x"},
		{"type": "session"},
		{"type": "custom", "customType": session.ValueEntryType, "data": map[string]any{"namespace": "pi", "key": "k", "value": 1}},
	} {
		if _, err := tr.Commit(e); err == nil {
			t.Fatalf("commit %v: no error", e)
		}
	}
	if len(tr.Entries()) != 0 || tr.Path() != "" || tr.Persisted() {
		t.Fatal("in-memory session changed or claims a file")
	}
}
