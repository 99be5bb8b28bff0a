// The TypeErrors of iterating what is not iterable, as V8 words them:
// for-of, array spread and array destructuring print the iterable's
// source ("obj is not iterable"); a call's spread has its own message;
// built-ins name the value's type ("number 5 is not iterable (cannot
// read property Symbol(Symbol.iterator))").
export function run() {
  const nothing = undefined;
  const none = null;
  const obj = { a: {}, n: 5, list: [1], make() { return {}; } };
  const f = (...args) => args.length;
  const cases = [
    () => { for (const x of 5) {} },
    () => { for (const x of obj) {} },
    () => { for (const x of obj.a) {} },
    () => { for (const x of obj["a"]) {} },
    () => { for (const x of obj.make()) {} },
    () => { for (const x of nothing) {} },
    () => { for (const x of none) {} },
    () => { for (const x of undefined) {} },
    () => { let i = 0; for (const x of obj.n) { i++; } },
    () => [...nothing],
    () => [...undefined],
    () => [1, ...obj],
    () => { const [a] = none; return a; },
    () => { const [a, b] = obj; return a + b; },
    () => { let a; [a] = obj.a; return a; },
    () => f(...obj),
    () => Math.max(...5),
    () => new Map(5),
    () => new Map(obj),
    () => new Set(true),
    () => new Set(none),
    () => new WeakSet(obj),
    () => Object.fromEntries(5),
    () => Object.fromEntries(none),
    () => { for (const x of Symbol.iterator) {} },
    () => { for (const x of f) {} },
    () => { for (const x of "ok") {} return "strings iterate"; },
    () => [...{ a: 1, b: 2 }],
    () => { for (const x of [1, "s", obj].x) {} },
    () => { for (const x of -1.50) {} },
    () => { for (const x of !obj) {} },
    () => { for (const x of obj.n + 1) {} },
    () => { for (const x of (obj.n, obj)) {} },
    () => { for (const x of obj.missing?.x) {} },
    () => { for (const x of obj.n ? 1 : 2) {} },
    () => { for (const x of obj.missing || 5) {} },
    () => { for (const x of new Object()) {} },
    () => { for (const x of /re/g) {} },
    () => { for (const x of function () {}) {} },
    () => { for (const x of { [Symbol.iterator]: 5 }) {} },
    () => { let [q] = 5; return q; },
    () => { var [q] = obj.make(); return q; },
    () => { function g([a]) { return a; } return g(5); },
    () => { function g([a]) { return a; } return g(); },
    () => f(...nothing),
    () => f(...none),
    () => new Map(...obj),
    () => new Map(f),
    () => new Map(Symbol("s")),
    () => new Map(1n),
    () => new Set(NaN),
  ];
  return cases.map((c) => {
    try {
      const r = c();
      return "no error" + (r === undefined ? "" : ": " + String(r));
    } catch (e) {
      return e.constructor.name + ": " + e.message;
    }
  }).join("\n");
}
