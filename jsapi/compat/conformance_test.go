package compat_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
)

// The conformance suite runs every example extension shipped in
// @mariozechner/pi-coding-agent 0.73.1 (examples/extensions, installed by
// `make test` as an npm devDependency) through pigo: each must load, and the
// checks of pi-compat.md §6 must pass. PIGO_PI_EXAMPLES points elsewhere.

// unloadable lists examples that cannot work on goja by nature.
var unloadable = map[string]string{
	"doom-overlay": "needs WebAssembly (emscripten doom.js), which goja does not have",
}

func examplesDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("PIGO_PI_EXAMPLES")
	if dir == "" {
		dir, _ = filepath.Abs(filepath.Join("..", "..", "node_modules", "@mariozechner", "pi-coding-agent", "examples", "extensions"))
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("pi examples not installed (run `make test`, which runs npm ci): %v", err)
	}
	return dir
}

// example is one example extension: a file, or a directory entry.
type example struct {
	name string // file base without .ts, or directory name
	path string // entry file
}

func listExamples(t *testing.T) []example {
	dir := examplesDir(t)
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []example
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		switch {
		case !e.IsDir() && strings.HasSuffix(e.Name(), ".ts"):
			out = append(out, example{strings.TrimSuffix(e.Name(), ".ts"), p})
		case e.IsDir():
			entry := filepath.Join(p, "index.ts")
			if b, err := os.ReadFile(filepath.Join(p, "package.json")); err == nil {
				var pkg struct {
					Pi struct {
						Extensions []string `json:"extensions"`
					} `json:"pi"`
				}
				if json.Unmarshal(b, &pkg) == nil && len(pkg.Pi.Extensions) > 0 {
					entry = filepath.Join(p, pkg.Pi.Extensions[0])
				}
			}
			if _, err := os.Stat(entry); err == nil {
				out = append(out, example{e.Name(), entry})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// piHost is one example loaded alone, with helpers to drive pi's events.
type piHost struct {
	t    *testing.T
	host *engine.Host
	cwd  string
}

// sharedEnv compiles each example once for all tests.
var sharedEnv = sync.OnceValue(func() *jsapi.Env {
	return jsapi.New(jsapi.Options{Environ: map[string]string{"HOME": os.TempDir(), "PATH": os.Getenv("PATH")}})
})

func loadExample(t *testing.T, ex example, cwd string) (*piHost, engine.LoadResult) {
	t.Helper()
	if cwd == "" {
		cwd = t.TempDir()
	}
	h := engine.New(engine.Options{Cwd: cwd})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	res := h.Boot(context.Background(), []engine.PluginSpec{sharedEnv().Plugin(ex.name, ex.path, nil)})
	return &piHost{t: t, host: h, cwd: cwd}, res[0]
}

func TestConformanceEveryExampleLoads(t *testing.T) {
	exs := listExamples(t)
	if len(exs) < 70 {
		t.Fatalf("found %d examples, want the 72 of pi 0.73.1", len(exs))
	}
	var mu sync.Mutex
	loaded, skipped := 0, 0
	t.Run("load", func(t *testing.T) {
		for _, ex := range exs {
			t.Run(ex.name, func(t *testing.T) {
				t.Parallel()
				if why, ok := unloadable[ex.name]; ok {
					mu.Lock()
					skipped++
					mu.Unlock()
					t.Skip(why)
				}
				_, res := loadExample(t, ex, "")
				if !res.OK {
					t.Fatalf("%s failed to load: %v", ex.name, res.Err)
				}
				mu.Lock()
				loaded++
				mu.Unlock()
			})
		}
	})
	t.Logf("conformance: %d/%d examples load (%d unloadable by nature)", loaded, len(exs), skipped)
}
