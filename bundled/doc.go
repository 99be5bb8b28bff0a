// Package bundled holds pigo's built-in plugins: TypeScript sources written
// against the public extension API (dogfooding), embedded in the binary and
// resolved by their "@pi/..." ids, plus the default app manifest that lists
// them. Extensions may override a built-in tool by registering one with the
// same name, as in pi.
package bundled

import (
	"embed"
	"strings"
)

//go:embed plugins/*.ts
var files embed.FS

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

// DefaultManifest is the coding agent's app manifest: the built-in plugins
// in precedence order (extensions come after them).
func DefaultManifest() []string {
	return []string{"@pi/tool-read", "@pi/tool-bash", "@pi/tool-edit", "@pi/tool-write",
		"@pi/tool-grep", "@pi/tool-find", "@pi/tool-ls"}
}
