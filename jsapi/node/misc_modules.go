package node

import (
	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// The small pure-JavaScript built-ins: querystring, tty,
// diagnostics_channel, and the aliases of node_aliases.js (console, sys,
// constants, perf_hooks).

func querystringModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, querystringProgram, nil)
}

func ttyModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, ttyProgram, nil)
}

func diagnosticsChannelModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, diagnosticsChannelProgram, nil)
}

// aliasModule returns the node_aliases.js module for name.
func aliasModule(name string) modules.Module {
	return func(rt modules.Runtime, module *goja.Object) error {
		return libRunJS(rt, module, aliasesProgram, map[string]any{"name": name})
	}
}

// vmModule is "vm" (vm.js): the plugin's own context only.
func vmModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, vmProgram, nil)
}
