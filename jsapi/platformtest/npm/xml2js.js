// xml2js: parseString (callback and promise), Builder, options.
import xml2js from "xml2js";

const XML = `<root a="1"><item>one</item><item>two</item><empty/><n>5</n></root>`;

export default async function () {
  const out = {};
  out.callback = await new Promise((resolve, reject) => xml2js.parseString(XML, (err, r) => (err ? reject(err) : resolve(r))));
  out.options = await xml2js.parseStringPromise(XML, { explicitArray: false, mergeAttrs: true, valueProcessors: [xml2js.processors.parseNumbers] });
  out.build = new xml2js.Builder({ headless: true, renderOpts: { pretty: true, indent: "  ", newline: "\n" } }).buildObject({ root: { $: { v: 2 }, item: ["x", "<y>"] } });
  out.error = await xml2js.parseStringPromise("<a><b></a>").catch((e) => e.message.split("\n")[0]);
  return out;
}
