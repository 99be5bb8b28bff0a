package node

import (
	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// assertModule is the "assert" module (assert.js); its module.exports is
// the assert function. Loop only.
func assertModule(rt modules.Runtime, module *goja.Object) error {
	isDeepEqual, err := libEval(rt, utilComparisonsProgram)
	if err != nil {
		return err
	}
	return libRunJS(rt, module, assertProgram, map[string]any{"isDeepEqual": isDeepEqual})
}

// assertStrictModule is "assert/strict", the same object as
// require("assert").strict. Loop only.
func assertStrictModule(rt modules.Runtime, module *goja.Object) error {
	assert, err := rt.Require("assert")
	if err != nil {
		return err
	}
	return module.Set("exports", assert.ToObject(rt.VM()).Get("strict"))
}
