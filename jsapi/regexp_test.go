package jsapi_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// A dependency under node_modules with Unicode property escapes in regexp
// literals (which goja alone rejects or misreads) loads and matches like
// Node: the bundler lowers the literals and the webapi RegExp expands them.
func TestDependencyRegexpPropertyEscapes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("node_modules/dep/package.json", `{"name": "dep", "version": "1.0.0", "main": "index.js"}`)
	f.write("node_modules/dep/index.js", `
const nonASCII = /\P{ASCII}/u;
const words = /[\p{L}\p{N}_]+/gu;
const sets = /^[\p{L}--[a-z]]+$/v;
exports.check = (s) => [nonASCII.test(s), (s.match(words) || []).join("|"), sets.test(s)].join(",");
`)
	f.write("ext.ts", `
import { check } from "dep";
// The extension's own TypeScript: a property escape inside a class.
const ident = (s: string): boolean => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(s);
export default function (pi: any) {
  pi.tools.add((d: any) => d.set("check", {
    description: "regexp check",
    parameters: { type: "object", properties: {} },
    async execute() {
      return { content: [{ type: "text", text: [check("plain"), check("Grüße, 世界 42"), check("ÀB"), ident("größe1"), ident("1a")].join(" / ") }] };
    },
  }));
}
`)
	f.mustBoot("ext.ts")
	r, err := f.runTool("check", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	const want = "false,plain,false / true,Grüße|世界|42,false / true,ÀB,true / true / false"
	if got := r.Text(); got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}
