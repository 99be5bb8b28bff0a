// RegExp flags Node 22 supports: d (indices), v (sets), and the basics.
// gap: vConstructorIdentity a v- or d-flag RegExp's constructor is a stand-in so split/matchAll can rebuild it, and RegExp[Symbol.species] is goja's own RegExp (its fast paths need it)
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
    dNamed: t(() => {
      const m = /(?<year>\d{4})-(?<month>\d\d)?(x)?/d.exec("on 2024- ok");
      return [m.indices, m.indices.groups, m.indices.groups.month === undefined];
    }),
    dNoGroups: t(() => /a/d.exec("ba").indices.groups),
    dAstral: t(() => /(😀)(b)/du.exec("x😀b").indices),
    dAstralNoU: t(() => /(\ud83d)(\ude00)/d.exec("x😀").indices),
    dGlobal: t(() => {
      const re = /(\w)\d/dg;
      const a = re.exec("a1 b2").indices;
      const b = re.exec("a1 b2").indices;
      return [a, b, re.lastIndex];
    }),
    dMatchAll: t(() => [..."a1 b2".matchAll(/(\w)\d/dg)].map((m) => m.indices[1])),
    dStringMatch: t(() => "xy1".match(/(y)(\d)/d).indices),
    dProperty: t(() => /(\p{Lu}+)/du.exec("abCD").indices),
    dFlags: t(() => [/a/dgi.flags, /a/.hasIndices, String(/a/dg)]),
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
    vStringLongest: t(() => "xabcd".match(new RegExp("[\\q{ab|abc}a]+", "gv"))),
    vStringEmpty: t(() => new RegExp("^a[\\q{|b}]c$", "v").test("ac")),
    vStringSubtract: t(() => [new RegExp("^[[\\q{ab|cd}x]--\\q{ab}]$", "v").test("ab"), new RegExp("^[[\\q{ab|cd}x]--\\q{ab}]$", "v").test("cd")]),
    vStringNegated: t(() => new RegExp("[^\\q{ab}]", "v")),
    vStringIgnoreCase: t(() => new RegExp("^[\\q{ab}]$", "vi").test("AB")),
    vBadOperation: t(() => new RegExp("[a-z&&b]", "v")),
    vMixedOperations: t(() => new RegExp("[a&&b--c]", "v")),
    vSyntaxChar: t(() => new RegExp("[(]", "v")),
    vEscapedSyntax: t(() => new RegExp("^[\\(\\-]+$", "v").test("(-")),
    vNegatedSubtraction: t(() => new RegExp("^[^\\d--[5]]$", "v").test("5")),
    vCaseless: t(() => new RegExp("^[\\p{Lu}&&[A-Z]]+$", "vi").test("abc")),
    vSource: t(() => new RegExp("[\\p{L}--[a-z]]", "v").source),
    vToString: t(() => String(new RegExp("[a]", "vg"))),
    slashSource: t(() => ["a/b", "[/]", "[^/]*", "\\/", "a\\/b[/\\]]/c", "\n\r\u2028", "", "[[a]]/"].map((s) => new RegExp(s, s.startsWith("[[") ? "v" : "").source)),
    slashToString: t(() => [String(new RegExp("src/[^/]*", "g")), String(new RegExp("\\p{L}/[/]", "u")), new RegExp(new RegExp("x/y")).source]),
    vUnicodeGetter: t(() => new RegExp("a", "v").unicode),
    unicodeSetsGetter: t(() => [/a/u.unicodeSets, /a/.hasIndices]),
    vMatchAll: t(() => [..."a1Bc".matchAll(new RegExp("[\\p{L}--[a-z]]", "gv"))].map((m) => m.index)),
    vSplit: t(() => "aXbYc".split(new RegExp("[\\p{Lu}--[Z]]", "v"))),
    dSplit: t(() => "a1b2c".split(/\d/d)),
    dMatchAllIndices: t(() => [..."x1y22".matchAll(/\d+/dg)].map((m) => [m[0], m.indices[0]])),
    vReplaceAll: t(() => "aXbY".replaceAll(new RegExp("[\\p{Lu}&&\\p{ASCII}]", "gv"), "_")),
    constructorIdentity: t(() => [/a/.constructor === RegExp, new RegExp("\\p{L}", "u").constructor === RegExp, /a/ instanceof RegExp]),
    vConstructorIdentity: t(() => [new RegExp("a", "v").constructor === RegExp, RegExp[Symbol.species] === RegExp]),
    uAndV: t(() => new RegExp("a", "uv")),
    sDotAll: t(() => /a.b/s.test("a\nb")),
    lookbehind: t(() => "$10 €20".match(/(?<=\$)\d+/)[0]),
    namedGroup: t(() => "2024-01".replace(/(?<y>\d+)-(?<m>\d+)/, "$<m>/$<y>")),
    unicodeEscape: t(() => /\u{1F600}/u.test("😀")),
    matchAll: t(() => [..."a1b2".matchAll(/\d/g)].map((m) => m.index)),
  };
}
