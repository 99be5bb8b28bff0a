// Package pkgmgr installs, removes, updates and lists pi packages the way
// pi 1.6's `pi install/remove/update/list` do, in the same places and
// settings entries, so pi and pigo share installs:
//
//   - sources: "npm:name[@range|@tag]", git ("git:host/path[@ref]",
//     https://, http://, ssh://, git:// URLs, git@host:path), and local
//     paths (recorded in settings, never copied);
//   - scopes: global (<agentDir>/settings.json, npm packages under
//     <agentDir>/npm/node_modules, git clones under <agentDir>/git/<host>/<path>),
//     project (-l: <cwd>/.pi/settings.json, <cwd>/.pi/npm, <cwd>/.pi/git)
//     and temporary (-e npm:/git: values: pi's cache under
//     the agent dir's tmp/extensions folder, no settings).
//
// [Manager.Ensure] is what pi does with a source at start-up: install it
// when missing, refresh a cached temporary one.
//
// npm is native: registry metadata (the registry from npm_config_registry,
// the install root's .npmrc or the user's ~/.npmrc, scoped registries and
// _authToken included; default https://registry.npmjs.org), range
// resolution with Masterminds/semver plus npm's prerelease rule (dist-tags
// too), tarball download verified against dist.integrity (sha512, else the
// sha1 shasum), extraction that refuses entries leaving the package and
// skips links (as npm does), and the package's production dependencies:
// `dependencies`, npm aliases ("npm:real@range") included; peers are left
// to the host, as pi's --legacy-peer-deps does; git, URL and file specs are
// refused. They are laid out as npm would: hoisted to the install root's
// node_modules unless another version is already visible there; then
// that copy is replaced when everything using it takes the new version,
// else the new one is nested at the shallowest level nothing objects to
// (npm's placeDep); a package whose dependency an install replaces out
// of its range gets its own copy. Bundled dependencies (bundleDependencies)
// stay as the package's tarball brings them. Git goes through
// the git binary; a clone's own dependencies are installed natively too.
//
// Every operation stages its work and changes settings only after the
// packages are in place, so a failure (unknown package, bad range, bad
// integrity, registry down, malformed package.json or tarball) leaves both
// the settings and the installed packages as they were.
//
// optionalDependencies install when they can, as npm does: one whose os
// or cpu excludes this machine (Node's platform and arch names, "!"
// negations), that the registry lacks, or whose own dependencies fail is
// left out with what it would have brought; a required package for
// another platform is an error. Install scripts are never run (pi's npm
// runs preinstall, install and postinstall, and node-gyp for a
// binding.gyp): pigo does not run package code at install, so it reports
// the ones it skipped through [Manager.Warn].
//
// A git clone's own npm-shrinkwrap.json or package-lock.json (v2/v3) is
// followed as npm install follows it there (see lockfile.go), and so is
// the npm-shrinkwrap.json a published package ships when its registry
// metadata says so (_hasShrinkwrap): its entries, dev ones included, go
// below that package at the versions recorded, as npm puts them.
//
// An install root's package-lock.json is written as npm 11 writes it
// there (lockfileVersion 3, byte for byte), so npm, when pi runs it
// there, keeps the tree; one npm wrote is honoured: what it records and
// node_modules lacks comes back at the recorded version, except the
// packages an install names, which npm resolves again too (rootlock.go).
//
// A user npm package missing from <agentDir>/npm is looked for where a
// pre-1.x pi's `npm install -g` put it, npm's global root (`npm root -g`,
// run only then and cached), as pi 1.6 does (legacy.go).
//
// Project trust is the commands' (cmd/pigo): a Manager only knows
// whether the project's packages count (ProjectUntrusted).
//
// Not done: pi's npmCommand
// setting (pigo's npm lookups run "npm"), the lockfile npm writes in a
// git clone, "dev" flags for an install root's own devDependencies, and
// full lockfile entries for packages an older pigo installed without one
// (they are described from their package.json).
package pkgmgr
