// @mozilla/readability on a linkedom document: article extraction.
import { Readability, isProbablyReaderable } from "@mozilla/readability";
import { parseHTML } from "linkedom";

const PARA = "This is a long paragraph of article text that readability should keep, with enough words and commas, like this, and this, to score well. ";
const HTML = `<!doctype html><html><head><title>Article Title - Site</title><meta name="author" content="Ada"></head><body>
<nav><a href="/">Home</a> | <a href="/about">About</a></nav>
<article><h1>Article Title</h1><p>${PARA.repeat(4)}</p><p>${PARA.repeat(3)}<a href="/more">more</a></p><p>${PARA.repeat(2)}</p></article>
<aside class="sidebar">Ads and junk</aside><footer>Footer text</footer></body></html>`;

export default async function () {
  const { document } = parseHTML(HTML);
  const readerable = isProbablyReaderable(document);
  const a = new Readability(document).parse();
  return {
    readerable,
    title: a.title,
    byline: a.byline,
    length: a.length,
    excerpt: a.excerpt,
    text: a.textContent.replace(/\s+/g, " ").trim().slice(0, 120),
    hasNav: a.content.includes("About"),
    paragraphs: (a.content.match(/<p>/g) || []).length,
  };
}
