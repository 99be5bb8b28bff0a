package codemode

import (
	"fmt"
	"strings"
	"sync"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/compat"
)

// Prelude is pi-codemode 1.6's PRELUDE_SOURCE, read once from the vendored
// module (pigo:codemode16) so there is one copy of it.
var Prelude = sync.OnceValues(func() (string, error) {
	srcs, err := compat.Sources()
	if err != nil {
		return "", err
	}
	src, ok := srcs["pigo:codemode16"]
	if !ok {
		return "", fmt.Errorf("codemode: pigo:codemode16 is not embedded")
	}
	vm := goja.New()
	if _, err := vm.RunScript(src.File, "var module = { exports: {} }, exports = module.exports;\n"+src.Code); err != nil {
		return "", fmt.Errorf("codemode: load the prelude: %w", err)
	}
	v := vm.Get("module").ToObject(vm).Get("exports").ToObject(vm).Get("PRELUDE_SOURCE")
	if v == nil || goja.IsUndefined(v) {
		return "", fmt.Errorf("codemode: pigo:codemode16 has no PRELUDE_SOURCE")
	}
	// goja has no async generators, hence no intrinsic of theirs to freeze.
	const asyncGen = "add(Object.getPrototypeOf(async function* () {}));"
	prelude := v.String()
	if strings.Count(prelude, asyncGen) != 1 {
		return "", fmt.Errorf("codemode: the prelude's lockdown changed; update Prelude")
	}
	return strings.Replace(prelude, asyncGen, "", 1), nil
})
