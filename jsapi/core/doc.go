// Package core holds the Go core capabilities pigo serves to every plugin
// as the host module "pigo:core" (hot paths that need Go speed are core
// capabilities exposed to all): the tree walk with rg/fd's ignore
// rules, grep and find on top of it, and the process-wide file mutation
// lock. pi's built-in tools (compat modules/_tools-search.ts and
// _tools-util.ts) use it when ripgrep or fd is missing and for
// withFileMutationQueue; extensions may import it too.
//
// The walk, grep and find reproduce what pi's grep and find tools print
// with rg and fd (checked against real pi by jsapi/compat's tools tests):
//
//   - ignore files: .gitignore (grep: only inside a git repository, like
//     rg; find: everywhere, like fd --no-require-git), .ignore, and the
//     tool's own .rgignore / .fdignore, with rg's precedence (tool file,
//     then .ignore, then .gitignore, then .git/info/exclude; the deepest
//     directory first within each), including the files of the root's
//     ancestors;
//   - hidden files are included and .git is walked (rg/fd --hidden);
//     symlinks are listed, never followed; grep skips files holding a NUL
//     byte and anything but regular files;
//   - entries are visited in sorted order (JavaScript string order), so
//     results are deterministic where rg's and fd's parallel walks are not;
//   - grep patterns are Rust regex syntax, compiled with Go's regexp (RE2,
//     the same family); invalid ones fail with rg's wording (PatternError).
//
// Everything here except module.go is JS-agnostic: a Go program can call
// Walk, Grep, Find and FileLocks directly. The package imports neither
// engine nor jsapi.
package core
