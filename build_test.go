package pigo_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/bundled/payload"
	"github.com/pigo-dev/pigo/engine"
)

// fakeRuntime stands in for the pigo binary a build copies: Build treats
// it as opaque bytes.
func fakeRuntime(t *testing.T, dir string) string {
	return write(t, dir, "runtime", strings.Repeat("\x7fELF runtime ", 100))
}

// An app built from a manifest and -e paths runs from the payload alone:
// embedded plugins first in manifest order with their config, the
// command's own manifest after them, bundled ids not loaded twice.
func TestBuildEmbedsAndOpens(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	write(t, src, "a.ts", tool("ta"))
	write(t, src, "b/index.ts", `import { name } from "./name"; `+strings.Replace(toolExt, "%q", "name", 1))
	write(t, src, "b/name.ts", `export const name = "tb";`)
	write(t, src, "app.json", `{"id": "mine", "plugins": [{"id": "./a.ts", "config": {"k": 1}}, "builtin:tool-ls"]}`)
	m, err := pigo.ReadManifest(filepath.Join(src, "app.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	res, err := pigo.Build(context.Background(), pigo.BuildOptions{Manifest: m, Extensions: []string{"src/b"}, Cwd: dir,
		Output: out, Runtime: fakeRuntime(t, dir)})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("payload overhead: %d bytes over a %d-byte runtime", res.Size-res.RuntimeSize, res.RuntimeSize)
	if err := os.RemoveAll(src); err != nil {
		t.Fatal(err)
	}
	app, size, err := payload.Read(out)
	if err != nil || app == nil || size != res.RuntimeSize {
		t.Fatalf("read back: %v %d %v", app, size, err)
	}
	a := open(t, pigo.Options{Cwd: dir, Embedded: app})
	// The default manifest's other six tools load as one group
	// (pigo.Plugin.Members).
	want := []string{"a", "@pi/tool-ls", "b", "@pi/tools"}
	if got := ids(a); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("plugins %v, want %v", got, want)
	}
	if got, want := strings.Join(a.Plugins[3].Members, " "), "@pi/tool-read @pi/tool-bash @pi/tool-edit @pi/tool-write @pi/tool-grep @pi/tool-find"; got != want {
		t.Fatalf("group members %q, want %q", got, want)
	}
	for _, r := range a.Results {
		if !r.OK {
			t.Fatalf("%s: %v", r.Plugin, r.Err)
		}
	}
	r, err := a.Host.RunTool(context.Background(), "ta", engine.ToolCall{ID: "1", Params: map[string]any{}})
	if err != nil || r.Text() != `{"k":1}` {
		t.Fatalf("ta: %q %v", r.Text(), err)
	}
	if !a.Host.Tools().Current().Has("tb") {
		t.Fatalf("tb missing: %v", a.Host.Tools().Current().IDs())
	}
	// --no-builtin-tools drops the embedded bundled references too.
	a = open(t, pigo.Options{Cwd: dir, Embedded: app, NoBundled: true})
	if got := ids(a); strings.Join(got, " ") != "a b" {
		t.Fatalf("NoBundled plugins %v", got)
	}
}

// An -e directory resolves as at run time: package.json pi.extensions
// gives several plugins.
func TestBuildPackageWithSeveralExtensions(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "pkg/package.json", `{"name": "pkg", "pi": {"extensions": ["./x.ts", "./y.ts"]}}`)
	write(t, dir, "pkg/x.ts", tool("tx"))
	write(t, dir, "pkg/y.ts", tool("ty"))
	out := filepath.Join(dir, "out")
	res, err := pigo.Build(context.Background(), pigo.BuildOptions{Extensions: []string{"./pkg"}, Cwd: dir, Output: out, Runtime: fakeRuntime(t, dir)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range res.App.Plugins {
		got = append(got, p.ID+"="+filepath.Base(p.Bundle.Entry))
	}
	if strings.Join(got, " ") != "x=x.ts y=y.ts" {
		t.Fatalf("plugins %v", got)
	}
}

// Same inputs, same bytes; a runtime that already carries an app keeps it,
// first.
func TestBuildReproducibleAndStacks(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.ts", tool("ta"))
	write(t, dir, "c.ts", tool("tc"))
	rt := fakeRuntime(t, dir)
	build := func(out, runtime string, ext ...string) []byte {
		t.Helper()
		if _, err := pigo.Build(context.Background(), pigo.BuildOptions{Extensions: ext, Cwd: dir, Output: out, Runtime: runtime}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	one := build(filepath.Join(dir, "one"), rt, "a.ts")
	two := build(filepath.Join(dir, "two"), rt, "a.ts")
	if !bytes.Equal(one, two) {
		t.Fatal("two builds of the same inputs differ")
	}
	build(filepath.Join(dir, "stacked"), filepath.Join(dir, "one"), "c.ts", "a.ts")
	app, size, err := payload.Read(filepath.Join(dir, "stacked"))
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(rt); size != st.Size() {
		t.Errorf("runtime size %d, want the plain runtime's %d (the old payload is not copied as binary)", size, st.Size())
	}
	var got []string
	for _, p := range app.Plugins {
		got = append(got, p.ID)
	}
	if strings.Join(got, " ") != "a c" { // a.ts is carried already: one file, one plugin
		t.Fatalf("stacked plugins %v", got)
	}
}

// Bad input fails naming what is wrong and writes no output.
func TestBuildErrors(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "bad.ts", "export default function (pi) {\n  let x = ;\n}\n")
	write(t, dir, "ok.ts", tool("t"))
	write(t, dir, "gone.json", `{"plugins": ["./gone.ts"]}`)
	m, err := pigo.ReadManifest(filepath.Join(dir, "gone.json"))
	if err != nil {
		t.Fatal(err)
	}
	rt := fakeRuntime(t, dir)
	out := filepath.Join(dir, "out")
	cases := []struct {
		name string
		opts pigo.BuildOptions
		want string
	}{
		{"syntax error", pigo.BuildOptions{Extensions: []string{"bad.ts"}, Output: out}, filepath.Join(dir, "bad.ts") + ":2:"},
		{"missing -e", pigo.BuildOptions{Extensions: []string{"nope.ts"}, Output: out}, "-e nope.ts: Extension path does not exist: " + filepath.Join(dir, "nope.ts")},
		{"bad manifest", pigo.BuildOptions{Manifest: m, Output: out}, `gone.json: plugins[0] "./gone.ts": no such file or directory`},
		{"no output", pigo.BuildOptions{Extensions: []string{"ok.ts"}}, "no output file (-o OUT)"},
		{"nothing", pigo.BuildOptions{Output: out}, "nothing to embed"},
		{"unwritable", pigo.BuildOptions{Extensions: []string{"ok.ts"}, Output: filepath.Join(dir, "no-such-dir", "out")}, "write " + filepath.Join(dir, "no-such-dir", "out") + ": no such file or directory"},
	}
	for _, c := range cases {
		c.opts.Cwd, c.opts.Runtime = dir, rt
		_, err := pigo.Build(context.Background(), c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
		if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: output written", c.name)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".pigo-build-") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// An embedded app naming a bundled plugin this binary lacks fails before
// anything starts.
func TestEmbeddedUnknownBundled(t *testing.T) {
	_, err := pigo.New(pigo.Options{Cwd: t.TempDir(), Embedded: &payload.App{Plugins: []payload.Plugin{{Ref: "@pi/x", ID: "@pi/x"}}}})
	var me *pigo.ManifestError
	if !errors.As(err, &me) || !strings.Contains(err.Error(), `embedded app: plugins[0] "@pi/x": bundled plugin "@pi/x" is not in this binary`) {
		t.Fatalf("err = %v", err)
	}
}

// Files an extension reads at run time through import.meta travel with
// it: the executable works with the source tree gone, from files it
// wrote once to its cache directory. node_modules and .git are not
// carried; two entries of one package carry the files once; a lone file
// carries nothing.
func TestBuildCarriesFilesReadAtRunTime(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	write(t, src, "pkg/package.json", `{"name": "reader", "pi": {"extensions": ["./index.ts", "./second.ts"]}}`)
	write(t, src, "pkg/prompt.md", "hello prompt\n")
	write(t, src, "pkg/data/table.json", `{"k": 42}`)
	write(t, src, "pkg/node_modules/dep/index.js", `module.exports = "dep";`)
	write(t, src, "pkg/.git/HEAD", "ref: main\n")
	write(t, src, "pkg/lib/where.ts", `export const libDir = import.meta.dirname;`)
	write(t, src, "pkg/index.ts", `import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { libDir } from "./lib/where";
const prompt = readFileSync(fileURLToPath(new URL("./prompt.md", import.meta.url)), "utf8").trim();
const table = JSON.parse(readFileSync(join(import.meta.dirname, "data", "table.json"), "utf8"));
export default function (pi) {
  pi.registerTool({ name: "read_assets", label: "r", description: "d", parameters: { type: "object" },
    async execute() {
      const text = [prompt, table.k, readdirSync(join(libDir, "..")).sort().join(","), libDir.endsWith("/lib")].join("|");
      return { content: [{ type: "text", text }] };
    } });
}
`)
	write(t, src, "pkg/second.ts", tool("second"))
	write(t, src, "lone.ts", tool("lone"))
	out := filepath.Join(dir, "out")
	res, err := pigo.Build(context.Background(), pigo.BuildOptions{Extensions: []string{"src/pkg", "src/lone.ts"}, Cwd: dir,
		Output: out, Runtime: fakeRuntime(t, dir)})
	if err != nil {
		t.Fatal(err)
	}
	ps := res.App.Plugins
	if len(ps) != 3 || ps[0].Assets == nil || ps[1].Assets == nil || ps[2].Assets != nil {
		t.Fatalf("plugins %+v", ps)
	}
	var carried []string
	for _, f := range ps[0].Assets.Files {
		carried = append(carried, f.Path)
	}
	if got := strings.Join(carried, " "); got != "data/table.json index.ts lib/where.ts package.json prompt.md second.ts" {
		t.Errorf("carried %q", got)
	}
	if ps[1].Assets.Files != nil || ps[1].Assets.Hash != ps[0].Assets.Hash {
		t.Errorf("the second entry of the package carries the files again: %+v", ps[1].Assets)
	}
	if strings.Contains(ps[0].Bundle.Code, filepath.Join(src, "pkg")) {
		t.Errorf("the bundle still names the build directory")
	}
	if err := os.RemoveAll(src); err != nil {
		t.Fatal(err)
	}
	app, _, err := payload.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	for range 2 { // the second run finds the files written
		a := open(t, pigo.Options{Cwd: dir, Embedded: app, CacheDir: cache, NoBundled: true})
		for _, r := range a.Results {
			if !r.OK {
				t.Fatalf("%s: %v", r.Plugin, r.Err)
			}
		}
		r, err := a.Host.RunTool(context.Background(), "read_assets", engine.ToolCall{ID: "1", Params: map[string]any{}})
		if want := "hello prompt|42|data,index.ts,lib,package.json,prompt.md,second.ts|true"; err != nil || r.Text() != want {
			t.Fatalf("read_assets: %q %v, want %q", r.Text(), err, want)
		}
	}
	if ents, _ := os.ReadDir(filepath.Join(cache, "assets")); len(ents) != 1 {
		t.Errorf("cache holds %d entries, want one directory", len(ents))
	}
}
