package node

import (
	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// eventsModule is the "events" module (events.js); its module.exports is
// the EventEmitter constructor. MaxListenersExceededWarning goes to the
// host log. Loop only.
func eventsModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, eventsProgram, map[string]any{
		"warn": func(msg string) { rt.Log("warn", msg) },
	})
}
