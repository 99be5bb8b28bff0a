package jsapi

import (
	"reflect"
	"testing"
)

// TestScanModule pins what the tier check's token scan sees in tricky
// sources: strings, templates, regular expressions and comments must not
// hide or invent top-level declarations.
func TestScanModule(t *testing.T) {
	t.Parallel()
	type b = topBinding
	cases := []struct {
		name    string
		src     string
		tiers   []string
		mutable []topBinding
	}{
		{"single tier", "export function session(pi) {}\nlet n = 0;\n", []string{"session"}, []b{{"let", "n", 2, 0}}},
		{"two tiers and let", "let count = 0;\nexport function session(pi) { let x = 1 }\nexport async function tui(ui) {}\n",
			[]string{"session", "tui"}, []b{{"let", "count", 1, 0}}},
		{"export list with alias", "const a = () => {}, b = () => {};\nexport { a as server, b as web };\nvar state;\n",
			[]string{"server", "web"}, []b{{"var", "state", 3, 0}}},
		{"export let is both", "export let session = (pi) => {};\nexport const tui = (ui) => {};\n",
			[]string{"session", "tui"}, []b{{"let", "session", 1, 7}}},
		{"destructuring", "let { a, b } = obj;\nvar [c] = arr;\n", nil, []b{{"let", "{…}", 1, 0}, {"var", "[…]", 2, 0}}},
		{"nested and loops ignored", "function f() { let a; var b; }\nfor (let i = 0; i < 2; i++) {}\nclass C { let = 1 }\n", nil, nil},
		{"strings and comments", "const s = \"let x = 1\";\n// let y\n/* var z */\nconst t = 'export function web() {}';\n", nil, nil},
		{"template with expression", "const s = `a ${ { let: 1 }.let } let q ${`inner ${1}`}`;\nlet after = 1;\n",
			nil, []b{{"let", "after", 2, 0}}},
		{"regex with brace and quote", "const r = /[{'\"]/g;\nlet z = 2;\nconst d = a / 2 / b;\n", nil, []b{{"let", "z", 2, 0}}},
		{"declare and member", "declare let g: number;\nobj.let = 1;\nx.var;\n", nil, nil},
		{"typescript types", "let m: Map<string, { a: number }> = new Map();\nexport function server(): void {}\n",
			[]string{"server"}, []b{{"let", "m", 1, 0}}},
		{"default export is not a tier", "export default function session() {}\nexport function tui() {}\n", []string{"tui"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := scanModule([]byte(c.src))
			if !reflect.DeepEqual(got.tiers, c.tiers) {
				t.Errorf("tiers = %q, want %q", got.tiers, c.tiers)
			}
			if !reflect.DeepEqual(got.mutable, c.mutable) {
				t.Errorf("mutable = %+v, want %+v", got.mutable, c.mutable)
			}
		})
	}
}
