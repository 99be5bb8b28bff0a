// Package codemode runs codemode scripts (pi 1.6's `codemode` tool) in a
// fresh goja runtime per script: pi-codemode's own prelude builds the
// script's globals (tools, text, image, console, store/load, exit), the
// script runs as the body of an async function, and the only way out is
// the host's Call. The runtime has no require, timers, file system or
// network: goja provides none of them unless a host installs them, and
// this package installs nothing but the prelude's bridge.
//
// Budgets. Time: a deadline (and the caller's context) interrupts the
// script wherever it is, including promise-job loops such as
// `for (;;) await null`, since goja checks its interrupt flag on every
// instruction. Recursion: a call-depth limit. Output: the prelude's own
// limits (16777216 characters, 100000 items). Memory: goja cannot bound a
// runtime's heap (Go has no per-goroutine allocator), so a watchdog reads
// the process's heap every few milliseconds and interrupts the script when
// it grew more than MaxHeapGrowth since the script started; this stops
// allocation in a loop, but not one single huge allocation, and memory
// other goroutines allocate meanwhile counts too.
package codemode

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"runtime/metrics"
	"strings"
	"time"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// Call is one call a script makes: a tool (Target "tool") or a global
// ("global", e.g. searchTools). Args is JSON, or nil for undefined.
type Call struct {
	Target, Name string
	Args         *string
}

// Reply settles a Call. OK: Payload is the value's JSON (nil for
// undefined). Not OK: Payload is the error message and Properties (JSON
// object, optional) the Error's extra own properties.
type Reply struct {
	OK         bool
	Payload    *string
	Properties *string
}

// Item is one output item: text (Console for console.*) or an image.
type Item struct {
	Type     string // "text" or "image"
	Text     string
	Console  bool
	Data     string
	MimeType string
}

// Error is why a script failed, in pi-codemode's kinds: "script" (it threw,
// with Name, Message, Stack), "timeout", "aborted", "sandbox".
type Error struct {
	Kind, Name, Message, Stack string
}

// StoreWrites are a successful script's store() writes.
type StoreWrites struct {
	Set    map[string]json.RawMessage
	Delete []string
}

// Result is a finished script.
type Result struct {
	OK     bool
	Value  json.RawMessage // the returned value's JSON; nil for undefined
	Writes StoreWrites
	Error  *Error
	Output []Item
}

// Defaults.
const (
	// DefaultMaxCallDepth bounds recursion. goja unwinds a stack overflow
	// through async frames in time that grows faster than the depth
	// (10000 async frames take seconds, 3000 a few hundred ms).
	DefaultMaxCallDepth = 3000
	// DefaultMaxHeapGrowth matches pi's QuickJS memory limit (256 MB).
	DefaultMaxHeapGrowth = 256 << 20
	heapPoll             = 5 * time.Millisecond
)

// Options describe one script run.
type Options struct {
	Prelude     string // a prelude to run instead of pi-codemode's (tests); "" for Prelude()
	Code        string // the async function body
	ToolsJSON   string // [{name, jsName, description}]
	GlobalsJSON string // [{name, spread}]
	StoreJSON   string // {key: JSON text}
	Timeout     time.Duration
	// MaxCallDepth and MaxHeapGrowth default when 0.
	MaxCallDepth  int
	MaxHeapGrowth uint64
	// Call starts a script's call. It is called on the script's
	// goroutine, in the order the script makes its calls, and must not
	// block; the function it returns waits for the reply, on a goroutine
	// of its own. ctx ends when the script does (calls still running are
	// cancelled).
	Call func(ctx context.Context, c Call) (wait func() Reply)
}

type reply struct {
	id int64
	r  Reply
}

// stop is what interrupts a running VM.
type stop struct{ err *Error }

// Run runs one script in a fresh runtime and returns when it finished,
// failed, timed out, was stopped by the heap watchdog, or ctx ended
// (Error.Kind "aborted", the cause's message). It never panics on script
// behaviour.
func Run(ctx context.Context, o Options) (res Result) {
	r := &run{o: o, replies: make(chan reply, 16), stops: make(chan *Error, 4)}
	callCtx, cancelCalls := context.WithCancel(context.Background())
	defer cancelCalls()
	r.callCtx = callCtx
	defer func() {
		if p := recover(); p != nil {
			res = Result{Error: &Error{Kind: "sandbox", Message: fmt.Sprint(p)}, Output: r.output}
		}
	}()
	return r.exec(ctx)
}

type run struct {
	o        Options
	vm       *goja.Runtime
	callCtx  context.Context
	replies  chan reply
	stops    chan *Error
	pending  int
	output   []Item
	finished bool
	result   Result
}

// interrupt stops the VM wherever it is and wakes the loop.
func (r *run) interrupt(e *Error) {
	r.vm.Interrupt(stop{e})
	select {
	case r.stops <- e:
	default:
	}
}

func (r *run) exec(ctx context.Context) Result {
	var vm *goja.Runtime
	var prelude goja.Value
	var err error
	if r.o.Prelude != "" {
		vm = goja.New()
		prelude, err = vm.RunScript("codemode-prelude.js", r.o.Prelude)
	} else {
		vm, prelude, err = lockedDown()
	}
	if err != nil {
		return r.fail(&Error{Kind: "sandbox", Message: err.Error()})
	}
	r.vm = vm
	depth := r.o.MaxCallDepth
	if depth <= 0 {
		depth = DefaultMaxCallDepth
	}
	vm.SetMaxCallStackSize(depth)

	// Budgets: the deadline, the caller, the heap.
	if r.o.Timeout > 0 {
		t := time.AfterFunc(r.o.Timeout, func() {
			r.interrupt(&Error{Kind: "timeout", Message: fmt.Sprintf("Execution timed out after %d ms", r.o.Timeout.Milliseconds())})
		})
		defer t.Stop()
	}
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			msg := "Execution aborted"
			if c := context.Cause(ctx); c != nil && !errors.Is(c, context.Canceled) && !errors.Is(c, context.DeadlineExceeded) {
				msg = c.Error()
			}
			r.interrupt(&Error{Kind: "aborted", Message: msg})
		case <-done:
		}
	}()
	go r.watchHeap(done)

	bridge := func(c goja.FunctionCall) goja.Value {
		kind := c.Argument(0).String()
		switch kind {
		case "call", "global":
			id := c.Argument(1).ToInteger()
			call := Call{Target: map[string]string{"call": "tool", "global": "global"}[kind], Name: c.Argument(2).String()}
			if a := c.Argument(3); !goja.IsUndefined(a) {
				s := a.String()
				call.Args = &s
			}
			r.pending++
			wait := r.o.Call(r.callCtx, call)
			go func() {
				rep := wait()
				select {
				case r.replies <- reply{id, rep}:
				case <-r.callCtx.Done():
				}
			}()
		case "output":
			it := Item{Type: "text", Text: c.Argument(2).String()}
			switch c.Argument(1).String() {
			case "image":
				it = Item{Type: "image", Data: c.Argument(2).String(), MimeType: c.Argument(3).String()}
			case "console":
				it.Console = true
			}
			r.output = append(r.output, it)
		case "done":
			r.done(c.Argument(1).ToBoolean(), c.Argument(2), c.Argument(3))
		}
		return goja.Undefined()
	}

	start, ok := goja.AssertFunction(prelude)
	if !ok {
		return r.fail(&Error{Kind: "sandbox", Message: "the prelude is not a function"})
	}
	apiV, err := start(goja.Undefined(), vm.ToValue(bridge), vm.ToValue(r.o.ToolsJSON), vm.ToValue(r.o.GlobalsJSON), vm.ToValue(orJSON(r.o.StoreJSON, "{}")))
	if err != nil {
		return r.fail(r.vmError(err))
	}
	api := apiV.ToObject(vm)
	settle, _ := goja.AssertFunction(api.Get("settle"))
	runFn, _ := goja.AssertFunction(api.Get("run"))
	stalled, _ := goja.AssertFunction(api.Get("stalled"))

	// The prefix shares the first line with the script so reported line
	// numbers match the script as written.
	src := "(async (tools, console) => {" + r.o.Code + "\n})"
	if hasPropertyEscape(src) {
		if lowered, ok := lowerScript(src); ok {
			src = lowered
		}
	}
	fn, err := vm.RunScript("codemode.js", src)
	if lowered, ok := lowerUnsupported(src, err); ok {
		fn, err = vm.RunScript("codemode.js", lowered)
	}
	if err != nil {
		return r.fail(r.vmError(err))
	}
	// goja runs the promise jobs a call queued before the call returns.
	step := func(f func() error) bool {
		if err := f(); err != nil && !r.finished {
			r.fail(r.vmError(err))
		}
		if !r.finished {
			if _, err := stalled(api); err != nil && !r.finished {
				r.fail(r.vmError(err))
			}
		}
		return r.finished
	}
	if step(func() error { _, err := runFn(api, fn); return err }) {
		return r.result
	}
	for {
		select {
		case rep := <-r.replies:
			r.pending--
			args := []goja.Value{vm.ToValue(rep.id), vm.ToValue(rep.r.OK), optString(vm, rep.r.Payload), optString(vm, rep.r.Properties)}
			if step(func() error { _, err := settle(api, args...); return err }) {
				return r.result
			}
		case e := <-r.stops:
			if !r.finished {
				r.fail(e)
			}
			return r.result
		}
	}
}

// lowerUnsupported rewrites a script goja cannot compile into ES2017 with
// esbuild, which lowers the syntax goja lacks (async generators, for
// await), as QuickJS runs it as is; a script esbuild rejects too keeps
// goja's error. Only such scripts pay for it; their stack traces then name
// lines of the rewritten code.
func lowerUnsupported(src string, err error) (string, bool) {
	if !isSyntaxError(err) {
		return "", false
	}
	return lowerScript(src)
}

// hasPropertyEscape reports whether a script may have a regexp literal
// with a Unicode property escape, which goja reads as the letter p (no
// error): such scripts are lowered before they run.
func hasPropertyEscape(src string) bool {
	return strings.Contains(src, `\p{`) || strings.Contains(src, `\P{`)
}

// lowerScript is src in ES2017 (esbuild), its u and y regexp literals as
// RegExp calls when it has a property escape: the sandbox's RegExp
// (webapi's) expands them.
func lowerScript(src string) (string, bool) {
	opts := api.TransformOptions{Loader: api.LoaderJS, Target: api.ES2017}
	if hasPropertyEscape(src) {
		opts.Supported = map[string]bool{"regexp-sticky-and-unicode-flags": false}
	}
	r := api.Transform(src, opts)
	if len(r.Errors) > 0 {
		return "", false
	}
	return string(r.Code), true
}

func isSyntaxError(err error) bool {
	var ce *goja.CompilerSyntaxError
	if errors.As(err, &ce) {
		return true
	}
	var ex *goja.Exception
	if errors.As(err, &ex) {
		if o, ok := ex.Value().(*goja.Object); ok {
			if n := o.Get("name"); n != nil && n.String() == "SyntaxError" {
				return true
			}
		}
	}
	return false
}

func orJSON(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func optString(vm *goja.Runtime, s *string) goja.Value {
	if s == nil {
		return goja.Undefined()
	}
	return vm.ToValue(*s)
}

// done is the prelude's report. The host stops the VM on it (pi
// terminates the worker): a script that catches exit()'s unwinding must
// not run on.
func (r *run) done(ok bool, payload, writes goja.Value) {
	if r.finished {
		return
	}
	if !ok {
		var e struct{ Name, Message, Stack *string }
		if err := json.Unmarshal([]byte(payload.String()), &e); err != nil || e.Message == nil {
			r.fail(&Error{Kind: "sandbox", Message: "Sandbox bridge broken: script error is malformed. The script may have modified built-ins such as a prototype's toJSON."})
		} else {
			r.fail(&Error{Kind: "script", Name: deref(e.Name), Message: *e.Message, Stack: frameStack(deref(e.Name), *e.Message, deref(e.Stack))})
		}
	} else {
		res := Result{OK: true, Output: r.output}
		if !goja.IsUndefined(payload) {
			res.Value = json.RawMessage(payload.String())
		}
		var entries [][]string
		if err := json.Unmarshal([]byte(writes.String()), &entries); err != nil {
			r.fail(&Error{Kind: "sandbox", Message: "Sandbox bridge broken: store writes are not an array. The script may have modified built-ins such as a prototype's toJSON."})
		} else {
			res.Writes = StoreWrites{Set: map[string]json.RawMessage{}, Delete: []string{}}
			for _, e := range entries {
				switch len(e) {
				case 1:
					res.Writes.Delete = append(res.Writes.Delete, e[0])
				case 2:
					res.Writes.Set[e[0]] = json.RawMessage(e[1])
				}
			}
			r.finished, r.result = true, res
		}
	}
	r.vm.Interrupt(stop{})
}

// gojaFrame is one goja stack frame: "\tat f (codemode.js:2:5(12))".
var gojaFrame = regexp.MustCompile(`^\s*at (.*?):(\d+):(\d+)\(\d+\)(\)?)$`)

// frameStack makes the prelude's error text read as it does on QuickJS,
// whose error.stack lists frames only: goja's starts with "Name: message"
// again, which the prelude would print twice. Frames lose goja's bytecode
// offsets and are indented as in V8.
func frameStack(name, message, stack string) string {
	if stack == "" {
		return stack
	}
	head := name
	if message != "" {
		head = name + ": " + message
	}
	rest, ok := strings.CutPrefix(stack, head)
	if !ok {
		return stack
	}
	lines := strings.Split(strings.TrimPrefix(rest, "\n"), "\n")
	for _, h := range strings.Split(head, "\n") {
		if strings.TrimSpace(h) == "" {
			continue
		}
		if len(lines) > 0 && lines[0] == h {
			lines = lines[1:]
		}
	}
	out := []string{head}
	for _, l := range lines {
		if m := gojaFrame.FindStringSubmatch(l); m != nil {
			l = "    at " + m[1] + ":" + m[2] + ":" + m[3] + m[4]
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func (r *run) fail(e *Error) Result {
	if !r.finished {
		r.finished = true
		r.result = Result{Error: e, Output: r.output}
	}
	return r.result
}

// vmError turns what a VM call returned into the script's error: an
// interrupt carries its own; a stack overflow reads as V8's RangeError; an
// uncaught exception (a syntax error) is described like the prelude does.
func (r *run) vmError(err error) *Error {
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		if s, ok := ie.Value().(stop); ok && s.err != nil {
			return s.err
		}
		return &Error{Kind: "sandbox", Message: "interrupted"}
	}
	var so *goja.StackOverflowError
	if errors.As(err, &so) {
		return scriptError("RangeError", "Maximum call stack size exceeded")
	}
	var ex *goja.Exception
	if errors.As(err, &ex) {
		if o, ok := ex.Value().(*goja.Object); ok {
			name, msg := o.Get("name"), o.Get("message")
			if name != nil && msg != nil {
				// goja's compile errors repeat their name in the message.
				return scriptError(name.String(), strings.TrimPrefix(msg.String(), name.String()+": "))
			}
		}
		return scriptError("Error", ex.Value().String())
	}
	var ce *goja.CompilerSyntaxError
	if errors.As(err, &ce) {
		return scriptError("SyntaxError", strings.TrimPrefix(ce.Message, "SyntaxError: "))
	}
	return &Error{Kind: "sandbox", Message: err.Error()}
}

func scriptError(name, message string) *Error {
	head := name
	if message != "" {
		head = name + ": " + message
	}
	return &Error{Kind: "script", Name: name, Message: message, Stack: head}
}

// heapBytes reads the process's heap in use (live and not yet swept).
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// OutOfMemory is the error a script stopped by the heap watchdog fails
// with: QuickJS's text for its heap limit.
var OutOfMemory = &Error{Kind: "script", Name: "InternalError", Message: "out of memory", Stack: "InternalError: out of memory"}

func (r *run) watchHeap(done chan struct{}) {
	limit := r.o.MaxHeapGrowth
	if limit == 0 {
		limit = DefaultMaxHeapGrowth
	}
	base := heapBytes()
	t := time.NewTicker(heapPoll)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			if h := heapBytes(); h > base && h-base > limit {
				r.interrupt(OutOfMemory)
				return
			}
		}
	}
}
