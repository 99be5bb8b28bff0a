// Package pathrules holds the path rules of pi 0.73.1's package manager
// (@mariozechner/pi-coding-agent core/package-manager.js) that both
// resource resolution (engine/resources: skills and prompt templates) and
// extension discovery (jsapi/discover) follow, so that the two apply them
// identically. It belongs to the engine layer (never goja, esbuild or
// jsapi).
//
//   - Settings patterns: in a settings array, entries starting with "!",
//     "+" or "-" or containing "*" or "?" are patterns, the rest are paths
//     (IsPattern, IsOverride, HasGlob, Overrides). Apply filters files
//     with them as pi's applyPatterns does; EnabledByOverrides is pi's
//     filter of auto-discovered files.
//   - Globs: Match is minimatch with its default options; Glob expands a
//     package.json glob against a directory in the order of the glob
//     package pi calls.
//   - Paths: RelSlash (Node's path.relative with "/"), Canonical (pi's
//     canonicalizePath) and IsLocalSource (pi's isLocalPath).
//   - Ignore files: Ignore is the `ignore` package as pi's addIgnoreRules
//     feeds it (.gitignore, .ignore, .fdignore).
//
// It only reads the file system (Glob, Canonical, Ignore.AddDir), and
// imports the standard library and engine/jsjson only.
package pathrules
