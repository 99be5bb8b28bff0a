package jsapi

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi/bundler"
	"github.com/pigo-dev/pigo/jsapi/compat"
)

// An import of a name that pi's modules do not export would surface as
// "undefined is not a function" somewhere later; pigo checks the names a
// bundle uses from the pi/typebox modules before the factory runs and
// refuses the load naming the export, the module and where it is imported.

var (
	requireVar = regexp.MustCompile(`var (import_[\w$]+) = (?:__toESM\()?require\("([^"]+)"\)`)
	identifier = regexp.MustCompile(`^[A-Za-z_$][\w$]*$`)
)

// compatImports maps each pi/typebox module a bundle requires to the
// member names it reads.
func compatImports(code string) map[string][]string {
	public := compat.Specifiers()
	out := map[string][]string{}
	for _, m := range requireVar.FindAllStringSubmatch(code, -1) {
		v, spec := m[1], m[2]
		if !slices.Contains(public, spec) {
			continue
		}
		names, _ := memberReads(code, v, 0, 0)
		for _, n := range names {
			if !slices.Contains(out[spec], n) {
				out[spec] = append(out[spec], n)
			}
		}
	}
	return out
}

// servedVersion names the pi release whose exports spec serves: the
// @earendil-works scope is pi 1.6's, the rest 0.73.1's.
func servedVersion(spec string) string {
	if strings.HasPrefix(spec, "@earendil-works/") {
		return "pi 1.6.0"
	}
	return "pi 0.73.1"
}

// checkImports fails when a used name is not exported. Loop only.
func (g *jsGen) checkImports(b *bundler.Bundle) error {
	for spec, names := range compatImports(b.Code) {
		exports, err := g.require(spec)
		if err != nil {
			return err
		}
		obj, ok := exports.(*goja.Object)
		if !ok {
			continue
		}
		for _, name := range names {
			if name == "default" || g.hasProperty(obj, name) || !identifier.MatchString(name) {
				continue
			}
			se := &engine.ScriptError{Text: fmt.Sprintf("module %q has no export %q (pigo serves the exports of %s)", spec, name, servedVersion(spec))}
			se.Location = importLocation(b.Inputs, spec, name)
			if se.Location != nil {
				se.Frame = codeFrame(se.Location)
			}
			return se
		}
	}
	return nil
}

// importLocation finds where name is imported from spec in the inputs.
func importLocation(inputs []string, spec, name string) *engine.Location {
	for _, f := range inputs {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, name) && (strings.Contains(line, spec) || strings.Contains(line, "import")) {
				return &engine.Location{File: f, Line: i + 1, Column: strings.Index(line, name), LineText: line}
			}
		}
	}
	return nil
}

// hasProperty reports whether obj has name, own or inherited, without
// running getters (pi modules export through lazy getters). Listing every
// property name instead cost each plugin a map of typebox's ~300. Loop
// only.
func (g *jsGen) hasProperty(obj *goja.Object, name string) bool {
	hasOwn, _ := goja.AssertFunction(g.rt.Get("Object").ToObject(g.rt).Get("prototype").ToObject(g.rt).Get("hasOwnProperty"))
	key := g.rt.ToValue(name)
	for o := obj; o != nil; o = o.Prototype() {
		if v, err := hasOwn(o, key); err == nil && v.ToBoolean() {
			return true
		}
	}
	return false
}
