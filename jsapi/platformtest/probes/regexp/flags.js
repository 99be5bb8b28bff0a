// RegExp flags Node 22 supports: d (indices), v (sets), and the basics.
const t = (f) => {
  try {
    return f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};

export default function () {
  return {
    dIndices: t(() => {
      const m = /b(c)/d.exec("abcd");
      return m.indices ? [m.indices[0], m.indices[1]] : "no indices";
    }),
    dFlag: t(() => new RegExp("x", "d").hasIndices),
    vBasic: t(() => new RegExp("[a-c]", "v").test("b")),
    vFlags: t(() => [new RegExp("a", "v").flags, new RegExp("a", "v").unicodeSets]),
    vDifference: t(() => {
      const re = new RegExp("^[\\p{L}--[a-z]]+$", "v");
      return [re.test("ABC"), re.test("aBC")];
    }),
    vIntersection: t(() => {
      const re = new RegExp("^[\\p{L}&&\\p{ASCII}]+$", "v");
      return [re.test("abc"), re.test("é")];
    }),
    vNested: t(() => new RegExp("^[[a-z][0-9]]+$", "v").test("a1b2")),
    vStringProperty: t(() => new RegExp("^\\p{RGI_Emoji}$", "v").test("👍🏽")),
    vStringLiteral: t(() => new RegExp("^[\\q{abc|d}]$", "v").test("abc")),
    uAndV: t(() => new RegExp("a", "uv")),
    sDotAll: t(() => /a.b/s.test("a\nb")),
    lookbehind: t(() => "$10 €20".match(/(?<=\$)\d+/)[0]),
    namedGroup: t(() => "2024-01".replace(/(?<y>\d+)-(?<m>\d+)/, "$<m>/$<y>")),
    unicodeEscape: t(() => /\u{1F600}/u.test("😀")),
    matchAll: t(() => [..."a1b2".matchAll(/\d/g)].map((m) => m.index)),
  };
}
