package jsapi_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
)

// TestTierCheck covers the multi-tier static check: a module exporting two or
// more tier factories may not hold top-level mutable state (in itself or
// in a local module it imports); single-tier modules are exempt.
func TestTierCheck(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("multi.ts", `import type { Pi } from "@pigo/api";
const greeting = "hi";
let sessions = 0;
export default function (pi: Pi) {}
export function session(pi: Pi) { sessions++; }
export function tui(ui: unknown) { return sessions; }
`)
	f.write("single.ts", `let calls = 0;
export default function (pi) { calls++; }
export function session(pi) { calls++; }
`)
	f.write("clean.ts", `const names = ["a"];
export default function (pi) {}
export function session(pi) { let local = names.length; }
export { session as web };
`)
	f.write("lib/state.ts", `export const label = "x";
export var counter = 0;
`)
	f.write("viahelper.ts", `import { counter } from "./lib/state";
export default function (pi) {}
export const server = () => counter;
export const web = () => counter;
`)
	res := f.boot("multi.ts", "single.ts", "clean.ts", "viahelper.ts")
	wantFailure(t, res["multi"], "tier factories (session, tui)", "multi.ts", 3)
	if d := res["multi"].Err.Diagnostics[0]; d.Where != "tier check" || d.Location.Column != 0 ||
		!strings.Contains(d.Text, "`let sessions`") || len(d.Notes) == 0 || !strings.Contains(d.Notes[0], "> 3 | let sessions = 0;") {
		t.Errorf("diagnostic = %+v", d)
	}
	if !errors.Is(res["multi"].Err, jsapi.ErrTierState) {
		t.Errorf("error %v is not ErrTierState", res["multi"].Err)
	}
	if !res["single"].OK {
		t.Errorf("single-tier module refused: %v", res["single"].Err)
	}
	if !res["clean"].OK {
		t.Errorf("multi-tier module without mutable state refused: %v", res["clean"].Err)
	}
	wantFailure(t, res["viahelper"], "tier factories (server, web)", "state.ts", 2)
}
