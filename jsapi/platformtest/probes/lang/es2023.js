// ES2023-2024 built-ins Node 22 has.
const t = (f) => {
  try {
    return f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};

export default async function () {
  const arr = [3, 1, 2];
  return {
    globalIsGlobalThis: t(() => typeof global !== "undefined" && global === globalThis),
    objectGroupBy: t(() => {
      const g = Object.groupBy([1, 2, 3, 4, 5], (n) => (n % 2 ? "odd" : "even"));
      return [Object.getPrototypeOf(g) === null, JSON.stringify(g)];
    }),
    mapGroupBy: t(() => {
      const g = Map.groupBy([1, 2, 3, 4], (n) => n % 2);
      return [g instanceof Map, [...g.entries()]];
    }),
    promiseWithResolvers: await (async () => {
      try {
        const { promise, resolve, reject } = Promise.withResolvers();
        resolve(42);
        return [typeof reject, await promise];
      } catch (e) {
        return e.name;
      }
    })(),
    arrayFromAsync: await (async () => {
      try {
        async function* gen() {
          yield 1;
          yield 2;
        }
        const a = await Array.fromAsync(gen());
        const b = await Array.fromAsync([Promise.resolve(3), 4], (x) => x * 2);
        return [a, b];
      } catch (e) {
        return e.name;
      }
    })(),
    isWellFormed: t(() => ["abc".isWellFormed(), "a\uD800b".isWellFormed()]),
    toWellFormed: t(() => "a\uD800b".toWellFormed() === "a\uFFFDb"),
    findLast: t(() => [arr.findLast((x) => x > 1), arr.findLastIndex((x) => x > 5)]),
    toSorted: t(() => [arr.toSorted(), arr]),
    toReversed: t(() => arr.toReversed()),
    toSpliced: t(() => arr.toSpliced(1, 1, 9, 8)),
    with: t(() => [arr.with(0, 7), arr.with(-1, 0)]),
    withRange: t(() => arr.with(5, 1)),
    typedToSorted: t(() => Array.from(new Uint8Array([3, 1, 2]).toSorted())),
    typedWith: t(() => Array.from(new Uint8Array([3, 1, 2]).with(0, 9))),
    arrayAt: t(() => [arr.at(-1), "abc".at(-1)]),
    hasOwn: t(() => Object.hasOwn({ a: 1 }, "a")),
    errorCause: t(() => new Error("x", { cause: 1 }).cause),
    stringReplaceAll: t(() => "a.b.c".replaceAll(".", "-")),
  };
}
