package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/pigo-dev/pigo/bench/internal/benchkit"
)

// profileEnv names the file a profiling pigo build writes its CPU
// profile to.
const profileEnv = "PIGO_BENCH_CPUPROFILE"

// profileSource is added to cmd/pigo (through a build overlay; the tree
// is not touched) when -profile is set: it profiles from process start
// until SIGUSR1, then writes the profile and a ".done" marker.
const profileSource = `package main

import (
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
)

var _ = benchStartProfile()

func benchStartProfile() bool {
	path := os.Getenv("` + profileEnv + `")
	if path == "" {
		return false
	}
	f, err := os.Create(path)
	if err != nil || pprof.StartCPUProfile(f) != nil {
		return false
	}
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGUSR1)
	go func() {
		<-c
		pprof.StopCPUProfile()
		_ = f.Close()
		_ = os.WriteFile(path+".done", nil, 0o644)
	}()
	return true
}
`

// buildPigo builds pigo once for the run (with the profiling overlay when
// -profile is set).
func (b *bench) buildPigo() (string, error) {
	if b.profile == "" {
		return benchkit.BuildPigo(b.root, b.tmp)
	}
	if err := os.MkdirAll(b.profile, 0o755); err != nil {
		return "", err
	}
	src := filepath.Join(b.tmp, "bench_profile.go")
	if err := os.WriteFile(src, []byte(profileSource), 0o644); err != nil {
		return "", err
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": map[string]string{
		filepath.Join(b.root, "cmd", "pigo", "zz_bench_profile.go"): src}})
	ov := filepath.Join(b.tmp, "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		return "", err
	}
	return benchkit.BuildPigo(b.root, b.tmp, "-overlay", ov)
}

// stopProfile asks a profiling pigo to write its profile and waits for it.
func stopProfile(p *benchkit.Proc) {
	path := ""
	for _, e := range p.Cmd.Env {
		if v, ok := strings.CutPrefix(e, profileEnv+"="); ok {
			path = v
		}
	}
	if path == "" || p.Cmd.Process.Signal(syscall.SIGUSR1) != nil {
		return
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(path + ".done"); err == nil {
			_ = os.Remove(path + ".done")
			return
		}
	}
}

func execOutput(name string, args ...string) (string, error) {
	out, err := exec.Command(name, args...).Output()
	return string(out), err
}

// table is the report: one row per measured quantity.
type table struct{ rows []row }

type row struct {
	scenario, metric string
	unit             string // "ms", "MB", "/s", ""
	pigo, pi         float64
}

func (t *table) add(scenario, metric, unit string, pigo, pi float64) {
	t.rows = append(t.rows, row{scenario: scenario, metric: metric, unit: unit, pigo: pigo, pi: pi})
}

func (t *table) print(w io.Writer) {
	fmt.Fprintln(w, "| scenario | metric | pigo | pi | pigo/pi |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|")
	last := ""
	for _, r := range t.rows {
		sc := r.scenario
		if sc == last {
			sc = ""
		}
		last = r.scenario
		ratio := "–"
		if r.pi > 0 && r.pigo > 0 {
			ratio = fmt.Sprintf("%.2fx", r.pigo/r.pi)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", sc, r.metric, format(r.pigo, r.unit), format(r.pi, r.unit), ratio)
	}
}

func format(v float64, unit string) string {
	switch unit {
	case "ms":
		if v < 10 && v > -10 {
			return fmt.Sprintf("%.2f ms", v)
		}
		return fmt.Sprintf("%.0f ms", v)
	case "MB":
		return fmt.Sprintf("%.1f MB", v)
	case "KB":
		return fmt.Sprintf("%.0f KB", v)
	case "/s":
		return fmt.Sprintf("%.0f/s", v)
	}
	return fmt.Sprintf("%.0f", v)
}
