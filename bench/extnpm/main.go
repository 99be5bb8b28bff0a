// Command extnpm measures `-e npm:PKG` (a package for one run, installed
// into pi's cache of temporary packages) in pigo against pi 1.6, which
// runs npm for it, in the same run, from the same local fake registry:
// @demo/greeter, an extension package of five packages.
//
//	go run ./bench/extnpm            # 5 runs each, medians
//	go run ./bench/extnpm -runs 10
//
// Each side runs `--list-models -e npm:@demo/greeter` from exec to exit:
// "first" in a fresh HOME (the install), "cached" again in that HOME (pi
// and pigo both ask the registry whether a newer version matches). npm
// gets a fresh cache per first run. Requires npm on PATH and `npm ci`.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/pigo-dev/pigo/bench/internal/benchkit"
	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

func main() {
	runs := flag.Int("runs", 5, "runs per side (the median is reported)")
	flag.Parse()
	if err := run(*runs); err != nil {
		fmt.Fprintln(os.Stderr, "extnpm:", err)
		os.Exit(1)
	}
}

func run(runs int) error {
	if _, err := exec.LookPath("npm"); err != nil {
		return fmt.Errorf("npm not on PATH (pi installs with it): %w", err)
	}
	root, err := filepath.Abs(".")
	if err != nil {
		return err
	}
	node, cli, err := benchkit.Pi16(root)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "extnpm-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	pigo, err := benchkit.BuildPigo(root, tmp)
	if err != nil {
		return err
	}
	reg := pkgmgrtest.New()
	defer reg.Close()
	benchkit.PublishGreeter(reg)
	sides := []struct {
		name string
		argv []string
	}{{"pigo", []string{pigo}}, {"pi 1.6", []string{node, cli}}}
	timeIt := func(argv []string, home string) (time.Duration, error) {
		agentDir := filepath.Join(home, ".pi", "agent")
		cmd := exec.Command(argv[0], append(argv[1:], "--list-models", "-e", "npm:@demo/greeter")...)
		cmd.Env = append(os.Environ(), "HOME="+home, "PI_CODING_AGENT_DIR="+agentDir, "PI_SKIP_VERSION_CHECK=1",
			"npm_config_registry="+reg.URL(), "npm_config_update_notifier=false", "npm_config_cache="+filepath.Join(home, "npm-cache"))
		cmd.Dir = tmp
		start := time.Now()
		out, err := cmd.CombinedOutput()
		d := time.Since(start)
		if err != nil {
			return 0, fmt.Errorf("%s: %v\n%s", argv[0], err, out)
		}
		if _, err := os.Stat(filepath.Join(agentDir, "tmp", "extensions", "npm", "f35b2129", "node_modules", "@demo", "greeter")); err != nil {
			return 0, fmt.Errorf("%s did not install the package: %v\n%s", argv[0], err, out)
		}
		return d, nil
	}
	fmt.Printf("--list-models -e npm:@demo/greeter (5 packages) from a local registry, %d runs, median (min):\n", runs)
	n := 0
	for _, s := range sides {
		var first, cached []time.Duration
		for range runs {
			n++
			home := filepath.Join(tmp, fmt.Sprintf("home%d", n))
			d, err := timeIt(s.argv, home)
			if err != nil {
				return err
			}
			first = append(first, d)
			if d, err = timeIt(s.argv, home); err != nil {
				return err
			}
			cached = append(cached, d)
		}
		fmt.Printf("  %-7s first run %8.1f ms (%.1f)   cached %8.1f ms (%.1f)\n", s.name,
			benchkit.MS(benchkit.Median(first)), benchkit.MS(slicesMin(first)), benchkit.MS(benchkit.Median(cached)), benchkit.MS(slicesMin(cached)))
	}
	return nil
}

func slicesMin(ds []time.Duration) time.Duration {
	m := ds[0]
	for _, d := range ds {
		m = min(m, d)
	}
	return m
}
