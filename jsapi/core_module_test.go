package jsapi_test

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// TestCoreModuleMatchesTypes: an extension imports pigo:core, every
// function types/core.d.ts declares exists, and a search runs.
func TestCoreModuleMatchesTypes(t *testing.T) {
	t.Parallel()
	decl, err := os.ReadFile("../types/core.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, m := range regexp.MustCompile(`(?m)^\s*export function (\w+)`).FindAllStringSubmatch(string(decl), -1) {
		declared = append(declared, m[1])
	}
	if len(declared) == 0 {
		t.Fatal("no functions declared in types/core.d.ts")
	}
	f := newFixture(t, engine.Options{})
	f.write("data/a.txt", "needle\n")
	f.write("core.ts", `import * as core from "pigo:core";
export default function (pi: any) {
  pi.registerTool({ name: "core", description: "", parameters: { type: "object" },
    async execute() {
      const exported = Object.keys(core).filter((k) => typeof (core as any)[k] === "function").sort();
      const { matches } = await core.grep({ pattern: "need+le", path: "data" });
      return { content: [{ type: "text", text: exported.join(",") + "|" + matches.map((m: any) => m.line + ":" + m.text).join("") }] };
    } });
}
`)
	f.mustBoot("core.ts")
	r, err := f.runTool("core", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(declared)
	if want := strings.Join(declared, ",") + "|1:needle\n"; r.Text() != want {
		t.Fatalf("got %q, want %q", r.Text(), want)
	}
}
