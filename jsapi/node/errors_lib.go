package node

import (
	"errors"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// Error helpers shared by the Go halves of the lib modules. The JS halves
// use errors_lib.js.

// libThrow panics with a new JS error of the global class ctor ("Error",
// "TypeError", "RangeError") whose message is msg and, unless code is
// empty, whose code property is code. Loop only.
func libThrow(vm *goja.Runtime, ctor, code, msg string) {
	panic(libNewError(vm, ctor, code, msg))
}

// libNewError makes the error libThrow throws. Loop only.
func libNewError(vm *goja.Runtime, ctor, code, msg string) *goja.Object {
	obj, err := vm.New(vm.Get(ctor), vm.ToValue(msg))
	if err != nil {
		panic(err)
	}
	if code != "" {
		_ = obj.Set("code", code)
	}
	return obj
}

// libRethrow throws err in JS: a JS exception is rethrown as its original
// value, anything else goes through Runtime.Throw. Loop only.
func libRethrow(rt modules.Runtime, err error) {
	var ex *goja.Exception
	if errors.As(err, &ex) {
		panic(ex.Value())
	}
	rt.Throw(err)
}
