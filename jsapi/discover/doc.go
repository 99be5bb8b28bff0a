// Package discover finds the extension entry files that pi 1.6 would load
// for a project and returns them in pi's load order; it reads the file system
// only and imports neither goja nor esbuild, and of the engine only
// engine/pathrules, the settings patterns, globs and path rules of pi's
// package manager it shares with engine/resources, and engine/pkgmgr, which
// says where an npm or git package is installed.
//
// # Sources and order
//
// Discover mirrors DefaultResourceLoader.reload and
// DefaultPackageManager.resolve/resolveExtensionSources of
// @earendil-works/pi-coding-agent 1.6 (0.73.1's rules differed in package
// manifests, package item precedence and glob order). The final order is:
//
//  1. CLI -e/--extension values, in argument order (Origin "cli");
//  2. entries of the project settings `extensions` array, <cwd>/.pi/settings.json
//     ("settings:project");
//  3. auto-discovered <cwd>/.pi/extensions/ ("auto:project");
//  4. entries of the global settings `extensions` array, <agentDir>/settings.json
//     ("settings:global");
//  5. auto-discovered <agentDir>/extensions/ ("auto:global");
//  6. settings `packages`, project before global ("package:project",
//     "package:global").
//
// This is pi's real order, not the one in its documentation (packages before
// settings entries): pi collects packages first, then sorts every resolved
// resource by a precedence rank (project entry 0, project auto 1, user entry
// 2, user auto 3, package 4) with a stable sort. A path claimed by an
// earlier source keeps that source's rank and enabled state, so a file that
// a package provides and a settings entry names again loads at the package's
// position. Duplicates are removed by real path (symlinks resolved); the
// first occurrence wins and keeps its non-canonical path. NoExtensions drops
// sources 2-6 and keeps 1.
//
// # Shapes
//
// A CLI value or a local package source that names a file yields that file,
// whatever its extension. A directory is a package: its package.json `pi`
// key, if truthy, declares the extensions (`pi.extensions`, paths relative
// to the package root, globs containing * or ? expanded, `!glob` excludes,
// `+path`/`-path` force-include/exclude; without `pi.extensions` the package
// has no extensions, unless a settings object item without an `extensions`
// key names it, which falls back to extensions/); without a `pi` key the
// convention directory
// extensions/ is scanned as below; a directory with neither a `pi` key nor
// any of extensions/, skills/, prompts/, themes/ is itself the entry and is
// resolved the way pi's module loader (jiti) resolves a directory: after
// following symlinks, index.js, index.mjs, index.cjs, index.ts, index.tsx,
// index.mts, index.cts, index.mtsx, index.ctsx, then package.json `main`.
// So `-e dir` prefers dir/index.js over dir/index.ts, and loads nothing for
// a directory that has a prompts/ folder but no extensions/ folder (the
// subagent example), exactly as pi does. Manifest globs are expanded in the
// order of the glob package pi uses (a directory's matches in reverse name
// order, then its subdirectories).
//
// A settings `extensions` entry that names a file yields the file; a
// directory, and every auto-discovered directory, is scanned: if the
// directory itself has a package.json whose pi.extensions lists existing
// paths, or an index.ts, or an index.js, only those are used; otherwise each
// child is looked at once (no recursion): *.ts and *.js files, and
// subdirectories with package.json pi.extensions (literal paths that exist),
// else index.ts, else index.js. Names starting with "." and node_modules are
// skipped, and .gitignore, .ignore and .fdignore in the scanned directory
// are honoured (see below).
//
// # Settings entries and filters
//
// Settings paths resolve against the settings file's directory (<cwd>/.pi or
// the agent dir); a leading "~" expands to Options.Home. CLI values resolve
// against Options.Cwd without "~" expansion (pi leaves that to the shell).
// In a settings `extensions` array, entries starting with "!", "+" or "-" or
// containing "*" or "?" are patterns, the rest are paths. Patterns filter the
// files found under that array's paths: plain globs keep matches, "!glob"
// removes matches, "+path" adds back an exact path, "-path" removes an exact
// path (what `pi config` writes to disable something). A glob alone expands
// nothing. The "!", "+" and "-" patterns of a scope also filter that scope's
// auto-discovered files. Globs match the path relative to the settings
// directory, the base name, or the absolute path, with minimatch semantics
// (*, ?, [..], [!..], **, {a,b}; * and ** do not match names starting with
// "."); exact patterns match the relative path (a leading "./" is ignored)
// or the absolute path. A `packages` item is a source string or an object
// {source, extensions?}; an omitted `extensions` key means all of the
// package's extensions, [] means none, otherwise the array is a pattern list
// applied to the package's extensions relative to its root. Two package
// items with the same identity (resolved local path) are loaded once, the
// project one winning.
//
// # Ignore files
//
// The gitignore subset supported in scanned directories: blank lines and
// "#" comments, "\#" and "\!" escapes, "!" negation (the last matching rule
// wins), a leading "/" (ignored, since only direct children are checked), a
// trailing "/" (directories only), and the wildcards *, ?, [..] and **.
// Matching is case-insensitive, like the `ignore` package pi uses. Leading
// "**/" is dropped; any other pattern with a "/" before its last character
// matches nothing, since only the top level is scanned.
//
// # Problems
//
// Problems never stop discovery. pi reports a missing CLI path as
// "Extension path does not exist: <abs path>" and settings it cannot parse
// as warnings; Discover does the same. Settings npm and git packages load
// from where pi 1.6 and `pigo install` put them (<agentDir>/npm/node_modules,
// <cwd>/.pi/npm/node_modules, .../git/<host>/<path>); one that is not
// installed, or whose installed version is outside its configured range,
// is reported (pi would install it at start-up). -e npm:/git: values
// load from pi's cache of temporary packages (the agent dir's
// extensions folder for temporary packages, see pkgmgr.Temporary), where the agent modes install them before
// discovery; one that is not there is reported. Unlike pi,
// which skips them silently, Discover also reports declared or
// configured paths that do not exist, malformed manifest or settings
// values, and directories without an entry file (pi's load error). With
// NoExtensions the settings files are not read at all.
//
// # Deviation
//
// When a directory entry and its resolved entry file both appear, pi loads
// the module twice; Discover keeps the first. Conformance with pi is tested
// by handing every test tree, and random ones, to pi's own code
// (testdata/pi_oracle.mjs) when node and the pi npm package are installed.
package discover
