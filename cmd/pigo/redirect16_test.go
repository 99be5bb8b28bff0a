package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestDifferentialRedirectedStdout16: with a terminal on stdin and stdout
// redirected to a file, pi 1.6 runs its print mode (resolveAppMode), not
// the terminal UI: the answer goes to the file and the process exits.
// pigo did start its interactive client there, drawing into the file and
// waiting for keys.
func TestDifferentialRedirectedStdout16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	out := map[string]string{}
	for side, argv := range sides {
		dir, _, agentDir := sideDirs(t)
		llm := newMockLLM([]mockStep{{Text: "Hello from the model"}})
		t.Cleanup(llm.Close)
		must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
		ptmx, tty, err := pty.Open()
		must(t, err)
		t.Cleanup(func() { ptmx.Close(); tty.Close() })
		stdout, err := os.Create(filepath.Join(dir, "stdout"))
		must(t, err)
		cmd := sideCommand(argv, dir, "--model", "mock/mock-1", "--no-session", "say hello")
		cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, stdout, stdout
		done := make(chan error, 1)
		must(t, cmd.Start())
		go func() { done <- cmd.Wait() }()
		select {
		case err = <-done:
		case <-time.After(time.Minute):
			_ = cmd.Process.Kill()
			t.Fatalf("%s did not exit with stdout redirected", side)
		}
		data, _ := os.ReadFile(stdout.Name())
		out[side] = string(data) + "## exit " + itoa(exitStatus(err))
	}
	if out["pi"] != out["pigo"] || out["pigo"] != "Hello from the model\n## exit 0" {
		t.Errorf("pi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
	}
}
