package agent

import (
	"strings"
	"testing"
)

// The record keeps at most 256 calls and 32 KB of arguments in all; what
// it leaves out makes it incomplete, as a call still running does.
func TestNestedRecorderLimits(t *testing.T) {
	r := &nestedRecorder{complete: true}
	args := map[string]any{"s": strings.Repeat("a", 6000)}
	for i := 0; i < 300; i++ {
		rec := r.start("c", "t", args)
		r.finish(rec, false, "")
	}
	snap := r.snapshot()
	calls := snap["calls"].([]any)
	if len(calls) != 256 || snap["complete"] != false {
		t.Fatalf("%d calls, complete %v", len(calls), snap["complete"])
	}
	kept := 0
	for _, c := range calls {
		if _, ok := c.(map[string]any)["arguments"]; ok {
			kept++
		}
	}
	if kept != 5 { // 5 × 6010 bytes fit in 32 KB
		t.Errorf("arguments kept for %d calls, want 5", kept)
	}

	r = &nestedRecorder{complete: true}
	r.finish(r.start("a", "t", nil), true, strings.Repeat("é", 600))
	r.start("b", "t", nil)
	snap = r.snapshot()
	first, second := snap["calls"].([]any)[0].(map[string]any), snap["calls"].([]any)[1].(map[string]any)
	if snap["complete"] != false || second["status"] != "unfinished" || second["durationMs"] != nil {
		t.Errorf("running call: %v", snap)
	}
	if e := first["error"].(string); len([]rune(e)) != 500 {
		t.Errorf("error of %d characters", len([]rune(e)))
	}
	if (&nestedRecorder{complete: true}).snapshot() != nil {
		t.Error("a record without calls")
	}
}
