package compat

import (
	"embed"
	"fmt"
	"strings"
)

//go:embed all:modules
var moduleFiles embed.FS

// Source is one host module's code.
type Source struct {
	File string // file name under modules/, for stack traces ("pigo:<file>")
	Code string // TypeScript or JavaScript (ES module or CommonJS)
	TS   bool   // Code needs TypeScript stripping
}

// moduleTable maps every specifier pigo serves to its file under modules/.
// Both the @mariozechner and the @earendil-works scopes resolve to the same
// files (pi renamed its scope in 0.74), as do typebox and @sinclair/typebox.
func moduleTable() map[string]string {
	t := map[string]string{}
	for _, scope := range []string{"@mariozechner", "@earendil-works"} {
		t[scope+"/pi-coding-agent"] = "pi-coding-agent.ts"
		t[scope+"/pi-ai"] = "pi-ai.ts"
		t[scope+"/pi-ai/oauth"] = "pi-ai-oauth.ts"
		t[scope+"/pi-ai/compat"] = "pi-ai.ts"
		t[scope+"/pi-tui"] = "pi-tui.ts"
		t[scope+"/pi-agent-core"] = "pi-agent-core.ts"
	}
	for _, base := range []string{"typebox", "@sinclair/typebox"} {
		t[base] = "typebox.ts"
		t[base+"/compile"] = "typebox-compile.ts"
		t[base+"/value"] = "typebox-value.ts"
	}
	return t
}

// Sources returns every specifier → source whose file exists (files are
// added as the modules are written). Safe for concurrent use.
func Sources() (map[string]Source, error) {
	out := map[string]Source{}
	for spec, file := range moduleTable() {
		b, err := moduleFiles.ReadFile("modules/" + file)
		if err != nil {
			continue // not written yet: require fails with "Cannot find module"
		}
		out[spec] = Source{File: file, Code: string(b), TS: strings.HasSuffix(file, ".ts")}
	}
	// Internal modules (helpers shared by the public ones) are served under
	// "pigo:<name>" and never resolve from extension code paths on disk.
	entries, err := moduleFiles.ReadDir("modules")
	if err != nil {
		return nil, fmt.Errorf("read embedded compat modules: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, "_") {
			continue
		}
		b, err := moduleFiles.ReadFile("modules/" + name)
		if err != nil {
			return nil, err
		}
		spec := "pigo:" + strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(name, "_"), ".ts"), ".js")
		out[spec] = Source{File: name, Code: string(b), TS: strings.HasSuffix(name, ".ts")}
	}
	return out, nil
}

// Specifiers lists every public specifier (for the bundler's externals),
// whether or not its file exists yet.
func Specifiers() []string {
	var out []string
	for spec := range moduleTable() {
		out = append(out, spec)
	}
	return out
}
