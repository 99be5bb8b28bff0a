package codemode

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/compat"
	"github.com/pigo-dev/pigo/jsapi/webapi"
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
	code, err := src.Text()
	if err != nil {
		return "", fmt.Errorf("codemode: read the prelude: %w", err)
	}
	vm := goja.New()
	if _, err := vm.RunScript(src.File, "var module = { exports: {} }, exports = module.exports;\n"+code); err != nil {
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

// The prelude starts by freezing every built-in (its lockdown), which is
// most of a sandbox's start-up on goja (tens of ms: goja creates its
// built-ins lazily, and the walk creates them all). It depends on nothing
// of the call, so runtimes are locked down ahead of use: each Run takes
// one that never ran a script (a fresh runtime per script still) and
// starts preparing the next in the background. The rest of the prelude,
// which needs the call's tools and store, runs in Run.
const (
	lockdownStart = "(function lockdown() {"
	lockdownEnd   = "const stringify = JSON.stringify;"
	preludeHead   = "(function (bridge, toolsJson, globalsJson, storeJson) {"
)

type preludeParts struct {
	shims, lockdown, rest *goja.Program
}

//go:embed shims.js
var shimsSource string

var parts = sync.OnceValues(func() (*preludeParts, error) {
	src, err := Prelude()
	if err != nil {
		return nil, err
	}
	i, j := strings.Index(src, lockdownStart), strings.Index(src, lockdownEnd)
	if !strings.HasPrefix(src, preludeHead) || strings.Count(src, lockdownStart) != 1 || strings.Count(src, lockdownEnd) != 1 || i > j {
		return nil, fmt.Errorf("codemode: the prelude's layout changed; update preludeParts")
	}
	lockdown, err := goja.Compile("codemode-prelude.js", "\"use strict\";\n"+src[i:j], true)
	if err != nil {
		return nil, err
	}
	rest, err := goja.Compile("codemode-prelude.js", preludeHead+"\n\"use strict\";\n"+src[j:], true)
	if err != nil {
		return nil, err
	}
	shims, err := goja.Compile("codemode-shims.js", shimsSource, true)
	if err != nil {
		return nil, err
	}
	return &preludeParts{shims: shims, lockdown: lockdown, rest: rest}, nil
})

var (
	warm      = make(chan *goja.Runtime, 1)
	preparing atomic.Bool
)

func lockDownRuntime() (*goja.Runtime, error) {
	p, err := parts()
	if err != nil {
		return nil, err
	}
	vm := goja.New()
	if _, err := vm.RunProgram(p.shims); err != nil {
		return nil, fmt.Errorf("codemode: shims: %w", err)
	}
	// QuickJS, where pi runs scripts, has Unicode property escapes and the
	// v flag; goja does not (lowerUnsupported turns such literals into
	// calls of this RegExp).
	if err := webapi.InstallRegExp(vm); err != nil {
		return nil, fmt.Errorf("codemode: %w", err)
	}
	if _, err := vm.RunProgram(p.lockdown); err != nil {
		return nil, fmt.Errorf("codemode: prelude lockdown: %w", err)
	}
	return vm, nil
}

// prepare locks down the next runtime unless one is ready or on its way.
func prepare() {
	if !preparing.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer preparing.Store(false)
		if vm, err := lockDownRuntime(); err == nil {
			select {
			case warm <- vm:
			default:
			}
		}
	}()
}

// lockedDown is a runtime that never ran a script, locked down, and the
// prelude's function for it.
func lockedDown() (*goja.Runtime, goja.Value, error) {
	var vm *goja.Runtime
	select {
	case vm = <-warm:
	default:
	}
	defer prepare()
	if vm == nil {
		var err error
		if vm, err = lockDownRuntime(); err != nil {
			return nil, nil, err
		}
	}
	p, _ := parts()
	fn, err := vm.RunProgram(p.rest)
	return vm, fn, err
}
