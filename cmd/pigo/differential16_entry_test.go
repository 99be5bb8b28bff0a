package main

import (
	"testing"
	"time"
)

// TestDifferentialRPC16AppendEntry: an extension's pi.appendEntry reaches
// RPC clients as pi 1.6's entry_appended event (the entry as stored), and
// the entry is in get_entries.
func TestDifferentialRPC16AppendEntry(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name: "entry16",
		ext: extSource(`
  pi.registerCommand("note", { description: "store a note", handler: async (args: string) => {
    pi.appendEntry("note", { text: args, n: 1 });
    pi.appendEntry("note-empty");
  } });`),
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"n1","type":"prompt","message":"/note first one"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "entry_appended" })
			time.Sleep(300 * time.Millisecond) // the second entry
			d.call(`{"id":"e1","type":"get_entries"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	compareTranscriptsWith(t, sc.name, project16(pi, true), project16(pg, true), false)
}
