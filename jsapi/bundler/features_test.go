package bundler_test

import (
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

// TestLoweredSyntaxRunsInGoja bundles code using every feature the bundler
// lowers for goja (and a few it leaves native) and runs each in goja.
func TestLoweredSyntaxRunsInGoja(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": `
async function* countdown(n: number) {
  while (n > 0) { await null; yield n--; }
}

export async function asyncGenerator() {
  const seen: number[] = [];
  for await (const n of countdown(3)) seen.push(n);
  for await (const v of [Promise.resolve(7), 8]) seen.push(v);
  return seen.join(",");
}

export async function asyncGeneratorReturn() {
  const it = countdown(5);
  await it.next();
  const r = await it.return(99);
  return r.value + ":" + r.done;
}

class Base { greet() { return "base"; } static tag() { return "static"; } }

class Counter extends Base {
  #count = 0;
  static #instances = 0;
  label = super.greet() + "-field";
  static kind = super.tag() + "-field";
  static ready = false;
  static { Counter.ready = true; }
  #bump() { return ++this.#count; }
  get #doubled() { return this.#count * 2; }
  constructor() { super(); Counter.#instances++; }
  inc() { this.#bump(); return this; }
  get value() { return this.#doubled; }
  static has(o: object) { return #count in o; }
  static instances() { return Counter.#instances; }
}

export function classes() {
  const c = new Counter().inc().inc();
  return [c.value, c.label, Counter.kind, Counter.has(c), Counter.has({}), Counter.instances(), Counter.ready].join(",");
}

export function using() {
  const log: string[] = [];
  const res = (name: string) => ({ [Symbol.for("Symbol.dispose")]() { log.push("dispose " + name); } });
  {
    using a = res("a");
    using b = res("b");
    log.push("body");
  }
  return log.join(",");
}

function logged(value: any, ctx: { name: string }) {
  return function (this: any, ...args: any[]) { return ctx.name + ":" + value.apply(this, args); };
}
class Decorated { @logged hello(x: string) { return "hi " + x; } }
export function decorators() { return new Decorated().hello("you"); }

export function regexps() {
  let indices = "";
  try { indices = String((/b/d).exec("ab")!.indices![0][0]); } catch (e: any) { indices = e.name; }
  const named = /(?<y>\d{4})-(?<m>\d\d)/.exec("2026-09")!.groups!;
  return [indices, named.y, named.m, /(?<=\$)\d+/.exec("$42")![0]].join(",");
}

export function modern() {
  const o: any = { a: { b: null }, n: 0 };
  o.n ||= 5;
  o.z ??= "z";
  const { a, ...rest } = o;
  return [o?.a?.b?.c ?? "none", o.missing?.(), rest.n, rest.z, 1_000_000, (2n ** 65n).toString(), 2 ** 8].join(",");
}
`,
	})
	bun := mustBundle(t, bundler.New(bundler.Options{}), filepath.Join(dir, "index.ts"))
	m := evalBundle(t, bun, nil)
	for _, tt := range []struct{ fn, want string }{
		{"asyncGenerator", "3,2,1,7,8"},
		{"asyncGeneratorReturn", "99:true"},
		{"classes", "4,base-field,static-field,true,false,1,true"},
		{"using", "body,dispose b,dispose a"},
		{"decorators", "hello:hi you"},
		// goja has no /d flag: esbuild turned the literal into new RegExp,
		// so only this expression throws, catchably, at run time.
		{"regexps", "SyntaxError,2026,09,42"},
		{"modern", "none,,5,z,1000000,36893488147419103232,256"},
	} {
		if got := m.call(t, tt.fn).String(); got != tt.want {
			t.Errorf("%s() = %q, want %q", tt.fn, got, tt.want)
		}
	}
}
