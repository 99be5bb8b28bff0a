package compat_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/bmp"
)

// The tools tests run pi's built-in tools (modules/_tools*.ts) on a fixture
// and compare with the real @mariozechner/pi-coding-agent 0.73.1.
//
// toolsHarnessJS builds the fixture in a directory and runs every case; it
// is plain JavaScript, evaluated unchanged by pigo and by Node. The wants
// in toolsWant are what Node printed for it. To regenerate them:
//
//	go test ./jsapi/compat -run TestToolsMatchPi -pitools.dump=/tmp/pitools
//	cd /work/main && node /tmp/pitools/gen.mjs /tmp/pitools/harness.js
//
// and paste the output into toolsWant (review the diff). pi runs rg and fd:
// install them (Debian: ripgrep, fd-find). Debian's fd 8.6 rejects pi's
// --no-require-git, so run Node with an `fd` first on PATH that drops that
// flag and execs fdfind (the fixture is a git checkout, so .gitignore
// applies either way). Results of grep and find are compared with their
// lines sorted (rg and fd walk in parallel); texts over 600 characters as
// length, SHA-256 prefix, head and tail.

var pitoolsDump = flag.String("pitools.dump", "", "write the tools harness and its Node runner to this directory")

const toolsHarnessJS = `async (agent, fs, path, crypto, dir, mode) => {
  const w = (p, s) => { fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true }); fs.writeFileSync(path.join(dir, p), s); };
  const lines = (n, f) => Array.from({ length: n }, (_, i) => f(i + 1)).join("\n");
  w("f.txt", lines(10, (i) => "line " + i) + "\n");
  w("big.txt", lines(2500, (i) => "row " + i));
  w("wide.txt", lines(3, (i) => String(i).repeat(30000)));
  w("huge1.txt", "x".repeat(60000) + "\nsecond\n");
  w("img.png", Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));
  w("tree/a.ts", "const foo = 1;\nconst bar = 2;\n// FOO upper\n");
  w("tree/b.md", "foo in markdown\nnothing\n");
  w("tree/sub/c.ts", "x\ny\nfoo.bar()\nz\n");
  w("tree/sub/d.txt", "a+b\nfoo\n");
  w("tree/.hidden.ts", "foo hidden\n");
  w("tree/.gitignore", "ignored.ts\nbuild/\n");
  w("tree/ignored.ts", "foo ignored\n");
  w("tree/build/out.ts", "foo built\n");
  w("tree/long.txt", "foo " + "y".repeat(600) + "\n");
  fs.mkdirSync(path.join(dir, "tree/.git"), { recursive: true });
  fs.mkdirSync(path.join(dir, "emptydir"), { recursive: true });
  const out = {};
  const run = async (name, tool, params, opts = {}) => {
    let r;
    try {
      const res = await tool.execute("call-1", params, opts.signal);
      // pi 1.6's bash returns a failed command as an error result (0.73.1 threw the same text).
      r = res.isError ? { error: res.content[0].text } : { content: res.content, details: res.details };
    } catch (e) {
      r = { error: e && e.message };
    }
    out[name] = r;
  };
  const read = agent.createReadTool(dir);
  const bash = agent.createBashTool(dir);
  const edit = agent.createEditTool(dir);
  const write = agent.createWriteTool(dir);
  const ls = agent.createLsTool(dir);
  const find = agent.createFindTool(dir);
  const grep = agent.createGrepTool(dir);
  if (mode !== "search") {
    await run("read", read, { path: "f.txt" });
    await run("readOffsetLimit", read, { path: "f.txt", offset: 3, limit: 2 });
    await run("readOffsetOnly", read, { path: "f.txt", offset: 9 });
    await run("readBeyond", read, { path: "f.txt", offset: 99 });
    await run("readAbs", read, { path: path.join(dir, "f.txt"), limit: 1 });
    await run("readAt", read, { path: "@f.txt", limit: 1 });
    await run("readBig", read, { path: "big.txt" });
    await run("readBigOffset", read, { path: "big.txt", offset: 2001 });
    await run("readWide", read, { path: "wide.txt" });
    await run("readHuge", read, { path: "huge1.txt" });
    await run("readHugeOffset", read, { path: "huge1.txt", offset: 2 });
    await run("readImage", read, { path: "img.png" });
    await run("readMissing", read, { path: "missing.txt" });
    await run("readDir", read, { path: "tree" });
    w("empty.txt", "");
    await run("readEmpty", read, { path: "empty.txt" });
    await run("readEmptyOffset", read, { path: "empty.txt", offset: 2 });
    await run("bashEcho", bash, { command: "echo hi" });
    await run("bashNoOutput", bash, { command: "true" });
    await run("bashExit", bash, { command: "echo out; sleep 0.1; echo err >&2; exit 3" });
    await run("bashExitQuiet", bash, { command: "exit 2" });
    await run("bashCwd", bash, { command: "pwd" });
    await run("bashTimeout", bash, { command: "echo start; sleep 5", timeout: 1 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    await run("bashAbort", bash, { command: "echo before; sleep 5; echo after" }, { signal: ac.signal });
    await run("bashTail", bash, { command: "for i in $(seq 1 2500); do echo line $i; done" });
    await run("bashBytes", bash, { command: "head -c 60000 /dev/zero | tr '\\\\0' a; echo; echo end" });
    const e = (name, content, params) => { w(name + ".txt", content); return run(name, edit, { path: name + ".txt", ...params }); };
    await e("editOk", "alpha\nbeta\ngamma\n", { edits: [{ oldText: "beta", newText: "BETA" }] });
    out.editOkFile = fs.readFileSync(path.join(dir, "editOk.txt"), "utf-8");
    await e("editNotFound", "alpha\n", { edits: [{ oldText: "zzz", newText: "y" }] });
    await e("editMulti", "foo\nbar\nfoo\n", { edits: [{ oldText: "foo", newText: "x" }] });
    await e("editMultiIdx", "foo\nbar\nfoo\n", { edits: [{ oldText: "bar", newText: "B" }, { oldText: "foo", newText: "x" }] });
    await e("editNotFoundIdx", "foo\nbar\n", { edits: [{ oldText: "bar", newText: "B" }, { oldText: "nope", newText: "x" }] });
    await e("editTwo", lines(30, (i) => "l" + i) + "\n", { edits: [{ oldText: "l3\n", newText: "L3\n" }, { oldText: "l25", newText: "L25\nextra" }] });
    await e("editOverlap", "abcdef\n", { edits: [{ oldText: "abcd", newText: "1" }, { oldText: "cdef", newText: "2" }] });
    await e("editEmpty", "abc\n", { edits: [{ oldText: "", newText: "1" }] });
    await e("editSame", "abc\n", { edits: [{ oldText: "abc", newText: "abc" }] });
    await e("editFuzzy", "say \u201chello\u201d   \nnext\n", { edits: [{ oldText: "say \"hello\"\nnext", newText: "said hi\nnext" }] });
    out.editFuzzyFile = fs.readFileSync(path.join(dir, "editFuzzy.txt"), "utf-8");
    await e("editCRLF", "one\r\ntwo\r\nthree\r\n", { edits: [{ oldText: "two\nthree", newText: "2\n3" }] });
    out.editCRLFFile = fs.readFileSync(path.join(dir, "editCRLF.txt"), "utf-8");
    await e("editBOM", "\uFEFFhead\nbody\n", { edits: [{ oldText: "head", newText: "HEAD" }] });
    out.editBOMFile = fs.readFileSync(path.join(dir, "editBOM.txt"), "utf-8");
    await e("editNoEdits", "abc\n", { edits: [] });
    await run("editMissing", edit, { path: "nope.txt", edits: [{ oldText: "a", newText: "b" }] });
    out.editPrepare = edit.prepareArguments({ path: "p", oldText: "a", newText: "b" });
    out.editPrepareJSON = edit.prepareArguments({ path: "p", edits: '[{"oldText":"a","newText":"b"}]' });
    await run("write", write, { path: "new/deep/file.txt", content: "héllo\nworld" });
    out.writeFile = fs.readFileSync(path.join(dir, "new/deep/file.txt"), "utf-8");
    await run("writeOver", write, { path: "f2.txt", content: "" });
    await run("ls", ls, { path: "tree" });
    await run("lsRoot", ls, {});
    await run("lsLimit", ls, { path: "tree", limit: 2 });
    await run("lsEmpty", ls, { path: "emptydir" });
    await run("lsMissing", ls, { path: "nope" });
    await run("lsFile", ls, { path: "f.txt" });
  }
  await run("grep", grep, { pattern: "foo", path: "tree" });
  await run("grepIgnoreCase", grep, { pattern: "foo", path: "tree", ignoreCase: true });
  await run("grepRegex", grep, { pattern: "fo+\\.b", path: "tree" });
  await run("grepLiteral", grep, { pattern: "a+b", path: "tree", literal: true });
  await run("grepGlob", grep, { pattern: "foo", path: "tree", glob: "*.ts" });
  await run("grepGlobPath", grep, { pattern: "foo", path: "tree", glob: "sub/*.ts" });
  await run("grepGlobDot", grep, { pattern: "foo", path: "tree", glob: "./sub/*.ts" });
  await run("grepContext", grep, { pattern: "foo\\.bar", path: "tree", context: 1 });
  await run("grepLimit", grep, { pattern: "^foo$", path: "tree", limit: 1 });
  await run("grepFile", grep, { pattern: "bar", path: "tree/a.ts" });
  await run("grepNone", grep, { pattern: "nomatchzzz", path: "tree" });
  await run("grepMissing", grep, { pattern: "x", path: "nope" });
  await run("grepLong", grep, { pattern: "foo y", path: "tree" });
  await run("find", find, { pattern: "*.ts", path: "tree" });
  await run("findAll", find, { pattern: "*", path: "tree/sub" });
  await run("findPath", find, { pattern: "sub/*.ts", path: "tree" });
  await run("findDeep", find, { pattern: "**/*.txt", path: "tree" });
  await run("findNone", find, { pattern: "*.zzz", path: "tree" });
  await run("findLimit", find, { pattern: "*.ts", path: "tree/sub", limit: 1 });
  const squash = (k, t) => {
    if (/^(grep|find)/.test(k)) t = t.split("\n").sort().join("\n");
    if (t.length <= 600) return t;
    return t.length + ":" + crypto.createHash("sha256").update(t).digest("hex").slice(0, 16) + ":" + t.slice(0, 200) + "..." + t.slice(-200);
  };
  const fix = (k, v) => {
    if (typeof v === "string") return squash(k, v);
    if (Array.isArray(v)) return v.map((x) => fix(k, x));
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([kk, x]) => [kk, fix(k, x)]));
    return v;
  };
  const norm = JSON.parse(JSON.stringify(out).split(dir).join("$DIR").replace(/\/tmp\/pi-bash-[0-9a-f]{16}\.log/g, "$TMPLOG"));
  return Object.fromEntries(Object.entries(norm).map(([k, v]) => [k, fix(k, v)]));
}`

const toolsGenMJS = `// Prints the wants of jsapi/compat/tools_test.go: runs the harness with the
// real @mariozechner/pi-coding-agent from ./node_modules (run it in the repo root).
import * as fs from "fs";
import * as path from "path";
import * as os from "os";
import * as crypto from "crypto";
import { pathToFileURL } from "url";
const agent = await import(pathToFileURL(path.resolve("node_modules/@mariozechner/pi-coding-agent/dist/index.js")).href);
const f = eval(fs.readFileSync(process.argv[2], "utf-8"));
const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "pitools-")));
const r = await f(agent, fs, path, crypto, dir, process.argv[3] || "");
const ascii = (v) => JSON.stringify(v).replace(/[\u007f-\uffff` + "`" + `]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
for (const [k, v] of Object.entries(r)) console.log(` + "`" + `\t${JSON.stringify(k)}: \` + "`" + `${ascii(v)}\` + "`" + `,` + "`" + `);
`

var toolsWant = map[string]string{
	"read":            `{"content":[{"type":"text","text":"line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\nline 9\nline 10\n"}]}`,
	"readOffsetLimit": `{"content":[{"type":"text","text":"line 3\nline 4\n\n[7 more lines in file. Use offset=5 to continue.]"}]}`,
	"readOffsetOnly":  `{"content":[{"type":"text","text":"line 9\nline 10\n"}]}`,
	"readBeyond":      `{"error":"Offset 99 is beyond end of file (11 lines total)"}`,
	"readAbs":         `{"content":[{"type":"text","text":"line 1\n\n[10 more lines in file. Use offset=2 to continue.]"}]}`,
	"readAt":          `{"content":[{"type":"text","text":"line 1\n\n[10 more lines in file. Use offset=2 to continue.]"}]}`,
	"readBig":         `{"content":[{"type":"text","text":"16954:7d392f6e837a9807:row 1\nrow 2\nrow 3\nrow 4\nrow 5\nrow 6\nrow 7\nrow 8\nrow 9\nrow 10\nrow 11\nrow 12\nrow 13\nrow 14\nrow 15\nrow 16\nrow 17\nrow 18\nrow 19\nrow 20\nrow 21\nrow 22\nrow 23\nrow 24\nrow 25\nrow 26\nrow 27\nrow 28\nrow 29\nrow 30...985\nrow 1986\nrow 1987\nrow 1988\nrow 1989\nrow 1990\nrow 1991\nrow 1992\nrow 1993\nrow 1994\nrow 1995\nrow 1996\nrow 1997\nrow 1998\nrow 1999\nrow 2000\n\n[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]"}],"details":{"truncation":{"content":"16892:e322607b84624a04:row 1\nrow 2\nrow 3\nrow 4\nrow 5\nrow 6\nrow 7\nrow 8\nrow 9\nrow 10\nrow 11\nrow 12\nrow 13\nrow 14\nrow 15\nrow 16\nrow 17\nrow 18\nrow 19\nrow 20\nrow 21\nrow 22\nrow 23\nrow 24\nrow 25\nrow 26\nrow 27\nrow 28\nrow 29\nrow 30...78\nrow 1979\nrow 1980\nrow 1981\nrow 1982\nrow 1983\nrow 1984\nrow 1985\nrow 1986\nrow 1987\nrow 1988\nrow 1989\nrow 1990\nrow 1991\nrow 1992\nrow 1993\nrow 1994\nrow 1995\nrow 1996\nrow 1997\nrow 1998\nrow 1999\nrow 2000","truncated":true,"truncatedBy":"lines","totalLines":2500,"totalBytes":21392,"outputLines":2000,"outputBytes":16892,"lastLinePartial":false,"firstLineExceedsLimit":false,"maxLines":2000,"maxBytes":51200}}}`,
	"readBigOffset":   `{"content":[{"type":"text","text":"4499:7daf69c7906034ec:row 2001\nrow 2002\nrow 2003\nrow 2004\nrow 2005\nrow 2006\nrow 2007\nrow 2008\nrow 2009\nrow 2010\nrow 2011\nrow 2012\nrow 2013\nrow 2014\nrow 2015\nrow 2016\nrow 2017\nrow 2018\nrow 2019\nrow 2020\nrow 2021\nrow 2022\nro...78\nrow 2479\nrow 2480\nrow 2481\nrow 2482\nrow 2483\nrow 2484\nrow 2485\nrow 2486\nrow 2487\nrow 2488\nrow 2489\nrow 2490\nrow 2491\nrow 2492\nrow 2493\nrow 2494\nrow 2495\nrow 2496\nrow 2497\nrow 2498\nrow 2499\nrow 2500"}]}`,
	"readWide":        `{"content":[{"type":"text","text":"30068:0681913e9d6d8217:11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111...111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111\n\n[Showing lines 1-1 of 3 (50.0KB limit). Use offset=2 to continue.]"}],"details":{"truncation":{"content":"30000:ffaba2c95ededc42:11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111...11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111","truncated":true,"truncatedBy":"bytes","totalLines":3,"totalBytes":90002,"outputLines":1,"outputBytes":30000,"lastLinePartial":false,"firstLineExceedsLimit":false,"maxLines":2000,"maxBytes":51200}}}`,
	"readHuge":        `{"content":[{"type":"text","text":"[Line 1 is 58.6KB, exceeds 50.0KB limit. Use bash: sed -n '1p' huge1.txt | head -c 51200]"}],"details":{"truncation":{"content":"","truncated":true,"truncatedBy":"bytes","totalLines":3,"totalBytes":60008,"outputLines":0,"outputBytes":0,"lastLinePartial":false,"firstLineExceedsLimit":true,"maxLines":2000,"maxBytes":51200}}}`,
	"readHugeOffset":  `{"content":[{"type":"text","text":"second\n"}]}`,
	"readImage":       `{"content":[{"type":"text","text":"Read image file [image/png]"},{"type":"image","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==","mimeType":"image/png"}]}`,
	"readMissing":     `{"error":"ENOENT: no such file or directory, access '$DIR/missing.txt'"}`,
	"readDir":         `{"error":"EISDIR: illegal operation on a directory, read"}`,
	"readEmpty":       `{"content":[{"type":"text","text":""}]}`,
	"readEmptyOffset": `{"error":"Offset 2 is beyond end of file (1 lines total)"}`,
	"bashEcho":        `{"content":[{"type":"text","text":"hi\n"}]}`,
	"bashNoOutput":    `{"content":[{"type":"text","text":"(no output)"}]}`,
	"bashExit":        `{"error":"out\nerr\n\n\nCommand exited with code 3"}`,
	"bashExitQuiet":   `{"error":"(no output)\n\nCommand exited with code 2"}`,
	"bashCwd":         `{"content":[{"type":"text","text":"$DIR\n"}]}`,
	"bashTimeout":     `{"error":"start\n\n\nCommand timed out after 1 seconds"}`,
	"bashAbort":       `{"error":"before\n\n\nCommand aborted"}`,
	"bashTail":        `{"content":[{"type":"text","text":"19548:892eefa8e61a5b92:line 502\nline 503\nline 504\nline 505\nline 506\nline 507\nline 508\nline 509\nline 510\nline 511\nline 512\nline 513\nline 514\nline 515\nline 516\nline 517\nline 518\nline 519\nline 520\nline 521\nline 522\nline 523\nli...486\nline 2487\nline 2488\nline 2489\nline 2490\nline 2491\nline 2492\nline 2493\nline 2494\nline 2495\nline 2496\nline 2497\nline 2498\nline 2499\nline 2500\n\n\n[Showing lines 502-2501 of 2501. Full output: $TMPLOG]"}],"details":{"truncation":{"content":"19492:7256173be0e4dc91:line 502\nline 503\nline 504\nline 505\nline 506\nline 507\nline 508\nline 509\nline 510\nline 511\nline 512\nline 513\nline 514\nline 515\nline 516\nline 517\nline 518\nline 519\nline 520\nline 521\nline 522\nline 523\nli...line 2481\nline 2482\nline 2483\nline 2484\nline 2485\nline 2486\nline 2487\nline 2488\nline 2489\nline 2490\nline 2491\nline 2492\nline 2493\nline 2494\nline 2495\nline 2496\nline 2497\nline 2498\nline 2499\nline 2500\n","truncated":true,"truncatedBy":"lines","totalLines":2501,"totalBytes":23893,"outputLines":2000,"outputBytes":19492,"lastLinePartial":false,"firstLineExceedsLimit":false,"maxLines":2000,"maxBytes":51200},"fullOutputPath":"$TMPLOG"}}`,
	"bashBytes":       `{"content":[{"type":"text","text":"end\n\n\n[Showing lines 2-3 of 3 (50.0KB limit). Full output: $TMPLOG]"}],"details":{"truncation":{"content":"end\n","truncated":true,"truncatedBy":"bytes","totalLines":3,"totalBytes":60005,"outputLines":2,"outputBytes":4,"lastLinePartial":false,"firstLineExceedsLimit":false,"maxLines":2000,"maxBytes":51200},"fullOutputPath":"$TMPLOG"}}`,
	"editOk":          `{"content":[{"type":"text","text":"Successfully replaced 1 block(s) in editOk.txt."}],"details":{"diff":" 1 alpha\n-2 beta\n+2 BETA\n 3 gamma","firstChangedLine":2}}`,
	"editOkFile":      `"alpha\nBETA\ngamma\n"`,
	"editNotFound":    `{"error":"Could not find the exact text in editNotFound.txt. The old text must match exactly including all whitespace and newlines."}`,
	"editMulti":       `{"error":"Found 2 occurrences of the text in editMulti.txt. The text must be unique. Please provide more context to make it unique."}`,
	"editMultiIdx":    `{"error":"Found 2 occurrences of edits[1] in editMultiIdx.txt. Each oldText must be unique. Please provide more context to make it unique."}`,
	"editNotFoundIdx": `{"error":"Could not find edits[1] in editNotFoundIdx.txt. The oldText must match exactly including all whitespace and newlines."}`,
	"editTwo":         `{"content":[{"type":"text","text":"Successfully replaced 2 block(s) in editTwo.txt."}],"details":{"diff":"  1 l1\n  2 l2\n- 3 l3\n+ 3 L3\n  4 l4\n  5 l5\n  6 l6\n  7 l7\n    ...\n 21 l21\n 22 l22\n 23 l23\n 24 l24\n-25 l25\n+25 L25\n+26 extra\n 26 l26\n 27 l27\n 28 l28\n 29 l29\n    ...","firstChangedLine":3}}`,
	"editOverlap":     `{"error":"edits[0] and edits[1] overlap in editOverlap.txt. Merge them into one edit or target disjoint regions."}`,
	"editEmpty":       `{"error":"oldText must not be empty in editEmpty.txt."}`,
	"editSame":        `{"error":"No changes made to editSame.txt. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected."}`,
	"editFuzzy":       `{"content":[{"type":"text","text":"Successfully replaced 1 block(s) in editFuzzy.txt."}],"details":{"diff":"-1 say \"hello\"\n+1 said hi\n 2 next","firstChangedLine":1}}`,
	"editFuzzyFile":   `"said hi\nnext\n"`,
	"editCRLF":        `{"content":[{"type":"text","text":"Successfully replaced 1 block(s) in editCRLF.txt."}],"details":{"diff":" 1 one\n-2 two\n-3 three\n+2 2\n+3 3","firstChangedLine":2}}`,
	"editCRLFFile":    `"one\r\n2\r\n3\r\n"`,
	"editBOM":         `{"content":[{"type":"text","text":"Successfully replaced 1 block(s) in editBOM.txt."}],"details":{"diff":"-1 head\n+1 HEAD\n 2 body","firstChangedLine":1}}`,
	"editBOMFile":     `"\ufeffHEAD\nbody\n"`,
	"editNoEdits":     `{"error":"Edit tool input is invalid. edits must contain at least one replacement."}`,
	"editMissing":     `{"error":"Could not edit file: nope.txt. Error code: ENOENT."}`,
	"editPrepare":     `{"path":"p","edits":[{"oldText":"a","newText":"b"}]}`,
	"editPrepareJSON": `{"path":"p","edits":[{"oldText":"a","newText":"b"}]}`,
	"write":           `{"content":[{"type":"text","text":"Successfully wrote to new/deep/file.txt"}]}`,
	"writeFile":       `"h\u00e9llo\nworld"`,
	"writeOver":       `{"content":[{"type":"text","text":"Successfully wrote to f2.txt"}]}`,
	"ls":              `{"content":[{"type":"text","text":".git/\n.gitignore\n.hidden.ts\na.ts\nb.md\nbuild/\nignored.ts\nlong.txt\nsub/"}]}`,
	"lsRoot":          `{"content":[{"type":"text","text":"big.txt\neditBOM.txt\neditCRLF.txt\neditEmpty.txt\neditFuzzy.txt\neditMulti.txt\neditMultiIdx.txt\neditNoEdits.txt\neditNotFound.txt\neditNotFoundIdx.txt\neditOk.txt\neditOverlap.txt\neditSame.txt\neditTwo.txt\nempty.txt\nemptydir/\nf.txt\nf2.txt\nhuge1.txt\nimg.png\nnew/\ntree/\nwide.txt"}]}`,
	"lsLimit":         `{"content":[{"type":"text","text":".git/\n.gitignore\n\n[2 entries limit reached. Use limit=4 for more]"}],"details":{"entryLimitReached":2}}`,
	"lsEmpty":         `{"content":[{"type":"text","text":"(empty directory)"}]}`,
	"lsMissing":       `{"error":"Path not found: $DIR/nope"}`,
	"lsFile":          `{"error":"Not a directory: $DIR/f.txt"}`,
	"grep":            `{"content":[{"type":"text","text":"708:903407d81e26cb24:\n.hidden.ts:1: foo hidden\n[Some lines truncated to 500 chars. Use read tool to see full lines]\na.ts:1: const foo = 1;\nb.md:1: foo in markdown\nlong.txt:1: foo yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy...yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy... [truncated]\nsub/c.ts:3: foo.bar()\nsub/d.txt:2: foo"}],"details":{"linesTruncated":true}}`,
	"grepIgnoreCase":  `{"content":[{"type":"text","text":"729:d565e6b72fd20691:\n.hidden.ts:1: foo hidden\n[Some lines truncated to 500 chars. Use read tool to see full lines]\na.ts:1: const foo = 1;\na.ts:3: // FOO upper\nb.md:1: foo in markdown\nlong.txt:1: foo yyyyyyyyyyyyyyyyyyyyy...yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy... [truncated]\nsub/c.ts:3: foo.bar()\nsub/d.txt:2: foo"}],"details":{"linesTruncated":true}}`,
	"grepRegex":       `{"content":[{"type":"text","text":"sub/c.ts:3: foo.bar()"}]}`,
	"grepLiteral":     `{"content":[{"type":"text","text":"sub/d.txt:1: a+b"}]}`,
	"grepGlob":        `{"content":[{"type":"text","text":".hidden.ts:1: foo hidden\na.ts:1: const foo = 1;\nignored.ts:1: foo ignored\nsub/c.ts:3: foo.bar()"}]}`,
	// pi 1.6 roots a glob with "/" at the searched directory.
	"grepGlobPath": `{"content":[{"type":"text","text":"sub/c.ts:3: foo.bar()"}]}`,
	"grepGlobDot":  `{"content":[{"type":"text","text":"sub/c.ts:3: foo.bar()"}]}`,
	"grepContext":  `{"content":[{"type":"text","text":"sub/c.ts-2- y\nsub/c.ts-4- z\nsub/c.ts:3: foo.bar()"}]}`,
	"grepLimit":    `{"content":[{"type":"text","text":"\n[1 matches limit reached. Use limit=2 for more, or refine pattern]\nsub/d.txt:2: foo"}],"details":{"matchLimitReached":1}}`,
	"grepFile":     `{"content":[{"type":"text","text":"a.ts:2: const bar = 2;"}]}`,
	"grepNone":     `{"content":[{"type":"text","text":"No matches found"}]}`,
	"grepMissing":  `{"error":"Path not found: $DIR/nope"}`,
	"grepLong":     `{"content":[{"type":"text","text":"\n[Some lines truncated to 500 chars. Use read tool to see full lines]\nlong.txt:1: foo yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy... [truncated]"}],"details":{"linesTruncated":true}}`,
	"find":         `{"content":[{"type":"text","text":".hidden.ts\na.ts\nsub/c.ts"}]}`,
	"findAll":      `{"content":[{"type":"text","text":"c.ts\nd.txt"}]}`,
	"findPath":     `{"content":[{"type":"text","text":"sub/c.ts"}]}`,
	"findDeep":     `{"content":[{"type":"text","text":"long.txt\nsub/d.txt"}]}`,
	"findNone":     `{"content":[{"type":"text","text":"No files found matching pattern"}]}`,
	"findLimit":    `{"content":[{"type":"text","text":"\n[1 results limit reached. Use limit=2 for more, or refine pattern]\nc.ts"}],"details":{"resultLimitReached":1}}`,
}

// runToolsHarness runs the harness in a fresh plugin runtime with
// process.env.PATH set to pathEnv (which decides whether rg and fd exist).
func runToolsHarness(t *testing.T, mode, pathEnv string) map[string]json.RawMessage {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "fx")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	dirJSON, _ := json.Marshal(dir)
	modeJSON, _ := json.Marshal(mode)
	p, _ := json.Marshal(pathEnv)
	pre := "process.env.PATH = " + string(p) + ";\n"
	got := mustEvalTS(t, `import * as agent from "@mariozechner/pi-coding-agent";
import * as fs from "fs";
import * as path from "path";
import * as crypto from "crypto";`, pre+"const f = "+toolsHarnessJS+";\nreturn await f(agent, fs, path, crypto, "+string(dirJSON)+", "+string(modeJSON)+");")
	var out map[string]json.RawMessage
	if err := json.Unmarshal([]byte(got), &out); err != nil {
		t.Fatalf("harness output: %v\n%s", err, got)
	}
	return out
}

func compareTools(t *testing.T, got map[string]json.RawMessage, keep func(string) bool) {
	t.Helper()
	names := make([]string, 0, len(toolsWant))
	for k := range toolsWant {
		if keep(k) {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: missing", k)
			continue
		}
		var gv, wv any
		if err := json.Unmarshal(g, &gv); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		if err := json.Unmarshal([]byte(toolsWant[k]), &wv); err != nil {
			t.Fatalf("%s: want: %v", k, err)
		}
		if !reflect.DeepEqual(gv, wv) {
			t.Errorf("%s:\n got: %s\nwant: %s", k, g, toolsWant[k])
		}
	}
}

func TestToolsMatchPi(t *testing.T) {
	t.Parallel()
	if *pitoolsDump != "" {
		if err := os.MkdirAll(*pitoolsDump, 0o755); err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(filepath.Join(*pitoolsDump, "harness.js"), []byte(toolsHarnessJS), 0o644)
		_ = os.WriteFile(filepath.Join(*pitoolsDump, "gen.mjs"), []byte(toolsGenMJS), 0o644)
		t.Skipf("wrote %s", *pitoolsDump)
	}
	compareTools(t, runToolsHarness(t, "", os.Getenv("PATH")), func(string) bool { return true })
}

// TestToolsSearchFallback hides rg and fd: grep and find walk the tree in
// JavaScript and must print what pi prints with them.
func TestToolsSearchFallback(t *testing.T) {
	t.Parallel()
	empty := t.TempDir()
	compareTools(t, runToolsHarness(t, "search", empty), func(k string) bool {
		return strings.HasPrefix(k, "grep") || strings.HasPrefix(k, "find")
	})
}

// piToolJSON is JSON.stringify(createXTool("/tmp")) of the real package
// (0.73.1), with the descriptions pi 1.6 reworded as 1.6 words them
// (grep's glob, find's pattern, read's image formats with bmp).
var piToolJSON = map[string]string{
	"Read":  `{"name":"read","label":"read","description":"Read the contents of a file. Supports text files and images (jpg, png, gif, webp, bmp). Images are sent as attachments. For text files, output is truncated to 2000 lines or 50KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete.","parameters":{"type":"object","required":["path"],"properties":{"path":{"type":"string","description":"Path to the file to read (relative or absolute)"},"offset":{"type":"number","description":"Line number to start reading from (1-indexed)"},"limit":{"type":"number","description":"Maximum number of lines to read"}}}}`,
	"Bash":  `{"name":"bash","label":"bash","description":"Execute a bash command in the current working directory. Returns stdout and stderr. Output is truncated to last 2000 lines or 50KB (whichever is hit first). If truncated, full output is saved to a temp file. Optionally provide a timeout in seconds.","parameters":{"type":"object","required":["command"],"properties":{"command":{"type":"string","description":"Shell command to execute"},"timeout":{"type":"number","description":"Timeout in seconds (optional, no default timeout)"}}}}`,
	"Edit":  `{"name":"edit","label":"edit","description":"Edit a single file using exact text replacement. Every edits[].oldText must match a unique, non-overlapping region of the original file. If two changes affect the same block or nearby lines, merge them into one edit instead of emitting overlapping edits. Do not include large unchanged regions just to connect distant changes.","parameters":{"type":"object","required":["path","edits"],"properties":{"path":{"type":"string","description":"Path to the file to edit (relative or absolute)"},"edits":{"type":"array","items":{"type":"object","required":["oldText","newText"],"properties":{"oldText":{"type":"string","description":"Exact text for one targeted replacement. It must be unique in the original file and must not overlap with any other edits[].oldText in the same call."},"newText":{"type":"string","description":"Replacement text for this targeted edit."}}},"description":"One or more targeted replacements. Each edit is matched against the original file, not incrementally. Do not include overlapping or nested edits. If two changes touch the same block or nearby lines, merge them into one edit instead."}}}}`,
	"Write": `{"name":"write","label":"write","description":"Write content to a file. Creates the file if it doesn't exist, overwrites if it does. Automatically creates parent directories.","parameters":{"type":"object","required":["path","content"],"properties":{"path":{"type":"string","description":"Path to the file to write (relative or absolute)"},"content":{"type":"string","description":"Content to write to the file"}}}}`,
	"Grep":  `{"name":"grep","label":"grep","description":"Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. Output is truncated to 100 matches or 50KB (whichever is hit first). Long lines are truncated to 500 chars.","parameters":{"type":"object","required":["pattern"],"properties":{"pattern":{"type":"string","description":"Search pattern (regex or literal string)"},"path":{"type":"string","description":"Directory or file to search (default: current directory)"},"glob":{"type":"string","description":"Filter files by glob pattern relative to path, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth"},"ignoreCase":{"type":"boolean","description":"Case-insensitive search (default: false)"},"literal":{"type":"boolean","description":"Treat pattern as literal string instead of regex (default: false)"},"context":{"type":"number","description":"Number of lines to show before and after each match (default: 0)"},"limit":{"type":"number","description":"Maximum number of matches to return (default: 100)"}}}}`,
	"Find":  `{"name":"find","label":"find","description":"Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. Output is truncated to 1000 results or 50KB (whichever is hit first).","parameters":{"type":"object","required":["pattern"],"properties":{"pattern":{"type":"string","description":"Glob pattern relative to the search directory, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth"},"path":{"type":"string","description":"Directory to search in (default: current directory)"},"limit":{"type":"number","description":"Maximum number of results (default: 1000)"}}}}`,
	"Ls":    `{"name":"ls","label":"ls","description":"List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles. Output is truncated to 500 entries or 50KB (whichever is hit first).","parameters":{"type":"object","properties":{"path":{"type":"string","description":"Directory to list (default: current directory)"},"limit":{"type":"number","description":"Maximum number of entries to return (default: 500)"}}}}`,
}

// piToolKeys is Object.keys() of createXTool and createXToolDefinition in
// pi 0.73.1, plus pi 1.6's outputSchema on read and bash (what codemode
// scripts get from them) and constrainedSampling on the definitions of
// read, bash, edit and write (declared to the model in the system
// message). Not ported from 1.6: constrainedSampling on the wrapped
// tools.
var piToolKeys = map[string][2]string{
	"Read":  {"name,label,description,parameters,prepareArguments,executionMode,execute", "name,label,description,promptSnippet,promptGuidelines,parameters,outputSchema,constrainedSampling,execute,renderCall,renderResult"},
	"Bash":  {"name,label,description,parameters,prepareArguments,executionMode,execute", "name,label,description,promptSnippet,promptGuidelines,parameters,outputSchema,constrainedSampling,execute,renderCall,renderResult"},
	"Edit":  {"name,label,description,parameters,prepareArguments,executionMode,execute", "name,label,description,promptSnippet,promptGuidelines,parameters,constrainedSampling,renderShell,prepareArguments,execute,renderCall,renderResult"},
	"Write": {"name,label,description,parameters,prepareArguments,executionMode,execute", "name,label,description,promptSnippet,promptGuidelines,parameters,constrainedSampling,execute,renderCall,renderResult"},
	"Grep":  {"name,label,description,parameters,prepareArguments,executionMode,execute", "name,label,description,promptSnippet,parameters,execute,renderCall,renderResult"},
	"Find":  {"name,label,description,parameters,prepareArguments,executionMode,execute", "name,label,description,promptSnippet,parameters,execute,renderCall,renderResult"},
	"Ls":    {"name,label,description,parameters,prepareArguments,executionMode,execute", "name,label,description,promptSnippet,parameters,execute,renderCall,renderResult"},
}

func TestToolsSchemasMatchPi(t *testing.T) {
	t.Parallel()
	got := mustEvalTS(t, `import * as agent from "@mariozechner/pi-coding-agent";`, `
const out: any = {};
for (const n of ["Read", "Bash", "Edit", "Write", "Grep", "Find", "Ls"]) {
  const tool = (agent as any)["create" + n + "Tool"]("/tmp");
  const def = (agent as any)["create" + n + "ToolDefinition"]("/tmp");
  out[n] = { json: JSON.stringify(tool), keys: Object.keys(tool).join(","), defKeys: Object.keys(def).join(",") };
}
return out;`)
	var have map[string]struct{ JSON, Keys, DefKeys string }
	if err := json.Unmarshal([]byte(got), &have); err != nil {
		t.Fatal(err)
	}
	for n, want := range piToolJSON {
		if have[n].JSON != want {
			t.Errorf("create%sTool JSON:\n got: %s\nwant: %s", n, have[n].JSON, want)
		}
		if have[n].Keys != piToolKeys[n][0] {
			t.Errorf("create%sTool keys: %s, want %s", n, have[n].Keys, piToolKeys[n][0])
		}
		if have[n].DefKeys != piToolKeys[n][1] {
			t.Errorf("create%sToolDefinition keys: %s, want %s", n, have[n].DefKeys, piToolKeys[n][1])
		}
	}
}

// TestToolSpreadKeepsFields is the bash-spawn-hook/ssh/sandbox pattern:
// registering {...createBashTool(cwd), execute} must keep every field, and
// the registered tool must run.
func TestToolSpreadKeepsFields(t *testing.T) {
	t.Parallel()
	got := mustEvalTS(t, `import * as agent from "@mariozechner/pi-coding-agent";`, `
const base = agent.createBashTool(process.cwd());
const spread: any = { ...base, execute: async (id: string, p: any, s: any, u: any) => base.execute(id, p, s, u) };
const fields = ["name", "label", "description", "parameters"].map((k) => spread[k] === (base as any)[k]);
process.env.PATH = "/usr/bin:/bin";
const r = await spread.execute("1", { command: "echo spread" });
return { fields, text: r.content[0].text, required: spread.parameters.required };`)
	if want := `{"fields":[true,true,true,true],"text":"spread\n","required":["command"]}`; got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

// TestBashSpawnHook is the bash-spawn-hook example: the hook prefixes the
// command with `source ~/.profile` and adds an environment variable.
func TestBashSpawnHook(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".profile"), []byte("export FROM_PROFILE=yes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	homeJSON, _ := json.Marshal(home)
	got := mustEvalTS(t, `import { createBashTool } from "@mariozechner/pi-coding-agent";`, `
process.env.HOME = `+string(homeJSON)+`;
process.env.PATH = "/usr/bin:/bin";
const seen: any[] = [];
const bash = createBashTool(process.cwd(), {
  spawnHook: ({ command, cwd, env }: any) => {
    seen.push({ command, hasPath: typeof env.PATH === "string" && env.PATH.includes("/.pi/agent/bin") });
    return { command: "source ~/.profile\n" + command, cwd, env: { ...env, PI_SPAWN_HOOK: "1" } };
  },
  commandPrefix: "X=prefixed",
});
const r = await bash.execute("1", { command: "echo $PI_SPAWN_HOOK $FROM_PROFILE $X" });
return { text: r.content[0].text, seen };`)
	if want := `{"text":"1 yes prefixed\n","seen":[{"command":"X=prefixed\necho $PI_SPAWN_HOOK $FROM_PROFILE $X","hasPath":true}]}`; got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

// TestBashOperationsOverride runs bash through custom BashOperations (the
// ssh and sandbox examples) and checks the streamed updates.
func TestBashOperationsOverride(t *testing.T) {
	t.Parallel()
	got := mustEvalTS(t, `import { createBashTool } from "@mariozechner/pi-coding-agent";`, `
const calls: any[] = [];
const ops = {
  exec: async (command: string, cwd: string, { onData, timeout, env }: any) => {
    calls.push({ command, cwd, timeout, hasEnv: !!env });
    onData(Buffer.from("remote "));
    onData(Buffer.from("out\n"));
    return { exitCode: command === "fail" ? 7 : 0 };
  },
};
const bash = createBashTool("/remote", { operations: ops });
const updates: any[] = [];
const ok = await bash.execute("1", { command: "ls", timeout: 3 }, undefined, (u: any) => updates.push(u));
let failed = "";
const fail = await bash.execute("2", { command: "fail" }); // pi 1.6: an error result, not a throw
if (fail.isError && fail.structuredContent.exit_code === 7) failed = fail.content[0].text;
const aborting = createBashTool("/x", { operations: { exec: async () => { throw new Error("aborted"); } } });
let aborted = "";
try { await aborting.execute("3", { command: "x" }); } catch (e: any) { aborted = e.message; }
const timing = createBashTool("/x", { operations: { exec: async (_c: any, _d: any, o: any) => { o.onData(Buffer.from("partial")); throw new Error("timeout:9"); } } });
let timedOut = "";
try { await timing.execute("4", { command: "x" }); } catch (e: any) { timedOut = e.message; }
return { text: ok.content[0].text, calls, first: updates[0], last: updates[updates.length - 1].content, failed, aborted, timedOut };`)
	want := `{"text":"remote out\n","calls":[{"command":"ls","cwd":"/remote","timeout":3,"hasEnv":true},{"command":"fail","cwd":"/remote","hasEnv":true}],"first":{"content":[]},"last":[{"type":"text","text":"remote out\n"}],"failed":"remote out\n\n\nCommand exited with code 7","aborted":"Command aborted","timedOut":"partial\n\nCommand timed out after 9 seconds"}`
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

// TestBashStreamsAndKills streams output through onUpdate while the command
// runs, and an abort kills the whole process group (the background sleep
// must not keep the call waiting).
func TestBashStreamsAndKills(t *testing.T) {
	t.Parallel()
	got := mustEvalTS(t, `import { createBashTool } from "@mariozechner/pi-coding-agent";`, `
process.env.PATH = "/usr/bin:/bin";
const bash = createBashTool(process.cwd());
const texts: string[] = [];
const ac = new AbortController();
const start = Date.now();
let msg = "";
try {
  await bash.execute("1", { command: "echo one; sleep 30 & sleep 0.3; echo two; sleep 30" }, ac.signal, (u: any) => {
    const t = u.content[0]?.text ?? "";
    texts.push(t);
    if (t.includes("two")) ac.abort();
  });
} catch (e: any) { msg = e.message; }
return { msg, sawOne: texts.some((t) => t === "one\n"), fast: Date.now() - start < 5000 };`)
	if want := `{"msg":"one\ntwo\n\n\nCommand aborted","sawOne":true,"fast":true}`; got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

// TestFileOperationsOverride runs read, write and edit on in-memory
// Operations (the ssh example's remote files).
func TestFileOperationsOverride(t *testing.T) {
	t.Parallel()
	got := mustEvalTS(t, `import { createEditTool, createReadTool, createWriteTool } from "@mariozechner/pi-coding-agent";`, `
const files = new Map<string, string>([["/r/a.txt", "one\ntwo\n"]]);
const dirs: string[] = [];
const access = async (p: string) => { if (!files.has(p)) { const e: any = new Error("missing"); e.code = "ENOENT"; throw e; } };
const readFile = async (p: string) => Buffer.from(files.get(p)!);
const writeFile = async (p: string, c: string) => { files.set(p, c); };
const read = createReadTool("/r", { operations: { readFile, access } });
const write = createWriteTool("/r", { operations: { writeFile, mkdir: async (d: string) => { dirs.push(d); } } });
const edit = createEditTool("/r", { operations: { readFile, writeFile, access } });
const r1 = await read.execute("1", { path: "a.txt", offset: 2 });
await write.execute("2", { path: "sub/b.txt", content: "new" });
const e1 = await edit.execute("3", { path: "a.txt", edits: [{ oldText: "two", newText: "2" }] });
let missing = "";
try { await edit.execute("4", { path: "zz.txt", edits: [{ oldText: "a", newText: "b" }] }); } catch (e: any) { missing = e.message; }
return { read: r1.content[0].text, dirs, b: files.get("/r/sub/b.txt"), a: files.get("/r/a.txt"), diff: e1.details.diff, missing };`)
	want := `{"read":"two\n","dirs":["/r/sub"],"b":"new","a":"one\n2\n","diff":" 1 one\n-2 two\n+2 2","missing":"Could not edit file: zz.txt. Error code: ENOENT."}`
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

// TestWithFileMutationQueue serializes work per file (resolved path) and
// lets different files run at once.
func TestWithFileMutationQueue(t *testing.T) {
	t.Parallel()
	got := mustEvalTS(t, `import { withFileMutationQueue } from "@mariozechner/pi-coding-agent";`, `
const log: string[] = [];
// a holds file x until c (another file) has run start to end: c must not
// wait for a, b (the same file as a) must. Gates, not timers, so a loaded
// machine cannot reorder them.
let releaseA = () => {};
const gateA = new Promise<void>((r) => { releaseA = r; });
const job = (p: string, name: string, body: () => Promise<void>) =>
  withFileMutationQueue(p, async () => { log.push(name + "+"); await body(); log.push(name + "-"); return name; });
const a = job("/tmp/q/x", "a", () => gateA);
const b = job("/tmp/q/../q/x", "b", async () => {});
const c = job("/tmp/q/y", "c", async () => {}).then((r) => { releaseA(); return r; });
const results = await Promise.all([a, b, c]);
let thrown = "";
try { await withFileMutationQueue("/tmp/q/x", async () => { throw new Error("boom"); }); } catch (e: any) { thrown = e.message; }
const after = await withFileMutationQueue("/tmp/q/x", async () => "after");
return { log, results, thrown, after };`)
	if want := `{"log":["a+","c+","c-","a-","b+","b-"],"results":["a","b","c"],"thrown":"boom","after":"after"}`; got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

// TestBashStructuredContent: pi 1.6's bash gives programmatic callers the
// whole output, the exit code and the wall time, for a failed command too
// (then as an error result).
func TestBashStructuredContent(t *testing.T) {
	t.Parallel()
	got := mustEvalTS(t, `import { createBashTool } from "@mariozechner/pi-coding-agent";`, `
const ops = { exec: async (command: string, _cwd: string, { onData }: any) => { onData(Buffer.from("out\n")); return { exitCode: command === "fail" ? 3 : 0 }; } };
const bash = createBashTool("/x", { operations: ops });
const shape = (r: any) => ({ isError: r.isError ?? false, ...r.structuredContent, wall_time_seconds: typeof r.structuredContent.wall_time_seconds });
return [shape(await bash.execute("1", { command: "ok" })), shape(await bash.execute("2", { command: "fail" }))];`)
	want := `[{"isError":false,"output":"out\n","truncated":false,"exit_code":0,"wall_time_seconds":"number"},{"isError":true,"output":"out\n","truncated":false,"exit_code":3,"wall_time_seconds":"number"}]`
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

// TestBashSessionEnvironment: pi 1.6's bash shows the command the session
// as PI_* variables (from the extension context) and tells the model so;
// inherited ones never leak, and exposeSessionEnvironment: false turns
// both off.
func TestBashSessionEnvironment(t *testing.T) {
	t.Parallel()
	got := mustEvalTS(t, `import { createBashToolDefinition } from "@earendil-works/pi-coding-agent";`, `
process.env.PI_MODEL = "inherited";
process.env.PI_PROVIDER = "inherited";
const ctx = { sessionManager: { getSessionId: () => "sid-1", getSessionFile: () => "/s/one.jsonl" },
  model: { provider: "mock", id: "mock-1" }, thinkingLevel: "high" };
const cmd = { command: "echo \"$PI_SESSION_ID|$PI_SESSION_FILE|$PI_PROVIDER|$PI_MODEL|$PI_REASONING_LEVEL\"" };
const on = createBashToolDefinition(process.cwd());
const off = createBashToolDefinition(process.cwd(), { exposeSessionEnvironment: false });
return {
  on: (await on.execute("1", cmd, undefined, undefined, ctx)).content[0].text,
  noCtx: (await on.execute("2", cmd)).content[0].text,
  off: (await off.execute("3", cmd, undefined, undefined, ctx)).content[0].text,
  guidelines: [on.promptGuidelines, off.promptGuidelines ?? null],
};`)
	want := `{"on":"sid-1|/s/one.jsonl|mock|mock-1|high\n","noCtx":"||||\n","off":"||||\n",` +
		`"guidelines":[["You can inspect PI_* environment variables for current model and session details."],null]}`
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

// TestReadImagesAsPi16: the read tool converts a BMP to PNG, fits a
// 3000x1000 PNG into 2000x2000 unless autoResizeImages is off, and marks
// an image a text-only model cannot see, as pi 1.6's does.
func TestReadImagesAsPi16(t *testing.T) {
	dir := t.TempDir()
	gradient := func(w, h int) image.Image {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				img.Set(x, y, color.RGBA{uint8(x), uint8(y), 7, 255})
			}
		}
		return img
	}
	var b bytes.Buffer
	if err := bmp.Encode(&b, gradient(40, 30)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.bmp"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := png.Encode(&b, gradient(3000, 1000)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.png"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	got := mustEvalTS(t, `import { createReadToolDefinition } from "@earendil-works/pi-coding-agent";`, `
const dir = `+strconv.Quote(dir)+`;
const out: any[] = [];
for (const [p, o, model] of [["a.bmp", {}, undefined], ["big.png", {}, undefined], ["big.png", { autoResizeImages: false }, { id: "txt", input: ["text"] }]] as any[]) {
  const r = await createReadToolDefinition(dir, o).execute("c", { path: p }, undefined, undefined, { model });
  out.push([r.content[0].text, r.content[1].mimeType, r.details ?? null]);
}
return out;`)
	want := `[["Read image file [image/png]\n[Image converted from image/bmp to image/png.]","image/png",null],` +
		`["Read image file [image/png]\n[Image: original 3000x1000, displayed at 2000x667. Multiply coordinates by 1.50 to map to original image.]","image/png",null],` +
		`["Read image file [image/png]","image/png",{"imageUnsupportedByModel":"txt"}]]`
	if got != want {
		t.Errorf("read images:\n got %s\nwant %s", got, want)
	}
}

// The read tool's result says when the model could not see the image (pi
// 1.6's renderer).
func TestReadRendersImageUnsupported(t *testing.T) {
	got := mustEvalTS(t, `import * as A from "@earendil-works/pi-coding-agent";`, `
const T = { fg: (c: string, s: string) => "<" + c + ">" + s + "</" + c + ">", bold: (s: string) => s };
const r = { content: [{ type: "text", text: "Read image file [image/png]" }], details: { imageUnsupportedByModel: "txt-1" } };
return A.createReadToolDefinition("/tmp").renderResult(r, { expanded: true }, T, { args: { path: "i.png" }, cwd: "/tmp", showImages: false, isError: false }).render(80)
  .map((l: string) => l.trimEnd());`)
	if !strings.Contains(got, `<warning>[txt-1 does not support images; it saw a placeholder instead]</warning>`) {
		t.Errorf("render: %s", got)
	}
}

// pi 1.6's image helpers are served: resizeImage fits a large image,
// convertToPng converts a BMP, detectSupportedImageMimeTypeFromFile knows
// BMP.
func TestImageHelpersAsPi16(t *testing.T) {
	dir := t.TempDir()
	var b bytes.Buffer
	if err := bmp.Encode(&b, image.NewRGBA(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.bmp"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	bmpData := base64.StdEncoding.EncodeToString(b.Bytes())
	b.Reset()
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 2400, 100))); err != nil {
		t.Fatal(err)
	}
	pngData := base64.StdEncoding.EncodeToString(b.Bytes())
	got := mustEvalTS(t, `import * as A from "@earendil-works/pi-coding-agent";`, `
const r = await A.resizeImage(new Uint8Array(Buffer.from(`+strconv.Quote(pngData)+`, "base64")), "image/png");
const c = await A.convertToPng(`+strconv.Quote(bmpData)+`, "image/bmp");
const bad = await A.convertToPng("AAAA", "image/bmp");
return [r.mimeType, r.width, r.height, r.wasResized, A.formatDimensionNote(r), c.mimeType, c.data.startsWith("iVBOR"), bad,
  await A.detectSupportedImageMimeTypeFromFile(`+strconv.Quote(filepath.Join(dir, "a.bmp"))+`)];`)
	want := `["image/png",2000,83,true,"[Image: original 2400x100, displayed at 2000x83. Multiply coordinates by 1.20 to map to original image.]","image/png",true,null,"image/bmp"]`
	if got != want {
		t.Errorf("image helpers:\n got %s\nwant %s", got, want)
	}
}
