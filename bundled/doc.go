// Package bundled holds pigo's built-in plugins (TypeScript sources embedded
// with go:embed) and the table that resolves their "@pi/..." ids. It is empty
// until the agent-harness issue brings the built-in tools; it exists so the
// layering of DESIGN.md §2 is visible from the start.
package bundled

// Sources returns the built-in plugin table: id → entry source. Empty for now.
func Sources() map[string]string { return map[string]string{} }
