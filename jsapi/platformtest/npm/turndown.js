// turndown: HTML to Markdown, options, rules, escaping.
import TurndownService from "turndown";

const HTML = `<h1>Title</h1><p>Some <em>emph</em>, <strong>bold</strong> and <code>code</code>. <a href="https://x.test/">link</a></p>
<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><ol><li>first</li></ol>
<pre><code class="language-js">const a = 1;\n</code></pre><blockquote><p>quote</p></blockquote><hr><img src="i.png" alt="pic">
<p>1. not a list * star _under_</p><del>gone</del>`;

export default async function () {
  const td = new TurndownService();
  const out = {};
  out.default = td.turndown(HTML);
  const td2 = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "*", linkStyle: "referenced" });
  td2.addRule("strike", { filter: ["del", "s"], replacement: (c) => "~~" + c + "~~" });
  td2.remove("img");
  out.options = td2.turndown(HTML);
  out.escape = td.escape("# not heading *x*");
  return out;
}
