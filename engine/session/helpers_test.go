package session_test

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

// userMsg and assistantMsg build messages shaped as pi builds them.
func userMsg(text string) map[string]any {
	return map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": text}}, "timestamp": float64(1700000000000)}
}

func assistantMsg(text string) map[string]any {
	return map[string]any{
		"role": "assistant", "content": []any{map[string]any{"type": "text", "text": text}},
		"api": "openai-completions", "provider": "mock", "model": "mock-1",
		"usage": map[string]any{"input": 10.0, "output": 5.0, "cacheRead": 0.0, "cacheWrite": 0.0, "totalTokens": 15.0,
			"cost": map[string]any{"input": 0.0, "output": 0.0, "cacheRead": 0.0, "cacheWrite": 0.0, "total": 0.0}},
		"stopReason": "stop", "timestamp": float64(1700000000001),
	}
}

func msgEntry(m map[string]any) session.Entry { return session.Entry{"type": "message", "message": m} }

// mustCommit appends e and fails the test on error.
func mustCommit(t *testing.T, tr *session.Tree, e session.Entry) session.Entry {
	t.Helper()
	s, err := tr.Commit(e)
	if err != nil {
		t.Fatalf("commit %v: %v", e["type"], err)
	}
	return s
}

func id(e session.Entry) string { s, _ := e["id"].(string); return s }

// mustOpen opens path and fails on error or on any warning.
func mustOpen(t *testing.T, path string) *session.Tree {
	t.Helper()
	tr, warns, err := session.Open(path, session.Options{})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	if len(warns) > 0 {
		t.Fatalf("open: unexpected warnings %v", warns)
	}
	t.Cleanup(func() { _ = tr.Close() })
	return tr
}

// fileLines returns the file's lines without the trailing newline.
func fileLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// jsonNorm turns v into plain JSON data for comparisons.
func jsonNorm(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

func sameJSON(t *testing.T, what string, got, want any) {
	t.Helper()
	g, w := jsonNorm(t, got), jsonNorm(t, want)
	if !reflect.DeepEqual(g, w) {
		gb, _ := json.MarshalIndent(g, "", " ")
		wb, _ := json.MarshalIndent(w, "", " ")
		t.Fatalf("%s differ:\ngot  %s\nwant %s", what, gb, wb)
	}
}
