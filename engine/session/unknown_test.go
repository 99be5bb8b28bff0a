package session_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

// futureSession is a session file as a later pi might write it: an entry
// type pigo does not know (in the middle of the path, so entries hang
// below it), unknown fields on known entries and messages, and
// extension data whose keys are not in alphabetical order.
var futureSession = []string{
	`{"type":"session","version":3,"id":"0193f3a0-0000-7000-8000-000000000001","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w","x-header":{"z":1,"a":2}}`,
	`{"type":"message","id":"a0000001","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":[{"type":"text","text":"hi","x-block":true}],"timestamp":1767225601000,"x-msg":{"z":1,"a":2}},"x-entry":"kept"}`,
	`{"type":"future_thing","id":"a0000002","parentId":"a0000001","timestamp":"2026-01-01T00:00:02.000Z","payload":{"z":[{"y":1,"b":2}],"a":null}}`,
	`{"type":"custom","customType":"ext","data":{"z":1,"a":2,"m":{"y":1,"b":2}},"id":"a0000003","parentId":"a0000002","timestamp":"2026-01-01T00:00:03.000Z"}`,
	`{"type":"custom_message","customType":"ext","content":"note","display":true,"details":{"z":1,"a":2},"id":"a0000004","parentId":"a0000003","timestamp":"2026-01-01T00:00:04.000Z"}`,
	`{"type":"message","id":"a0000005","parentId":"a0000004","timestamp":"2026-01-01T00:00:05.000Z","message":{"role":"assistant","content":[{"type":"toolCall","id":"c1","name":"probe","arguments":{"q":1,"c":{"y":2,"b":3}}}],"api":"openai-completions","provider":"mock","model":"mock-1","usage":{"input":1,"output":1,"cacheRead":0,"cacheWrite":0,"totalTokens":2,"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}},"stopReason":"toolUse","timestamp":1767225605000}}`,
	`{"type":"message","id":"a0000006","parentId":"a0000005","timestamp":"2026-01-01T00:00:06.000Z","message":{"role":"toolResult","toolCallId":"c1","toolName":"probe","content":[{"type":"text","text":"ok"}],"details":{"z":1,"a":{"y":1,"b":2}},"isError":false,"timestamp":1767225606000}}`,
}

func writeFuture(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "future.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(futureSession, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Entries of types pigo does not know, and fields it does not know, are
// kept: in the tree, in RawEntries as their file bytes, and written back
// byte for byte when the file grows or is copied.
func TestUnknownEntriesSurvive(t *testing.T) {
	path := writeFuture(t)
	tr := mustOpen(t, path)
	raw, _ := tr.RawEntries("")
	var got []string
	for _, r := range raw {
		got = append(got, string(r))
	}
	if !slices.Equal(got, futureSession[1:]) {
		t.Fatalf("RawEntries:\n%s\nwant the file's lines", strings.Join(got, "\n"))
	}
	if e := tr.Entries()[1]; e["type"] != "future_thing" || e["id"] != "a0000002" {
		t.Fatalf("unknown entry: %v", e)
	}
	// The path runs through the unknown entry; the context skips it.
	ctx := tr.BuildContext(tr.LeafID())
	if len(ctx.Messages) != 4 {
		t.Fatalf("context has %d messages, want 4 (user, custom, assistant, toolResult)", len(ctx.Messages))
	}
	// Extension data keeps its order in memory (it is written out again
	// in get_messages, events and provider requests).
	if d := jsjson.Stringify(ctx.Messages[1]["details"]); d != `{"z":1,"a":2}` {
		t.Errorf("custom message details %s", d)
	}
	if d := jsjson.Stringify(ctx.Messages[3]["details"]); d != `{"z":1,"a":{"y":1,"b":2}}` {
		t.Errorf("tool result details %s", d)
	}
	call := ctx.Messages[2]["content"].([]any)[0].(map[string]any)
	if a := jsjson.Stringify(call["arguments"]); a != `{"q":1,"c":{"y":2,"b":3}}` {
		t.Errorf("tool call arguments %s", a)
	}
	if d := jsjson.Stringify(tr.Entries()[2]["data"]); d != `{"z":1,"a":2,"m":{"y":1,"b":2}}` {
		t.Errorf("custom data %s", d)
	}

	// Appending keeps every earlier line as it was.
	mustCommit(t, tr, msgEntry(userMsg("more")))
	lines := fileLines(t, path)
	if !slices.Equal(lines[:len(futureSession)], futureSession) {
		t.Fatalf("append changed earlier lines:\n%s", strings.Join(lines, "\n"))
	}

	// Clone and fork rewrite the path into a new file: each entry is its
	// original line (the header is new).
	clone, err := tr.Clone()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = clone.Close() })
	cloned := fileLines(t, clone.Path())
	if !slices.Equal(cloned[1:len(futureSession)], futureSession[1:]) {
		t.Fatalf("clone:\n%s", strings.Join(cloned, "\n"))
	}
	fork, err := tr.Fork("a0000006", session.PositionAt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fork.Close() })
	if forked := fileLines(t, fork.Path()); !slices.Equal(forked[1:], futureSession[1:]) {
		t.Fatalf("fork:\n%s", strings.Join(forked, "\n"))
	}
	fromDir := t.TempDir()
	copied, _, err := session.ForkFrom(path, "/elsewhere", fromDir, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = copied.Close() })
	if lines := fileLines(t, copied.Path()); !slices.Equal(lines[1:len(futureSession)], futureSession[1:]) {
		t.Fatalf("--fork copy:\n%s", strings.Join(lines, "\n"))
	}
}

// A v2 file is migrated and rewritten: lines the migration does not touch
// (unknown entries among them) are written back byte for byte.
func TestUnknownEntriesSurviveMigration(t *testing.T) {
	v2 := append([]string{strings.Replace(futureSession[0], `"version":3`, `"version":2`, 1)}, futureSession[1:]...)
	path := filepath.Join(t.TempDir(), "v2.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(v2, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, _, err := session.Open(path, session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tr.Close() })
	lines := fileLines(t, path)
	if lines[0] != futureSession[0] {
		t.Errorf("migrated header %s\nwant %s", lines[0], futureSession[0])
	}
	if !slices.Equal(lines[1:], futureSession[1:]) {
		t.Fatalf("migration changed entries:\n%s", strings.Join(lines, "\n"))
	}
}
