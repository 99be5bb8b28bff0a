// Iterator helpers (Node 22 has them).
const t = (f) => {
  try {
    return f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};
function* nat() {
  for (let i = 0; ; i++) yield i;
}
// counted reports how many values were pulled and whether return() ran.
function counted(values) {
  const log = { pulled: 0, returned: false };
  const it = {
    i: 0,
    next() {
      log.pulled++;
      return this.i < values.length ? { value: values[this.i++], done: false } : { value: undefined, done: true };
    },
    return() {
      log.returned = true;
      return { value: undefined, done: true };
    },
    [Symbol.iterator]() {
      return this;
    },
  };
  return [it, log];
}

export default function () {
  return {
    global: t(() => [typeof Iterator, Iterator.prototype === Object.getPrototypeOf(Object.getPrototypeOf([].values()))]),
    abstract: t(() => new Iterator()),
    subclass: t(() => {
      class MyIt extends Iterator {
        next() {
          return { done: true, value: undefined };
        }
      }
      return new MyIt().toArray();
    }),
    mapFilterTake: t(() => nat().map((x) => x * 3).filter((x) => x % 2 === 0).take(4).toArray()),
    dropTake: t(() => nat().drop(5).take(3).toArray()),
    flatMap: t(() => [1, 2].values().flatMap((x) => [x, x * 10]).toArray()),
    flatMapString: t(() => [1].values().flatMap(() => "ab").toArray()),
    reduce: t(() => [nat().take(5).reduce((a, b) => a + b), [].values().reduce((a, b) => a + b, 7)]),
    reduceEmpty: t(() => [].values().reduce((a, b) => a + b)),
    forEach: t(() => {
      const seen = [];
      new Set(["a", "b"]).values().forEach((v, i) => seen.push(v + i));
      return seen;
    }),
    someEveryFind: t(() => [nat().some((x) => x > 3), [1, 2].values().every((x) => x > 0), nat().find((x) => x * x > 50)]),
    takeCloses: t(() => {
      const [it, log] = counted([1, 2, 3, 4]);
      const r = Iterator.from(it).take(2).toArray();
      return [r, log];
    }),
    findCloses: t(() => {
      const [it, log] = counted([1, 2, 3]);
      return [Iterator.from(it).find((x) => x === 2), log];
    }),
    helperReturn: t(() => {
      const [it, log] = counted([1, 2, 3]);
      const h = Iterator.from(it).map((x) => x);
      h.next();
      h.return();
      return [log, h.next()];
    }),
    mapperThrows: t(() => {
      const [it, log] = counted([1, 2]);
      try {
        Iterator.from(it).map(() => {
          throw new Error("x");
        }).next();
      } catch (e) {
        return [e.message, log];
      }
    }),
    negativeTake: t(() => nat().take(-1)),
    nanDrop: t(() => nat().drop(NaN)),
    notCallable: t(() => nat().map(1)),
    fromString: t(() => Iterator.from("ab").toArray()),
    fromPlainIterator: t(() => {
      let i = 0;
      const wrapped = Iterator.from({ next: () => ({ value: i++, done: i > 3 }) });
      return [wrapped instanceof Iterator, wrapped.map((x) => x * 2).toArray()];
    }),
    fromNumber: t(() => Iterator.from(5)),
    toStringTags: t(() => [Object.prototype.toString.call(nat().map((x) => x)), Object.prototype.toString.call(Iterator.prototype)]),
    lazy: t(() => {
      let pulled = 0;
      const src = { next: () => ({ value: pulled++, done: false }), [Symbol.iterator]() { return this; } };
      const h = Iterator.from(src).map((x) => x);
      const before = pulled;
      h.next();
      return [before, pulled];
    }),
  };
}
