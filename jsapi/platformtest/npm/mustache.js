// mustache: render, sections, partials, escaping, custom tags, parse.
import Mustache from "mustache";

export default async function () {
  return {
    render: Mustache.render("Hi {{name}}! {{#items}}[{{.}}]{{/items}}{{^none}}empty{{/none}} {{{raw}}} {{esc}} {{> p}}", { name: "pi", items: [1, 2], none: [], raw: "<b>", esc: "<&>" }, { p: "part:{{name}}" }),
    lambda: Mustache.render("{{#wrap}}x{{/wrap}}", { wrap: () => (text, render) => "<" + render(text) + ">" }),
    tags: Mustache.render("<%a%>", { a: 1 }, {}, ["<%", "%>"]),
    parse: Mustache.parse("a {{b}} {{#c}}d{{/c}}").map((t) => t.slice(0, 2)),
    dotted: Mustache.render("{{a.b.c}}", { a: { b: { c: "deep" } } }),
    error: (() => {
      try {
        Mustache.render("{{#a}}", {});
      } catch (e) {
        return e.message;
      }
    })(),
  };
}
