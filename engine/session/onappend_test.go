package session

import (
	"encoding/json"
	"strings"
	"testing"
)

// OnAppend observers see each added entry (with its id), in order, and
// nothing for an entry Commit refuses.
func TestOnAppend(t *testing.T) {
	tr := InMemory(t.TempDir())
	var seen []Entry
	var lines []string
	tr.OnAppend(func(e Entry, raw json.RawMessage) { seen = append(seen, e); lines = append(lines, string(raw)) })
	a := tr.Append(Entry{"type": "custom", "customType": "note", "data": 1.0})
	tr.Append(Entry{"type": "session_info", "name": "x"})
	if _, err := tr.Commit(Entry{"type": ""}); err == nil {
		t.Fatal("an entry without a type was accepted")
	}
	if len(seen) != 2 || seen[0]["id"] != a["id"] || seen[0]["customType"] != "note" || seen[1]["type"] != "session_info" {
		t.Errorf("observed %v", seen)
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[0], `{"type":"custom","customType":"note","data":1,"id":"`) {
		t.Errorf("lines %q", lines)
	}
}
