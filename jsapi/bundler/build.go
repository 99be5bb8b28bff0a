package bundler

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// Top-level await. esbuild refuses top-level await in CommonJS output, and
// goja scripts cannot contain it either, so an entry that uses it is built
// a second way (the first CommonJS attempt fails with exactly that error,
// which keeps the common case to one esbuild run):
//
//   - format ESM, so esbuild accepts top-level await anywhere in the graph,
//     including modules reached through a lowered dynamic import();
//   - the entry point is a synthetic module that imports the real entry as
//     a namespace and passes it to __pigo_done, so the output has no export
//     statement;
//   - externals resolve to CommonJS shim modules whose require() esbuild
//     leaves as a call, so the output has no import statement either.
//
// What remains is a plain script body whose only ES-module feature is
// top-level await, which is legal inside an async function. Code then ends
// with the __pigo_done declaration (hoisted, and after the last mapped line
// so the source map is untouched), which sets module.exports.
const doneFunc = "function " + doneIdent + "(ns) {\n" +
	"  if (!Object.prototype.hasOwnProperty.call(ns, \"__esModule\")) Object.defineProperty(ns, \"__esModule\", { value: true });\n" +
	"  module.exports = ns;\n" +
	"}\n"

// tlaCJSError starts the error esbuild gives for top-level await in
// CommonJS output; it triggers the ESM build.
const tlaCJSError = "Top-level await is currently not supported with the "

// build runs esbuild for entry and turns the result into a cache record.
func (b *Bundler) build(ctx context.Context, entry string) (*cacheRecord, error) {
	if err := readable(entry); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &Error{Entry: entry, Messages: []Message{{File: entry, Text: "cannot read entry: " + err.Error()}}}
	}
	dir := filepath.Dir(entry)
	async := false
	s, res, err := b.run(ctx, entry, false)
	if err == nil && onlyTopLevelAwait(res.Errors) {
		async = true
		s, res, err = b.run(ctx, entry, true)
	}
	if err != nil {
		return nil, err
	}
	if len(res.Errors) > 0 {
		// Top-level await is supported (by the ESM build); esbuild's
		// complaint about it would only mislead next to the real errors.
		errs := slices.DeleteFunc(res.Errors, isTopLevelAwaitError)
		return nil, &Error{Entry: entry, Messages: convertMessages(entry, dir, errs)}
	}

	var code string
	var rawMap []byte
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".map") {
			rawMap = f.Contents
		} else {
			code = string(f.Contents)
		}
	}
	prefix := WrapperPrefix
	if async {
		prefix = AsyncWrapperPrefix
	}
	esbuildCode := code
	code, loops := fastForOf(code, prefix)
	forOfCode := code
	code, marks := markAsyncGenerators(code, prefix)
	if async {
		if err := checkScriptOnly(res.Metafile); err != nil {
			return nil, fmt.Errorf("bundle %s: %w", entry, err)
		}
		code += doneFunc
	}
	rec := &cacheRecord{
		Format:      recordFormat,
		Fingerprint: b.fingerprint,
		Entry:       entry,
		Code:        code,
		Async:       async,
		Warnings:    convertMessages(entry, dir, res.Warnings),
	}
	if rawMap != nil {
		sm, err := fixSourceMap(rawMap, dir, s.originals, func(m string) string {
			return shiftMappings(shiftMappings(m, esbuildCode, loops), forOfCode, marks)
		})
		if err != nil {
			return nil, fmt.Errorf("bundle %s: %w", entry, err)
		}
		rec.SourceMap = sm
	}
	rec.Stamps = sortStamps(append(s.stamps, configStamps(s.stamps)...))
	rec.Hash = bundleHash(b.fingerprint, entry, rec.Stamps)
	return rec, nil
}

// run is one esbuild invocation; esm selects the top-level-await build. A
// done ctx cancels esbuild.
func (b *Bundler) run(ctx context.Context, entry string, esm bool) (*buildState, api.BuildResult, error) {
	s := newBuildState(entry, esm, b.matcher, b.virtual)
	s.ownCopies = b.ownCopies
	dir := filepath.Dir(entry)
	opts := api.BuildOptions{
		EntryPoints:   []string{entry},
		Bundle:        true,
		Write:         false,
		Format:        api.FormatCommonJS,
		Platform:      api.PlatformNode,
		Target:        target,
		Supported:     supportedFeatures(),
		Outfile:       entry + ".pigo.js", // never written; sets where source map paths are relative to
		AbsWorkingDir: dir,
		AbsPaths:      api.LogAbsPath,
		Define:        map[string]string{"import.meta": metaIdent},
		// Loaders are chosen by the plugin (loaderFor), which loads every file.
		ResolveExtensions: []string{".tsx", ".ts", ".mts", ".cts", ".jsx", ".js", ".mjs", ".cjs", ".json"},
		Charset:           api.CharsetUTF8,
		// Scope hoisting renames a function or class whose name another
		// module also uses (AuthenticationError2); in Node each module keeps
		// its own, and libraries compare e.constructor.name.
		KeepNames: true,
		LogLevel:  api.LogLevelSilent,
		Plugins:   []api.Plugin{s.plugin()},
	}
	if !b.noSourceMap {
		opts.Sourcemap = api.SourceMapExternal
		opts.SourcesContent = api.SourcesContentInclude
	}
	if esm {
		opts.EntryPoints = []string{entrySpecifier}
		opts.Format = api.FormatESModule
		opts.Metafile = true
	}

	b.builds.Add(1)
	bc, cerr := api.Context(opts)
	if cerr != nil {
		return nil, api.BuildResult{}, &Error{Entry: entry, Messages: convertMessages(entry, dir, cerr.Errors)}
	}
	cancelled := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		defer close(cancelled)
		bc.Cancel()
	})
	res := bc.Rebuild()
	if !stop() {
		<-cancelled
	}
	bc.Dispose()
	if err := ctx.Err(); err != nil {
		return nil, res, fmt.Errorf("bundle %s: %w", entry, context.Cause(ctx))
	}
	return s, res, nil
}

// onlyTopLevelAwait reports whether a CommonJS build failed for nothing but
// top-level await.
func onlyTopLevelAwait(msgs []api.Message) bool {
	for _, m := range msgs {
		if !isTopLevelAwaitError(m) {
			return false
		}
	}
	return len(msgs) > 0
}

func isTopLevelAwaitError(m api.Message) bool {
	return strings.HasPrefix(m.Text, tlaCJSError)
}

// readable reports whether path is an existing regular file, for a clearer
// error than esbuild's "Could not resolve".
func readable(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return errors.New("not a regular file")
	}
	return nil
}

// checkScriptOnly guards the ESM build's promise: no import or export
// statement survived into the output (goja could not parse it).
func checkScriptOnly(metafile string) error {
	var meta struct {
		Outputs map[string]struct {
			Imports []struct {
				Path string `json:"path"`
				Kind string `json:"kind"`
			} `json:"imports"`
			Exports []string `json:"exports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &meta); err != nil {
		return fmt.Errorf("decode metafile: %w", err)
	}
	for _, out := range meta.Outputs {
		if len(out.Exports) > 0 {
			return fmt.Errorf("top-level await build kept exports %v", out.Exports)
		}
		for _, imp := range out.Imports {
			if imp.Kind == "import-statement" {
				return fmt.Errorf("top-level await build kept an import of %q", imp.Path)
			}
		}
	}
	return nil
}

// bundleHash is Bundle.Hash: the options fingerprint, the entry, and every
// input's path and content hash, in path order.
func bundleHash(fingerprint, entry string, stamps []fileStamp) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", fingerprint, entry)
	for _, s := range stamps {
		fmt.Fprintf(h, "%s\x00%s\n", s.Path, s.Sum)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// fingerprint identifies everything besides the input files that shapes a
// bundle: the record format, the esbuild version, the goja target overrides
// and the options.
func fingerprint(opts Options) string {
	h := sha256.New()
	fmt.Fprintf(h, "pigo-bundler format=%d esbuild=%s\n", recordFormat, esbuildVersion())
	features := supportedFeatures()
	names := make([]string, 0, len(features))
	for k := range features {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Fprintf(h, "supported %s=%t\n", k, features[k])
	}
	external := append([]string(nil), opts.External...)
	sort.Strings(external)
	for _, e := range external {
		fmt.Fprintf(h, "external %q\n", e)
	}
	owned := make([]string, 0, len(opts.OwnCopies))
	for k, v := range opts.OwnCopies {
		owned = append(owned, k+"@"+v)
	}
	sort.Strings(owned)
	for _, o := range owned {
		fmt.Fprintf(h, "own copy unless %q\n", o)
	}
	virtual := make([]string, 0, len(opts.Virtual))
	for k := range opts.Virtual {
		virtual = append(virtual, k)
	}
	sort.Strings(virtual)
	for _, k := range virtual {
		fmt.Fprintf(h, "virtual %q %s\n", k, sum([]byte(opts.Virtual[k])))
	}
	fmt.Fprintf(h, "sourcemap=%t\n", !opts.NoSourceMap)
	return hex.EncodeToString(h.Sum(nil))
}

// esbuildVersion is the linked esbuild module version, so upgrading esbuild
// invalidates disk caches.
func esbuildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, dep := range info.Deps {
		if dep.Path == "github.com/evanw/esbuild" {
			if dep.Replace != nil {
				return dep.Replace.Path + "@" + dep.Replace.Version
			}
			return dep.Version
		}
	}
	return "unknown"
}
