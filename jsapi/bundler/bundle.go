package bundler

import (
	"context"

	"fmt"
	"github.com/Masterminds/semver/v3"
	"path/filepath"
	"strings"
	"sync/atomic"
)

// Options configures a Bundler. The zero value is usable: no disk cache, a
// 64 MiB memory cache, source maps on, and only Node built-ins external.
type Options struct {
	// CacheDir holds the disk cache; "" disables it. It is created on
	// first write.
	CacheDir string

	// External lists host-served module specifiers that stay runtime
	// require() calls instead of being bundled, as esbuild patterns:
	// "typebox" (and its subpaths "typebox/compile"), "@mariozechner/*".
	// Node built-ins ("fs", "fs/promises", ...) and "node:*" are always
	// external in addition.
	External []string

	// Virtual maps a specifier to TypeScript/JavaScript source that is
	// bundled in place of a file, e.g. a typing-only helper module. Virtual
	// wins over External. Relative imports inside it resolve from the
	// entry's directory.
	Virtual map[string]string

	// MemoryLimit bounds the in-memory cache, in bytes of Code and
	// SourceMap; 0 means DefaultMemoryLimit and a negative value disables
	// the memory cache.
	MemoryLimit int64

	// NoSourceMap skips source map generation (Bundle.SourceMap is "").
	NoSourceMap bool

	// OwnCopies maps an External package name to the version the host
	// serves for it. A file of a package under node_modules whose
	// package.json (dependencies or peerDependencies) asks for a range of
	// that package the served version does not satisfy gets the copy
	// installed for it bundled instead (a dependency built on
	// @sinclair/typebox 0.34 gets 0.34). The extension's own files always
	// get the host's module, as does a package whose range fits or that
	// has no copy installed.
	OwnCopies map[string]string
}

// DefaultMemoryLimit is the memory cache bound when Options.MemoryLimit is 0.
const DefaultMemoryLimit = 64 << 20

// Bundler turns extension entry files into Bundles, caching the results.
// It is safe for concurrent use.
type Bundler struct {
	matcher     *externalMatcher
	virtual     map[string]string
	ownCopies   map[string]*semver.Version
	noSourceMap bool
	fingerprint string // options + versions; part of every Hash and disk key
	mem         *memCache
	disk        diskCache

	builds, memHits, diskHits, diskErrors atomic.Int64
}

// New returns a Bundler with opts. It does no I/O.
func New(opts Options) *Bundler {
	limit := opts.MemoryLimit
	if limit == 0 {
		limit = DefaultMemoryLimit
	}
	virtual := make(map[string]string, len(opts.Virtual))
	for k, v := range opts.Virtual {
		virtual[k] = v
	}
	fp := fingerprint(opts)
	return &Bundler{
		matcher:     newExternalMatcher(opts.External),
		virtual:     virtual,
		ownCopies:   parseOwnCopies(opts.OwnCopies),
		noSourceMap: opts.NoSourceMap,
		fingerprint: fp,
		mem:         newMemCache(limit),
		disk:        diskCache{dir: opts.CacheDir, fingerprint: fp},
	}
}

// The Code contract. Code is the body of a CommonJS module function. The
// caller evaluates
//
//	WrapperPrefix + Code + WrapperSuffix
//
// (or AsyncWrapperPrefix when Bundle.Async), which yields a function, and
// calls it with this = exports and the arguments (exports, require, module,
// __filename, __dirname), where module is an object whose "exports" property
// is exports, __filename is Bundle.Entry and __dirname its directory. require
// is called with the specifiers the Bundler kept external, plus any computed
// at run time (require(x), import(x)) or left unresolved by esbuild inside a
// try block; it should throw an Error for unknown ones, like Node's require.
// A dynamic import() calls require inside a promise, so that throw becomes a
// catchable rejection.
//
// When the function returns (or, for Async bundles, when its Promise
// fulfills) module.exports holds the entry's exports: for an ES module an
// object with __esModule: true, "default" and the named exports; for a
// CommonJS entry whatever it assigned to module.exports. A rejected Promise
// (or a throw) is the entry's top-level error.
//
// Prefixes end without a newline, so line N of Code is line N of the script
// and only the first line's columns move; Script accounts for that in the
// inline source map.
const (
	WrapperPrefix      = "(function (exports, require, module, __filename, __dirname) {"
	AsyncWrapperPrefix = "(async function (exports, require, module, __filename, __dirname) {"
	WrapperSuffix      = "\n})"
)

// Bundle is one entry bundled into a single CommonJS module body. A Bundle
// is shared with the cache: treat it as read-only.
type Bundle struct {
	Entry     string    // absolute path of the entry file
	Code      string    // a CommonJS module body; see WrapperPrefix for the contract
	Hash      string    // hex SHA-256 of every input's path and content, the options and the bundler/esbuild versions
	Inputs    []string  // absolute paths of every file the bundle depends on, sorted: modules plus package.json/tsconfig.json files around them
	Async     bool      // the entry uses top-level await: wrap with AsyncWrapperPrefix and await the returned Promise
	SourceMap string    // v3 source map (JSON) from Code to the original files, with sourcesContent; "" with Options.NoSourceMap
	Warnings  []Message // esbuild's warnings; they did not stop the bundle
	FromCache bool      // served from the memory or disk cache without running esbuild
}

// Script returns the bundle as a complete function expression per the Code
// contract (WrapperPrefix or AsyncWrapperPrefix, Code, WrapperSuffix), with
// the source map inlined as a sourceMappingURL comment on the line before
// the closing "})", where goja's parser looks for it.
func (b *Bundle) Script() string {
	prefix := WrapperPrefix
	if b.Async {
		prefix = AsyncWrapperPrefix
	}
	var sb strings.Builder
	sb.Grow(len(prefix) + len(b.Code) + len(b.SourceMap)*4/3 + 128)
	sb.WriteString(prefix)
	sb.WriteString(b.Code)
	if b.SourceMap != "" {
		if !strings.HasSuffix(b.Code, "\n") {
			sb.WriteByte('\n')
		}
		sb.WriteString(inlineSourceMap(b.SourceMap, len(prefix)))
	}
	sb.WriteString(WrapperSuffix)
	return sb.String()
}

// RuntimeSourceMapURL is the sourceMappingURL RuntimeScript ends with. It
// names no file, and an absolute URL reaches goja's loader as is, whatever
// the script's file name.
const RuntimeSourceMapURL = "pigo:sourcemap"

// RuntimeScript is Script for a runtime that loads the source map apart
// from the text (goja's parser.WithSourceMapLoader): the script's
// sourceMappingURL comment names RuntimeSourceMapURL instead of inlining
// the map, and sourceMap (nil without one) makes the mappings without
// sourcesContent. A compiled program keeps its source text as long as it
// lives, and an inlined map (base64 of every original file) would stay with
// it; goja reads only the mappings, and only when it first reports a
// position (pigo's goja loads the map then), so the map is made then too.
func (b *Bundle) RuntimeScript() (script string, sourceMap func() []byte) {
	prefix := WrapperPrefix
	if b.Async {
		prefix = AsyncWrapperPrefix
	}
	var sb strings.Builder
	sb.Grow(len(prefix) + len(b.Code) + 64)
	sb.WriteString(prefix)
	sb.WriteString(b.Code)
	if m := b.SourceMap; m != "" {
		if !strings.HasSuffix(b.Code, "\n") {
			sb.WriteByte('\n')
		}
		sb.WriteString("//# sourceMappingURL=" + RuntimeSourceMapURL)
		// A copy: b.SourceMap can share its memory with b.Code (a disk
		// cache record), which the script has copied already.
		m, shift := strings.Clone(m), len(prefix)
		sourceMap = func() []byte { return []byte(shiftMap(withoutSourcesContent(m), shift)) }
	}
	sb.WriteString(WrapperSuffix)
	return sb.String(), sourceMap
}

// Bundle bundles the entry file (TypeScript or JavaScript, ES module or
// CommonJS) with everything it imports, except external modules, into one
// Bundle. A relative entry is resolved against the working directory.
//
// An unchanged entry is served from the memory cache, then the disk cache,
// without running esbuild (FromCache is true). Bundle problems (syntax and
// type-stripping errors, imports that do not resolve, a missing entry) are
// returned as *Error; a done ctx stops esbuild and returns ctx's cause.
func (b *Bundler) Bundle(ctx context.Context, entry string) (*Bundle, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("bundle %s: %w", entry, context.Cause(ctx))
	}
	abs, err := filepath.Abs(entry)
	if err != nil {
		return nil, fmt.Errorf("bundle %s: %w", entry, err)
	}
	if rec, ok := b.cached(abs); ok {
		return rec.bundle(true), nil
	}
	rec, err := b.build(ctx, abs)
	if err != nil {
		return nil, err
	}
	b.mem.put(abs, rec)
	b.storeDisk(rec)
	return rec.bundle(false), nil
}

// cached returns a still-valid record for entry from memory or disk.
func (b *Bundler) cached(entry string) (*cacheRecord, bool) {
	if rec, ok := b.mem.get(entry); ok {
		fresh, valid, refreshed := validateStamps(rec.Stamps)
		if valid {
			if refreshed {
				next := *rec
				next.Stamps = fresh
				rec = &next
				b.mem.put(entry, rec)
			}
			b.memHits.Add(1)
			return rec, true
		}
		b.mem.remove(entry)
	}
	if rec, ok := b.disk.load(entry); ok {
		fresh, valid, refreshed := validateStamps(rec.Stamps)
		if valid {
			rec.Stamps = fresh
			if refreshed {
				// Keep the next process's validation down to stats.
				b.storeDisk(rec)
			}
			// Not kept in memory: once its program is compiled nothing
			// needs the text, and reading the record again (a reload of an
			// unchanged extension) costs one small file.
			b.diskHits.Add(1)
			return rec, true
		}
	}
	return nil, false
}

// storeDisk writes rec to the disk cache. The cache is an optimisation, so
// a failed write only counts in Stats.
func (b *Bundler) storeDisk(rec *cacheRecord) {
	if err := b.disk.store(rec); err != nil {
		b.diskErrors.Add(1)
	}
}

// Stats counts what a Bundler did since New.
type Stats struct {
	Builds          int64 // esbuild runs (an entry with top-level await takes two)
	MemoryHits      int64 // Bundle calls served from memory
	DiskHits        int64 // Bundle calls served from the disk cache
	DiskWriteErrors int64 // failed disk cache writes (the bundle was still returned)
}

// Stats returns the counters; safe for concurrent use.
func (b *Bundler) Stats() Stats {
	return Stats{
		Builds:          b.builds.Load(),
		MemoryHits:      b.memHits.Load(),
		DiskHits:        b.diskHits.Load(),
		DiskWriteErrors: b.diskErrors.Load(),
	}
}
