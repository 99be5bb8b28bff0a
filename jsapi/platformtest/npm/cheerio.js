// cheerio: load HTML, select, traverse, manipulate, serialize.
import * as cheerio from "cheerio";

const HTML = `<!doctype html><html><head><title>T &amp; t</title></head><body>
<ul id="list"><li class="a">One</li><li class="b" data-n="2">Two</li><li>Three <b>bold</b></li></ul>
<a href="/x?y=1">link</a><p>para&nbsp;text</p></body></html>`;

export default async function () {
  const $ = cheerio.load(HTML);
  const out = {};
  out.title = $("title").text();
  out.items = $("#list li").map((_, el) => $(el).text()).get();
  out.attr = [$("li.b").attr("data-n"), $("li.b").data("n"), $("a").attr("href")];
  out.traverse = [$("li.a").next().text(), $("b").parent().prop("tagName"), $("li").last().index(), $("li").filter(".a,.b").length];
  $("li.a").addClass("x").text("Uno");
  $("#list").append("<li>Four</li>");
  $("p").remove();
  out.html = $("body").html();
  out.text = $("body").text().replace(/\s+/g, " ").trim();
  const frag = cheerio.load("<div><span>a</span><span>b</span></div>", null, false);
  out.fragment = frag.html();
  out.xml = cheerio.load("<r><i k='1'/></r>", { xml: true }).xml();
  out.extract = $.extract({ items: ["li"], link: { selector: "a", value: "href" } });
  return out;
}
