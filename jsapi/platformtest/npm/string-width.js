// string-width: East Asian wide chars, emoji, combining marks, ANSI.
import stringWidth from "string-width";

export default async function () {
  const samples = ["abc", "古池や", "안녕", "👍", "👨‍👩‍👧", "🇩🇪", "e\u0301", "\u001B[31mred\u001B[0m", "\t", "ｱｲｳ", "☺️", "a\u200Bb", "😀😀"];
  return {
    widths: samples.map((s) => stringWidth(s)),
    ambiguous: [stringWidth("±§", { ambiguousIsNarrow: false }), stringWidth("±§")],
    countAnsi: stringWidth("\u001B[31mred\u001B[0m", { countAnsiEscapeCodes: true }),
  };
}
