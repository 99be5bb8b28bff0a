package goja

// pigo patch: V8's TypeError texts for the errors scripts meet most:
// reading or setting a property of undefined or null, calling what is not
// a function and constructing what is not a constructor. Extensions
// written for Node show, log and compare these messages, so they read as
// V8 writes them:
//
//	Cannot read properties of undefined (reading 'x')
//	Cannot set properties of null (setting 'x')
//	a.b.foo is not a function
//	(0 , import_x.foo) is not a function
//	a.Foo is not a constructor
//
// V8 prints the callee from its AST (CallPrinter); goja keeps no AST at
// run time, so the callee's source text is found from the call's source
// position (the "(" of its arguments, or the "new" keyword), parsed
// again and printed as V8 prints it. Only this error path pays for it.
// Where the text cannot be found or parsed, goja's own message stays.

import (
	"strconv"
	"strings"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
)

// nullishName is "null" for null, else "undefined".
func nullishName(v Value) string {
	if v == _null {
		return "null"
	}
	return "undefined"
}

// readPropertyError is V8's TypeError for reading key of base, which is
// undefined or null.
func (r *Runtime) readPropertyError(base Value, key interface{}) *Object {
	return r.NewTypeError("Cannot read properties of %s (reading '%s')", nullishName(base), key)
}

// setPropertyError is V8's TypeError for setting key on base, which is
// undefined or null.
func (r *Runtime) setPropertyError(base Value, key interface{}) *Object {
	return r.NewTypeError("Cannot set properties of %s (setting '%s')", nullishName(base), key)
}

// setBase is base as an object to set key on, throwing V8's error when it
// is undefined or null.
func (vm *vm) setBase(base Value, key interface{}) *Object {
	if base == nil || base == _undefined || base == _null {
		panic(vm.r.setPropertyError(base, key))
	}
	return base.ToObject(vm.r)
}

// notCallable is V8's TypeError for calling v at the current call
// instruction: "<callee> is not a function"; nil when the callee's text
// is not found.
func (vm *vm) notCallable() *Object {
	if text, ok := vm.calleeText(false); ok {
		return vm.r.NewTypeError("%s is not a function", text)
	}
	return nil
}

// notConstructor is notCallable for a new expression.
func (vm *vm) notConstructor() *Object {
	if text, ok := vm.calleeText(true); ok {
		return vm.r.NewTypeError("%s is not a constructor", text)
	}
	return nil
}

// calleeText is the callee of the call (or, with isNew, new expression)
// at the current instruction, printed as V8 prints it.
func (vm *vm) calleeText(isNew bool) (string, bool) {
	prg := vm.prg
	if prg == nil || prg.src == nil {
		return "", false
	}
	src := prg.src.Source()
	pos := prg.sourceOffset(vm.pc)
	if pos < 0 || pos >= len(src) {
		return "", false
	}
	var start, end int
	if isNew {
		if !strings.HasPrefix(src[pos:], "new") {
			return "", false
		}
		start = skipSpace(src, pos+len("new"))
		end = memberEnd(src, start)
	} else {
		if src[pos] != '(' {
			return "", false
		}
		end = pos
		start = calleeStart(src, end)
	}
	if start < 0 || end <= start {
		return "", false
	}
	prog, err := parser.ParseFile(nil, "", src[start:end], 0)
	if err != nil || len(prog.Body) != 1 {
		return "", false
	}
	stmt, ok := prog.Body[0].(*ast.ExpressionStatement)
	if !ok {
		return "", false
	}
	return v8Print(stmt.Expression), true
}

// v8Print prints e as V8's CallPrinter does.
func v8Print(e ast.Expression) string {
	switch e := e.(type) {
	case *ast.Identifier:
		return e.Name.String()
	case *ast.ThisExpression:
		return "this"
	case *ast.SuperExpression:
		return "super"
	case *ast.DotExpression:
		return v8Print(e.Left) + "." + e.Identifier.Name.String()
	case *ast.PrivateDotExpression:
		return v8Print(e.Left) + ".#" + e.Identifier.Name.String()
	case *ast.BracketExpression:
		left := v8Print(e.Left)
		if strings.HasSuffix(left, "?") {
			left += "."
		}
		if s, ok := e.Member.(*ast.StringLiteral); ok {
			if _, err := strconv.ParseUint(s.Value.String(), 10, 32); err != nil {
				return strings.TrimSuffix(left, ".") + "." + s.Value.String()
			}
		}
		return left + "[" + v8Print(e.Member) + "]"
	case *ast.CallExpression:
		callee := v8Print(e.Callee)
		if strings.HasSuffix(callee, "?") {
			callee += "."
		}
		return callee + "(...)"
	case *ast.OptionalChain:
		return v8Print(e.Expression)
	case *ast.Optional:
		return v8Print(e.Expression) + "?"
	case *ast.SequenceExpression:
		parts := make([]string, len(e.Sequence))
		for i, x := range e.Sequence {
			parts[i] = v8Print(x)
		}
		return "(" + strings.Join(parts, " , ") + ")"
	case *ast.BooleanLiteral:
		return e.Literal
	case *ast.NullLiteral:
		return "null"
	}
	if s, ok := v8PrintLiteral(e); ok { // pigo_v8iter.go
		return s
	}
	return "(intermediate value)"
}

// calleeStart finds where the callee ending at end (the "(" of the
// arguments) starts, scanning back over a member chain: names, ".",
// "?.", and bracketed or parenthesized groups (calls, computed keys, a
// parenthesized callee). -1 when what it finds is no such chain.
func calleeStart(src string, end int) int {
	i := skipSpaceBack(src, end)
	if i >= 2 && src[i-2:i] == "?." { // a?.()
		i = skipSpaceBack(src, i-2)
	}
	for {
		if i == 0 {
			return -1
		}
		group := false
		switch c := src[i-1]; {
		case c == ')' || c == ']':
			j := matchBack(src, i-1)
			if j < 0 {
				return -1
			}
			i, group = j, true
		case isNameByte(c):
			for i > 0 && isNameByte(src[i-1]) {
				i--
			}
		default:
			return -1
		}
		k := skipSpaceBack(src, i)
		switch {
		case k >= 1 && src[k-1] == '.' && (k < 3 || src[k-3:k] != "..."):
			i = skipSpaceBack(src, k-1)
			if i >= 1 && src[i-1] == '?' {
				i = skipSpaceBack(src, i-1)
			}
		case group && k >= 1 && (isNameByte(src[k-1]) || src[k-1] == ')' || src[k-1] == ']'):
			i = k // the group is a call's arguments or a computed key
		default:
			return i
		}
	}
}

// memberEnd is where the member chain starting at start ends: a
// parenthesized expression or a name, then names, ".", "?." and
// bracketed keys, up to a new expression's arguments.
func memberEnd(src string, start int) int {
	i := start
	if i < len(src) && src[i] == '(' { // new (a.b)()
		if i = matchForward(src, i); i < 0 {
			return -1
		}
		i++
	}
	for i < len(src) {
		switch c := src[i]; {
		case isNameByte(c):
			i++
		case c == '.' || c == '?' && i+1 < len(src) && src[i+1] == '.':
			i++
		case c == '[':
			j := matchForward(src, i)
			if j < 0 {
				return -1
			}
			i = j + 1
		default:
			return i
		}
	}
	return i
}

// matchBack is the index of the bracket that opens the one closing at i.
func matchBack(src string, i int) int {
	depth := 0
	for ; i >= 0; i-- {
		switch src[i] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// matchForward is the index of the bracket that closes the one opening at i.
func matchForward(src string, i int) int {
	depth := 0
	for ; i < len(src); i++ {
		switch src[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

func isNameByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func skipSpace(src string, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

func skipSpaceBack(src string, i int) int {
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == '\r') {
		i--
	}
	return i
}
