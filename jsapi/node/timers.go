package node

import (
	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// timersModule is the "timers" module (timers.js), which delegates to the
// runtime's timer globals. Loop only.
func timersModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, timersProgram, nil)
}

// timersPromisesModule is "timers/promises", the same object as
// require("timers").promises. Loop only.
func timersPromisesModule(rt modules.Runtime, module *goja.Object) error {
	timers, err := rt.Require("timers")
	if err != nil {
		return err
	}
	return module.Set("exports", timers.ToObject(rt.VM()).Get("promises"))
}
