package webapi

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// The JS sources compile once per process and every runtime shares the
// programs.
func TestModulesCompileOnce(t *testing.T) {
	t.Parallel()
	a, err := compiledModules()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := compiledModules()
	if len(a) == 0 || &a[0] != &b[0] {
		t.Fatal("compiledModules listed twice")
	}
	for i := range a {
		p1, err := a[i].prog()
		if err != nil {
			t.Fatal(err)
		}
		if p2, _ := b[i].prog(); p1 != p2 {
			t.Fatalf("%s compiled twice", a[i].name)
		}
	}
	embedded, err := sources.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(embedded) != len(a) {
		t.Fatalf("%d embedded .js files but %d modules run: list new files in compiledModules", len(embedded), len(a))
	}
}

// lazyModules must list exactly what each lazy module exports.
func TestLazyModuleExports(t *testing.T) {
	mods, err := compiledModules()
	if err != nil {
		t.Fatal(err)
	}
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	for _, m := range mods {
		names, ok := lazyModules[m.name]
		if !ok {
			continue
		}
		// Run the module the way Install's accessors do and compare keys.
		prog, err := m.prog()
		if err != nil {
			t.Fatal(err)
		}
		v, err := rt.RunProgram(prog)
		if err != nil {
			t.Fatal(err)
		}
		fn, _ := goja.AssertFunction(v)
		internal := rt.GlobalObject().GetSymbol(internalKey).ToObject(rt)
		(&host{rt: rt, internal: internal}).defineHelpers(m.name)
		exports, err := fn(goja.Undefined(), internal)
		if err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
		got := exports.ToObject(rt).Keys()
		if strings.Join(got, ",") != strings.Join(names, ",") {
			t.Errorf("%s exports %v, lazyModules lists %v", m.name, got, names)
		}
	}
}

// A lazy global runs its module on first read; assigning one first keeps
// the assignment.
func TestLazyGlobals(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`
		const before = Object.getOwnPropertyDescriptor(globalThis, "Blob").get !== undefined;
		globalThis.File = 42;
		const blob = new Blob(["ab"]);
		const after = Object.getOwnPropertyDescriptor(globalThis, "Blob");
		[before, blob.size, typeof after.value, after.enumerable, File, typeof FormData]`)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(v.Export())
	if got != "[true 2 function false 42 function]" {
		t.Fatalf("got %s", got)
	}
}

// A lazy module another one reads from internal runs on that read: blob.js
// encodes with internal.TextEncoder before any plugin touched TextEncoder,
// and the global then holds the same class.
func TestLazyThroughInternal(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`
		const lazy = (n) => Object.getOwnPropertyDescriptor(globalThis, n).get !== undefined;
		const before = [lazy("TextEncoder"), lazy("URL"), lazy("structuredClone")];
		const size = new Blob(["hé"]).size;
		const te = Object.getOwnPropertyDescriptor(globalThis, "TextEncoder");
		[before, size, te.get === undefined, te.writable, te.enumerable, new TextEncoder().encode("é").length,
		 new URL("https://a.b/c?d=1").searchParams.get("d"), structuredClone({ a: [1] }).a[0]]`)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(v.Export()); got != "[[true true true] 3 true true false 2 1 1]" {
		t.Fatalf("got %s", got)
	}
}

// console, the event classes, the abort classes and memory.js's globals
// are lazy too: a runtime's first use runs them, and a class one module
// reads from another (abort.js extends internal.EventTarget, event.js
// throws internal.DOMException) comes through the same accessors, so the
// global afterwards holds the class the other module used.
func TestLazyEventsConsoleMemory(t *testing.T) {
	rt := goja.New()
	var lines []string
	if err := Install(rt, Options{Console: func(level, msg string) { lines = append(lines, level+" "+msg) }}); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`
		const lazy = (n) => Object.getOwnPropertyDescriptor(globalThis, n).get !== undefined;
		const before = ["console", "AbortController", "EventTarget", "Event", "DOMException", "WeakRef", "Atomics"].map(lazy);
		const ac = new AbortController();
		const after = ["console", "EventTarget", "Event", "DOMException", "WeakRef"].map(lazy);
		ac.abort();
		console.log("%s %o", "x", { a: 1 });
		const weak = new WeakRef(ac);
		[before, after, ac.signal.reason instanceof DOMException, ac.signal instanceof EventTarget,
		 weak.deref() === ac, typeof Atomics.add, lazy("console"), lazy("Atomics")]`)
	if err != nil {
		t.Fatal(err)
	}
	want := "[[true true true true true true true] [true false false false true] true true true function false false]"
	if got := fmt.Sprint(v.Export()); got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
	if strings.Join(lines, "|") != "log x { a: 1 }" {
		t.Fatalf("console lines %q", lines)
	}
}

// Go entry points reach lazy modules through internal before any JS did:
// Inspect runs inspect.js, NewAbortController abort.js (and event.js,
// domexception.js), and the globals then hold the same classes.
func TestLazyFromGo(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	if s := Inspect(rt, rt.ToValue(map[string]any{"a": 1})); s != "{ a: 1 }" {
		t.Fatalf("Inspect = %q", s)
	}
	ac, _, _ := NewAbortController(rt)
	if err := rt.Set("ac", ac); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`[ac instanceof AbortController, ac.signal instanceof EventTarget, ac.signal.aborted]`)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(v.Export()); got != "[true true false]" {
		t.Fatalf("got %s", got)
	}
}

// The iterator helpers goja lacks are accessors on %IteratorPrototype%
// (and Iterator one on the global) until a first read runs iterator.js;
// they then are methods as in Node. An assignment before that keeps the
// value, on the prototype or (through an instance) on the instance. The
// Set methods goja has are left alone: setmethods.js never runs.
func TestLazyBuiltinMethods(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`
		const IP = Object.getPrototypeOf(Object.getPrototypeOf([].values()));
		const kind = (o, n) => { const d = Object.getOwnPropertyDescriptor(o, n); return d.get ? "accessor" : [typeof d.value, d.writable, d.enumerable, d.configurable].join(); };
		const before = [kind(Set.prototype, "union"), kind(IP, "map"), kind(IP, "find"), kind(globalThis, "Iterator")];
		const it = [1].values();
		it.take = 5;
		const find = () => "mine";
		IP.find = find;
		const still = [kind(IP, "map"), kind(IP, "find"), Object.keys(it).join()];
		const doubled = [1, 2, 3].values().map((x) => x * 2).toArray().join();
		const after = [kind(IP, "map"), IP.map.name, kind(IP, "filter"), IP.find === find, it.take, [1, 2].values().take(1).toArray().join(),
			[].values() instanceof Iterator, typeof Iterator.from, kind(globalThis, "Iterator"),
			Object.prototype.toString.call([1].values().map((x) => x))];
		JSON.stringify([before, still, doubled, after]);`)
	if err != nil {
		t.Fatal(err)
	}
	want := `[["function,true,false,true","accessor","accessor","accessor"],["accessor","function,true,false,true","take"],"2,4,6",` +
		`["function,true,false,true","map","function,true,false,true",true,5,"1",true,"function","function,true,false,true","[object Iterator Helper]"]]`
	if got := v.String(); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// moduleHelpers must list exactly the Go helpers each module reads from
// internal (as internal.name or destructured from internal), so that
// runModule defines them before the module runs.
func TestModuleHelpers(t *testing.T) {
	mods, err := compiledModules()
	if err != nil {
		t.Fatal(err)
	}
	member := regexp.MustCompile(`internal\.(\w+)`)
	destructured := regexp.MustCompile(`const \{([^}]*)\} = internal;`)
	for _, m := range mods {
		src, err := sources.ReadFile(m.name)
		if err != nil {
			t.Fatal(err)
		}
		var used []string
		add := func(name string) {
			if _, ok := helpers[name]; ok && !slices.Contains(used, name) {
				used = append(used, name)
			}
		}
		for _, sm := range member.FindAllStringSubmatch(string(src), -1) {
			add(sm[1])
		}
		for _, sm := range destructured.FindAllStringSubmatch(string(src), -1) {
			for _, n := range strings.Split(sm[1], ",") {
				add(strings.TrimSpace(n))
			}
		}
		listed := slices.Clone(moduleHelpers[m.name])
		slices.Sort(used)
		slices.Sort(listed)
		if !slices.Equal(used, listed) {
			t.Errorf("%s reads helpers %v, moduleHelpers lists %v", m.name, used, listed)
		}
	}
}

// A lazy name that is both a global and on internal has one accessor for
// both; assigning either side leaves the other alone.
func TestLazySharedAccessor(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	internal := rt.GlobalObject().GetSymbol(internalKey).ToObject(rt)
	_ = rt.Set("internal", internal)
	v, err := rt.RunString(`
		const d = (o, n) => Object.getOwnPropertyDescriptor(o, n);
		const shared = d(globalThis, "TextEncoder").get === d(internal, "TextEncoder").get;
		globalThis.TextEncoder = 1; // the plugin's own
		internal.URL = 2;           // as a module assigning its export
		const size = new Blob(["hé"]).size; // blob.js reads internal.TextEncoder: runs encoding.js
		[shared, TextEncoder, typeof internal.TextEncoder, typeof TextDecoder, size, internal.URL, typeof URL, d(globalThis, "URL").get === undefined]`)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(v.Export()); got != "[true 1 function function 3 2 function true]" {
		t.Fatalf("got %s", got)
	}
}

// regexp.js runs when a plugin first reaches RegExp, by the global or
// through a literal's prototype without naming the global: plain literals
// leave it unrun, and each first touch sees what an eager install gives.
func TestLazyRegExp(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"literals alone", `const lazy = () => Object.getOwnPropertyDescriptor(globalThis, "RegExp").get !== undefined;
			const before = lazy(); /a+/g.test("aa"); "a-b".replace(/-/, "+"); [before, lazy(), /a\/b/.source, String(/x/gi)]`,
			"[true true a\\/b /x/gi]"},
		{"constructor through a literal", `const c = /x/.constructor; [c === RegExp, c.name, RegExp.prototype.constructor === RegExp,
			Object.getOwnPropertyDescriptor(globalThis, "RegExp").get === undefined, typeof Object.getOwnPropertyDescriptor(RegExp.prototype, "constructor").value]`,
			"[true RegExp true true function]"},
		{"unicodeSets through a literal", `const u = /x/.unicodeSets; const v = new RegExp("[\\p{L}--[a-z]]", "v");
			[u, v.unicodeSets, v.flags, v.test("é"), v.test("a"), /x/.constructor === RegExp]`,
			"[false true v true false true]"},
		{"hasIndices through a literal", `[/x/.hasIndices, new RegExp("x", "d").hasIndices]`, "[false true]"},
		{"d flag through the global", `const m = new RegExp("(?<b>b)", "d").exec("ab"); [m.indices[0].join(), m.indices.groups.b.join()]`,
			"[1,2 1,2]"},
		{"species through a literal", `["a-b-c".split(/-/).join(), [..."a1b2".matchAll(/\d/g)].length, /x/.constructor[Symbol.species] === RegExp]`,
			"[a,b,c 2 false]"},
		{"the prototype's constructor assigned first", `function Mine() {} RegExp.prototype.constructor = Mine;
			[/x/.constructor === Mine, typeof RegExp, RegExp.name]`, "[true function RegExp]"},
		{"the global assigned first", `RegExp = 5; [RegExp, /x/.constructor.name, new (/x/.constructor)("\\p{L}", "u").test("é")]`,
			"[5 RegExp true]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rt := goja.New()
			if err := Install(rt, Options{}); err != nil {
				t.Fatal(err)
			}
			v, err := rt.RunString(c.src)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(v.Export()); got != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}
