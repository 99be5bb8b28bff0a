// Package bundled holds pigo's built-in plugins: TypeScript sources written
// against the public extension API (dogfooding), embedded in the binary and
// resolved by their "@pi/..." (or pi 1.6's "builtin:...") ids, plus the
// default app manifest that lists them. Extensions may override a built-in
// tool by registering one with the same name, as in pi.
package bundled

import (
	"embed"
	"sort"
	"strings"
)

//go:embed plugins/*.ts
var files embed.FS

//go:embed apps/coding-agent.json
var codingAgentApp []byte

// Sources returns the built-in plugins: id ("@pi/tool-bash") → TypeScript
// source.
func Sources() map[string]string {
	out := map[string]string{}
	entries, _ := files.ReadDir("plugins")
	for _, e := range entries {
		b, err := files.ReadFile("plugins/" + e.Name())
		if err != nil {
			continue
		}
		out["@pi/"+strings.TrimSuffix(e.Name(), ".ts")] = string(b)
	}
	return out
}

// IsID reports whether a manifest entry names a bundled plugin rather than
// a path: "@pi/NAME" or "builtin:NAME".
func IsID(ref string) bool {
	return strings.HasPrefix(ref, "@pi/") || strings.HasPrefix(ref, "builtin:")
}

// Lookup resolves a bundled plugin reference to its canonical id
// ("builtin:tool-read" and "@pi/tool-read" are the same plugin).
func Lookup(ref string) (id string, ok bool) {
	id = ref
	if name, found := strings.CutPrefix(ref, "builtin:"); found {
		id = "@pi/" + name
	}
	if _, err := files.Open("plugins/" + strings.TrimPrefix(id, "@pi/") + ".ts"); err != nil || !strings.HasPrefix(id, "@pi/") {
		return "", false
	}
	return id, true
}

// IDs lists the bundled plugins' canonical ids, sorted.
func IDs() []string {
	var ids []string
	for id := range Sources() {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Extensions lists pi 1.6's built-in extensions pigo bundles, by pi's
// name (`builtin:NAME`): they are not in the default app but load like pi
// loads them (see discover.Builtins).
func Extensions() []string { return []string{"codemode", "tool-search"} }

// Declared maps the bundled plugins whose factories only register tools
// from snapshots (registerLazyTool, registerLazyDefinition) to those
// snapshot modules: they register from them and start their runtime on
// first use (jsapi.Options.Declared), since most starts call few of
// these tools, if any.
func Declared() map[string][]string {
	d := map[string][]string{
		"@pi/codemode":    {"pigo:codemode-tool"},
		"@pi/tool-search": {"pigo:tool-search-tool"},
	}
	for _, tool := range []string{"read", "bash", "edit", "write", "grep", "find", "ls"} {
		d["@pi/tool-"+tool] = []string{"pigo:" + tool + "-tool"}
	}
	return d
}

// DefaultApp is the coding agent's app manifest (JSON, the format of
// `--app FILE`): pi's built-in tools in precedence order; discovered
// extensions come after them.
func DefaultApp() []byte { return append([]byte(nil), codingAgentApp...) }
