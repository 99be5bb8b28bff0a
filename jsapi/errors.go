package jsapi

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
)

// Errors raised by plugin code become *engine.ScriptError with the place
// they were raised, mapped back to the original TS/JS file through the
// bundle's source map, plus a code frame: every error that leaves jsapi
// names its plugin and place.

const stackOverflowMessage = "Maximum call stack size exceeded"

// jsError converts an error from goja into a *engine.ScriptError. Loop only.
func (g *jsGen) jsError(err error) error {
	if err == nil {
		return nil
	}
	var se *engine.ScriptError
	if errors.As(err, &se) {
		return err
	}
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		cause, _ := ie.Value().(error)
		text := "interrupted"
		if cause != nil {
			text = cause.Error()
		}
		if errors.Is(cause, engine.ErrBudget) {
			text = "time budget exceeded: runaway code interrupted"
		}
		out := &engine.ScriptError{Text: text, Cause: cause}
		g.locate(out, ie.Stack())
		return out
	}
	var so *goja.StackOverflowError
	if errors.As(err, &so) {
		// goja's overflow is uncatchable (V8's RangeError is not); it is
		// reported with V8's words and the innermost plugin frame.
		out := &engine.ScriptError{Text: "RangeError: " + stackOverflowMessage, Message: stackOverflowMessage}
		g.locate(out, so.Stack())
		return out
	}
	var ex *goja.Exception
	if errors.As(err, &ex) {
		out := &engine.ScriptError{Text: exceptionText(ex.Value()), Message: exceptionMessage(ex.Value())}
		if obj, ok := ex.Value().(*goja.Object); ok {
			if c, ok := obj.Export().(error); ok && !isJSError(obj) {
				out.Cause = c
			}
		}
		if !g.locate(out, ex.Stack()) {
			g.locateFromStackProp(out, ex.Value())
		}
		return out
	}
	return err
}

// valueError converts a thrown/rejected JS value into a ScriptError. Loop only.
func (g *jsGen) valueError(v goja.Value) error {
	out := &engine.ScriptError{Text: exceptionText(v), Message: exceptionMessage(v)}
	g.locateFromStackProp(out, v)
	return out
}

// exceptionMessage is an Error object's message ("" for other values).
func exceptionMessage(v goja.Value) string {
	if obj, ok := v.(*goja.Object); ok {
		if msg := obj.Get("message"); msg != nil && !goja.IsUndefined(msg) {
			return msg.String()
		}
	}
	return ""
}

// rejectionError turns a rejection reason into an error. Loop only.
func (g *jsGen) rejectionError(v goja.Value) error {
	if obj, ok := v.(*goja.Object); ok {
		if e, ok := obj.Export().(error); ok && !isJSError(obj) {
			return e
		}
	}
	return g.valueError(v)
}

// errorValue turns a Go error into a JS Error to throw or reject with.
// Loop only.
func (g *jsGen) errorValue(err error) goja.Value {
	msg := err.Error()
	var se *engine.ScriptError
	if errors.As(err, &se) {
		msg = se.Text
	}
	obj, _ := g.rt.New(g.rt.Get("Error"), g.rt.ToValue(msg))
	if obj == nil {
		return g.rt.ToValue(msg)
	}
	if c := codeOf(err); c != "" {
		_ = obj.Set("code", c)
	}
	if errors.Is(err, engine.ErrStale) {
		_ = obj.Set("code", "PIGO_STALE")
	}
	if errors.Is(err, engine.ErrBudget) {
		_ = obj.Set("code", "PIGO_BUDGET")
	}
	return obj
}

// throw panics with err as a JS exception (for Go functions called from JS).
// Loop only.
func (g *jsGen) throw(err error) {
	panic(g.errorValue(err))
}

// panicError converts a recovered panic into an error. Loop only.
func (g *jsGen) panicError(p any) error {
	switch x := p.(type) {
	case *goja.Exception:
		return g.jsError(x)
	case *goja.InterruptedError:
		return g.jsError(x)
	case *goja.StackOverflowError:
		return g.jsError(x)
	case goja.Value:
		return g.valueError(x)
	case error:
		return fmt.Errorf("internal error in a pigo binding: %w", x)
	}
	return fmt.Errorf("internal error in a pigo binding: %v", p)
}

func isJSError(obj *goja.Object) bool {
	return obj.Get("message") != nil && obj.Get("stack") != nil
}

// exceptionText renders "Name: message" for Error objects, else the value.
func exceptionText(v goja.Value) string {
	if v == nil || goja.IsUndefined(v) {
		return "undefined"
	}
	if obj, ok := v.(*goja.Object); ok {
		msg := obj.Get("message")
		if msg != nil && !goja.IsUndefined(msg) {
			name := "Error"
			if n := obj.Get("name"); n != nil && !goja.IsUndefined(n) {
				name = n.String()
			}
			return name + ": " + msg.String()
		}
	}
	return v.String()
}

// locate sets out's location from the first frame in plugin code. Loop only.
func (g *jsGen) locate(out *engine.ScriptError, frames []goja.StackFrame) bool {
	var stack strings.Builder
	found := false
	for _, f := range frames {
		pos := f.Position()
		if pos.Filename == "" || pos.Line == 0 {
			continue
		}
		file := cleanSourcePath(pos.Filename)
		fmt.Fprintf(&stack, "    at %s (%s:%d:%d)\n", f.FuncName(), file, pos.Line, pos.Column)
		if !found && !isHostSource(file) {
			out.Location = g.location(file, pos.Line, pos.Column-1)
			found = true
		}
	}
	out.Stack = stack.String()
	if out.Location != nil {
		out.Frame = codeFrame(out.Location)
	}
	return found
}

var stackLine = regexp.MustCompile(`at (?:[^\n(]*\()?([^\s()]+):(\d+):(\d+)`)

// locateFromStackProp parses the "stack" property of an Error object.
func (g *jsGen) locateFromStackProp(out *engine.ScriptError, v goja.Value) {
	obj, ok := v.(*goja.Object)
	if !ok {
		return
	}
	st := obj.Get("stack")
	if st == nil || goja.IsUndefined(st) {
		return
	}
	for _, m := range stackLine.FindAllStringSubmatch(st.String(), -1) {
		file := cleanSourcePath(m[1])
		if isHostSource(file) {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		out.Location = g.location(file, line, col-1)
		out.Frame = codeFrame(out.Location)
		out.Stack = st.String()
		return
	}
}

// location builds a Location with the line's text. Loop only.
func (g *jsGen) location(file string, line, col int) *engine.Location {
	if col < 0 {
		col = 0
	}
	loc := &engine.Location{File: file, Line: line, Column: col}
	if lines := readLines(file); line >= 1 && line <= len(lines) {
		loc.LineText = lines[line-1]
	}
	return loc
}

// cleanSourcePath turns a source-map URL into a file path.
func cleanSourcePath(s string) string {
	if strings.HasPrefix(s, "file://") {
		if u, err := url.Parse(s); err == nil {
			return filepath.FromSlash(u.Path)
		}
	}
	return s
}

// isHostSource reports whether file is pigo's own code: host modules
// ("pigo:") and the JavaScript halves of the node built-ins ("node:").
func isHostSource(file string) bool {
	return strings.HasPrefix(file, "pigo:") || strings.HasPrefix(file, "node:") || file == "<native>"
}

func readLines(file string) []string {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	return strings.Split(string(b), "\n")
}

// codeFrame renders two lines of context around loc with a caret.
func codeFrame(loc *engine.Location) string {
	lines := readLines(loc.File)
	if loc.Line < 1 || loc.Line > len(lines) {
		return ""
	}
	var b strings.Builder
	from, to := max(1, loc.Line-2), min(len(lines), loc.Line+2)
	width := len(strconv.Itoa(to))
	for n := from; n <= to; n++ {
		mark := " "
		if n == loc.Line {
			mark = ">"
		}
		fmt.Fprintf(&b, "%s %*d | %s\n", mark, width, n, strings.TrimRight(lines[n-1], "\r"))
		if n == loc.Line {
			fmt.Fprintf(&b, "  %*s | %s^\n", width, "", strings.Repeat(" ", min(loc.Column, len(lines[n-1]))))
		}
	}
	return b.String()
}

// rethrow propagates an error from a JS callback (called from a Go binding)
// back into JS unchanged: exceptions keep their stack, interrupts stay
// uncatchable. Loop only.
func (g *jsGen) rethrow(err error) {
	var ex *goja.Exception
	var ie *goja.InterruptedError
	var so *goja.StackOverflowError
	switch {
	case errors.As(err, &ie):
		panic(ie)
	case errors.As(err, &so):
		panic(so)
	case errors.As(err, &ex):
		panic(ex)
	}
	g.throw(err)
}
