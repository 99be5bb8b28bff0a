package pkgmgr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// manifestDist is a version's dist: where its tarball is and its hashes.
type manifestDist struct {
	Tarball   string `json:"tarball"`
	Integrity string `json:"integrity"`
	Shasum    string `json:"shasum"`
}

// versionMeta is one version of a packument.
type versionMeta struct {
	Name                 string            `json:"name"`
	Version              string            `json:"version"`
	Dependencies         map[string]string `json:"dependencies"`
	OptionalDependencies map[string]string `json:"optionalDependencies"`
	// OS and CPU restrict the platforms it installs on (npm's "os" and
	// "cpu": Node's names, "!" excludes).
	OS   []string     `json:"os"`
	CPU  []string     `json:"cpu"`
	Dist manifestDist `json:"dist"`
	// HasShrinkwrap: the tarball holds an npm-shrinkwrap.json (npm
	// publish sets it), which then lays out its dependencies.
	HasShrinkwrap bool `json:"_hasShrinkwrap"`
	// BundleDependencies: the dependencies its tarball carries in its
	// own node_modules (a list, or true for all).
	BundleDependencies json.RawMessage `json:"bundleDependencies"`
	// raw is the version's whole document, what npm's lockfile entry is
	// made of (see rootlock.go).
	raw []byte
}

// bundled is the set of dependency names m's tarball brings along.
func (m versionMeta) bundled() map[string]bool {
	out := map[string]bool{}
	var all bool
	var list []string
	if json.Unmarshal(m.BundleDependencies, &all) == nil && all {
		for n := range m.Dependencies {
			out[n] = true
		}
	} else if json.Unmarshal(m.BundleDependencies, &list) == nil {
		for _, n := range list {
			out[n] = true
		}
	}
	return out
}

func (m *versionMeta) UnmarshalJSON(b []byte) error {
	type plain versionMeta
	if err := json.Unmarshal(b, (*plain)(m)); err != nil {
		return err
	}
	m.raw = bytes.Clone(b)
	return nil
}

// packument is a registry's document for one package.
type packument struct {
	Name     string                 `json:"name"`
	DistTags map[string]string      `json:"dist-tags"`
	Versions map[string]versionMeta `json:"versions"`
}

// registry fetches packuments, each once per operation.
type registry struct {
	cfg    *npmConfig
	client *http.Client
	cache  map[string]*packument
}

// maxMetadata bounds a packument: the biggest on npm are tens of MB.
const maxMetadata = 256 << 20

func (r *registry) get(ctx context.Context, u, accept string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	if tok := r.cfg.token(u); tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	resp, err := r.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("cannot reach the npm registry: %w", err)
	}
	return resp, nil
}

// packument is name's document from its registry.
func (r *registry) packument(ctx context.Context, name string) (*packument, error) {
	if p, ok := r.cache[name]; ok {
		return p, nil
	}
	reg := r.cfg.registryFor(name)
	u := reg + strings.Replace(url.PathEscape(name), "%40", "@", 1)
	// The abbreviated document has everything an install needs.
	resp, err := r.get(ctx, u, "application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return nil, fmt.Errorf("package %s not found in the npm registry %s", name, reg)
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("npm registry %s: %s for %s", reg, resp.Status, name)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxMetadata+1))
	if err != nil {
		return nil, fmt.Errorf("npm registry %s: reading %s: %w", reg, name, err)
	}
	if len(data) > maxMetadata {
		return nil, fmt.Errorf("npm registry %s: metadata of %s is larger than %d bytes", reg, name, maxMetadata)
	}
	var p packument
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("npm registry %s: malformed metadata for %s: %v", reg, name, err)
	}
	if r.cache == nil {
		r.cache = map[string]*packument{}
	}
	r.cache[name] = &p
	return &p, nil
}

// errBadRange marks a spec that is neither a version, a range nor a tag.
var errBadRange = errors.New("invalid version range")

// pick is npm's choice of a version for spec: a dist-tag names its
// version; "" is "latest"; otherwise the "latest" tag if it satisfies the
// range, else the highest satisfying version.
func (p *packument) pick(spec string) (versionMeta, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		spec = "latest"
	}
	if v, ok := p.DistTags[spec]; ok {
		if m, ok := p.Versions[v]; ok {
			return m, nil
		}
		return versionMeta{}, fmt.Errorf("%s: dist-tag %q names missing version %s", p.Name, spec, v)
	}
	c, err := parseRange(spec)
	if err != nil {
		return versionMeta{}, fmt.Errorf("%s@%s: %w", p.Name, spec, err)
	}
	if latest, ok := p.DistTags["latest"]; ok {
		if v, err := semver.NewVersion(latest); err == nil && c.Check(v) {
			if m, ok := p.Versions[latest]; ok {
				return m, nil
			}
		}
	}
	var best *semver.Version
	bestKey := ""
	for k := range p.Versions {
		v, err := semver.StrictNewVersion(k)
		if err != nil || !c.Check(v) {
			continue
		}
		if best == nil || v.GreaterThan(best) {
			best, bestKey = v, k
		}
	}
	if best == nil {
		return versionMeta{}, fmt.Errorf("no version of %s matches %q (versions: %s)", p.Name, spec, p.versionList())
	}
	return p.Versions[bestKey], nil
}

func (p *packument) versionList() string {
	var vs []string
	for k := range p.Versions {
		vs = append(vs, k)
	}
	sort.Strings(vs)
	if len(vs) > 10 {
		vs = append(vs[len(vs)-10:], "...")
	}
	return strings.Join(vs, ", ")
}

// npmRange is an npm range: comparator sets joined by "||".
type npmRange []rangeSet

type rangeSet struct {
	c *semver.Constraints
	// pre are the major.minor.patch of the set's prerelease versions.
	pre map[string]bool
}

var preVersion = regexp.MustCompile(`(\d+)\.(\d+)\.(\d+)-[0-9A-Za-z.-]+`)

// parseRange reads an npm range; "" and "x" mean any version.
func parseRange(spec string) (npmRange, error) {
	var r npmRange
	for _, set := range strings.Split(spec, "||") {
		if strings.TrimSpace(set) == "" {
			set = "*"
		}
		c, err := semver.NewConstraint(set)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errBadRange, err)
		}
		rs := rangeSet{c: c, pre: map[string]bool{}}
		for _, m := range preVersion.FindAllStringSubmatch(set, -1) {
			rs.pre[m[1]+"."+m[2]+"."+m[3]] = true
		}
		r = append(r, rs)
	}
	return r, nil
}

// Check is npm's satisfies: Masterminds' comparison, plus npm's rule that
// a prerelease matches only a set that names a prerelease of the same
// major.minor.patch (^1.2.3-beta.2 takes 1.2.3-beta.4, not 1.2.4-beta).
func (r npmRange) Check(v *semver.Version) bool {
	mmp := fmt.Sprintf("%d.%d.%d", v.Major(), v.Minor(), v.Patch())
	for _, s := range r {
		if s.c.Check(v) && (v.Prerelease() == "" || s.pre[mmp]) {
			return true
		}
	}
	return false
}

// satisfies reports whether version is in spec; a spec that is no range
// (a dist-tag) is satisfied by nothing, so the tag is looked up again.
func satisfies(version, spec string) bool {
	v, err := semver.NewVersion(version)
	if err != nil {
		return false
	}
	c, err := parseRange(spec)
	return err == nil && c.Check(v)
}
