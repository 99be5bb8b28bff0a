package node

import (
	"math"
	"time"

	"github.com/dop251/goja"
)

// exec and execFile: spawn with output collected, reported once through
// callback(err, stdout, stderr). Both carry
// [Symbol.for("nodejs.util.promisify.custom")], so util.promisify(exec)
// resolves to {stdout, stderr} and rejects with the error carrying stdout
// and stderr, with the ChildProcess as promise.child, as in Node.

// execDone receives exec's result on the loop.
type execDone func(err, stdout, stderr goja.Value)

// execJS is exec(command, options?, callback?). Loop only.
func (m *cpMod) execJS(call goja.FunctionCall) goja.Value {
	o, cb := m.execArgs(call)
	return m.exec(o, m.execCallback(cb)).obj
}

// execFileJS is execFile(file, args?, options?, callback?). Loop only.
func (m *cpMod) execFileJS(call goja.FunctionCall) goja.Value {
	o, cb := m.execFileArgs(call)
	return m.exec(o, m.execCallback(cb)).obj
}

// execArgs reads exec's arguments: the command runs through the shell
// (options.shell, default /bin/sh). Loop only.
func (m *cpMod) execArgs(call goja.FunctionCall) (*cpOptions, goja.Callable) {
	cmd := call.Argument(0)
	if cmd == nil || sysIsObject(cmd) || sysTypeof(cmd) != "string" {
		sysThrowArgType(m.vm, "command", "of type string", cmd)
	}
	optsV, cb := call.Argument(1), sysFunc(call.Argument(2))
	if f := sysFunc(optsV); f != nil {
		optsV, cb = goja.Undefined(), f
	}
	shellOpts := m.vm.NewObject()
	if obj, ok := optsV.(*goja.Object); ok {
		for _, k := range cpEnumerableKeys(m.vm, obj) {
			_ = shellOpts.Set(k, obj.Get(k))
		}
	}
	if sh := sysOpt(shellOpts, "shell"); sh == nil || sysTypeof(sh) != "string" {
		_ = shellOpts.Set("shell", true)
	}
	o := m.options(cmd, goja.Undefined(), shellOpts)
	m.execOptions(o, optsV)
	o.cmdline = cmd.String()
	return o, cb
}

// execFileArgs reads execFile's arguments. Loop only.
func (m *cpMod) execFileArgs(call goja.FunctionCall) (*cpOptions, goja.Callable) {
	args := call.Arguments[min(1, len(call.Arguments)):]
	var argsV, optsV goja.Value = goja.Undefined(), goja.Undefined()
	var cb goja.Callable
	if len(args) > 0 {
		if arr, ok := args[0].(*goja.Object); ok && arr.ClassName() == "Array" {
			argsV, args = arr, args[1:]
		} else if goja.IsUndefined(args[0]) || goja.IsNull(args[0]) {
			args = args[1:]
		}
	}
	if len(args) > 0 && sysFunc(args[0]) == nil {
		optsV, args = args[0], args[1:]
	}
	if len(args) > 0 {
		cb = sysFunc(args[0])
	}
	o := m.options(call.Argument(0), argsV, optsV)
	m.execOptions(o, optsV)
	return o, cb
}

// execOptions reads exec's own options: encoding ("utf8" unless "buffer"
// or null) and maxBuffer (1 MiB). Loop only.
func (m *cpMod) execOptions(o *cpOptions, optsV goja.Value) {
	o.encoding = "utf8"
	if obj, ok := optsV.(*goja.Object); ok {
		if v := obj.Get("encoding"); v != nil && !goja.IsUndefined(v) {
			o.encoding = ""
			if !goja.IsNull(v) {
				if enc, ok := sysNormalizeEncoding(v.String()); ok {
					o.encoding = enc
				}
			}
		}
	}
}

// execCallback adapts an optional JS callback. Loop only.
func (m *cpMod) execCallback(cb goja.Callable) execDone {
	return func(err, stdout, stderr goja.Value) {
		if cb != nil {
			sysCall(m.rt, "exec callback", cb, goja.Undefined(), err, stdout, stderr)
		}
	}
}

// exec spawns o collecting its output and calls done once. Loop only.
func (m *cpMod) exec(o *cpOptions, done execDone) *cpChild {
	vm := m.vm
	var (
		out, errOut [][]byte
		sizes       [2]float64
		ex          *goja.Object
		killed      bool
		finished    bool
		child       *cpChild
	)
	maxBuffer := o.maxBuffer
	if math.IsNaN(maxBuffer) {
		maxBuffer = math.Inf(1)
	}
	text := func(parts [][]byte) goja.Value {
		var all []byte
		for _, p := range parts {
			all = append(all, p...)
		}
		if o.encoding == "" {
			return m.bufs.make(all)
		}
		return vm.ToValue(sysDecode(all, o.encoding))
	}
	finish := func(code, signal goja.Value) {
		if finished {
			return
		}
		finished = true
		stdout, stderr := text(out), text(errOut)
		isZero := code != nil && !goja.IsNull(code) && code.ToInteger() == 0 && sysTypeof(code) == "number"
		if ex == nil && isZero && (signal == nil || goja.IsNull(signal)) {
			done(goja.Null(), stdout, stderr)
			return
		}
		if ex == nil {
			msg := "Command failed: " + o.cmdline + "\n"
			if s, ok := stderr.Export().(string); ok {
				msg += s
			} else if b, ok := sysViewBytes(stderr.(*goja.Object)); ok {
				msg += sysDecode(b, "utf8")
			}
			ex = sysNewError(vm, "Error", "", msg)
			_ = ex.Set("code", code)
			_ = ex.Set("killed", killed || child.obj.Get("killed").ToBoolean())
			_ = ex.Set("signal", signal)
		}
		_ = ex.Set("cmd", o.cmdline)
		done(ex, stdout, stderr)
	}
	// stopChild is Node's exec kill(): the output streams are destroyed
	// (so the callback does not wait for processes holding them) and the
	// command's process group gets killSignal.
	stopChild := func() {
		killed = true
		for _, s := range []*sysReadable{child.stdout, child.stderr} {
			if s != nil {
				s.destroy(nil)
			}
		}
		child.killGroup(o.killSignal)
	}
	collect := func(i int, dst *[][]byte, name string) func([]byte) {
		return func(b []byte) {
			if ex != nil {
				return
			}
			sizes[i] += float64(len(b))
			if sizes[i] > maxBuffer {
				keep := len(b) - int(sizes[i]-maxBuffer)
				*dst = append(*dst, b[:max(0, keep)])
				ex = sysNewError(vm, "RangeError", "ERR_CHILD_PROCESS_STDIO_MAXBUFFER", name+" maxBuffer length exceeded")
				stopChild()
				return
			}
			*dst = append(*dst, b)
		}
	}
	hooks := &cpHooks{
		err: func(e *goja.Object) {
			ex = e
			finish(goja.Null(), goja.Null())
		},
		close: finish,
	}
	timeout := o.timeout
	o.timeout = 0 // exec handles its own timeout, to report killed: true
	child = m.spawn(o, hooks)
	if timeout > 0 && child.cmd != nil {
		t := time.AfterFunc(timeout, func() {
			m.rt.Post(func() {
				if !child.exited {
					stopChild()
				}
			})
		})
		child.cleanups = append(child.cleanups, func() { t.Stop() })
	}
	for i, s := range []*sysReadable{child.stdout, child.stderr} {
		if s == nil {
			continue
		}
		if i == 0 {
			s.tap = collect(0, &out, "stdout")
		} else {
			s.tap = collect(1, &errOut, "stderr")
		}
		if o.encoding != "" {
			s.dec = &sysDecoder{enc: o.encoding}
			_ = s.obj.Set("readableEncoding", o.encoding)
		}
		s.resume()
	}
	return child
}

// definePromisified installs exec[promisify.custom] and
// execFile[promisify.custom]. Loop only.
func (m *cpMod) definePromisified(exports *goja.Object) {
	vm := m.vm
	symFor := sysFunc(vm.Get("Symbol").ToObject(vm).Get("for"))
	if symFor == nil {
		return
	}
	key, err := symFor(goja.Undefined(), vm.ToValue("nodejs.util.promisify.custom"))
	if err != nil {
		return
	}
	sym, ok := key.(*goja.Symbol)
	if !ok {
		return
	}
	promisified := func(parse func(goja.FunctionCall) (*cpOptions, goja.Callable)) goja.Value {
		return vm.ToValue(func(call goja.FunctionCall) goja.Value {
			o, _ := parse(call)
			p, resolve, _ := m.rt.NewPromise()
			child := m.exec(o, func(errV, stdout, stderr goja.Value) {
				resolve(func() goja.Value {
					if errObj, ok := errV.(*goja.Object); ok {
						_ = errObj.Set("stdout", stdout)
						_ = errObj.Set("stderr", stderr)
						return sysRejected(vm, errObj)
					}
					res := vm.NewObject()
					_ = res.Set("stdout", stdout)
					_ = res.Set("stderr", stderr)
					return res
				})
			})
			pv := vm.ToValue(p).(*goja.Object)
			_ = pv.Set("child", child.obj)
			return pv
		})
	}
	for name, parse := range map[string]func(goja.FunctionCall) (*cpOptions, goja.Callable){
		"exec": m.execArgs, "execFile": m.execFileArgs,
	} {
		if fn, ok := exports.Get(name).(*goja.Object); ok {
			_ = fn.SetSymbol(sym, promisified(parse))
		}
	}
}
