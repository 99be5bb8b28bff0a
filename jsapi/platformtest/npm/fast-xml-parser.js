// fast-xml-parser: parse with attributes, build, validate.
import { XMLParser, XMLBuilder, XMLValidator } from "fast-xml-parser";

const XML = `<?xml version="1.0"?>
<catalog xmlns:x="urn:x">
  <book id="1" lang="en"><title>Go &amp; JS</title><price>9.5</price><tag>a</tag><tag>b</tag></book>
  <book id="2"><title><![CDATA[<raw>]]></title><!-- c --><x:note>n</x:note></book>
</catalog>`;

export default async function () {
  const out = {};
  out.default = new XMLParser().parse(XML);
  const p = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", cdataPropName: "#cdata", commentPropName: "#comment", removeNSPrefix: true, isArray: (name) => name === "book" });
  out.attrs = p.parse(XML);
  out.preserve = new XMLParser({ preserveOrder: true }).parse("<a><b>1</b><c/><b>2</b></a>");
  out.build = new XMLBuilder({ ignoreAttributes: false, format: true, attributeNamePrefix: "@_" }).build({ root: { "@_v": "1", item: ["x", "y"], empty: "" } });
  out.valid = XMLValidator.validate(XML);
  out.invalid = XMLValidator.validate("<a><b></a>");
  return out;
}
