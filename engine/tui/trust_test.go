package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pigo-dev/pigo/engine/projecttrust"
)

func TestTrustCommandSavesADecision(t *testing.T) {
	agentDir := t.TempDir()
	cwd := filepath.Join(t.TempDir(), "proj")
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	no := false
	store := projecttrust.NewStore(agentDir)
	if err := store.Set(context.Background(), cwd, &no); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, Options{Cwd: cwd, AgentDir: agentDir})
	h.m.width = 160
	h.answer("get_project_trust", map[string]any{"trusted": false, "protected": true})
	h.m.c.request(cmd("get_project_trust"), (*model).onProjectTrust)
	h.sync()
	h.contains("This project is not trusted. Project .pi resources and packages are ignored.", "Use /trust to save a trust decision, then restart pi.")
	h.typ("/trust")
	h.press("enter")
	h.contains("Project trust", cwd, "Saved decision: untrusted ("+cwd+")", "Current session: untrusted",
		"  Trust", "  Trust parent folder ("+filepath.Dir(cwd)+")", "→ ✓ Do not trust", "↑↓ navigate  enter save  escape/ctrl+c cancel")
	h.press("k", "k") // pi's vim keys too; stops at the top
	h.contains("→   Trust")
	h.press("down") // the parent folder
	h.press("enter")
	h.contains("Saved trust decision: trusted. Restart pi for this to take effect.")
	if d, ok, err := store.Entry(context.Background(), cwd); !ok || err != nil || !d.Trusted || d.Path != filepath.Dir(cwd) {
		t.Errorf("trust.json after trusting the parent: %+v %v %v", d, ok, err)
	}
	h.typ("/trust")
	h.press("enter")
	h.contains("Saved decision: trusted (inherited from "+filepath.Dir(cwd)+")", "→ ✓ Trust parent folder")
	h.press("esc")
	h.lacks("Project trust")
}

func TestStartupSelect(t *testing.T) {
	s := newStartupSelect(Options{}, "Trust project folder?\n/p", []string{"Trust", "Do not trust"})
	s.Update(tea.WindowSizeMsg{Width: 60, Height: 20})
	v := ansi.Strip(s.View().Content)
	for _, want := range []string{"Trust project folder?", "/p", "→ Trust", "Do not trust"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	s.Update(parseKey("down"))
	if _, c := s.Update(parseKey("enter")); c == nil || !s.chosen || s.choice != 1 {
		t.Errorf("enter: chosen %v choice %d quit %v", s.chosen, s.choice, c != nil)
	}
	s = newStartupSelect(Options{}, "t", []string{"a"})
	if _, c := s.Update(parseKey("esc")); c == nil || s.chosen {
		t.Errorf("escape: chosen %v quit %v", s.chosen, c != nil)
	}
}
