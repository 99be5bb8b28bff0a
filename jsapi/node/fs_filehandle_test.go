package node_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// fs.promises.open's FileHandle reads and writes at the current position
// or a given one, closes once the operations in flight end, reads as a
// byte stream, and its line reader closes it at the end.
func TestFileHandle(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(file, []byte("hello world"), 0o644); err != nil {
		t.Fatal(err)
	}
	rt := libRuntime(t)
	got := libEval(t, rt, fmt.Sprintf(`(async () => {
  const fsp = require("fs/promises");
  const out = [];
  const fh = await fsp.open(%[1]q);
  const r = await fh.read(Buffer.alloc(5), 0, 5, null);
  out.push(r.bytesRead, r.buffer.toString());
  out.push(await fh.readFile("utf8"));
  const reading = fh.read(Buffer.alloc(5), 0, 5, 0);
  const closing = fh.close();
  out.push((await reading).bytesRead);
  await closing;
  out.push(fh.fd, await fh.stat().catch((e) => e.code));
  const web = await fsp.open(%[1]q);
  const chunks = [];
  const reader = web.readableWebStream().getReader();
  for (let c = await reader.read(); !c.done; c = await reader.read()) chunks.push(Buffer.from(c.value).toString());
  await web.close();
  out.push(chunks.join("|"));
  const w = await fsp.open(%[2]q, "w+");
  await w.write("abcdef");
  await w.write(Buffer.from("XY"), 0, 2, 1);
  await w.close();
  out.push(require("fs").readFileSync(%[2]q, "utf8"));
  const lines = [];
  const lh = await fsp.open(%[2]q);
  lh.readLines().on("line", (l) => lines.push(l));
  await new Promise((r) => lh.on("close", r));
  out.push(lines.join("|"), lh.fd);
  return out.join(",");
})()`, file, filepath.Join(dir, "b.txt")))
	if want := "5,hello, world,5,-1,EBADF,hello world,aXYdef,aXYdef,-1"; fmt.Sprint(got) != want {
		t.Fatalf("got  %v\nwant %s", got, want)
	}
}

// fchmod, fchown and futimes change the file by descriptor, even after it
// has been renamed.
func TestFdModeAndTimes(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "m.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	rt := libRuntime(t)
	libEval(t, rt, fmt.Sprintf(`(() => {
  const fs = require("fs");
  const fd = fs.openSync(%q, "r");
  fs.renameSync(%[1]q, %[1]q + ".moved");
  fs.fchmodSync(fd, 0o600);
  fs.futimesSync(fd, 1000, 2000);
  fs.fchownSync(fd, fs.fstatSync(fd).uid, fs.fstatSync(fd).gid);
  fs.closeSync(fd);
})()`, file))
	st, err := os.Stat(file + ".moved")
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 || st.ModTime().Unix() != 2000 {
		t.Fatalf("mode %v, mtime %v", st.Mode().Perm(), st.ModTime().Unix())
	}
}
