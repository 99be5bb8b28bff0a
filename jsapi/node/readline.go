package node

import (
	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// readlineModule is the "readline" module (readline.js), pure JavaScript
// over any readable stream.
func readlineModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, readlineProgram, nil)
}

// readlinePromisesModule is "readline/promises", the promises member of
// "readline".
func readlinePromisesModule(rt modules.Runtime, module *goja.Object) error {
	return libSubmodule(rt, module, "readline", "promises")
}
