package discover

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Options says where to look. Its zero value is not useful: Cwd is required.
type Options struct {
	// Cwd is the project root, an absolute path; .pi/settings.json and
	// .pi/extensions/ live under it and CLI values resolve against it.
	// Discover returns only a Problem if it is not absolute.
	Cwd string
	// AgentDir is pi's global directory. "" means Getenv("PI_CODING_AGENT_DIR")
	// if set, else Home/.pi/agent. A leading "~" or "~/" expands to Home; a
	// relative result resolves against Cwd.
	AgentDir string
	// Home is the user's home directory, used for "~" and the default agent
	// dir. "" means Getenv("HOME").
	Home string
	// Getenv reads the environment; nil means an empty environment.
	Getenv func(string) string
	// Extensions are the CLI -e/--extension values, in order.
	Extensions []string
	// NoExtensions is --no-extensions: packages, settings entries and
	// auto-discovery are skipped; Extensions are still used.
	NoExtensions bool
	// UntrustedProject leaves out the project's own settings and
	// .pi/extensions, as pi 1.6 does for a project it does not trust.
	UntrustedProject bool
}

// Extension is one entry file to load.
type Extension struct {
	// ID is unique within one Discover result and matches
	// ^(@[a-z0-9][a-z0-9._-]*/)?[A-Za-z0-9][A-Za-z0-9._:-]*$. It is the
	// file's base name without its extension, or the directory name for an
	// index file. Entries of a package whose base name collides with another
	// entry's become "<package name>:<base>"; remaining duplicates get "-2",
	// "-3", ... in load order. Characters outside the pattern become "-".
	ID string
	// Path is the absolute path of the entry file, as configured (symlinks
	// kept), except that a directory resolved to its index file is first
	// symlink-resolved, as Node does.
	Path string
	// Origin is "cli", "settings:project", "auto:project", "settings:global",
	// "auto:global", "package:project" or "package:global".
	Origin string
	// Source is what the user wrote that produced the entry: the CLI value,
	// the settings entry, the package source, or the scanned directory for
	// auto-discovery. For messages only.
	Source string
}

// Problem is something Discover could not use. Discovery goes on after it.
type Problem struct {
	Source  string // the CLI value, settings file or package source concerned
	Path    string // absolute path concerned, if any
	Message string
	// Project: it concerns the project's own settings or extensions,
	// which an untrusted project does not use (pi 1.6 then never reads
	// them, so it reports nothing).
	Project bool
}

// Discover returns the extensions pi 1.6 would load for opts, in load
// order, and the problems met on the way. See the package doc for the rules.
// It only reads the file system.
func Discover(opts Options) ([]Extension, []Problem) {
	d := newDiscoverer(opts)
	if d.invalid {
		return nil, d.problems
	}
	cli := d.cliCandidates()
	var rest []*candidate
	if !opts.NoExtensions {
		rest = d.settingsCandidates()
	}
	exts, pkgNames := d.finish(append(cli, rest...))
	assignIDs(exts, pkgNames)
	return exts, d.problems
}

// discoverer carries one Discover call's normalised inputs and problems.
type discoverer struct {
	opts     Options
	cwd      string
	home     string
	agentDir string // "" when it cannot be determined
	cliVals  []string
	invalid  bool // the options are unusable; discover nothing
	problems []Problem
	project  bool // what is resolved now is the project's (Problem.Project)
}

func newDiscoverer(opts Options) *discoverer {
	getenv := opts.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	d := &discoverer{opts: opts, cliVals: opts.Extensions, cwd: filepath.Clean(opts.Cwd), home: opts.Home}
	if !filepath.IsAbs(opts.Cwd) {
		d.problem("", opts.Cwd, fmt.Sprintf("discover: Options.Cwd must be an absolute path, got %q", opts.Cwd))
		d.invalid = true
		return d
	}
	if d.home == "" {
		d.home = getenv("HOME")
	}
	agent := opts.AgentDir
	if agent == "" {
		agent = getenv("PI_CODING_AGENT_DIR")
	}
	// pi's expandTildePath: only "~" and "~/..." expand.
	tilde := agent == "~" || strings.HasPrefix(agent, "~/")
	switch {
	case tilde && d.home != "":
		agent = d.expandTilde(agent)
	case tilde || agent == "" && d.home == "":
		if !opts.NoExtensions {
			d.problem("", agent, "cannot determine the agent dir: no home directory; global settings and extensions skipped")
		}
		return d
	case agent == "":
		agent = filepath.Join(d.home, ".pi", "agent")
	}
	if !filepath.IsAbs(agent) {
		agent = filepath.Join(d.cwd, agent)
	}
	d.agentDir = filepath.Clean(agent)
	return d
}

// problem records a Problem once; scanning the same directory twice must
// not repeat it.
func (d *discoverer) problem(source, path, msg string) {
	p := Problem{Source: source, Path: path, Message: msg, Project: d.project}
	if !slices.Contains(d.problems, p) {
		d.problems = append(d.problems, p)
	}
}

// expandTilde expands "~", "~/x" and "~x" (as pi's resolvePathFromBase
// does: "~x" becomes Home/x). Without a home the input is returned.
func (d *discoverer) expandTilde(p string) string {
	if d.home == "" || !strings.HasPrefix(p, "~") {
		return p
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(p, "~"), "/")
	return filepath.Join(d.home, rest)
}

// resolveFromBase is pi's resolvePathFromBase: trim, expand "~", else
// resolve against base.
func (d *discoverer) resolveFromBase(p, base string) string {
	p = strings.TrimSpace(p)
	if strings.HasPrefix(p, "~") && d.home != "" {
		return d.expandTilde(p)
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// TemporaryNotInstalled is the problem of an -e npm:/git: value that is
// not in pi's cache of temporary packages (the agent modes install it
// there first, pigo check and dev do not).
func TemporaryNotInstalled(source string) string {
	return "package not installed: " + source + " is not in the cache of -e packages (the agent modes install it at start-up)"
}
