package goja

// pigo patch: V8's TypeError texts for iterating what is not iterable.
// V8 words them two ways (ErrorUtils::NewIteratorError):
//
//   - where the syntax names the iterable (for-of, array spread, the
//     array pattern of a let or const), it prints the iterable's source:
//     "obj.list is not iterable", or for a call "obj.make is not a
//     function or its return value is not iterable";
//   - elsewhere (built-ins, yield*, assignment and parameter patterns),
//     and where its printer finds nothing to print, it names the value:
//     "number 5 is not iterable (cannot read property
//     Symbol(Symbol.iterator))", "object null is not iterable (...)".
//
// A call's spread has its own texts. The syntax sites carry their
// iterable's source range (iterSite); the text is printed from it only
// on the error path, as pigo_v8errors.go prints callees.

import (
	"strings"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
	"github.com/dop251/goja/token"
)

// iterSite is the source range of the iterable at a syntax site.
type iterSite struct{ start, end int }

// siteOf is expr's range, for an instruction that iterates it.
func siteOf(expr ast.Expression) iterSite {
	return iterSite{int(expr.Idx0()) - 1, int(expr.Idx1()) - 1}
}

// setDeclSite notes init as the iterable of target when target is an
// array pattern: a let or const declaration's pattern names its
// initializer in V8's error (a var declaration's in a function, an
// assignment's and a parameter's do not).
func (c *compiler) setDeclSite(target ast.Pattern, init ast.Expression) {
	if _, ok := target.(*ast.ArrayPattern); ok && init != nil {
		site := siteOf(init)
		c.declSite = &site
	}
}

// pushSpreadAt is pushSpread for a call's spread argument, with V8's
// texts: "<source> is not iterable (cannot read property undefined)" for
// undefined or null (V8 words it so), and "Spread syntax requires ..."
// for a value without a callable @@iterator.
type pushSpreadAt struct{ site iterSite }

func (i pushSpreadAt) exec(vm *vm) {
	vm.sp--
	v := vm.stack[vm.sp]
	if v == nil || v == _undefined || v == _null {
		value := "undefined"
		if v == _null {
			value = "null"
		}
		text := value
		if e, ok := vm.siteExpr(i.site); ok && v8Printable(e) {
			text = v8Print(e)
		}
		panic(vm.r.NewTypeError("%s is not iterable (cannot read property %s)", text, value))
	}
	var method func(FunctionCall) Value
	if m, ok := vm.r.getV(v, SymIterator).(*Object); ok {
		method, _ = m.self.assertCallable()
	}
	if method == nil {
		panic(vm.r.NewTypeError("Spread syntax requires ...iterable[Symbol.iterator] to be a function"))
	}
	vm.spread(vm.r.getIterator(v, method))
}

// iterateAt is iterate for the array pattern of a let or const.
type iterateAt struct{ site iterSite }

func (i iterateAt) exec(vm *vm) {
	iter := vm.siteIterator(vm.stack[vm.sp-1], i.site)
	vm.iterStack = append(vm.iterStack, iterStackItem{iter: iter})
	vm.pc++
}

// iteratePAt is iterateP for a for-of statement.
type iteratePAt struct{ site iterSite }

func (i iteratePAt) exec(vm *vm) {
	iter := vm.siteIterator(vm.stack[vm.sp-1], i.site)
	vm.iterStack = append(vm.iterStack, iterStackItem{iter: iter})
	vm.sp--
	vm.pc++
}

// pushArraySpreadAt is pushArraySpread for a spread in an array literal.
type pushArraySpreadAt struct{ site iterSite }

func (i pushArraySpreadAt) exec(vm *vm) {
	vm.arraySpread(vm.siteIterator(vm.stack[vm.sp-1], i.site))
}

// siteIterator is getIterator at a syntax site: a value that is not
// iterable fails with V8's text for the site.
func (vm *vm) siteIterator(v Value, site iterSite) *iteratorRecord {
	var method func(FunctionCall) Value
	if v != nil && v != _undefined && v != _null {
		if m := vm.r.getV(v, SymIterator); m != nil && m != _undefined && m != _null {
			if obj, ok := m.(*Object); ok {
				method, _ = obj.self.assertCallable()
			}
			if method == nil { // V8 names the value when @@iterator is not a function
				panic(vm.r.notIterable(v))
			}
		}
	}
	if method == nil {
		if e, ok := vm.siteExpr(site); ok {
			if msg, ok := V8IterableMessage(e); ok {
				panic(vm.r.NewTypeError("%s", msg))
			}
		}
		panic(vm.r.notIterable(v))
	}
	return vm.r.getIterator(v, method)
}

// V8IterableMessage is V8's message for iterating what e evaluated to
// where the syntax names it (for-of, array spread, a declaration's array
// pattern) and it is not iterable: "<e> is not iterable", for a call
// "<callee> is not a function or its return value is not iterable";
// false where V8 prints nothing for e and names the value instead. The
// bundler puts it in the for-of loops it rewrites.
func V8IterableMessage(e ast.Expression) (string, bool) {
	if !v8Printable(e) {
		return "", false
	}
	switch e := e.(type) {
	case *ast.CallExpression:
		return v8Print(e.Callee) + " is not a function or its return value is not iterable", true
	case *ast.NewExpression:
		return v8Print(e.Callee) + " is not a function or its return value is not iterable", true
	}
	return v8Print(e) + " is not iterable", true
}

// siteExpr parses the iterable at site again (on the error path only).
func (vm *vm) siteExpr(site iterSite) (ast.Expression, bool) {
	prg := vm.prg
	if prg == nil || prg.src == nil {
		return nil, false
	}
	src := prg.src.Source()
	if site.start < 0 || site.end > len(src) || site.start >= site.end {
		return nil, false
	}
	// Parenthesized, so that an object literal is not read as a block.
	prog, err := parser.ParseFile(nil, "", "("+src[site.start:site.end]+")", 0)
	if err != nil || len(prog.Body) != 1 {
		return nil, false
	}
	stmt, ok := prog.Body[0].(*ast.ExpressionStatement)
	if !ok {
		return nil, false
	}
	return stmt.Expression, true
}

// v8Printable reports whether V8's printer finds something to print for
// an iterable: not for an optional chain, a conditional or a logical
// operator (then it names the value).
func v8Printable(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.OptionalChain, *ast.ConditionalExpression:
		return false
	case *ast.BinaryExpression:
		switch e.Operator {
		case token.LOGICAL_OR, token.LOGICAL_AND, token.COALESCE:
			return false
		}
	}
	return true
}

// notIterable is V8's TypeError for a value that is not iterable where
// no source names it.
func (r *Runtime) notIterable(v Value) *Object {
	return r.NewTypeError("%s is not iterable (cannot read property Symbol(Symbol.iterator))", defaultCallSite(v))
}

// defaultCallSite is V8's BuildDefaultCallSite: the value's type, and
// its value when it is null, a boolean, a number or a string.
func defaultCallSite(v Value) string {
	switch v := v.(type) {
	case nil:
		return "undefined"
	case valueNull:
		return "object null"
	case valueBool:
		return "boolean " + v.String()
	case valueInt, valueFloat:
		return "number " + v.String()
	case String:
		return "string \"" + v.String() + "\""
	case *Symbol:
		return "symbol"
	case *valueBigInt:
		return "bigint"
	case *Object:
		if _, ok := v.self.assertCallable(); ok {
			return "function"
		}
		return "object"
	}
	if v == _undefined {
		return "undefined"
	}
	return "object"
}

// v8PrintLiteral prints the literals V8's CallPrinter prints by value
// (numbers as JavaScript writes them, strings in double quotes) or by
// shape (array and object literals, regular expressions, unary and
// binary operations); ok is false for other expressions.
func v8PrintLiteral(e ast.Expression) (string, bool) {
	switch e := e.(type) {
	case *ast.NumberLiteral:
		switch n := e.Value.(type) {
		case int64:
			return valueInt(n).String(), true
		case float64:
			return floatToValue(n).String(), true
		}
		return e.Literal, true
	case *ast.StringLiteral:
		return "\"" + e.Value.String() + "\"", true
	case *ast.RegExpLiteral:
		return e.Literal, true
	case *ast.ArrayLiteral:
		parts := make([]string, len(e.Value))
		for i, x := range e.Value {
			switch x := x.(type) {
			case nil:
				parts[i] = "(intermediate value)"
			case *ast.SpreadElement:
				parts[i] = "(..." + v8Print(x.Expression) + ")"
			default:
				parts[i] = v8Print(x)
			}
		}
		return "[" + strings.Join(parts, ",") + "]", true
	case *ast.ObjectLiteral:
		return "{" + strings.Repeat("(intermediate value)", len(e.Value)) + "}", true
	case *ast.UnaryExpression:
		if n, ok := e.Operand.(*ast.NumberLiteral); ok && e.Operator == token.VOID && n.Literal == "0" {
			return "undefined", true // esbuild writes undefined as void 0
		}
		if n, ok := e.Operand.(*ast.NumberLiteral); ok && e.Operator == token.MINUS && !e.Postfix {
			s, _ := v8PrintLiteral(n) // V8's parser folds -1 into a literal
			return "-" + s, true
		}
		if e.Postfix {
			return "(" + v8Print(e.Operand) + e.Operator.String() + ")", true
		}
		op := e.Operator.String()
		if op[0] >= 'a' && op[0] <= 'z' { // typeof, void, delete
			op += " "
		}
		return "(" + op + v8Print(e.Operand) + ")", true
	case *ast.BinaryExpression:
		return "(" + v8Print(e.Left) + " " + e.Operator.String() + " " + v8Print(e.Right) + ")", true
	case *ast.AssignExpression:
		return v8Print(e.Left), true
	}
	return "", false
}
