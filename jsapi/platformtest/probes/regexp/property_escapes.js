// Unicode property escapes (\p{..} / \P{..}) in literals and new RegExp.
const t = (f) => {
  try {
    return f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};
const rx = (src, flags, ...inputs) =>
  t(() => {
    const re = new RegExp(src, flags);
    return inputs.map((s) => re.test(s));
  });

export default function () {
  return {
    literalL: t(() => [/\p{L}/u.test("a"), /\p{L}/u.test("1"), /\p{L}/u.test("é"), /\p{L}/u.test("字")]),
    literalInClass: t(() => [/^[\p{L}_]+$/u.test("größe_"), /[^\P{Lu}]/u.test("a"), /^[\p{sc=Greek}\s]+$/iu.test("ΑΒΓ αβγ")]),
    literalNegASCII: t(() => [/\P{ASCII}/u.test("a"), /\P{ASCII}/u.test("é")]),
    letterLong: rx("^\\p{Letter}+$", "u", "abcÉ", "ab1"),
    lu: rx("^\\p{Lu}$", "u", "A", "a", "É"),
    generalCategoryEq: rx("^\\p{General_Category=Decimal_Number}$", "u", "5", "٣", "x"),
    gcShort: rx("^\\p{gc=Nd}$", "u", "5", "x"),
    punct: rx("\\p{P}", "u", "!", "a"),
    scriptGreek: rx("^\\p{Script=Greek}+$", "u", "αβγ", "abc"),
    scShort: rx("^\\p{sc=Latn}+$", "u", "abc", "αβ"),
    scx: rx("^\\p{scx=Hira}$", "u", "ー", "あ", "a"),
    scriptHan: rx("\\p{Script=Han}", "u", "漢", "a"),
    cyrillic: rx("\\p{sc=Cyrillic}", "u", "Ж", "J"),
    ascii: rx("^\\p{ASCII}+$", "u", "hello", "héllo"),
    alphabetic: rx("^\\p{Alphabetic}$", "u", "a", "1", "Ⅻ"),
    whiteSpace: rx("^\\p{White_Space}$", "u", " ", "\u00a0", "\u2028", "x"),
    emoji: rx("\\p{Emoji}", "u", "😀", "#", "a"),
    emojiPresentation: rx("\\p{Emoji_Presentation}", "u", "😀", "#"),
    extPict: rx("\\p{Extended_Pictographic}", "u", "😀", "a"),
    any: rx("^\\p{Any}$", "u", "a", "😀"),
    assigned: rx("^\\p{Assigned}$", "u", "a", "\u0378"),
    uppercase: rx("^\\p{Uppercase}$", "u", "A", "a", "Ⓐ"),
    lowercase: rx("^\\p{Lowercase}$", "u", "a", "ª", "A"),
    idStart: rx("^\\p{ID_Start}\\p{ID_Continue}*$", "u", "a1", "1a"),
    astral: rx("^\\p{L}$", "u", "𝒜", "😀"),
    astralNeg: rx("^\\P{L}$", "u", "𝒜", "😀"),
    inClass: rx("^[\\p{L}\\d_]+$", "u", "ab_12", "a-b"),
    negInClass: rx("^[\\P{L}]+$", "u", "123", "a"),
    negatedClass: rx("^[^\\p{L}]+$", "u", "123", "1a"),
    ignoreCase: rx("^\\p{Lu}+$", "iu", "abc", "ABC"),
    ignoreCaseScript: rx("^\\p{sc=Greek}$", "iu", "Ω", "a"),
    withFlagsG: t(() => "a1b2é".match(/\p{L}/gu)),
    replace: t(() => "Grüße, 世界!".replace(/\P{L}+/gu, "_")),
    split: t(() => "a1b2c".split(/\p{N}/u)),
    sticky: t(() => {
      const re = /\p{L}/uy;
      re.lastIndex = 1;
      return [re.test("1a"), re.lastIndex];
    }),
    source: t(() => /\p{L}+/u.source),
    toStringRe: t(() => String(new RegExp("\\p{Lu}", "u"))),
    flags: t(() => new RegExp("\\p{L}", "giu").flags),
    instanceOf: t(() => /\p{L}/u instanceof RegExp),
    unknownProperty: t(() => new RegExp("\\p{Foo}", "u")),
    unknownScript: t(() => new RegExp("\\p{Script=Foo}", "u")),
    lowercasePName: t(() => new RegExp("\\p{letter}", "u")),
    noUFlag: t(() => [/\p{L}/.test("p{L}"), /\p{L}/.test("a")]),
    noUFlagCtor: t(() => new RegExp("\\p{L}").test("p{L}")),
    subclass: t(() => {
      class Words extends RegExp {
        first(s) {
          return this.exec(s)[0];
        }
      }
      const w = new Words("\\p{L}+", "u");
      return [w.first("12 abc"), w instanceof Words, w instanceof RegExp, w.source];
    }),
    fromRegExp: t(() => {
      const a = /\p{Lu}/u;
      const b = new RegExp(a, "gu");
      return [b.source, b.flags, b.test("A"), RegExp(a) === a, a.constructor === RegExp];
    }),
    addUFlag: t(() => new RegExp(/\p{L}/, "u").test("a")),
    splitUnicode: t(() => "aé1bü2".split(/\P{L}/u)),
    replaceAllFn: t(() => "Ab Cd".replace(/\p{Lu}/gu, (m) => m.toLowerCase())),
    regexpName: t(() => [RegExp.name, RegExp.length, typeof RegExp[Symbol.species]]),
    surrogateLone: rx("^\\p{Cs}$", "u", "\ud800", "a"),
    unassigned: rx("^\\p{Cn}$", "u", "\u0378", "a"),
    namedGroups: t(() => "x12y".match(/(?<n>\p{Nd}+)/u).groups.n),
  };
}
