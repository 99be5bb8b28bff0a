package agentsession

import (
	"fmt"
	"path/filepath"

	pisession "github.com/pigo-dev/pigo/engine/session"
)

// A session opened at startup from another project (pi's --resume
// "All" scope, --session PATH) runs in the cwd its header names: pi
// resolves the project's settings, resources, extensions and trust
// there, not in the directory pi was started in. When that directory is
// gone, pi asks (interactive mode) whether to continue in the current
// directory, fork the session into it or cancel; other modes fail.

// moveTo makes cwd the run's working directory before the app opens:
// -e paths and @file arguments keep meaning what they meant in the
// directory pigo started in (pi resolves them against the process's
// cwd), the project settings are cwd's.
func (rt *agentRuntime) moveTo(cwd string) []diagnostic {
	io := rt.io
	abs := func(p string) string {
		if p == "" || filepath.IsAbs(p) || p[0] == '~' {
			return p
		}
		return filepath.Join(io.Cwd, p)
	}
	exts := make([]string, len(rt.flags.AppSource.Extensions))
	for i, e := range rt.flags.AppSource.Extensions {
		exts[i] = abs(e)
	}
	rt.flags.AppSource.Extensions = exts
	rt.flags.AppSource.App = abs(rt.flags.AppSource.App)
	files := make([]string, len(rt.flags.fileArgs))
	for i, a := range rt.flags.fileArgs {
		files[i] = abs(a)
	}
	rt.flags.fileArgs = files
	rt.flags.AppSource.Cwd = cwd
	io.Cwd = cwd
	var sd []diagnostic
	rt.settings, sd = loadPiSettings(io.FS, rt.agentDir, io.Cwd)
	return sd
}

// missingSessionCwd is pi's check of an opened session whose stored cwd
// does not exist (getMissingSessionCwdIssue): in interactive mode the
// startup selector asks to continue in the current directory (the file
// keeps its header), fork into it, or cancel (exit 0); elsewhere it is
// an error. forkInto forks a session file into the current directory.
func (rt *agentRuntime) missingSessionCwd(tree *pisession.Tree, dir string, forkInto func(string) (*pisession.Tree, bool)) (*pisession.Tree, ExitCode, bool) {
	io := rt.io
	path, cwd := tree.Path(), tree.Cwd()
	if path == "" || cwd == "" {
		return tree, ExitOK, true
	}
	if _, err := io.FS.Stat(cwd); err == nil {
		return tree, ExitOK, true
	}
	if rt.mode != "interactive" || io.StartupSelect == nil || !io.StdinTTY {
		fmt.Fprintf(io.Stderr, "Stored session working directory does not exist: %s\nSession file: %s\nCurrent working directory: %s\n", cwd, path, io.Cwd)
		return nil, ExitFailure, false
	}
	i, ok := io.StartupSelect(rt.baseCtx, StartupPrompt{IO: io, AgentDir: rt.agentDir, Setting: rt.settings.get,
		Title:   "Session cwd does not exist: " + cwd,
		Options: []string{"Continue in " + io.Cwd + " (asks again next time)", "Fork into " + io.Cwd + " (new session ID, original kept)", "Cancel"}})
	switch {
	case ok && i == 0:
		_ = tree.Close()
		t, _, err := pisession.Open(path, pisession.Options{Cwd: io.Cwd})
		if err != nil {
			fmt.Fprintf(io.Stderr, "Error: %v\n", err)
			return nil, ExitFailure, false
		}
		return t, ExitOK, true
	case ok && i == 1:
		_ = tree.Close()
		t, ok := forkInto(path)
		if !ok {
			return nil, ExitFailure, false
		}
		return t, ExitOK, true
	}
	return nil, ExitOK, false
}
