// linkedom: a DOM from HTML, queries, mutation, serialization, XML.
import { parseHTML, DOMParser } from "linkedom";

export default async function () {
  const { document, window } = parseHTML("<!doctype html><html><head><title>T</title></head><body><main id='m'><p class='a'>One</p><p>Two <i>i</i></p></main></body></html>");
  const out = {};
  out.title = document.title;
  out.query = [...document.querySelectorAll("main p")].map((p) => p.textContent);
  const p = document.createElement("p");
  p.setAttribute("data-x", "1");
  p.textContent = "Three & <four>";
  document.getElementById("m").appendChild(p);
  document.querySelector(".a").classList.add("b");
  out.html = document.getElementById("m").outerHTML;
  out.closest = document.querySelector("i").closest("main").id;
  out.dataset = p.dataset.x;
  out.window = [typeof window.document, typeof window.HTMLElement];
  const xml = new DOMParser().parseFromString("<r><i k='v'>x</i></r>", "text/xml");
  out.xml = [xml.querySelector("i").getAttribute("k"), xml.toString()];
  out.fragment = parseHTML("<ul><li>a</li><li>b</li></ul>").document.toString();
  return out;
}
