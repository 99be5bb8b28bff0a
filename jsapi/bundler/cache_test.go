package bundler_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

func cacheFixture(t *testing.T) (dir, entry string) {
	t.Helper()
	dir = writeFiles(t, t.TempDir(), map[string]string{
		"index.ts":     `import { n } from "./helper"; export default () => n;`,
		"helper.ts":    `export const n: number = 1;`,
		"package.json": `{"name": "ext", "type": "module"}`,
	})
	return dir, filepath.Join(dir, "index.ts")
}

func TestCacheMemory(t *testing.T) {
	t.Parallel()
	dir, entry := cacheFixture(t)
	helper := filepath.Join(dir, "helper.ts")
	b := bundler.New(bundler.Options{})

	first := mustBundle(t, b, entry)
	if first.FromCache || b.Stats().Builds != 1 {
		t.Fatalf("first: FromCache=%v stats=%+v", first.FromCache, b.Stats())
	}
	second := mustBundle(t, b, entry)
	if !second.FromCache || second.Hash != first.Hash || second.Code != first.Code {
		t.Errorf("second: FromCache=%v, same hash %v", second.FromCache, second.Hash == first.Hash)
	}
	if s := b.Stats(); s.Builds != 1 || s.MemoryHits != 1 {
		t.Errorf("stats after hit = %+v, want 1 build, 1 memory hit", s)
	}

	// Touching a file without changing it is still a hit (content hash).
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(helper, later, later); err != nil {
		t.Fatal(err)
	}
	if bun := mustBundle(t, b, entry); !bun.FromCache || b.Stats().Builds != 1 {
		t.Errorf("touched: FromCache=%v builds=%d", bun.FromCache, b.Stats().Builds)
	}

	// A same-size edit is caught by the content hash.
	editFile(t, helper, `export const n: number = 2;`)
	edited := mustBundle(t, b, entry)
	if edited.FromCache || edited.Hash == first.Hash || b.Stats().Builds != 2 {
		t.Errorf("edited: FromCache=%v hash changed=%v builds=%d", edited.FromCache, edited.Hash != first.Hash, b.Stats().Builds)
	}
	if got := evalBundle(t, edited, nil).call(t, "default").ToInteger(); got != 2 {
		t.Errorf("edited bundle returns %d, want 2", got)
	}

	// package.json is an input too: it can change how modules load.
	editFile(t, filepath.Join(dir, "package.json"), `{"name": "ext", "type": "commonjs"}`)
	if bun := mustBundle(t, b, entry); bun.FromCache {
		t.Errorf("package.json edit served from cache")
	}

	// A deleted input invalidates; the failure is reported and not cached.
	if err := os.Remove(helper); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Bundle(context.Background(), entry); err == nil {
		t.Fatalf("bundle with a deleted import succeeded")
	}
	writeFiles(t, dir, map[string]string{"helper.ts": `export const n: number = 3;`})
	if bun := mustBundle(t, b, entry); bun.FromCache {
		t.Errorf("restored file served from cache")
	}
}

func TestCacheDisk(t *testing.T) {
	t.Parallel()
	dir, entry := cacheFixture(t)
	cacheDir := filepath.Join(t.TempDir(), "cache")
	opts := bundler.Options{CacheDir: cacheDir, External: piExternals}

	built := mustBundle(t, bundler.New(opts), entry)
	files, err := filepath.Glob(filepath.Join(cacheDir, "*.rec"))
	if err != nil || len(files) != 1 {
		t.Fatalf("cache dir holds %v (%v), want one record", files, err)
	}

	// A fresh Bundler (a new process) on the same dir skips esbuild.
	fresh := bundler.New(opts)
	bun := mustBundle(t, fresh, entry)
	if !bun.FromCache || bun.Hash != built.Hash || bun.Code != built.Code || bun.SourceMap != built.SourceMap {
		t.Errorf("fresh bundler: FromCache=%v, same hash %v", bun.FromCache, bun.Hash == built.Hash)
	}
	if s := fresh.Stats(); s.Builds != 0 || s.DiskHits != 1 {
		t.Errorf("fresh stats = %+v, want 0 builds, 1 disk hit", s)
	}
	if len(bun.Inputs) != len(built.Inputs) {
		t.Errorf("cached Inputs %v, built %v", bun.Inputs, built.Inputs)
	}
	if got := evalBundle(t, bun, nil).call(t, "default").ToInteger(); got != 1 {
		t.Errorf("cached bundle returns %d", got)
	}

	// Other options never share records.
	other := bundler.New(bundler.Options{CacheDir: cacheDir})
	if bun := mustBundle(t, other, entry); bun.FromCache || bun.Hash == built.Hash {
		t.Errorf("bundler with other options: FromCache=%v same hash=%v", bun.FromCache, bun.Hash == built.Hash)
	}

	// An edit seen by a fresh process rebuilds.
	editFile(t, filepath.Join(dir, "helper.ts"), `export const n: number = 42;`)
	rebuilt := bundler.New(opts)
	if bun := mustBundle(t, rebuilt, entry); bun.FromCache || rebuilt.Stats().Builds != 1 {
		t.Errorf("after edit: FromCache=%v builds=%d", bun.FromCache, rebuilt.Stats().Builds)
	}
	if bun := mustBundle(t, bundler.New(opts), entry); !bun.FromCache {
		t.Errorf("rebuilt record not reused")
	}
}

func TestCacheDiskCorruptRecordIgnored(t *testing.T) {
	t.Parallel()
	_, entry := cacheFixture(t)
	cacheDir := t.TempDir()
	opts := bundler.Options{CacheDir: cacheDir}
	want := mustBundle(t, bundler.New(opts), entry)
	files, _ := filepath.Glob(filepath.Join(cacheDir, "*.rec"))
	if len(files) != 1 {
		t.Fatalf("records: %v", files)
	}

	for name, garbage := range map[string]string{
		"truncated":  `{"format": 1, "entry": "`,
		"not json":   "\x00\x01garbage",
		"wrong type": `{"format": "one", "stamps": 7}`,
		"empty":      ``,
		"no stamps":  `{"format": 1, "hash": "x", "code": "module.exports = 666"}`,
		"short body": "{\"format\": 6, \"hash\": \"x\", \"stamps\": [{}], \"codeLen\": 50, \"mapLen\": 0}\nmodule.exports = 666",
	} {
		if err := os.WriteFile(files[0], []byte(garbage), 0o644); err != nil {
			t.Fatal(err)
		}
		b := bundler.New(opts)
		bun, err := b.Bundle(context.Background(), entry)
		if err != nil {
			t.Fatalf("%s record: %v", name, err)
		}
		if bun.FromCache || bun.Hash != want.Hash || b.Stats().Builds != 1 {
			t.Errorf("%s record: FromCache=%v builds=%d", name, bun.FromCache, b.Stats().Builds)
		}
	}
	// The rebuild replaced the corrupt record with a good one.
	if bun := mustBundle(t, bundler.New(opts), entry); !bun.FromCache {
		t.Errorf("record not rewritten after corruption")
	}
	if tmp, _ := filepath.Glob(filepath.Join(cacheDir, "*.tmp*")); len(tmp) != 0 {
		t.Errorf("temp files left behind: %v", tmp)
	}
}

func TestCacheDiskUnwritableIsNotAnError(t *testing.T) {
	t.Parallel()
	_, entry := cacheFixture(t)
	blocker := filepath.Join(t.TempDir(), "file")
	writeFiles(t, filepath.Dir(blocker), map[string]string{"file": "not a dir"})
	b := bundler.New(bundler.Options{CacheDir: filepath.Join(blocker, "cache")})
	if _, err := b.Bundle(context.Background(), entry); err != nil {
		t.Fatal(err)
	}
	if s := b.Stats(); s.DiskWriteErrors != 1 {
		t.Errorf("stats = %+v, want one disk write error", s)
	}
}

func TestCacheMemoryDisabled(t *testing.T) {
	t.Parallel()
	_, entry := cacheFixture(t)
	b := bundler.New(bundler.Options{MemoryLimit: -1})
	mustBundle(t, b, entry)
	if bun := mustBundle(t, b, entry); bun.FromCache || b.Stats().Builds != 2 {
		t.Errorf("memory cache disabled but FromCache=%v builds=%d", bun.FromCache, b.Stats().Builds)
	}
}

func TestHashIsDeterministic(t *testing.T) {
	t.Parallel()
	_, entry := cacheFixture(t)
	a := mustBundle(t, bundler.New(bundler.Options{External: []string{"x", "y"}}), entry)
	b := mustBundle(t, bundler.New(bundler.Options{External: []string{"y", "x"}}), entry)
	if a.Hash != b.Hash || a.Code != b.Code {
		t.Errorf("equal inputs gave different hashes %s %s", a.Hash, b.Hash)
	}
	c := mustBundle(t, bundler.New(bundler.Options{External: []string{"x"}}), entry)
	if c.Hash == a.Hash {
		t.Errorf("different options gave the same hash")
	}
}

// A record read from disk is not also held in memory: every later Bundle
// of the entry reads the disk again (and is still served from cache).
func TestCacheDiskHitNotKeptInMemory(t *testing.T) {
	t.Parallel()
	_, entry := cacheFixture(t)
	opts := bundler.Options{CacheDir: t.TempDir(), External: piExternals}
	built := mustBundle(t, bundler.New(opts), entry)
	fresh := bundler.New(opts)
	for range 2 {
		if bun := mustBundle(t, fresh, entry); !bun.FromCache || bun.Code != built.Code {
			t.Fatalf("not served from the disk cache")
		}
	}
	if s := fresh.Stats(); s.Builds != 0 || s.DiskHits != 2 || s.MemoryHits != 0 {
		t.Errorf("stats = %+v, want 2 disk hits and no memory hit", s)
	}
}
