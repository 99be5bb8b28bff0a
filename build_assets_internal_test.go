package pigo

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/bundled/payload"
)

// relocate replaces a directory only where a path or URL continues or
// ends with it, never a longer name it prefixes; a path that JavaScript
// would escape is refused.
func TestRelocate(t *testing.T) {
	code := `a="/x/ext";b="/x/ext/f.md";c='file:///x/ext/g';d="/x/ext2/no";e=` + "`/x/ext`"
	got, ok := relocate(code, "/x/ext", "/tok")
	want := `a="/tok";b="/tok/f.md";c='file:///tok/g';d="/x/ext2/no";e=` + "`/tok`"
	if !ok || got != want {
		t.Fatalf("relocate:\n got %s\nwant %s", got, want)
	}
	if _, ok := relocate(code, `/x/"quoted"`, "/tok"); ok {
		t.Error("a path with a quote was relocated")
	}
	if got, _ := relocate(`u="file:///my%20ext/a"`, "/my ext", "/tok"); got != `u="file:///tok/a"` {
		t.Errorf("a percent-encoded URL: %s", got)
	}
}

// A directory over the limit fails naming it; a file over the file limit
// is left out.
func TestCollectAssetsLimits(t *testing.T) {
	defer func(f int64, total int) { assetFileLimit, assetTotalLimit = f, total }(assetFileLimit, assetTotalLimit)
	assetFileLimit, assetTotalLimit = 10, 15
	dir := t.TempDir()
	for name, size := range map[string]int{"a.txt": 8, "big.bin": 11} {
		if err := os.WriteFile(filepath.Join(dir, name), make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, err := collectAssets(dir)
	if err != nil || len(a.Files) != 1 || a.Files[0].Path != "a.txt" {
		t.Fatalf("collect: %+v %v", a, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "b.txt"), make([]byte, 8), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := collectAssets(dir); err == nil || !strings.Contains(err.Error(), dir) {
		t.Fatalf("over the limit: %v", err)
	}
}

// Processes starting together write the files once; a path leaving the
// directory is refused and leaves nothing behind.
func TestMaterialize(t *testing.T) {
	cache := t.TempDir()
	a := &payload.Assets{Hash: "h1", Files: []payload.Asset{{Path: "d/f.txt", Mode: 0o644, Data: []byte("x")}}}
	var wg sync.WaitGroup
	dirs := make([]string, 8)
	errs := make([]error, 8)
	for i := range dirs {
		wg.Add(1)
		go func() { defer wg.Done(); dirs[i], errs[i] = materialize(cache, a) }()
	}
	wg.Wait()
	for i := range dirs {
		if errs[i] != nil || dirs[i] != filepath.Join(cache, "assets", "h1") {
			t.Fatalf("materialize %d: %q %v", i, dirs[i], errs[i])
		}
	}
	if b, err := os.ReadFile(filepath.Join(dirs[0], "d", "f.txt")); err != nil || string(b) != "x" {
		t.Fatalf("file: %q %v", b, err)
	}
	if ents, _ := os.ReadDir(filepath.Join(cache, "assets")); len(ents) != 1 {
		t.Errorf("%d entries in the cache, want 1", len(ents))
	}
	bad := &payload.Assets{Hash: "h2", Files: []payload.Asset{{Path: "../escape", Data: []byte("x")}}}
	if _, err := materialize(cache, bad); err == nil {
		t.Fatal("an escaping path was written")
	}
	if _, err := os.Stat(filepath.Join(cache, "assets", "h2")); err == nil {
		t.Error("a failed write left its directory")
	}
}
