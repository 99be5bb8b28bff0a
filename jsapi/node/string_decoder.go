package node

import (
	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// stringDecoderModule is the "string_decoder" module (string_decoder.js).
// Loop only.
func stringDecoderModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, stringDecoderProgram, nil)
}
