package jsapi_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// A dependency whose package.json asks for @sinclair/typebox 0.34 gets the
// copy installed for it; the extension itself, a dependency that accepts
// pigo's 1.x, and one whose 0.34 copy is not installed get pigo's TypeBox.
func TestDependencyGetsItsOwnTypeBox(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("node_modules/@sinclair/typebox/package.json", `{"name": "@sinclair/typebox", "version": "0.34.41", "main": "index.js"}`)
	f.write("node_modules/@sinclair/typebox/index.js", `exports.Type = { String: () => ({ type: "string", own: "0.34" }) };`)
	f.write("node_modules/old/package.json", `{"name": "old", "version": "1.0.0", "main": "index.js", "dependencies": {"@sinclair/typebox": "^0.34.0"}}`)
	f.write("node_modules/old/index.js", `exports.which = () => require("@sinclair/typebox").Type.String().own ?? "pigo";`)
	f.write("node_modules/new/package.json", `{"name": "new", "version": "1.0.0", "main": "lib/index.js", "peerDependencies": {"@sinclair/typebox": ">=0.34 <2"}}`)
	f.write("node_modules/new/lib/index.js", `exports.which = () => require("@sinclair/typebox").Type.String().own ?? "pigo";`)
	f.write("ext.ts", `
import { Type } from "@sinclair/typebox";
import { which as oldWhich } from "old";
import { which as newWhich } from "new";
export default function (pi: any) {
  pi.tools.add((d: any) => d.set("which", {
    description: "which TypeBox",
    parameters: { type: "object", properties: {} },
    async execute() {
      return { content: [{ type: "text", text: [(Type.String() as any).own ?? "pigo", oldWhich(), newWhich()].join(" ") }] };
    },
  }));
}
`)
	f.mustBoot("ext.ts")
	r, err := f.runTool("which", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Text(), "pigo 0.34 pigo"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// Without a copy installed, a dependency asking for 0.34 gets pigo's.
func TestDependencyWithoutItsTypeBoxGetsPigos(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("node_modules/old/package.json", `{"name": "old", "version": "1.0.0", "main": "index.js", "dependencies": {"@sinclair/typebox": "^0.34.0"}}`)
	f.write("node_modules/old/index.js", `exports.which = () => require("@sinclair/typebox").Type.String().own ?? "pigo";`)
	f.write("ext.ts", `
import { which } from "old";
export default function (pi: any) {
  pi.tools.add((d: any) => d.set("which", {
    description: "which TypeBox",
    parameters: { type: "object", properties: {} },
    async execute() {
      return { content: [{ type: "text", text: which() }] };
    },
  }));
}
`)
	f.mustBoot("ext.ts")
	r, err := f.runTool("which", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Text(); got != "pigo" {
		t.Fatalf("got %q, want pigo", got)
	}
}
