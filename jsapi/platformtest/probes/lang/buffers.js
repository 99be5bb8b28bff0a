// ArrayBuffer additions, Set methods and structuredClone of the newer types.
// gap: resizable goja ArrayBuffers have a fixed length; resize throws "not supported"
const t = (f) => {
  try {
    return f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};

export default function () {
  return {
    transfer: t(() => {
      const a = new ArrayBuffer(8);
      new Uint8Array(a)[0] = 7;
      const b = a.transfer();
      return [a.byteLength, a.detached, b.byteLength, new Uint8Array(b)[0]];
    }),
    transferLength: t(() => new ArrayBuffer(8).transfer(4).byteLength),
    resizable: t(() => {
      const a = new ArrayBuffer(4, { maxByteLength: 16 });
      a.resize(12);
      return [a.resizable, a.maxByteLength, a.byteLength];
    }),
    setUnion: t(() => [...new Set([1, 2]).union(new Set([2, 3]))]),
    setIntersection: t(() => typeof Set.prototype.intersection),
    cloneMap: t(() => {
      const m = structuredClone(new Map([[1, { a: 2 }]]));
      return [m instanceof Map, m.get(1).a];
    }),
    cloneDate: t(() => structuredClone(new Date(0)).getTime()),
    cloneRegExp: t(() => String(structuredClone(/a+/gi))),
    cloneError: t(() => {
      const e = structuredClone(new RangeError("r"));
      return [e instanceof RangeError, e.message];
    }),
    cloneTyped: t(() => Array.from(structuredClone(new Uint16Array([1, 2])))),
    cloneSAB: t(() => structuredClone(new SharedArrayBuffer(4)).byteLength),
    cloneWeakRef: t(() => structuredClone(new WeakRef({}))),
    cloneFunction: t(() => structuredClone(() => 1)),
    cloneSymbol: t(() => structuredClone(Symbol("x"))),
  };
}
