package main

import (
	"os"
	"strings"
	"testing"
)

// TestDifferentialMCPCommands16: the `mcp` subcommands' help and usage
// errors print what pi 1.6 prints (command name and paths masked): help,
// an unknown subcommand, `list` with an extra argument or an unknown
// option, `list --json` of an empty config, `login`/`logout` without a
// server.
func TestDifferentialMCPCommands16(t *testing.T) {
	sides := pi16Sides(t)
	steps := [][]string{
		{"--help"},
		{"frob"},
		{"list", "extra"},
		{"list", "--frob"},
		{"list", "--json"},
		{"login"},
		{"logout"},
	}
	out := map[string][]string{}
	for side, argv := range sides {
		dir, work, agentDir := sideDirs(t)
		var lines []string
		for _, args := range steps {
			text := runCLI(argv, dir, append([]string{"mcp"}, args...)...)
			text = strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(text, work, "<work>"), agentDir, "<agent>"), "pigo", "pi")
			lines = append(lines, "$ mcp "+strings.Join(args, " "))
			lines = append(lines, strings.Split(text, "\n")...)
		}
		out[side] = lines
	}
	if d := lineDiff(out["pi"], out["pigo"]); d != "" {
		t.Errorf("mcp commands differ (- pi, + pigo):\n%s", d)
	}
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		t.Logf("pi:\n%s", strings.Join(out["pi"], "\n"))
	}
}
