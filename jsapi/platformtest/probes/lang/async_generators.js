// Async generator functions (lowered for goja) and the intrinsics reached
// through them: AsyncGeneratorFunction, %AsyncGeneratorPrototype% and
// %AsyncIteratorPrototype%.
async function* declared(n) {
  for (let i = 0; i < n; i++) yield i;
}
const expressed = async function* (a, b = 2) {
  yield a + b;
};
const obj = {
  async *method() {
    yield "m";
  },
};
class Streamer {
  async *[Symbol.asyncIterator]() {
    yield "c";
  }
}

const tryIt = (f) => {
  try {
    return f();
  } catch (e) {
    return e.constructor.name;
  }
};

export default async function () {
  const out = {};
  const AGFProto = Object.getPrototypeOf(async function* () {});
  const AsyncGeneratorPrototype = AGFProto.prototype;
  const AsyncIteratorPrototype = Object.getPrototypeOf(AsyncGeneratorPrototype);
  const AsyncGeneratorFunction = AGFProto.constructor;
  out.chain = [
    Object.getPrototypeOf(AGFProto) === Function.prototype,
    Object.getPrototypeOf(AsyncIteratorPrototype) === Object.prototype,
    typeof AsyncIteratorPrototype[Symbol.asyncIterator],
    AsyncIteratorPrototype[Symbol.asyncIterator].call(AsyncIteratorPrototype) === AsyncIteratorPrototype,
  ];
  out.shared = [
    Object.getPrototypeOf(declared) === AGFProto,
    Object.getPrototypeOf(expressed) === AGFProto,
    Object.getPrototypeOf(declared.prototype) === AsyncGeneratorPrototype,
    declared.prototype !== expressed.prototype,
  ];
  out.tags = [
    Object.prototype.toString.call(declared),
    Object.prototype.toString.call(AsyncGeneratorPrototype),
    AGFProto[Symbol.toStringTag],
    AsyncGeneratorPrototype[Symbol.toStringTag],
  ];
  out.ctor = [
    AsyncGeneratorFunction.name,
    AsyncGeneratorFunction.length,
    Object.getPrototypeOf(AsyncGeneratorFunction) === Function,
    AsyncGeneratorFunction.prototype === AGFProto,
    AsyncGeneratorPrototype.constructor === AGFProto,
    declared instanceof AsyncGeneratorFunction,
    declared instanceof Function,
    (() => {}) instanceof AsyncGeneratorFunction,
  ];
  out.names = [declared.name, expressed.name, declared.length, expressed.length, obj.method.name];
  out.methodNames = Object.getOwnPropertyNames(AsyncGeneratorPrototype).sort();
  out.descriptors = ["constructor", "prototype"].map((k) => {
    const d = Object.getOwnPropertyDescriptor(AGFProto, k);
    return [k, d.writable, d.enumerable, d.configurable];
  });
  out.protoDescriptor = (() => {
    const d = Object.getOwnPropertyDescriptor(declared, "prototype");
    return [d.writable, d.enumerable, d.configurable, Object.getOwnPropertyNames(d.value)];
  })();
  const got = [];
  for await (const v of declared(3)) got.push(v);
  for await (const v of expressed(1)) got.push(v);
  for await (const v of obj.method()) got.push(v);
  for await (const v of new Streamer()) got.push(v);
  out.values = got;
  // The readable-stream ponyfill's pattern: an object inheriting from
  // %AsyncIteratorPrototype% with its own next is async-iterable.
  const counter = Object.create(AsyncIteratorPrototype, {
    next: {
      value() {
        this.n = (this.n ?? 0) + 1;
        return Promise.resolve(this.n > 2 ? { done: true, value: undefined } : { done: false, value: this.n });
      },
    },
  });
  const counted = [];
  for await (const v of counter) counted.push(v);
  out.ponyfill = counted;
  out.construct = tryIt(() => typeof new AsyncGeneratorFunction("yield 1"));
  // Function-constructor semantics: global scope, "anonymous", V8's
  // source text, and SyntaxErrors for bad parameters or bodies.
  globalThis.__agfGlobal = 5;
  const local = 1;
  const made = new AsyncGeneratorFunction("a", "b = 2", "yield a + b; yield __agfGlobal; yield typeof this; yield arguments.length; yield typeof local");
  const rest = AsyncGeneratorFunction("...xs", "for (const x of xs) yield await x");
  out.constructed = [
    made.name,
    made.length,
    rest.length,
    String(made),
    Function.prototype.toString.call(rest),
    String(new AsyncGeneratorFunction()),
    Object.getPrototypeOf(made) === AGFProto,
    Object.getPrototypeOf(made.prototype) === AsyncGeneratorPrototype,
    Object.getOwnPropertyNames(made).sort(),
    Object.prototype.toString.call(made),
    made instanceof AsyncGeneratorFunction,
    /native code/.test(Function.prototype.toString.call(Function.prototype.toString)),
  ];
  const producedValues = [];
  for await (const v of made(1)) producedValues.push(v);
  for await (const v of rest(Promise.resolve("p"), 2)) producedValues.push(v);
  out.constructedValues = producedValues;
  delete globalThis.__agfGlobal;
  out.constructErrors = [["yield +"], ["a b", "yield 1"], ["}) ; (function(){"], ["/*", "*/){"], ["a", "a) {"], ["return 1; }, function* () {"]].map((args) => {
    try {
      new AsyncGeneratorFunction(...args);
      return "ok";
    } catch (e) {
      return [e.constructor === SyntaxError, e.name, e.message];
    }
  });
  return out;
}
