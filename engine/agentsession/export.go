package agentsession

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
	pisession "github.com/pigo-dev/pigo/engine/session"
	"github.com/pigo-dev/pigo/engine/session/export"
)

// Session export to HTML (engine/session/export), as pi 0.73.1's
// `pi --export <session.jsonl> [output.html]` (main.js, exportFromFile)
// and the RPC command export_html (AgentSession.exportToHtml).

// runExport is `pigo --export FILE [OUTPUT]`: pi exports before anything
// else starts (no extensions, no session), writes OUTPUT (default
// pi-session-<name>.html in the working directory) and prints "Exported
// to: OUTPUT", or "Error: ..." and exits 1. Unlike pi, a file without a
// session header is an error and is left alone (pi replaces it with a new
// empty session and exports that).
func runExport(io *IO, f piFlags) ExitCode {
	if reportDiagnostics(io.Stderr, f.diagnostics) {
		return ExitFailure
	}
	in := f.export
	fail := func(msg string) ExitCode {
		fmt.Fprintln(io.Stderr, "Error: "+msg)
		return ExitFailure
	}
	abs := resolvePath(io.Cwd, in)
	if _, err := io.FS.Stat(abs); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fail("File not found: " + abs) // pi 1.6 names the resolved path
		}
		return fail(NodeFSError(err, in))
	}
	d, warnings, err := export.ReadFile(abs)
	for _, w := range warnings {
		fmt.Fprintln(io.Stderr, "Warning: "+w.String())
	}
	switch {
	case errors.Is(err, pisession.ErrInvalidSession):
		return fail(in + " is not a session file: no session header")
	case err != nil:
		return fail(NodeFSError(err, in))
	}
	out := export.DefaultFileName(in)
	if len(f.messages) > 0 {
		out = f.messages[0]
	}
	html, err := export.HTML(d, export.Options{Theme: exportTheme(io, "")})
	if err != nil {
		return fail(err.Error())
	}
	if err := io.FS.WriteFile(resolvePath(io.Cwd, out), html, 0o644); err != nil {
		return fail(NodeFSError(err, out))
	}
	fmt.Fprintln(io.Stdout, "Exported to: "+out) // pi 1.6 exports before it takes stdout over
	return ExitOK
}

// exportHTML is the RPC command export_html {outputPath?} → {path}: the
// current session with the agent's system prompt and active tools. As in
// pi, an in-memory session (--no-session) and a session whose file is not
// written yet (before the first assistant message) cannot be exported,
// and a relative outputPath is relative to the working directory.
func (s *rpcServer) exportHTML(c *rpcCommand) (any, bool, error) {
	rt := s.rt
	tr := rt.tree()
	if tr.Path() == "" {
		return nil, false, errors.New("Cannot export in-memory session to HTML")
	}
	if _, err := rt.io.FS.Stat(tr.Path()); err != nil {
		return nil, false, errors.New("Nothing to export yet - start a conversation first")
	}
	d := export.FromTree(tr)
	d.SystemPrompt = rt.agent.SystemPrompt()
	d.Tools = activeToolDocs(rt.host)
	out, _ := c.raw["outputPath"].(string)
	if out == "" {
		out = export.DefaultFileName(tr.Path())
	}
	html, err := export.HTML(d, export.Options{Theme: exportTheme(rt.io, rt.settings.str("theme"))})
	if err != nil {
		return nil, false, err
	}
	dir := rt.launchCwd
	if dir == "" {
		dir = rt.io.Cwd
	}
	if err := rt.io.FS.WriteFile(resolvePath(dir, out), html, 0o644); err != nil {
		return nil, false, errors.New(NodeFSError(err, out))
	}
	return ordered{{"path", out}}, true, nil
}

// activeToolDocs lists the tools offered to the model, in registry order.
func activeToolDocs(h *engine.Host) []export.Tool {
	active := piapi.Of(h).ActiveTools()
	var out []export.Tool
	for _, e := range h.Tools().Current().Entries() {
		if slices.Contains(active, e.ID) {
			out = append(out, export.Tool{Name: e.ID, Description: e.Value.Description, Parameters: engine.Clone(e.Value.Parameters)})
		}
	}
	return out
}

// exportTheme is the theme pi exports with: the settings' theme, else
// pi's default from the terminal's COLORFGBG (a background colour below 8
// is dark).
func exportTheme(io *IO, configured string) string {
	if configured != "" {
		return configured
	}
	parts := strings.Split(io.Getenv("COLORFGBG"), ";")
	if len(parts) >= 2 {
		if bg, err := strconv.Atoi(parts[1]); err == nil && bg >= 8 {
			return "light"
		}
	}
	return "dark"
}

// piConsole is where pi's console.log output goes: pi 1.6 takes stdout
// over (redirecting it to stderr) in every mode but the interactive one,
// which it runs when stdin and stdout are terminals and neither -p nor
// --mode json/rpc is given (resolveAppMode).
func piConsole(io *IO, f piFlags) io.Writer {
	if f.mode == "rpc" || f.mode == "json" || f.print || !io.Interactive() {
		return io.Stderr
	}
	return io.Stdout
}

func resolvePath(cwd, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(cwd, p)
}

// NodeFSError words a file system error as Node does ("ENOENT: no such
// file or directory, open 'out.html'"), with the path as the user gave it.
func NodeFSError(err error, path string) string {
	var pe *fs.PathError
	var errno syscall.Errno
	if !errors.As(err, &pe) || !errors.As(err, &errno) {
		return err.Error()
	}
	codes := map[syscall.Errno][2]string{
		syscall.ENOENT:  {"ENOENT", "no such file or directory"},
		syscall.EACCES:  {"EACCES", "permission denied"},
		syscall.EPERM:   {"EPERM", "operation not permitted"},
		syscall.EISDIR:  {"EISDIR", "illegal operation on a directory"},
		syscall.ENOTDIR: {"ENOTDIR", "not a directory"},
		syscall.EROFS:   {"EROFS", "read-only file system"},
		syscall.ENOSPC:  {"ENOSPC", "no space left on device"},
	}
	c, ok := codes[errno]
	if !ok {
		return err.Error()
	}
	if pe.Op == "read" {
		return fmt.Sprintf("%s: %s, read", c[0], c[1])
	}
	return fmt.Sprintf("%s: %s, %s '%s'", c[0], c[1], pe.Op, path)
}
