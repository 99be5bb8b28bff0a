// The TypeErrors scripts meet most, as V8 words them: reading or setting
// a property of undefined or null, calling what is not a function (the
// callee printed as V8 prints it) and constructing what is not a
// constructor.
export function run() {
  const nothing = undefined;
  const none = null;
  const obj = { b: { c: 1 }, n: 5, s: "str", list: [1], make() { return {}; } };
  const key = "k";
  const cases = [
    () => nothing.x,
    () => none.x,
    () => obj.missing.deeper,
    () => obj.b[key].deeper,
    () => nothing[0],
    () => obj.foo(),
    () => obj.b.foo(1, 2),
    () => obj.b["foo"](),
    () => obj.b[key](),
    () => obj.list[0](),
    () => obj.n(),
    () => obj.s.foo(),
    () => obj.make().missing(),
    () => obj.make() .  spaced (),
    () => (0, obj.foo)(),
    () => nothing(),
    () => { const f = 5; f(); },
    () => obj?.foo(),
    () => obj.b?.foo(),
    () => { nothing.x = 1; },
    () => { none.y = 2; },
    () => { obj.missing.z = 3; },
    () => { nothing[key] = 4; },
    () => new obj.Foo(),
    () => { const Foo = 3; return new Foo(); },
    () => new obj.b.c(),
    () => { "use strict"; nothing.x = 1; },
  ];
  return cases.map((c) => {
    try {
      c();
      return "no error";
    } catch (e) {
      return e.constructor.name + ": " + e.message;
    }
  }).join("\n");
}
