package watch

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hashFile reads through a pooled buffer: files larger than the buffer,
// of exactly its size, empty, hashed one after another and concurrently,
// hash as sha256 of their whole content.
func TestHashFileContent(t *testing.T) {
	dir := t.TempDir()
	sizes := []int{0, 1, 32<<10 - 1, 32 << 10, 32<<10 + 1, 100 << 10}
	var paths, want []string
	for i, n := range sizes {
		data := []byte(strings.Repeat(string(rune('a'+i)), n))
		p := filepath.Join(dir, "f"+string(rune('a'+i)))
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		paths, want = append(paths, p), append(want, hex.EncodeToString(sum[:]))
	}
	done := make(chan struct{})
	for range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i, p := range paths {
				if got := hashFile(p); got != want[i] {
					t.Errorf("hashFile(%d bytes) = %s, want %s", sizes[i], got, want[i])
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
	if got := hashFile(filepath.Join(dir, "missing")); got != "" {
		t.Errorf("missing file: %q, want \"\"", got)
	}
	if got := hashFile(dir); got != "" {
		t.Errorf("directory: %q, want \"\"", got)
	}
}

// BenchmarkSnapshotFiles reports what hashing a plugin's inputs
// allocates (-benchmem): no read buffer per file.
func BenchmarkSnapshotFiles(b *testing.B) {
	dir := b.TempDir()
	var paths []string
	for i := range 20 {
		p := filepath.Join(dir, "f"+string(rune('a'+i)))
		if err := os.WriteFile(p, []byte(strings.Repeat("x", 4<<10)), 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	b.ReportAllocs()
	for b.Loop() {
		snapshotFiles(paths)
	}
}
