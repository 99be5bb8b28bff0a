// he: HTML entity encoding and decoding.
// gap: encode goja: a global non-unicode regexp never matches a surrogate pair ([\uD800-\uDBFF][\uDC00-\uDFFF]/g; exec finds it, replace and match with g do not)
// gap: decimal the same goja surrogate-pair bug
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
