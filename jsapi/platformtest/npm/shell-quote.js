// shell-quote: quote and parse, with env and operators.
import { quote, parse } from "shell-quote";

export default async function () {
  return {
    quote: quote(["a", "b c", "d$e", "'f'", 'g"h', "", "*"]),
    parse: parse("a 'b c' \"d $X\" e\\ f"),
    env: parse("echo $HOME ${USER}x", { HOME: "/h", USER: "u" }),
    ops: parse("a && b | c > out.txt; d 2>&1 || e &"),
    glob: parse("ls *.js"),
    comment: parse("a # b c"),
  };
}
