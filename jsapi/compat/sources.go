package compat

import (
	"embed"
	"fmt"
	"strings"
	"unsafe"
)

// moduleFiles holds the module sources the runtime reads as data (the
// TUI width tables); the code it runs is stripped/ (strip.go).
//
//go:embed modules/_tui-unicode.ts
var moduleFiles embed.FS

//go:embed all:stripped
var strippedFiles embed.FS

// Source is one host module's code.
type Source struct {
	File string // file name under modules/, for stack traces ("pigo:<file>")
	Code string // CommonJS, or TypeScript when TS
	TS   bool   // Code needs TypeScript stripping (compat's modules are stripped at build time)
}

// moduleTable maps every specifier pigo serves to its file under modules/.
// @mariozechner/* serves pi 0.73.1's surface; @earendil-works/* (the scope
// pi renamed to in 0.74) serves pi 1.6.0's, on top of the same values (the
// pi16-*.ts files re-export the 0.73.1 modules and add 1.6's names), so one
// runtime has one registry whichever scope an extension imports. typebox
// and @sinclair/typebox are one module.
func moduleTable() map[string]string {
	t := map[string]string{
		"@mariozechner/pi-coding-agent": "pi-coding-agent.ts",
		"@mariozechner/pi-ai":           "pi-ai.ts",
		"@mariozechner/pi-ai/oauth":     "pi-ai-oauth.ts",
		"@mariozechner/pi-ai/compat":    "pi-ai.ts",
		"@mariozechner/pi-tui":          "pi-tui.ts",
		"@mariozechner/pi-agent-core":   "pi-agent-core.ts",

		"@earendil-works/pi-coding-agent": "pi16-coding-agent.ts",
		"@earendil-works/pi-ai":           "pi16-ai.ts",
		"@earendil-works/pi-ai/oauth":     "pi-ai-oauth.ts",
		"@earendil-works/pi-ai/compat":    "pi16-ai-compat.ts",
		"@earendil-works/pi-tui":          "pi16-tui.ts",
		"@earendil-works/pi-agent-core":   "pi16-agent-core.ts",
		"@earendil-works/pi-mcp":          "pi-mcp.ts",
		"@earendil-works/pi-codemode":     "pi-codemode.ts",
		"@earendil-works/pi-schema":       "pi-schema.ts",
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
	// Several specifiers share a file (the @mariozechner and @earendil-works
	// names, pi 1.6's aliases): read each once, and keep ReadFile's copy as
	// the string instead of copying it again. Every process reads all of
	// them, about a megabyte.
	read := map[string]string{}
	readFile := func(file string) (string, error) {
		if code, ok := read[file]; ok {
			return code, nil
		}
		b, err := strippedFiles.ReadFile("stripped/" + file + ".js")
		if err != nil {
			return "", err
		}
		code := ""
		if len(b) > 0 {
			code = unsafe.String(&b[0], len(b)) // b is ours (a copy) and never written
		}
		read[file] = code
		return code, nil
	}
	for spec, file := range moduleTable() {
		code, err := readFile(file)
		if err != nil {
			continue // not written yet: require fails with "Cannot find module"
		}
		out[spec] = Source{File: file, Code: code}
	}
	// Internal modules (helpers shared by the public ones) are served under
	// "pigo:<name>" and never resolve from extension code paths on disk.
	entries, err := strippedFiles.ReadDir("stripped")
	if err != nil {
		return nil, fmt.Errorf("read embedded compat modules: %w", err)
	}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".js")
		if !strings.HasPrefix(name, "_") {
			continue
		}
		code, err := readFile(name)
		if err != nil {
			return nil, err
		}
		spec := "pigo:" + strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(name, "_"), ".ts"), ".js")
		out[spec] = Source{File: name, Code: code}
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
