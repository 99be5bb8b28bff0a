// he: HTML entity encoding and decoding.
import he from "he";

export default async function () {
  return {
    encode: he.encode("foo © bar ≠ baz 𝌆 <&>"),
    named: he.encode("foo © bar ≠ <&>", { useNamedReferences: true }),
    decimal: he.encode("©𝌆", { decimal: true }),
    decode: he.decode("foo &copy; bar &ne; baz &#x1D306; &amp;lt; &notin &#0;"),
    escape: he.escape("<img src='x'>&\""),
    unescape: he.unescape("&lt;b&gt;&quot;&#39;"),
    attr: he.decode("&amp=x&copy", { isAttributeValue: true }),
  };
}
