package jsapi

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// lazyImports defers requiring a host module to the first use of a name
// imported from it, keeps bindings live, and leaves alone what it cannot
// defer safely: non-host specifiers and namespaces used other than as
// `ns.name`.
func TestLazyImports(t *testing.T) {
	code := `var import_b = require("b");
var import_c = require("c");
var import_node = require("fs");
var import_whole = require("w");
function f() { return (0, import_b.get)() + import_b.value; }
const keep = import_whole;
exports.f = f;
`
	out := lazyImports(code, func(spec string) bool { return spec != "fs" })
	if !strings.Contains(out, `var import_node = require("fs");`) || !strings.Contains(out, `var import_whole = require("w");`) {
		t.Fatalf("a non-host or whole-namespace import was made lazy:\n%s", out)
	}
	if strings.Contains(out, `var import_c = require("c");`) || strings.Contains(out, `var import_b = require("b");`) {
		t.Fatalf("host imports stayed eager:\n%s", out)
	}
	rt := goja.New()
	var required []string
	_ = rt.Set("bState", 1)
	v, err := rt.RunString(`({ get value() { return bState; }, get: function () { return 10; } })`)
	if err != nil {
		t.Fatal(err)
	}
	b := v.ToObject(rt)
	require := func(spec string) goja.Value {
		required = append(required, spec)
		if spec == "b" {
			return b
		}
		return rt.NewObject()
	}
	fn, err := rt.RunString("(function(exports, require){" + out + "\n})")
	if err != nil {
		t.Fatal(err)
	}
	call, _ := goja.AssertFunction(fn)
	exports := rt.NewObject()
	if _, err := call(goja.Undefined(), exports, rt.ToValue(require)); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(required, " "); got != "fs w" {
		t.Fatalf("required at load: %q, want the eager ones only", got)
	}
	f, _ := goja.AssertFunction(exports.Get("f"))
	r, err := f(goja.Undefined())
	if err != nil || r.ToInteger() != 11 {
		t.Fatalf("f() = %v, %v", r, err)
	}
	_ = rt.Set("bState", 5)
	if r, _ := f(goja.Undefined()); r.ToInteger() != 15 {
		t.Fatalf("binding not live: f() = %v", r)
	}
	if got := strings.Join(required, " "); got != "fs w b" {
		t.Fatalf("required: %q, want b once on first use and c never", got)
	}
}

// compatImports lists the members a bundle reads from each pi/typebox
// module it requires, whole words only, whatever else it does with the
// namespace; other modules are not listed.
func TestCompatImports(t *testing.T) {
	code := `var import_pi_tui = require("@earendil-works/pi-tui");
var import_typebox = __toESM(require("typebox"));
var import_fs = require("fs");
var import_pi_tui2 = require("@mariozechner/pi-tui");
const t = new import_pi_tui.Text((0, import_pi_tui.truncateToWidth)(s, 4));
const o = import_typebox.Type.Object({ a: import_typebox.Type.String() });
keep(import_pi_tui, import_fs.readFileSync, import_pi_tui2.Box, xximport_pi_tui.Nope, import_pi_tui.Text);
`
	got := compatImports(code)
	want := map[string]string{"@earendil-works/pi-tui": "Text truncateToWidth", "typebox": "Type", "@mariozechner/pi-tui": "Box"}
	if len(got) != len(want) {
		t.Fatalf("compatImports = %q", got)
	}
	for spec, names := range want {
		if g := strings.Join(got[spec], " "); g != names {
			t.Errorf("%s: %q, want %q", spec, g, names)
		}
	}
}
