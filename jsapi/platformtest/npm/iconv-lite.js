// iconv-lite: encode/decode legacy code pages, BOMs, streams.
import iconv from "iconv-lite";

export default async function () {
  const text = "Grüße € 日本";
  const out = {};
  for (const enc of ["win1252", "latin1", "utf16le", "utf16be", "shift_jis", "gbk", "euc-kr", "cp866", "koi8-r", "big5"]) {
    try {
      const buf = iconv.encode(text, enc);
      out[enc] = [buf.toString("hex"), iconv.decode(buf, enc)];
    } catch (e) {
      out[enc] = String(e);
    }
  }
  out.bom = [iconv.encode("a", "utf16", { addBOM: true }).toString("hex"), iconv.decode(Buffer.from("efbbbf61", "hex"), "utf8"), iconv.decode(Buffer.from("efbbbf61", "hex"), "utf8", { stripBOM: false })];
  out.exists = [iconv.encodingExists("cp1251"), iconv.encodingExists("nope")];
  out.stream = await new Promise((resolve) => {
    const dec = iconv.decodeStream("win1251");
    let s = "";
    dec.on("data", (c) => (s += c));
    dec.on("end", () => resolve(s));
    dec.write(Buffer.from([0xcf, 0xf0, 0xe8]));
    dec.end(Buffer.from([0xe2, 0xe5, 0xf2]));
  });
  return out;
}
