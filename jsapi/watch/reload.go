package watch

import (
	"fmt"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

// Reload is the outcome of reloading one plugin.
type Reload struct {
	Plugin string
	// Generation is the generation this reload created (OK) or tried to
	// create (a failed candidate still takes a number).
	Generation int
	// Live is the generation serving after the reload: Generation when OK,
	// otherwise the one that was kept (0 when none is loaded).
	Live    int
	OK      bool
	Elapsed time.Duration // from the decision to reload to the new generation started (incl. session events)
	// Added, Removed and Changed list registrations as "kind:id"
	// ("tool:greet", "command:hello", "hook:tool_call"), sorted by kind
	// (tool, command, hook, others) then id; never nil. Hooks are compared
	// by name only, so a hook is never "changed".
	Added, Removed, Changed []string
	// Error explains a failed reload: one Diagnostic per problem, each with
	// the plugin id, what failed ("bundle", "factory", "tier check", ...),
	// file:line:col and, in Notes, a code frame. Nil when OK.
	Error *engine.PluginError
	// Warnings are failures of session_shutdown / session_start listeners
	// around the swap; they did not stop the reload.
	Warnings []engine.Diagnostic
	Trigger  string   // "watch", "manual" or "move" (Restart)
	Files    []string // for a watched reload, the changed files (absolute, sorted)
}

// String renders the reload as one line:
//
//	reload hello gen 2 ok 14ms +tool:greet -command:old ~tool:bash
//	reload hello gen 3 FAILED 9ms, keeping generation 2
//
// The diagnostics of a failure are not part of it (see Error).
func (r Reload) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "reload %s gen %d ", r.Plugin, r.Generation)
	if !r.OK {
		fmt.Fprintf(&b, "FAILED %s, ", Millis(r.Elapsed))
		if r.Live > 0 {
			fmt.Fprintf(&b, "keeping generation %d", r.Live)
		} else {
			b.WriteString("no generation live")
		}
		return b.String()
	}
	fmt.Fprintf(&b, "ok %s", Millis(r.Elapsed))
	for _, c := range r.Added {
		b.WriteString(" +" + c)
	}
	for _, c := range r.Removed {
		b.WriteString(" -" + c)
	}
	for _, c := range r.Changed {
		b.WriteString(" ~" + c)
	}
	return b.String()
}

// Millis renders d as whole milliseconds ("14ms"), or with one decimal
// below 10 ms ("2.4ms").
func Millis(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	if ms < 10 {
		return fmt.Sprintf("%.1fms", ms)
	}
	return fmt.Sprintf("%.0fms", ms)
}
