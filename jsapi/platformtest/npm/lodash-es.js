// lodash-es: the ES-module build, imported per function.
import { debounce, sortBy, uniqBy, camelCase, merge, throttle, isPlainObject, partition } from "lodash-es";

export default async function () {
  return {
    sortBy: sortBy([{ n: 3 }, { n: 1 }, { n: 2 }], "n").map((o) => o.n),
    uniqBy: uniqBy([2.1, 1.2, 2.3], Math.floor),
    camelCase: camelCase("__FOO_BAR__"),
    merge: merge({ a: [{ b: 1 }] }, { a: [{ c: 2 }] }),
    isPlainObject: [isPlainObject({}), isPlainObject(Object.create(null)), isPlainObject([])],
    partition: partition([1, 2, 3, 4], (n) => n % 2),
    timers: await new Promise((resolve) => {
      let d = 0,
        t = 0;
      const dd = debounce(() => d++, 10);
      const tt = throttle(() => t++, 1000);
      dd();
      dd();
      tt();
      tt();
      // Far past the debounce: under load a late timer must not flake.
      setTimeout(() => resolve([d, t]), 250);
    }),
  };
}
