package node_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestFSSyncRoundTrip(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rt := sysRuntime(t, dir, nil)
	sysRun(t, rt, `
const fs = require("fs");
fs.mkdirSync("a/b/c", { recursive: true });
fs.writeFileSync("a/b/c/f.txt", "héllo");
fs.appendFileSync("a/b/c/f.txt", " world");
eq(fs.readFileSync("a/b/c/f.txt", "utf8"), "héllo world", "read utf8");
eq(fs.readFileSync("a/b/c/f.txt", { encoding: "hex" }).slice(0, 4), "68c3", "read hex");
const buf = fs.readFileSync("a/b/c/f.txt");
assert(buf instanceof Uint8Array, "Buffer is a Uint8Array");
eq(buf.length, 12, "byte length");
assert(typeof Buffer === "undefined" || Buffer.isBuffer(buf) || require("buffer").Buffer.isBuffer(buf), "is a Buffer");
fs.writeFileSync("bin", new Uint8Array([0, 255, 1]));
eq(Array.from(fs.readFileSync("bin")), [0, 255, 1], "binary");
assert(fs.existsSync("a/b"), "exists"); assert(!fs.existsSync("nope"), "not exists"); assert(!fs.existsSync(), "no arg");
const st = fs.statSync("a/b/c/f.txt");
assert(st.isFile() && !st.isDirectory() && !st.isSymbolicLink(), "file stats");
eq(st.size, 12, "size");
assert(st.mtime instanceof Date && Math.abs(st.mtimeMs - Date.now()) < 60000, "mtime");
eq(st.constructor.name, "Stats");
eq(Object.keys(st).slice(0, 3), ["dev", "mode", "nlink"], "Stats keys like Node");
assert(fs.statSync("a").isDirectory(), "dir stats");
eq(fs.statSync("missing", { throwIfNoEntry: false }), undefined, "throwIfNoEntry");
fs.symlinkSync("a/b/c/f.txt", "link");
assert(fs.lstatSync("link").isSymbolicLink(), "lstat symlink");
assert(fs.statSync("link").isFile(), "stat follows");
eq(fs.readlinkSync("link"), "a/b/c/f.txt");
eq(fs.realpathSync("link"), fs.realpathSync(".") + "/a/b/c/f.txt", "realpath");
eq(fs.realpathSync.native("link"), fs.realpathSync("link"), "realpath.native");
fs.copyFileSync("a/b/c/f.txt", "copy.txt");
eq(fs.readFileSync("copy.txt", "utf8"), "héllo world");
fs.renameSync("copy.txt", "moved.txt");
assert(!fs.existsSync("copy.txt") && fs.existsSync("moved.txt"), "rename");
fs.chmodSync("moved.txt", 0o600);
eq(fs.statSync("moved.txt").mode & 0o777, 0o600, "chmod");
fs.chmodSync("moved.txt", "644");
eq(fs.statSync("moved.txt").mode & 0o777, 0o644, "chmod octal string");
fs.accessSync("moved.txt", fs.constants.R_OK | fs.constants.W_OK);
fs.unlinkSync("moved.txt");
const tmp = fs.mkdtempSync("tmp-");
assert(/^tmp-[A-Za-z0-9]{6}$/.test(tmp), "mkdtemp name " + tmp);
assert(fs.statSync(tmp).isDirectory(), "mkdtemp dir");
fs.rmdirSync(tmp);
eq(fs.mkdirSync("x/y/z", { recursive: true }), "x", "mkdir recursive returns first created");
eq(fs.mkdirSync("x/y", { recursive: true }), undefined, "mkdir recursive existing");
fs.rmSync("x", { recursive: true, force: true });
fs.rmSync("does-not-exist", { force: true });
assert(!fs.existsSync("x"), "rm recursive");
fs.truncateSync("bin", 1);
eq(fs.statSync("bin").size, 1, "truncate");
const fd = fs.openSync("fd.txt", "w+");
eq(fs.writeSync(fd, "abcdef"), 6, "writeSync string");
const rb = new Uint8Array(3);
eq(fs.readSync(fd, rb, 0, 3, 1), 3, "readSync at position");
eq(String.fromCharCode(...rb), "bcd");
eq(fs.fstatSync(fd).size, 6, "fstat");
fs.closeSync(fd);
let e; try { fs.closeSync(fd); } catch (x) { e = x; }
eq(e.code, "EBADF", "double close");
eq(typeof fs.F_OK, "number");
`)
}

func TestFSReaddir(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, d := range []string{"d/sub", "d/sub/deeper"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"d/b.txt", "d/a.txt", "d/sub/c.txt"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("a.txt", filepath.Join(dir, "d/l")); err != nil {
		t.Fatal(err)
	}
	rt := sysRuntime(t, dir, nil)
	sysRun(t, rt, `
const fs = require("fs");
eq(fs.readdirSync("d"), ["a.txt", "b.txt", "l", "sub"], "sorted names");
const ents = fs.readdirSync("d", { withFileTypes: true });
eq(ents.map(e => [e.name, e.isFile(), e.isDirectory(), e.isSymbolicLink()]),
   [["a.txt", true, false, false], ["b.txt", true, false, false], ["l", false, false, true], ["sub", false, true, false]]);
eq(ents[0].parentPath, "d"); eq(ents[0].path, "d");
eq(Object.keys(ents[0]), ["name", "parentPath", "path"], "Dirent keys like Node");
eq(ents[0].constructor.name, "Dirent");
assert(ents[0] instanceof fs.Dirent, "instanceof Dirent");
eq(fs.readdirSync("d", { recursive: true }), ["a.txt", "b.txt", "l", "sub", "sub/c.txt", "sub/deeper"], "recursive");
const deep = fs.readdirSync("d", { recursive: true, withFileTypes: true }).find(e => e.name === "c.txt");
eq(deep.parentPath, "d/sub", "recursive parentPath");
`)
}

// opendir gives a Dir over the same entries readdir lists, read one at a
// time (sync, promise, callback, async iteration), closed once.
func TestFSOpendir(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "d/sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"d/b.txt", "d/a.txt", "d/sub/c.txt"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rt := sysRuntime(t, dir, nil)
	sysRun(t, rt, `
const fs = require("fs");
const d = fs.opendirSync("d");
eq(d.path, "d");
assert(d instanceof fs.Dir, "a Dir");
const first = d.readSync();
eq([first.name, first.isFile(), first.parentPath], ["a.txt", true, "d"]);
eq([d.readSync().name, d.readSync().name, d.readSync()], ["b.txt", "sub", null]);
d.closeSync();
let e; try { d.readSync(); } catch (x) { e = x; }
eq([e.code, e.message], ["ERR_DIR_CLOSED", "Directory handle was closed"]);
e = undefined; try { fs.opendirSync("nope"); } catch (x) { e = x; }
eq([e.code, e.syscall, e.message], ["ENOENT", "opendir", "ENOENT: no such file or directory, opendir 'nope'"]);
(async () => {
  const names = [];
  // goja has no for await: drive the iterator by hand.
  const it = (await fs.promises.opendir("d", { recursive: true }))[Symbol.asyncIterator ?? Symbol.for("Symbol.asyncIterator")]();
  for (let r = await it.next(); !r.done; r = await it.next()) names.push(r.value.name);
  eq(names, ["a.txt", "b.txt", "sub", "c.txt"], "async iteration, recursive");
  const viaCb = await new Promise((res, rej) => fs.opendir("d", (err, dir) => err ? rej(err) : dir.read((err2, ent) => err2 ? rej(err2) : dir.close(() => res(ent.name)))));
  eq(viaCb, "a.txt", "callbacks");
  const pd = await fs.promises.opendir("d");
  eq((await pd.read()).name, "a.txt");
  await pd.close();
  const rej = await fs.promises.opendir("nope").catch((x) => x.syscall);
  eq(rej, "opendir");
  return "ok";
})();
`)
}

func TestFSErrorsLikeNode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rt := sysRuntime(t, dir, nil)
	// Expected values recorded from Node 20.
	sysRun(t, rt, `
const fs = require("fs");
fs.mkdirSync("d"); fs.writeFileSync("d/f", "x");
function err(f) { try { f(); } catch (e) { return e; } throw new Error("no throw: " + f); }
function shape(e) { return { message: e.message, code: e.code, errno: e.errno, syscall: e.syscall, path: e.path, dest: e.dest, keys: Object.keys(e) }; }
eq(shape(err(() => fs.readFileSync("/nonexist"))), { message: "ENOENT: no such file or directory, open '/nonexist'", code: "ENOENT", errno: -2, syscall: "open", path: "/nonexist", keys: ["errno", "code", "syscall", "path"] });
assert(err(() => fs.readFileSync("/nonexist")) instanceof Error, "is an Error");
eq(shape(err(() => fs.readFileSync("d"))), { message: "EISDIR: illegal operation on a directory, read", code: "EISDIR", errno: -21, syscall: "read", keys: ["errno", "code", "syscall"] });
eq(err(() => fs.statSync("missing")).message, "ENOENT: no such file or directory, stat 'missing'", "relative path kept as given");
eq(err(() => fs.readdirSync("d/f")).message, "ENOTDIR: not a directory, scandir 'd/f'");
eq(err(() => fs.mkdirSync("d")).message, "EEXIST: file already exists, mkdir 'd'");
eq(err(() => fs.mkdirSync("d/f/x", { recursive: true })).message, "ENOTDIR: not a directory, mkdir 'd/f/x'");
eq(err(() => fs.rmSync("/nonexist")).message, "ENOENT: no such file or directory, lstat '/nonexist'");
const eisdir = err(() => fs.rmSync("d"));
eq([eisdir.name, eisdir.code, eisdir.message, eisdir.errno, eisdir.syscall], ["SystemError", "ERR_FS_EISDIR", "Path is a directory: rm returned EISDIR (is a directory) d", 21, "rm"]);
eq(err(() => fs.rmdirSync("d")).code, "ENOTEMPTY");
eq(err(() => fs.unlinkSync("d")).message, "EISDIR: illegal operation on a directory, unlink 'd'");
eq(shape(err(() => fs.renameSync("/nonexist", "/tmp/zz"))), { message: "ENOENT: no such file or directory, rename '/nonexist' -> '/tmp/zz'", code: "ENOENT", errno: -2, syscall: "rename", path: "/nonexist", dest: "/tmp/zz", keys: ["errno", "code", "syscall", "path", "dest"] });
eq(err(() => fs.copyFileSync("/nonexist", "/tmp/zz")).message, "ENOENT: no such file or directory, copyfile '/nonexist' -> '/tmp/zz'");
eq(err(() => fs.copyFileSync("d/f", "d/f", fs.constants.COPYFILE_EXCL)).code, "EEXIST");
eq(err(() => fs.realpathSync("/nonexist")).message, "ENOENT: no such file or directory, lstat '/nonexist'");
eq(err(() => fs.accessSync("/nonexist")).message, "ENOENT: no such file or directory, access '/nonexist'");
eq(err(() => fs.mkdtempSync("/nonexist/x-")).message, "ENOENT: no such file or directory, mkdtemp '/nonexist/x-XXXXXX'");
eq(err(() => fs.readlinkSync("d/f")).message, "EINVAL: invalid argument, readlink 'd/f'");
eq(err(() => fs.symlinkSync("x", "d/f")).message, "EEXIST: file already exists, symlink 'x' -> 'd/f'");
eq(err(() => fs.writeFileSync("d", "a")).message, "EISDIR: illegal operation on a directory, open 'd'");
const te = err(() => fs.writeFileSync("d/g", 5));
assert(te instanceof TypeError, "TypeError");
eq([te.code, te.message], ["ERR_INVALID_ARG_TYPE", 'The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received type number (5)']);
eq(err(() => fs.readFileSync({})).message, 'The "path" argument must be of type string or an instance of Buffer or URL. Received an instance of Object');
eq(err(() => fs.readFileSync("d/f", "nope")).message, "The argument 'encoding' is invalid encoding. Received 'nope'");
`)
}

func TestFSPathForms(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	rt := sysRuntime(t, dir, nil)
	sysRun(t, rt, `
const fs = require("fs");
const abs = `+sysJSString(filepath.Join(dir, "f.txt"))+`;
eq(fs.readFileSync("f.txt", "utf8"), "data", "relative to Runtime.Cwd");
eq(fs.readFileSync("./sub/../f.txt".replace("sub/../", ""), "utf8"), "data");
eq(fs.readFileSync(new TextEncoderLike(abs), "utf8"), "data", "Uint8Array path");
eq(fs.readFileSync({ href: "file://" + abs, protocol: "file:" }, "utf8"), "data", "URL object");
eq(fs.readFileSync("file://" + abs, "utf8"), "data", "file: URL string");
let e; try { fs.readFileSync({ href: "http://x/", protocol: "http:" }); } catch (x) { e = x; }
eq(e.code, "ERR_INVALID_URL_SCHEME");
function TextEncoderLike(s) { const b = new Uint8Array(s.length); for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i); return b; }
`)
	// The process's own working directory is not used.
	if wd, _ := os.Getwd(); wd == dir {
		t.Fatal("test assumes the process cwd differs from the runtime's")
	}
}

func TestFSPromisesAndCallbacks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rt := sysRuntime(t, dir, nil)
	sysRun(t, rt, `
const fs = require("fs");
const fsp = require("fs/promises");
assert(fsp === fs.promises, "fs/promises is fs.promises");
assert(require("node:fs/promises") === fsp, "node: prefix");
(async () => {
  await fsp.mkdir("p/q", { recursive: true });
  await fsp.writeFile("p/q/a.txt", "one");
  await fsp.appendFile("p/q/a.txt", "+two");
  eq(await fsp.readFile("p/q/a.txt", "utf8"), "one+two", "promises round trip");
  eq((await fsp.stat("p/q/a.txt")).size, 7);
  assert((await fsp.lstat("p")).isDirectory(), "lstat");
  eq(await fsp.readdir("p/q"), ["a.txt"]);
  await fsp.access("p/q/a.txt", fs.constants.R_OK);
  await fsp.copyFile("p/q/a.txt", "p/b.txt");
  await fsp.rename("p/b.txt", "p/c.txt");
  assert((await fsp.realpath("p/c.txt")).endsWith("/p/c.txt"), "realpath");
  const tmp = await fsp.mkdtemp("p/t-");
  assert(tmp.startsWith("p/t-"), "mkdtemp");
  await fsp.unlink("p/c.txt");
  let e;
  try { await fsp.readFile("nope.txt"); } catch (x) { e = x; }
  eq([e.code, e.errno, e.syscall, e.path, e.message], ["ENOENT", -2, "open", "nope.txt", "ENOENT: no such file or directory, open 'nope.txt'"], "promise rejection keeps Node's properties");
  e = undefined;
  try { await fsp.readFile(42.5); } catch (x) { e = x; }
  eq(e.code, "ERR_INVALID_ARG_TYPE", "bad arguments reject");
  await fsp.rm("p", { recursive: true });

  // Callbacks.
  const cb = (fn, ...args) => new Promise((res) => fn(...args, (err, v) => res([err, v])));
  let [err, v] = await cb(fs.writeFile, "cb.txt", "cb-data");
  eq(err, null, "writeFile cb err");
  [err, v] = await cb(fs.readFile, "cb.txt", "utf8");
  eq([err, v], [null, "cb-data"], "readFile cb");
  [err, v] = await cb(fs.stat, "cb.txt");
  assert(err === null && v.isFile(), "stat cb");
  [err, v] = await cb(fs.readdir, ".");
  assert(v.includes("cb.txt"), "readdir cb");
  [err] = await cb(fs.mkdir, "m");
  eq(err, null);
  [err] = await cb(fs.access, "missing");
  eq([err.code, err.syscall, err.path], ["ENOENT", "access", "missing"], "access cb error");
  [err] = await cb(fs.unlink, "cb.txt");
  eq(err, null);
  [err] = await cb(fs.rm, "m", { recursive: true });
  eq(err, null);
  eq(await new Promise((res) => fs.exists("m", res)), false, "fs.exists");
  let threw;
  try { fs.readFile("x"); } catch (x) { threw = x; }
  eq(threw.code, "ERR_INVALID_ARG_TYPE", "missing callback throws");
  return "ok";
})();
`)
}

func TestFSStreams(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rt := sysRuntime(t, dir, nil)
	sysRun(t, rt, `
const fs = require("fs");
(async () => {
  const w = fs.createWriteStream("s.txt");
  w.write("hello ");
  w.write(new Uint8Array([119, 111]));
  await new Promise((res, rej) => { w.on("error", rej); w.end("rld", res); });
  eq(w.bytesWritten, 11, "bytesWritten");
  eq(fs.readFileSync("s.txt", "utf8"), "hello world");
  const r = fs.createReadStream("s.txt", { encoding: "utf8", start: 6 });
  let got = "";
  await new Promise((res, rej) => { r.on("data", (c) => { got += c; }); r.on("end", res); r.on("error", rej); });
  eq(got, "world", "read stream with start");
  // for await is lowered by esbuild in real bundles; call the iterator directly.
  const it = fs.createReadStream("s.txt")[Symbol.asyncIterator || Symbol.for("Symbol.asyncIterator")]();
  let chunks = [];
  for (let r = await it.next(); !r.done; r = await it.next()) chunks.push(...r.value);
  eq(chunks.length, 11, "async iteration");
  const bad = fs.createReadStream("missing.txt");
  const e = await new Promise((res) => bad.on("error", res));
  eq(e.code, "ENOENT");
  return "ok";
})();
`)
}

func TestFSWatch(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rt := sysRuntime(t, dir, nil)
	sysRun(t, rt, `
const fs = require("fs");
globalThis.events = [];
globalThis.w = fs.watch(".", (type, name) => events.push(type + ":" + name));
w.on("close", () => events.push("closed"));
`)
	seen := func(want string) func() bool {
		return func() bool {
			v, err := rt.Run(`events.join(",")`)
			return err == nil && strings.Contains(v.(string), want)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "w.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	sysWaitFor(t, "watch event for w.txt", 5*time.Second, seen("rename:w.txt"))
	sysRun(t, rt, `w.close()`)
	sysWaitFor(t, "close event", 5*time.Second, seen("closed"))
	before := sysRun(t, rt, `events.length`)
	if err := os.WriteFile(filepath.Join(dir, "after.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // no event may arrive; nothing to wait on
	if after := sysRun(t, rt, `events.length`); after != before {
		t.Fatalf("events after close: %v", sysRun(t, rt, `events.join(",")`))
	}

	// Cancel (retire) stops a watcher too.
	sysRun(t, rt, `events.length = 0; globalThis.w2 = fs.watch(".", { recursive: true }, (type, name) => events.push(type + ":" + name));`)
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	sysWaitFor(t, "watch event for sub", 5*time.Second, seen("rename:sub"))
	if err := os.WriteFile(filepath.Join(dir, "sub", "deep.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	sysWaitFor(t, "recursive watch event", 5*time.Second, seen("rename:sub/deep.txt"))
	rt.Cancel()
	time.Sleep(50 * time.Millisecond)
	before = sysRun(t, rt, `events.length`)
	if err := os.WriteFile(filepath.Join(dir, "after-cancel.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if after := sysRun(t, rt, `events.length`); after != before {
		t.Fatalf("events after Cancel: %v", sysRun(t, rt, `events.join(",")`))
	}
	v, err := rt.Run(`require("fs").watch("/nonexistent-dir")`)
	if err == nil || !strings.Contains(err.Error(), "ENOENT: no such file or directory, watch '/nonexistent-dir'") {
		t.Fatalf("watch of a missing path: %v, %v", v, err)
	}
}

func TestFSWatchFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "trigger.txt")
	if err := os.WriteFile(file, []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	rt := sysRuntime(t, dir, nil)
	sysRun(t, rt, `
globalThis.events = [];
globalThis.w = require("fs").watch("trigger.txt", (type, name) => events.push(type + ":" + name));
`)
	if err := os.WriteFile(file, []byte("b"), 0o644); err != nil {
		t.Fatal(err)
	}
	sysWaitFor(t, "change event", 5*time.Second, func() bool {
		v, err := rt.Run(`events.includes("change:trigger.txt")`)
		return err == nil && v == true
	})
	sysRun(t, rt, `w.close()`)
}
