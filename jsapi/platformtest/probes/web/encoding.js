// TextDecoder labels and encodings beyond utf-8.
const t = (f) => {
  try {
    return f();
  } catch (e) {
    return e && e.name ? [e.name, e.code ?? null] : String(e);
  }
};
const dec = (label, bytes, opts) => t(() => new TextDecoder(label, opts).decode(new Uint8Array(bytes)));

export default function () {
  const labels = ["utf8", "UTF-16", "utf-16be", "latin1", "ascii", "iso-8859-2", "ISO8859-15", "windows-1251", "cp1252", "koi8-r", "macintosh", "gbk", "gb2312", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "sjis", "euc-kr", "ibm866", "x-user-defined", "iso-2022-kr", "replacement", "utf-32", "bogus"];
  const out = {};
  out.encodingNames = labels.map((l) => t(() => new TextDecoder(l).encoding));
  out.latin1 = dec("latin1", [0x63, 0x61, 0x66, 0xe9, 0x80, 0x9f]);
  out.iso88592 = dec("iso-8859-2", [0xa1, 0xb1, 0xe6]);
  out.win1251 = dec("windows-1251", [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]);
  out.koi8r = dec("koi8-r", [0xf0, 0xd2, 0xc9]);
  out.utf16le = dec("utf-16le", [0xff, 0xfe, 0x48, 0x00, 0x69, 0x00]);
  out.utf16leIgnoreBOM = dec("utf-16le", [0xff, 0xfe, 0x48, 0x00], { ignoreBOM: true });
  out.utf16be = dec("utf-16be", [0xfe, 0xff, 0x00, 0x48, 0xd8, 0x3d, 0xde, 0x00]);
  out.utf16Odd = dec("utf-16le", [0x48, 0x00, 0x69]);
  out.utf16Lone = dec("utf-16le", [0x00, 0xd8, 0x41, 0x00]);
  out.utf16Fatal = dec("utf-16le", [0x00, 0xd8], { fatal: true });
  out.shiftJis = dec("shift_jis", [0x82, 0xa0, 0x93, 0xfa, 0x96, 0x7b]);
  out.eucJp = dec("euc-jp", [0xc6, 0xfc, 0xcb, 0xdc]);
  out.iso2022jp = dec("iso-2022-jp", [0x1b, 0x24, 0x42, 0x46, 0x7c, 0x1b, 0x28, 0x42, 0x41]);
  out.gbk = dec("gbk", [0xd6, 0xd0, 0xce, 0xc4]);
  out.gb18030 = dec("gb18030", [0x81, 0x30, 0x81, 0x30]);
  out.big5 = dec("big5", [0xa4, 0xa4, 0xa4, 0xe5]);
  out.eucKr = dec("euc-kr", [0xc7, 0xd1, 0xb1, 0xdb]);
  out.shiftJisInvalid = dec("shift_jis", [0x82]);
  out.shiftJisFatal = dec("shift_jis", [0x82], { fatal: true });
  out.xUserDefined = dec("x-user-defined", [0x41, 0x80, 0xff]);
  out.streaming = t(() => {
    const d = new TextDecoder("utf-16le");
    return [d.decode(new Uint8Array([0x3d]), { stream: true }), d.decode(new Uint8Array([0xd8, 0x00]), { stream: true }), d.decode(new Uint8Array([0xde]))];
  });
  out.streamingSjis = t(() => {
    const d = new TextDecoder("shift_jis");
    return [d.decode(new Uint8Array([0x82]), { stream: true }), d.decode(new Uint8Array([0xa0]))];
  });
  return out;
}
