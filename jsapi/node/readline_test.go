package node_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The common extension pattern: read a file line by line with readline
// over fs.createReadStream (a Go-fed stream, not a stream.Readable).
func TestReadlineOverFileStream(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "line %d\r\n", i)
	}
	b.WriteString("no newline at end")
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	rt := libRuntime(t)
	got := libEval(t, rt, `(async () => {
  const fs = require('fs');
  const readline = require('readline');
  const rl = readline.createInterface({ input: fs.createReadStream(`+"`"+dir+"/f.txt`"+`), crlfDelay: Infinity });
  const lines = [];
  const it = rl[Symbol.asyncIterator]();
  for (;;) { const r = await it.next(); if (r.done) break; lines.push(r.value); }
  return [lines.length, lines[0], lines[2999], lines[3000]].join('|');
})()`)
	if got != "3001|line 0|line 2999|no newline at end" {
		t.Fatalf("%v", got)
	}
}
