package node

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"os/exec"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/dop251/goja"
)

// spawnSync, execSync and execFileSync block the loop until the child
// exits, as in Node. The child's process group is killed when
// Runtime.Context ends (SIGKILL), after options.timeout (killSignal,
// then ETIMEDOUT) or when its output exceeds maxBuffer (killSignal, then
// ENOBUFS). A process that escapes the group and keeps the output pipes
// open delays the result by at most a second (exec.Cmd.WaitDelay), after
// which its remaining output is dropped.

// cpSyncResult is what a synchronous run produced.
type cpSyncResult struct {
	pid            int
	stdout, stderr []byte // nil when that stream was not piped
	status         *int   // nil when killed by a signal or not started
	signal         string
	err            *sysError // spawn failure, ETIMEDOUT or ENOBUFS
}

// cpCapped collects output up to limit bytes and calls over when it is
// exceeded.
type cpCapped struct {
	buf   bytes.Buffer
	limit float64
	over  func()
	hit   bool
}

func (c *cpCapped) Write(p []byte) (int, error) {
	if c.hit {
		return len(p), nil
	}
	if float64(c.buf.Len()+len(p)) > c.limit {
		c.buf.Write(p[:max(0, int(c.limit)-c.buf.Len())])
		c.hit = true
		c.over()
		return len(p), nil
	}
	return c.buf.Write(p)
}

// runSync runs o to completion on the calling goroutine. Safe from any
// goroutine; the loop blocks while it runs, as Node's sync calls do.
func (m *cpMod) runSync(o *cpOptions) cpSyncResult {
	syscallName := "spawnSync " + o.file
	fail := func(err error) cpSyncResult {
		se, ok := sysErrorf(err, syscallName, o.file, "").(*sysError)
		if !ok {
			se = sysErrno(syscall.EINVAL, syscallName, o.file)
		}
		se.syscall, se.path, se.short = syscallName, o.file, true
		return cpSyncResult{err: se}
	}
	path, err := cpLookPath(o.file, o.envPath, o.cwd)
	if err == nil && o.cwd != "" {
		if fi, statErr := os.Stat(o.cwd); statErr != nil || !fi.IsDir() {
			err = syscall.ENOENT
		}
	}
	if err != nil {
		return fail(err)
	}
	ctx, cancel := context.WithCancel(m.rt.Context())
	defer cancel()
	var timedOut, overflow atomic.Bool
	if o.timeout > 0 {
		t := time.AfterFunc(o.timeout, func() { timedOut.Store(true); cancel() })
		defer t.Stop()
	}
	limit := o.maxBuffer
	if math.IsNaN(limit) || limit <= 0 {
		limit = math.Inf(1)
	}
	cmd := exec.CommandContext(ctx, path)
	cmd.Args = append([]string{o.argv0}, o.args...)
	cmd.Dir, cmd.Env, cmd.SysProcAttr = o.cwd, o.env, cpProcAttr(o.detached)
	cmd.WaitDelay = time.Second
	cmd.Cancel = func() error {
		sig := o.killSignal
		if m.rt.Context().Err() != nil {
			sig = syscall.SIGKILL
		}
		cpKillGroup(cmd.Process.Pid, sig)
		return cmd.Process.Signal(sig)
	}
	if o.stdio[0] == "pipe" {
		cmd.Stdin = bytes.NewReader(o.input)
	}
	var outs [2]*cpCapped
	for i, mode := range o.stdio[1:] {
		if mode != "pipe" {
			continue
		}
		outs[i] = &cpCapped{limit: limit, over: func() { overflow.Store(true); cancel() }}
	}
	if outs[0] != nil {
		cmd.Stdout = outs[0]
	}
	if outs[1] != nil {
		cmd.Stderr = outs[1]
	}
	if err := cmd.Start(); err != nil {
		return fail(err)
	}
	werr := cmd.Wait()
	res := cpSyncResult{pid: cmd.Process.Pid}
	if outs[0] != nil {
		res.stdout = append([]byte{}, outs[0].buf.Bytes()...)
	}
	if outs[1] != nil {
		res.stderr = append([]byte{}, outs[1].buf.Bytes()...)
	}
	if st := cmd.ProcessState; st != nil {
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			res.signal = sysSignalName(ws.Signal())
		} else {
			code := st.ExitCode()
			res.status = &code
		}
	} else if werr != nil && !errors.Is(werr, exec.ErrWaitDelay) {
		return fail(werr)
	}
	switch {
	case timedOut.Load():
		res.err = &sysError{code: "ETIMEDOUT", errno: -int(syscall.ETIMEDOUT), desc: "connection timed out",
			syscall: syscallName, path: o.file, short: true}
	case overflow.Load():
		res.err = &sysError{code: "ENOBUFS", errno: -int(syscall.ENOBUFS), desc: "no buffer space available",
			syscall: syscallName, path: o.file, short: true}
	}
	return res
}

// syncResult converts a result to spawnSync's object: {error?, status,
// signal, output, pid, stdout, stderr}. Loop only.
func (m *cpMod) syncResult(o *cpOptions, r cpSyncResult) *goja.Object {
	vm := m.vm
	obj := vm.NewObject()
	if r.err != nil {
		_ = obj.Set("error", m.syncError(o, r.err))
	}
	if r.status != nil {
		_ = obj.Set("status", *r.status)
	} else {
		_ = obj.Set("status", goja.Null())
	}
	if r.signal != "" {
		_ = obj.Set("signal", r.signal)
	} else {
		_ = obj.Set("signal", goja.Null())
	}
	if r.err != nil && r.pid == 0 {
		_ = obj.Set("output", goja.Null())
		_ = obj.Set("pid", 0)
		_ = obj.Set("stdout", goja.Null())
		_ = obj.Set("stderr", goja.Null())
		return obj
	}
	out := func(b []byte) goja.Value {
		if b == nil {
			return goja.Null()
		}
		if o.encoding != "" {
			return vm.ToValue(sysDecode(b, o.encoding))
		}
		return m.bufs.make(b)
	}
	stdout, stderr := out(r.stdout), out(r.stderr)
	_ = obj.Set("output", vm.NewArray(goja.Null(), stdout, stderr))
	_ = obj.Set("pid", r.pid)
	_ = obj.Set("stdout", stdout)
	_ = obj.Set("stderr", stderr)
	return obj
}

// syncError converts a sync spawn error, with spawnargs. Loop only.
func (m *cpMod) syncError(o *cpOptions, se *sysError) *goja.Object {
	obj := sysErrorValue(m.vm, se)
	args := make([]any, len(o.args))
	for i, a := range o.args {
		args[i] = a
	}
	_ = obj.Set("spawnargs", m.vm.NewArray(args...))
	return obj
}

// syncEncoding reads the encoding option of sync calls ("buffer" or
// absent: Buffers). Loop only.
func (m *cpMod) syncEncoding(o *cpOptions, optsV goja.Value) {
	if v := sysOpt(optsV, "encoding"); v != nil {
		enc, ok := sysNormalizeEncoding(v.String())
		if !ok {
			enc = sysEncoding(m.vm, v)
		}
		o.encoding = enc
	}
}

// spawnSyncJS is spawnSync(command, args?, options?). Loop only.
func (m *cpMod) spawnSyncJS(call goja.FunctionCall) goja.Value {
	argsV, optsV := call.Argument(1), call.Argument(2)
	if arr, ok := argsV.(*goja.Object); !ok || arr.ClassName() != "Array" {
		if !goja.IsUndefined(argsV) && !goja.IsNull(argsV) {
			optsV = argsV
		}
		argsV = goja.Undefined()
	}
	o := m.options(call.Argument(0), argsV, optsV)
	o.maxBuffer = math.Inf(1)
	if v := sysOpt(optsV, "maxBuffer"); v != nil {
		o.maxBuffer = v.ToFloat()
	}
	m.syncEncoding(o, optsV)
	return m.syncResult(o, m.runSync(o))
}

// execSyncJS is execSync(command, options?): stdout, or a throw when the
// command fails. Loop only.
func (m *cpMod) execSyncJS(call goja.FunctionCall) goja.Value {
	cmd := call.Argument(0)
	if cmd == nil || sysIsObject(cmd) || sysTypeof(cmd) != "string" {
		sysThrowArgType(m.vm, "command", "of type string", cmd)
	}
	optsV := call.Argument(1)
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
	o.cmdline = cmd.String()
	return m.execSyncCommon(o, optsV)
}

// execFileSyncJS is execFileSync(file, args?, options?). Loop only.
func (m *cpMod) execFileSyncJS(call goja.FunctionCall) goja.Value {
	argsV, optsV := call.Argument(1), call.Argument(2)
	if arr, ok := argsV.(*goja.Object); !ok || arr.ClassName() != "Array" {
		if !goja.IsUndefined(argsV) && !goja.IsNull(argsV) {
			optsV = argsV
		}
		argsV = goja.Undefined()
	}
	return m.execSyncCommon(m.options(call.Argument(0), argsV, optsV), optsV)
}

// execSyncCommon runs o and returns its stdout, or throws like Node's
// checkExecSyncError: the spawn error, or "Command failed: cmd\nstderr"
// with status, signal, output, pid, stdout and stderr. Loop only.
func (m *cpMod) execSyncCommon(o *cpOptions, optsV goja.Value) goja.Value {
	m.syncEncoding(o, optsV)
	r := m.runSync(o)
	res := m.syncResult(o, r)
	props := []string{"status", "signal", "output", "pid", "stdout", "stderr"}
	if r.err != nil {
		errObj := res.Get("error").(*goja.Object)
		for _, k := range props {
			_ = errObj.Set(k, res.Get(k))
		}
		panic(errObj)
	}
	if r.status == nil || *r.status != 0 {
		msg := "Command failed: " + o.cmdline
		if len(r.stderr) > 0 {
			msg += "\n" + sysDecode(r.stderr, "utf8")
		}
		errObj := sysNewError(m.vm, "Error", "", msg)
		for _, k := range props {
			_ = errObj.Set(k, res.Get(k))
		}
		panic(errObj)
	}
	return res.Get("stdout")
}
