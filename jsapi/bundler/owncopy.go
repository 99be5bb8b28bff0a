package bundler

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/Masterminds/semver/v3"
	"github.com/evanw/esbuild/pkg/api"
)

// parseOwnCopies parses Options.OwnCopies' versions; one that does not
// parse is left out (its package is always the host's).
func parseOwnCopies(m map[string]string) map[string]*semver.Version {
	out := make(map[string]*semver.Version, len(m))
	for name, v := range m {
		if sv, err := semver.NewVersion(v); err == nil {
			out[name] = sv
		}
	}
	return out
}

// packageName is the package a bare specifier names: "@scope/name" or
// "name", without a subpath.
func packageName(spec string) string {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") && len(parts) >= 2 {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

// ownCopy resolves an import of an Options.OwnCopies package from a file
// under node_modules to the copy installed for it, when its package asks
// for a range the host's version does not satisfy (see Options.OwnCopies).
func (s *buildState) ownCopy(pb api.PluginBuild, a api.OnResolveArgs) (api.OnResolveResult, bool) {
	served, ok := s.ownCopies[packageName(a.Path)]
	if !ok || a.Namespace != "file" || !strings.Contains(filepath.ToSlash(a.Importer), "/node_modules/") {
		return api.OnResolveResult{}, false
	}
	rng := dependencyRange(filepath.Dir(a.Importer), packageName(a.Path))
	if rng == "" {
		return api.OnResolveResult{}, false
	}
	c, err := semver.NewConstraint(rng)
	if err != nil || c.Check(served) {
		return api.OnResolveResult{}, false
	}
	r := pb.Resolve(a.Path, api.ResolveOptions{
		PluginName: pluginName,
		Importer:   a.Importer,
		Namespace:  a.Namespace,
		ResolveDir: a.ResolveDir,
		Kind:       a.Kind,
		PluginData: skipResolve{},
		With:       a.With,
	})
	if len(r.Errors) > 0 || r.External {
		return api.OnResolveResult{}, false // not installed: the host's
	}
	return api.OnResolveResult{Path: r.Path, Namespace: r.Namespace, Suffix: r.Suffix, PluginData: r.PluginData}, true
}

// dependencyRange returns the range the package.json of the package
// holding dir gives dep (dependencies, then peerDependencies), or "". That
// package.json is an input of the build already (configStamps): changing
// it rebuilds.
func dependencyRange(dir, dep string) string {
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "package.json")); err == nil {
			var pkg struct {
				Name                           string
				Dependencies, PeerDependencies map[string]string
			}
			if json.Unmarshal(b, &pkg) == nil && pkg.Name != "" {
				if r := pkg.Dependencies[dep]; r != "" {
					return r
				}
				return pkg.PeerDependencies[dep]
			}
		} else if !os.IsNotExist(err) {
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir || filepath.Base(dir) == "node_modules" {
			return ""
		}
		dir = parent
	}
}
