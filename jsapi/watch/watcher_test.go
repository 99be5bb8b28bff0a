package watch_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
	"github.com/pigo-dev/pigo/jsapi/watch"
)

func TestEditAddsAndRemovesTools(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", ext("v1", []string{"one"}))
	f.mustBoot("a.ts")
	f.watch(0)

	f.write("a.ts", ext("v2", []string{"one", "two"}))
	r := f.nextOK("a")
	if r.Generation != 2 || r.Live != 2 || r.Trigger != "watch" {
		t.Fatalf("reload = %+v", r)
	}
	if !reflect.DeepEqual(r.Added, []string{"tool:two"}) || !reflect.DeepEqual(r.Changed, []string{"tool:one"}) || len(r.Removed) != 0 {
		t.Fatalf("diff = +%v -%v ~%v", r.Added, r.Removed, r.Changed)
	}
	if !regexp.MustCompile(`^reload a gen 2 ok [0-9.]+ms \+tool:two ~tool:one$`).MatchString(r.String()) {
		t.Errorf("line = %q", r.String())
	}
	if !reflect.DeepEqual(r.Files, []string{f.path("a.ts")}) {
		t.Errorf("files = %v", r.Files)
	}
	f.wantText("two", "v2")

	// Truncate and write in place this time.
	f.writeInPlace("a.ts", ext("v3", []string{"one"}))
	r = f.waitText("a", "one", "v3")
	if !reflect.DeepEqual(r.Removed, []string{"tool:two"}) || len(r.Added) != 0 || !reflect.DeepEqual(r.Changed, []string{"tool:one"}) {
		t.Fatalf("diff = +%v -%v ~%v", r.Added, r.Removed, r.Changed)
	}
	if _, err := f.call("two"); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("removed tool still answers: %v", err)
	}
}

func TestSyntaxErrorKeepsGenerationThenRecovers(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", ext("v1", []string{"one"}))
	f.mustBoot("a.ts")
	f.watch(0)

	f.write("a.ts", "export default function (pi) {\n  const ok = 1;\n  const broken: number = ;\n}\n")
	r := f.next("a")
	if r.OK || r.Live != 1 || r.Error == nil {
		t.Fatalf("broken save: %+v", r)
	}
	d := r.Error.Diagnostics[0]
	if d.Plugin != "a" || d.Location == nil || d.Location.File != f.path("a.ts") || d.Location.Line != 3 {
		t.Fatalf("diagnostic = %+v", d)
	}
	if len(d.Notes) == 0 || !strings.Contains(d.Notes[0], "> 3 |   const broken: number = ;") {
		t.Errorf("no code frame: %q", d.Notes)
	}
	if !regexp.MustCompile(`^reload a gen 2 FAILED [0-9.]+ms, keeping generation 1$`).MatchString(r.String()) {
		t.Errorf("line = %q", r.String())
	}
	// The old generation keeps serving.
	f.wantText("one", "v1")
	if g := f.host.Generation("a"); g == nil || g.Number() != 1 || !g.Live() {
		t.Fatalf("live generation = %v", g)
	}

	f.write("a.ts", ext("v3", []string{"one"}))
	r = f.nextOK("a")
	if r.Generation != 3 || r.Live != 3 {
		t.Fatalf("recovery = %+v", r)
	}
	f.wantText("one", "v3")
}

func TestFactoryThrowRollsBack(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", ext("v1", []string{"one"}))
	f.mustBoot("a.ts")
	f.watch(0)

	f.write("a.ts", "export default function (pi) {\n  pi.tools.add((d) => d.set(\"other\", { description: \"\", parameters: { type: \"object\" }, execute: () => ({ content: [] }) }));\n  throw new Error(\"factory exploded\");\n}\n")
	r := f.next("a")
	if r.OK || r.Live != 1 {
		t.Fatalf("reload = %+v", r)
	}
	d := r.Error.Diagnostics[0]
	if d.Where != "factory" || !strings.Contains(d.Text, "factory exploded") || d.Location == nil || d.Location.Line != 3 ||
		filepath.Base(d.Location.File) != "a.ts" {
		t.Fatalf("diagnostic = %+v", d)
	}
	// The candidate's registration never became visible; the old tool serves.
	if f.host.Tools().Current().Has("other") {
		t.Fatal("failed candidate's tool is registered")
	}
	f.wantText("one", "v1")
}

func TestBrokenAtStartLoadsOnceFixed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", "export default function (pi) {\n  pi.tools.add(\n")
	if res := f.boot("a.ts"); res["a"].OK {
		t.Fatal("broken plugin loaded")
	}
	f.watch(0)
	f.write("a.ts", ext("fixed", []string{"one"}))
	r := f.nextOK("a")
	if r.Live != r.Generation || !reflect.DeepEqual(r.Added, []string{"tool:one"}) {
		t.Fatalf("reload = %+v", r)
	}
	f.wantText("one", "fixed")
}

func TestMissingImportCreatedLater(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", "import { text } from \"./helper\";\n"+ext("x", []string{"one"}, "console.log(text);"))
	if res := f.boot("a.ts"); res["a"].OK {
		t.Fatal("plugin with a missing import loaded")
	}
	f.watch(0)
	// Creating the missing file is enough: a broken plugin also reacts to
	// new source files next to its inputs.
	f.write("helper.ts", "export const text = \"made\";\n")
	r := f.nextOK("a")
	if !reflect.DeepEqual(r.Files, []string{f.path("helper.ts")}) {
		t.Errorf("files = %v", r.Files)
	}
	f.wantText("one", "x")
}

func TestRapidSavesReloadOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", ext("v1", []string{"one"}))
	f.mustBoot("a.ts")
	// A long quiet period so three back-to-back saves surely fall in it
	// where it applies (no close signal); with one, each complete save may
	// reload, and saves made during a reload share the next one.
	f.watch(300 * time.Millisecond)

	for _, v := range []string{"v2", "v3", "v4"} {
		f.write("a.ts", ext(v, []string{"one"}))
	}
	r := f.waitText("a", "one", "v4")
	if r.Generation > 4 {
		t.Fatalf("reload = %+v: more reloads than saves", r)
	}
	// A marker edit. A save that raced the reload above may still earn one
	// reload of content already live (the reloader hashes before it
	// bundles, so an edit is never missed, at worst reloaded twice); even
	// so, never more reloads than saves: v2..v5 are generations 2..5 at
	// most.
	f.write("a.ts", ext("v5", []string{"one"}))
	if m := f.waitText("a", "one", "v5"); m.Generation > 5 || m.Generation > r.Generation+2 {
		t.Fatalf("marker reload = %+v after generation %d: more reloads than saves", m, r.Generation)
	}
}

func TestTouchWithoutChangeDoesNotReload(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	src := ext("v1", []string{"one"})
	p := f.write("a.ts", src)
	f.write("b.ts", ext("b1", []string{"bee"}))
	f.mustBoot("a.ts", "b.ts")
	f.watch(0)

	// Same bytes rewritten and a new modification time: no reload.
	f.write("a.ts", src)
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	// Let the watcher get past those events (b's reload queues after a's).
	f.write("b.ts", ext("b2", []string{"bee"}))
	f.nextOK("b")
	f.write("a.ts", ext("v2", []string{"one"}))
	if r := f.next("a"); !r.OK || r.Generation != 2 {
		t.Fatalf("reload = %+v; a touch must not reload", r)
	}
}

func TestDeleteAndRecreate(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	p := f.write("a.ts", ext("v1", []string{"one"}))
	f.mustBoot("a.ts")
	f.watch(0)

	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	// Whether the deletion alone gets its own (failed) reload depends on
	// timing; either way the old generation serves until the file is back.
	f.wantText("one", "v1")
	f.write("a.ts", ext("v2", []string{"one"}))
	f.nextOK("a")
	f.wantText("one", "v2")
}

func TestAtomicRenameSave(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", ext("v1", []string{"one"}))
	f.mustBoot("a.ts")
	f.watch(0)

	// What VS Code, JetBrains and vim's backupcopy=no do: write a sibling,
	// rename it over the original.
	tmp := f.write(".a.ts.swp", ext("v2", []string{"one"}))
	if err := os.Rename(tmp, f.path("a.ts")); err != nil {
		t.Fatal(err)
	}
	r := f.nextOK("a")
	if !reflect.DeepEqual(r.Files, []string{f.path("a.ts")}) {
		t.Errorf("files = %v", r.Files)
	}
	f.wantText("one", "v2")
}

func TestHelperImportReloadsPlugin(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	helper := f.write("lib/helper.ts", "export const text = \"h1\";\n")
	useHelper := func(extra string) string {
		return "import { text } from \"./lib/helper\";\n" + extra + "export default function (pi) {\n" +
			"  pi.tools.add((d) => d.set(\"one\", { description: \"\", parameters: { type: \"object\" }, execute: async () => ({ content: [{ type: \"text\", text }] }) }));\n}\n"
	}
	f.write("a.ts", useHelper(""))
	f.mustBoot("a.ts")
	f.watch(0)
	if files := f.r.Files("a"); !contains(files, helper) {
		t.Fatalf("helper not watched: %v", files)
	}

	f.write("lib/helper.ts", "export const text = \"h2\";\n")
	r := f.nextOK("a")
	if !reflect.DeepEqual(r.Files, []string{helper}) {
		t.Errorf("files = %v", r.Files)
	}
	f.wantText("one", "h2")

	// A new import starts being watched.
	other := f.write("lib/other.ts", "export const more = \"m1\";\n")
	f.write("a.ts", "import { more } from \"./lib/other\";\n"+useHelper("console.log(more);\n"))
	f.nextOK("a")
	if files := f.r.Files("a"); !contains(files, other) {
		t.Fatalf("new import not watched: %v", files)
	}
	f.write("lib/other.ts", "export const more = \"m2\";\n")
	if r := f.nextOK("a"); !reflect.DeepEqual(r.Files, []string{other}) {
		t.Errorf("files = %v", r.Files)
	}

	// A removed import stops being watched.
	f.write("a.ts", ext("plain", []string{"one"}))
	f.nextOK("a")
	if files := f.r.Files("a"); contains(files, helper) || contains(files, other) {
		t.Fatalf("removed imports still watched: %v", files)
	}
	f.write("lib/helper.ts", "export const text = \"h3\";\n")
	f.write("a.ts", ext("marker", []string{"one"}))
	if r := f.nextOK("a"); !reflect.DeepEqual(r.Files, []string{f.path("a.ts")}) {
		t.Fatalf("files = %v (the old helper must not trigger)", r.Files)
	}
}

func TestNodeModulesChurnIgnored(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("node_modules/dep/package.json", `{"name":"dep","main":"index.js"}`)
	f.write("node_modules/dep/index.js", "exports.used = \"u1\";\n")
	f.write("a.ts", "import { used } from \"dep\";\n"+ext("v1", []string{"one"}, "console.log(used);"))
	f.mustBoot("a.ts")
	f.watch(0)

	// Files the bundle did not read: no reload.
	f.write("node_modules/dep/unused.js", "exports.x = 1;\n")
	f.write("node_modules/other/index.js", "exports.y = 2;\n")
	f.write("a.ts", "import { used } from \"dep\";\n"+ext("v2", []string{"one"}, "console.log(used);"))
	if r := f.nextOK("a"); !reflect.DeepEqual(r.Files, []string{f.path("a.ts")}) || r.Generation != 2 {
		t.Fatalf("reload = %+v", r)
	}
	// A dependency file the bundle uses: reload.
	f.write("node_modules/dep/index.js", "exports.used = \"u2\";\n")
	if r := f.nextOK("a"); !reflect.DeepEqual(r.Files, []string{f.path("node_modules/dep/index.js")}) {
		t.Fatalf("files = %v", r.Files)
	}
}

func TestOtherPluginUntouched(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", ext("a1", []string{"aa"}))
	f.write("b.ts", ext("b1", []string{"bb"},
		`pi.effect((signal) => { pi.diagnostics.info("effect b started gen " + pi.generation); });`,
		`pi.on("session_start", () => pi.diagnostics.info("b session_start"));`))
	f.mustBoot("a.ts", "b.ts")
	f.waitLogged("effect b started gen 1", 1)
	f.watch(0)

	f.write("a.ts", ext("a2", []string{"aa"}))
	f.nextOK("a")
	f.wantText("aa", "a2")
	if g := f.host.Generation("b"); g.Number() != 1 || !g.Live() {
		t.Fatalf("b generation = %v", g)
	}
	if n := f.logged("effect b started"); n != 1 {
		t.Errorf("b's effect started %d times", n)
	}
	if n := f.logged("b session_start"); n != 0 {
		t.Errorf("b got session_start %d times", n)
	}
	f.wantText("bb", "b1")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestFilesSavedTogetherReloadOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("dir/util.ts", "export const text = \"u1\";\n")
	entry := func(v string) string {
		return "import { text } from \"./util\";\n" + ext(v, []string{"one"}, "console.log(text);")
	}
	f.write("dir/index.ts", entry("v1"))
	f.mustBoot("dir")
	// Long enough for two back-to-back saves to fall in, with or without
	// a close signal.
	f.watchWith(watch.WatcherOptions{Debounce: 300 * time.Millisecond, Settle: 300 * time.Millisecond})

	// A directory extension: its index and a helper saved together.
	f.write("dir/util.ts", "export const text = \"u2\";\n")
	f.write("dir/index.ts", entry("v2"))
	r := f.nextOK("dir")
	if want := []string{f.path("dir/index.ts"), f.path("dir/util.ts")}; !reflect.DeepEqual(r.Files, want) || r.Generation != 2 {
		t.Fatalf("reload = gen %d files %v, want gen 2 files %v", r.Generation, r.Files, want)
	}
	f.wantText("one", "v2")
	f.write("dir/index.ts", entry("v3"))
	if r := f.next("dir"); r.Generation != 3 {
		t.Fatalf("marker reload = %+v (an extra reload happened in between)", r)
	}
}

func TestDirectoryDeletedAndRecreated(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("ext/index.ts", ext("v1", []string{"one"}))
	f.mustBoot("ext")
	f.watch(0)

	if err := os.RemoveAll(f.path("ext")); err != nil {
		t.Fatal(err)
	}
	// The deletion is a (failed) reload; the old generation keeps serving.
	if r := f.next("ext"); r.OK {
		t.Fatalf("reload of a deleted extension succeeded: %+v", r)
	}
	f.wantText("one", "v1")
	// The directory comes back (a checkout, an undo): it is noticed from
	// the parent directory and the extension reloads.
	f.write("ext/index.ts", ext("v2", []string{"one"}))
	f.nextOK("ext")
	f.wantText("one", "v2")
}

// An edit saved after the first load but before the watches exist gets no
// file event; the Watcher's first check still reloads it (pigo dev could
// miss a fix saved right after a broken start).
func TestEditBeforeWatchingReloads(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", "export default function (pi) {\n  pi.tools.add(\n")
	f.write("b.ts", ext("b", []string{"bee"}))
	res := f.boot("a.ts", "b.ts")
	if res["a"].OK || !res["b"].OK {
		t.Fatalf("boot: %+v", res)
	}
	f.write("a.ts", ext("fixed", []string{"one"}))
	f.watch(0)
	if r := f.nextOK("a"); !reflect.DeepEqual(r.Added, []string{"tool:one"}) {
		t.Fatalf("reload = %+v", r)
	}
	f.wantText("one", "fixed")
	if g := f.host.Generation("b"); g == nil || g.Number() != 1 {
		t.Errorf("unchanged b was reloaded: %v", g)
	}
}

// An edit saved while the plugin loaded (after the load read the file,
// before the Reloader recorded it) is not mistaken for what was loaded.
func TestEditDuringLoadReloads(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	p := f.write("a.ts", ext("v1", []string{"one"}))
	start := time.Now()
	spec := f.env.Plugin(jsapi.PluginID(p), p, nil)
	if r := f.host.Boot(context.Background(), []engine.PluginSpec{spec}); !r[0].OK {
		t.Fatal(r[0].Err)
	}
	f.write("a.ts", ext("v2", []string{"one"})) // lands between the load and AddLoaded
	f.r.AddLoaded(spec.ID, p, start)
	f.watch(0)
	f.nextOK("a")
	f.wantText("one", "v2")
}
