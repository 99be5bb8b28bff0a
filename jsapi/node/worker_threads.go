package node

import (
	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// workerThreadsModule is "worker_threads" (worker_threads.js): the main
// thread's view; Worker is not provided.
func workerThreadsModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, workerThreadsProgram, nil)
}
