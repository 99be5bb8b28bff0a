// handlebars: compile, helpers, partials, blocks, escaping, precompile.
import Handlebars from "handlebars";

export default async function () {
  const hb = Handlebars.create();
  hb.registerHelper("upper", (s) => String(s).toUpperCase());
  hb.registerHelper("eq", (a, b) => a === b);
  hb.registerPartial("item", "<li>{{name}}{{#if @last}}.{{/if}}</li>");
  const t = hb.compile("<h1>{{upper title}}</h1>{{!comment}}<ul>{{#each items}}{{> item}}{{/each}}</ul>{{#if (eq mode 'x')}}X{{else}}Y{{/if}} {{{raw}}} {{esc}} {{nested.a.b}}{{#with nested}}[{{a.b}}]{{/with}}");
  const out = {};
  out.render = t({ title: "hi", items: [{ name: "a" }, { name: "b" }], mode: "x", raw: "<i>r</i>", esc: "<&\"'>", nested: { a: { b: 1 } } });
  out.strict = (() => {
    try {
      return hb.compile("{{missing}}", { strict: true })({});
    } catch (e) {
      return e.message.split("\n")[0];
    }
  })();
  out.parseError = (() => {
    try {
      hb.compile("{{#if}}")();
    } catch (e) {
      return e.message.split("\n")[0];
    }
  })();
  out.precompile = typeof hb.precompile("{{a}}");
  out.safe = hb.compile("{{s}}")({ s: new hb.SafeString("<b>") });
  return out;
}
