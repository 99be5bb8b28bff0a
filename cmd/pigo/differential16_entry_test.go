package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDifferentialRPC16AppendEntry: an extension's pi.appendEntry reaches
// RPC clients as pi 1.6's entry_appended event (the entry as stored), and
// the entry is in get_entries; its pi.setSessionName as
// session_info_changed (named, then cleared).
func TestDifferentialRPC16AppendEntry(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name: "entry16",
		ext: extSource(`
  pi.registerCommand("note", { description: "store a note", handler: async (args: string) => {
    pi.appendEntry("note", { text: args, n: 1 });
    pi.appendEntry("note-empty");
    pi.setSessionName("  Named by ext ");
    pi.setSessionName("");
  } });`),
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"n1","type":"prompt","message":"/note first one"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "session_info_changed" && ev["name"] == nil })
			d.call(`{"id":"e1","type":"get_entries"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	compareTranscriptsWith(t, sc.name, append(project16(pi, true), entryEvents(pi)...), append(project16(pg, true), entryEvents(pg)...), false)
}

// entryEvents are a transcript's entry_appended and session_info_changed
// events, ids and timestamps reduced to their type.
func entryEvents(lines []string) []string {
	var out []string
	for _, l := range lines {
		body, ok := strings.CutPrefix(l, "<< ")
		var m map[string]any
		if !ok || json.Unmarshal([]byte(body), &m) != nil || (m["type"] != "entry_appended" && m["type"] != "session_info_changed") {
			continue
		}
		b, _ := json.Marshal(valueShape(m, ""))
		out = append(out, "<< "+string(b))
	}
	return out
}
