// Command pkginstall measures `pigo install npm:PKG` against the `npm
// install` pi 1.6 runs for the same source (`npm install PKG --prefix
// <agentDir>/npm --legacy-peer-deps --no-audit --no-fund`), in the same run,
// from the same local fake registry (real gzipped tarballs, built here):
// a small extension package with three dependencies, one of them with a
// dependency of its own (five packages).
//
//	go run ./bench/pkginstall            # 10 runs each, medians
//	go run ./bench/pkginstall -runs 20
//
// Each run installs into a fresh HOME. npm is measured with a fresh cache
// per run (cold: pigo keeps no cache, so this is like for like) and with a
// cache warmed once (warm). Both are measured as processes, exec to exit.
// Requires npm on PATH.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/bench/internal/benchkit"
	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

func main() {
	runs := flag.Int("runs", 10, "runs per tool (the median is reported)")
	flag.Parse()
	if err := run(*runs); err != nil {
		fmt.Fprintln(os.Stderr, "pkginstall:", err)
		os.Exit(1)
	}
}

func run(runs int) error {
	npm, err := exec.LookPath("npm")
	if err != nil {
		return fmt.Errorf("npm not on PATH: %w", err)
	}
	tmp, err := os.MkdirTemp("", "pkginstall-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	root, err := filepath.Abs(".")
	if err != nil {
		return err
	}
	pigo, err := benchkit.BuildPigo(root, tmp)
	if err != nil {
		return err
	}
	reg := pkgmgrtest.New()
	defer reg.Close()
	benchkit.PublishGreeter(reg)
	env := func(home string, extra ...string) []string {
		return append(append(os.Environ(), "HOME="+home, "npm_config_registry="+reg.URL(),
			"npm_config_update_notifier=false", "PI_CODING_AGENT_DIR="+filepath.Join(home, ".pi", "agent")), extra...)
	}
	// timeIt runs argv in a fresh HOME whose agent dir has pi's npm
	// project, and returns how long it took and the packages it left.
	n := 0
	timeIt := func(argv []string, extra ...string) (time.Duration, string, error) {
		n++
		home := filepath.Join(tmp, fmt.Sprintf("home%d", n))
		prefix := filepath.Join(home, ".pi", "agent", "npm")
		if err := os.MkdirAll(prefix, 0o755); err != nil {
			return 0, "", err
		}
		if err := os.WriteFile(filepath.Join(prefix, "package.json"), []byte(`{"name":"pi-extensions","private":true}`), 0o644); err != nil {
			return 0, "", err
		}
		for i, a := range argv {
			argv[i] = strings.ReplaceAll(a, "$PREFIX", prefix)
		}
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env, cmd.Dir = env(home, extra...), tmp
		start := time.Now()
		out, err := cmd.CombinedOutput()
		d := time.Since(start)
		if err != nil {
			return 0, "", fmt.Errorf("%s: %v\n%s", argv[0], err, out)
		}
		return d, tree(filepath.Join(prefix, "node_modules")), nil
	}
	npmArgs := func(cache string) []string {
		return []string{npm, "install", "@demo/greeter", "--prefix", "$PREFIX", "--legacy-peer-deps", "--no-audit", "--no-fund", "--cache", cache}
	}
	warmCache := filepath.Join(tmp, "npm-warm-cache")
	if _, _, err := timeIt(npmArgs(warmCache)); err != nil {
		return err
	}
	var pigoT, coldT, warmT []time.Duration
	var pigoTree, npmTree string
	for i := range runs {
		d, t, err := timeIt([]string{pigo, "install", "npm:@demo/greeter"})
		if err != nil {
			return err
		}
		pigoT, pigoTree = append(pigoT, d), t
		d, t, err = timeIt(npmArgs(filepath.Join(tmp, fmt.Sprintf("npm-cache%d", i))))
		if err != nil {
			return err
		}
		coldT, npmTree = append(coldT, d), t
		if d, _, err = timeIt(npmArgs(warmCache)); err != nil {
			return err
		}
		warmT = append(warmT, d)
	}
	fmt.Printf("installing @demo/greeter (5 packages) from a local registry, %d runs, median (min):\n", runs)
	row := func(name string, ds []time.Duration) {
		fmt.Printf("  %-28s %8.1f ms  (%.1f)\n", name, benchkit.MS(benchkit.Median(ds)), benchkit.MS(slicesMin(ds)))
	}
	row("pigo install", pigoT)
	row("npm install, cold cache", coldT)
	row("npm install, warm cache", warmT)
	same := "same packages"
	if pigoTree != npmTree {
		same = "DIFFERENT packages:\n  pigo: " + pigoTree + "\n  npm:  " + npmTree
	}
	fmt.Printf("trees: %s (%s)\n", same, pigoTree)
	return nil
}

func slicesMin(ds []time.Duration) time.Duration {
	m := ds[0]
	for _, d := range ds {
		m = min(m, d)
	}
	return m
}

// tree lists the package directories under nm with their versions.
func tree(nm string) string {
	var out []string
	filepath.WalkDir(nm, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "package.json" {
			return nil
		}
		rel, _ := filepath.Rel(nm, filepath.Dir(p))
		b, _ := os.ReadFile(p)
		var pj struct{ Version string }
		json.Unmarshal(b, &pj)
		out = append(out, rel+"@"+pj.Version)
		return nil
	})
	sort.Strings(out)
	return strings.Join(out, " ")
}
