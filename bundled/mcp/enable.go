package mcp

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// Selection is what a command line and settings say about builtin:mcp.
type Selection struct {
	Extensions []string // the -e values
	Discover   bool     // false with --no-extensions
	NoMCP      bool     // --no-mcp
	AgentDir   string
	Cwd        string
}

// Select decides whether builtin:mcp loads, as pi 1.6 does: with the other
// discovered extensions unless settings' "extensions" say
// "-builtin:mcp" (a project entry overrides the user's), explicitly with
// -e builtin:mcp, never with --no-mcp. It returns the -e values without
// builtin:mcp, which is no path.
func Select(s Selection) (extensions []string, load bool) {
	explicit := false
	for _, e := range s.Extensions {
		if e == ID {
			explicit = true
			continue
		}
		extensions = append(extensions, e)
	}
	if s.NoMCP {
		return extensions, false
	}
	if explicit {
		return extensions, true
	}
	if !s.Discover {
		return extensions, false
	}
	load = true
	var files []string
	if s.AgentDir != "" {
		files = append(files, filepath.Join(s.AgentDir, "settings.json"))
	}
	for _, path := range append(files, filepath.Join(s.Cwd, ".pi", "settings.json")) {
		b, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		var settings struct {
			Extensions []any `json:"extensions"`
		}
		if json.Unmarshal(b, &settings) != nil {
			continue // discovery reports malformed settings
		}
		for _, e := range settings.Extensions {
			switch e {
			case "-" + ID:
				load = false
			case "+" + ID, ID:
				load = true
			}
		}
	}
	return extensions, load
}
