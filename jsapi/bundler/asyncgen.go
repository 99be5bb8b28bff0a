package bundler

import (
	"reflect"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/parser"
)

// Async generator functions. goja cannot run them, so esbuild lowers each
// one to a plain function whose body is
//
//	return __asyncGenerator(this, args, function* () { ... });
//
// That runs, but the function is an ordinary one: Object.getPrototypeOf of
// it is Function.prototype, so the idiom libraries use to reach the async
// iteration intrinsics,
//
//	Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype)
//
// (%AsyncIteratorPrototype%; @sec-ant/readable-stream, hence execa) reads
// undefined and throws. markAsyncGenerators finds the lowered functions in
// esbuild's output and hands each to asyncGenMark, which webapi defines to
// give it the prototype chain of a real async generator function
// (AsyncGeneratorFunction.prototype, and a .prototype inheriting from
// %AsyncGeneratorPrototype%). Function expressions are wrapped in the call;
// a function declaration in a statement list is followed by one. Methods
// (object literal and class) keep Function.prototype: a method cannot be
// wrapped without changing what super means in it.

// asyncGenMark is the call the marking inserts; the global it reads is a
// registered symbol, so no name is added to the global scope. Where it is
// missing (a runtime without webapi) Object(fn), which is fn, stands in.
const asyncGenMark = `(globalThis[Symbol.for("pigo.asyncGeneratorFunction")] || Object)(`

// loweredAsyncGenHint is in every bundle that contains a lowered async
// generator function; others skip the parse.
const loweredAsyncGenHint = "return __asyncGenerator(this, "

// insertion is text to insert at a byte offset of the code.
type insertion struct {
	at   int
	text string
}

// markAsyncGenerators returns code with every lowered async generator
// function marked (see above), and the insertions it made, in order. code
// is a module body for wrapper prefix and WrapperSuffix. Code that does not
// parse is returned unchanged: compiling it reports the error.
func markAsyncGenerators(code, prefix string) (string, []insertion) {
	if !strings.Contains(code, loweredAsyncGenHint) {
		return code, nil
	}
	prog, err := parser.ParseFile(nil, "", prefix+code+WrapperSuffix, 0, parser.WithDisableSourceMaps)
	if err != nil {
		return code, nil
	}
	// file.Idx is 1-based, and counts the prefix.
	w := asyncGenWalker{base: 1 + len(prefix), code: code}
	w.walk(reflect.ValueOf(prog))
	if len(w.ins) == 0 {
		return code, nil
	}
	sort.SliceStable(w.ins, func(i, j int) bool { return w.ins[i].at < w.ins[j].at })
	var b strings.Builder
	b.Grow(len(code) + len(w.ins)*(len(asyncGenMark)+8))
	last := 0
	for _, in := range w.ins {
		b.WriteString(code[last:in.at])
		b.WriteString(in.text)
		last = in.at
	}
	b.WriteString(code[last:])
	return b.String(), w.ins
}

type asyncGenWalker struct {
	base int
	code string
	ins  []insertion
}

var (
	fnLitType    = reflect.TypeOf((*ast.FunctionLiteral)(nil))
	fnDeclType   = reflect.TypeOf((*ast.FunctionDeclaration)(nil))
	methodType   = reflect.TypeOf((*ast.MethodDefinition)(nil))
	propType     = reflect.TypeOf((*ast.PropertyKeyed)(nil))
	statementsT  = reflect.TypeOf([]ast.Statement(nil))
	fileType     = reflect.TypeOf((*file.File)(nil))
	declListType = reflect.TypeOf([]*ast.VariableDeclaration(nil))
)

// walk visits the syntax tree under v. A function literal met here is in
// expression position; declarations and methods are handled by their
// parents, which walk only the literal's insides.
func (w *asyncGenWalker) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			w.walk(v.Elem())
		}
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		switch v.Type() {
		case fileType:
			return
		case fnLitType:
			fn := v.Interface().(*ast.FunctionLiteral)
			if isLoweredAsyncGen(fn) {
				w.ins = append(w.ins, insertion{w.offset(fn.Idx0()), asyncGenMark}, insertion{w.offset(fn.Idx1()), ")"})
			}
			w.walkInside(fn)
			return
		case fnDeclType:
			w.walkInside(v.Interface().(*ast.FunctionDeclaration).Function)
			return
		case methodType:
			m := v.Interface().(*ast.MethodDefinition)
			w.walk(reflect.ValueOf(m.Key))
			w.walkInside(m.Body)
			return
		case propType:
			p := v.Interface().(*ast.PropertyKeyed)
			w.walk(reflect.ValueOf(p.Key))
			if fn, ok := p.Value.(*ast.FunctionLiteral); ok && p.Kind != ast.PropertyKindValue {
				w.walkInside(fn)
				return
			}
			w.walk(reflect.ValueOf(p.Value))
			return
		}
		w.walk(v.Elem())
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.Type() != declListType { // the declarations are in the body too
				w.walk(f)
			}
		}
	case reflect.Slice:
		stmts := v.Type() == statementsT
		for i := 0; i < v.Len(); i++ {
			e := v.Index(i)
			if stmts {
				if d, ok := e.Interface().(*ast.FunctionDeclaration); ok && isLoweredAsyncGen(d.Function) && d.Function.Name != nil {
					w.ins = append(w.ins, insertion{w.offset(d.Function.Idx1()), asyncGenMark + string(d.Function.Name.Name) + ");"})
				}
			}
			w.walk(e)
		}
	}
}

// walkInside visits a function literal's parameters and body, not the
// literal itself.
func (w *asyncGenWalker) walkInside(fn *ast.FunctionLiteral) {
	if fn == nil {
		return
	}
	w.walk(reflect.ValueOf(fn.ParameterList))
	w.walk(reflect.ValueOf(fn.Body))
}

func (w *asyncGenWalker) offset(idx file.Idx) int {
	return min(max(int(idx)-w.base, 0), len(w.code))
}

// isLoweredAsyncGen reports whether fn is esbuild's lowering of an async
// generator function: a plain function whose first statement returns
// __asyncGenerator(this, ...).
func isLoweredAsyncGen(fn *ast.FunctionLiteral) bool {
	if fn == nil || fn.Async || fn.Generator || fn.Body == nil || len(fn.Body.List) == 0 {
		return false
	}
	ret, ok := fn.Body.List[0].(*ast.ReturnStatement)
	if !ok {
		return false
	}
	call, ok := ret.Argument.(*ast.CallExpression)
	if !ok || len(call.ArgumentList) != 3 {
		return false
	}
	callee, ok := call.Callee.(*ast.Identifier)
	if !ok || callee.Name != "__asyncGenerator" {
		return false
	}
	_, ok = call.ArgumentList[0].(*ast.ThisExpression)
	return ok
}

// shiftMappings moves the generated columns of a source map's mappings
// right past the insertions made into the code it maps, so every mapped
// token keeps its original position. Columns count UTF-16 units, as
// esbuild writes them.
func shiftMappings(mappings, code string, ins []insertion) string {
	if len(ins) == 0 || mappings == "" {
		return mappings
	}
	// Per generated line: the (column, width) of each insertion.
	type shift struct{ col, n int }
	byLine := map[int][]shift{}
	line, lineStart := 0, 0
	at := 0
	for _, in := range ins {
		for at < in.at {
			if code[at] == '\n' {
				line++
				lineStart = at + 1
			}
			at++
		}
		byLine[line] = append(byLine[line], shift{utf16Len(code[lineStart:in.at]), len(in.text)})
	}
	lines := strings.Split(mappings, ";")
	for l, shifts := range byLine {
		if l >= len(lines) || lines[l] == "" {
			continue
		}
		lines[l] = shiftLine(lines[l], func(col int) int {
			out := col
			for _, s := range shifts {
				if col >= s.col {
					out += s.n
				}
			}
			return out
		})
	}
	return strings.Join(lines, ";")
}

// shiftLine rewrites the generated column of every segment of one line of
// mappings through move (columns are relative within a line, the other
// fields untouched).
func shiftLine(line string, move func(int) int) string {
	segs := strings.Split(line, ",")
	prevOld, prevNew := 0, 0
	for i, seg := range segs {
		d, n, ok := decodeVLQ(seg)
		if !ok {
			return line
		}
		col := prevOld + d
		moved := move(col)
		segs[i] = encodeVLQ(moved-prevNew) + seg[n:]
		prevOld, prevNew = col, moved
	}
	return strings.Join(segs, ",")
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r == utf8.RuneError {
			n++
			continue
		}
		n += utf16.RuneLen(r)
	}
	return n
}
