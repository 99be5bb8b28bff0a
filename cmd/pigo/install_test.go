package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

// cmdNPMRegistry is `npmregistry DIR`: serve DIR's <name>@<version>/
// package directories as an npm registry on loopback for the rest of the
// script, and point npm_config_registry at it.
func cmdNPMRegistry(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: npmregistry DIR")
	}
	r := pkgmgrtest.New()
	ts.Defer(r.Close)
	if err := r.PublishDir(ts.MkAbs(args[0])); err != nil {
		ts.Fatalf("npmregistry: %v", err)
	}
	ts.Setenv("npm_config_registry", r.URL())
}

// TestPackageCommandAsksTrustInATerminal: in a terminal, a package
// command in an undecided project with protected files shows pi's trust
// prompt; trusting installs and saves the decision, declining or
// cancelling changes nothing (pi's message); without a terminal no one is
// asked.
func TestPackageCommandAsksTrustInATerminal(t *testing.T) {
	for _, c := range []struct {
		name    string
		tty     bool
		answer  string // the label picked; "" cancels
		trusted bool
		saved   string // what trust.json then holds for the project
	}{
		{"trust", true, "Trust", true, "true"},
		{"this session only", true, "Trust (this session only)", true, ""},
		{"do not trust", true, "Do not trust", false, "false"},
		{"cancel", true, "", false, ""},
		{"no terminal", false, "", false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			home, cwd := filepath.Join(dir, "home"), filepath.Join(dir, "project")
			for _, d := range []string{filepath.Join(home, ".pi", "agent"), filepath.Join(cwd, ".pi"), filepath.Join(dir, "pkg")} {
				os.MkdirAll(d, 0o755)
			}
			os.WriteFile(filepath.Join(cwd, ".pi", "settings.json"), []byte("{}"), 0o644) // a protected file
			var stdout, stderr strings.Builder
			var asked []string
			io := &IO{Stdout: &stdout, Stderr: &stderr, Cwd: cwd, StdinTTY: c.tty, StdoutTTY: c.tty, FS: pigo.OSFS{},
				Getenv: func(k string) string { return map[string]string{"HOME": home}[k] },
				StartupSelect: func(_ context.Context, p agentsession.StartupPrompt) (int, bool) {
					asked = append(asked, p.Title)
					return slices.Index(p.Options, c.answer), c.answer != ""
				}}
			code := runInstall(context.Background(), []string{"../pkg", "-l"}, io)
			if (code == ExitOK) != c.trusted {
				t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
			}
			if !c.trusted && stderr.String() != "Project is not trusted. Use --approve to modify local package config.\n" {
				t.Errorf("stderr %q", stderr.String())
			}
			wantAsked := 0
			if c.tty {
				wantAsked = 1
			}
			if len(asked) != wantAsked {
				t.Errorf("asked %d times: %q", len(asked), asked)
			} else if c.tty && !strings.HasPrefix(asked[0], "Trust project folder?\n"+cwd+"\n") {
				t.Errorf("prompt %q", asked[0])
			}
			b, _ := os.ReadFile(filepath.Join(home, ".pi", "agent", "trust.json"))
			saved := strings.Contains(string(b), "project")
			if saved != (c.saved != "") || saved && !strings.Contains(string(b), `": `+c.saved) {
				t.Errorf("trust.json %s, want the project's decision %q", b, c.saved)
			}
		})
	}
}
