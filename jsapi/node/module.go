package node

import (
	"errors"
	"strings"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// moduleModule is the "module" module (module.js): createRequire returns a
// require that serves pigo's host modules through Runtime.Require and
// throws MODULE_NOT_FOUND for anything else, since pigo bundles extensions
// ahead of time and loads no files at run time. Loop only.
func moduleModule(rt modules.Runtime, module *goja.Object) error {
	vm := rt.VM()
	return libRunJS(rt, module, moduleProgram, map[string]any{
		// requireHost(id) → exports, or null when no host module has that
		// name; errors other than "not found" are rethrown.
		"requireHost": func(id string) goja.Value {
			var v goja.Value
			var err error
			if ex := vm.Try(func() { v, err = rt.Require(id) }); ex != nil {
				err = ex
			}
			if err == nil {
				return v
			}
			if moduleNotFound(err) {
				return goja.Null()
			}
			libRethrow(rt, err)
			return nil
		},
	})
}

// moduleNotFound tells whether err from Runtime.Require means that no host
// module has the name: a MODULE_NOT_FOUND code (Go error or JS exception)
// or a "Cannot find module" message.
func moduleNotFound(err error) bool {
	var ce modules.CodeError
	if errors.As(err, &ce) && ce.Code() == "MODULE_NOT_FOUND" {
		return true
	}
	var ex *goja.Exception
	if errors.As(err, &ex) {
		if obj, ok := ex.Value().(*goja.Object); ok {
			if code := obj.Get("code"); code != nil && code.String() == "MODULE_NOT_FOUND" {
				return true
			}
		}
	}
	return strings.Contains(err.Error(), "Cannot find module")
}
