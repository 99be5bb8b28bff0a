// entities: HTML/XML decode and encode modes.
import { decode, encode, decodeHTML, decodeXML, encodeHTML, encodeXML, escapeUTF8, escape, DecodingMode, EntityLevel } from "entities";

export default async function () {
  return {
    decode: decode("&lt;p&gt;&amp;&copy;&#169;&#xA9;&nbsp;&notin;&amp"),
    decodeXML: decodeXML("&lt;&apos;&copy;"),
    decodeStrict: decodeHTML("&amp&ampx", DecodingMode.Strict),
    decodeAttr: decodeHTML("&ampx=", DecodingMode.Attribute),
    encode: encode("<p>©&\"'</p>"),
    encodeHTML: encodeHTML("<ü>😀"),
    encodeXML: encodeXML("<ü>'"),
    escape: escape("<a href=\"x\">ü</a>"),
    escapeUTF8: escapeUTF8("<ü&>"),
    level: decode("&lt;&copy;", { level: EntityLevel.XML }),
  };
}
