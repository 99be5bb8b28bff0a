// strip-ansi and ansi-regex: SGR, cursor, OSC hyperlinks.
import stripAnsi from "strip-ansi";

export default async function () {
  return {
    sgr: stripAnsi("\u001B[4mUnicorn\u001B[0m \u001B[38;2;1;2;3mrgb\u001B[39m"),
    cursor: stripAnsi("a\u001B[2Kb\u001B[1Gc\u001B[?25l"),
    link: stripAnsi("\u001B]8;;https://x.test\u0007link\u001B]8;;\u0007"),
    plain: stripAnsi("no codes ✓"),
  };
}
