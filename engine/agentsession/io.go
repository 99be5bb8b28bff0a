package agentsession

import (
	"context"
	"io"
	"io/fs"
	"slices"
	"strings"
)

// IO is the process world handed to a session: streams, environment and
// working directory. Nothing in a session reads os globals, so a session
// can run inside another program (or a test) with its own world.
type IO struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Environ        []string // KEY=VALUE pairs: what extensions see as process.env
	Cwd            string
	StdinTTY       bool // stdin is a terminal (pi's print mode reads piped stdin only)
	StdoutTTY      bool // stdout is a terminal
	// FS is the file system the agent modes read settings, prompt files
	// and @file arguments from and write settings and bash logs to.
	FS FS
	// StartupSelect shows a selector on the terminal before the
	// interactive client starts (pi's startup UI: the project trust
	// prompt); nil where there is none, which declines.
	StartupSelect StartupSelect
	// StartupResume shows pi's session selector on the terminal before
	// the session opens (--resume); nil where there is none.
	StartupResume StartupResume
	// Started, when set, is called once the agent mode has started (its
	// extensions loaded, before it serves the first request or prompt),
	// or failed to.
	Started func()
}

// StartupResume lets the user pick a session file; ok is false when they
// cancel.
type StartupResume func(ctx context.Context, p ResumePrompt) (path string, ok bool)

// ResumePrompt is what the startup session selector lists and how it
// draws (theme, keybindings).
type ResumePrompt struct {
	IO       *IO
	AgentDir string
	Setting  func(key string) any
	// SessionDir is this folder's session directory ("All" lists every
	// project's under AgentDir, or just SessionDir when it is a custom one).
	SessionDir string
}

// StartupSelect asks the user to pick one of p.Options; ok is false when
// they cancel.
type StartupSelect func(ctx context.Context, p StartupPrompt) (index int, ok bool)

// StartupPrompt is a startup selector's question and what the terminal UI
// needs to draw it as the session will (theme, keybindings).
type StartupPrompt struct {
	IO       *IO
	AgentDir string
	Setting  func(key string) any
	Title    string
	Options  []string
}

// FS is the part of the file system the agent modes use; main passes the
// real one.
type FS interface {
	ReadFile(name string) ([]byte, error)
	WriteFile(name string, data []byte, perm fs.FileMode) error
	Stat(name string) (fs.FileInfo, error)
	MkdirAll(path string, perm fs.FileMode) error
	Rename(oldpath, newpath string) error
	Create(name string) (io.WriteCloser, error)
}

// EnvMap turns Environ into a map.
func (io *IO) EnvMap() map[string]string {
	m := make(map[string]string, len(io.Environ))
	for _, kv := range io.Environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			m[k] = v
		}
	}
	return m
}

// SetEnv sets an environment variable for the rest of the run: Getenv
// and Environ (what extensions see) both have it.
func (io *IO) SetEnv(key, value string) {
	get := io.Getenv
	io.Getenv = func(k string) string {
		if k == key {
			return value
		}
		if get == nil {
			return ""
		}
		return get(k)
	}
	env := slices.DeleteFunc(slices.Clone(io.Environ), func(kv string) bool { return strings.HasPrefix(kv, key+"=") })
	io.Environ = append(env, key+"="+value)
}

// ExitCode is pigo's process exit status.
type ExitCode int

const (
	ExitOK      ExitCode = 0 // success
	ExitFailure ExitCode = 1 // a plugin failed to load, a tool failed, bad input
	ExitUsage   ExitCode = 2 // wrong command line
)

// Interactive reports whether both stdin and stdout are terminals, where
// pi's commands ask their questions (process.stdin.isTTY &&
// process.stdout.isTTY).
func (io *IO) Interactive() bool { return io.StdinTTY && io.StdoutTTY }
