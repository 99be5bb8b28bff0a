package bundler

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
)

// for-of over arrays. goja runs every for-of through the iterator
// protocol, and an array's iterator allocates a result object per step:
// a render loop that scans an array per cell (pi's space-invaders
// example) spends most of its time there. fastForOf rewrites each
//
//	for (const|let PATTERN of EXPR) BODY
//
// by insertions only (so the source map only shifts), into
//
//	{ let $a, $f, $i; try {
//	  for (/*const PATTERN of*/ $a = forOf(EXPR, MSG), $f = forOf.f, $i = 0;
//	       $i < $a.length; $i++) {
//	    const PATTERN = $a[$i]; BODY }
//	} catch ($e) { if (!$f && $a) $a.abort(); throw $e; }
//	  finally { if (!$f && $a) $a.close(); } }
//
// MSG is V8's error text for an EXPR that is not iterable, which names
// EXPR ("obj.list is not iterable"); forOf throws it then.
// forOf (webapi's lang.js) returns an array whose iteration is the
// built-in one (its Symbol.iterator and the array iterator's next are
// the originals) as it is, and sets forOf.f to say so: the index loop
// reads length and each element as the array iterator would, step by
// step. Anything else gets a stepper that runs the iterator protocol as
// for-of does: a read of its length is a step (the count of steps, or 0
// once done), a read of an element the last step's value. The loop
// closes the iterator when it ends early (abort on a throw, which ignores
// errors from return(), close otherwise). The loop itself tests nothing
// per step: goja pays for every branch, and a render may loop over small
// arrays in each of its cells. Labelled loops are left alone (the label
// would name the block), as are var and assignment heads.
// One difference remains: EXPR no longer sees PATTERN's bindings in
// their temporal dead zone, which only code that throws a ReferenceError
// could notice.

const (
	// forOfVar holds forOf, looked up on the module's first loop: a loop
	// entered per cell of a render pays a variable read, not two global
	// lookups and a Symbol.for call. The var is declared after the code
	// (hoisted: a loop run while the module body runs finds it too).
	forOfVar  = "__pigo$forOf"
	forOfCall = "(" + forOfVar + " || (" + forOfVar + ` = globalThis[Symbol.for("pigo.forOf")]))(`
	forOfDecl = "\nvar " + forOfVar + ";"
	// forOfHint is in every bundle with a for-of; others skip the parse.
	forOfHint = " of "
)

// fastForOf returns code with its for-of statements rewritten (see
// above) and the insertions it made, in order. code is a module body
// for wrapper prefix and WrapperSuffix; code that does not parse is
// returned unchanged.
func fastForOf(code, prefix string) (string, []insertion) {
	if !strings.Contains(code, "for (") || !strings.Contains(code, forOfHint) {
		return code, nil
	}
	prog, err := parser.ParseFile(nil, "", prefix+code+WrapperSuffix, 0, parser.WithDisableSourceMaps)
	if err != nil {
		return code, nil
	}
	w := forOfWalker{asyncGenWalker: asyncGenWalker{base: 1 + len(prefix), code: code}}
	w.walkForOf(reflect.ValueOf(prog))
	if len(w.loops) == 0 {
		return code, nil
	}
	// At one offset an outer loop opens before an inner one (it was
	// visited first) and closes after it.
	sort.SliceStable(w.loops, func(i, j int) bool {
		a, b := w.loops[i], w.loops[j]
		if a.at != b.at {
			return a.at < b.at
		}
		return a.closer && b.closer && a.seq > b.seq
	})
	var b strings.Builder
	last := 0
	ins := make([]insertion, len(w.loops))
	for k, in := range w.loops {
		b.WriteString(code[last:in.at])
		b.WriteString(in.text)
		last = in.at
		ins[k] = in.insertion
	}
	b.WriteString(code[last:])
	b.WriteString(forOfDecl)
	return b.String(), ins
}

// forOfWalker finds the loops; asyncGenWalker lends it the offsets.
type forOfWalker struct {
	asyncGenWalker
	loops []forOfInsertion
}

type forOfInsertion struct {
	insertion
	closer bool
	seq    int // the loop's visiting order
}

var (
	forOfType    = reflect.TypeOf((*ast.ForOfStatement)(nil))
	labelledType = reflect.TypeOf((*ast.LabelledStatement)(nil))
)

func (w *forOfWalker) walkForOf(v reflect.Value) {
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			w.walkForOf(v.Elem())
		}
	case reflect.Pointer:
		if v.IsNil() || v.Type() == fileType {
			return
		}
		switch v.Type() {
		case labelledType:
			l := v.Interface().(*ast.LabelledStatement)
			if f, ok := l.Statement.(*ast.ForOfStatement); ok { // keep it, look inside
				w.walkForOf(reflect.ValueOf(f.Source))
				w.walkForOf(reflect.ValueOf(f.Body))
				return
			}
		case forOfType:
			f := v.Interface().(*ast.ForOfStatement)
			w.rewrite(f)
			w.walkForOf(reflect.ValueOf(f.Source))
			w.walkForOf(reflect.ValueOf(f.Body))
			return
		}
		w.walkForOf(v.Elem())
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.Type() != declListType {
				w.walkForOf(f)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			w.walkForOf(v.Index(i))
		}
	}
}

// rewrite adds the insertions for one for-of with a let or const head and
// a block body. goja's AST offsets leave out parentheses (the source
// `(a, b)`, a body `(0, f)(x)` or `x && (y = 1)`), so the insertions sit
// where the text itself is unambiguous: after the "of", before the head's
// closing parenthesis (the last character before the block), around the
// block's braces. A loop whose body is not a block is left alone.
func (w *forOfWalker) rewrite(f *ast.ForOfStatement) {
	d, ok := f.Into.(*ast.ForDeclaration)
	if !ok || d.Target == nil || f.Source == nil || f.Body == nil {
		return
	}
	if _, block := f.Body.(*ast.BlockStatement); !block {
		return
	}
	declAt, targetEnd := w.offset(d.Idx), w.offset(d.Target.Idx1())
	srcAt := w.offset(f.Source.Idx0())
	bodyAt, bodyEnd := w.offset(f.Body.Idx0()), w.offset(f.Body.Idx1())
	if !(declAt < targetEnd && targetEnd <= srcAt && srcAt < bodyAt && bodyAt < bodyEnd && bodyEnd <= len(w.code)) ||
		w.code[bodyAt] != '{' || w.code[bodyEnd-1] != '}' {
		return
	}
	of := strings.Index(w.code[targetEnd:srcAt], "of")
	head := w.code[declAt:targetEnd]
	if of < 0 || strings.Contains(head, "*/") {
		return
	}
	afterOf := targetEnd + of + 2
	closeAt := bodyAt
	for closeAt > srcAt && strings.ContainsRune(" \t\r\n", rune(w.code[closeAt-1])) {
		closeAt--
	}
	if closeAt <= srcAt || w.code[closeAt-1] != ')' {
		return
	}
	closeAt--
	const a, fast, i = "__pigo$a", "__pigo$f", "__pigo$i"
	seq := len(w.loops)
	add := func(at int, text string, closer bool) {
		w.loops = append(w.loops, forOfInsertion{insertion{at, text}, closer, seq})
	}
	add(w.offset(f.For), "{ let "+a+", "+fast+", "+i+"; try { ", false)
	add(declAt, "/*", false)
	add(afterOf, "*/ "+a+" = "+forOfCall, false)
	// V8's error for a source that is not iterable names it; the text
	// goes to forOf, which throws it only then.
	notIterable := ""
	if msg, ok := goja.V8IterableMessage(f.Source); ok {
		q, _ := json.Marshal(msg)
		notIterable = ", " + string(q)
	}
	add(closeAt, notIterable+"), "+fast+" = "+forOfVar+".f, "+i+" = 0; "+i+" < "+a+".length; "+i+"++", false)
	add(bodyAt, "{ "+head+" = "+a+"["+i+"]; ", false)
	add(bodyEnd, " } } catch (__pigo$e) { if (!"+fast+" && "+a+") "+a+".abort(); throw __pigo$e; } finally { if (!"+fast+" && "+a+") "+a+".close(); } }", true)
}
