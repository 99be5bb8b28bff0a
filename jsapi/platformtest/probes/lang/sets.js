// Set methods, Atomics.waitAsync and smaller ES2024 details.
const t = (f) => {
  try {
    return f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};

export default async function () {
  const a = new Set([1, 2, 3]);
  const b = new Set([3, 4]);
  const mapLike = new Map([[3, "x"], [9, "y"]]);
  const out = {
    union: t(() => [...a.union(b)]),
    intersection: t(() => [...a.intersection(b)]),
    difference: t(() => [...a.difference(b)]),
    symmetricDifference: t(() => [...a.symmetricDifference(b)]),
    isSubsetOf: t(() => [new Set([3]).isSubsetOf(a), a.isSubsetOf(b)]),
    isSupersetOf: t(() => [a.isSupersetOf(new Set([1, 2])), a.isSupersetOf(b)]),
    isDisjointFrom: t(() => [a.isDisjointFrom(new Set([7])), a.isDisjointFrom(b)]),
    withMap: t(() => [...a.intersection(mapLike)]),
    notSetLike: t(() => a.union([1, 2])),
    methodLengths: t(() => [Set.prototype.union.length, Set.prototype.union.name]),
    groupByKeys: t(() => Object.keys(Object.groupBy(["a", "bb", "cc"], (s) => s.length))),
    groupByNotCallable: t(() => Object.groupBy([1], 1)),
    withResolversReject: await (async () => {
      const { promise, reject } = Promise.withResolvers();
      reject(new Error("no"));
      return promise.then(
        () => "resolved",
        (e) => e.message,
      );
    })(),
    fromAsyncArrayLike: await Array.fromAsync({ length: 2, 0: "a", 1: Promise.resolve("b") }).catch((e) => e.name),
    fromAsyncBadMap: await Array.fromAsync([1], 5).catch((e) => e.name),
    wellFormedNames: t(() => [String.prototype.isWellFormed.name, String.prototype.toWellFormed.length]),
    captureLimit: t(() => {
      const saved = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      const o = { name: "N" };
      Error.captureStackTrace(o);
      Error.stackTraceLimit = saved;
      return o.stack;
    }),
    capturePrimitive: t(() => Error.captureStackTrace(1)),
    captureNotEnumerable: t(() => {
      const o = {};
      Error.captureStackTrace(o);
      return Object.keys(o);
    }),
    globalDescriptor: t(() => {
      const d = Object.getOwnPropertyDescriptor(globalThis, "global");
      return [d.writable, d.enumerable, d.configurable];
    }),
  };
  const ia = new Int32Array(new SharedArrayBuffer(8));
  const r0 = Atomics.waitAsync(ia, 0, 1);
  const r1 = Atomics.waitAsync(ia, 0, 0, 0);
  const r2 = Atomics.waitAsync(ia, 0, 0);
  const r3 = Atomics.waitAsync(ia, 0, 0, 50000);
  const notified = Atomics.notify(ia, 0, 1);
  const rest = Atomics.notify(ia, 0);
  out.waitAsync = [r0, r1, r2.async, notified, rest, await r2.value, await r3.value];
  out.transferDetachedSlice = t(() => {
    const buf = new ArrayBuffer(4);
    buf.transfer();
    return buf.slice(0);
  });
  out.transferDetachedTwice = t(() => {
    const buf = new ArrayBuffer(4);
    buf.transfer();
    return buf.transfer();
  });
  return out;
}
