// wrap-ansi: wrapping with ANSI codes, hard wrap, trim, wide chars.
import wrapAnsi from "wrap-ansi";

const TEXT = "The quick \u001B[31mbrown fox jumps\u001B[39m over the lazy dog and keeps running far away";

export default async function () {
  return {
    soft: JSON.stringify(wrapAnsi(TEXT, 20)),
    hard: JSON.stringify(wrapAnsi("abcdefghijklmnopqrstuvwxyz", 10, { hard: true })),
    noTrim: JSON.stringify(wrapAnsi("  a b  c ", 3, { trim: false })),
    wide: JSON.stringify(wrapAnsi("古池や蛙飛び込む水の音", 8, { hard: true })),
    wordWrapOff: JSON.stringify(wrapAnsi("aaaa bbbb", 3, { wordWrap: false })),
    newlines: JSON.stringify(wrapAnsi("one\ntwo three four", 8)),
  };
}
