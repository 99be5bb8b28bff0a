// Command agent measures pigo's agent harness against real pi (Node) in
// the same run, both driven over RPC mode (`--mode rpc`) by this program
// with the same extension, the same session files and the same mock
// OpenAI chat-completions server (mock.go):
//
//	go run ./bench/agent                 # every scenario, median of 5 runs each (about 3 minutes)
//	go run ./bench/agent -runs 3 -deltas 10000
//	go run ./bench/agent -only open      # one scenario: stream, open or context
//	go run ./bench/agent -profile DIR   # also write pigo CPU profiles into DIR
//
// Scenarios (README.md has the method and a full run's numbers):
//
//   - stream: an extension with a message_update listener that counts; the
//     mock streams a reply of -deltas small deltas as fast as the
//     connection takes them. Measured: message_update events per second
//     at the RPC client and at the listener, and the backlog (the mock's
//     last byte → agent_end at the client).
//   - open: --session on a generated 10,000-entry v3 session; time from
//     exec until get_state answers, then until get_messages answers with
//     every message, and the same start with --no-session (get_state
//     minus that is the open cost; get_messages minus get_state is the
//     cost of encoding every message).
//   - context: --session on a ~1 MB history, -turns prompts per process;
//     time from writing the prompt to the mock having the whole request,
//     without extensions, with a context listener that changes nothing,
//     and with one that drops old tool results.
//
// Every number is a median over -runs processes per side (per turn for
// context); peak RSS is each process's VmHWM, read just before it is told
// to exit. Runs alternate pigo and pi so both see the same machine load.
// Numbers, not asserts.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/bench/internal/benchkit"
)

func main() {
	var cfg config
	flag.IntVar(&cfg.runs, "runs", 5, "processes per side and configuration (the median is reported)")
	flag.IntVar(&cfg.deltas, "deltas", 5000, "stream: deltas in the streamed reply")
	flag.IntVar(&cfg.entries, "entries", 10000, "open: session entries")
	flag.Int64Var(&cfg.historyBytes, "history", 1<<20, "context: session file size in bytes")
	flag.IntVar(&cfg.turns, "turns", 10, "context: prompts per process")
	flag.StringVar(&cfg.only, "only", "", "run one scenario: stream, open or context")
	flag.StringVar(&cfg.profile, "profile", "", "write pigo CPU profiles (one per process) into this directory")
	flag.StringVar(&cfg.root, "root", ".", "pigo repository root (where node_modules is)")
	flag.Parse()
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "agent:", err)
		os.Exit(1)
	}
}

type config struct {
	runs, deltas, entries, turns int
	historyBytes                 int64
	only, profile, root          string
}

// bench is one run's shared state.
type bench struct {
	config
	tmp, work, agentDir, cache string
	llm                        *mockLLM
	sides                      []*side // pigo first
	phase                      string  // names profiles: stream, open, ...
}

// side is pigo or pi: the command line that starts it in RPC mode.
type side struct {
	name    string
	argv    []string
	profile int // pigo profiles written so far
}

func run(cfg config) error {
	root, err := filepath.Abs(cfg.root)
	if err != nil {
		return err
	}
	cfg.root = root
	cli, err := benchkit.PiCLI(root)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "pigo-agent-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	b := &bench{config: cfg, tmp: tmp, work: filepath.Join(tmp, "work"), agentDir: filepath.Join(tmp, "agent"),
		cache: filepath.Join(tmp, "cache")}
	for _, d := range []string{b.work, b.agentDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	pigo, err := b.buildPigo()
	if err != nil {
		return err
	}
	b.llm, err = newMockLLM()
	if err != nil {
		return err
	}
	defer b.llm.close()
	if err := os.WriteFile(filepath.Join(b.agentDir, "models.json"), []byte(benchkit.ModelsJSON(b.llm.url)), 0o644); err != nil {
		return err
	}
	b.sides = []*side{{name: "pigo", argv: []string{pigo}}, {name: "pi", argv: []string{"node", cli}}}

	fmt.Printf("agent benchmark: pigo vs pi %s (node %s), %s, GOMAXPROCS=%d, %d runs per side, %s\n\n",
		benchkit.PiVersion, nodeVersion(), runtime.Version(), runtime.GOMAXPROCS(0), cfg.runs, time.Now().Format("2006-01-02"))
	var t table
	start, loadBefore := time.Now(), loadAvg()
	if cfg.only == "" || cfg.only == "stream" {
		if err := b.stream(&t); err != nil {
			return fmt.Errorf("stream: %w", err)
		}
	}
	if cfg.only == "" || cfg.only == "open" {
		if err := b.open(&t); err != nil {
			return fmt.Errorf("open: %w", err)
		}
	}
	if cfg.only == "" || cfg.only == "context" {
		if err := b.context(&t); err != nil {
			return fmt.Errorf("context: %w", err)
		}
	}
	t.print(os.Stdout)
	fmt.Printf("\n(%s total; load average before %s, after %s)\n", time.Since(start).Round(time.Second), loadBefore, loadAvg())
	return nil
}

// start starts s in RPC mode with the mock model, no discovered
// extensions and no built-in tools, plus extra arguments.
func (b *bench) start(s *side, extra ...string) (*benchkit.Proc, error) {
	argv := append(append([]string{}, s.argv...), "--mode", "rpc", "--no-extensions", "--no-builtin-tools",
		"--provider", "mock", "--model", "mock-1")
	env := benchkit.Env(b.tmp, b.agentDir, "PIGO_CACHE_DIR="+b.cache)
	if b.profile != "" && s.name == "pigo" {
		s.profile++
		name := fmt.Sprintf("pigo-%02d-%s.pprof", s.profile, b.phase)
		env = append(env, profileEnv+"="+filepath.Join(b.profile, name))
	}
	p, err := benchkit.StartRPC(append(argv, extra...), b.work, env)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.name, err)
	}
	return p, nil
}

// stop ends p and returns its peak RSS (pigo first writes its profile
// when profiling).
func (b *bench) stop(s *side, p *benchkit.Proc) int64 {
	if b.profile != "" && s.name == "pigo" {
		stopProfile(p)
	}
	return p.Stop()
}

// each runs f for every side, runs times, alternating sides.
func (b *bench) each(f func(s *side) error) error {
	for range b.runs {
		for _, s := range b.sides {
			if err := f(s); err != nil {
				return fmt.Errorf("%s: %w", s.name, err)
			}
		}
	}
	return nil
}

// copyFile copies a session file so that no run sees another's appends.
func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// loadAvg is the 1-minute load average (Linux), or "?".
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

func nodeVersion() string {
	out, err := execOutput("node", "--version")
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(out)
}
