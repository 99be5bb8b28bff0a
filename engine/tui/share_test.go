package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// fakeGh puts a gh on PATH that appends its args to the file it returns:
// `auth status` exits with $GH_AUTH, `gist create` prints $GH_GIST (or
// fails with $GH_FAIL on stderr) after $GH_SLEEP seconds.
func fakeGh(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	log := filepath.Join(dir, "gh.log")
	script := `#!/bin/sh
echo "$@" >> "` + log + `"
case "$1" in
auth) exit "${GH_AUTH:-0}" ;;
gist)
  [ -n "$GH_SLEEP" ] && exec sleep "$GH_SLEEP"
  if [ -n "$GH_FAIL" ]; then echo "$GH_FAIL" >&2; exit 1; fi
  echo "$GH_GIST" ;;
esac
`
	if err := os.WriteFile(filepath.Join(dir, "gh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GH_GIST", "https://gist.github.com/someone/0123abcd")
	return log
}

// runShare runs what the model handed bubbletea, feeding /share's gh
// outcomes back (ticks and the like are dropped).
func (h *harness) runShare(c tea.Cmd) {
	h.t.Helper()
	cmds := append([]tea.Cmd{c}, h.later...)
	h.later = nil
	for len(cmds) > 0 {
		c, cmds = cmds[0], cmds[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			cmds = append(cmds, msg...)
		case shareMsg:
			_, next := h.m.Update(msg)
			cmds = append(cmds, next)
			h.sync()
			cmds = append(cmds, h.later...)
			h.later = nil
		}
	}
}

// shareUntilExport types /share and runs gh's auth check; it returns
// the export_html command the UI sent, when it got that far.
func shareUntilExport(h *harness) map[string]any {
	h.t.Helper()
	h.typ("/share")
	h.runShare(h.press("enter"))
	for {
		select {
		case c := <-h.cmds:
			if c["type"] == "export_html" {
				return c
			}
		default:
			return nil
		}
	}
}

// TestShareCreatesSecretGist: /share checks gh's login, exports the
// session to HTML in a temporary folder, uploads it as a secret gist
// under pi's "Creating gist..." loader and shows the viewer's URL (with
// PI_SHARE_VIEWER_URL) and the gist's, then removes the folder.
func TestShareCreatesSecretGist(t *testing.T) {
	log := fakeGh(t)
	h := newHarness(t, Options{Env: []string{"PI_SHARE_VIEWER_URL=https://viewer.example/s/"}})
	exp := shareUntilExport(h)
	if exp == nil {
		t.Fatalf("no export; screen:\n%s", h.screen())
	}
	out, _ := exp["outputPath"].(string)
	if filepath.Base(out) != "session.html" || !strings.HasPrefix(filepath.Base(filepath.Dir(out)), "pi-share-") {
		t.Fatalf("export path %q", out)
	}
	h.respond(exp, true, map[string]any{"path": out})
	h.contains("Creating gist...", "escape/ctrl+c cancel")
	h.runShare(nil)
	h.lacks("Creating gist...")
	h.contains("Share URL: https://viewer.example/s/#0123abcd", "Gist: https://gist.github.com/someone/0123abcd")
	if !strings.Contains(h.m.render(), "\x1b]8;;https://viewer.example/s/#0123abcd") {
		t.Errorf("the share URL is not a link")
	}
	data, _ := os.ReadFile(log)
	if want := "auth status\ngist create --public=false " + out + "\n"; string(data) != want {
		t.Errorf("gh ran with\n%s\nwant\n%s", data, want)
	}
	if _, err := os.Stat(filepath.Dir(out)); !os.IsNotExist(err) {
		t.Errorf("the temporary folder is left: %v", err)
	}
}

// TestShareErrors are pi's: gh not logged in (or not installed: pi's
// check reads its exit status only), the export failing, gh failing,
// no gist id, the Radius destination pigo has no provider for, and the
// cancel key while the gist is created.
func TestShareErrors(t *testing.T) {
	log := fakeGh(t)
	t.Run("not logged in", func(t *testing.T) {
		t.Setenv("GH_AUTH", "1")
		h := newHarness(t, Options{})
		if shareUntilExport(h) != nil {
			t.Fatal("exported without a login")
		}
		h.contains("Error: GitHub CLI is not logged in. Run 'gh auth login' first.")
	})
	t.Run("no gh", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		h := newHarness(t, Options{})
		shareUntilExport(h)
		h.contains("Error: GitHub CLI is not logged in. Run 'gh auth login' first.")
	})
	t.Run("export fails", func(t *testing.T) {
		h := newHarness(t, Options{})
		exp := shareUntilExport(h)
		h.respond(exp, false, nil)
		h.contains("Error: Failed to export session:")
	})
	t.Run("gh fails", func(t *testing.T) {
		t.Setenv("GH_FAIL", "HTTP 401: Bad credentials")
		h := newHarness(t, Options{})
		exp := shareUntilExport(h)
		h.respond(exp, true, nil)
		h.runShare(nil)
		h.contains("Error: Failed to create gist: HTTP 401: Bad credentials")
	})
	t.Run("no id", func(t *testing.T) {
		t.Setenv("GH_GIST", "https://gist.github.com/")
		h := newHarness(t, Options{})
		h.respond(shareUntilExport(h), true, nil)
		h.runShare(nil)
		h.contains("Error: Failed to parse gist ID from gh output")
	})
	t.Run("radius", func(t *testing.T) {
		h := newHarness(t, Options{ShareDestination: "radius"})
		if shareUntilExport(h) != nil {
			t.Fatal("exported for radius")
		}
		h.contains("Error: Radius authentication is not configured. Run '/login radius' first.")
	})
	t.Run("cancel", func(t *testing.T) {
		t.Setenv("GH_SLEEP", "30")
		h := newHarness(t, Options{})
		h.respond(shareUntilExport(h), true, nil)
		h.contains("Creating gist...")
		if len(h.later) != 1 {
			t.Fatalf("%d commands, want gh's", len(h.later))
		}
		done := make(chan tea.Msg, 1)
		go func(c tea.Cmd) { done <- c() }(h.later[0])
		h.later = nil
		for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
			if data, _ := os.ReadFile(log); strings.Contains(string(data), "gist create") {
				break
			}
			if time.Since(start) > 10*time.Second {
				t.Fatal("gh gist create did not start")
			}
		}
		h.press("esc")
		h.lacks("Creating gist...")
		h.contains("Share cancelled")
		select { // gh is killed; its outcome changes nothing
		case msg := <-done:
			h.m.Update(msg)
		case <-time.After(10 * time.Second):
			t.Fatal("gh was not killed")
		}
		h.contains("Share cancelled")
		h.lacks("Error:")
	})
}
