package discover_test

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/jsapi/discover"
)

// Every test builds a tree in t.TempDir() laid out as
//
//	root/proj   Options.Cwd (settings in proj/.pi)
//	root/agent  Options.AgentDir
//	root/home   Options.Home
//
// and compares paths relative to root.

type tree struct {
	t    *testing.T
	root string
}

func newTree(t *testing.T, files ...string) *tree {
	t.Helper()
	tr := &tree{t: t, root: t.TempDir()}
	for _, d := range []string{"proj", "agent", "home"} {
		tr.mkdir(d)
	}
	tr.write(files...)
	return tr
}

// write creates files from "path" or "path=content" specs.
func (tr *tree) write(specs ...string) {
	tr.t.Helper()
	for _, s := range specs {
		name, content, _ := strings.Cut(s, "=")
		p := tr.abs(name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tr.t.Fatal(err)
		}
		if content == "" && (strings.HasSuffix(name, ".ts") || strings.HasSuffix(name, ".js")) {
			content = "export default function (pi) {}\n"
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			tr.t.Fatal(err)
		}
	}
}

func (tr *tree) mkdir(name string) {
	tr.t.Helper()
	if err := os.MkdirAll(tr.abs(name), 0o755); err != nil {
		tr.t.Fatal(err)
	}
}

func (tr *tree) abs(name string) string { return filepath.Join(tr.root, filepath.FromSlash(name)) }

func (tr *tree) opts(cli ...string) discover.Options {
	return discover.Options{
		Cwd:        tr.abs("proj"),
		AgentDir:   tr.abs("agent"),
		Home:       tr.abs("home"),
		Extensions: cli,
	}
}

// run discovers and returns "origin rel/path" lines; it checks the ID
// invariants on every result.
func (tr *tree) run(opts discover.Options) ([]string, []discover.Problem) {
	tr.t.Helper()
	exts, probs := discover.Discover(opts)
	checkIDs(tr.t, exts)
	crossCheck(tr.t, opts, exts)
	var got []string
	for _, e := range exts {
		if !filepath.IsAbs(e.Path) {
			tr.t.Errorf("path %q is not absolute", e.Path)
		}
		got = append(got, e.Origin+" "+tr.rel(e.Path))
	}
	return got, probs
}

func (tr *tree) rel(p string) string {
	r, err := filepath.Rel(tr.root, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

func checkIDs(t *testing.T, exts []discover.Extension) {
	t.Helper()
	valid := regexp.MustCompile(`^(@[a-z0-9][a-z0-9._-]*/)?[A-Za-z0-9][A-Za-z0-9._:-]*$`)
	seen := map[string]bool{}
	for _, e := range exts {
		if !valid.MatchString(e.ID) {
			t.Errorf("invalid id %q for %s", e.ID, e.Path)
		}
		if seen[e.ID] {
			t.Errorf("duplicate id %q", e.ID)
		}
		seen[e.ID] = true
	}
}

func wantList(t *testing.T, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func wantNoProblems(t *testing.T, probs []discover.Problem) {
	t.Helper()
	for _, p := range probs {
		t.Errorf("unexpected problem: %+v", p)
	}
}

func TestOrderAcrossAllSources(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"cli.ts",
		"proj/.pi/extensions/pauto.ts",
		"agent/extensions/gauto.ts",
		"sp/s1.ts", "sg/s2.ts",
		"pkgP/extensions/kp.ts", "pkgG/extensions/kg.ts",
		`proj/.pi/settings.json={"packages":["../../pkgP"],"extensions":["../../sp/s1.ts"]}`,
		`agent/settings.json={"packages":["../pkgG"],"extensions":["../sg/s2.ts"]}`,
	)
	got, probs := tr.run(tr.opts("../cli.ts"))
	wantNoProblems(t, probs)
	// pi's real order: packages sort after settings entries and auto-discovery.
	wantList(t, got,
		"cli cli.ts",
		"settings:project sp/s1.ts",
		"auto:project proj/.pi/extensions/pauto.ts",
		"settings:global sg/s2.ts",
		"auto:global agent/extensions/gauto.ts",
		"package:project pkgP/extensions/kp.ts",
		"package:global pkgG/extensions/kg.ts",
	)
}

func TestPackagePathClaimedFirstKeepsPackageRank(t *testing.T) {
	t.Parallel()
	// pi adds package resources first; a settings entry naming the same file
	// later does not move it out of the package position.
	tr := newTree(t,
		"pkg/extensions/k.ts", "other.ts",
		`proj/.pi/settings.json={"packages":["../../pkg"],"extensions":["../../pkg/extensions/k.ts","../../other.ts"]}`,
	)
	got, _ := tr.run(tr.opts())
	wantList(t, got, "settings:project other.ts", "package:project pkg/extensions/k.ts")
}

func TestDedupeByResolvedPath(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"proj/.pi/extensions/a.ts", "proj/.pi/extensions/b.ts", "real/c.ts",
		`agent/settings.json={"extensions":["../proj/.pi/extensions/b.ts"]}`,
	)
	tr.mkdir("agent/extensions")
	if err := os.Symlink(tr.abs("real/c.ts"), tr.abs("agent/extensions/c-link.ts")); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	got, probs := tr.run(tr.opts(".pi/extensions/a.ts", "../real/c.ts", "./../real/c.ts"))
	wantNoProblems(t, probs)
	wantList(t, got,
		"cli proj/.pi/extensions/a.ts",
		"cli real/c.ts",
		// The global entry claims b.ts before project auto-discovery sees it.
		"settings:global proj/.pi/extensions/b.ts",
	)
}

func TestNoExtensionsKeepsCLI(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"cli.ts", "proj/.pi/extensions/a.ts", "agent/extensions/b.ts", "pkg/extensions/k.ts",
		`proj/.pi/settings.json={"packages":["../../pkg"],"extensions":["../../cli.ts"]}`,
	)
	o := tr.opts("../cli.ts")
	o.NoExtensions = true
	got, probs := tr.run(o)
	wantNoProblems(t, probs)
	wantList(t, got, "cli cli.ts")
}

func TestRelativeAndTildePaths(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"proj/local.ts", "proj/.pi/near.ts", "agent/g.ts", "home/h1.ts", "home/tools/h2.ts",
		`proj/.pi/settings.json={"extensions":["near.ts","../local.ts","~/h1.ts"]}`,
		`agent/settings.json={"extensions":["g.ts","~/tools"]}`,
	)
	got, probs := tr.run(tr.opts("local.ts"))
	wantNoProblems(t, probs)
	wantList(t, got,
		"cli proj/local.ts",
		"settings:project proj/.pi/near.ts",
		"settings:project home/h1.ts",
		"settings:global agent/g.ts",
		"settings:global home/tools/h2.ts",
	)
}

func TestManifestWithTwoEntries(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"proj/.pi/extensions/multi/one/index.ts",
		"proj/.pi/extensions/multi/two.ts",
		"proj/.pi/extensions/multi/index.ts",
		`proj/.pi/extensions/multi/package.json={"name":"multi","pi":{"extensions":["./one/index.ts","./two.ts"]}}`,
		"pkg/x/main.ts", "pkg/y/main.ts",
		`pkg/package.json={"name":"@Acme/tools","pi":{"extensions":["./x/main.ts","./y/main.ts"]}}`,
	)
	o := tr.opts("../pkg")
	exts, probs := discover.Discover(o)
	wantNoProblems(t, probs)
	checkIDs(t, exts)
	crossCheck(t, o, exts)
	var got []string
	for _, e := range exts {
		got = append(got, e.ID+" "+tr.rel(e.Path))
	}
	wantList(t, got,
		"@acme/tools:main pkg/x/main.ts",
		"@acme/tools:main-2 pkg/y/main.ts",
		"one proj/.pi/extensions/multi/one/index.ts",
		"two proj/.pi/extensions/multi/two.ts",
	)
}

func TestManifestGlobsAndExcludes(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"pkg/src/a.ts", "pkg/src/b.ts", "pkg/src/c.ts", "pkg/src/.hidden.ts", "pkg/lib/d.ts",
		`pkg/package.json={"pi":{"extensions":["./src/*.ts","!**/b.ts","./lib"]}}`,
	)
	got, probs := tr.run(tr.opts("../pkg"))
	wantNoProblems(t, probs)
	// pi 1.6 sorts a glob entry's matches (0.73.1 kept glob 13's reverse
	// name order).
	wantList(t, got, "cli pkg/src/a.ts", "cli pkg/src/c.ts", "cli pkg/lib/d.ts")
}

func TestManifestEntryMissing(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"pkg/a.ts",
		`pkg/package.json={"pi":{"extensions":["./a.ts","./gone.ts"]}}`,
	)
	got, probs := tr.run(tr.opts("../pkg"))
	wantList(t, got, "cli pkg/a.ts")
	if len(probs) != 1 || !strings.Contains(probs[0].Message, "Extension entry does not exist: "+tr.abs("pkg/gone.ts")) {
		t.Errorf("problems = %+v", probs)
	}
}

func TestIndexPrecedence(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"proj/.pi/extensions/both/index.ts", "proj/.pi/extensions/both/index.js",
		"proj/.pi/extensions/jsonly/index.js",
		"proj/.pi/extensions/none/helper.ts",
		"clidir/index.ts", "clidir/index.js",
	)
	got, probs := tr.run(tr.opts("../clidir"))
	wantNoProblems(t, probs)
	wantList(t, got,
		// A CLI directory without a manifest is loaded by pi's module
		// loader (jiti), which prefers index.js.
		"cli clidir/index.js",
		"auto:project proj/.pi/extensions/both/index.ts",
		"auto:project proj/.pi/extensions/jsonly/index.js",
	)
}

func TestExtensionsDirWithOwnIndexUsesOnlyIt(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"agent/extensions/index.ts", "agent/extensions/other.ts",
	)
	got, _ := tr.run(tr.opts())
	wantList(t, got, "auto:global agent/extensions/index.ts")
}

func TestCLIDirectoryWithOnlyPromptsLoadsNothing(t *testing.T) {
	t.Parallel()
	// pi treats a directory with any convention folder as a package; without
	// extensions/ it has no extensions, even if it has an index.ts.
	tr := newTree(t, "sub/index.ts", "sub/prompts/p.md")
	got, probs := tr.run(tr.opts("../sub"))
	wantNoProblems(t, probs)
	wantList(t, got)
}

func TestSkipsDotFilesAndNodeModules(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"proj/.pi/extensions/ok.ts",
		"proj/.pi/extensions/.secret.ts",
		"proj/.pi/extensions/.dir/index.ts",
		"proj/.pi/extensions/node_modules/index.ts",
		"proj/.pi/extensions/notes.md",
		"proj/.pi/extensions/deep/nested/x.ts",
	)
	got, _ := tr.run(tr.opts())
	wantList(t, got, "auto:project proj/.pi/extensions/ok.ts")
}

func TestIgnoreFiles(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"agent/extensions/a.ts", "agent/extensions/skip.ts", "agent/extensions/gen.js",
		"agent/extensions/keep.js", "agent/extensions/Top.ts", "agent/extensions/vendor/index.ts",
		"agent/extensions/fd.ts", "agent/extensions/dironly.ts",
		"agent/extensions/.gitignore=# generated\nskip.ts\n*.js\n!keep.js\n/top.ts\nvendor/\ndironly.ts/\n",
		"agent/extensions/.fdignore=fd.ts\n",
	)
	got, _ := tr.run(tr.opts())
	wantList(t, got,
		"auto:global agent/extensions/a.ts",
		"auto:global agent/extensions/dironly.ts",
		"auto:global agent/extensions/keep.js",
	)
}

func TestSettingsPatterns(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"proj/.pi/extensions/foo.ts", "proj/.pi/extensions/bar.ts", "proj/.pi/extensions/baz.ts",
		"lib/one.ts", "lib/two.ts", "lib/three.js",
		// -path disables (what `pi config` writes); !glob excludes; +path
		// brings an excluded file back; a plain glob filters the paths.
		`proj/.pi/settings.json={"extensions":["-extensions/foo.ts","!**/ba*.ts","+extensions/baz.ts","../../lib","*.ts","-../../lib/two.ts"]}`,
	)
	got, probs := tr.run(tr.opts())
	wantNoProblems(t, probs)
	wantList(t, got,
		"settings:project lib/one.ts",
		"auto:project proj/.pi/extensions/baz.ts",
	)
}

func TestGlobAloneExpandsNothing(t *testing.T) {
	t.Parallel()
	tr := newTree(t, "proj/.pi/x.ts", `proj/.pi/settings.json={"extensions":["*.ts"]}`)
	got, _ := tr.run(tr.opts())
	wantList(t, got)
}

func TestPackageFilters(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"all/extensions/a.ts", "all/extensions/b.ts",
		"none/extensions/c.ts",
		"some/extensions/d.ts", "some/extensions/e.ts",
		`proj/.pi/settings.json={"packages":[{"source":"../../all"},{"source":"../../none","extensions":[]},{"source":"../../some","extensions":["!**/e.ts"]},"npm:@foo/bar@1.0.0","git:github.com/u/r"]}`,
		// Same identity as the project item: loaded once, as project.
		`agent/settings.json={"packages":["../all"]}`,
	)
	got, probs := tr.run(tr.opts())
	wantList(t, got,
		"package:project all/extensions/a.ts",
		"package:project all/extensions/b.ts",
		"package:project some/extensions/d.ts",
	)
	var msgs []string
	for _, p := range probs {
		msgs = append(msgs, p.Source+": "+p.Message)
	}
	wantList(t, msgs,
		"npm:@foo/bar@1.0.0: package not installed: run `pigo install -l npm:@foo/bar@1.0.0`",
		"git:github.com/u/r: package not installed: run `pigo install -l git:github.com/u/r`",
	)
}

// npm and git packages load from where pi and `pigo install` put them; the
// same npm package in both scopes loads once, from the project.
func TestInstalledPackages(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"agent/npm/node_modules/@foo/bar/extensions/global.ts",
		`agent/npm/node_modules/@foo/bar/package.json={"name":"@foo/bar","version":"2.0.0"}`,
		"proj/.pi/npm/node_modules/@foo/bar/extensions/project.ts",
		`proj/.pi/npm/node_modules/@foo/bar/package.json={"name":"@foo/bar","version":"1.0.0"}`,
		`agent/npm/node_modules/solo/package.json={"name":"solo","version":"1.0.0","pi":{"extensions":["./main.ts"]}}`,
		// Installed, but not in the configured range: pi would reinstall it.
		"agent/npm/node_modules/old/extensions/old.ts",
		`agent/npm/node_modules/old/package.json={"name":"old","version":"1.0.0"}`,
		"agent/npm/node_modules/solo/main.ts",
		"agent/git/github.com/u/r/extensions/fromgit.ts",
		`proj/.pi/settings.json={"packages":["npm:@foo/bar@1.0.0"]}`,
		`agent/settings.json={"packages":["npm:@foo/bar","npm:solo","git:github.com/u/r@v2","npm:old@^2"]}`,
	)
	opts := tr.opts()
	exts, probs := discover.Discover(opts)
	if node, piDir := pi16(t); node != "" {
		want := askPiWith(t, node, piDir, []oracleCase{{opts.Cwd, opts.AgentDir, opts.Home, false, nil}})[0]
		if got := extPaths(exts); !slices.Equal(got, want) {
			t.Errorf("pi 1.6 disagrees:\ndiscover: %s\npi:       %s", got, want)
		}
	}
	var got []string
	for _, e := range exts {
		got = append(got, e.Origin+" "+tr.rel(e.Path))
	}
	wantList(t, got,
		"package:project proj/.pi/npm/node_modules/@foo/bar/extensions/project.ts",
		"package:global agent/npm/node_modules/solo/main.ts",
		"package:global agent/git/github.com/u/r/extensions/fromgit.ts",
	)
	if len(probs) != 1 || probs[0].Message != "package not installed: run `pigo install npm:old@^2`" {
		t.Errorf("problems: %+v", probs)
	}
}

func TestPackageWithPiKeyButNoExtensions(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"pkg/extensions/a.ts", "pkg/index.ts",
		`pkg/package.json={"pi":{"skills":["./skills"]}}`,
	)
	got, _ := tr.run(tr.opts("../pkg"))
	wantList(t, got)
}

func TestMissingCLIPath(t *testing.T) {
	t.Parallel()
	tr := newTree(t, "ok.ts")
	got, probs := tr.run(tr.opts("../ok.ts", "nope.ts", "npm:pkg"))
	wantList(t, got, "cli ok.ts")
	want := []discover.Problem{
		{Source: "nope.ts", Path: tr.abs("proj/nope.ts"), Message: "Extension path does not exist: " + tr.abs("proj/nope.ts")},
		{Source: "npm:pkg", Message: discover.TemporaryNotInstalled("npm:pkg")},
	}
	if !slices.Equal(probs, want) {
		t.Errorf("problems = %+v\nwant %+v", probs, want)
	}
}

// An -e npm: value loads the package from pi's cache of temporary
// packages; its origin is "cli".
func TestTemporaryPackage(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		`agent/tmp/extensions/npm/f35b2129/node_modules/tmppkg/package.json={"name":"tmppkg","version":"1.2.0","pi":{"extensions":["./ext.ts"]}}`,
		"agent/tmp/extensions/npm/f35b2129/node_modules/tmppkg/ext.ts",
	)
	// Not tr.run: the oracle would have pi install the package.
	run := func(opts discover.Options) ([]string, []discover.Problem) {
		exts, probs := discover.Discover(opts)
		var got []string
		for _, e := range exts {
			got = append(got, e.Origin+" "+tr.rel(e.Path))
		}
		return got, probs
	}
	got, probs := run(tr.opts("npm:tmppkg@^1", "npm:tmppkg2", "npm:Bad Name"))
	wantList(t, got, "cli agent/tmp/extensions/npm/f35b2129/node_modules/tmppkg/ext.ts")
	if len(probs) != 2 || probs[0].Message != discover.TemporaryNotInstalled("npm:tmppkg2") || !strings.Contains(probs[1].Message, `invalid npm source "npm:Bad Name"`) {
		t.Errorf("problems = %+v", probs)
	}
	// Outside its range it is not loaded (the start-up reinstalls it).
	got, _ = run(tr.opts("npm:tmppkg@^2"))
	wantList(t, got)
}

func TestMalformedSettings(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"g.ts", "proj/.pi/extensions/auto.ts",
		`proj/.pi/settings.json={"extensions": [`,
		`agent/settings.json={"extensions":["../g.ts"]}`,
	)
	got, probs := tr.run(tr.opts())
	wantList(t, got, "auto:project proj/.pi/extensions/auto.ts", "settings:global g.ts")
	if len(probs) != 1 || probs[0].Path != tr.abs("proj/.pi/settings.json") ||
		!strings.Contains(probs[0].Message, tr.abs("proj/.pi/settings.json")) {
		t.Errorf("problems = %+v", probs)
	}
}

func TestMissingDirsTolerated(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	o := discover.Options{
		Cwd:      filepath.Join(root, "no-such-project"),
		AgentDir: filepath.Join(root, "no-such-agent"),
	}
	exts, probs := discover.Discover(o)
	crossCheck(t, o, exts)
	if len(exts) != 0 || len(probs) != 0 {
		t.Errorf("got %v, %v", exts, probs)
	}
}

func TestAgentDirFromEnv(t *testing.T) {
	t.Parallel()
	tr := newTree(t, "home/custom/extensions/e.ts", "home/.pi/agent/extensions/default.ts")
	env := map[string]string{"PI_CODING_AGENT_DIR": "~/custom"}
	o := tr.opts()
	o.AgentDir = ""
	o.Getenv = func(k string) string { return env[k] }
	got, probs := tr.run(o)
	wantNoProblems(t, probs)
	wantList(t, got, "auto:global home/custom/extensions/e.ts")

	// Without the variable: Home/.pi/agent.
	o.Getenv = nil
	got, _ = tr.run(o)
	wantList(t, got, "auto:global home/.pi/agent/extensions/default.ts")
}

func TestIDs(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"a/tool.ts", "b/tool.ts", "c/tool-2.ts", "weird name!.ts", "_under.js",
		"proj/.pi/extensions/fancy/index.ts",
	)
	o := tr.opts("../a/tool.ts", "../b/tool.ts", "../c/tool-2.ts", "../weird name!.ts", "../_under.js")
	exts, _ := discover.Discover(o)
	checkIDs(t, exts)
	crossCheck(t, o, exts)
	var ids []string
	for _, e := range exts {
		ids = append(ids, e.ID)
	}
	wantList(t, ids, "tool", "tool-3", "tool-2", "weird-name-", "under", "fancy")
}

func TestSourcesForMessages(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"x.ts", "proj/.pi/extensions/a.ts",
		`proj/.pi/settings.json={"extensions":["../../x.ts"]}`,
	)
	exts, _ := discover.Discover(tr.opts())
	var got []string
	for _, e := range exts {
		got = append(got, e.Origin+" "+tr.rel(e.Source))
	}
	wantList(t, got, "settings:project ../../x.ts", "auto:project proj/.pi/extensions")
}

func TestRelativeCwdIsAProblem(t *testing.T) {
	t.Parallel()
	exts, probs := discover.Discover(discover.Options{Cwd: "proj", Extensions: []string{"x.ts"}})
	if len(exts) != 0 || len(probs) != 1 || !strings.Contains(probs[0].Message, "must be an absolute path") {
		t.Errorf("got %v, %+v", exts, probs)
	}
}

// TestProblemsKnowTheirScope: problems with the project's own settings,
// entries and packages say so (an untrusted project's are not reported);
// the user's and the command line's do not.
func TestProblemsKnowTheirScope(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		`proj/.pi/settings.json={"packages":["../../gone-p"],"extensions":["../../missing-p.ts"]}`,
		`agent/settings.json={"packages":["../gone-g"],"extensions":["../missing-g.ts"]}`,
	)
	_, probs := tr.run(tr.opts("nope.ts"))
	got := map[string]bool{}
	for _, p := range probs {
		got[filepath.Base(p.Path)] = p.Project
	}
	want := map[string]bool{"nope.ts": false, "gone-p": true, "missing-p.ts": true, "gone-g": false, "missing-g.ts": false}
	if !maps.Equal(got, want) {
		t.Errorf("project flags %v, want %v (%+v)", got, want, probs)
	}
}

// TestUntrustedProject: the project's settings and .pi/extensions are left
// out; what the user also configured loads under the user's scope.
func TestUntrustedProject(t *testing.T) {
	t.Parallel()
	tr := newTree(t,
		"cli.ts", "proj/.pi/extensions/pauto.ts", "agent/extensions/gauto.ts",
		"both.ts", "pkg/extensions/k.ts", "only-p.ts",
		`proj/.pi/settings.json={"packages":["../../pkg"],"extensions":["../../both.ts","../../only-p.ts"]}`,
		`agent/settings.json={"packages":["../pkg"],"extensions":["../both.ts"]}`,
	)
	opts := tr.opts("../cli.ts")
	opts.UntrustedProject = true
	exts, probs := discover.Discover(opts) // not tr.run: the oracle, pi 0.73.1, knows no trust
	wantNoProblems(t, probs)
	var got []string
	for _, e := range exts {
		got = append(got, e.Origin+" "+tr.rel(e.Path))
	}
	wantList(t, got,
		"cli cli.ts",
		"settings:global both.ts",
		"auto:global agent/extensions/gauto.ts",
		"package:global pkg/extensions/k.ts",
	)
}
