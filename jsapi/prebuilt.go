package jsapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi/bundler"
)

// Prebuilt extensions: `pigo build` bundles extensions ahead of time with
// Bundle and the executable it writes loads them with BundlePlugin, so
// the extension's source tree is not needed (nor read) at run time.

// Bundle bundles the extension at path (a file, or a directory with
// index.ts/index.js/package.json) as Plugin would load it: same host
// externals, same lowering. Bundle problems are *bundler.Error (file:line
// of every problem).
func (e *Env) Bundle(ctx context.Context, path string) (*bundler.Bundle, error) {
	entry, err := ResolveEntry(path)
	if err != nil {
		return nil, err
	}
	return e.bundler.Bundle(ctx, entry)
}

// BundlePlugin returns the manifest entry of an extension given as a
// bundle made by Bundle (possibly in another process: only Entry, Code,
// SourceMap, Async and Hash are used). Entry is its __filename and what
// its errors name; nothing is read from disk. It cannot be reloaded.
func (e *Env) BundlePlugin(id string, b *bundler.Bundle, config map[string]any) engine.PluginSpec {
	pb := &bundler.Bundle{Entry: b.Entry, Code: b.Code, SourceMap: b.SourceMap, Async: b.Async, Hash: b.Hash}
	if pb.Hash == "" {
		sum := sha256.Sum256([]byte(pb.SourceMap + "\x00" + pb.Code))
		pb.Hash = hex.EncodeToString(sum[:])
	}
	return engine.PluginSpec{ID: id, Source: b.Entry, Config: config, Loader: &bundleLoader{env: e, b: pb}}
}

// bundleLoader loads generations of a prebuilt bundle.
type bundleLoader struct {
	env *Env
	b   *bundler.Bundle
}

// Load compiles the bundle (shared per content hash), runs it in a fresh
// runtime and awaits its factory.
func (l *bundleLoader) Load(ctx context.Context, eg *engine.Generation) error {
	rt := l.env.startJSGen(eg)
	noteGaps(eg, l.b)
	prog, err := l.env.program(l.b)
	if err != nil {
		rt.discard()
		return compileError(eg.PluginID(), err)
	}
	return l.env.runBundle(ctx, eg, rt, prog, l.b)
}
