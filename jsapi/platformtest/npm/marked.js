// marked: markdown to HTML, GFM tables, lexer tokens, renderer overrides.
import { marked, Marked, Lexer } from "marked";

const MD = `# Title

Some *emphasis*, **strong**, \`code\` and a [link](https://example.com "t").

- one
- two
  - nested

| a | b |
|---|:-:|
| 1 | 2 |

\`\`\`ts
const x = 1;
\`\`\`

> quote

1. first
2. second

~~strike~~ <b>html</b> https://auto.link
`;

export default async function () {
  const out = {};
  out.html = marked.parse(MD);
  out.inline = marked.parseInline("a _b_ `c`");
  out.tokens = Lexer.lex(MD).map((t) => t.type);
  const custom = new Marked({
    renderer: {
      heading({ tokens, depth }) {
        return `<h${depth} class="x">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  out.custom = custom.parse("## Hi *there*");
  out.async = await new Marked({ async: true }).parse("**a**");
  out.breaks = marked.parse("a\nb", { breaks: true });
  return out;
}
