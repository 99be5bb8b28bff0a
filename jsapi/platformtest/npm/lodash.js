// lodash (CommonJS): collections, objects, strings, functions, templates.
import _ from "lodash";

export default async function () {
  const users = [
    { name: "ada", age: 36, team: "a" },
    { name: "bob", age: 25, team: "b" },
    { name: "cy", age: 41, team: "a" },
  ];
  const out = {};
  out.groupBy = _.mapValues(_.groupBy(users, "team"), (g) => _.map(g, "name"));
  out.sortBy = _.map(_.sortBy(users, ["age"]), "name");
  out.orderBy = _.map(_.orderBy(users, ["team", "age"], ["asc", "desc"]), "name");
  out.chain = _.chain(users).filter((u) => u.age > 30).map("name").join("+").value();
  out.merge = _.merge({ a: { b: 1, c: [1] } }, { a: { d: 2, c: [undefined, 2] } });
  out.get = [_.get({ a: [{ b: 3 }] }, "a[0].b"), _.get({}, "x.y", "dflt")];
  out.set = _.set({}, "a.b[1].c", 5);
  out.cloneDeep = (() => {
    const o = { d: new Date(0), r: /x/g, m: new Map([[1, 2]]) };
    const c = _.cloneDeep(o);
    return [c.d !== o.d, c.d.getTime(), String(c.r), c.m.get(1)];
  })();
  out.isEqual = _.isEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] });
  out.strings = [_.camelCase("Foo Bar-baz"), _.kebabCase("fooBarBaz"), _.snakeCase("Foo Bar"), _.startCase("foo-bar"), _.truncate("hello world", { length: 8 }), _.escape("<a & 'b'>"), _.pad("x", 5, "-")];
  out.template = _.template("Hi <%= name %>! <% _.each(items, function(i) { %>[<%- i %>]<% }); %>")({ name: "pi", items: ["<x>", "y"] });
  out.arrays = [_.chunk([1, 2, 3, 4, 5], 2), _.uniq([1, 2, 1, 3]), _.difference([1, 2, 3], [2]), _.zip([1, 2], ["a", "b"]), _.flattenDeep([1, [2, [3, [4]]]]), _.range(0, 10, 3)];
  out.pick = [_.pick({ a: 1, b: 2, c: 3 }, ["a", "c"]), _.omit({ a: 1, b: 2 }, "a")];
  const memo = _.memoize((n) => n * 2);
  out.memoize = [memo(2), memo.cache.has(2)];
  out.debounce = await new Promise((resolve) => {
    let calls = 0;
    const d = _.debounce(() => calls++, 20);
    d();
    d();
    d();
    setTimeout(() => resolve(calls), 80);
  });
  out.version = _.VERSION;
  return out;
}
