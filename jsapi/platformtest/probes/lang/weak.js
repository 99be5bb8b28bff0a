// WeakRef, FinalizationRegistry, SharedArrayBuffer and Atomics.
const t = (f) => {
  try {
    return f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};

export default function () {
  return {
    weakRefDeref: t(() => {
      const o = { a: 1 };
      const r = new WeakRef(o);
      return [r.deref() === o, Object.prototype.toString.call(r)];
    }),
    weakRefPrimitive: t(() => new WeakRef(1)),
    finalizationRegistry: t(() => {
      const fr = new FinalizationRegistry(() => {});
      const tok = {};
      fr.register({}, "held", tok);
      return [fr.unregister(tok), fr.unregister({}), Object.prototype.toString.call(fr)];
    }),
    finalizationRegistrySameTarget: t(() => {
      const fr = new FinalizationRegistry(() => {});
      const o = {};
      fr.register(o, o);
      return "ok";
    }),
    sharedArrayBuffer: t(() => {
      const sab = new SharedArrayBuffer(16);
      return [sab.byteLength, Object.prototype.toString.call(sab), sab.slice(4).byteLength];
    }),
    atomicsBasic: t(() => {
      const ia = new Int32Array(new SharedArrayBuffer(16));
      return [
        Atomics.store(ia, 0, 5),
        Atomics.add(ia, 0, 2),
        Atomics.sub(ia, 0, 1),
        Atomics.and(ia, 0, 3),
        Atomics.or(ia, 0, 8),
        Atomics.xor(ia, 0, 1),
        Atomics.exchange(ia, 0, 42),
        Atomics.compareExchange(ia, 0, 42, 7),
        Atomics.load(ia, 0),
        Atomics.isLockFree(4),
        Atomics.notify(ia, 0, 1),
      ];
    }),
    atomicsOnArrayBuffer: t(() => {
      const ia = new Int32Array(4);
      Atomics.store(ia, 1, 3);
      return Atomics.add(ia, 1, 1) + Atomics.load(ia, 1);
    }),
    atomicsWaitNotEqual: t(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(8)), 0, 1)),
    atomicsWaitTimedOut: t(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(8)), 0, 0, 10)),
    atomicsWaitNonShared: t(() => Atomics.wait(new Int32Array(4), 0, 0, 0)),
    atomicsFloat: t(() => Atomics.add(new Float64Array(2), 0, 1)),
    atomicsBigInt: t(() => String(Atomics.add(new BigInt64Array(new SharedArrayBuffer(16)), 0, 5n))),
    atomicsToString: t(() => Object.prototype.toString.call(Atomics)),
  };
}
