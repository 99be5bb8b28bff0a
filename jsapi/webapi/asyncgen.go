package webapi

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
)

// The AsyncGeneratorFunction constructor. goja cannot run async generators,
// so the source is checked here as V8's CreateDynamicFunction checks it
// (one function literal, parameters and body each whole), lowered by
// Options.LowerFunctionBody (the bundler's esbuild lowering) and run as a
// script: the function closes over the global scope only, as one made by
// the Function constructor does.

// agfHead is the start of the source V8 builds for the constructor's
// arguments; toString shows the source without the outer parentheses.
const agfHead = "(async function* anonymous("

// agfPrograms caches compiled lowered sources by source text: programs are
// immutable and shared by every runtime. Bounded: a program that builds
// sources in a loop starts it over.
var agfPrograms = struct {
	sync.Mutex
	m map[string]*goja.Program
}{m: map[string]*goja.Program{}}

const agfProgramsMax = 256

// compileAsyncGenerator is internal.compileAsyncGenerator(params, body) →
// the async generator function V8's `new AsyncGeneratorFunction(...params,
// body)` makes, or throws its SyntaxError.
func (h *host) compileAsyncGenerator(call goja.FunctionCall) goja.Value {
	params, body := call.Argument(0).String(), call.Argument(1).String()
	if h.opts.LowerFunctionBody == nil {
		panic(h.rt.NewTypeError("not supported: AsyncGeneratorFunction cannot compile source at run time in this runtime (async generators are compiled ahead of time)"))
	}
	src := agfHead + params + "\n) {\n" + body + "\n})"
	if msg := agfCheck(src, len(params)); msg != "" {
		h.throwSyntaxError(msg)
	}
	agfPrograms.Lock()
	prog := agfPrograms.m[src]
	agfPrograms.Unlock()
	if prog == nil {
		lowered, err := h.opts.LowerFunctionBody("return " + src + ";")
		if err != nil {
			h.throwSyntaxError(err.Error())
		}
		prog, err = goja.Compile("anonymous", "(function () {"+lowered+"\n})()", false)
		if err != nil {
			h.throwSyntaxError(err.Error())
		}
		agfPrograms.Lock()
		if len(agfPrograms.m) >= agfProgramsMax {
			clear(agfPrograms.m)
		}
		agfPrograms.m[src] = prog
		agfPrograms.Unlock()
	}
	v, err := h.rt.RunProgram(prog)
	if err != nil {
		panic(err)
	}
	return v
}

func (h *host) throwSyntaxError(msg string) {
	e, err := h.rt.New(h.rt.Get("SyntaxError"), h.rt.ToValue(msg))
	if err != nil {
		panic(err)
	}
	panic(e)
}

// agfCheck returns V8's SyntaxError message for src (agfHead, params of
// length n, then the body), or "" when it is one async generator function
// literal whose parameter list and body are exactly the given ones.
func agfCheck(src string, n int) string {
	prog, err := parser.ParseFile(nil, "", src, 0, parser.WithDisableSourceMaps)
	if err != nil {
		msg := err.Error()
		if list, ok := err.(parser.ErrorList); ok && len(list) > 0 {
			msg = list[0].Message
			// Like V8, an error right after a whole parameter list that
			// is still inside the parameters ("a b") ends them early.
			at := agfOffset(src, list[0].Position.Line, list[0].Position.Column)
			if at > len(agfHead) && at < len(agfHead)+n+1 {
				if _, perr := parser.ParseFile(nil, "", src[:at]+"\n) {})", 0, parser.WithDisableSourceMaps); perr == nil {
					return "Arg string terminates parameters early"
				}
			}
		}
		// goja: "Unexpected token }"; V8: "Unexpected token '}'".
		if tok, ok := strings.CutPrefix(msg, "Unexpected token "); ok {
			msg = "Unexpected token '" + tok + "'"
		}
		return msg
	}
	// The function literal the source starts with; V8 checks where its
	// parameters end before anything else.
	var first ast.Expression
	if st, ok := prog.Body[0].(*ast.ExpressionStatement); ok {
		first = st.Expression
	}
	fn := agfLeftmost(first)
	if fn == nil || !fn.Async || !fn.Generator {
		return "Single function literal required"
	}
	// file.Idx is 1-based: the ")" closing the parameters is at
	// len(agfHead)+n+1 (after the "\n"), 0-based.
	switch closing := int(fn.ParameterList.Closing) - 1; {
	case closing < len(agfHead)+n+1:
		return "Arg string terminates parameters early"
	case closing > len(agfHead)+n+1:
		return "Unexpected end of arg string"
	}
	if len(prog.Body) != 1 || first != ast.Expression(fn) {
		return "Single function literal required"
	}
	if int(fn.Idx1())-1 != len(src)-1 {
		return "Single function literal required"
	}
	return ""
}

// agfLeftmost is the function literal e starts with, or nil.
func agfLeftmost(e ast.Expression) *ast.FunctionLiteral {
	for {
		switch x := e.(type) {
		case *ast.FunctionLiteral:
			return x
		case *ast.SequenceExpression:
			e = x.Sequence[0]
		case *ast.CallExpression:
			e = x.Callee
		case *ast.BinaryExpression:
			e = x.Left
		case *ast.AssignExpression:
			e = x.Left
		case *ast.DotExpression:
			e = x.Left
		case *ast.BracketExpression:
			e = x.Left
		case *ast.ConditionalExpression:
			e = x.Test
		default:
			return nil
		}
	}
}

// agfOffset is the byte offset in src of a parser position (1-based line,
// and column in characters), or -1.
func agfOffset(src string, line, col int) int {
	at := 0
	for ; line > 1; line-- {
		i := strings.IndexByte(src[at:], '\n')
		if i < 0 {
			return -1
		}
		at += i + 1
	}
	for col--; col > 0 && at < len(src); col-- {
		_, size := utf8.DecodeRuneInString(src[at:])
		at += size
	}
	return at
}

// useSourceTexts is internal.useSourceTexts(sourceTextOf): from then on
// Function.prototype.toString answers sourceTextOf(fn) when that is a
// string (V8's source text of a constructed async generator function, not
// its lowered form) and goja's text otherwise. Once per runtime; the
// replacement is a Go function, so it reads as native code as V8's does.
func (h *host) useSourceTexts(call goja.FunctionCall) goja.Value {
	sourceTextOf, ok := goja.AssertFunction(call.Argument(0))
	if !ok || h.sourceTexts {
		return goja.Undefined()
	}
	h.sourceTexts = true
	proto := h.rt.Get("Function").ToObject(h.rt).Get("prototype").ToObject(h.rt)
	orig, ok := goja.AssertFunction(proto.Get("toString"))
	if !ok {
		return goja.Undefined()
	}
	fn := h.function("toString", 0, func(c goja.FunctionCall) goja.Value {
		if _, isObj := c.This.(*goja.Object); isObj {
			v, err := sourceTextOf(goja.Undefined(), c.This)
			if err != nil {
				panic(err)
			}
			if s, ok := v.Export().(string); ok {
				return h.rt.ToValue(s)
			}
		}
		v, err := orig(c.This, c.Arguments...)
		if err != nil {
			panic(err)
		}
		return v
	})
	must(proto.DefineDataProperty("toString", fn, goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE))
	return goja.Undefined()
}
