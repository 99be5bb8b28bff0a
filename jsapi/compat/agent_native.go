package compat

import (
	"fmt"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/jsapi/modules"
)

// agentNativeModules are the Go host modules behind pigo's pi-coding-agent:
// pi logic the host implements in Go for itself, served to the TypeScript
// modules so both sides run one implementation.
func agentNativeModules() map[string]modules.Module {
	return map[string]modules.Module{
		// pigo:compaction-prompts: engine/compaction's summarization prompts
		// under pi's constant names (SUMMARIZATION_PROMPT, ...).
		"pigo:compaction-prompts": func(rt modules.Runtime, module *goja.Object) error {
			return setExports(rt.VM(), module, "pigo:compaction-prompts", compaction.Prompts())
		},
	}
}

// setExports copies values onto module.exports.
func setExports[V any](vm *goja.Runtime, module *goja.Object, spec string, values map[string]V) error {
	exports := module.Get("exports").ToObject(vm)
	for name, v := range values {
		if err := exports.Set(name, v); err != nil {
			return fmt.Errorf("%s: set %s: %w", spec, name, err)
		}
	}
	return nil
}
