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
	Code string // CommonJS, or TypeScript when TS; see Text
	TS   bool   // Code needs TypeScript stripping (compat's modules are stripped at build time)
	read func() (string, error)
}

// Text returns the code: Code, or the embedded file, read on each call.
func (s Source) Text() (string, error) {
	if s.read != nil {
		return s.read()
	}
	return s.Code, nil
}

// TypeBoxVersion is the typebox release pigo's typebox and
// @sinclair/typebox modules match (typebox_test.go checks them against it).
const TypeBoxVersion = "1.4.3"

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
		// pi 1.6 hands extensions its pi-ai extension view for the root:
		// the compat entry point (a superset of the root, TypeBox's Type
		// and StringEnum included). pigo:pi16-ai-root is the root itself.
		"@earendil-works/pi-ai":         "pi16-ai-compat.ts",
		"pigo:pi16-ai-root":             "pi16-ai.ts",
		"@earendil-works/pi-ai/oauth":   "pi-ai-oauth.ts",
		"@earendil-works/pi-ai/compat":  "pi16-ai-compat.ts",
		"@earendil-works/pi-tui":        "pi16-tui.ts",
		"@earendil-works/pi-agent-core": "pi16-agent-core.ts",
		"@earendil-works/pi-mcp":        "pi-mcp.ts",
		"@earendil-works/pi-codemode":   "pi-codemode.ts",
		"@earendil-works/pi-schema":     "pi-schema.ts",
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
	// A file is read when its module is compiled: a process uses a few of
	// the ~1.2 MB of modules, and ReadFile copies what it reads. The copy
	// is not kept: the caller compiles once and keeps the program, which
	// holds a copy of its own (keeping this one too was ~0.3 MB live with
	// 20 of pi's examples).
	reader := func(file string) func() (string, error) {
		return func() (string, error) {
			b, err := strippedFiles.ReadFile("stripped/" + file + ".js")
			if err != nil || len(b) == 0 {
				return "", err
			}
			return unsafe.String(&b[0], len(b)), nil // b is ours (a copy) and never written
		}
	}
	entries, err := strippedFiles.ReadDir("stripped")
	if err != nil {
		return nil, fmt.Errorf("read embedded compat modules: %w", err)
	}
	have := map[string]bool{}
	for _, e := range entries {
		have[strings.TrimSuffix(e.Name(), ".js")] = true
	}
	for spec, file := range moduleTable() {
		if have[file] { // else not written yet: require fails with "Cannot find module"
			out[spec] = Source{File: file, read: reader(file)}
		}
	}
	// Internal modules (helpers shared by the public ones) are served under
	// "pigo:<name>" and never resolve from extension code paths on disk.
	for name := range have {
		if strings.HasPrefix(name, "_") {
			spec := "pigo:" + strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(name, "_"), ".ts"), ".js")
			out[spec] = Source{File: name, read: reader(name)}
		}
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
