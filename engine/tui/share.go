package tui

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// /share is pi's shareSession without Radius (pigo has no Radius
// provider, so pi's "auto" falls through to the gist): `gh auth status`
// must succeed, the session is exported to HTML in a temporary folder,
// `gh gist create --public=false` uploads it under a bordered
// "Creating gist..." loader that the cancel key aborts, and the status
// line shows the viewer URL (PI_SHARE_VIEWER_URL or pi.dev's, then "#"
// and the gist id) and the gist's. As in pi, a missing gh fails its auth
// check, so it reads "not logged in" too.

// defaultShareViewerURL is pi's DEFAULT_SHARE_VIEWER_URL.
const defaultShareViewerURL = "https://pi.dev/session/"

// shareMsg is the outcome of a gh run of /share, for the loader that
// started it (nil for the auth check).
type shareMsg struct {
	loader         *shareLoader
	stdout, stderr string
	code           int // -1: gh did not run
}

// runGh runs gh with args and reports its output and exit status.
func runGh(ctx context.Context, args ...string) shareMsg {
	var out, errb bytes.Buffer
	c := exec.CommandContext(ctx, "gh", args...)
	c.Stdout, c.Stderr = &out, &errb
	c.WaitDelay = time.Second // a killed gh's children may hold its output open
	err := c.Run()
	r := shareMsg{stdout: out.String(), stderr: errb.String()}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	default:
		r.code = -1
		if r.stderr == "" {
			r.stderr = err.Error()
		}
	}
	return r
}

// share starts /share: the auth check runs off the UI loop.
func (m *model) share() tea.Cmd {
	if m.opts.ShareDestination == "radius" {
		m.shareError("Radius authentication is not configured. Run '/login radius' first.")
		return nil
	}
	return func() tea.Msg { return runGh(context.Background(), "auth", "status") }
}

func (m *model) shareError(text string) { m.notice("Error: "+text, "error") }

// onShare handles a gh run's outcome.
func (m *model) onShare(r shareMsg) tea.Cmd {
	if r.loader == nil {
		m.shareAuthed(r)
		return nil
	}
	l := r.loader
	defer os.RemoveAll(l.dir)
	if l.cancelled {
		return nil
	}
	m.closeShareLoader(l)
	if r.code != 0 {
		msg := strings.TrimSpace(r.stderr)
		if msg == "" {
			msg = "Unknown error"
		}
		m.shareError("Failed to create gist: " + msg)
		return nil
	}
	gistURL := strings.TrimSpace(r.stdout)
	id := gistURL[strings.LastIndex(gistURL, "/")+1:]
	if id == "" {
		m.shareError("Failed to parse gist ID from gh output")
		return nil
	}
	base := m.getenv("PI_SHARE_VIEWER_URL")
	if base == "" {
		base = defaultShareViewerURL
	}
	viewer := base + "#" + id
	m.status("Share URL: " + hyperlink(viewer, viewer) + "\nGist: " + hyperlink(gistURL, gistURL))
	return nil
}

// shareAuthed exports the session once gh said it is logged in, then
// uploads it.
func (m *model) shareAuthed(r shareMsg) {
	if r.code != 0 {
		m.shareError("GitHub CLI is not logged in. Run 'gh auth login' first.")
		return
	}
	dir, err := os.MkdirTemp("", "pi-share-")
	if err != nil {
		m.shareError("Failed to export session: " + err.Error())
		return
	}
	file := filepath.Join(dir, "session.html")
	m.c.request(cmd("export_html", "outputPath", file), func(m *model, resp response) {
		if !resp.ok {
			_ = os.RemoveAll(dir)
			m.shareError("Failed to export session: " + resp.err)
			return
		}
		ctx, cancel := context.WithCancel(context.Background())
		l := &shareLoader{dir: dir, cancel: cancel}
		m.sel = l
		m.pendingCmd = func() tea.Msg {
			r := runGh(ctx, "gist", "create", "--public=false", file)
			r.loader = l
			return r
		}
	})
}

// closeShareLoader gives the editor back, unless another view took it.
func (m *model) closeShareLoader(l *shareLoader) {
	if m.sel == picker(l) {
		m.sel = nil
	}
}

// shareLoader is pi's BorderedLoader while the gist is created: a
// border, the spinner and message, the cancel hint, a border.
type shareLoader struct {
	dir       string
	cancel    context.CancelFunc
	cancelled bool
}

func (l *shareLoader) key(m *model, ks string, _ tea.KeyPressMsg) tea.Cmd {
	if m.keys.is("tui.select.cancel", ks) {
		l.cancelled = true
		l.cancel() // kills gh; its outcome is then dropped
		m.closeShareLoader(l)
		m.status("Share cancelled")
	}
	return nil
}

func (l *shareLoader) render(m *model, w int) []string {
	th := m.th
	border := th.Fg("border", strings.Repeat("─", w))
	spin := th.Fg("accent", spinnerFrames[m.spin%len(spinnerFrames)]) + " " + th.Fg("muted", "Creating gist...")
	hint := m.hint("tui.select.cancel", "cancel")
	return []string{border, "", " " + ansi.Truncate(spin, w-2, ""), "", " " + ansi.Truncate(hint, w-2, ""), "", border}
}

// hyperlink is pi-tui's OSC 8 link around text.
func hyperlink(text, url string) string {
	return "\x1b]8;;" + url + "\x1b\\" + text + "\x1b]8;;\x1b\\"
}
