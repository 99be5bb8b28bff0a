package node

import (
	"context"
	"io"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// child_process runs commands for plugins with Node's API: spawn (a
// ChildProcess EventEmitter with stdio streams), exec and execFile
// (buffered, callback or util.promisify), and the sync variants (which
// block the loop, as in Node).
//
// Differences from Node, all deliberate:
//
//   - the environment defaults to process.env, which is Runtime.Environ()
//     unless the plugin changed it, never pigo's own environment;
//   - relative cwd and command paths resolve against Runtime.Cwd();
//   - stdio 'inherit' connects /dev/null, never pigo's terminal (see
//     cpMod.stdio); execSync and execFileSync capture stderr instead of
//     inheriting it, so it shows in the thrown error;
//   - each child runs in its own process group (its own session when
//     detached). Kills pigo decides on signal the whole group, so a
//     command run through a shell dies with its shell: the timeout and
//     maxBuffer limits and an aborted signal send killSignal to the group,
//     and when Runtime.Context ends or the generation retires the group
//     gets SIGKILL. child.kill() signals only the child, as in Node;
//   - fork and stdio 'ipc' are not supported.
//
// Each running child costs a goroutine waiting for it, one per piped
// output stream and one for a piped stdin; all of them end once the child
// (and anything holding its pipes) is gone, or at retire.

// cpMod is child_process in one runtime. Loop only.
type cpMod struct {
	rt   modules.Runtime
	vm   *goja.Runtime
	ee   *sysEmitters
	bufs *sysBuffers
}

// childProcessModule instantiates child_process. Loop only.
func childProcessModule(rt modules.Runtime, module *goja.Object) error {
	vm := rt.VM()
	m := &cpMod{rt: rt, vm: vm, ee: &sysEmitters{rt: rt}, bufs: &sysBuffers{rt: rt}}
	exports := vm.NewObject()
	sysMethod(vm, exports, "spawn", m.spawnJS)
	sysMethod(vm, exports, "exec", m.execJS)
	sysMethod(vm, exports, "execFile", m.execFileJS)
	sysMethod(vm, exports, "spawnSync", m.spawnSyncJS)
	sysMethod(vm, exports, "execSync", m.execSyncJS)
	sysMethod(vm, exports, "execFileSync", m.execFileSyncJS)
	sysMethod(vm, exports, "fork", func(goja.FunctionCall) goja.Value {
		panic(sysNewError(vm, "Error", "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "child_process.fork() is not supported in pigo"))
	})
	m.definePromisified(exports)
	return module.Set("exports", exports)
}

// spawnJS is spawn(command, args?, options?). Loop only.
func (m *cpMod) spawnJS(call goja.FunctionCall) goja.Value {
	argsV, optsV := call.Argument(1), call.Argument(2)
	if arr, ok := argsV.(*goja.Object); !ok || arr.ClassName() != "Array" {
		if !goja.IsUndefined(argsV) && !goja.IsNull(argsV) {
			optsV = argsV
		}
		argsV = goja.Undefined()
	}
	return m.spawn(m.options(call.Argument(0), argsV, optsV), nil).obj
}

// cpChild is one spawned process.
type cpChild struct {
	m   *cpMod
	opt *cpOptions
	obj *goja.Object // the ChildProcess; loop only
	cmd *exec.Cmd

	stdin          *sysWritable
	stdout, stderr *sysReadable
	readEnds       []*os.File    // our ends of the output pipes
	done           chan struct{} // closed once the child was reaped
	reading        atomic.Int32  // output pipes still being read
	retireOnce     sync.Once

	// Loop only.
	hooks        *cpHooks
	pendingClose int // 'exit' plus open output streams before 'close'
	exitCode     goja.Value
	signalCode   goja.Value
	exited       bool
	cleanups     []func()
}

// cpHooks let exec observe a child from Go before its JS listeners.
type cpHooks struct {
	err   func(err *goja.Object)        // spawn failure or abort
	close func(code, signal goja.Value) // after 'close'
}

// spawn starts a child and returns it; start failures are reported
// asynchronously as an 'error' event, like Node. Loop only.
func (m *cpMod) spawn(o *cpOptions, hooks *cpHooks) *cpChild {
	vm := m.vm
	c := &cpChild{m: m, opt: o, done: make(chan struct{}), hooks: hooks,
		exitCode: goja.Null(), signalCode: goja.Null()}
	obj := m.ee.make()
	c.obj = obj
	_ = obj.Set("pid", goja.Undefined())
	_ = obj.Set("exitCode", goja.Null())
	_ = obj.Set("signalCode", goja.Null())
	_ = obj.Set("killed", false)
	_ = obj.Set("connected", false)
	_ = obj.Set("spawnfile", o.file)
	spawnargs := []any{o.argv0}
	for _, a := range o.args {
		spawnargs = append(spawnargs, a)
	}
	_ = obj.Set("spawnargs", vm.NewArray(spawnargs...))
	sysMethod(vm, obj, "kill", func(call goja.FunctionCall) goja.Value {
		return vm.ToValue(c.kill(sysSignalArg(vm, call.Argument(0), "SIGTERM")))
	})
	for _, name := range []string{"ref", "unref"} {
		sysMethod(vm, obj, name, func(goja.FunctionCall) goja.Value { return obj })
	}
	sysMethod(vm, obj, "disconnect", func(goja.FunctionCall) goja.Value { return goja.Undefined() })

	// Pipes: the child's ends go to the process, ours to the streams.
	var childEnds []*os.File
	var stdinW *os.File
	closeAll := func() {
		for _, f := range childEnds {
			_ = f.Close()
		}
		for _, f := range c.readEnds {
			_ = f.Close()
		}
		if stdinW != nil {
			_ = stdinW.Close()
		}
	}
	files := [3]*os.File{}
	for i, mode := range o.stdio {
		if mode != "pipe" {
			continue
		}
		r, w, err := os.Pipe()
		if err != nil {
			closeAll()
			c.failStart(sysErrorf(err, "spawn "+o.file, o.file, ""))
			return c
		}
		if i == 0 {
			files[0], stdinW = r, w
			childEnds = append(childEnds, r)
		} else {
			files[i] = w
			childEnds = append(childEnds, w)
			c.readEnds = append(c.readEnds, r)
		}
	}
	stdio := []any{goja.Null(), goja.Null(), goja.Null()}
	if stdinW != nil {
		c.stdin = newSysWritable(m.rt, m.ee)
		stdio[0] = c.stdin.obj
	}
	outs := c.readEnds
	if files[1] != nil {
		c.stdout = newSysReadable(m.rt, m.ee, m.bufs)
		stdio[1] = c.stdout.obj
	}
	if files[2] != nil {
		c.stderr = newSysReadable(m.rt, m.ee, m.bufs)
		stdio[2] = c.stderr.obj
	}
	// Node's child stdio are duplex sockets: each reports both sides.
	for _, st := range stdio {
		if o, ok := st.(*goja.Object); ok {
			sysDuplexProps(o)
		}
	}
	_ = obj.Set("stdin", stdio[0])
	_ = obj.Set("stdout", stdio[1])
	_ = obj.Set("stderr", stdio[2])
	_ = obj.Set("stdio", vm.NewArray(stdio...))

	path, err := cpLookPath(o.file, o.envPath, o.cwd)
	if err == nil && o.cwd != "" {
		if fi, statErr := os.Stat(o.cwd); statErr != nil || !fi.IsDir() {
			err = syscall.ENOENT
		}
	}
	if err != nil {
		closeAll()
		c.failStart(err)
		return c
	}
	cmd := &exec.Cmd{Path: path, Args: append([]string{o.argv0}, o.args...), Dir: o.cwd, Env: o.env,
		SysProcAttr: cpProcAttr(o.detached)}
	if files[0] != nil {
		cmd.Stdin = files[0]
	}
	if files[1] != nil {
		cmd.Stdout = files[1]
	}
	if files[2] != nil {
		cmd.Stderr = files[2]
	}
	if err := cmd.Start(); err != nil {
		closeAll()
		c.failStart(err)
		return c
	}
	c.cmd = cmd
	for _, f := range childEnds {
		_ = f.Close()
	}
	_ = obj.Set("pid", cmd.Process.Pid)
	// 'spawn' is queued before any output or exit job can be.
	m.rt.Post(func() { m.ee.emit(obj, "spawn") })

	// Kill the child's group when the generation ends.
	untrack := m.rt.Track(c.retire)
	stopCtx := context.AfterFunc(m.rt.Context(), c.retire)

	c.pendingClose = 1
	readers := []*sysReadable{c.stdout, c.stderr}
	j := 0
	for _, s := range readers {
		if s == nil {
			continue
		}
		c.pendingClose++
		s.onClose = c.closeOne
		r := outs[j]
		j++
		s.stop = func() { _ = r.Close() }
		c.reading.Add(1)
		s.pump(r, func() {
			_ = r.Close()
			c.reading.Add(-1)
		})
	}
	if c.stdin != nil {
		go c.stdin.run(func() (io.WriteCloser, error) { return stdinW, nil }, c.done)
	}
	c.watchTimeout()
	c.watchAbort()
	go func() {
		werr := cmd.Wait()
		close(c.done)
		untrack()
		stopCtx()
		state := cmd.ProcessState
		m.rt.Post(func() { c.onExit(state, werr) })
	}()
	return c
}

// failStart reports a child that could not start: after the current job,
// 'error' (a spawn error in Node's shape), the end and 'close' of its
// stdio streams, then 'close' with code -errno.
// Loop only.
func (c *cpChild) failStart(err error) {
	se, ok := sysErrorf(err, "spawn "+c.opt.file, c.opt.file, "").(*sysError)
	if !ok {
		se = sysErrno(syscall.EINVAL, "spawn "+c.opt.file, c.opt.file)
	}
	se.syscall, se.path, se.short = "spawn "+c.opt.file, c.opt.file, true
	c.m.rt.Post(func() {
		vm := c.m.vm
		c.exited = true
		c.exitCode = vm.ToValue(se.errno)
		_ = c.obj.Set("exitCode", se.errno)
		errObj := c.spawnError(se)
		if c.hooks != nil && c.hooks.err != nil {
			c.hooks.err(errObj)
		}
		if c.hooks == nil || c.m.ee.listeners(c.obj, "error") > 0 {
			c.m.ee.emit(c.obj, "error", errObj)
		}
		// As in Node, the stdio streams end empty and close (libraries
		// such as execa wait for them), then the child closes.
		for _, s := range []*sysReadable{c.stdout, c.stderr} {
			if s != nil {
				s.finish(nil)
				s.close()
			}
		}
		if c.stdin != nil {
			c.stdin.closed()
		}
		c.emitClose()
	})
}

// spawnError converts a spawn failure, adding spawnargs. Loop only.
func (c *cpChild) spawnError(se *sysError) *goja.Object {
	obj := sysErrorValue(c.m.vm, se)
	args := make([]any, len(c.opt.args))
	for i, a := range c.opt.args {
		args[i] = a
	}
	_ = obj.Set("spawnargs", c.m.vm.NewArray(args...))
	return obj
}

// kill signals the child (not its group), as ChildProcess.kill does.
// Loop only.
func (c *cpChild) kill(sig syscall.Signal) bool {
	if c.cmd == nil || c.exited {
		return false
	}
	select {
	case <-c.done:
		return false
	default:
	}
	if err := c.cmd.Process.Signal(sig); err != nil {
		return false
	}
	_ = c.obj.Set("killed", true)
	return true
}

// killGroup signals the child's whole process group (pigo's own kills:
// timeouts, maxBuffer, abort). Loop only.
func (c *cpChild) killGroup(sig syscall.Signal) bool {
	if c.cmd == nil || c.exited {
		return false
	}
	select {
	case <-c.done:
		return false
	default:
	}
	cpKillGroup(c.cmd.Process.Pid, sig)
	// The child itself too, in case it left the group. The group signal may
	// already have ended it and the reaper seen that, so the outcome is the
	// group signal's: a child that was alive a moment ago was killed (a
	// false here lost the abort 'error' under load).
	c.kill(sig)
	_ = c.obj.Set("killed", true)
	return true
}

// retire kills the child's process group with SIGKILL and unblocks our
// pipe readers (a process that left the group may still hold them). The
// group is signalled while its leader is alive or its members still hold
// our pipes, so the group id cannot have been reused. Safe from any
// goroutine; runs once.
func (c *cpChild) retire() {
	c.retireOnce.Do(func() {
		select {
		case <-c.done:
			if c.reading.Load() > 0 {
				cpKillGroup(c.cmd.Process.Pid, syscall.SIGKILL)
			}
		default:
			cpKillGroup(c.cmd.Process.Pid, syscall.SIGKILL)
			_ = c.cmd.Process.Kill()
		}
		for _, f := range c.readEnds {
			_ = f.Close()
		}
	})
}

// onExit handles the reaped child: exitCode/signalCode, 'exit', and
// unconsumed output streams are resumed (discarding their data) so
// 'close' can follow, like Node's flushStdio. Loop only.
func (c *cpChild) onExit(state *os.ProcessState, werr error) {
	vm := c.m.vm
	c.exited = true
	for _, f := range c.cleanups {
		f()
	}
	c.cleanups = nil
	code, sig := goja.Null(), goja.Null()
	if state != nil {
		if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			sig = vm.ToValue(sysSignalName(ws.Signal()))
		} else {
			code = vm.ToValue(state.ExitCode())
		}
	} else if werr != nil {
		code = vm.ToValue(-1)
	}
	c.exitCode, c.signalCode = code, sig
	_ = c.obj.Set("exitCode", code)
	_ = c.obj.Set("signalCode", sig)
	c.m.ee.emit(c.obj, "exit", code, sig)
	for _, s := range []*sysReadable{c.stdout, c.stderr} {
		if s != nil && !s.flowing && !s.paused {
			s.resume()
		}
	}
	c.closeOne()
}

// closeOne counts down to 'close'. Loop only.
func (c *cpChild) closeOne() {
	c.pendingClose--
	if c.pendingClose == 0 {
		c.emitClose()
	}
}

// emitClose emits 'close' (code, signal) and runs the close hook. Loop
// only.
func (c *cpChild) emitClose() {
	c.m.ee.emit(c.obj, "close", c.exitCode, c.signalCode)
	if c.hooks != nil && c.hooks.close != nil {
		c.hooks.close(c.exitCode, c.signalCode)
	}
}

// watchTimeout kills the child's group with killSignal after the timeout
// option.
// Loop only.
func (c *cpChild) watchTimeout() {
	if c.opt.timeout <= 0 {
		return
	}
	t := time.AfterFunc(c.opt.timeout, func() {
		c.m.rt.Post(func() { c.killGroup(c.opt.killSignal) })
	})
	c.cleanups = append(c.cleanups, func() { t.Stop() })
}

// watchAbort kills the child's group when the signal option aborts, then emits
// 'error' with an AbortError, like Node. Loop only.
func (c *cpChild) watchAbort() {
	sig := c.opt.signal
	if sig == nil {
		return
	}
	vm := c.m.vm
	abort := func() {
		if c.killGroup(c.opt.killSignal) {
			errObj := sysNewError(vm, "Error", "ABORT_ERR", "The operation was aborted")
			_ = errObj.Set("name", "AbortError")
			if r := sig.Get("reason"); r != nil && !goja.IsUndefined(r) {
				_ = errObj.Set("cause", r)
			}
			if c.hooks != nil && c.hooks.err != nil {
				c.hooks.err(errObj)
			}
			if c.hooks == nil || c.m.ee.listeners(c.obj, "error") > 0 {
				c.m.ee.emit(c.obj, "error", errObj)
			}
		}
	}
	if sig.Get("aborted").ToBoolean() {
		c.m.rt.Post(abort)
		return
	}
	add, remove := sysFunc(sig.Get("addEventListener")), sysFunc(sig.Get("removeEventListener"))
	if add == nil {
		return
	}
	listener := vm.ToValue(func(goja.FunctionCall) goja.Value { abort(); return goja.Undefined() })
	if _, err := add(sig, vm.ToValue("abort"), listener); err != nil {
		return
	}
	if remove != nil {
		c.cleanups = append(c.cleanups, func() { _, _ = remove(sig, vm.ToValue("abort"), listener) })
	}
}
