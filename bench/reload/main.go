// Command reload measures hot reload in pigo and, in the same run, in real
// pi (when Node and pi are installed: `npm ci` pins pi as a devDependency):
//
//	go run ./bench/reload                  # 200 edits; memory after 0 and 100 reloads (about a minute)
//	go run ./bench/reload -reloads 1000    # memory after 0, 100 and 1000 reloads
//	go run ./bench/reload -pi=false        # pigo only
//	go run ./bench/reload -inplace         # watched edits truncate and write in place
//	go run ./bench/reload -settle=-1ns     # the watcher reloads at once after a completed write (default: 2 ms later)
//
// The setup is one edited single-file extension (about 200 lines of
// TypeScript in pi's API: five tools, three commands, event handlers,
// helpers) plus 20 other small extensions, all loaded together. Each edit
// changes the edited extension's VERSION constant, which one tool returns
// and one command name carries.
//
// Edit-to-live latency is the time from the file write (an atomic
// write-and-rename, as editors save) until the new generation answers:
//
//   - pigo watch: the jsapi/watch Watcher notices the write, waits out its
//     quiet period (debounce), reloads; the clock stops when the
//     bench_version tool returns the new VERSION.
//   - pigo manual: write, then Reloader.Reload (no watcher, no debounce),
//     then the tool call: the equivalent of pi's manual /reload.
//   - pi: pi has no file watcher. After the write, the driver sends the
//     prompt "/bench-reload" over pi's RPC mode (an extension command
//     calling ctx.reload(), pi's /reload path), then get_commands; the
//     clock stops when the command named after the new VERSION is listed.
//
// Memory is the RSS of the process (pigo: this one, after
// debug.FreeOSMemory; pi: the node process) and, for pigo, the live Go
// heap after a GC, measured after 0, 100 and 1000 edited reloads of the
// edited extension (each reload preceded by an edit, so every reload
// bundles and compiles new code). Numbers, not asserts.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/pigo-dev/pigo/bench/internal/benchkit"
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
	"github.com/pigo-dev/pigo/jsapi/watch"
)

func main() {
	edits := flag.Int("edits", 200, "edits for the latency measurement")
	others := flag.Int("others", 20, "other extensions loaded next to the edited one")
	reloads := flag.Int("reloads", 100, "edited reloads for the memory measurement (reported at 0, 100, 1000 up to this)")
	debounce := flag.Duration("debounce", 0, "watcher quiet period (0 = the watcher's default)")
	settle := flag.Duration("settle", 0, "watcher wait after a completed write (0 = the watcher's default, negative = none)")
	inPlace := flag.Bool("inplace", false, "watched edits truncate and rewrite the file in place (two writes) instead of an atomic rename")
	withPi := flag.Bool("pi", true, "also measure real pi when Node and pi are installed")
	pi16 := flag.Bool("pi16", false, "compare with pi "+benchkit.Pi16Version+" on Node 22 instead of pi "+benchkit.PiVersion)
	root := flag.String("root", ".", "pigo repository root (where node_modules is)")
	heapProfile := flag.String("heapprofile", "", "write a heap profile after the pigo memory measurement to this file")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file (use with -pi=false)")
	flag.Parse()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "reload:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if err := run(*root, *edits, *others, *reloads, watch.WatcherOptions{Debounce: *debounce, Settle: *settle}, *inPlace, *withPi, *pi16, *heapProfile); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "reload:", err)
		os.Exit(1)
	}
}

func run(root string, edits, others, reloads int, wopts watch.WatcherOptions, inPlace, withPi, pi16 bool, heapProfile string) error {
	root, _ = filepath.Abs(root)
	tmp, err := os.MkdirTemp("", "pigo-reload-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "ext")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	target := filepath.Join(dir, "edited.ts")
	paths := []string{target}
	if err := save(target, editedSource(0)); err != nil {
		return err
	}
	for i := range others {
		p := filepath.Join(dir, fmt.Sprintf("other%02d.ts", i))
		if err := save(p, otherSource(i)); err != nil {
			return err
		}
		paths = append(paths, p)
	}
	lines := strings.Count(editedSource(0), "\n")
	fmt.Printf("reload benchmark: 1 edited extension (%d lines of TS) + %d others; %d edits; %s, GOMAXPROCS=%d\n\n",
		lines, others, edits, runtime.Version(), runtime.GOMAXPROCS(0))

	runPi := withPi
	piArgv, piLabel, err := piCommand(root, pi16)
	if runPi && err != nil {
		fmt.Printf("pi: skipped (%v)\n", err)
		runPi = false
	}
	points := []int{0}
	for _, p := range []int{100, 1000} {
		if p <= reloads {
			points = append(points, p)
		}
	}
	if reloads > 0 && points[len(points)-1] != reloads {
		points = append(points, reloads)
	}

	// Memory first, in a fresh process state.
	mem, err := pigoMemory(target, paths, points, heapProfile)
	if err != nil {
		return fmt.Errorf("pigo memory: %w", err)
	}
	watched, manual, work, cpu, err := pigoLatency(target, paths, edits, wopts, inPlace)
	if err != nil {
		return fmt.Errorf("pigo latency: %w", err)
	}
	var piLat []time.Duration
	var piMem []int64
	if runPi {
		if err := save(target, editedSource(0)); err != nil {
			return err
		}
		piLat, piMem, err = piRun(piArgv, tmp, target, paths, edits, points)
		if err != nil {
			fmt.Printf("pi: failed: %v\n\n", err)
			piLat, piMem = nil, nil
		}
	}

	fmt.Println("edit-to-live latency (file write → the new generation answers)")
	fmt.Printf("  %-52s %9s %9s %9s %9s\n", "", "p50", "p90", "p95", "max")
	row := func(label string, ds []time.Duration) {
		s := stats(ds)
		fmt.Printf("  %-52s %8.1fms %8.1fms %8.1fms %8.1fms\n", label, ms(s.p50), ms(s.p90), ms(s.p95), ms(s.max))
	}
	saveKind := "atomic rename"
	if inPlace {
		saveKind = "in place"
	}
	row(fmt.Sprintf("pigo, watched (%s, debounce %v%s)", saveKind, orDefault(wopts.Debounce), settleNote(wopts.Settle)), watched)
	row("  of which Reload itself", work[:len(watched)])
	waited := make([]time.Duration, len(watched))
	for i := range watched {
		waited[i] = watched[i] - work[i]
	}
	row("  of which the rest (watcher, tool call)", waited)
	row("pigo, manual reload", manual)
	row("  of which Reload itself", work[len(watched):])
	fmt.Printf("  %-52s %8.1fms (user+sys, mean; steady when the machine is busy)\n", "pigo, CPU per manual reload and tool call", ms(cpu))
	if piLat != nil {
		row(piLabel+", manual /reload", piLat)
		p, w, m := stats(piLat).p50, stats(watched).p50, stats(manual).p50
		fmt.Printf("  p50 ratio pi / pigo: %.1fx (vs pigo watched), %.1fx (vs pigo manual)\n", ms(p)/ms(w), ms(p)/ms(m))
	}
	fmt.Println()
	fmt.Println("memory after N edited reloads of the edited extension")
	header := fmt.Sprintf("  %8s %12s %12s", "reloads", "pigo RSS", "pigo heap")
	if piMem != nil {
		header += fmt.Sprintf(" %12s", "pi RSS")
	}
	fmt.Println(header)
	for i, n := range points {
		line := fmt.Sprintf("  %8d %10.1fMB %10.1fMB", n, mb(mem[i].rss), mb(mem[i].heap))
		if piMem != nil && i < len(piMem) {
			line += fmt.Sprintf(" %10.1fMB", mb(piMem[i]))
		}
		fmt.Println(line)
	}
	if last := len(points) - 1; last > 0 {
		n := float64(points[last])
		fmt.Printf("  growth per reload: pigo %+.1fKB RSS, %+.1fKB heap", float64(mem[last].rss-mem[0].rss)/1024/n,
			float64(mem[last].heap-mem[0].heap)/1024/n)
		if piMem != nil && len(piMem) == len(points) {
			fmt.Printf("; pi %+.1fKB RSS", float64(piMem[last]-piMem[0])/1024/n)
		}
		fmt.Println()
	}
	return nil
}

// piCommand is the argv prefix that runs the pi to compare with, and its
// label: pi 0.73.1 on the PATH's node, or pi 1.6 on Node 22.
func piCommand(root string, pi16 bool) ([]string, string, error) {
	if pi16 {
		node, cli, err := benchkit.Pi16(root)
		return []string{node, cli}, "pi " + benchkit.Pi16Version, err
	}
	cli, err := benchkit.PiCLI(root)
	return []string{"node", cli}, "pi " + benchkit.PiVersion, err
}

// memSample is one memory measurement, in bytes.
type memSample struct{ rss, heap int64 }

// newHost boots every extension into a fresh host.
func newHost(paths []string) (*engine.Host, *watch.Reloader, chan watch.Reload, error) {
	host := engine.New(engine.Options{})
	env := jsapi.New(jsapi.Options{})
	var specs []engine.PluginSpec
	for _, p := range paths {
		specs = append(specs, env.Plugin(jsapi.PluginID(p), p, nil))
	}
	for _, r := range host.Boot(context.Background(), specs) {
		if !r.OK {
			_ = host.Close(context.Background())
			return nil, nil, nil, fmt.Errorf("load %s: %v", r.Plugin, r.Err)
		}
	}
	reports := make(chan watch.Reload, 16)
	r := watch.NewReloader(host, env, watch.ReloaderOptions{OnReload: func(x watch.Reload) {
		select {
		case reports <- x:
		default:
		}
	}})
	for _, s := range specs {
		r.Add(s.ID, s.Source)
	}
	return host, r, reports, nil
}

func pigoMemory(target string, paths []string, points []int, heapProfile string) ([]memSample, error) {
	host, r, _, err := newHost(paths)
	if err != nil {
		return nil, err
	}
	defer host.Close(context.Background())
	ctx := context.Background()
	var out []memSample
	done := 0
	for _, p := range points {
		for ; done < p; done++ {
			if err := save(target, editedSource(done+1)); err != nil {
				return nil, err
			}
			if rep := r.Reload(ctx, "edited"); !rep.OK {
				return nil, fmt.Errorf("reload %d: %v", done+1, rep.Error)
			}
		}
		if err := expectVersion(host, done); err != nil {
			return nil, err
		}
		out = append(out, measureSelf())
	}
	if heapProfile != "" {
		f, err := os.Create(heapProfile)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if err := pprof.WriteHeapProfile(f); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// measureSelf returns this process's RSS after returning freed memory to
// the OS, and the live heap after a GC.
func measureSelf() memSample {
	runtime.GC()
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return memSample{rss: benchkit.VmRSS(os.Getpid()), heap: int64(m.HeapAlloc)}
}

// pigoLatency returns the watched and the manual edit-to-live times, and
// the Reload part of each (watched ones first).
func pigoLatency(target string, paths []string, edits int, wopts watch.WatcherOptions, inPlace bool) (watched, manual, work []time.Duration, cpu time.Duration, err error) {
	host, r, reports, err := newHost(paths)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	defer host.Close(context.Background())
	w, err := watch.NewWatcher(r, wopts)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = w.Run(ctx) }()
	defer func() { cancel(); <-done; _ = w.Close() }()

	v := 0
	for range edits {
		v++
		start := time.Now()
		write := save
		if inPlace {
			write = saveInPlace
		}
		if err := write(target, editedSource(v)); err != nil {
			return nil, nil, nil, 0, err
		}
		timeout := time.After(30 * time.Second)
	wait:
		for {
			select {
			case rep := <-reports:
				if rep.OK && expectVersion(host, v) == nil {
					watched = append(watched, time.Since(start))
					work = append(work, rep.Elapsed)
					break wait
				}
			case <-timeout:
				return nil, nil, nil, 0, fmt.Errorf("edit %d: no reload within 30s", v)
			}
		}
	}
	cancel()
	<-done
	// CPU time of the manual reloads (this process: bundling, compiling,
	// the runtime, registry rebuilds, GC, the tool call): unlike the
	// latency, it hardly moves when other work shares the machine.
	cpuStart := processCPU()
	for range edits {
		v++
		start := time.Now()
		if err := save(target, editedSource(v)); err != nil {
			return nil, nil, nil, 0, err
		}
		rep := r.Reload(context.Background(), "edited")
		if !rep.OK {
			return nil, nil, nil, 0, fmt.Errorf("manual reload %d: %v", v, rep.Error)
		}
		work = append(work, rep.Elapsed)
		if err := expectVersion(host, v); err != nil {
			return nil, nil, nil, 0, err
		}
		manual = append(manual, time.Since(start))
	}
	cpu = (processCPU() - cpuStart) / time.Duration(edits)
	for len(reports) > 0 {
		<-reports
	}
	return watched, manual, work, cpu, nil
}

// expectVersion checks that the live edited extension answers VERSION v.
func expectVersion(host *engine.Host, v int) error {
	res, err := host.RunTool(context.Background(), "bench_version", engine.ToolCall{ID: "b", Params: map[string]any{}})
	if err != nil {
		return err
	}
	if got, want := res.Text(), version(v); got != want {
		return fmt.Errorf("bench_version = %q, want %q", got, want)
	}
	return nil
}

// piRun drives real pi over RPC: one pi process for the latency edits,
// a fresh one for the memory measurement (so its baseline is a fresh
// start, as pigo's is).
func piRun(piArgv []string, tmp, target string, paths []string, edits int, points []int) ([]time.Duration, []int64, error) {
	v := 0
	p, err := startPi(piArgv, tmp, paths)
	if err != nil {
		return nil, nil, err
	}
	var lat []time.Duration
	for range edits {
		v++
		start := time.Now()
		if err := p.reload(target, v); err != nil {
			p.stop()
			return nil, nil, err
		}
		lat = append(lat, time.Since(start))
	}
	p.stop()

	p, err = startPi(piArgv, tmp, paths)
	if err != nil {
		return lat, nil, err
	}
	defer p.stop()
	var mem []int64
	done := 0
	for _, n := range points {
		for ; done < n; done++ {
			v++
			if err := p.reload(target, v); err != nil {
				return lat, nil, err
			}
		}
		mem = append(mem, benchkit.VmRSS(p.Cmd.Process.Pid))
	}
	return lat, mem, nil
}

// piProcess is a running `pi --mode rpc` with every extension loaded.
type piProcess struct {
	*benchkit.Proc
}

func startPi(piArgv []string, tmp string, paths []string) (*piProcess, error) {
	work := filepath.Join(tmp, "pi-work")
	agent := filepath.Join(tmp, "pi-agent")
	for _, d := range []string{work, agent} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(agent, "models.json"), []byte(benchkit.ModelsJSON("http://127.0.0.1:9/v1")), 0o644); err != nil {
		return nil, err
	}
	args := append(slices.Clone(piArgv), "--mode", "rpc", "--no-session", "--no-extensions", "--provider", "mock", "--model", "mock-1")
	for _, p := range paths {
		args = append(args, "-e", p)
	}
	proc, err := benchkit.StartRPC(args, work, benchkit.Env(tmp, agent))
	if err != nil {
		return nil, err
	}
	p := &piProcess{proc}
	if _, err := p.RPC.Commands(); err != nil {
		p.stop()
		return nil, fmt.Errorf("pi did not start: %w; stderr: %s", err, p.Stderr())
	}
	return p, nil
}

// reload writes edit v and reloads pi through /bench-reload, then checks
// that the new generation's command is listed.
func (p *piProcess) reload(target string, v int) error {
	if err := save(target, editedSource(v)); err != nil {
		return err
	}
	if _, err := p.RPC.Call(map[string]any{"type": "prompt", "message": "/bench-reload"}); err != nil {
		return fmt.Errorf("/bench-reload: %w", err)
	}
	names, err := p.RPC.Commands()
	if err != nil {
		return err
	}
	if !names["bv_"+version(v)] {
		return fmt.Errorf("after reload %d pi does not list command bv_%s", v, version(v))
	}
	return nil
}

func (p *piProcess) stop() {
	_ = p.Cmd.Process.Kill()
	_ = p.Cmd.Wait()
}

// save writes a file the way editors do: a temporary sibling renamed over
// the original.
func save(path, src string) error {
	tmp := path + ".tmp~"
	if err := os.WriteFile(tmp, []byte(src), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// saveInPlace truncates path and writes src in two writes, as shell
// redirection and some formatters do.
func saveInPlace(path, src string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	half := len(src) / 2
	if _, err := f.WriteString(src[:half]); err != nil {
		f.Close()
		return err
	}
	if _, err := f.WriteString(src[half:]); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

type summary struct{ p50, p90, p95, max time.Duration }

func stats(ds []time.Duration) summary {
	if len(ds) == 0 {
		return summary{}
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	at := func(q float64) time.Duration {
		i := int(q*float64(len(s))+0.5) - 1
		return s[max(0, min(len(s)-1, i))]
	}
	return summary{p50: at(0.50), p90: at(0.90), p95: at(0.95), max: s[len(s)-1]}
}

func ms(d time.Duration) float64 { return benchkit.MS(d) }
func mb(b int64) float64         { return benchkit.MB(b) }

func orDefault(d time.Duration) string {
	if d == 0 {
		return "30ms default"
	}
	return d.String()
}

// settleNote names a settle period other than the watcher's default.
func settleNote(d time.Duration) string {
	switch {
	case d == 0:
		return ""
	case d < 0:
		return ", no settle"
	}
	return ", settle " + d.String()
}

// processCPU is the user+system CPU time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
