package platformtest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The Unicode property tables behind RegExp \p{..} are generated from
// Node 22; they must be what the pinned Node generates now.
func TestUnicodePropertyTablesMatchNode(t *testing.T) {
	node, err := nodeBinary()
	if err != nil {
		if testing.Short() {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	dir := filepath.Join("..", "webapi")
	cmd := exec.Command(node, "gen_unicode.mjs")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gen_unicode.mjs: %v", err)
	}
	have, err := os.ReadFile(filepath.Join(dir, "unicodeprops.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, have) {
		t.Fatal("jsapi/webapi/unicodeprops.txt is stale for this Node: run go generate ./jsapi/webapi")
	}
}
