package pkgmgr

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// DefaultRegistry is npm's default registry.
const DefaultRegistry = "https://registry.npmjs.org/"

// npmConfig is the part of npm's configuration a download needs:
// registries (default and per scope) and auth tokens per registry prefix.
type npmConfig struct {
	registry string
	scoped   map[string]string // "@scope" → registry
	tokens   map[string]string // "//host/path/" → _authToken
	// omitResolved is omit-lockfile-registry-resolved: lockfile entries
	// of registry packages carry no "resolved".
	omitResolved bool
}

// loadNPMConfig reads npm's configuration as `npm install --prefix root`
// would: environment (npm_config_*) over root/.npmrc over the user's
// ~/.npmrc (or $npm_config_userconfig). npm's global npmrc is not read.
func loadNPMConfig(root, home string, getenv func(string) string) *npmConfig {
	c := &npmConfig{scoped: map[string]string{}, tokens: map[string]string{}}
	env := func(k string) string {
		if v := getenv("npm_config_" + k); v != "" {
			return v
		}
		return getenv("NPM_CONFIG_" + strings.ToUpper(k))
	}
	user := env("userconfig")
	if user == "" && home != "" {
		user = filepath.Join(home, ".npmrc")
	}
	// Lowest precedence first; later files override.
	for _, f := range []string{user, filepath.Join(root, ".npmrc")} {
		if f != "" {
			c.readFile(f, getenv)
		}
	}
	if r := env("registry"); r != "" {
		c.registry = r
	}
	if v := env("omit_lockfile_registry_resolved"); v != "" {
		c.omitResolved = v == "true"
	}
	if c.registry == "" {
		c.registry = DefaultRegistry
	}
	c.registry = withSlash(c.registry)
	return c
}

var envRef = regexp.MustCompile(`\$\{([^}]+)\}`)

func (c *npmConfig) readFile(path string, getenv func(string) string) {
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == ';' || line[0] == '#' {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.Trim(strings.TrimSpace(v), `"'`)
		v = envRef.ReplaceAllStringFunc(v, func(m string) string { return getenv(m[2 : len(m)-1]) })
		switch {
		case k == "registry":
			c.registry = v
		case k == "omit-lockfile-registry-resolved":
			c.omitResolved = v == "true"
		case strings.HasPrefix(k, "@") && strings.HasSuffix(k, ":registry"):
			c.scoped[strings.TrimSuffix(k, ":registry")] = withSlash(v)
		case strings.HasPrefix(k, "//") && strings.HasSuffix(k, ":_authToken"):
			c.tokens[strings.TrimSuffix(k, ":_authToken")] = v
		}
	}
}

func withSlash(u string) string {
	if !strings.HasSuffix(u, "/") {
		return u + "/"
	}
	return u
}

// registryFor is the registry that serves name.
func (c *npmConfig) registryFor(name string) string {
	if scope, _, ok := strings.Cut(name, "/"); ok && strings.HasPrefix(scope, "@") {
		if r, ok := c.scoped[scope]; ok {
			return r
		}
	}
	return c.registry
}

// token is the _authToken configured for the longest prefix of url
// ("//host/path/" without the scheme), as npm matches them.
func (c *npmConfig) token(url string) string {
	_, rest, ok := strings.Cut(url, ":")
	if !ok {
		return ""
	}
	best, tok := -1, ""
	for prefix, t := range c.tokens {
		if strings.HasPrefix(rest, withSlash(prefix)) && len(prefix) > best {
			best, tok = len(prefix), t
		}
	}
	return tok
}
