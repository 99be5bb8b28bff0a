// A function's own "length" and "name" (which pigo's goja puts into the
// property map on first use): values, attributes, key order among integer
// and other keys, redefinition, deletion, freezing and enumeration.
// "arguments", "caller" and "prototype" are left out of key lists: goja
// and Node differ there for reasons unrelated to length and name.
export function run() {
  const out = [];
  const log = (x) => out.push(typeof x === "string" ? x : JSON.stringify(x));
  const skip = new Set(["arguments", "caller", "prototype"]);
  const own = (f) => Object.getOwnPropertyNames(f).filter((k) => !skip.has(k));
  const keys = (f) => Reflect.ownKeys(f).filter((k) => !skip.has(k)).map(String);

  function f(a, b) {}
  log(own(f));
  log(f.length + " " + f.name);
  const g = function () {};
  log(g.name + "|" + own(g));
  const h = (x) => x;
  h.foo = 1;
  log(own(h));
  const k = (x, y) => x;
  k[5] = 1; k[1] = 2; k.bar = 3;
  log(own(k)); log(keys(k));
  const m = function () {};
  log(Object.keys(m)); m[2] = 0; log(own(m));
  const z = function () {};
  z[0] = 1; z.length; z[3] = 1; log(own(z));
  class C { static s() {} get x() { return 1; } set x(v) {} m() {} static name2 = 1; }
  log(own(C)); log(C.name + " " + C.length);
  log(Object.getOwnPropertyDescriptor(C.prototype, "x").get.name);
  log(Object.getOwnPropertyDescriptor(C.prototype, "x").set.name);
  log(own(Object.getOwnPropertyDescriptor(C.prototype, "x").get));
  const key = "dyn";
  const o = { [key]: function () {}, [key + "2"]: () => 1, get g() { return 1; }, ["m" + 1]() {}, [Symbol.iterator]() {} };
  log([o.dyn.name, o.dyn2.name, Object.getOwnPropertyDescriptor(o, "g").get.name, o.m1.name, o[Symbol.iterator].name].join(" "));
  log(own(o.dyn)); log(Object.getOwnPropertyDescriptor(o.dyn2, "name"));
  const d = function () {};
  delete d.name;
  log(own(d) + " " + d.name + " " + d.hasOwnProperty("name"));
  const e = function () {};
  delete e.length;
  log(own(e) + " " + e.length);
  const fr = function (a) {};
  Object.freeze(fr);
  log(Object.isFrozen(fr) + " " + JSON.stringify(Object.getOwnPropertyDescriptor(fr, "length")) + JSON.stringify(Object.getOwnPropertyDescriptor(fr, "name")));
  const ne = function (a) {};
  Object.preventExtensions(ne);
  log(ne.name + " " + ne.length + " " + own(ne) + " " + Object.isExtensible(ne));
  const wr = function () {};
  try { (() => { "use strict"; wr.name = "x"; })(); } catch (err) { log(err.constructor.name); }
  log(wr.name);
  const df = function () {};
  Object.defineProperty(df, "name", { value: "zz" });
  log(df.name + JSON.stringify(Object.getOwnPropertyDescriptor(df, "name")));
  const dn = function () {};
  Object.defineProperty(dn, "name", { value: "n2", writable: true, configurable: true });
  dn.name = "w";
  log(dn.name + " " + own(dn));
  const dl = function (a, b) {};
  Object.defineProperty(dl, "length", { get() { return 9; } });
  log(dl.length + " " + own(dl));
  const b = function (a, b, c) {}.bind(null, 1);
  log(b.name + "|" + b.length + " " + own(b));
  const named = function inner(a) {};
  log(named.bind().name + " " + named.bind(null, 1, 2).length);
  const ln = function (a, b) {};
  Object.defineProperty(ln, "length", { value: -5 });
  log(ln.bind().length);
  log(Math.max.name + Math.max.length + own(Math.max));
  log(own(async function af() {}) + " " + own(function* gf() {}) + " " + own(async () => {}));
  const hh = function () {};
  log(("name" in hh) + " " + hh.hasOwnProperty("length") + " " + Object.prototype.propertyIsEnumerable.call(hh, "name"));
  const sn = class { static name = "S"; };
  log(sn.name + " " + own(sn));
  const sm = class { static name() { return 1; } };
  log(typeof sm.name + " " + own(sm));
  const p = function () {};
  for (const kk in p) log("forin " + kk);
  p.q = 1;
  for (const kk in p) log("forin " + kk);
  const desc = Object.getOwnPropertyDescriptors(function (a) {});
  log(Object.keys(desc).filter((k) => !skip.has(k)).map((k) => k + ":" + JSON.stringify(desc[k])));
  log(Object.assign({}, function () {}));
  log({ ...(() => {}) });
  const obj = {};
  Object.defineProperty(obj, "x", { get: function () {} });
  log(Object.getOwnPropertyDescriptor(obj, "x").get.name);
  const anon = [function () {}, () => {}][0];
  log(JSON.stringify(anon.name) + " " + own(anon));
  const proxied = new Proxy(function (a, b, c) {}, {});
  log(proxied.length + " " + own(proxied));
  log(Reflect.has(function () {}, "name") + " " + Reflect.deleteProperty(function () {}, "length"));
  log(Object.entries(Object.getOwnPropertyDescriptors(class { static [Symbol.iterator]() {} })).map((x) => x[0]).filter((k) => !skip.has(k)));
  return out.join("\n");
}
