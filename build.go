package pigo

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/pigo-dev/pigo/bundled"
	"github.com/pigo-dev/pigo/bundled/payload"
	"github.com/pigo-dev/pigo/jsapi"
	"github.com/pigo-dev/pigo/jsapi/bundler"
	"github.com/pigo-dev/pigo/jsapi/discover"
)

// Standalone executables (`pigo build`): a pigo binary with an app
// appended (package payload). Every pigo binary checks its own file at
// start; the app it finds is Options.Embedded of every command, so the
// executable behaves as pigo with those plugins first in its manifest.

// BuildOptions say what Build embeds and where it writes.
type BuildOptions struct {
	// Manifest is the app to embed (--app); nil embeds only Extensions.
	// Its bundled ids stay references to the runtime's own bundled
	// plugins; its path entries are bundled.
	Manifest *Manifest
	// Extensions are extension paths (-e), relative to Cwd, embedded after
	// the manifest's plugins.
	Extensions []string
	Cwd        string
	// CacheDir is the bundle cache ("" disables it).
	CacheDir string
	// Output is the executable to write. It is written to a temporary file
	// next to it and renamed, so a failed build leaves no output.
	Output string
	// Runtime is the pigo binary the output starts from; "" is the running
	// executable. A payload it already carries is kept, ahead of the new
	// plugins (the runtime behaves with those plugins first; so does what
	// it builds); an extension file it already carries is not bundled
	// again.
	Runtime string
}

// BuildResult describes a written executable.
type BuildResult struct {
	Output      string
	RuntimeSize int64 // bytes of the runtime binary (without any payload)
	Size        int64 // bytes of the output
	App         *payload.App
	Warnings    []bundler.Message // esbuild's warnings; they did not stop the build
}

// Build bundles the app opts names and writes it, appended to a copy of
// the runtime, as a standalone executable. Errors name what failed: a
// *ManifestError, a missing extension path, a bundle error (file:line of
// each problem), or the output path.
func Build(ctx context.Context, opts BuildOptions) (*BuildResult, error) {
	if opts.Output == "" {
		return nil, errors.New("no output file (-o OUT)")
	}
	cwd := opts.Cwd
	if cwd == "" {
		var err error
		if cwd, err = os.Getwd(); err != nil {
			return nil, err
		}
	}
	runtimePath := opts.Runtime
	if runtimePath == "" {
		var err error
		if runtimePath, err = os.Executable(); err != nil {
			return nil, fmt.Errorf("find the running pigo binary: %w", err)
		}
	}
	carried, runtimeSize, err := payload.Read(runtimePath)
	if err != nil {
		return nil, err
	}

	type entry struct {
		ref, path string // path "" for a bundled id
		id        string
		config    map[string]any
	}
	var entries []entry
	files := map[string]bool{} // entry files already in the app: one file, one plugin, the first wins
	if carried != nil {
		for _, p := range carried.Plugins {
			if p.Bundle != nil {
				files[p.Bundle.Entry] = true
			}
		}
	}
	if m := opts.Manifest; m != nil {
		resolved, err := m.resolve()
		if err != nil {
			return nil, err
		}
		for i, p := range resolved {
			if p.path != "" {
				if files[p.path] {
					continue
				}
				files[p.path] = true
			}
			entries = append(entries, entry{ref: m.Plugins[i].Ref, path: p.path, id: p.id, config: p.config})
		}
	}
	// -e paths resolve as at run time (discover): a file, or a directory's
	// package.json pi.extensions (several entries), main or index.ts.
	exts, problems := discover.Discover(discover.Options{Cwd: cwd, Extensions: opts.Extensions, NoExtensions: true})
	if len(problems) > 0 {
		var msgs []string
		for _, p := range problems {
			msgs = append(msgs, fmt.Sprintf("-e %s: %s", p.Source, p.Message))
		}
		return nil, errors.New(strings.Join(msgs, "\n"))
	}
	for _, e := range exts {
		if files[e.Path] {
			continue // already in the app: one file, one plugin
		}
		files[e.Path] = true
		entries = append(entries, entry{ref: e.Source, path: e.Path, id: e.ID})
	}

	app := &payload.App{}
	taken := map[string]bool{}
	if carried != nil {
		app.ID = carried.ID
		app.Plugins = append(app.Plugins, carried.Plugins...)
		for _, p := range carried.Plugins {
			taken[p.ID] = true
		}
	}
	if opts.Manifest != nil && opts.Manifest.ID != "" {
		app.ID = opts.Manifest.ID
	}
	res := &BuildResult{Output: opts.Output, RuntimeSize: runtimeSize, App: app}
	env := jsapi.New(jsapi.Options{CacheDir: opts.CacheDir, Builtins: bundled.Sources()})
	for _, e := range entries {
		if e.path == "" {
			if taken[e.id] {
				continue // the runtime's embedded app has it already, first
			}
			taken[e.id] = true
			app.Plugins = append(app.Plugins, payload.Plugin{Ref: e.ref, ID: e.id, Config: e.config})
			continue
		}
		b, err := env.Bundle(ctx, e.path)
		if err != nil {
			return nil, err
		}
		res.Warnings = append(res.Warnings, b.Warnings...)
		id := e.id
		for n := 2; taken[id]; n++ {
			id = fmt.Sprintf("%s-%d", e.id, n)
		}
		taken[id] = true
		pb := &payload.Bundle{Entry: b.Entry, Code: b.Code, SourceMap: b.SourceMap, Async: b.Async, Hash: b.Hash}
		var assets *payload.Assets
		if root := assetRoot(b.Entry); root != "" {
			a, err := collectAssets(root)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", e.ref, err)
			}
			if code, ok := relocate(pb.Code, root, a.Token); ok {
				pb.Code, pb.Hash, assets = code, pb.Hash+"+"+a.Token, a
				if carriedAssets(app, a.Hash) != nil {
					// another entry of the same package carries them
					assets = &payload.Assets{Token: a.Token, Hash: a.Hash}
				}
			}
		}
		app.Plugins = append(app.Plugins, payload.Plugin{Ref: e.ref, ID: id, Config: e.config, Bundle: pb, Assets: assets})
	}
	if len(app.Plugins) == 0 {
		return nil, errors.New("nothing to embed: give extensions with -e PATH or an app with --app FILE")
	}
	if res.Size, err = writeExecutable(opts.Output, runtimePath, runtimeSize, app); err != nil {
		return nil, err
	}
	return res, nil
}

// writeExecutable writes runtime's first runtimeSize bytes, app and the
// trailer to out through a temporary file in out's directory, so out is
// either the whole executable or untouched.
func writeExecutable(out, runtimePath string, runtimeSize int64, app *payload.App) (int64, error) {
	rt, err := os.Open(runtimePath)
	if err != nil {
		return 0, fmt.Errorf("read the runtime binary: %w", err)
	}
	defer rt.Close()
	tmp, err := os.CreateTemp(filepath.Dir(out), ".pigo-build-*")
	if err != nil {
		return 0, fmt.Errorf("write %s: %w", out, errors.Unwrap(err))
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing to remove
	err = payload.Write(tmp, rt, runtimeSize, app)
	if err == nil {
		err = tmp.Chmod(0o755)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, fmt.Errorf("write %s: %w", out, err)
	}
	st, err := os.Stat(tmp.Name())
	if err != nil {
		return 0, err
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return 0, fmt.Errorf("write %s: %w", out, errors.Unwrap(err))
	}
	return st.Size(), nil
}

var self struct {
	once sync.Once
	app  *payload.App
	err  error
}

// Embedded returns the app appended to the running executable (nil for a
// plain pigo binary). It reads only the file's trailer unless there is a
// payload, and only once per process. A payload that cannot be used is a
// *payload.Error naming the executable.
func Embedded() (*payload.App, error) {
	self.once.Do(func() {
		exe, err := os.Executable()
		if err != nil {
			// Without its own path a binary cannot have an app; a plain
			// pigo must keep working.
			return
		}
		app, _, err := payload.Read(exe)
		var pe *payload.Error
		if err != nil && !errors.As(err, &pe) {
			// Unreadable (an execute-only install): no app can be read,
			// and a plain pigo must keep working.
			return
		}
		self.app, self.err = app, err
	})
	return self.app, self.err
}
